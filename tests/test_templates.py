"""Every template, read as text: Django's ``{# #}`` comment is single-line only.

A ``{#`` whose ``#}`` is on a later line is not a comment: Django prints it as text (the
player page showed one on every viewport). Longer notes use ``{% comment %}``.
"""

from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def _template_files():
    folders = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", [])]
    folders += [p for p in ROOT.glob("*/templates") if p.is_dir()]
    return sorted({f for folder in folders for f in folder.rglob("*") if f.is_file()})


def _unclosed_comments(text: str) -> list[int]:
    bad = []
    for number, line in enumerate(text.splitlines(), start=1):
        rest = line
        while "{#" in rest:
            rest = rest.split("{#", 1)[1]
            if "#}" not in rest:
                bad.append(number)
                break
            rest = rest.split("#}", 1)[1]
    return bad


def test_the_scan_finds_a_comment_spanning_lines():
    assert _unclosed_comments("{# one\n two #}\n{# fine #} {# also fine #}") == [1]


def test_the_scan_reads_some_templates():
    assert any(f.name == "base.html" for f in _template_files())


def test_no_template_has_a_comment_spanning_lines():
    found = {
        str(f.relative_to(ROOT)): lines
        for f in _template_files()
        if (lines := _unclosed_comments(f.read_text(encoding="utf-8", errors="replace")))
    }
    assert found == {}, "use {% comment %} for notes longer than one line"
