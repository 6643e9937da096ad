"""The engine is pure: no module under games/engine imports django (STYLE.md §5)."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "games" / "engine"


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_engine_modules_exist():
    assert (ENGINE / "plays.py").exists()


def test_no_engine_module_imports_django():
    offenders = {
        path.name: sorted(name for name in imported_modules(path)
                          if name == "django" or name.startswith("django."))
        for path in sorted(ENGINE.rglob("*.py"))
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_check_sees_a_django_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("from django.db import models\nimport os\n")
    assert "django.db" in imported_modules(sample)
