"""No 500 on bad input, anywhere: every page and API endpoint x every signed-in persona, with
garbage query parameters and garbage form or JSON data (words where ids are expected, huge
and negative numbers, empty values, lists, malformed JSON). The answer may be anything but a
5xx: a form error, a message, a 400, a 403, a 404.

The world is the permission matrix's (tests/test_permission_matrix.py) plus a tournament in
draft and one running, a Swiss, a ladder with a challenge and a league season under way.
Every page of the URLconf is swept (a test fails on one that is missing from ``TARGETS``).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from accounts.services.invitations import invitation_create
from tests.test_permission_matrix import (
    CLUB_SLUG,
    ENDPOINTS,
    FAST_HASHER,
    IGNORED,
    _build,
    _named_patterns,
)
from tests.test_permission_matrix import _r as url_of

pytestmark = pytest.mark.django_db

PERSONAS = ("stranger", "dave", "bob", "carol", "alice", "root")
DAY = datetime.date(2026, 11, 28)
HUGE = "99999999999999999999999"
#: The query parameters the views read, and some they might.
QUERY_KEYS = ("page", "challenged", "player", "at", "season", "round", "opponent", "game",
              "line", "since", "rating_a", "rating_b", "experience_a", "experience_b",
              "length", "player_a", "player_b", "club", "club__slug", "session", "status",
              "limit", "offset", "version", "flight", "division")
QUERIES = [
    {"page": "abc", "challenged": "abc", "player": "x", "at": "zz", "season": "-1",
     "round": "abc"},
    dict.fromkeys(QUERY_KEYS, "abc"), dict.fromkeys(QUERY_KEYS, "-1"),
    dict.fromkeys(QUERY_KEYS, HUGE), dict.fromkeys(QUERY_KEYS, ""),
    {"at": "g99999-t99999"}, {"at": "g-1-t-1"}, {"game": HUGE, "line": HUGE},
    {"format": "csv", "season": "abc"}, {"format": "csv", "season": HUGE},
    {"season": "all", "format": "csv"}, {"page": "0"}, {"page": HUGE},
]
#: Form fields the views and forms read (every write gets all of them, garbled).
FORM_KEYS = ("player", "players", "player_left", "player_right", "player_a", "player_b",
             "challenged", "challenge", "fixture", "entry", "match", "report", "winner",
             "score_a", "score_b", "reason", "order", "first", "second", "pairs", "action",
             "role", "name", "email", "date", "stake", "amount", "payer", "payee", "all",
             "result", "kind", "members", "member", "rolls", "guest", "starts_on",
             "ends_on", "format", "main_length", "rounds", "length", "reach", "days",
             "cycles", "home", "next", "switch_sides", "opponent", "rating_a", "rating_b",
             "experience_a", "experience_b", "season-name", "season-starts_on",
             "season-ends_on", "cube_mode", "automatic_doubles", "consultation",
             "box_answer_policy", "box_partner_from", "cube_limit", "file", "match_file",
             "version", "outcome", "leaving", "joining", "missed_deadline", "promote",
             "relegate", "days_per_round", "divisions", "position", "seat", "team", "box",
             "captain", "points", "beavers", "jacoby", "crawford", "options", "seeding",
             "since", "key", "token", "roll", "dice", "die1", "die2",
             # allauth's forms
             "login", "password", "remember", "oldpassword", "password1", "password2", "code",
             "rename_player_to")
FORM_GARBAGE = ("abc", "-1", HUGE, "", "1.5", "[1, 2]", "0")
JSON_GARBAGE = ("abc", -1, int(HUGE), None, [], {}, "", 1.5, [-1, "x"], {"a": "b"})
#: Bodies that are not an object at all.
RAW_BODIES = ("[]", '"abc"', "{", "null", "12")


@dataclass(frozen=True)
class Target:
    name: str
    url: Callable[[SimpleNamespace], str]
    method: str = "get"
    json: bool = False
    #: Valid data: each of its fields is then garbled on its own (a deeper path).
    data: Callable[[SimpleNamespace], dict] | None = None
    label: str = ""

    @property
    def id(self) -> str:
        return f"{self.method} {self.name}{' ' + self.label if self.label else ''}"


def _t(name: str, *args, **kwargs) -> Target:
    return Target(name, url_of(name, *args), **kwargs)


def _action(name: str, obj: str, action: str, **kwargs) -> Target:
    """A URL with an action slug (``<slug>/<pk>/<action>/`` or ``<pk>/<action>/``)."""
    def build(w):
        pk = getattr(w, obj).pk
        if name.startswith("tournaments:"):
            return reverse(name, kwargs={"slug": w.club.slug, "pk": pk, "action": action})
        return reverse(name, kwargs={"pk": pk, "action": action})
    return Target(name, build, "post", label=action, **kwargs)


def _matrix_targets() -> list[Target]:
    return [Target(e.name, e.url, e.method, e.json,
                   e.data if e.method == "post" and e.name not in _FILES else None, e.label)
            for e in ENDPOINTS]


#: Writes whose valid data holds an uploaded file (read once: garbled whole instead).
_FILES = {"games:match-upload", "match-upload-api", "games:match-files",
          "match-files-upload-api"}
TS = "t_run.pk"

#: allauth's sign-in pages (left out of the permission matrix): read and posted.
ALLAUTH_PAGES = ("account_login", "account_logout", "account_inactive", "account_signup",
                 "account_reauthenticate", "account_request_reauthentication_code",
                 "account_confirm_reauthentication_code", "account_email",
                 "account_email_verification_sent",
                 "account_change_password", "account_set_password", "account_reset_password",
                 "account_confirm_login_code", "account_reset_password_from_key_done",
                 "account_reset_password_done", "mfa_index", "mfa_authenticate",
                 "mfa_reauthenticate", "mfa_activate_totp", "mfa_deactivate_totp",
                 "mfa_view_recovery_codes", "mfa_generate_recovery_codes",
                 "mfa_download_recovery_codes")

ACCOUNT_TARGETS = [
    # An open invitation's link (its holder, whoever they are), read and posted.
    _t("accounts:invitation-accept", "invite_token"),
    _t("accounts:invitation-accept", "invite_token", method="post"),
    _t("invitation-accept-api", "invite_token", method="post", json=True),
    *[_t(name, method=method) for name in ALLAUTH_PAGES for method in ("get", "post")],
    # Links with a key: a made-up one.
    Target("account_confirm_email", lambda w: reverse("account_confirm_email", args=["x:y"])),
    Target("account_confirm_email", lambda w: reverse("account_confirm_email", args=["x:y"]),
           "post"),
    Target("account_reset_password_from_key", lambda w: reverse(
        "account_reset_password_from_key", kwargs={"uidb36": "zz", "key": "abc-def"})),
    Target("account_reset_password_from_key", lambda w: reverse(
        "account_reset_password_from_key", kwargs={"uidb36": "zz", "key": "abc-def"}), "post"),
]

TOURNAMENT_TARGETS = [
    _t("tournaments:list", CLUB_SLUG), _t("tournaments:new", CLUB_SLUG),
    _t("tournaments:new", CLUB_SLUG, method="post"), _t("tournaments:mine", CLUB_SLUG),
    _t("tournaments:detail", CLUB_SLUG, TS), _t("tournaments:state", CLUB_SLUG, TS),
    _t("tournaments:manage", CLUB_SLUG, TS), _t("tournaments:manage", CLUB_SLUG, "t_draft.pk"),
    _t("tournaments:withdraw", CLUB_SLUG, "t_draft.pk", method="post"),
    _t("tournaments:standings", CLUB_SLUG, "t_swiss.pk"),
    _t("tournaments:pairing", CLUB_SLUG, "t_swiss.pk"),
    *[_t("tournaments:pairing", CLUB_SLUG, "t_swiss.pk", method="post",
         data=lambda w, a=a: {"action": a}, label=a)
      for a in ("publish", "swap", "late", "withdraw", "knockout")],
    _t("tournaments:ladders", CLUB_SLUG), _t("tournaments:ladders", CLUB_SLUG, method="post"),
    _t("tournaments:ladder", CLUB_SLUG, "ladder.pk"),
    _t("tournaments:ladder-state", CLUB_SLUG, "ladder.pk"),
    _t("tournaments:leagues", CLUB_SLUG), _t("tournaments:leagues", CLUB_SLUG, method="post"),
    _t("tournaments:league", CLUB_SLUG, "season.pk"),
    _t("tournaments:league-state", CLUB_SLUG, "season.pk"),
    *[_action("tournaments:play", "t_run", a) for a in ("report", "confirm", "dispute")],
    *[_action("tournaments:direct", "t_draft", a) for a in ("entry", "seed", "start", "open",
                                                           "withdraw")],
    *[_action("tournaments:direct", "t_run", a) for a in ("enter", "begin", "withdraw",
                                                         "correct", "resolve")],
    *[_action("tournaments:ladder-action", "ladder", a)
      for a in ("challenge", "accept", "report", "confirm", "join", "cancel", "leave", "enter",
                "remove", "correct")],
    *[_action("tournaments:league-action", "season", a)
      for a in ("start", "finish", "next", "report", "confirm", "rule", "walkover", "enter",
                "correct")],
    # The API.
    _t("tournament-list"), _t("tournament-detail", TS),
    _t("tournament-create-api", CLUB_SLUG, method="post", json=True),
    _t("tournament-entry-add-api", "t_draft.pk", method="post", json=True),
    _t("tournament-seed-api", "t_draft.pk", method="post", json=True),
    _t("tournament-start-api", "t_draft.pk", method="post", json=True),
    _t("tournament-entry-withdraw-api", "entry.pk", method="post", json=True),
    *[_t(name, "t_match.pk", method="post", json=True) for name in (
        "tournament-match-enter-api", "tournament-match-report-api",
        "tournament-match-resolve-api", "tournament-match-correct-api")],
    _t("tournament-report-confirm-api", "t_report.pk", method="post", json=True),
    _t("tournament-report-dispute-api", "t_report.pk", method="post", json=True),
    _t("tournament-standings-api", "t_swiss.pk"), _t("tournament-pairing-api", "t_swiss.pk"),
    _t("tournament-pairing-api", "t_swiss.pk", method="post", json=True),
    _t("ladder-api", "ladder.pk"),
    _t("ladder-challenge-api", "ladder.pk", method="post", json=True),
    _t("ladder-leave-api", "ladder.pk", method="post", json=True),
    *[_action("ladder-challenge-action-api", "challenge", a, json=True)
      for a in ("accept", "report", "confirm", "cancel", "enter", "correct")],
    _t("league-api", "season.pk"),
    *[_action("league-fixture-action-api", "fixture", a, json=True)
      for a in ("report", "confirm", "enter", "correct", "rule", "walkover")],
]


def _print(name: str, obj: str, what: str) -> Target:
    """A tournament's print (``printing/``): ``what`` as written, known or not."""
    def build(w):
        pk = getattr(w, obj).pk
        if name.startswith("printing:"):
            return reverse(name, kwargs={"slug": w.club.slug, "pk": pk, "what": what})
        return reverse(name, kwargs={"pk": pk, "what": what})
    return Target(name, build, label=what)


