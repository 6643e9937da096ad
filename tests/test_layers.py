"""The layers, enforced: who may import whom (STYLE.md §2, §4, §5).

Every import counts, including those inside functions (a deferred import hides a cycle, it
does not remove it) and those under ``if TYPE_CHECKING:`` (two modules that need each
other's types are still one unit).

- the apps stand on floors: each imports only apps on lower floors, and a floor's peers only
  along the few edges listed in ``PEERS``; the root URLconfs (``ROOF``) wire every app;
- the rules engine uses the standard library only;
- the pure cores (chouette core, tournament formats, ratings core) import the standard
  library, the engine and themselves (the Swiss pairing may use networkx), never Django;
- every module has a kind (models, services, selectors, views, ...), read from its name or
  its package, so none escapes the kind's rules;
- selectors never import services (reads do not write);
- tasks import only services (ids in, one service call);
- views and API views never write through a model manager or ``save()``/``delete()``;
- no import cycles between the project's modules.

Every rule is checked by a function that returns the offences, so the tests at the end can
show that each one catches a forbidden import in a sample file.
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
WRITES = {"create", "update", "delete", "bulk_create", "bulk_update", "get_or_create",
          "update_or_create"}

#: The floors of STYLE.md §2: an app imports only apps on lower floors.
FLOORS = {
    "config": 1, "ops": 1, "audit": 1,
    "clubs": 2,
    "federations": 2.5,  # between clubs and results (issue 34)
    "results": 3, "accounts": 3,
    "games": 4, "chouette": 4, "tournaments": 4,
    "teamleagues": 4,  # beside tournaments (issue 35)
    "ratings": 5,
    # on top, each its own room reading down (STYLE.md §2; some still to come)
    "demo": 6, "notifications": 6, "analysis": 6, "live": 6, "imports": 6,
    # a club night's paper: PDFs of what the rooms below show (issue 36)
    "printing": 6,
    # one person across the rooms: a merge moves each room's rows (issue 32)
    "people": 7,
}
PROJECT = tuple(sorted(app for app in FLOORS if (ROOT / app).is_dir()))

#: The edges between apps of one floor that the code needs (one way each, never back):
#: the audit log keeps its own rows in the append-only base of ops; the operational tasks
#: read the Celery settings (the errors worth a retry); the chouette and the
#: tournaments ask the rules engine (and tournaments import a match record through the
#: games services and hear a finished rules check by the games' signal).
#: Live play asks the analysis app's gnubg adapter for the computer's choices.
PEERS = {("audit", "ops"), ("ops", "config"), ("chouette", "games"), ("tournaments", "games"),
         ("live", "analysis"), ("demo", "analysis")}

#: The pure rules engine stands under every floor: it imports nothing but the standard
#: library, so any app may ask it a rule (results and live take its match-length bound,
#: STYLE.md §4: "every path asks games.engine"), whatever floor its package's app is on.
GROUND = ("games.engine",)

#: The root URLconfs (HTTP, API, and the ASGI application with its WebSocket routes): they
#: wire every app's routes together, so they may import any app (and no app imports them).
ROOF = {"config.urls", "config.api_urls", "config.asgi"}

#: package (as a path) -> (the imports it may make besides the stdlib, its own package)
PURE = {
    "games/engine": ("games.engine",),
    "games/board": ("games.board", "games.engine"),
    "chouette/core": ("chouette.core", "games.engine"),
    "tournaments/formats": ("tournaments.formats", "games.engine", "networkx"),
    "ratings/core": ("ratings.core", "games.engine"),
    "federations/core": ("federations.core", "games.engine"),
    "analysis/core": ("analysis.core", "games.engine"),
    "live/core": ("live.core", "games.engine"),
    "teamleagues/core": ("teamleagues.core", "games.engine", "networkx"),
}

#: Import cycles not fixed yet, each with a comment naming who fixes it (a frozenset of the
#: modules). None today: the engine's own and the tournament services' went in this same pass.
#: Remove an entry when its cycle is gone (the test says so).
KNOWN_CYCLES: set[frozenset[str]] = set()

#: A module's kind comes from its file name (``views_formats.py`` is views), else from the
#: package it is in, innermost first (``api/base.py`` is api).
KINDS = ("models", "services", "selectors", "views", "api", "serializers", "forms", "urls",
         "admin", "tasks", "signals", "receivers", "apps", "management", "migration",
         "permissions", "decorators", "config", "pure", "package")
ALIASES = {"commands": "management", "migrations": "migration", "templatetags": "views"}
#: Modules whose name says nothing of their kind.
NAMED = {
    "accounts/authentication.py": "api",  # the API's token authentication
    "accounts/throttling.py": "api",  # the API's and the login's rate limits
    "chouette/state.py": "selectors",  # stored rows turned back into pure values (reads)
    "config/settings.py": "config", "config/celery.py": "config",
    "ops/health.py": "views", "config/asgi.py": "config", "config/wsgi.py": "config",
    "config/converters.py": "urls",  # the <id:...> path converter and the id routers
    "config/web_worker.py": "config",  # bin/web's gunicorn worker class (threads + sockets)
    "config/logs.py": "config",  # LOGGING_CONFIG: the filter keeping tokens out of logs
    "accounts/addresses.py": "selectors",  # an address's stored form (no writes, no query)
    "config/web_http.py": "config",  # bin/web's HTTP: Django's WSGI handler in a thread
    "live/texts.py": "views",  # the live board's move list in the reader's language
    "ops/cache.py": "config",  # the cache backend the settings name (Redis, forgiving)
    "ops/outage.py": "services",  # the pushes and enqueues after a commit, logged per outage
    "accounts/auth.py": "views",  # the sign-in backend loading the user (reads)
    "notifications/context_processors.py": "views",  # the top bar's unread count
    "accounts/context_processors.py": "views",  # the two-factor notice (a read, if asked)
    "accounts/middleware.py": "views",  # which language a page speaks
    "clubs/language.py": "selectors",  # a club's language, kept in the cache per slug
    "config/jsi18n.py": "views",  # the JavaScript catalog, built once per language
    "config/texts.py": "models",  # a stored sentence (notices, notes, flags), translated when read
    "config/site.py": "config",  # the site a mail links to (SITE_URL, else the request's)
    "ops/checks.py": "config",  # deploy checks of our own (manage.py check --deploy)
    "config/refusals.py": "models",  # the one typed refusal, and any error read as one
    "config/languages.py": "models",  # the site's languages as choices, and the check of one
    "config/spreadsheets.py": "models",  # the one rule for a cell a spreadsheet would run
    # helpers of the pages (no writes), coming in the same pass from other work:
    "tournaments/actions.py": "views",  # the ladders' and leagues' action tables (pages, API)
    "ops/pagecache.py": "views",  # pages rendered once per version of what they show
    "ops/locks.py": "services",  # the one way a write takes the row it changes
    "games/panels.py": "views",  # sections that apps above add to the match page
    "analysis/gnubg_session.py": "services",  # how gnubg is loaded and set up, once
    "analysis/gnubg_runner.py": "services",  # the adapter to gnubg, run by the services
    "analysis/gnubg_player.py": "services",  # gnubg's choices as the computer opponent
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _import_nodes(tree: ast.AST):
    """Every import statement, at any depth."""
    return (node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom))


def imports(path: Path) -> set[str]:
    """Absolute names of the modules a file imports anywhere (relative imports resolved)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
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


