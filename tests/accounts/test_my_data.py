"""My data: a login downloads what the site holds about it, and can close itself (the
password confirms); the player's results stay in everyone's tables."""

import datetime
import json

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.totp.internal.auth import TOTP
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from clubs.models import Player
from notifications.models import Notification
from ratings.models import Rating
from ratings.services.recompute import ratings_recompute
from ratings.services.updates import ratings_recompute_request
from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"
SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


@pytest.fixture
def dora(club):
    player = PlayerFactory(name="Dora")
    MembershipFactory(club=club, player=player)
    return player


def _recompute(club, match):
    ratings_recompute_request(club_id=club.pk, from_at=match.finished_at,
                              from_match_id=match.pk)
    ratings_recompute(club_id=club.pk)


@pytest.fixture
def history(club, bob, dora):
    """Bob beat Dora, 5-3; the club's ratings computed."""
    match = finished_match_record(
        club=club, source="league", source_id=1, player_a=bob.player, player_b=dora,
        length=5, winner=bob.player, score_a=5, score_b=3,
        finished_at=datetime.datetime(2026, 11, 1, 20, tzinfo=datetime.UTC))
    _recompute(club, match)
    assert Rating.objects.filter(pool__club=club).count() == 2
    return match


def _download(client) -> dict:
    response = client.get(reverse("accounts:my-data-download"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    return json.loads(response.content)


def test_the_download_holds_the_login_its_player_clubs_results_and_notifications(
        client, club, bob, dora, history):
    Notification.objects.create(user=bob, kind="membership", key="k1", text="Welcome, Bob")
    TOTP.activate(bob, SECRET)
    client.force_login(bob)
    data = _download(client)
    assert data["login"]["username"] == "bob" and data["login"]["email"] == "bob@example.org"
    assert data["email_addresses"] == [{"email": "bob@example.org", "verified": True,
                                        "primary": True}]
    assert data["player"]["name"] == "Bob"
    assert [(m["club"], m["role"]) for m in data["memberships"]] == [("riverside", "player")]
    assert [(r["player_a"], r["player_b"], r["score_a"], r["score_b"], r["winner"])
            for r in data["results"]["results"]] == [("Bob", "Dora", 5, 3, "Bob")]
    assert [r["club"] for r in data["results"]["ratings"]] == ["riverside"]
    assert [n["text"] for n in data["notifications"]["items"]] == ["Welcome, Bob"]
    assert data["two_factor"] == ["totp"]
    assert SECRET not in json.dumps(data)  # kinds of second factor, never their secrets
    assert data["chouette_ledger"] == []
    assert data["analysis"] == {"on_leaderboard": False, "matches": []}
    assert data["live_matches"] == []


def test_the_download_holds_the_live_matches_and_the_analysis_choice(client, club, bob):
    from analysis.services import player_choice_save
    from live.services import live_match_create

    live_match_create(club=club, by=bob, player_a=bob.player, player_b=None, length=3,
                      level="expert")
    player_choice_save(player_id=bob.player.pk, on_leaderboard=True)
    client.force_login(bob)
    data = _download(client)
    assert [(m["player_a"], m["player_b"], m["length"]) for m in data["live_matches"]] == [
        ("Bob", "the computer (expert)", 3)]
    assert data["analysis"]["on_leaderboard"] is True


def test_the_download_holds_nothing_of_another_login(client, bob, carol):
    Notification.objects.create(user=carol, kind="membership", key="k1", text="For Carol")
    client.force_login(bob)
    body = json.dumps(_download(client))
    assert "For Carol" not in body and "carol@example.org" not in body


def test_a_wrong_password_closes_nothing(client, bob):
    client.force_login(bob)
    response = client.post(reverse("accounts:my-data-close"), {"password": "wrong"})
    assert response.status_code == 400
    bob.refresh_from_db()
    assert bob.is_active and bob.username == "bob" and bob.player.pk


def test_closing_keeps_the_player_s_results_and_the_others_ratings(
        client, club, bob, dora, history):
    player_id = bob.player.pk
    before = list(Rating.objects.filter(pool__club=club).order_by("player_id")
                  .values_list("player_id", "rating", "experience"))
    client.force_login(bob)
    response = client.post(reverse("accounts:my-data-close"), {
        "password": PASSWORD, "rename_player_to": "Former member"})
    assert response.status_code == 302
    player = Player.objects.get(pk=player_id)
    assert player.user_id is None and player.name == "Former member"
    assert FinishedMatch.objects.filter(player_a=player, player_b=dora, winner=player).count() == 1
    _recompute(club, history)  # even computed again
    assert list(Rating.objects.filter(pool__club=club).order_by("player_id")
                .values_list("player_id", "rating", "experience")) == before


def test_a_closed_login_is_emptied_and_cannot_sign_in(client, bob):
    elsewhere = Client()
    elsewhere.force_login(bob)
    Token.objects.create(user=bob)
    TOTP.activate(bob, SECRET)
    Notification.objects.create(user=bob, kind="membership", key="k1", text="Welcome")
    client.force_login(bob)
    client.post(reverse("accounts:my-data-close"), {"password": PASSWORD})
    user = get_user_model().objects.get(pk=bob.pk)
    assert (user.username, user.email, user.is_active, user.has_usable_password()) == (
        f"deleted-{bob.pk}", "", False, False)
    assert not EmailAddress.objects.filter(user=user).exists()
    assert not Token.objects.filter(user=user).exists()
    assert not user.authenticator_set.exists()
    assert not Notification.objects.filter(user=user).exists()
    assert "_auth_user_id" not in client.session
    assert elsewhere.get(reverse("accounts:my-data")).status_code == 302  # signed out too
    for login in ("bob", "bob@example.org", f"deleted-{bob.pk}"):
        fresh = Client()
        fresh.post(reverse("account_login"), {"login": login, "password": PASSWORD})
        assert "_auth_user_id" not in fresh.session, login


def test_without_a_new_name_the_player_keeps_theirs(client, bob):
    player_id = bob.player.pk
    client.force_login(bob)
    client.post(reverse("accounts:my-data-close"), {"password": PASSWORD})
    assert Player.objects.get(pk=player_id).name == "Bob"


def test_my_data_is_for_signed_in_logins(client):
    response = client.get(reverse("accounts:my-data-download"))
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_password_tries_at_closing_are_paused_like_the_login(client, bob, settings):
    from tests.conftest import NO_THROTTLE

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **NO_THROTTLE, "login-ip": "2/minute"}}
    client.force_login(bob)
    answers = [client.post(reverse("accounts:my-data-close"), {"password": "wrong"})
               .status_code for _ in range(3)]
    assert answers == [400, 400, 429]


def test_the_download_lists_invitations_to_verified_addresses_only(client, other_club, bob,
                                                                  carol):
    from accounts.services.invitations import invitation_create

    invitation_create(club=other_club, email="carol@example.org", name="Carol")
    invitation_create(club=other_club, email="bob@example.org", name="Bob")
    client.force_login(bob)
    client.post(reverse("account_email"), {"action_add": "", "email": "carol@example.org"})
    assert EmailAddress.objects.filter(user=bob, email="carol@example.org",
                                       verified=False).exists()  # typed in, never confirmed
    assert [i["email"] for i in _download(client)["invitations"]] == ["bob@example.org"]
    client.force_login(carol)
    assert [i["email"] for i in _download(client)["invitations"]] == ["carol@example.org"]
