"""Advancing a knockout: byes, results by slot or by entrant, refused results, the grand
final's reset, corrections and placings. No database."""

import pytest

from tournaments.formats import (
    BYE,
    EntrantsError,
    MatchNotReadyError,
    NotFinishedError,
    Status,
    UnknownMatchError,
    Winner,
    WinnerNotInMatchError,
    bracket_state,
    build,
    changed_matches,
    placings,
    ready_matches,
    resolve,
)

NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lee",
         "max", "ned", "ola", "pam"]


def better_seed(match):
    return Winner(min(match.participants, key=NAMES.index))


def play_all(bracket, entrants, choose=better_seed, results=None):
    """Report every ready match (winner: ``choose(match)``, by default the better seed)
    until nothing is ready."""
    results = dict(results or {})
    while ready := bracket_state(bracket, entrants, results).ready:
        for match in ready:
            results[match.id] = choose(match)
    return results, bracket_state(bracket, entrants, results)


def test_a_new_bracket_is_ready_where_two_players_meet():
    bracket = build("single_elimination", 13)
    state = bracket_state(bracket, NAMES[:13], {})
    assert [(s.id, s.participants) for s in state.ready] == [
        ("M1-2", ("hal", "ivy")), ("M1-3", ("dan", "max")), ("M1-4", ("eve", "lee")),
        ("M1-6", ("gus", "jon")), ("M1-8", ("fay", "kim"))]
    assert ready_matches(bracket, NAMES[:13], {}) == state.ready


def test_a_bye_advances_the_other_side_without_a_match():
    state = bracket_state(build("single_elimination", 13), NAMES[:13], {})
    bye = state["M1-1"]
    assert (bye.status, bye.participants, bye.winner, bye.loser) == (
        Status.BYE, ("ann", BYE), "ann", BYE)
    assert state["M2-1"].participants == ("ann", None)
    assert state["M2-1"].status == Status.WAITING


def test_a_bye_against_a_bye_advances_a_bye():
    # 9 players: main matches 3 and 4 are both byes, so consolation match 2 is bye v bye.
    state = bracket_state(build("consolation", 9), NAMES[:9], {})
    assert state["C1-2"].participants == (BYE, BYE)
    assert (state["C1-2"].status, state["C1-2"].winner) == (Status.BYE, BYE)


def test_the_loser_of_a_bye_feeds_a_bye_into_the_next_flight():
    bracket = build("consolation", 9)
    state = bracket_state(bracket, NAMES[:9], {"M1-2": 1})
    assert state["C1-1"].participants == (BYE, "hal")
    assert state["C1-1"].status == Status.BYE and state["C1-1"].winner == "hal"


def test_a_result_advances_the_winner_and_the_loser():
    bracket = build("double_elimination", 9)
    state = bracket_state(bracket, NAMES[:9], {"M1-2": 1})
    assert state["M1-2"].status == Status.FINISHED
    assert state["M2-1"].participants == ("ann", "ivy")
    assert state["L1-1"].winner == "hal"  # the loser drops, and L1-1 is a bye for him


@pytest.mark.parametrize("winner", [1, Winner("ivy"), "ivy"])
def test_a_winner_is_named_by_slot_or_by_entrant(winner):
    state = bracket_state(build("single_elimination", 9), NAMES[:9], {"M1-2": winner})
    assert state["M1-2"].winner == "ivy"


def test_integer_entrant_keys_are_named_with_winner():
    entrants = {1: 101, 2: 102, 3: 103}
    state = bracket_state(build("single_elimination", 3), entrants, {"M1-2": Winner(103)})
    assert state["M1-2"].winner == 103
    with pytest.raises(WinnerNotInMatchError):
        bracket_state(build("single_elimination", 3), entrants, {"M1-2": 103})


def test_entrants_may_be_a_list_or_a_mapping():
    bracket = build("single_elimination", 5)
    mapping = dict(enumerate(NAMES[:5], start=1))
    assert bracket_state(bracket, NAMES[:5], {}) == bracket_state(bracket, mapping, {})


@pytest.mark.parametrize("entrants", [NAMES[:4], NAMES[:4] + ["ann"], {1: "a", 2: "b", 3: "c",
                                      4: "d", 6: "e"}, ["a", "b", None, "d", "e"]])
