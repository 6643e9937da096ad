"""The ratings package is pure (standard library only, STYLE.md §5) and its doc runs."""

import ast
import doctest
import sys
from pathlib import Path

import ratings.core

PACKAGE = Path(ratings.core.__file__).parent


def absolute_imports(source: str) -> set[str]:
    """Top-level names of the absolute imports in ``source``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.add(node.module.partition(".")[0])
    return found


def test_every_module_imports_only_the_standard_library():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 8
    outside = {path.name: sorted(absolute_imports(path.read_text()) - sys.stdlib_module_names)
               for path in modules}
    assert {name: found for name, found in outside.items() if found} == {}


def test_the_check_catches_django_and_third_party_imports():
    source = "import json\nfrom django.db import models\nimport hypothesis.strategies\n"
    assert absolute_imports(source) - sys.stdlib_module_names == {"django", "hypothesis"}


def test_the_package_docstring_example_runs():
    result = doctest.testmod(ratings.core)
    assert result.attempted > 0 and result.failed == 0
