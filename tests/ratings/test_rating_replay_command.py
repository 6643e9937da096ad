"""`manage.py rating_replay FILE|-`: JSON lines in, one JSON document out, no database."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from ratings.core import RatedMatch, replay

ROOT = Path(__file__).resolve().parents[2]

LINES = [
    '{"a": "ann", "b": "bob", "length": 5, "winner": "a"}',
    "",
    '{"a": "ann", "b": "bob", "length": 3, "winner": "b"}',
    "   ",
    '{"a": "cy", "b": "ann", "length": 7, "winner": "b"}',
]


def run(*args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    call_command("rating_replay", *args, stdout=out)
    return out.getvalue()


def write(tmp_path, lines):
    path = tmp_path / "matches.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_it_prints_each_players_rating_and_experience(tmp_path):
    doc = json.loads(run(write(tmp_path, LINES)))
    rounded = {name: (round(p["rating"], 2), p["experience"])
               for name, p in doc["players"].items()}
    assert rounded == {"ann": (1530.31, 15), "bob": (1495.55, 8), "cy": (1473.72, 7)}


def test_the_ratings_are_the_unrounded_replay_values(tmp_path):
    doc = json.loads(run(write(tmp_path, LINES)))
    expected = replay([RatedMatch("ann", "bob", 5, "ann"), RatedMatch("ann", "bob", 3, "bob"),
                       RatedMatch("cy", "ann", 7, "ann")]).standings
    assert doc == {"players": {name: {"rating": rating, "experience": experience}
                               for name, (rating, experience) in expected.items()}}
    assert all(isinstance(p["experience"], int) for p in doc["players"].values())


def test_it_reads_standard_input_with_a_dash(tmp_path, monkeypatch):
    from_stdin = run("-", stdin="\n".join(LINES), monkeypatch=monkeypatch)
    assert json.loads(from_stdin) == json.loads(run(write(tmp_path, LINES)))


def test_empty_input_gives_no_players(monkeypatch):
    assert json.loads(run("-", stdin="\n\n", monkeypatch=monkeypatch)) == {"players": {}}


@pytest.mark.parametrize(("bad", "message"), [
    ('{"a": "ann", "b": "bob", "length": 5, "winner": "a"', "invalid JSON"),
    ('["ann", "bob", 5, "a"]', "JSON object"),
    ('{"a": "ann", "b": "bob", "winner": "a"}', "missing key 'length'"),
    ('{"a": "ann", "b": "bob", "length": 0, "winner": "a"}', "positive integer"),
    ('{"a": "ann", "b": "bob", "length": 2.5, "winner": "a"}', "positive integer"),
    ('{"a": "ann", "b": "bob", "length": "5", "winner": "a"}', "positive integer"),
    ('{"a": "ann", "b": "bob", "length": true, "winner": "a"}', "positive integer"),
    ('{"a": "ann", "b": "bob", "length": 5, "winner": "ann"}', 'winner must be "a" or "b"'),
    ('{"a": "ann", "b": "ann", "length": 5, "winner": "a"}', "same player"),
    ('{"a": "", "b": "bob", "length": 5, "winner": "a"}', "non-empty string"),
])
def test_bad_input_names_the_line_and_prints_nothing(tmp_path, bad, message):
    out = io.StringIO()
    with pytest.raises(CommandError, match=rf"^line 4: .*{message}"):
        call_command("rating_replay", write(tmp_path, [LINES[0], "", LINES[2], bad]),
                     stdout=out)
    assert out.getvalue() == ""


def test_a_missing_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("rating_replay", str(tmp_path / "nope.jsonl"), stdout=io.StringIO())


def test_from_the_shell_bad_input_exits_non_zero_with_empty_stdout():
    result = subprocess.run(
        [sys.executable, "manage.py", "rating_replay", "-"], cwd=ROOT, capture_output=True,
        text=True, timeout=120, input=LINES[0] + '\n{"a": "x", "b": "y", "length": -1}\n')
    assert result.returncode != 0 and result.stdout == ""
    assert "line 2" in result.stderr
