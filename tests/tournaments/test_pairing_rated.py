"""The pairings say, before play, whether each round's matches will be rated on each list
and why (issue 34): the public rounds of a round-based event and a player's next match."""

import html

import pytest
from django.urls import reverse

from federations import services as federations
from federations.models import FederationClub, FederationRole, RatedPolicy
from ratings.services.updates import rating_settings_update
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.test_day_and_player_pages import _cup, _match
from tests.tournaments.test_swiss_pages import _event, _url
from tournaments import services

pytestmark = pytest.mark.django_db
#: Matches under 9 points are not rated on the federation's list.
POLICY = {"min_length": 9, "event_kinds": ["round_robin", "swiss", "single_elimination"],
          "friendly_if_agreed": False, "live": True, "online": True}
SHORT = "Danish Backgammon Federation: not rated ({length}-point match: Danish Backgammon " \
        "Federation's policy)"


@pytest.fixture
def dbgf(club, alice):
    federation = federations.federation_create(name="Danish Backgammon Federation",
                                               slug="dbgf", country="DK")
    erik = UserFactory(username="erik")
    FederationRole.objects.create(federation=federation, role="admin",
                                  player=PlayerFactory(name="Erik", user=erik))
    federations.federation_club_apply(federation=federation, club=club, actor=alice)
    federations.federation_club_accept(federation=federation, club=club, actor=erik)
    federations.federation_policy_update(federation=federation, values=POLICY)
    return federation


def _notices(page: str) -> list[str]:
    return [part.split("</p>")[0] for part in
            html.unescape(page).split('data-testid="rated-notice"')[1:]]


def test_a_round_to_play_says_whether_its_pairing_is_rated(client, club, dbgf):
    tournament = _event(club, "round_robin", 4)
    rounds = {m.round_number: m.length for m in tournament.matches.all()}
    notices = _notices(client.get(_url(tournament, "standings")).content.decode())
    assert len(notices) == len(rounds)
    assert all(SHORT.format(length=rounds[1]) in n for n in notices)
    assert all(f"{club.name}: rated" in n for n in notices)


def test_a_round_played_out_has_no_pairing_forecast(client, club, alice, dbgf):
    tournament = _event(club, "round_robin", 4)
    for m in tournament.matches.filter(round_number=1):
        if m.player_b_id:
            services.match_result_enter(match=m, by=alice, winner=m.player_a_id,
                                        score_a=m.length, score_b=0)
    rounds = {m.round_number for m in tournament.matches.all()}
    notices = _notices(client.get(_url(tournament, "standings")).content.decode())
    assert len(notices) == len(rounds) - 1


def test_my_next_match_says_whether_it_is_rated_before_the_pairing_is_played(
        client, club, dbgf):
    tournament = _cup(club, lengths={"main": 5})
    ann = _match(tournament, "M1-1").player_a
    client.force_login(ann.user)
    page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
    mine = page.split('data-testid="history"')[0]
    notices = _notices(mine)
    assert len(notices) == 1 and SHORT.format(length=5) in notices[0]


# --------------------------------------------------------------------------- kept notices
# The tournament's pages are kept per version of the event and the club's stamp: whatever
# decides what a notice says moves the stamp, or a kept page would keep the old notice.


def _detail_notice(client, tournament) -> str:
    return _notices(client.get(_url(tournament, "detail")).content.decode())[0]


def test_the_kept_notice_follows_the_club_lists_settings(client, club):
    tournament = _cup(club, lengths={"main": 1})
    assert f"{club.name}: rated" in _detail_notice(client, tournament)
    rating_settings_update(club=club, rate_one_point=False)
    assert f"{club.name}: not rated" in _detail_notice(client, tournament)


def test_the_kept_notice_follows_a_policy_saved_in_the_admin(client, club, dbgf):
    tournament = _cup(club, lengths={"main": 5})
    assert SHORT.format(length=5) in _detail_notice(client, tournament)
    policy = RatedPolicy.objects.get(federation=dbgf)
    policy.min_length = 1
    policy.save()  # the admin's path: no service, no bump of its own
    assert "Danish Backgammon Federation: rated" in _detail_notice(client, tournament)


def test_the_kept_notice_follows_a_membership_ended_in_the_admin(client, club, dbgf):
    tournament = _cup(club, lengths={"main": 5})
    assert "Danish Backgammon Federation" in _detail_notice(client, tournament)
    link = FederationClub.objects.get(federation=dbgf, club=club)
    link.status, link.left_on = FederationClub.Status.LEFT, link.joined_on
    link.save()  # the admin's path: no service
    assert "Danish Backgammon Federation" not in _detail_notice(client, tournament)


def test_the_kept_notice_follows_the_federations_name(client, club, dbgf):
    tournament = _cup(club, lengths={"main": 5})
    assert "Danish Backgammon Federation" in _detail_notice(client, tournament)
    dbgf.name = "Dansk Backgammon Forbund"
    dbgf.save()
    assert "Dansk Backgammon Forbund: not rated" in _detail_notice(client, tournament)


def test_my_kept_next_match_notice_follows_the_club_lists_settings(client, club):
    tournament = _cup(club, lengths={"main": 1})
    client.force_login(_match(tournament, "M1-1").player_a.user)

    def notice() -> str:
        page = client.get(reverse("tournaments:mine", args=[club.slug])).content.decode()
        return _notices(page.split('data-testid="history"')[0])[0]

    assert f"{club.name}: rated" in notice()
    rating_settings_update(club=club, rate_one_point=False)
    assert f"{club.name}: not rated" in notice()