def project_files(*tops: str, migrations: bool = False):
    """The project's modules (with ``migrations``, the apps' migrations too)."""
    for top in tops or PROJECT:
        for path in sorted((ROOT / top).rglob("*.py")):
            if migrations or "migrations" not in path.relative_to(ROOT).parts:
                yield path


def _within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _pure_files(where: str) -> list[Path]:
    target = ROOT / where
    return [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))


def kind(path: Path) -> str | None:
    """The module's kind (one of KINDS), or None when neither its name nor its package
    tells."""
    relative = path.relative_to(ROOT)
    if any(relative.is_relative_to(where) for where in PURE):
        return "pure"
    if relative.as_posix() in NAMED:
        return NAMED[relative.as_posix()]
    if relative.is_relative_to("config/formats"):
        return "config"  # each language's formats (FORMAT_MODULE_PATH)
    stem, packages = relative.stem, relative.parts[:-1]
    if stem == "__init__" and len(packages) == 1:
        return "package"
    names = ([] if stem == "__init__" else [stem]) + list(reversed(packages[1:]))
    for name in (ALIASES.get(name, name) for name in names):
        for candidate in KINDS:
            if name == candidate or name.startswith(candidate + "_"):
                return candidate
    return None


# --------------------------------------------------------------------------- the rules


