"""The permission matrix: every page and API endpoint x every persona -> the expected answer.

One world is built for the whole module (Riverside: a chouette evening with a finished game
and a payment, an evening with a game in progress, one still rolling for the order, a
checked match record; Hilltop, the other club: an evening and a record of its own). Every
test runs in a savepoint on top of it, so writes are undone after each test.

Personas: ``anonymous``; ``stranger`` (signed in, no club); ``dave`` (admin of Hilltop);
``bob`` (player), ``carol`` (referee), ``alice`` (admin) of Riverside; ``root`` (superuser).

Expectations (the policy in ``clubs/permissions.py``):
- allowed read: 200; allowed write: a redirect (pages) or 200/201/202 (API), and the
  database changed;
- refused read: 403 or 404 when signed in, the login page (pages) or 401/403/404 (API) when
  anonymous; refused write: 403 when signed in, the login page or 401/403 when anonymous,
  and nothing changed in the database;
- no answer given to someone outside Hilltop contains anything of Hilltop's.

A test fails when the URLconf has a page the matrix does not list: add new pages to
``ENDPOINTS`` (or, for another policy, to ``NOT_IN_THIS_MATRIX`` with the reason).
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.authtoken.models import Token

from accounts.models import AccountPreference, Invitation, OutboundMail
from accounts.services.invitations import invitation_create
from analysis.models import Analysis, AnalysisSetting, PlayerChoice
from audit.models import AuditEntry
from chouette import selectors as chouette_selectors
from chouette import services as chouette
from chouette.models import (
    ChouetteCubeAction,
    ChouetteGame,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSeat,
    ChouetteSession,
)
from clubs.models import Club, Membership, Player
from games.models import BulkUpload, MatchRecord, ReplaySetting
from games.services.bulk import match_files_upload
from games.services.match_import import match_import
from games.services.rules_check import rules_check_run
from live.models import LiveAction, LiveMatch
from live.services import live_match_create
from ratings.models import Season
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    sample_bytes,
)

pytestmark = pytest.mark.django_db

PERSONAS = ("anonymous", "stranger", "dave", "bob", "carol", "alice", "root")
EVERYONE = frozenset(PERSONAS)
SIGNED_IN = EVERYONE - {"anonymous"}
MEMBERS = frozenset({"bob", "carol", "alice", "root"})  # of Riverside (root passes every gate)
WRITERS = frozenset({"carol", "alice", "root"})
ADMINS = frozenset({"alice", "root"})
#: Who may see Hilltop's rows: nobody else's answers may contain its markers.
HILLTOP_INSIDERS = frozenset({"dave", "root"})
#: Things only Hilltop's data contains: its players' names, its currency, its evening's date,
#: a name from its match file.
HILLTOP_MARKERS = ("Hilda Hilltopper", "Harold Hillside", "CHF", "1999-12-31", "postmanpat")


def _shows(marker: str, body: str) -> bool:
    """The marker as a word of its own: a random token (CSRF, a cache key) may hold "CHF"."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(marker)}(?![A-Za-z0-9])", body) is not None

FAST_HASHER = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# --------------------------------------------------------------------------- the world


def _member(club: Club, name: str, role: str = "player", username: str = "") -> Player:
    user = UserFactory(username=username) if username else None
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player, role=role)
    return player


def _evening(club, players, *, date, stake, roll=True, finish=True):
    """A session; unless told otherwise the order is rolled (the first player is the box)
    and game 1 is played (the team wins)."""
    session = chouette.chouette_session_start(club=club, date=date, stake=Decimal(stake),
                                              players=players)
    if roll:
        chouette.chouette_order_roll(session=session, rolls={
            p.pk: 6 - i for i, p in enumerate(players)})
        chouette.chouette_game_start(session=session)
        if finish:
            chouette.chouette_result_record(session=session, winner="team", kind="single")
    session.refresh_from_db()
    return session


def _first_payment_of_the_plan(club: Club) -> ChouettePayment:
    plan = chouette_selectors.settlement(club=club)["plan"][0]
    return chouette.chouette_payment_record(club=club, payer=plan["payer_id"],
                                            payee=plan["payee_id"], amount=plan["amount"])


def _record(club, sample: str, left: Player, right: Player) -> MatchRecord:
    record = match_import(club=club, data=sample_bytes(sample), filename=sample,
                          player_left=left, player_right=right)
    rules_check_run(check_id=record.rules_check.pk)
    record.refresh_from_db()
    return record


def _build() -> SimpleNamespace:
    w = SimpleNamespace()
    w.club = ClubFactory(name="Riverside Backgammon Club", slug="riverside")
    w.alice = _member(w.club, "Alice", "admin", "alice")
    w.bob = _member(w.club, "Bob", "player", "bob")
    w.carol = _member(w.club, "Carol", "referee", "carol")
    w.dora = _member(w.club, "Dora", "player")
    w.dot = _member(w.club, "Dorothy", "player")  # Dora's second row (a merge joins them)
    four = [w.alice, w.bob, w.carol, w.dora]
    # Finished game 1 (the team won), one payment of the plan marked paid.
    w.session = _evening(w.club, four, date=datetime.date(2026, 3, 6), stake="2.00")
    w.game = w.session.games.get()
    w.payment = _first_payment_of_the_plan(w.club)
    # A game in progress (Alice box, Bob captain) and an evening still rolling for the order.
    w.live = _evening(w.club, four, date=datetime.date(2026, 3, 13), stake="1.00",
                      finish=False)
    w.live_game = w.live.games.get()
    w.fresh = _evening(w.club, four, date=datetime.date(2026, 3, 20), stake="1.00", roll=False)
    w.record = _record(w.club, "gnubg_roll_then_resign_1p.mat", w.bob, w.dora)
    w.replay_key = "g1-t1"
    w.resend_word = "resend"
    w.analysis = Analysis.objects.create(record=w.record, status=Analysis.Status.DONE)
    w.match_files = match_files_upload(club=w.club, data=_zip("gnubg_roll_then_resign_1p.mat"),
                                       filename="files.zip", uploaded_by=None)
    # A live match with real dice: Bob (who signs in) against Dora (who does not).
    w.live_match = live_match_create(club=w.club, by=w.bob.user, player_a=w.bob,
                                     player_b=w.dora, length=3, dice="manual")

    w.other = ClubFactory(name="Hilltop Backgammon Club", slug="hilltop", currency="CHF")
    w.dave = _member(w.other, "Dave", "admin", "dave")
    w.hilda = _member(w.other, "Hilda Hilltopper")
    w.harold = _member(w.other, "Harold Hillside")
    w.other_session = _evening(w.other, [w.dave, w.hilda, w.harold],
                               date=datetime.date(1999, 12, 31), stake="7.00")
    w.other_game = w.other_session.games.get()
    w.other_payment = _first_payment_of_the_plan(w.other)
    w.other_record = _record(w.other, "match3.txt", w.hilda, w.harold)
    w.other_membership = Membership.objects.get(club=w.other, player=w.hilda)

    w.invitation = invitation_create(club=w.club, email="newcomer@example.org",
                                     name="Newcomer").invitation
    w.other_invitation = invitation_create(club=w.other, email="hilltopper@example.org",
                                           name="Hilda Hilltopper").invitation
    w.mail = OutboundMail.objects.get(club=w.club, kind="invitation")

    w.users = {"stranger": UserFactory(username="stranger"),
               "root": UserFactory(username="root", is_superuser=True, is_staff=True)}
    for name in ("alice", "bob", "carol", "dave"):
        w.users[name] = getattr(w, name).user
    return w


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once; each test's own transaction (a savepoint inside this one) is rolled back."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHER):
        with transaction.atomic():
            yield _build()
            transaction.set_rollback(True)


