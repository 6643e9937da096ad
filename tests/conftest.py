"""Shared fixtures: the personas and the test-wide Celery mode.

Personas (healthchecks/Zulip style): ``alice`` administers the Riverside club, ``bob``
plays there, ``carol`` referees there, ``dave`` administers another club.

The Django imports are inside the fixtures, so the pure packages' tests (the engine, the
chouette core) also run with ``pytest -p no:django``.
"""

import pytest


@pytest.fixture(autouse=True)
def _celery_eager():
    """Tasks run in-process in unit tests; the integration tests use a real worker."""
    try:
        from config.celery import app as celery_app
    except ImportError:  # pragma: no cover - Django-free runs
        yield
        return
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture(autouse=True)
def _fast_passwords(request):
    """A fast hasher in tests: users are created by the dozen (PBKDF2 costs ~0.3 s each)."""
    try:
        settings = request.getfixturevalue("settings")
    except pytest.FixtureLookupError:  # Django-free runs
        return
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_analysis(request):
    """No GNU Backgammon analysis after every passed rules check (seconds of gnubg per test);
    tests/analysis turns it back on."""
    try:
        settings = request.getfixturevalue("settings")
    except pytest.FixtureLookupError:  # Django-free runs
        return
    settings.ANALYSIS_AFTER_CHECK = False


#: Far above what any test sends: only the throttling tests (which set low rates) meet a 429.
NO_THROTTLE = {"anon": "100000/second", "user": "100000/second", "login": "100000/second",
               "login-ip": "100000/second", "uploads": "100000/second"}


@pytest.fixture(autouse=True)
def _no_throttling(request):
    """API and login rate limits out of the way (tests/test_throttling.py sets its own)."""
    try:
        settings = request.getfixturevalue("settings")
    except pytest.FixtureLookupError:  # Django-free runs
        return
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": NO_THROTTLE}


@pytest.fixture
def rates(settings):
    """Set some API and login rate limits for one test: ``rates(login="3/minute")``."""
    def set_rates(**rates):
        merged = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                  **{scope.replace("_", "-"): rate for scope, rate in rates.items()}}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": merged}

    return set_rates


@pytest.fixture(autouse=True)
def _default_language(request):
    """Each test ends in the default language: a page request leaves its language active in
    the thread (as in a server, where the next request activates its own), and a later test
    calling a service outside a request would otherwise get that language's texts."""
    try:
        request.getfixturevalue("settings")
    except pytest.FixtureLookupError:  # Django-free runs
        yield
        return
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache(request):
    """Pages keep parts per version of what they show (``ops.pagecache``, the rating
    pages): each test starts from an empty cache (locmem), as ids are reused between tests."""
    try:
        request.getfixturevalue("settings")
    except pytest.FixtureLookupError:  # Django-free runs
        yield
        return
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def club(db):
    from tests.factories import ClubFactory

    return ClubFactory(name="Riverside Backgammon Club", slug="riverside")


@pytest.fixture
def other_club(db):
    from tests.factories import ClubFactory

    return ClubFactory(name="Hilltop Backgammon Club", slug="hilltop")


def _persona(username: str, club, role: str, *, staff: bool = False):
    from tests.factories import MembershipFactory, PlayerFactory, UserFactory

    user = UserFactory(username=username, is_staff=staff)
    player = PlayerFactory(name=username.title(), user=user)
    MembershipFactory(club=club, player=player, role=role)
    return user


@pytest.fixture
def alice(club):
    return _persona("alice", club, "admin", staff=True)


@pytest.fixture
def bob(club):
    return _persona("bob", club, "player")


@pytest.fixture
def carol(club):
    return _persona("carol", club, "referee", staff=True)


@pytest.fixture
def dave(other_club):
    return _persona("dave", other_club, "admin", staff=True)


@pytest.fixture
def staff_permissions():
    """Give staff personas the model permissions the admin checks (scoping does the rest)."""
    from django.contrib.auth.models import Permission

    def grant(user, *codenames):
        user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
        return user

    return grant


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """On PostgreSQL, a transactional test's flush empties the tables with DELETE (its
    foreign keys are all deferred to the commit) instead of one TRUNCATE of every table:
    TRUNCATE gives each table and index new files, about a second per flush where DELETE of
    the few rows a test leaves takes a few milliseconds. The tables end just as empty, and
    their sequences go on as after TRUNCATE without RESTART IDENTITY (Django's flush between
    tests); a flush that resets sequences or cascades is still a TRUNCATE."""
    from django.db import connection

    if connection.vendor != "postgresql":
        yield
        return
    operations = type(connection.ops)
    truncate = operations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences,
                            allow_cascade=allow_cascade)
        return ["SET CONSTRAINTS ALL DEFERRED;", *(
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
            for table in tables)]

    operations.sql_flush = sql_flush
    yield
    operations.sql_flush = truncate


#: A test that asks for one of these (directly or through its fixtures) uses the database.
_DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences",
                                "django_db_serialized_rollback", "live_server"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the tests that never touch the database ``nodb`` (before ``-m`` selects), so CI
    runs them once and the database tests on both databases (`.ci/run`)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") is None and not fixtures & _DATABASE_FIXTURES:
            item.add_marker(pytest.mark.nodb)