def test_entrants_must_cover_every_seed_once(entrants):
    with pytest.raises(EntrantsError):
        bracket_state(build("single_elimination", 5), entrants, {})


def test_a_result_for_a_match_still_waiting_is_refused():
    with pytest.raises(MatchNotReadyError, match="M2-1 is not ready: its players"):
        bracket_state(build("single_elimination", 8), NAMES[:8], {"M2-1": 0})


def test_a_result_for_a_bye_is_refused():
    with pytest.raises(MatchNotReadyError, match="M1-1 is not ready: it is a bye"):
        bracket_state(build("single_elimination", 7), NAMES[:7], {"M1-1": 0})


@pytest.mark.parametrize("winner", [2, -1, True, Winner("zed"), "zed"])
def test_a_winner_not_in_the_match_is_refused(winner):
    with pytest.raises(WinnerNotInMatchError, match="M1-1"):
        bracket_state(build("single_elimination", 8), NAMES[:8], {"M1-1": winner})


def test_a_result_for_an_unknown_match_is_refused():
    with pytest.raises(UnknownMatchError, match="M9-9"):
        bracket_state(build("single_elimination", 8), NAMES[:8], {"M9-9": 0})


def test_the_state_reads_as_a_mapping_of_match_ids():
    state = bracket_state(build("single_elimination", 4), NAMES[:4], {})
    assert list(state) == ["M1-1", "M1-2", "M2-1"] and len(state) == 3
    assert "M1-1" in state and "X" not in state and state.get("X") is None
    with pytest.raises(UnknownMatchError):
        state["X"]


def test_resolve_keys_every_entrant_by_its_seed():
    state = resolve(build("single_elimination", 3), {"M1-2": 0})
    assert state["M2-1"].seeds == (1, 2)


# ------------------------------------------------------------------------ grand final


def test_the_reset_is_skipped_when_the_winners_bracket_champion_wins_f1():
    bracket = build("double_elimination", 4)
    results, state = play_all(bracket, NAMES[:4])  # seed 1 unbeaten
    assert state["F1"].winner == "ann"
    assert state["F2"].status == Status.SKIPPED and state.finished
    with pytest.raises(MatchNotReadyError, match="reset is not needed"):
        bracket_state(bracket, NAMES[:4], {**results, "F2": 0})


def test_the_reset_is_played_when_the_losers_bracket_winner_wins_f1():
    bracket = build("double_elimination", 4)
    results, _ = play_all(bracket, NAMES[:4])
    del results["F1"]
    state = bracket_state(bracket, NAMES[:4], {**results, "F1": 1})
    assert state["F2"].status == Status.READY
    assert state["F2"].participants == ("ann", state["F1"].winner)


def test_without_the_reset_f1_decides():
    bracket = build("double_elimination", 4, reset=False)
    _, state = play_all(bracket, NAMES[:4],
                        choose=lambda m: 1 if m.id == "F1" else better_seed(m))
    assert state.finished and placings(state)["main"][0].entrants != ("ann",)


# ------------------------------------------------------------------------ corrections


def test_a_correction_reports_the_later_matches_whose_players_change():
    bracket = build("single_elimination", 8)
    before = {"M1-1": 0, "M1-2": 0, "M2-1": 0}
    changes = changed_matches(bracket, NAMES[:8], before, {**before, "M1-1": 1})
    assert [(c.match, c.before, c.after, c.played) for c in changes] == [
        ("M2-1", ("ann", "dan"), ("hal", "dan"), True),
        ("M3-1", ("ann", None), ("hal", None), False)]


def test_a_later_result_that_no_longer_fits_counts_as_not_played():
    bracket = build("single_elimination", 8)
    before = {"M1-1": 0, "M1-2": 0, "M2-1": Winner("ann")}
    changes = changed_matches(bracket, NAMES[:8], before, {**before, "M1-1": 1})
    assert [(c.match, c.after) for c in changes] == [("M2-1", ("hal", "dan")),
                                                     ("M3-1", (None, None))]


def test_an_unchanged_bracket_reports_nothing():
    bracket = build("double_elimination", 8)
    results, _ = play_all(bracket, NAMES[:8])
    assert changed_matches(bracket, NAMES[:8], results, results) == ()


# ------------------------------------------------------------------------ placings