PRINT_TARGETS = [
    *[_print(name, obj, what) for name in ("printing:tournament", "tournament-print-api")
      for obj in ("t_run", "t_swiss", "t_draft")
      for what in ("bracket", "pairings", "standings", "scoresheets", "tablecards", "menu")],
    _t("printing:pack", "t_run.pk"), _t("print-pack-api", "t_run.pk"),
    _t("print-pack-pdf-api", "t_run.pk"),  # (no pack has that id: 404)
]
FED = "federation.slug"
FEDERATION_TARGETS = [
    _t("federations:list"), _t("federations:detail", FED), _t("federations:audit", FED),
    _t("federations:apply", FED, method="post", data=lambda w: {"club": w.club.slug}),
    *[_t(f"federations:{decision}", FED, CLUB_SLUG, method="post")
      for decision in ("accept", "refuse", "leave")],
    _t("federation-create-api", method="post", json=True, data=lambda w: {
        "name": "Japan Backgammon League", "slug": "jbl", "country": "JP",
        "formula": "danish", "start_rating": 1000, "provisional_below": 50}),
    _t("federation-detail-api", FED),
    _t("federation-club-apply-api", FED, method="post", json=True,
       data=lambda w: {"club": w.club.slug}),
    *[_t(f"federation-club-{decision}-api", FED, CLUB_SLUG, method="post", json=True)
      for decision in ("accept", "refuse", "leave")],
    *[_t(name, FED, method="post", json=True,
         data=lambda w: {"player": w.bob.pk, "role": "rating_officer"})
      for name in ("federation-role-grant-api", "federation-role-revoke-api")],
    _t("federation-policy-api", FED), _t("club-rated-policy-api", CLUB_SLUG),
    # The national lists.
    _t("clubs:federation-ratings", FED), _t("national-ratings-api", FED),
    _t("official-lists-api", FED),
    _t("official-lists-api", FED, method="post", json=True,
       data=lambda w: {"period": "2026-02"}),
    *[_t(name, FED, "official.number") for name in (
        "official-list-api", "official-list-changes-api", "official-list-csv-api",
        "official-list-json-api")],
]


