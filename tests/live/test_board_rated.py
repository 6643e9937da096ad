"""The live board of a match not finished says, for each list it could enter, whether it
will be rated and why (issue 34: players know before play): the tournament page's forecast,
for a friendly, a ladder challenge or a tournament match played on the site."""

import html

import pytest
from django.test import Client
from django.urls import reverse

from federations import services as federations
from federations.models import FederationRole
from live.models import LiveMatch
from live.selectors import live_rated_forecast
from ratings.models import RatingSettings
from tests.factories import PlayerFactory, UserFactory
from tests.live.conftest import start

pytestmark = pytest.mark.django_db
POLICY = {"min_length": 1, "event_kinds": ["ladder", "knockout"], "friendly_if_agreed": True,
          "live": True, "online": True}


@pytest.fixture
def dbgf(club, alice):
    """Riverside, a member of the Danish federation."""
    federation = federations.federation_create(name="Danish Backgammon Federation",
                                               slug="dbgf", country="DK")
    erik = UserFactory(username="erik")
    FederationRole.objects.create(federation=federation, role="admin",
                                  player=PlayerFactory(name="Erik", user=erik))
    federations.federation_club_apply(federation=federation, club=club, actor=alice)
    federations.federation_club_accept(federation=federation, club=club, actor=erik)
    return federation


def _board(user, match_id) -> str:
    client = Client()
    client.force_login(user)
    return html.unescape(client.get(reverse("live:board", args=[match_id])).content.decode())


def test_the_board_of_a_friendly_says_where_it_will_be_rated(club, joe, snow, dbgf):
    RatingSettings.objects.update_or_create(club=club, defaults={"rate_friendly": True})
    page = _board(joe.user, start(club, joe.user, joe, snow))
    notice = page.split('data-testid="rated-notice"')[1].split("</p>")[0]
    assert f"{club.name}: rated" in notice
    assert ("Danish Backgammon Federation: not rated (friendly: Danish Backgammon "
            "Federation's policy)") in notice


def test_a_board_played_on_the_site_follows_the_online_rule(club, joe, snow, dbgf):
    federations.federation_policy_update(federation=dbgf, values={**POLICY, "online": False})
    challenge = LiveMatch(club=club, player_a=joe, player_b=snow, length=7, challenge_id=1)
    entries = {e["list"]: e for e in live_rated_forecast(match=challenge)}
    assert entries["federation:dbgf"]["rated"] is False
    assert entries["federation:dbgf"]["reason"] == ("played on the site: Danish Backgammon "
                                                    "Federation's policy")
    assert entries[f"club:{club.slug}"]["rated"] is True


def test_no_forecast_on_a_finished_board_nor_in_practice(club, joe, snow, dbgf):
    match_id = start(club, joe.user, joe, snow)
    assert 'data-testid="rated-notice"' in _board(joe.user, match_id)
    LiveMatch.objects.filter(pk=match_id).update(status=LiveMatch.Status.FINISHED)
    assert 'data-testid="rated-notice"' not in _board(joe.user, match_id)
    practice = start(club, joe.user, joe, None, dice="digital", level="beginner")
    assert 'data-testid="rated-notice"' not in _board(joe.user, practice)
