"""The team-league core's sentences (no database): each is marked, has its translations in
this branch's part of the catalogues, and reads through the project's refusal text like the
other pure cores' errors."""

import ast
from pathlib import Path

import polib
import pytest
from django.utils import translation

from config.refusals import refusal_text
from teamleagues.core.errors import TeamLeagueInputError
from teamleagues.core.lineup import lineup_problems
from teamleagues.core.table import check_tiebreaks

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "teamleagues" / "core"
#: The parts holding the core's sentences (the core's first pass; the playoff's rule later).
PARTS = [ROOT / "locale" / "parts" / name for name in ("teamcore", "teamfin")]


def marked() -> set[str]:
    found = set()
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "gettext_noop":
                found.add(node.args[0].value)
    return found


def catalogue_ids(lang: str) -> set[str]:
    main = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    ids = {e.msgid for part in PARTS for e in polib.pofile(str(part / f"{lang}.po"))
           if e.msgstr}
    return ids | {e.msgid for e in polib.pofile(str(main)) if e.msgstr}


@pytest.mark.parametrize("lang", ["da", "de", "it", "ja"])
def test_every_sentence_of_the_core_has_a_translation(lang):
    assert marked() - catalogue_ids(lang) == set()


def test_every_sentence_of_the_core_is_marked_where_it_is_written():
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in {
                    "Problem", "TeamLeagueInputError"}:
                texts = [a for a in node.args if isinstance(a, ast.Constant)
                         and isinstance(a.value, str) and " " in a.value]
                assert texts == [], f"{path.name}:{node.lineno} writes an unmarked sentence"


def test_a_problem_reads_through_the_refusal_text_like_an_error():
    [problem] = lineup_problems(["a", "x"], boards=4, ratings={}, tolerance=0,
                                eligible={"a"})
    with translation.override("en"):
        assert refusal_text(problem) == "x (board 2) may not play for this team."


def test_the_typed_error_reads_through_the_refusal_text():
    with pytest.raises(TeamLeagueInputError) as caught:
        check_tiebreaks(["match_points", "dice"])
    with translation.override("en"):
        assert refusal_text(caught.value).startswith("Unknown tie-break dice: use ")
    assert isinstance(caught.value, ValueError) and caught.value.code == "tiebreak"
