"""``manage.py bracket_plan``: one JSON document with the graph of a knockout format, no
database (these tests have no ``db`` fixture, so a query would fail them)."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.management.commands.bracket_plan import Command

FORMATS = ["single_elimination", "double_elimination", "consolation", "consolation_last_chance"]
FLIGHTS = {"main", "losers", "final", "consolation", "last_chance"}
SLOT_KEYS = [{"seed"}, {"bye"}, {"winner_of"}, {"loser_of"}]


def plan(*args, **options):
    out = StringIO()
    call_command("bracket_plan", *args, stdout=out, **options)
    return json.loads(out.getvalue())


def check_shape(data, entrants):
    assert set(data) == {"matches"}
    seen, seeds = set(), []
    for match in data["matches"]:
        assert set(match) == {"id", "flight", "round", "slots"}
        assert isinstance(match["id"], str) and match["id"] not in seen
        assert match["flight"] in FLIGHTS
        assert isinstance(match["round"], int) and match["round"] >= 1
        assert len(match["slots"]) == 2
        for slot in match["slots"]:
            assert set(slot) in SLOT_KEYS
            if "seed" in slot:
                seeds.append(slot["seed"])
            elif "bye" in slot:
                assert slot == {"bye": True}
            else:
                assert next(iter(slot.values())) in seen  # names an earlier match
        seen.add(match["id"])
    assert sorted(seeds) == list(range(1, entrants + 1))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("entrants", [2, 3, 5, 8, 9, 13, 16, 33, 100])
def test_every_format_prints_the_published_shape(fmt, entrants):
    check_shape(plan(format=fmt, entrants=entrants), entrants)


def test_the_first_round_of_sixteen_is_the_standard_order():
    data = plan("--format", "single_elimination", "--entrants", "16")
    first = [[s["seed"] for s in m["slots"]] for m in data["matches"] if m["round"] == 1]
    assert first == [[1, 16], [8, 9], [4, 13], [5, 12], [2, 15], [7, 10], [3, 14], [6, 11]]


def test_seeds_above_the_field_print_as_byes_and_bye_matches_are_listed():
    data = plan(format="single_elimination", entrants=3)
    assert data["matches"][0] == {"id": "M1-1", "flight": "main", "round": 1,
                                  "slots": [{"seed": 1}, {"bye": True}]}
    assert len(data["matches"]) == 3


def test_double_elimination_has_a_grand_final_and_its_reset():
    data = plan(format="double_elimination", entrants=9)
    finals = [m for m in data["matches"] if m["flight"] == "final"]
    assert [(m["id"], m["round"]) for m in finals] == [("F1", 1), ("F2", 2)]
    assert finals[0]["slots"] == [{"winner_of": "M4-1"}, {"winner_of": "L6-1"}]
    assert {m["flight"] for m in data["matches"]} == {"main", "losers", "final"}


def test_no_reset_drops_the_second_final():
    data = plan("--no-reset", format="double_elimination", entrants=9)
    assert [m["id"] for m in data["matches"] if m["flight"] == "final"] == ["F1"]


def test_consolation_last_chance_has_its_three_flights():
    data = plan(format="consolation_last_chance", entrants=13)
    assert {m["flight"] for m in data["matches"]} == {"main", "consolation", "last_chance"}


@pytest.mark.parametrize("entrants, message", [(1, "at least 2"), (0, "at least 2"),
                                               (-5, "at least 2"), (1025, "at most 1024")])
def test_a_bad_number_of_entrants_is_a_command_error(entrants, message):
    with pytest.raises(CommandError, match=message):
        plan(format="single_elimination", entrants=entrants)


def test_an_unknown_format_is_a_command_error():
    with pytest.raises(CommandError, match="invalid choice: 'swiss'"):
        plan(format="swiss", entrants=8)


def test_both_arguments_are_required():
    with pytest.raises(CommandError, match="--entrants"):
        plan(format="single_elimination")


def test_the_command_needs_no_checks_or_database():
    assert Command.requires_system_checks == []


def test_a_bad_argument_exits_non_zero_with_the_reason_on_stderr():
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "manage.py", "bracket_plan", "--format",
                          "consolation", "--entrants", "1"], cwd=root, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode != 0 and run.stdout == ""
    assert "A knockout needs at least 2 entrants" in run.stderr
