"""``seed_club`` run small: the club, its results, chouette evenings, tournaments and the
ratings computed at the end."""

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from chouette.models import ChouetteGame, ChouetteSession
from clubs.models import Club
from ratings.models import MasterPointAward, Rating, RatingChange, RatingSettings
from results.models import FinishedMatch
from tournaments.models import Placing

pytestmark = pytest.mark.django_db

SMALL = ["--players", "20", "--matches", "300", "--seasons", "2", "--evenings", "3",
         "--tournaments", "2", "--slug", "small"]


@pytest.fixture
def seeded(capsys):
    call_command("seed_club", *SMALL)
    return Club.objects.get(slug="small"), capsys.readouterr().out


def test_it_seeds_the_numbers_asked_for(seeded):
    club, out = seeded
    assert FinishedMatch.objects.filter(club=club).count() == 300
    assert club.memberships.count() == 20 and club.seasons.count() == 2
    assert ChouetteSession.objects.filter(club=club).count() == 3
    assert ChouetteGame.objects.filter(session__club=club).count() == 24
    # two tournaments of 16: 15 matches each, places 1, 2, 3=, 5=, 9=
    assert Placing.objects.filter(tournament__club=club).count() == 32
    assert "300 finished matches" in out


def test_the_ratings_are_computed_at_the_end(seeded):
    club, out = seeded
    settings = RatingSettings.objects.get(club=club)
    assert not settings.recompute_pending
    rated = RatingChange.objects.filter(pool__club=club).count() // 2
    assert f"ratings: {rated} rated matches" in out and rated > 200
    assert Rating.objects.filter(pool__club=club).count() == 20
    assert MasterPointAward.objects.filter(club=club).count() >= 32


def test_a_second_seed_with_the_same_slug_is_refused(seeded):
    with pytest.raises(CommandError):
        call_command("seed_club", *SMALL)


def test_the_seeded_clubs_pages_render(seeded, client, django_user_model):
    club, _ = seeded
    client.force_login(django_user_model.objects.create(username="root", is_superuser=True))
    player = Rating.objects.filter(pool__club=club).first().player_id
    for name, args in (("clubs:ratings", [club.slug]), ("clubs:leaderboard", [club.slug]),
                       ("clubs:master-points", [club.slug]),
                       ("clubs:player", [club.slug, player])):
        assert client.get(reverse(name, args=args)).status_code == 200, name