def _as(client, world, persona: str):
    if persona != "anonymous":
        client.force_login(world.users[persona])
    return client


def snapshot() -> dict:
    """Everything a write could change (compared before and after a refused write)."""
    return {
        "sessions": list(ChouetteSession.objects.order_by("pk")
                         .values_list("pk", "version", "status", "opening_rounds")),
        "seats": list(ChouetteSeat.objects.order_by("pk")
                      .values_list("pk", "status", "position")),
        "games": list(ChouetteGame.objects.order_by("pk").values_list("pk", "status")),
        "cube actions": ChouetteCubeAction.objects.count(),
        "ledger": ChouetteLedgerEntry.objects.count(),
        "payments": ChouettePayment.objects.count(),
        "memberships": list(Membership.objects.order_by("pk")
                            .values_list("pk", "role", "is_active")),
        "players": Player.objects.count(),
        "records": MatchRecord.objects.count(),
        "zips of match files": BulkUpload.objects.count(),
        "replay settings": list(ReplaySetting.objects.order_by("pk")
                                .values_list("user_id", "home", "switch_sides")),
        "seasons": Season.objects.count(),
        "audit": AuditEntry.objects.count(),
        "api tokens": list(Token.objects.order_by("key").values_list("key", flat=True)),
        "logins": list(User.objects.order_by("pk").values_list("pk", "username", "is_active")),
        "invitations": list(Invitation.objects.order_by("pk").values_list(
            "pk", "token_hash", "revoked_at")),
        "clubs": list(Club.objects.order_by("pk").values_list("pk", "join_requests_open",
                                                              "language")),
        "languages": list(AccountPreference.objects.order_by("pk").values_list("user_id",
                                                                              "language")),
        "mails": OutboundMail.objects.count(),
        "analyses": list(Analysis.objects.order_by("pk").values_list("pk", "status", "plies")),
        "analysis choices": list(PlayerChoice.objects.order_by("pk").values_list(
            "player_id", "on_leaderboard")),
        "analysis settings": list(AnalysisSetting.objects.order_by("pk").values_list(
            "club_id", "plies", "leaderboard")),
        "live matches": list(LiveMatch.objects.order_by("pk").values_list("pk", "version")),
        "live actions": LiveAction.objects.count(),
    }


# --------------------------------------------------------------------------- the endpoints


@dataclass(frozen=True)
class Endpoint:
    name: str  # the URL name, as reversed
    allowed: frozenset
    url: Callable[[SimpleNamespace], str]
    method: str = "get"
    api: bool = False
    data: Callable[[SimpleNamespace], dict] | None = None
    #: JSON body (API writes) rather than a form (pages, uploads).
    json: bool = False
    #: Public directories (clubs, players): they list every club by design.
    directory: bool = False
    label: str = ""  # tells apart several rows for one URL (the scoreboard taps)
    #: Answers a file (a PDF), not the browsable API's page.
    binary: bool = False

    @property
    def id(self) -> str:
        return f"{self.method} {self.name}{' ' + self.label if self.label else ''}"

    @property
    def writes(self) -> bool:
        return self.method == "post"


def _r(name: str, *args) -> Callable[[SimpleNamespace], str]:
    """A URL builder: ``args`` are attribute paths on the world ("session.pk")."""

    def build(w):
        values = []
        for arg in args:
            value = w
            for part in arg.split("."):
                value = getattr(value, part)
            values.append(value)
        return reverse(name, args=values)

    return build


def _upload(name: str) -> Callable[[SimpleNamespace], dict]:
    return lambda w: {"file": SimpleUploadedFile(name, sample_bytes(name))}