#: A club's history imported and exported (issue 36).
IMPORT_TARGETS = [
    _t("imports:list", CLUB_SLUG), _t("imports:list", CLUB_SLUG, method="post"),
    _t("imports:detail", CLUB_SLUG, "history_import.pk"),
    _t("imports:confirm", CLUB_SLUG, "history_import.pk", method="post"),
    _t("imports:errors", CLUB_SLUG, "history_import.pk"),
    _t("import-upload-api", CLUB_SLUG, method="post", json=True),
    _t("import-api", "history_import.pk"),
    _t("import-confirm-api", "history_import.pk", method="post", json=True,
       data=lambda w: {"names": {"Nobody Known": "new"}}),
    _t("import-errors-api", "history_import.pk"),
    _t("history-csv-api", CLUB_SLUG), _t("history-xlsx-api", CLUB_SLUG),
    # a zip's names chosen (issue 36.2): the sweep's zip waits for none
    _t("match-files-names-api", "match_files.pk", method="post", json=True,
       data=lambda w: {"names": {"Nobody Known": "new"}}),
]


def _team(name: str, what: str = "league", method: str = "get", action: str = "",
          **kwargs) -> Target:
    """A team league's page or endpoint (issue 35), on a season built for the request (a
    federation of six clubs, two divisions drawn: tests/teamleagues/conftest.py)."""
    def build(w):
        from teamleagues.models import Fixture
        from tests.teamleagues.conftest import make_world

        if name == "team-league-create-api":
            return reverse(name, args=["dbgf"])
        if name == "teamleagues:captain":
            return reverse(name)
        team = make_world()
        fixture = Fixture.objects.filter(league=team.league).first()
        if what == "board":  # both line-ups in: board 1 can go to the live board
            from teamleagues import services
            from tests.teamleagues.conftest import lineup_of

            for side in (fixture.home, fixture.away):
                services.lineup_submit(fixture=fixture, team=side,
                                       players=lineup_of(team, side),
                                       by=team.captains[side.pk])
            return reverse(name, kwargs={"pk": fixture.pk, "board": 1})
        pk = {"league": team.league.pk, "team": team.teams[0].pk,
              "fixture": fixture.pk}[what]
        return reverse(name, kwargs={"pk": pk, **({"action": action} if action else {})})
    return Target(name, build, method, label=action, **kwargs)


