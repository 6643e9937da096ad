"""`manage.py check_match FILE --json`: one JSON report, exit 0/1/2, no database writes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.factories import SAMPLES

ROOT = Path(__file__).resolve().parents[2]


def _run(*args):
    result = subprocess.run([sys.executable, "manage.py", "check_match", *args, "--json"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout


@pytest.fixture(autouse=True)
def _samples():
    if not SAMPLES.exists():
        pytest.skip("shared sample files not present")


def test_clean_file_exits_0_with_the_report():
    code, out = _run(str(SAMPLES / "charlot1-charlot2_7p_2025-11-08-2305.mat"))
    report = json.loads(out)
    assert code == 0 and report["match_length"] == 7 and report["violations"] == []
    assert [g["crawford"] for g in report["games"]] == [False, False, False, True]
    assert report["games"][3]["result"] == "backgammon"


def test_file_with_an_illegal_play_exits_1():
    code, out = _run(str(SAMPLES / "5nqfGw9bWG3deTaU.mat"))
    report = json.loads(out)
    assert code == 1 and any(v["game"] == 1 for v in report["violations"])


def test_not_a_match_exits_2(tmp_path):
    path = tmp_path / "x.mat"
    path.write_bytes(b"\x00\x01 nothing here")
    code, out = _run(str(path))
    assert code == 2 and "error" in json.loads(out)
