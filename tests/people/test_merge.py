"""Issue 32: two player rows that are one person become one. Their memberships, results
and ratings move to the row kept (the ratings replay from the earliest match touched), the
merge is in the audit log, and nothing moves where it cannot: two logins, or an admin who
does not administer every club of the two."""

import datetime

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEntry
from clubs.models import Membership, Player
from clubs.services.players import PlayerMergeError
from people.services import player_merge
from ratings.models import Rating
from ratings.services.recompute import BEGINNING, ratings_recompute
from ratings.services.updates import ratings_recompute_request
from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import NO_LOGIN, MembershipFactory, UserFactory, member

pytestmark = pytest.mark.django_db
DAY = datetime.datetime(2026, 10, 1, 20, tzinfo=datetime.UTC)


def _member(club, name, **extra):
    return member(club, name, username=NO_LOGIN, **extra)


def _match(club, n, a, b, winner, days):
    return finished_match_record(club=club, source="league", source_id=n, player_a=a,
                                 player_b=b, length=5, winner=winner,
                                 finished_at=DAY + datetime.timedelta(days=days))


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _url(club, player):
    return f"/api/clubs/{club.slug}/players/{player.pk}/merge/"


@pytest.fixture
def twins(club, alice):
    """Ann Lee (with a login) and "ann lee" (none) at one club; each played Ben."""
    ann = _member(club, "Ann Lee", user=UserFactory(username="ann"))
    copy = _member(club, "ann lee", email="ann@example.org")
    ben = _member(club, "Ben")
    _match(club, 1, copy, ben, copy, days=0)   # the earliest match touched
    _match(club, 2, ann, ben, ben, days=5)
    _match(club, 3, ben, copy, copy, days=9)
    return ann, copy, ben


def test_a_merge_moves_results_memberships_and_the_address(club, alice, twins,
                                                           django_capture_on_commit_callbacks):
    ann, copy, ben = twins
    with django_capture_on_commit_callbacks(execute=True):
        kept = player_merge(club=club, dropped=copy, kept=ann, by=alice)
    assert not Player.objects.filter(pk=copy.pk).exists()
    assert FinishedMatch.objects.filter(player_a=ann).count() == 2
    assert FinishedMatch.objects.filter(winner=ann).count() == 2
    assert list(Membership.objects.filter(club=club, player=ann).values_list(
        "role", flat=True)) == ["player"]
    assert kept.email == "ann@example.org" and kept.user.username == "ann"


def test_the_ratings_replay_from_the_earliest_match_touched(club, alice, twins,
                                                            django_capture_on_commit_callbacks):
    ann, copy, ben = twins
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                  from_match_id=BEGINNING[1])
    assert Rating.objects.filter(pool__club=club).count() == 3
    with django_capture_on_commit_callbacks(execute=True):
        player_merge(club=club, dropped=copy, kept=ann, by=alice)
    merged = {r.player_id: (r.rating, r.experience, r.matches, r.wins)
              for r in Rating.objects.filter(pool__club=club)}
    assert set(merged) == {ann.pk, ben.pk} and merged[ann.pk][2:] == (3, 2)
    # ... the same as a replay from scratch
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                  from_match_id=BEGINNING[1])
    ratings_recompute(club_id=club.pk)
    assert {r.player_id: (r.rating, r.experience, r.matches, r.wins)
            for r in Rating.objects.filter(pool__club=club)} == merged


def test_the_merge_is_in_the_audit_log(club, alice, twins):
    ann, copy, _ = twins
    player_merge(club=club, dropped=copy, kept=ann, by=alice)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYERS_MERGED)
    assert (entry.club_id, entry.actor, entry.target_id) == (club.pk, alice, ann.pk)
    assert entry.before["dropped"]["id"] == copy.pk and entry.before["kept"]["id"] == ann.pk


def test_two_logins_are_refused_with_a_reason_and_nothing_moves(club, alice, bob, twins):
    ann, _, _ = twins
    answer = _client(alice).post(_url(club, bob.player), {"into": ann.pk}, format="json")
    assert answer.status_code == 400 and "login" in answer.json()["detail"]
    assert Player.objects.filter(pk=bob.player.pk).exists()


def test_two_who_played_each_other_are_two_people(club, alice, twins):
    ann, copy, ben = twins
    with pytest.raises(PlayerMergeError, match="played each other"):
        player_merge(club=club, dropped=ben, kept=ann, by=alice)


def test_the_api_merges_and_answers_the_row_kept(club, alice, twins):
    ann, copy, _ = twins
    answer = _client(alice).post(_url(club, copy), {"into": ann.pk}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"id": ann.pk, "name": "Ann Lee", "login": True,
                             "clubs": ["riverside"]}


def test_an_admin_of_another_club_cannot_pull_your_member_into_theirs(
        club, other_club, dave, twins):
    ann, _, _ = twins
    theirs = _member(other_club, "Ann Lee")
    client = _client(dave)
    # through their own club: the member is not theirs to name (404 for a stranger)...
    assert client.post(_url(other_club, ann), {"into": theirs.pk},
                       format="json").status_code == 404
    # ... their own row into yours: they do not administer your club
    answer = client.post(_url(other_club, theirs), {"into": ann.pk}, format="json")
    assert answer.status_code == 403
    # ... and through your club they are no admin at all
    assert client.post(_url(club, ann), {"into": theirs.pk},
                       format="json").status_code == 403
    assert Player.objects.filter(pk=theirs.pk).exists()


def test_an_admin_of_both_clubs_merges_across_them(club, other_club, alice, twins):
    ann, _, _ = twins
    MembershipFactory(club=other_club, player=alice.player, role="admin")
    theirs = _member(other_club, "Ann Lée")
    answer = _client(alice).post(_url(other_club, theirs), {"into": ann.pk}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["clubs"] == ["hilltop", "riverside"]


def test_a_player_is_not_merged_into_themselves(club, alice, twins):
    ann, _, _ = twins
    answer = _client(alice).post(_url(club, ann), {"into": ann.pk}, format="json")
    assert answer.status_code == 400


def test_two_rows_in_one_tournament_refuse_the_merge_and_nothing_moves(club, alice, twins):
    from tournaments import services as tournaments

    ann, copy, _ = twins
    cup = tournaments.tournament_create(club=club, name="Cup", format="single_elimination",
                                        starts_on=datetime.date(2026, 11, 28))
    tournaments.entry_add(tournament=cup, player=ann)
    tournaments.entry_add(tournament=cup, player=copy)
    with pytest.raises(PlayerMergeError, match="cannot be one"):
        player_merge(club=club, dropped=copy, kept=ann, by=alice)
    assert FinishedMatch.objects.filter(player_a=copy).exists()
    assert Membership.objects.filter(player=copy).exists()


def test_a_row_at_a_live_board_waits_until_the_match_is_over(club, alice, twins):
    from live.services import live_match_create

    ann, copy, ben = twins
    live_match_create(club=club, by=alice, player_a=ben, player_b=copy, length=3,
                      dice="manual")
    with pytest.raises(PlayerMergeError, match="live match"):
        player_merge(club=club, dropped=copy, kept=ann, by=alice)
