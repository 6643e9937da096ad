"""Knockout graphs: shapes, seeding, byes, ids and the JSON form; two hand-checked events
(a 9-player double elimination, a 13-player consolation + last chance). No database."""

from collections import Counter

import pytest

from tournaments.formats import (
    FORMATS,
    Bye,
    EntrantCountError,
    LoserOf,
    Seed,
    SettingError,
    UnknownFormatError,
    WinnerOf,
    build,
    to_json,
)


def pairs(bracket, flight, number):
    """A round's matches as (id, slot, slot) with slots written short: 8, bye, W:M1-1."""
    def short(slot):
        if isinstance(slot, Seed):
            return slot.seed
        if isinstance(slot, Bye):
            return "bye"
        return ("W:" if isinstance(slot, WinnerOf) else "L:") + slot.match
    return [(m.id, *map(short, m.slots)) for m in bracket.matches
            if m.flight == flight and m.round == number]


def test_the_sixteen_bracket_opens_with_the_standard_pairings():
    first = [(a, b) for _, a, b in pairs(build("single_elimination", 16), "main", 1)]
    assert first == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]


def test_the_winners_of_neighbouring_matches_meet_next():
    bracket = build("single_elimination", 16)
    assert pairs(bracket, "main", 2)[0] == ("M2-1", "W:M1-1", "W:M1-2")
    assert pairs(bracket, "main", 4) == [("M4-1", "W:M3-1", "W:M3-2")]


def test_byes_go_to_the_top_seeds_and_never_meet_each_other():
    first = pairs(build("single_elimination", 13), "main", 1)
    assert sorted(a for _, a, b in first if b == "bye") == [1, 2, 3]
    assert all(a != "bye" for _, a, _ in first)


@pytest.mark.parametrize("entrants", range(2, 130))
def test_no_first_round_match_is_two_byes(entrants):
    first = [m for m in build("single_elimination", entrants).matches if m.round == 1]
    assert not any(isinstance(a, Bye) and isinstance(b, Bye) for a, b in (m.slots for m in first))


def test_two_entrants_play_one_match():
    assert pairs(build("single_elimination", 2), "main", 1) == [("M1-1", 1, 2)]


def test_ids_name_flight_round_and_index():
    bracket = build("double_elimination", 8)
    match = bracket.match("L2-1")
    assert (match.flight, match.round, match.index) == ("losers", 2, 1)
    assert [m.id for m in bracket.flight("final")] == ["F1", "F2"]
    assert len({m.id for m in bracket.matches}) == len(bracket.matches)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_slot_names_an_earlier_match(fmt):
    seen = set()
    for match in build(fmt, 37).matches:
        for slot in match.slots:
            if isinstance(slot, WinnerOf | LoserOf):
                assert slot.match in seen, f"{match.id} needs {slot.match} first"
        seen.add(match.id)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_result_is_used_at_most_once(fmt):
    used = Counter(s for m in build(fmt, 64).matches for s in m.slots
                   if isinstance(s, WinnerOf | LoserOf))
    assert max(used.values()) == 1


def test_the_same_arguments_build_the_same_graph():
    assert build("consolation_last_chance", 29) == build("consolation_last_chance", 29)


# --------------------------------------------------------------------- double elimination


def test_nine_player_double_elimination_by_hand():
    bracket = build("double_elimination", 9)
    # Only 8 v 9 is played in the first round; every other first-round loser is a bye.
    assert pairs(bracket, "main", 1)[1] == ("M1-2", 8, 9)
    assert pairs(bracket, "losers", 1)[0] == ("L1-1", "L:M1-1", "L:M1-2")
    # Round-2 losers drop with the halves swapped: the loser of 8 v 9 (in L1-1) cannot meet
    # the loser of M2-1 (perhaps the player who just beat them) in its next match.
    assert pairs(bracket, "losers", 2) == [
        ("L2-1", "W:L1-1", "L:M2-3"), ("L2-2", "W:L1-2", "L:M2-4"),
        ("L2-3", "W:L1-3", "L:M2-1"), ("L2-4", "W:L1-4", "L:M2-2")]
    assert pairs(bracket, "losers", 4) == [("L4-1", "W:L3-1", "L:M3-1"),
                                           ("L4-2", "W:L3-2", "L:M3-2")]
    assert pairs(bracket, "losers", 6) == [("L6-1", "W:L5-1", "L:M4-1")]
    assert pairs(bracket, "final", 1) == [("F1", "W:M4-1", "W:L6-1")]
    assert pairs(bracket, "final", 2) == [("F2", "L:F1", "W:F1")]
    assert bracket.reset == "F2"


def test_every_winners_bracket_loser_drops_into_the_losers_bracket():
    bracket = build("double_elimination", 32)
    dropped = {s.match for m in bracket.flight("losers") for s in m.slots
               if isinstance(s, LoserOf)}
    assert dropped == {m.id for m in bracket.flight("main")}


def test_without_the_reset_there_is_one_final():
    bracket = build("double_elimination", 9, reset=False)
    assert [m.id for m in bracket.flight("final")] == ["F1"] and bracket.reset is None