TEAM_TARGETS = [
    _team("teamleagues:league"), _team("teamleagues:fixtures"),
    _team("teamleagues:team", "team"), _team("teamleagues:captain"),
    _team("teamleagues:card", "fixture"), _team("teamleagues:card-state", "fixture"),
    _team("printing:team-card", "fixture"), _team("team-fixture-print-api", "fixture"),
    *[_team("teamleagues:card-action", "fixture", "post", a)
      for a in ("lineup", "enter", "confirm", "dispute", "decide")],
    _team("team-league-create-api", method="post", json=True),
    *[_team(n, method="post", json=True) for n in (
        "team-league-division-api", "team-league-team-api", "team-league-draw-api",
        "team-league-close-api", "team-league-next-api")],
    _team("teamleagues:next", method="post"),
    _team("team-league-fixtures-api"), _team("team-league-standings-api"),
    _team("team-fixture-api", "fixture"),
    *[_team(n, "fixture", "post", json=True) for n in (
        "team-fixture-lineup-api", "team-fixture-result-api", "team-fixture-confirm-api",
        "team-fixture-dispute-api", "team-fixture-decide-api")],
    # A board played live (issue 35, point 4): started from the card or the API.
    _team("live:team-board-start", "board", "post"),
    _team("team-board-live-api", "board", "post", json=True),
]
TARGETS = (_matrix_targets() + ACCOUNT_TARGETS + TOURNAMENT_TARGETS + PRINT_TARGETS
           + FEDERATION_TARGETS + IMPORT_TARGETS + TEAM_TARGETS)