def floor_offences(path: Path) -> list[str]:
    """Imports of an app that is not on a lower floor (nor a listed peer)."""
    name = module_name(path)
    if name in ROOF:
        return []
    app = name.split(".")[0]
    offences = []
    for imported in sorted(imports(path)):
        other = imported.split(".")[0]
        if other not in FLOORS or other == app or _within(imported, GROUND):
            continue
        if _within(imported, ROOF):
            offences.append(f"{name} imports the root URLconf {imported}")
        elif FLOORS[other] > FLOORS[app] or (
                FLOORS[other] == FLOORS[app] and (app, other) not in PEERS):
            offences.append(f"{name} (floor {FLOORS[app]}) imports {imported} "
                            f"(floor {FLOORS[other]})")
    return offences


def pure_offences(path: Path, allowed: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)} imports {name}" for name in sorted(imports(path))
            if name.split(".")[0] not in STDLIB and not _within(name, allowed)]


def selector_offences(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)} (a selector) imports {name}"
            for name in sorted(imports(path)) if _names_kind(name, "services")]


def _names_kind(name: str, wanted: str) -> bool:
    return any(part == wanted or part.startswith(wanted + "_") for part in name.split("."))


def task_offences(path: Path) -> list[str]:
    own = [n for n in imports(path) if n.split(".")[0] in PROJECT and n != "config.celery"]
    return [f"{path.relative_to(ROOT)} (tasks) imports {name}" for name in sorted(own)
            if not _names_kind(name, "services")]


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
    """The import cycles between the given files' modules, counting every import: each
    group of modules that reach one another (a strongly connected component), sorted."""
    modules = {module_name(p): p for p in paths}
    graph = {name: sorted(n for n in imports(path) if n in modules and n != name)
             for name, path in modules.items()}
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(name):  # Tarjan's algorithm
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for nxt in graph[name]:
            if nxt not in index:
                visit(nxt)
                low[name] = min(low[name], low[nxt])
            elif nxt in on_stack:
                low[name] = min(low[name], index[nxt])
        if low[name] == index[name]:
            group = []
            while not group or group[-1] != name:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(groups)


