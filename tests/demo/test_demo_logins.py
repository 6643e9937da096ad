"""The demo's player logins: a newcomer signs in as a player (bob / demo) or the referee
(carol / demo) beside the admin, each tied to their member's row."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("demo_data", verbosity=0)


def test_each_member_signs_in_as_their_own_player(client, demo):
    assert client.login(username="bob", password="demo")
    me = client.get(reverse("me-api")).json()
    assert me["player"]["name"] == "Bob Brown"
    assert me["clubs"] == [{"slug": "riverside", "name": "Riverside Backgammon Club",
                            "role": "player"}]
    assert client.get(reverse("tournaments:mine", args=["riverside"])).status_code == 200


def test_the_referee_reaches_her_clubs_rows_in_the_admin(client, demo):
    assert client.login(username="carol", password="demo")
    assert client.get(reverse("admin:games_matchrecord_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_tournamentmatch_changelist")).status_code == 200


def test_a_second_run_adds_no_login(demo, django_user_model):
    count = django_user_model.objects.count()
    call_command("demo_data", verbosity=0)
    assert django_user_model.objects.count() == count
    assert Player.objects.get(name="Alice Archer").user.username == "admin"


def test_a_new_player_finds_a_chouette_evening_with_their_games(client, demo):
    """Issue 33, point 8: the demo has a closed chouette evening, so Bob's chouette pages
    (the evenings, his record) show games from the first run; a second run adds none."""
    from chouette.models import ChouetteSession

    assert client.login(username="bob", password="demo")
    evenings = client.get(reverse("chouette:list", args=["riverside"]))
    assert evenings.status_code == 200
    [session] = ChouetteSession.objects.all()
    assert session.status == ChouetteSession.Status.CLOSED and session.games.count() == 8
    assert session.get_absolute_url() in evenings.content.decode()
    bob = Player.objects.get(name="Bob Brown")
    record = client.get(reverse("chouette:record", args=["riverside", bob.pk]))
    assert record.status_code == 200 and "2026" in record.content.decode()
    call_command("demo_data", verbosity=0)
    assert ChouetteSession.objects.count() == 1