# --------------------------------------------------------------------------- the world


def _federation(w: SimpleNamespace) -> None:
    from federations import services as federations
    from federations.models import FederationRole

    # (not "dbgf": a team league's target builds its own federation of that slug)
    w.federation = federations.federation_create(name="Danish Backgammon Federation",
                                                 slug="dbf", country="DK")
    FederationRole.objects.create(federation=w.federation, player=w.alice, role="admin")
    from django.utils import timezone

    from ratings.models import OfficialList

    w.official = OfficialList.objects.create(
        federation=w.federation, number=1, period="2026-01", first_day=datetime.date(2026, 1, 1),
        last_day=datetime.date(2026, 1, 31), formula="fibs", start_rating=1500.0,
        provisional_below=100, inactive_after_months=12, published_at=timezone.now())


def _tournaments(w: SimpleNamespace) -> None:
    from tournaments import services
    from tournaments.models import Fixture, TournamentMatch
    from tournaments.services import ladder as ladders
    from tournaments.services import league as leagues
    from tournaments.services import rounds

    four = [w.alice, w.bob, w.carol, w.dora]

    def event(name, fmt="single_elimination", start=True):
        tournament = services.tournament_create(club=w.club, name=name, starts_on=DAY,
                                                format=fmt)
        for player in four:
            services.entry_add(tournament=tournament, player=player)
        if start:
            services.tournament_start(tournament=tournament)
        return tournament

    w.t_draft = event("Draft cup", start=False)
    w.entry = w.t_draft.entries.get(player=w.bob)
    w.t_run = event("Running cup")
    ready = w.t_run.matches.filter(status=TournamentMatch.Status.READY)
    w.t_match = ready.exclude(player_a=w.bob).exclude(player_b=w.bob).first()
    bobs = ready.filter(player_a=w.bob).first() or ready.filter(player_b=w.bob).first()
    w.t_report = services.match_result_report(match=bobs, by=w.bob.user, winner=w.bob.pk,
                                              score_a=7 if bobs.player_a_id == w.bob.pk else 0,
                                              score_b=0 if bobs.player_a_id == w.bob.pk else 7)
    w.t_swiss = event("Swiss night", "swiss")
    preview = rounds.swiss_round_preview(tournament=w.t_swiss)
    rounds.swiss_round_publish(tournament=w.t_swiss, pairs=preview["pairs"])
    w.ladder = ladders.ladder_create(club=w.club, name="Ladder")
    for player in four:
        ladders.ladder_join(ladder=w.ladder, player=player)
    w.challenge = ladders.challenge_issue(ladder=w.ladder, by=w.carol.user, challenged=w.bob)
    w.season = leagues.season_create(club=w.club, name="2026", starts_on=DAY,
                                     ends_on=DAY + datetime.timedelta(days=90),
                                     divisions=[[p.pk for p in four]])
    leagues.season_start(season=w.season)
    w.fixture = Fixture.objects.filter(division__season=w.season).first()
    w.invite_token = invitation_create(club=w.club, email="sweep@example.org",
                                       name="Sweep").token