def test_two_player_double_elimination_is_a_match_and_a_final():
    bracket = build("double_elimination", 2)
    assert [m.id for m in bracket.matches] == ["M1-1", "F1", "F2"]
    assert pairs(bracket, "final", 1) == [("F1", "W:M1-1", "L:M1-1")]


# ------------------------------------------------------------ consolation and last chance


def test_thirteen_player_consolation_and_last_chance_by_hand():
    bracket = build("consolation_last_chance", 13)
    assert Counter(m.flight for m in bracket.matches) == {
        "main": 15, "consolation": 11, "last_chance": 7}
    # Main round-1 losers pair up as their matches stood (the 8-9 loser meets 16, a bye).
    assert pairs(bracket, "consolation", 1) == [
        ("C1-1", "L:M1-1", "L:M1-2"), ("C1-2", "L:M1-3", "L:M1-4"),
        ("C1-3", "L:M1-5", "L:M1-6"), ("C1-4", "L:M1-7", "L:M1-8")]
    # Progressive: main round-2 losers enter in round 2, in reverse order, so the loser of
    # M2-1 (1 v the 8-9 winner) cannot meet the 8-9 loser at once.
    assert pairs(bracket, "consolation", 2) == [
        ("C2-1", "W:C1-1", "L:M2-4"), ("C2-2", "W:C1-2", "L:M2-3"),
        ("C2-3", "W:C1-3", "L:M2-2"), ("C2-4", "W:C1-4", "L:M2-1")]
    assert pairs(bracket, "consolation", 4) == [("C4-1", "W:C3-1", "W:C3-2")]
    # Last chance: consolation round-1 losers, then round-2 losers (twice as many: they
    # play a round among themselves), then the two groups meet, the second reversed.
    assert pairs(bracket, "last_chance", 1) == [("LC1-1", "L:C1-1", "L:C1-2"),
                                                ("LC1-2", "L:C1-3", "L:C1-4")]
    assert pairs(bracket, "last_chance", 2) == [("LC2-1", "L:C2-1", "L:C2-2"),
                                                ("LC2-2", "L:C2-3", "L:C2-4")]
    assert pairs(bracket, "last_chance", 3) == [("LC3-1", "W:LC1-1", "W:LC2-2"),
                                                ("LC3-2", "W:LC1-2", "W:LC2-1")]
    assert pairs(bracket, "last_chance", 4) == [("LC4-1", "W:LC3-1", "W:LC3-2")]


def test_consolation_feeds_are_a_setting():
    bracket = build("consolation", 16, consolation_feeds=(1,))
    fed = {s.match for m in bracket.flight("consolation") for s in m.slots
           if isinstance(s, LoserOf)}
    assert fed == {f"M1-{i}" for i in range(1, 9)}
    assert bracket.rounds("consolation") == 3


def test_the_main_final_never_feeds_the_consolation():
    bracket = build("consolation", 4, consolation_feeds=(1, 2))
    assert pairs(bracket, "consolation", 1) == [("C1-1", "L:M1-1", "L:M1-2")]
    assert bracket.rounds("consolation") == 1


def test_a_small_field_has_no_last_chance():
    assert build("consolation_last_chance", 4).rounds("last_chance") == 0


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("entrants", [1, 0, -3, 1025, "8", 8.0, True])
def test_bad_numbers_of_entrants_are_refused(entrants):
    with pytest.raises(EntrantCountError):
        build("single_elimination", entrants)


def test_an_unknown_format_is_refused_naming_the_known_ones():
    with pytest.raises(UnknownFormatError, match="swiss.*single_elimination"):
        build("swiss", 8)


@pytest.mark.parametrize("options", [{"rest": True}, {"reset": "yes"},
                                      {"consolation_feeds": (0, 1)},
                                      {"last_chance_feeds": "12"}])
def test_bad_settings_are_refused(options):
    with pytest.raises(SettingError):
        build("consolation_last_chance", 8, **options)


def test_a_setting_for_another_format_is_ignored():
    assert build("single_elimination", 8, reset=False) == build("single_elimination", 8)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        build("single_elimination", 1)


# ---------------------------------------------------------------------------- JSON


def test_json_lists_every_match_with_exactly_the_published_keys():
    data = to_json(build("double_elimination", 5))
    assert {tuple(sorted(m)) for m in data["matches"]} == {("flight", "id", "round", "slots")}
    kinds = {tuple(sorted(slot)) for m in data["matches"] for slot in m["slots"]}
    assert kinds == {("seed",), ("bye",), ("winner_of",), ("loser_of",)}
    assert data["matches"][0] == {"id": "M1-1", "flight": "main", "round": 1,
                                  "slots": [{"seed": 1}, {"bye": True}]}
    assert [(m["id"], m["round"]) for m in data["matches"] if m["flight"] == "final"] == [
        ("F1", 1), ("F2", 2)]


def test_json_never_shows_a_seed_above_the_field():
    data = to_json(build("consolation_last_chance", 5))
    seeds = [s["seed"] for m in data["matches"] for s in m["slots"] if "seed" in s]
    assert sorted(seeds) == [1, 2, 3, 4, 5]
