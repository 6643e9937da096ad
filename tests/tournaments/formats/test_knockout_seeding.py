"""Seeding helpers: the standard order, seeds from a ranking, the recorded random draw."""

import pytest

from tournaments.formats import (
    EntrantCountError,
    EntrantsError,
    SettingError,
    bracket_size,
    random_draw,
    seed_order,
    seeds_in_order,
)

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]


def test_the_standard_order_for_sixteen():
    assert seed_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [2, 4, 8, 32, 128, 1024])
def test_each_pair_adds_up_to_the_size_plus_one(size):
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert {a + b for a, b in zip(order[::2], order[1::2], strict=True)} == {size + 1}


@pytest.mark.parametrize("size", [0, 3, 12, -4, True])
def test_the_order_needs_a_power_of_two(size):
    with pytest.raises(EntrantCountError):
        seed_order(size)


@pytest.mark.parametrize("entrants, size", [(2, 2), (3, 4), (8, 8), (9, 16), (1024, 1024)])
def test_the_bracket_is_the_next_power_of_two(entrants, size):
    assert bracket_size(entrants) == size


def test_seeds_follow_a_ranking():
    assert seeds_in_order(["ann", "bob"]) == {1: "ann", 2: "bob"}
    with pytest.raises(EntrantsError):
        seeds_in_order(["ann", "ann"])


def test_a_draw_is_reproduced_from_its_random_seed():
    draw = random_draw(PLAYERS, random_seed="club night 2026-11-28")
    assert sorted(draw.order) == sorted(PLAYERS) and draw.order != tuple(PLAYERS)
    again = random_draw(PLAYERS, random_seed=draw.random_seed)
    assert again == draw and again.seeds[1] == draw.order[0]


def test_a_draw_without_a_random_seed_records_a_fresh_one():
    first, second = random_draw(PLAYERS), random_draw(PLAYERS)
    assert isinstance(first.random_seed, str) and first.random_seed != second.random_seed
    assert random_draw(PLAYERS, random_seed=first.random_seed).order == first.order


def test_seeded_players_keep_their_seeds_in_a_draw():
    for random_seed in range(20):
        draw = random_draw(PLAYERS, random_seed=random_seed, keep=2)
        assert draw.order[:2] == ("ann", "bob") and draw.keep == 2


def test_a_draw_uses_every_order_over_many_seeds():
    orders = {random_draw(PLAYERS[:3], random_seed=s).order for s in range(200)}
    assert len(orders) == 6  # all 3! orders turn up


@pytest.mark.parametrize("options", [{"keep": 10}, {"keep": -1}, {"random_seed": 1.5},
                                     {"random_seed": True}])
def test_bad_draw_settings_are_refused(options):
    with pytest.raises(SettingError):
        random_draw(PLAYERS, **options)