def installed_project_apps() -> set[str]:
    """The project's own apps in ``INSTALLED_APPS`` (read from the settings file)."""
    tree = ast.parse((ROOT / "config/settings.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "INSTALLED_APPS" for t in node.targets):
            names = {elt.value.split(".")[0] for elt in node.value.elts
                     if isinstance(elt, ast.Constant)}
            return {name for name in names if (ROOT / name).is_dir()}
    raise AssertionError("no INSTALLED_APPS in config/settings.py")


# --------------------------------------------------------------------------- the project


def test_every_app_of_the_project_stands_on_a_floor():
    assert installed_project_apps() - set(FLOORS) == set()
    assert set(PROJECT) == installed_project_apps() | {"config"}


def test_each_app_imports_only_lower_floors():
    """Migrations too: a migration that imports an app above its own ties the two apps'
    histories (audit's migrations imported clubs' migration operations)."""
    offences = [o for p in project_files(migrations=True) for o in floor_offences(p)]
    assert offences == []


def test_the_ground_under_every_floor_is_a_pure_package():
    assert set(GROUND) <= {where.replace("/", ".") for where in PURE}


def test_the_peer_edges_go_one_way():
    assert all((b, a) not in PEERS and FLOORS[a] == FLOORS[b] for a, b in PEERS)


def test_clubs_imports_no_app_above_it():
    above = {app for app, floor in FLOORS.items() if floor > FLOORS["clubs"]}
    offences = [f"{module_name(p)} imports {name}" for p in project_files("clubs")
                for name in sorted(imports(p)) if name.split(".")[0] in above]
    assert offences == []


def test_results_knows_nothing_of_the_ratings():
    assert [p for p in project_files("results") if _within_any(imports(p), "ratings")] == []


def _within_any(names, prefix: str) -> bool:
    return any(_within(name, [prefix]) for name in names)


def test_every_listed_pure_path_exists():
    assert [where for where in PURE if not (ROOT / where).exists()] == []


def test_the_pure_packages_import_only_what_they_may():
    offences = []
    for where, allowed in PURE.items():
        for path in _pure_files(where):
            offences += pure_offences(path, allowed)
    assert offences == []


def test_the_engine_and_the_chouette_core_exist():
    assert (ROOT / "games/engine/plays.py").exists() and (ROOT / "chouette/core").is_dir()


def test_every_module_has_a_kind():
    assert [str(p.relative_to(ROOT)) for p in project_files() if kind(p) is None] == []


def test_selectors_never_import_services():
    offences = [o for p in project_files() if kind(p) == "selectors" for o in
                selector_offences(p)]
    assert offences == []


def test_tasks_import_only_services():
    offences = [o for p in project_files() if kind(p) == "tasks" for o in task_offences(p)]
    assert offences == []


def test_views_and_api_views_never_write_through_models():
    offences = [o for p in project_files() if kind(p) in {"views", "api"}
                for o in view_write_offences(p)]
    assert offences == []


def test_no_import_cycles_between_project_modules():
    cycles = {frozenset(group) for group in import_cycles(list(project_files()))}
    assert sorted(map(sorted, cycles - KNOWN_CYCLES)) == []


def test_every_known_cycle_is_still_there():
    """A known cycle that is gone leaves the list (so the list only shrinks)."""
    cycles = {frozenset(group) for group in import_cycles(list(project_files()))}
    assert sorted(map(sorted, KNOWN_CYCLES - cycles)) == []


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


def test_a_deferred_import_in_a_pure_package_is_caught(sample):
    path = sample("ratings/core/bad.py", "def f():\n    from django.db import models\n")
    assert pure_offences(path, PURE["ratings/core"]) == [
        "ratings/core/bad.py imports django.db"]


def test_a_migration_importing_an_app_above_is_caught(sample):
    sample("clubs/migration_ops.py", "")
    path = sample("audit/migrations/0009_words.py", "from clubs.migration_ops import X\n")
    assert path in list(project_files("audit", migrations=True))
    assert floor_offences(path) == [
        "audit.migrations.0009_words (floor 1) imports clubs.migration_ops (floor 2)"]


def test_a_selector_importing_a_service_is_caught(sample):
    sample("chouette/services.py", "")
    path = sample("chouette/selectors.py", "from . import services\n")
    assert selector_offences(path) == [
        "chouette/selectors.py (a selector) imports chouette.services"]


def test_a_selector_module_with_a_longer_name_is_a_selector(sample):
    sample("tournaments/services/__init__.py", "")
    path = sample("tournaments/selectors_rounds.py", "from tournaments import services\n")
    assert kind(path) == "selectors"
    assert selector_offences(path) == [
        "tournaments/selectors_rounds.py (a selector) imports tournaments.services"]


def test_a_views_module_with_a_longer_name_is_a_view(sample):
    path = sample("tournaments/views_formats.py", "def v(request):\n    x.save()\n")
    assert kind(path) == "views"
    assert view_write_offences(path) == ["tournaments/views_formats.py:2 writes with .save()"]


def test_a_module_named_for_nothing_has_no_kind(sample):
    assert kind(sample("games/helpers.py", "")) is None
    assert kind(sample("games/api/helpers.py", "")) == "api"
    assert kind(sample("games/services/__init__.py", "")) == "services"


def test_a_task_importing_models_is_caught(sample):
    path = sample("games/tasks.py", "from games.models import RulesCheck\n")
    assert task_offences(path) == ["games/tasks.py (tasks) imports games.models"]


def test_a_view_writing_through_a_manager_is_caught(sample):
    path = sample("clubs/views.py", "def v(request):\n    Club.objects.create(name='x')\n")
    assert view_write_offences(path) == ["clubs/views.py:2 writes with .create()"]


def test_an_import_of_a_higher_floor_is_caught_even_inside_a_function(sample):
    path = sample("clubs/services.py", "def f():\n    from ratings.tasks import t\n")
    assert floor_offences(path) == ["clubs.services (floor 2) imports ratings.tasks (floor 5)"]


def test_an_import_of_a_peer_not_listed_is_caught(sample):
    path = sample("games/services.py", "from tournaments.models import Tournament\n")
    assert floor_offences(path) == [
        "games.services (floor 4) imports tournaments.models (floor 4)"]
    allowed = sample("tournaments/services.py", "from games.models import MatchRecord\n")
    assert floor_offences(allowed) == []


def test_an_app_importing_the_root_urlconf_is_caught(sample):
    path = sample("ratings/views.py", "from config.urls import urlpatterns\n")
    assert floor_offences(path) == ["ratings.views imports the root URLconf config.urls"]


def test_an_import_cycle_is_caught(sample):
    a = sample("games/a.py", "from games import b\n")
    b = sample("games/b.py", "import games.a\n")
    sample("games/__init__.py", "")
    assert import_cycles([a, b]) == [["games.a", "games.b"]]


def test_a_cycle_through_a_deferred_import_is_caught(sample):
    a = sample("games/a.py", "from games import b\n")
    b = sample("games/b.py", "def f():\n    from games.a import g\n")
    assert import_cycles([a, b]) == [["games.a", "games.b"]]


def test_a_type_checking_import_counts(sample):
    a = sample("games/a.py", "from games import b\n")
    b = sample("games/b.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                             "    from games.a import A\n")
    assert import_cycles([a, b]) == [["games.a", "games.b"]]
