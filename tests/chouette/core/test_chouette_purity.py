"""games/chouette is pure: stdlib and the rules engine only, never Django (STYLE.md §5)."""

import ast
import subprocess
import sys
from pathlib import Path

import chouette.core

PACKAGE = Path(chouette.core.__file__).parent
ALLOWED_PREFIXES = ("chouette.core", "games.engine")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            names.add("chouette.core")  # relative: inside the package
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant))
    return names


def test_the_package_has_modules():
    assert {path.name for path in PACKAGE.glob("*.py")} >= {
        "__init__.py",
        "settings.py",
        "order.py",
        "game.py",
        "settlement.py",
        "errors.py",
    }


def test_no_module_imports_django():
    for path in sorted(PACKAGE.rglob("*.py")):
        for module in imported_modules(path):
            assert module.split(".")[0] != "django", f"{path.name} imports {module}"
            assert "django" not in module.lower(), f"{path.name} imports {module}"


def test_only_stdlib_and_the_engine_are_imported():
    stdlib = sys.stdlib_module_names
    for path in sorted(PACKAGE.rglob("*.py")):
        for module in imported_modules(path):
            top = module.split(".")[0]
            assert top in stdlib or module.startswith(ALLOWED_PREFIXES), (
                f"{path.name} imports {module}"
            )


def test_importing_the_package_loads_no_django():
    code = (
        "import sys, chouette.core; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    root = PACKAGE.parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