def _zip(name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(name, sample_bytes(name))
    return buffer.getvalue()


def _zip_upload(name: str) -> Callable[[SimpleNamespace], dict]:
    return lambda w: {"file": SimpleUploadedFile("files.zip", _zip(name))}


def _plan_payment(w) -> dict:
    plan = chouette_selectors.settlement(club=w.club)["plan"][0]
    return {"payer": plan["payer_id"], "payee": plan["payee_id"], "amount": str(plan["amount"])}


def _new_session(w) -> dict:
    return {"date": "2026-04-03", "stake": "1.00", "players": [w.alice.pk, w.bob.pk],
            "cube_mode": "per_member", "automatic_doubles": 0,
            "consultation": "no_cube_no_talk", "box_answer_policy": "free"}


CLUB_SLUG = "club.slug"

ENDPOINTS = [
    # The signed-in user's own API token (create/replace and revoke, with CSRF).
    Endpoint("accounts:tokens", SIGNED_IN, _r("accounts:tokens")),
    Endpoint("accounts:tokens", SIGNED_IN, _r("accounts:tokens"), "post",
             data=lambda w: {"action": "create"}, label="create"),
    # The signed-in login's own pages: their account and data (download, close with their
    # password), and allauth's email, password and two-factor pages.
    Endpoint("accounts:my-data", SIGNED_IN, _r("accounts:my-data")),
    Endpoint("accounts:my-data-download", SIGNED_IN, _r("accounts:my-data-download")),
    Endpoint("accounts:my-data-close", SIGNED_IN, _r("accounts:my-data-close"), "post",
             data=lambda w: {"password": "correct horse battery"}),
    Endpoint("accounts:language", SIGNED_IN, _r("accounts:language"), "post",
             data=lambda w: {"language": "de"}),
    Endpoint("account_email", SIGNED_IN, _r("account_email")),
    Endpoint("account_change_password", SIGNED_IN, _r("account_change_password")),
    Endpoint("mfa_index", SIGNED_IN, _r("mfa_index")),
    # Who am I (any signed-in user); a club's invitations and outbox (its admins).
    Endpoint("me-api", SIGNED_IN, _r("me-api"), api=True),
    Endpoint("accounts:club-invitations", ADMINS, _r("accounts:club-invitations", CLUB_SLUG)),
    Endpoint("accounts:club-invitations", ADMINS, _r("accounts:club-invitations", CLUB_SLUG),
             "post", data=lambda w: {"form": "one", "one-email": "ann@example.org",
                                     "one-name": "Ann", "one-role": "player"}, label="one"),
    Endpoint("accounts:club-invitation-action", ADMINS,
             _r("accounts:club-invitation-action", CLUB_SLUG, "invitation.pk", "resend_word"),
             "post", data=lambda w: {}),
    Endpoint("accounts:club-outbox", ADMINS, _r("accounts:club-outbox", CLUB_SLUG)),
    Endpoint("accounts:club-outbox-mail", ADMINS,
             _r("accounts:club-outbox-mail", CLUB_SLUG, "mail.pk")),
    Endpoint("accounts:club-join-requests", ADMINS,
             _r("accounts:club-join-requests", CLUB_SLUG)),
    Endpoint("accounts:club-join-requests", ADMINS,
             _r("accounts:club-join-requests", CLUB_SLUG), "post",
             data=lambda w: {"action": "open"}),
    # Starting a club, asking to join one: anyone signed in (tests/accounts/test_clubs.py).
    # Starting a club: the site's superusers (CLUB_CREATION's default, issue 31.6).
    Endpoint("accounts:club-new", frozenset({"root"}), _r("accounts:club-new"), directory=True),
    Endpoint("notifications:list", SIGNED_IN, _r("notifications:list")),
    Endpoint("accounts:club-join", SIGNED_IN, _r("accounts:club-join", CLUB_SLUG)),
    Endpoint("invitation-list-api", ADMINS, _r("invitation-list-api", CLUB_SLUG), api=True),
    Endpoint("invitation-list-api", ADMINS, _r("invitation-list-api", CLUB_SLUG), "post",
             api=True, json=True,
             data=lambda w: {"email": "bo@example.org", "role": "player", "name": "Bo"}),
    Endpoint("invitation-resend-api", ADMINS,
             _r("invitation-resend-api", CLUB_SLUG, "invitation.pk"), "post", api=True,
             json=True, data=lambda w: {}),
    Endpoint("invitation-revoke-api", ADMINS,
             _r("invitation-revoke-api", CLUB_SLUG, "invitation.pk"), "post", api=True,
             json=True, data=lambda w: {}),
    # Club pages: public, and the manage pages for the club's admins.
    Endpoint("clubs:home", EVERYONE, _r("clubs:home"), directory=True),
    Endpoint("clubs:detail", EVERYONE, _r("clubs:detail", CLUB_SLUG), directory=True),
    Endpoint("clubs:manage", ADMINS, _r("clubs:manage", CLUB_SLUG)),
    Endpoint("clubs:manage", ADMINS, _r("clubs:manage", CLUB_SLUG), "post",
             data=lambda w: {"name": "Newcomer", "role": "player"}, label="join"),
    Endpoint("clubs:language", ADMINS, _r("clubs:language", CLUB_SLUG), "post",
             data=lambda w: {"language": "it"}),
    Endpoint("clubs:membership-role", ADMINS,
             lambda w: reverse("clubs:membership-role", args=[
                 w.club.slug, Membership.objects.get(club=w.club, player=w.dora).pk]),
             "post", data=lambda w: {"role": "referee"}),
    Endpoint("clubs:membership-remove", ADMINS,
             lambda w: reverse("clubs:membership-remove", args=[
                 w.club.slug, Membership.objects.get(club=w.club, player=w.dora).pk]),
             "post", data=lambda w: {}),
    # Match records (Riverside's results are not public here).
    Endpoint("games:match-list", MEMBERS, _r("games:match-list", CLUB_SLUG)),
    Endpoint("games:match-detail", MEMBERS, _r("games:match-detail", "record.pk")),
    Endpoint("games:match-export", MEMBERS, _r("games:match-export", "record.pk")),
    Endpoint("games:match-export-sgf", MEMBERS, _r("games:match-export-sgf", "record.pk")),
    Endpoint("games:match-replay-frame", MEMBERS,
             _r("games:match-replay-frame", "record.pk", "replay_key")),
    Endpoint("games:replay-setting", SIGNED_IN, _r("games:replay-setting"), "post",
             data=lambda w: {"home": "left", "next": "/"}),
    Endpoint("games:match-upload", MEMBERS, _r("games:match-upload", CLUB_SLUG)),
    # The analysis of a match (members, like the record); analysing again: the club's admins.
    Endpoint("analysis:panel", MEMBERS, _r("analysis:panel", "record.pk")),
    Endpoint("analysis:restart", ADMINS, _r("analysis:restart", "record.pk"), "post",
             data=lambda w: {"plies": "2"}),
    Endpoint("match-analysis-api", MEMBERS, _r("match-analysis-api", "record.pk"), api=True),
    Endpoint("player-analysis-api", EVERYONE, _r("player-analysis-api", "dora.pk"), api=True),
    # A player's analysis page and the season's error-rate leaderboard: the results gate
    # (members here); a player's choice to be on it: theirs alone (not even an admin's or a
    # superuser's); the club's analysis settings: its admins.
    Endpoint("analysis:player", MEMBERS, _r("analysis:player", CLUB_SLUG, "dora.pk")),
    Endpoint("analysis:leaderboard", MEMBERS, _r("analysis:leaderboard", CLUB_SLUG)),
    Endpoint("analysis:choice", frozenset({"bob"}), _r("analysis:choice", "bob.pk"), "post",
             data=lambda w: {"on_leaderboard": "on", "next": "/"}),
    Endpoint("analysis:manage", ADMINS, _r("analysis:manage", CLUB_SLUG)),
    Endpoint("analysis:manage", ADMINS, _r("analysis:manage", CLUB_SLUG), "post",
             data=lambda w: {"plies": "2", "leaderboard": "on"}),
    # Live matches: members follow; the two players act (a club's admins only at a
    # tournament match, not here; a superuser is not a player); a match is started by one
    # of its players or a club admin.
    Endpoint("live-match-api", MEMBERS, _r("live-match-api", "live_match.pk"), api=True),
    Endpoint("live-export-api", MEMBERS, _r("live-export-api", "live_match.pk"), api=True),
    Endpoint("live-action-api", frozenset({"bob"}), _r("live-action-api", "live_match.pk"),
             "post", api=True, json=True, data=lambda w: {"action": "roll", "dice": [3, 1]}),
    Endpoint("live:club", MEMBERS, _r("live:club", CLUB_SLUG)),
    Endpoint("live:club", frozenset({"bob", "alice", "root"}), _r("live:club", CLUB_SLUG),
             "post", data=lambda w: {"player_a": w.bob.pk, "player_b": w.dora.pk,
                                     "length": 3, "dice": "manual"}),
    Endpoint("live:board", MEMBERS, _r("live:board", "live_match.pk")),
    Endpoint("live:screen", MEMBERS, _r("live:screen", "live_match.pk")),
    Endpoint("live:club-screen", MEMBERS, _r("live:club-screen", CLUB_SLUG)),
    Endpoint("live:member-search", MEMBERS, _r("live:member-search", CLUB_SLUG)),
    Endpoint("live:state", MEMBERS, _r("live:state", "live_match.pk")),
    Endpoint("live:preview", MEMBERS, _r("live:preview", "live_match.pk")),
    Endpoint("live:act", frozenset({"bob"}), _r("live:act", "live_match.pk"), "post",
             data=lambda w: {"action": "roll", "d1": "3", "d2": "1"}),
    Endpoint("live-match-create-api", frozenset({"bob", "alice", "root"}),
             _r("live-match-create-api", CLUB_SLUG), "post", api=True, json=True,
             data=lambda w: {"player_a": w.bob.pk, "player_b": w.dora.pk, "length": 5}),
    Endpoint("games:match-upload", MEMBERS, _r("games:match-upload", CLUB_SLUG), "post",
             data=_upload("7point.mat")),
    # A zip of match files: the club's admins (upload, the report).
    Endpoint("games:match-files", ADMINS, _r("games:match-files", CLUB_SLUG)),
    Endpoint("games:match-files", ADMINS, _r("games:match-files", CLUB_SLUG), "post",
             data=_zip_upload("7point.mat")),
    Endpoint("games:match-files-report", ADMINS,
             _r("games:match-files-report", "match_files.pk")),
    # Chouette money: members read, admins and referees write.
    Endpoint("chouette:list", MEMBERS, _r("chouette:list", CLUB_SLUG)),
    Endpoint("chouette:new", WRITERS, _r("chouette:new", CLUB_SLUG)),
    Endpoint("chouette:new", WRITERS, _r("chouette:new", CLUB_SLUG), "post",
             data=_new_session),
    Endpoint("chouette:board", MEMBERS, _r("chouette:board", CLUB_SLUG, "session.pk")),
    Endpoint("chouette:state", MEMBERS, _r("chouette:state", CLUB_SLUG, "session.pk")),
    Endpoint("chouette:ledger-csv", MEMBERS,
             _r("chouette:ledger-csv", CLUB_SLUG, "session.pk")),
    Endpoint("chouette:settlement", MEMBERS, _r("chouette:settlement", CLUB_SLUG)),
    Endpoint("chouette:record", MEMBERS, _r("chouette:record", CLUB_SLUG, "dora.pk")),
    Endpoint("chouette:mark-paid", WRITERS, _r("chouette:mark-paid", CLUB_SLUG), "post",
             data=_plan_payment, label="one"),
    Endpoint("chouette:mark-paid", WRITERS, _r("chouette:mark-paid", CLUB_SLUG), "post",
             data=lambda w: {"all": "1"}, label="all"),
    Endpoint("chouette:payment-undo", WRITERS,
             _r("chouette:payment-undo", CLUB_SLUG, "payment.pk"), "post",
             data=lambda w: {"reason": "Marked by mistake"}),
    Endpoint("chouette:tap", WRITERS,
             lambda w: reverse("chouette:tap", args=[w.club.slug, w.session.pk, "start"]),
             "post", data=lambda w: {}, label="start"),
    Endpoint("chouette:tap", WRITERS,
             lambda w: reverse("chouette:tap", args=[w.club.slug, w.session.pk, "undo"]),
             "post", data=lambda w: {}, label="undo"),
    Endpoint("chouette:tap", WRITERS,
             lambda w: reverse("chouette:tap", args=[w.club.slug, w.session.pk, "close"]),
             "post", data=lambda w: {}, label="close"),
    Endpoint("chouette:tap", WRITERS,
             lambda w: reverse("chouette:tap", args=[w.club.slug, w.live.pk, "result"]),
             "post", data=lambda w: {"result": "box:single"}, label="result"),
    Endpoint("chouette:tap", WRITERS,
             lambda w: reverse("chouette:tap", args=[w.club.slug, w.fresh.pk, "roll"]),
             "post", data=lambda w: {}, label="roll"),
    # API: clubs and players (directories), match records, chouette.
    Endpoint("club-list", EVERYONE, _r("club-list"), api=True, directory=True),
    Endpoint("club-detail", EVERYONE, _r("club-detail", "club.pk"), api=True, directory=True),
    Endpoint("player-list", SIGNED_IN, _r("player-list"), api=True, directory=True),
    Endpoint("player-detail", SIGNED_IN, _r("player-detail", "dora.pk"), api=True,
             directory=True),
    Endpoint("match-record-list", EVERYONE, _r("match-record-list"), api=True),
    Endpoint("match-record-detail", MEMBERS, _r("match-record-detail", "record.pk"),
             api=True),
    Endpoint("match-record-export-mat", MEMBERS, _r("match-record-export-mat", "record.pk"),
             api=True),
    Endpoint("match-record-export-sgf", MEMBERS, _r("match-record-export-sgf", "record.pk"),
             api=True),
    Endpoint("match-upload-api", MEMBERS, _r("match-upload-api", CLUB_SLUG), "post",
             api=True, data=_upload("7point.mat")),
    Endpoint("match-files-upload-api", ADMINS, _r("match-files-upload-api", CLUB_SLUG), "post",
             api=True, data=_zip_upload("7point.mat")),
    Endpoint("match-files-api", ADMINS, _r("match-files-api", "match_files.pk"), api=True),
    Endpoint("chouette-session-list", SIGNED_IN, _r("chouette-session-list"), api=True),
    Endpoint("chouette-session-detail", MEMBERS, _r("chouette-session-detail", "session.pk"),
             api=True),
    Endpoint("chouette-game-list", SIGNED_IN, _r("chouette-game-list"), api=True),
    Endpoint("chouette-game-detail", MEMBERS, _r("chouette-game-detail", "game.pk"),
             api=True),
    Endpoint("chouette-settlement-api", MEMBERS, _r("chouette-settlement-api", CLUB_SLUG),
             api=True),
    Endpoint("chouette-session-start-api", WRITERS,
             _r("chouette-session-start-api", CLUB_SLUG), "post", api=True, json=True,
             data=lambda w: {"date": "2026-04-03", "stake": "1.00",
                             "players": [w.alice.pk, w.bob.pk]}),
    Endpoint("chouette-order-api", WRITERS, _r("chouette-order-api", "fresh.pk"), "post",
             api=True, json=True, data=lambda w: {}),
    Endpoint("chouette-lineup-api", WRITERS, _r("chouette-lineup-api", "session.pk"),
             "post", api=True, json=True,
             data=lambda w: {"action": "sit_out", "player": w.dora.pk}),
    Endpoint("chouette-game-start-api", WRITERS, _r("chouette-game-start-api", "session.pk"),
             "post", api=True, json=True, data=lambda w: {}),
    Endpoint("chouette-undo-api", WRITERS, _r("chouette-undo-api", "session.pk"), "post",
             api=True, json=True, data=lambda w: {"reason": "Wrong board"}),
    Endpoint("chouette-cube-action-api", WRITERS,
             _r("chouette-cube-action-api", "live_game.pk"), "post", api=True, json=True,
             data=lambda w: {"kind": "team_double", "members": [w.bob.pk]}),
    Endpoint("chouette-result-api", WRITERS, _r("chouette-result-api", "live_game.pk"),
             "post", api=True, json=True, data=lambda w: {"winner": "box", "kind": "single"}),
    Endpoint("chouette-payment-api", WRITERS, _r("chouette-payment-api", CLUB_SLUG), "post",
             api=True, json=True, data=_plan_payment),
    Endpoint("chouette-payment-undo-api", WRITERS,
             _r("chouette-payment-undo-api", CLUB_SLUG, "payment.pk"), "post", api=True,
             json=True, data=lambda w: {"reason": "Marked by mistake"}),
    # Ratings and standings: the results gate (members here); settings for the admins.
    Endpoint("clubs:ratings", MEMBERS, _r("clubs:ratings", CLUB_SLUG)),
    Endpoint("clubs:leaderboard", MEMBERS, _r("clubs:leaderboard", CLUB_SLUG)),
    Endpoint("clubs:master-points", MEMBERS, _r("clubs:master-points", CLUB_SLUG)),
    Endpoint("clubs:what-if", MEMBERS, _r("clubs:what-if", CLUB_SLUG)),
    Endpoint("clubs:player", MEMBERS, _r("clubs:player", CLUB_SLUG, "dora.pk")),
    Endpoint("clubs:head-to-head", MEMBERS, _r("clubs:head-to-head", CLUB_SLUG, "dora.pk")),
    Endpoint("clubs:ratings-manage", ADMINS, _r("clubs:ratings-manage", CLUB_SLUG)),
    Endpoint("clubs:ratings-manage", ADMINS, _r("clubs:ratings-manage", CLUB_SLUG), "post",
             data=lambda w: {"season-name": "2026", "season-starts_on": "2026-01-01",
                             "season-ends_on": "2026-12-31"}, label="season"),
    Endpoint("rating-list-api", MEMBERS, _r("rating-list-api", CLUB_SLUG), api=True),
    # Printing (printing/): the PDFs of the pages above, behind the same gates.
    Endpoint("printing:chouette", MEMBERS, _r("printing:chouette", CLUB_SLUG, "session.pk")),
    Endpoint("printing:ratings", MEMBERS, _r("printing:ratings", CLUB_SLUG)),
    Endpoint("printing:season", MEMBERS, _r("printing:season", CLUB_SLUG)),
    Endpoint("chouette-print-api", MEMBERS, _r("chouette-print-api", "session.pk"), api=True,
             binary=True),
    Endpoint("ratings-print-api", MEMBERS, _r("ratings-print-api", CLUB_SLUG), api=True,
             binary=True),
    Endpoint("standings-print-api", MEMBERS, _r("standings-print-api", CLUB_SLUG), api=True,
             binary=True),
    Endpoint("rating-history-api", MEMBERS, _r("rating-history-api", CLUB_SLUG, "dora.pk"),
             api=True),
    Endpoint("head-to-head-api", MEMBERS, _r("head-to-head-api", CLUB_SLUG, "dora.pk"),
             api=True),
    Endpoint("standings-api", MEMBERS, _r("standings-api", CLUB_SLUG), api=True),
    Endpoint("what-if-api", MEMBERS,
             lambda w: reverse("what-if-api", args=[w.club.slug]) + "?rating_a=1800"
             "&rating_b=1700&length=5", api=True),
    # One person across clubs (issue 32): the club's admins (an admin of every club of the
    # two players merges them: tests/people).
    Endpoint("player-duplicates-api", ADMINS, _r("player-duplicates-api", CLUB_SLUG),
             api=True),
    Endpoint("player-merge-api", ADMINS, _r("player-merge-api", CLUB_SLUG, "dot.pk"), "post",
             api=True, json=True, data=lambda w: {"into": w.dora.pk}),
]

#: Patterns with a policy of their own, tested elsewhere (see the module docstring).
NOT_IN_THIS_MATRIX = {
    # The invitation link: the login holding its address, or anyone signed out
    # (tests/accounts/test_invitations.py, test_invitation_address.py).
    "accounts:invitation-accept", "invitation-accept-api",
    # Tournaments: public brackets, the director's page for the club's admins (tests/tournaments).
    "tournaments:list", "tournaments:new", "tournaments:detail", "tournaments:state",
    "tournaments:manage", "tournaments:play", "tournaments:direct", "tournaments:mine",
    "tournaments:withdraw",  # a player's own entry (tests/tournaments/test_player_withdrawal)
    "tournament-list", "tournament-detail", "tournament-match-report-api",
    "tournament-report-confirm-api",
    # Tournament writes: their own persona x endpoint table in tests/tournaments/test_api.py.
    "tournament-create-api", "tournament-entry-add-api", "tournament-seed-api",
    "tournament-start-api", "tournament-entry-withdraw-api", "tournament-match-enter-api",
    "tournament-match-resolve-api", "tournament-match-correct-api",
    "tournament-report-dispute-api",
    # Swiss, round robins, ladders, leagues: public pages (anyone) and the director's pages
    # (the club's admins), their persona table in tests/tournaments/test_swiss_pages.py.
    "tournaments:standings", "tournaments:pairing", "tournaments:ladder",
    "tournaments:ladder-state", "tournaments:ladder-action", "tournaments:league",
    "tournaments:league-state", "tournaments:league-action",
    "tournaments:ladders", "tournaments:leagues",
    "tournament-standings-api", "tournament-pairing-api", "ladder-api", "ladder-challenge-api",
    "ladder-challenge-action-api", "league-api", "league-fixture-action-api",
    "ladder-leave-api",
    # Printing a tournament's paper (public, or its referees' for the scoresheets and table
    # cards) and a pack by its id (the gate of what it prints): tests/printing.
    "printing:tournament", "tournament-print-api", "printing:pack", "print-pack-api",
    "print-pack-pdf-api",
    # Federations: public pages and reads; the club's admins apply and leave, the
    # federation's admins decide (their persona tests in tests/federations).
    "federations:list", "federations:detail", "federations:apply", "federations:accept",
    "federations:refuse", "federations:leave", "federation-create-api",
    "federation-detail-api", "federation-club-apply-api", "federation-club-accept-api",
    "federation-club-refuse-api", "federation-club-leave-api", "federation-role-grant-api",
    "federation-role-revoke-api", "federation-policy-api", "club-rated-policy-api",
    # The federation's audit log: its admins (tests/federations/test_audit_log.py).
    "federations:audit",
    # A club's history imported and exported (issue 36): the club's admins and its
    # federation's rating officers; their persona tables in tests/imports/test_gates.py and
    # test_pages.py (tests/test_bad_input.py sweeps them).
    "imports:list", "imports:detail", "imports:confirm", "imports:errors",
    "import-upload-api", "import-api", "import-confirm-api", "import-errors-api",
    "history-csv-api", "history-xlsx-api",
    # A zip's names chosen (the club's admins): tests/games/test_bulk_names.py.
    "match-files-names-api",
    # National lists: public reads (the list, official lists, changes, exports); the
    # federation's rating officers publish (tests/federations/test_lists_api.py).
    "clubs:federation-ratings", "national-ratings-api", "official-lists-api",
    "official-list-api", "official-list-changes-api", "official-list-csv-api",
    "official-list-json-api",
    # Team leagues (issue 35): federation admins, club admins, captains and referees, their
    # persona tables in tests/teamleagues (test_api.py, test_pages.py).
    "team-league-create-api", "team-league-division-api", "team-league-team-api",
    "team-league-draw-api", "team-league-fixtures-api", "team-league-standings-api",
    "team-league-close-api", "team-fixture-api", "team-fixture-lineup-api",
    "team-fixture-result-api", "team-fixture-confirm-api", "team-fixture-dispute-api",
    "team-fixture-decide-api",
    "teamleagues:league", "teamleagues:fixtures", "teamleagues:team", "teamleagues:captain",
    "teamleagues:card", "teamleagues:card-state", "teamleagues:card-action",
    # The printed match card: the card's gate, hidden line-ups blank (tests/teamleagues/
    # test_print.py).
    "printing:team-card", "team-fixture-print-api",
    # Next season confirmed by the league's admins (tests/teamleagues/test_next_season.py).
    "team-league-next-api", "teamleagues:next",
    # A team card's board played live: started by its two players, a captain of either team
    # or a league admin; nobody else (the persona table: tests/live/test_team_boards.py).
    "live:team-board-start", "team-board-live-api",
}
#: Not the app's pages: allauth's sign-in pages (signing in and out, sign-up (closed),
#: password reset by link, address confirmation by link, the second factor's steps: their
#: policy is their own, tests/accounts; tests/test_bad_input.py sweeps them), the API root,
#: schema and docs, health.
IGNORED = {"account_login", "account_logout", "account_inactive", "account_signup",
           "account_reauthenticate", "account_email_verification_sent",
           "account_request_reauthentication_code", "account_confirm_reauthentication_code",
           "account_set_password", "account_reset_password", "account_confirm_login_code",
           "account_confirm_email", "account_reset_password_from_key_done",
           "account_reset_password_from_key", "account_reset_password_done",
           "mfa_authenticate", "mfa_reauthenticate", "mfa_activate_totp", "mfa_deactivate_totp",
           "mfa_view_recovery_codes", "mfa_generate_recovery_codes",
           "mfa_download_recovery_codes",
           "api-root", "api-schema", "api-docs", "healthz",
           "javascript-catalog",  # the translations of the pages' scripts, the same for all
           "favicon"}  # the site's icon, for all (tests/config/test_favicon.py)


# --------------------------------------------------------------------------- expectations


def _expected(endpoint: Endpoint, persona: str) -> set[int] | str:
    """The allowed answers: a set of status codes, or "login" (a redirect to the login page)."""
    if persona in endpoint.allowed:
        if not endpoint.writes:
            return {200}
        return {200, 201, 202} if endpoint.api else {302}
    if persona == "anonymous":
        if not endpoint.api:
            return "login"
        return {401, 403} if endpoint.writes else {401, 403, 404}
    return {403} if endpoint.writes else {403, 404}


def _call(client, world, endpoint: Endpoint):
    url = endpoint.url(world)
    if not endpoint.writes:
        return client.get(url)
    data = endpoint.data(world)
    if endpoint.json:
        return client.post(url, data, content_type="application/json")
    return client.post(url, data)


def _assert_status(response, expected, where):
    if expected == "login":
        assert response.status_code == 302, (where, response.status_code)
        assert response["Location"].startswith(reverse("account_login")), \
            (where, response["Location"])
    else:
        assert response.status_code in expected, (where, response.status_code, expected)


def _body(response) -> str:
    if response.get("Content-Type", "").startswith("application/pdf"):
        import io

        from pypdf import PdfReader

        return "\n".join(page.extract_text() for page in PdfReader(
            io.BytesIO(response.content)).pages)
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def _assert_no_hilltop(response, where):
    body = _body(response)
    for marker in HILLTOP_MARKERS:
        assert not _shows(marker, body), (where, marker)


MATRIX = [pytest.param(e, p, id=f"{e.id}-{p}") for e in ENDPOINTS for p in PERSONAS]


@pytest.mark.parametrize("endpoint, persona", MATRIX)
def test_the_answer_follows_the_policy(client, world, endpoint, persona):
    client = _as(client, world, persona)
    before = snapshot()
    response = _call(client, world, endpoint)
    where = (endpoint.id, persona)
    _assert_status(response, _expected(endpoint, persona), where)
    if endpoint.writes:
        changed = snapshot() != before
        assert changed == (persona in endpoint.allowed), (where, "changed" if changed else
                                                          "nothing changed")
    if response.status_code == 200 and persona not in HILLTOP_INSIDERS \
            and not endpoint.directory:
        _assert_no_hilltop(response, where)


# --------------------------------------------------------------------------- lists


def _ids(response) -> set[int]:
    body = response.json()
    rows = body["results"] if isinstance(body, dict) else body
    return {row["id"] for row in rows}


LISTS = {
    "chouette-session-list": (lambda w: {w.session.pk, w.live.pk, w.fresh.pk},
                              lambda w: {w.other_session.pk}),
    "chouette-game-list": (lambda w: {w.game.pk, w.live_game.pk}, lambda w: {w.other_game.pk}),
    "match-record-list": (lambda w: {w.record.pk}, lambda w: {w.other_record.pk}),
}


@pytest.mark.parametrize("persona", sorted(SIGNED_IN))
@pytest.mark.parametrize("name", LISTS)
def test_api_lists_hold_only_the_clubs_the_persona_belongs_to(client, world, name, persona):
    riverside, hilltop = (ids(world) for ids in LISTS[name])
    response = _as(client, world, persona).get(reverse(name))
    assert response.status_code == 200
    expected = (riverside if persona in MEMBERS else set()) | (
        hilltop if persona in HILLTOP_INSIDERS else set())
    assert _ids(response) == expected


def test_the_hilltop_markers_show_where_hilltop_may_be_seen(client, world):
    """The leak checks look for these markers: they must appear in Hilltop's own answers."""
    client = _as(client, world, "dave")
    bodies = [_body(client.get(url)) for url in (
        reverse("chouette-session-list"), reverse("chouette:settlement", args=["hilltop"]),
        reverse("games:match-detail", args=[world.other_record.pk]))]
    for marker in HILLTOP_MARKERS:
        assert any(_shows(marker, body) for body in bodies), marker


API_READS = [e for e in ENDPOINTS if e.api and not e.writes and not e.directory
             and not e.binary]


@pytest.mark.parametrize("persona", ["stranger", "bob"])
@pytest.mark.parametrize("endpoint", API_READS, ids=[e.id for e in API_READS])
def test_the_browsable_api_shows_nothing_of_another_club(client, world, endpoint, persona):
    """The HTML pages of the API also render the filters' forms and their choices."""
    response = _as(client, world, persona).get(endpoint.url(world), HTTP_ACCEPT="text/html")
    assert response["Content-Type"].startswith("text/html")
    _assert_no_hilltop(response, (endpoint.id, persona))


FILTERS = {"chouette-session-list": lambda w: {"club__slug": "hilltop"},
           "chouette-game-list": lambda w: {"session": w.other_session.pk},
           "match-record-list": lambda w: {"club__slug": "hilltop"}}


@pytest.mark.parametrize("name", LISTS)
def test_filtering_a_list_by_another_club_gives_nothing(client, world, name):
    response = _as(client, world, "bob").get(reverse(name), FILTERS[name](world))
    # A choice the user cannot see is refused like one that does not exist (400); a value
    # that simply matches nothing gives an empty list.
    assert response.status_code == 400 or _ids(response) == set()


def test_filtering_the_games_by_ones_own_session_still_works(client, world):
    response = _as(client, world, "bob").get(reverse("chouette-game-list"),
                                             {"session": world.live.pk})
    assert response.status_code == 200 and _ids(response) == {world.live_game.pk}


# --------------------------------------------------------------------------- public results


RESULTS = [e for e in ENDPOINTS if e.name in (
    "games:match-list", "games:match-detail", "games:match-export", "match-record-detail",
    "games:match-replay-frame")]
MONEY = [e for e in ENDPOINTS if not e.writes and (
    e.name.startswith("chouette:") or e.name.startswith("chouette-"))
    and e.allowed == MEMBERS]


@pytest.mark.parametrize("persona", ["anonymous", "stranger", "dave"])
def test_public_results_open_the_match_records_to_everyone(client, world, persona):
    Club.objects.filter(pk=world.club.pk).update(results_public=True)
    client = _as(client, world, persona)
    for endpoint in RESULTS:
        response = _call(client, world, endpoint)
        assert response.status_code == 200, (endpoint.id, persona)
    listed = _ids(client.get(reverse("match-record-list")))
    assert world.record.pk in listed
    assert (world.other_record.pk in listed) == (persona == "dave")


@pytest.mark.parametrize("persona", ["anonymous", "stranger", "dave"])
def test_public_results_never_open_the_money(client, world, persona):
    Club.objects.filter(pk=world.club.pk).update(results_public=True)
    client = _as(client, world, persona)
    for endpoint in MONEY:
        response = _call(client, world, endpoint)
        _assert_status(response, _expected(endpoint, persona), (endpoint.id, persona))


@pytest.mark.parametrize("persona", ["anonymous", "stranger", "bob"])
def test_public_results_do_not_open_uploads(client, world, persona):
    """Public results are for reading: only members upload, whatever the club shows."""
    Club.objects.filter(pk=world.club.pk).update(results_public=True)
    upload = next(e for e in ENDPOINTS if e.name == "match-upload-api")
    before = snapshot()
    response = _call(_as(client, world, persona), world, upload)
    assert (snapshot() != before) == (persona in upload.allowed)
    _assert_status(response, _expected(upload, persona), persona)


# --------------------------------------------------------------------------- cross-club


def _hilda_left(w):
    return {"file": SimpleUploadedFile("7point.mat", sample_bytes("7point.mat")),
            "player_left": w.hilda.pk}


CROSS_CLUB = [
    # (label, method, url, data, json): Alice (admin here) asks for Hilltop's objects through
    # Riverside's URLs or names Hilltop's players in Riverside's writes.
    ("board", "get", lambda w: reverse("chouette:board", args=["riverside",
                                                               w.other_session.pk]), None, 0),
    ("state", "get", lambda w: reverse("chouette:state", args=["riverside",
                                                               w.other_session.pk]), None, 0),
    ("ledger csv", "get", lambda w: reverse("chouette:ledger-csv", args=[
        "riverside", w.other_session.pk]), None, 0),
    ("player record", "get", lambda w: reverse("chouette:record", args=[
        "riverside", w.hilda.pk]), None, 0),
    ("tap", "post", lambda w: reverse("chouette:tap", args=[
        "riverside", w.other_session.pk, "close"]), lambda w: {}, 0),
    ("payment undo", "post", lambda w: reverse("chouette:payment-undo", args=[
        "riverside", w.other_payment.pk]), lambda w: {"reason": "not ours"}, 0),
    ("api payment undo", "post", lambda w: reverse("chouette-payment-undo-api", args=[
        "riverside", w.other_payment.pk]), lambda w: {"reason": "not ours"}, 1),
    ("mark paid", "post", lambda w: reverse("chouette:mark-paid", args=["riverside"]),
     lambda w: {"payer": w.dave.pk, "payee": w.hilda.pk, "amount": "7.00"}, 0),
    ("api payment", "post", lambda w: reverse("chouette-payment-api", args=["riverside"]),
     lambda w: {"payer": w.dave.pk, "payee": w.hilda.pk, "amount": "7.00"}, 1),
    ("api session start", "post", lambda w: reverse("chouette-session-start-api",
                                                    args=["riverside"]),
     lambda w: {"date": "2026-04-03", "stake": "1.00", "players": [w.alice.pk, w.hilda.pk]},
     1),
    ("api lineup join", "post", lambda w: reverse("chouette-lineup-api", args=[
        w.session.pk]), lambda w: {"action": "join", "player": w.hilda.pk}, 1),
    ("role", "post", lambda w: reverse("clubs:membership-role", args=[
        "riverside", w.other_membership.pk]), lambda w: {"role": "admin"}, 0),
    ("remove", "post", lambda w: reverse("clubs:membership-remove", args=[
        "riverside", w.other_membership.pk]), lambda w: {}, 0),
    ("upload naming a player of another club", "post",
     lambda w: reverse("games:match-upload", args=["riverside"]), _hilda_left, 0),
    ("api upload naming a player of another club", "post",
     lambda w: reverse("match-upload-api", args=["riverside"]), _hilda_left, 0),
    ("merging a player of another club into ours", "post",
     lambda w: reverse("player-merge-api", args=["riverside", w.hilda.pk]),
     lambda w: {"into": w.dora.pk}, 1),
    ("merging our player into one of another club", "post",
     lambda w: reverse("player-merge-api", args=["riverside", w.dot.pk]),
     lambda w: {"into": w.hilda.pk}, 1),
]


@pytest.mark.parametrize("label, method, url, data, as_json", CROSS_CLUB,
                         ids=[row[0] for row in CROSS_CLUB])
def test_another_clubs_objects_are_out_of_reach_through_ones_own_club(
        client, world, label, method, url, data, as_json):
    client = _as(client, world, "alice")
    before = snapshot()
    if method == "get":
        response = client.get(url(world))
    elif as_json:
        response = client.post(url(world), data(world), content_type="application/json")
    else:
        response = client.post(url(world), data(world))
    assert snapshot() == before, label
    # Refused outright, or turned down by the service (a page's redirect with its message).
    assert response.status_code in (302, 400, 403, 404), (label, response.status_code)
    if response.status_code == 302:
        assert "/riverside/" in response["Location"], label


# --------------------------------------------------------------------------- coverage


def _named_patterns(resolver=None, namespace: str = "", prefix: str = ""):
    """(name, route) of every pattern reachable from the root URLconf (admin left out)."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or ""
            if inner == "admin":
                continue
            yield from _named_patterns(pattern, f"{namespace}{inner}:" if inner else namespace,
                                       route)
        elif isinstance(pattern, URLPattern):
            yield (f"{namespace}{pattern.name}" if pattern.name else None), route


def test_every_page_and_endpoint_is_in_the_matrix():
    patterns = list(_named_patterns())
    unnamed = [route for name, route in patterns if name is None]
    assert not unnamed, f"unnamed URL patterns cannot be checked: {unnamed}"
    names = {name for name, _ in patterns} - IGNORED - NOT_IN_THIS_MATRIX
    covered = {e.name for e in ENDPOINTS}
    assert names - covered == set(), "add these pages to ENDPOINTS in this file"
    assert covered - names == set(), "the matrix lists pages that no longer exist"

