"""``manage.py swiss_pair STATE.json``: the next Swiss round as JSON, no database (these
tests have no ``db`` fixture, so a query would fail them)."""

import json
import random
import subprocess
import sys
import tempfile
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.test_swiss_properties import (
    check_criteria_1_and_2,
    facts,
    history,
)
from tournaments.formats.swiss import pair

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, state):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    out = StringIO()
    call_command("swiss_pair", str(path), stdout=out)
    return json.loads(out.getvalue())


def players(n):
    return [{"id": f"p{k}", "rank": k} for k in range(1, n + 1)]


def test_round_one_prints_top_half_against_bottom_half_and_the_bye_last(tmp_path):
    state = {"players": players(5), "rounds": [], "losses_out": None}
    assert run(tmp_path, state) == {"pairs": [["p1", "p3"], ["p2", "p4"], ["p5", None]]}


def test_round_two_avoids_rematches_and_pairs_by_score(tmp_path):
    first = [{"a": "p1", "b": "p3", "winner": "p1"}, {"a": "p2", "b": "p4", "winner": "p4"}]
    state = {"players": players(4), "rounds": [first], "losses_out": None}
    # winners p1, p4; losers p2, p3
    assert run(tmp_path, state) == {"pairs": [["p1", "p4"], ["p2", "p3"]]}


def test_moreswiss_leaves_out_a_player_with_l_losses(tmp_path):
    first = [{"a": 1, "b": 3, "winner": 1}, {"a": 2, "b": 4, "winner": 2}]
    state = {"players": [{"id": k, "rank": k} for k in range(1, 5)], "rounds": [first],
             "losses_out": 1}
    assert run(tmp_path, state) == {"pairs": [[1, 2]]}


def test_a_withdrawn_player_is_simply_not_listed(tmp_path):
    first = [{"a": "p1", "b": "p3", "winner": "p1"}, {"a": "p2", "b": "p4", "winner": "p2"}]
    state = {"players": players(3), "rounds": [first], "losses_out": None}
    pairs = run(tmp_path, state)["pairs"]
    assert ["p4"] not in pairs and sorted(p for pr in pairs for p in pr if p) == ["p1", "p2",
                                                                                "p3"]


@pytest.mark.parametrize(("state", "message"), [
    ([], "must be a JSON object"),
    ({"players": [{"id": 1}], "rounds": []}, "players[0] must be"),
    ({"players": [{"id": 1, "rank": 1}, {"id": 1, "rank": 2}], "rounds": []}, "listed twice"),
    ({"players": [{"id": 1, "rank": 1}, {"id": 2, "rank": 1}], "rounds": []}, "share a rank"),
    ({"players": players(2), "rounds": [[{"a": "p1", "b": "p2", "winner": "p9"}]]},
     "did not play"),
    ({"players": players(2), "rounds": [[{"a": "p1", "b": None, "winner": "p1"},
                                         {"a": "p1", "b": "p2"}]]}, "plays twice"),
    ({"players": players(2), "rounds": [], "losses_out": 0}, "losses_out"),
    ({"players": players(2), "rounds": [], "extra": 1}, "Unknown key"),
])
def test_bad_input_is_refused_with_the_reason(tmp_path, state, message):
    with pytest.raises(CommandError, match=message.replace("[", r"\[").replace("]", r"\]")):
        run(tmp_path, state)


def test_a_bad_file_exits_non_zero_with_the_reason_on_stderr(tmp_path):
    path = tmp_path / "state.json"
    path.write_text("{not json")
    done = subprocess.run([sys.executable, "manage.py", "swiss_pair", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and done.stdout == ""
    assert "is not valid JSON" in done.stderr


def test_the_command_reads_standard_input_and_plays_a_random_event_out(tmp_path):
    rng = random.Random(7)
    state = {"players": players(11), "rounds": [], "losses_out": None}
    for _ in range(4):
        text = json.dumps(state)
        done = subprocess.run([sys.executable, "manage.py", "swiss_pair", "-"], cwd=ROOT,
                              input=text, capture_output=True, text=True, timeout=60)
        pairs = json.loads(done.stdout)["pairs"]
        met = {frozenset((m["a"], m["b"])) for r in state["rounds"] for m in r}
        assert not any(frozenset(p) in met for p in pairs)
        state["rounds"].append([{"a": a, "b": b, "winner": a if b is None else
                                 rng.choice([a, b])} for a, b in pairs])


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 128), st.integers(0, 9), st.integers(0, 2**32), st.booleans())
def test_the_command_meets_the_four_criteria_on_random_tournaments(n, rounds, seed, shuffled):
    """The command's answer is the pairing the property tests check (criteria 1 and 2
    exactly, 3 and 4 by no improving exchange), read back from the JSON it prints."""
    players, played = history(n, rounds, random.Random(seed), shuffled=shuffled)
    state = {"players": [{"id": p, "rank": r} for p, r in players],
             "rounds": [[{"a": g.a, "b": g.b, "winner": g.winner} for g in r] for r in played],
             "losses_out": None}
    path = Path(tempfile.mkdtemp()) / "state.json"
    path.write_text(json.dumps(state))
    out = StringIO()
    call_command("swiss_pair", str(path), stdout=out)
    pairs = [tuple(p) for p in json.loads(out.getvalue())["pairs"]]
    ids, met, byes, score = facts(players, played)
    result = pair(players, played)
    assert pairs == list(result.pairs)
    check_criteria_1_and_2(ids, met, byes, result, score)
