"""The director's seeding from the page: a position per player (the numbered list, which a
script lets them drag), or the players' names one per line, or a random draw. Internal ids
are never asked for; anything else is a clear error on the page, never a 500, and the seeds
stay as they were."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import members_named, tournament_of
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    return tournament_of(club, members_named(club, "Ann", "Ben", "Cat", "Dan"),
                         name="Friday KO", starts_on=datetime.date(2026, 11, 27), start=False)


def _seed(client, event, data):
    url = reverse("tournaments:direct", args=[event.club.slug, event.pk, "seed"])
    return client.post(url, data, follow=True)


def _seeds(event) -> list[str]:
    return list(event.entries.filter(seed__isnull=False).order_by("seed")
                .values_list("player__name", flat=True))


def _errors(response) -> list[str]:
    return [m.message for m in response.context["messages"] if m.level_tag == "error"]


def test_names_one_per_line_set_the_seeds(client, alice, event):
    client.force_login(alice)
    response = _seed(client, event, {"order": "cat\nAnn\n  Dan \nBen"})
    assert not _errors(response)
    assert _seeds(event) == ["Cat", "Ann", "Dan", "Ben"]


def test_names_separated_by_commas_set_the_seeds(client, alice, event):
    client.force_login(alice)
    _seed(client, event, {"order": "Dan, Cat, Ben, Ann"})
    assert _seeds(event) == ["Dan", "Cat", "Ben", "Ann"]


def test_a_position_per_player_sets_the_seeds(client, alice, event):
    entries = {e.player.name: e.pk for e in event.entries.select_related("player")}
    client.force_login(alice)
    response = _seed(client, event, {f"position-{entries['Ann']}": 4,
                                     f"position-{entries['Ben']}": 1,
                                     f"position-{entries['Cat']}": 3,
                                     f"position-{entries['Dan']}": 2})
    assert not _errors(response)
    assert _seeds(event) == ["Ben", "Dan", "Cat", "Ann"]


def test_nothing_given_is_a_recorded_random_draw(client, alice, event):
    client.force_login(alice)
    _seed(client, event, {})
    event.refresh_from_db()
    assert event.draw_seed and sorted(_seeds(event)) == ["Ann", "Ben", "Cat", "Dan"]


@pytest.mark.parametrize(("data", "error"), [
    ({"order": "3,1,2,4"}, "'3' has no entry in this tournament"),  # ids are not names
    ({"order": "Ann\nBen\nZoe\nDan"}, "'Zoe' has no entry"),
    ({"order": "Ann\nBen\nCat"}, "Dan is missing"),
    ({"order": "Ann\nBen\nCat\nDan\nAnn"}, "named twice"),
    ({"order": "Ann; Ben; Cat; Dan"}, "has no entry"),
])
def test_a_wrong_order_by_names_is_a_clear_error_and_changes_nothing(client, alice, event,
                                                                      data, error):
    client.force_login(alice)
    response = _seed(client, event, data)
    assert response.status_code == 200
    assert any(error in e for e in _errors(response)), _errors(response)
    assert _seeds(event) == [] and not event.draw_seed


@pytest.mark.parametrize(("positions", "error"), [
    ((1, 1, 2, 3), "same position"),
    ((1, 2, 3, None), "every player a position"),
    ((1, 2, 3, 5), "less than or equal to 4"),
    ((1, 2, 3, "abc"), "whole number"),
    ((1, 2, 3, "9" * 40), "less than or equal to 4"),
])
def test_wrong_positions_are_a_clear_error_and_change_nothing(client, alice, event,
                                                              positions, error):
    entries = list(event.entries.order_by("pk"))
    data = {f"position-{e.pk}": p for e, p in zip(entries, positions, strict=True)
            if p is not None}
    client.force_login(alice)
    response = _seed(client, event, data)
    assert any(error in e for e in _errors(response)), _errors(response)
    assert _seeds(event) == []


def test_positions_and_names_together_are_refused(client, alice, event):
    entry = event.entries.first()
    client.force_login(alice)
    response = _seed(client, event, {f"position-{entry.pk}": 1, "order": "Ann"})
    assert any("not both" in e for e in _errors(response))


def test_the_page_numbers_the_players_without_their_ids(client, alice, event):
    services.entries_seed(tournament=event, order=list(
        event.entries.order_by("-pk").values_list("pk", flat=True)))
    client.force_login(alice)
    page = client.get(reverse("tournaments:manage", args=[event.club.slug, event.pk]))
    html = page.content.decode()
    assert "entry ids" not in html
    # The numbered list shows the present seeds, in order: a drag list without a script.
    positions = [html.index(f'data-seed-entry="{n}"') for n in ("Dan", "Cat", "Ben", "Ann")]
    assert positions == sorted(positions)
    for entry in event.entries.all():
        assert f'name="position-{entry.pk}" value="{entry.seed}"' in html
