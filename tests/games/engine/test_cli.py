"""The command line: ``python -m games.engine plays`` and ``show``."""

import io
import json
import subprocess
import sys
from pathlib import Path

from games.engine.__main__ import main, run_plays

ROOT = Path(__file__).resolve().parents[3]


def answers(text: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    status = run_plays(io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_plays_answers_each_line_with_the_ids_after_each_distinct_play():
    status, lines = answers('{"position_id": "4HPwATDgc/ABMA", "dice": [1, 3]}\n')
    assert status == 0
    assert len(lines[0]["plays"]) == 16 and "sGfwATDgc/ABMA" in lines[0]["plays"]


def test_no_possible_play_gives_the_passed_position():
    # X on the bar against a closed board.
    status, lines = answers('{"position_id": "27YBBwDg5+ADQA", "dice": [6, 6]}\n')
    assert lines == [{"plays": ["4OfgA0DbtgEHAA"]}]


def test_bad_lines_give_error_lines_and_a_failing_status_but_processing_goes_on():
    text = 'nope\n{"position_id": "4HPwATDgc/ABMA"}\n{"position_id": "4HPwATDgc/ABMA",' \
           ' "dice": [9, 1]}\n\n{"position_id": "4HPwATDgc/ABMA", "dice": [5, 5]}\n'
    status, lines = answers(text)
    assert status == 1
    assert [("error" in line) for line in lines] == [True, True, True, False]
    assert len(lines[3]["plays"]) == 4


def test_show_prints_the_board(capsys):
    assert main(["show", "4HPwATDgc/ABMA"]) == 0
    assert "4HPwATDgc/ABMA" in capsys.readouterr().out
    assert main(["show", "garbage"]) == 1


def test_the_module_runs_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", "plays"], cwd=ROOT, text=True,
        input='{"position_id": "4HPwATDgc/ABMA", "dice": [6, 5]}\n', capture_output=True,
        check=False)
    assert done.returncode == 0
    assert len(json.loads(done.stdout)["plays"]) == 7