def test_single_elimination_places_by_the_round_lost():
    _, state = play_all(build("single_elimination", 8), NAMES[:8])
    assert [(p.label, p.entrants) for p in placings(state)["main"]] == [
        ("1st", ("ann",)), ("2nd", ("bob",)), ("3rd=", ("cat", "dan")),
        ("5th=", ("eve", "fay", "gus", "hal"))]


def test_double_elimination_places_the_losers_bracket_one_round_at_a_time():
    _, state = play_all(build("double_elimination", 8), NAMES[:8])
    assert [(p.label, p.entrants) for p in placings(state)["main"]] == [
        ("1st", ("ann",)), ("2nd", ("bob",)), ("3rd", ("cat",)), ("4th", ("dan",)),
        ("5th=", ("eve", "fay")), ("7th=", ("gus", "hal"))]


def test_each_flight_of_a_consolation_event_has_its_own_placings():
    _, state = play_all(build("consolation_last_chance", 16), NAMES)
    result = placings(state)
    assert list(result) == ["main", "consolation", "last_chance"]
    assert result["consolation"][0].place == 1 and len(result["consolation"][0].entrants) == 1
    assert sum(len(p.entrants) for p in result["consolation"]) == 12  # 8 + 4 losers fed


def test_placings_wait_for_the_last_match():
    with pytest.raises(NotFinishedError, match="first M1-1"):
        placings(bracket_state(build("single_elimination", 4), NAMES[:4], {}))


# ---------------------------------------------- results played by others (after a correction)
# 8 players, seeds as keys: M1-1 is 1 v 8, M1-2 4 v 5, M2-1 their winners. Seed 1 beat 8
# and then 4; a correction says 8 won M1-1: M2-1 was played by 1 v 4, not 8 v 4.
CORRECTED = {"M1-1": Winner(8), "M1-2": Winner(4), "M2-1": Winner(1)}
PLAYED = {"M1-1": (1, 8), "M1-2": (4, 5), "M2-1": (1, 4)}


def test_a_result_played_by_others_is_held_back():
    state = resolve(build("single_elimination", 8), CORRECTED, strict=False, played=PLAYED)
    assert state["M2-1"].status == Status.READY and state["M2-1"].participants == (8, 4)
    assert state["M3-1"].participants[0] is None  # nobody advances from it


def test_a_result_played_by_others_that_stands_advances_who_played_it():
    state = resolve(build("single_elimination", 8), CORRECTED, strict=False, played=PLAYED,
                    stands={"M2-1"})
    semi = state["M2-1"]
    assert (semi.status, semi.winner, semi.loser, semi.played) == (
        Status.FINISHED, 1, 4, (1, 4))
    assert state["M3-1"].participants[0] == 1


def test_a_result_played_by_its_own_participants_is_taken_as_usual():
    results = {"M1-1": Winner(1), "M1-2": Winner(4), "M2-1": Winner(1)}
    state = resolve(build("single_elimination", 8), results, strict=False, played=PLAYED)
    assert state["M2-1"].winner == 1 and state["M2-1"].played is None


def test_a_player_in_whose_place_a_result_stood_is_out_there():
    results = {**CORRECTED, "M1-3": Winner(2), "M1-4": Winner(3), "M2-2": Winner(2),
               "M3-1": Winner(1)}
    played = {**PLAYED, "M1-3": (2, 7), "M1-4": (3, 6), "M2-2": (2, 3), "M3-1": (1, 2)}
    state = resolve(build("single_elimination", 8), results, strict=False, played=played,
                    stands={"M2-1"})
    assert [(p.label, p.entrants) for p in placings(state)["main"]] == [
        ("1st", (1,)), ("2nd", (2,)), ("3rd=", (3, 4, 8)), ("6th=", (5, 6, 7))]


def test_a_stood_player_due_in_the_losers_bracket_is_due_elsewhere():
    bracket = build("double_elimination", 8)
    state = resolve(bracket, CORRECTED, strict=False, played=PLAYED, stands={"M2-1"})
    assert state.due_elsewhere("M2-1", {1, 4}) == {1}  # 1 dropped after losing M1-1
    single = resolve(build("single_elimination", 8), CORRECTED, strict=False, played=PLAYED,
                     stands={"M2-1"})
    assert single.due_elsewhere("M2-1", {1, 4}) == set()  # the final is fed by M2-1
