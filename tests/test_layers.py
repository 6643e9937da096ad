"""The layers, enforced: who may import whom (STYLE.md §2, §4, §5).

- the rules engine uses the standard library only;
- the pure cores (chouette core, tournament formats, standings, ratings) import the standard
  library, the engine and themselves (the Swiss pairing may use networkx), never Django;
- selectors never import services (reads do not write);
- tasks import only services (ids in, one service call);
- views and API views never write through a model manager or ``save()``/``delete()``;
- no import cycles between the project's modules (module-level imports).

Every rule is checked by a function that returns the offences, so the tests at the end can
show that each one catches a forbidden import in a sample file.
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ("accounts", "audit", "chouette", "clubs", "config", "demo", "games", "notifications",
           "ops", "ratings", "results", "tournaments")
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
WRITES = {"create", "update", "delete", "bulk_create", "bulk_update", "get_or_create",
          "update_or_create"}

#: package (as a path) -> (the imports it may make besides the stdlib, its own package)
PURE = {
    "games/engine": ("games.engine",),
    "games/board": ("games.board", "games.engine"),
    "chouette/core": ("chouette.core", "games.engine"),
    "tournaments/formats": ("tournaments.formats", "games.engine", "networkx"),
    "tournaments/standings.py": ("tournaments.standings", "games.engine"),
    "tournaments/standings": ("tournaments.standings", "games.engine"),
    "ratings/core": ("ratings.core", "games.engine"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, *, top_level_only: bool = False) -> set[str]:
    """Absolute names of the modules a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    nodes = tree.body if top_level_only else ast.walk(tree)
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            # "from pkg import module" imports pkg.module when it is a module of ours
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if (ROOT / Path(*base.split("."), alias.name)).exists()
                         or (ROOT / Path(*base.split("."), f"{alias.name}.py")).exists())
    return found


def project_files(*tops: str):
    for top in tops or PROJECT:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def _within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


# --------------------------------------------------------------------------- the rules


def pure_offences(path: Path, allowed: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)} imports {name}" for name in sorted(imports(path))
            if name.split(".")[0] not in STDLIB and not _within(name, allowed)]


def selector_offences(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)} (a selector) imports {name}"
            for name in sorted(imports(path)) if "services" in name.split(".")]


def task_offences(path: Path) -> list[str]:
    own = [n for n in imports(path) if n.split(".")[0] in PROJECT and n != "config.celery"]
    return [f"{path.relative_to(ROOT)} (tasks) imports {name}" for name in sorted(own)
            if "services" not in name.split(".")]


def view_write_offences(path: Path) -> list[str]:
    offences = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        target, method = node.func.value, node.func.attr
        through_manager = (method in WRITES and isinstance(target, ast.Attribute)
                           and target.attr == "objects")
        if through_manager or method in {"save", "delete"}:
            offences.append(f"{path.relative_to(ROOT)}:{node.lineno} writes with .{method}()")
    return offences


def import_cycles(paths) -> list[list[str]]:
    """Cycles in the graph of module-level imports between the given files' modules."""
    modules = {module_name(p): p for p in paths}
    graph = {name: sorted(n for n in imports(path, top_level_only=True) if n in modules
                          and n != name)
             for name, path in modules.items()}
    cycles, state = [], {}

    def visit(name, trail):
        state[name] = "open"
        for nxt in graph[name]:
            if state.get(nxt) == "open":
                cycles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return cycles


def _kind(path: Path, kind: str) -> bool:
    return path.stem == kind or kind in path.relative_to(ROOT).parts[:-1]


# --------------------------------------------------------------------------- the project


def test_the_pure_packages_import_only_what_they_may():
    offences = []
    for where, allowed in PURE.items():
        target = ROOT / where
        files = [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))
        for path in (f for f in files if f.exists()):
            offences += pure_offences(path, allowed)
    assert offences == []


def test_the_engine_and_the_chouette_core_exist():
    assert (ROOT / "games/engine/plays.py").exists() and (ROOT / "chouette/core").is_dir()


def test_selectors_never_import_services():
    offences = [o for p in project_files() if _kind(p, "selectors") for o in
                selector_offences(p)]
    assert offences == []


def test_tasks_import_only_services():
    offences = [o for p in project_files() if p.stem == "tasks" for o in task_offences(p)]
    assert offences == []


def test_views_and_api_views_never_write_through_models():
    offences = [o for p in project_files() if _kind(p, "views") or _kind(p, "api")
                for o in view_write_offences(p)]
    assert offences == []


def test_no_import_cycles_between_project_modules():
    assert import_cycles(list(project_files())) == []


# --------------------------------------------------------------------------- each rule bites


@pytest.fixture
def sample(tmp_path, monkeypatch):
    """Write a file inside a fake project tree and return its path."""
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    def write(relative: str, text: str) -> Path:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    return write


def test_a_django_import_in_the_engine_is_caught(sample):
    path = sample("games/engine/bad.py", "import os\nfrom django.db import models\n")
    assert pure_offences(path, PURE["games/engine"]) == [
        "games/engine/bad.py imports django.db"]


def test_the_chouette_core_importing_the_chouette_models_is_caught(sample):
    path = sample("chouette/core/bad.py", "from chouette.models import ChouetteGame\n")
    assert pure_offences(path, PURE["chouette/core"]) == [
        "chouette/core/bad.py imports chouette.models"]


def test_a_selector_importing_a_service_is_caught(sample):
    sample("chouette/services.py", "")
    path = sample("chouette/selectors.py", "from . import services\n")
    assert selector_offences(path) == [
        "chouette/selectors.py (a selector) imports chouette.services"]


def test_a_task_importing_models_is_caught(sample):
    path = sample("games/tasks.py", "from games.models import RulesCheck\n")
    assert task_offences(path) == ["games/tasks.py (tasks) imports games.models"]


def test_a_view_writing_through_a_manager_is_caught(sample):
    path = sample("clubs/views.py", "def v(request):\n    Club.objects.create(name='x')\n")
    assert view_write_offences(path) == ["clubs/views.py:2 writes with .create()"]


def test_an_import_cycle_is_caught(sample):
    a = sample("games/a.py", "from games import b\n")
    b = sample("games/b.py", "import games.a\n")
    sample("games/__init__.py", "")
    assert import_cycles([a, b]) == [["games.a", "games.b", "games.a"]]