def _history_import(w: SimpleNamespace) -> None:
    from imports.services import import_upload

    rows = ("date,player,opponent,length,score_player,score_opponent,event,kind,rated\n"
            f"2026-01-05,{w.alice.name},Nobody Known,5,5,2,Night,league,yes\n"
            f"2026-01-06,{w.alice.name},{w.bob.name},5,3,2,Night,league,yes\n")
    w.history_import = import_upload(club=w.club, kind="results", name="history.csv",
                                     data=rows.encode(), by=w.users["alice"])


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once; each test's own transaction (a savepoint inside this one) is rolled back."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHER):
        with transaction.atomic():
            w = _build()
            _tournaments(w)
            _federation(w)
            _history_import(w)
            yield w
            transaction.set_rollback(True)


# --------------------------------------------------------------------------- the sweep


def _attempts(target: Target, world) -> list[tuple[str, dict | str | None]]:
    """(what was sent, the request's data) for one target."""
    if target.method == "get":
        return [(f"?{query}", query) for query in QUERIES]
    garbage = JSON_GARBAGE if target.json else FORM_GARBAGE
    keys = FORM_KEYS
    attempts = [(f"every field {value!r}", dict.fromkeys(keys, value)) for value in garbage]
    if target.json:
        attempts += [(f"body {body}", body) for body in RAW_BODIES]
    if target.data is not None:
        valid = target.data(world)
        attempts += [(f"{key}={value!r}", {**valid, key: value})
                     for key in valid for value in garbage]
    attempts.append(("nothing", {}))
    return attempts


def _send(client, target: Target, url: str, data):
    if target.method == "get":
        return client.get(url, data)
    if target.json:
        body = data if isinstance(data, str) else json.dumps(data)
        return client.post(url, body, content_type="application/json")
    form = {k: v for k, v in data.items() if v is not None}
    return client.post(url, form)


#: The personas whose sweep both CI passes run: a club's admin (every form and action of
#: the club's pages and API reached) and a stranger (every gate from outside). The other
#: four walk the same views' same code paths with other rights; CI runs them on PostgreSQL
#: only (marked ``strict_db``: the stricter database, where such a sweep's failures were
#: found), which takes about 40 s off the embedded pass. ``make test`` runs them all.
BOTH_PASSES = ("stranger", "alice")
PARAMS = [pytest.param(t, p, id=f"{t.id}-{p}",
                       marks=() if p in BOTH_PASSES else (pytest.mark.strict_db,))
          for t in TARGETS for p in PERSONAS]


@pytest.mark.parametrize("target, persona", PARAMS)
def test_bad_input_never_gets_a_5xx(client, world, target, persona, settings):
    # The session in its cookie: a sweep of some 21,000 requests spends no query on it.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
    client.raise_request_exception = False
    client.force_login(world.users[persona])
    url = target.url(world)
    failures = []
    for sent, data in _attempts(target, world):
        if target.method == "get":  # reads: nothing to undo
            response = _send(client, target, url, data)
        else:
            with transaction.atomic():  # a write that got through is undone before the next
                response = _send(client, target, url, data)
                transaction.set_rollback(True)
        if response.status_code >= 500:
            error = response.exc_info[1] if getattr(response, "exc_info", None) else ""
            failures.append(f"{sent}: {response.status_code} {error!r}"[:300])
    assert not failures, "\n".join(failures)


def test_every_page_and_endpoint_is_swept():
    names = {name for name, _ in _named_patterns()} - IGNORED
    assert names - {t.name for t in TARGETS} == set(), "add these pages to TARGETS"
