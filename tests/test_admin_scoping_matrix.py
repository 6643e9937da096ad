"""The Django admin, scoped to clubs: every registered model x three staff personas.

Alice (admin of Riverside), Carol (referee there) and Dave (admin of Hilltop) are staff with
every model permission of the club models granted: the scoping (``ClubScopedAdmin``, the
Player admin) must do the rest. For every model with a club, nobody sees or reaches a row of
the other club: not in the changelist (nor in its filters), not through the change, delete
or history page, not through a bulk action. Models without a club (users, groups, the worker
heartbeat) are for superusers only: a club admin without those permissions gets 403.

A test fails when a model is registered in the admin and not classified here: add it to
``CLUB_PATHS`` (with a row of each club in the world) or to ``SUPERUSER_ONLY``.
"""

import datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from accounts.models import Invitation, OutboundMail
from analysis.models import Analysis, AnalysisSetting
from audit.models import AuditEntry
from chouette import selectors as chouette_selectors
from chouette import services as chouette
from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouettePayment, ChouetteSession
from clubs.models import Club, Membership, Player
from federations.models import Federation, FederationClub, FederationRole, RatedPolicy
from games.models import BulkFile, BulkUpload, MatchRecord, RulesCheck, Ruling, Violation
from games.services.match_import import match_import
from games.services.rules_check import rules_check_run
from games.services.rulings import ruling_record
from imports.models import Import, ImportRow
from ops.models import WorkerHeartbeat
from printing.models import PrintPack
from ratings.models import MasterPointAward, Pool, Rating, RatingChange, RatingSettings, Season
from results.models import FinishedMatch
from teamleagues.models import TeamLeague
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, sample_bytes
from tournaments.models import (
    Challenge,
    Division,
    Entry,
    Fixture,
    Ladder,
    LeagueSeason,
    ResultReport,
    Round,
    Tournament,
    TournamentMatch,
)
from tournaments.models_formats import LadderDeparture

pytestmark = pytest.mark.django_db

#: The lookup from each model to its club, written here independently of the admin classes
#: (so a wrong ``club_path`` in the admin cannot hide its own mistake).
CLUB_PATHS = {
    Club: "pk",
    Membership: "club",
    Player: "memberships__club",
    MatchRecord: "club",
    RulesCheck: "record__club",
    Violation: "rules_check__record__club",
    Ruling: "record__club",
    FinishedMatch: "club",
    AuditEntry: "club",
    ChouetteSession: "club",
    ChouetteGame: "session__club",
    ChouetteLedgerEntry: "session__club",
    ChouettePayment: "club",
    Tournament: "club",
    Entry: "tournament__club",
    TournamentMatch: "tournament__club",
    ResultReport: "match__tournament__club",
    Ladder: "club",
    Challenge: "ladder__club",
    LadderDeparture: "ladder__club",
    LeagueSeason: "club",
    Fixture: "division__season__club",
    RatingSettings: "club",
    Pool: "club",
    Rating: "pool__club",
    RatingChange: "pool__club",
    Season: "club",
    MasterPointAward: "club",
    Analysis: "record__club",
    AnalysisSetting: "club",
    Import: "club",
    ImportRow: "batch__club",
    BulkUpload: "club",
    BulkFile: "upload__club",
    PrintPack: "club",
}
#: Rows a club's referee manages (the others, clubs and memberships, are for its admins;
#: so are what they uploaded and printed).
REFEREE_MODELS = set(CLUB_PATHS) - {Club, Membership, AnalysisSetting, Import, ImportRow,
                                    BulkUpload, BulkFile, PrintPack}
#: (The outbox and the invitations: club admins see their club's on its manage pages; a
#: login's email addresses and second factors: its owner on their account pages.)
SUPERUSER_ONLY = {User, Group, WorkerHeartbeat, OutboundMail, Invitation, EmailAddress,
                  Authenticator, Federation, FederationClub, FederationRole, RatedPolicy,
                  TeamLeague}  # a federation's season: no one club's
FAST_HASHER = ["django.contrib.auth.hashers.MD5PasswordHasher"]

#: (persona, their club, the other club)
VIEWERS = [("alice", "riverside", "hilltop"), ("carol", "riverside", "hilltop"),
           ("dave", "hilltop", "riverside")]


# --------------------------------------------------------------------------- the world


def _member(club, name, role="player", username=""):
    user = UserFactory(username=username, is_staff=True) if username else None
    player = PlayerFactory(name=name, user=user)
    MembershipFactory(club=club, player=player, role=role)
    return player


def _club_rows(club, *, writer, players, date, sample, guests=()):
    """One of everything for one club: a checked record with a ruling, a chouette evening
    (with ``guests`` too) with a finished game and a payment, a tournament with a match and
    a report."""
    record = match_import(club=club, data=sample_bytes(sample), filename=sample,
                          player_left=players[0], player_right=players[1])
    rules_check_run(check_id=record.rules_check.pk)
    violation = Violation.objects.filter(rules_check__record=record).first()
    ruling_record(record=record, referee=writer.user, kind=Ruling.Kind.STANDS,
                  reason="Checked the board", violation=violation)
    seated = [writer, *players, *guests]
    session = chouette.chouette_session_start(club=club, date=date, stake=Decimal("1.00"),
                                              players=seated)
    chouette.chouette_order_roll(session=session, rolls={
        p.pk: 6 - i for i, p in enumerate(seated)})
    chouette.chouette_game_start(session=session)
    chouette.chouette_result_record(session=session, winner="team", kind="single")
    plan = chouette_selectors.settlement(club=club)["plan"][0]
    chouette.chouette_payment_record(club=club, payer=plan["payer_id"], payee=plan["payee_id"],
                                     amount=plan["amount"])
    tournament = Tournament.objects.create(club=club, name=f"{club.slug} open", starts_on=date)
    for seed, player in enumerate(players, start=1):
        Entry.objects.create(tournament=tournament, player=player, seed=seed)
    final = Round.objects.create(tournament=tournament, flight="main", number=1, name="Final",
                                 length=5)
    match = TournamentMatch.objects.create(
        tournament=tournament, round=final, key="M1-1", flight="main", round_number=1,
        index=1, slot_a={"seed": 1}, slot_b={"seed": 2}, player_a=players[0],
        player_b=players[1], length=5, status=TournamentMatch.Status.IN_PROGRESS)
    ResultReport.objects.create(match=match, reported_by=writer.user, winner=players[0],
                                score_a=5, score_b=2)
    ladder = Ladder.objects.create(club=club, name=f"{club.slug} ladder")
    issued = datetime.datetime.combine(date, datetime.time(20), tzinfo=datetime.UTC)
    Challenge.objects.create(ladder=ladder, challenger=players[1], challenged=players[0],
                             issued_at=issued, deadline=issued, length=7)
    LadderDeparture.objects.create(ladder=ladder, player=players[1], joined_at=issued,
                                   left_at=issued)
    season = LeagueSeason.objects.create(club=club, name=f"{club.slug} league", starts_on=date,
                                         ends_on=date)
    division = Division.objects.create(season=season, number=1, name="Division 1")
    Fixture.objects.create(division=division, round=1, player_a=players[0],
                           player_b=players[1], deadline=date, length=7)
    _rating_rows(club, players=players, tournament=tournament, date=date)
    Analysis.objects.create(record=record, plies=0)
    AnalysisSetting.objects.create(club=club)
    _paper_rows(club, writer=writer, players=players, record=record)


def _paper_rows(club, *, writer, players, record):
    """An import with a row, a zip of match files with a file, a print pack."""
    batch = Import.objects.create(club=club, kind="results", file_name=f"{club.slug}.csv",
                                  sha256="0" * 64, content=b"date", status="dry_run",
                                  rows_total=1, rows_error=1)
    ImportRow.objects.create(batch=batch, number=2, verdict="error", player=players[0],
                             data={"player": players[0].name},
                             errors=[{"msgid": "%(name)s is not a member of the club: "
                                               "choose a player, or a new guest.",
                                      "params": {"name": players[1].name}}])
    upload = BulkUpload.objects.create(club=club, uploaded_by=writer.user,
                                       name=f"{club.slug}.zip", status="done", total=1, done=1)
    BulkFile.objects.create(upload=upload, index=0, name=record.source_name,
                            verdict="refused", reason="No stored result matches",
                            match_record=record)
    PrintPack.objects.create(key=f"tournament:{club.pk}:scoresheets:en:v1",
                             subject=f"tournament:{club.pk}:scoresheets:en", club=club,
                             what="scoresheets", language="en", status="done", pages=1)


def _rating_rows(club, *, players, tournament, date):
    """The ratings' rows (written by the recompute in real life): settings, a rating, a
    history line of the club's finished match, a season, a master point award."""
    RatingSettings.objects.get_or_create(club=club)
    pool = Pool.objects.create(club=club)
    match = FinishedMatch.objects.filter(club=club).first()
    when = datetime.datetime.combine(date, datetime.time(21), tzinfo=datetime.UTC)
    RatingChange.objects.create(
        pool=pool, match=match, player=players[0], opponent=players[1], finished_at=when,
        length=5, won=True, rating_before=1500, rating_after=1511.18, change=11.18,
        experience_before=0, experience_after=5, k=5, p=0.5)
    Rating.objects.create(pool=pool, player=players[0], rating=1511.18, experience=5,
                          matches=1, wins=1)
    Season.objects.create(club=club, name=f"{club.slug} season", starts_on=date, ends_on=date)
    MasterPointAward.objects.create(club=club, player=players[0], tournament=tournament,
                                    competition="main", match_wins=1, match_points=0.75)


def _grant_club_model_permissions(*users):
    types = ContentType.objects.get_for_models(*CLUB_PATHS).values()
    permissions = list(Permission.objects.filter(content_type__in=types))
    for user in users:
        user.user_permissions.add(*permissions)


def _build():
    w = SimpleNamespace()
    w.riverside = ClubFactory(name="Riverside Backgammon Club", slug="riverside")
    w.alice = _member(w.riverside, "Alice", "admin", "alice")
    w.carol = _member(w.riverside, "Carol", "referee", "carol")
    rita, sam = _member(w.riverside, "Rita Riverbank"), _member(w.riverside, "Sam Riverbank")
    _club_rows(w.riverside, writer=w.carol, players=[rita, sam],
               date=datetime.date(2026, 3, 6), sample="5nqfGw9bWG3deTaU.mat")
    w.hilltop = ClubFactory(name="Hilltop Backgammon Club", slug="hilltop")
    w.dave = _member(w.hilltop, "Dave", "admin", "dave")
    hilda, harold = (_member(w.hilltop, "Hilda Hilltopper"),
                     _member(w.hilltop, "Harold Hillside"))
    # A member of both clubs, on Hilltop's team: rows reached through a player's clubs
    # (instead of the row's own club) would show them to Riverside.
    tess = _member(w.hilltop, "Tess Traveller")
    MembershipFactory(club=w.riverside, player=tess)
    _club_rows(w.hilltop, writer=w.dave, players=[hilda, harold],
               date=datetime.date(1999, 12, 31), sample="hQ8sVn2LbTdF4wRm.mat", guests=[tess])
    WorkerHeartbeat.objects.create(token="heartbeat-token")
    w.users = {"alice": w.alice.user, "carol": w.carol.user, "dave": w.dave.user,
               "root": UserFactory(username="root", is_staff=True, is_superuser=True)}
    _grant_club_model_permissions(w.alice.user, w.carol.user, w.dave.user)
    #: What only each club's rows show: its name, its players, its evening's date.
    w.markers = {
        "riverside": ["Riverside Backgammon Club", "Rita Riverbank", "Sam Riverbank",
                      "2026-03-06"],
        "hilltop": ["Hilltop Backgammon Club", "Hilda Hilltopper", "Harold Hillside",
                    "1999-12-31"],
    }
    return w


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once; each test's own transaction (a savepoint inside this one) is rolled back."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHER):
        with transaction.atomic():
            yield _build()
            transaction.set_rollback(True)


def _rows(world, model, slug: str) -> set[int]:
    club = getattr(world, slug)
    return set(model.objects.filter(**{CLUB_PATHS[model]: club.pk}).values_list("pk", flat=True))


def _only(world, model, slug: str, but: str) -> set[int]:
    """Rows of one club that are not also the other's (a player may belong to both)."""
    return _rows(world, model, slug) - _rows(world, model, but)


def _url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def _refused(response) -> bool:
    """Admin refusals: 403, 404, or the redirect to the index ("does not exist")."""
    if response.status_code == 302:
        return response["Location"] == reverse("admin:index")
    return response.status_code in (403, 404)


SCOPED = [pytest.param(model, persona, own, other,
                       id=f"{model._meta.label}-{persona}")
          for model in CLUB_PATHS for persona, own, other in VIEWERS]


# --------------------------------------------------------------------------- the matrix


@pytest.mark.parametrize("model, persona, own, other", SCOPED)
def test_the_changelist_shows_no_row_of_another_club(client, world, model, persona, own,
                                                     other):
    client.force_login(world.users[persona])
    response = client.get(_url(model, "changelist"))
    assert response.status_code == 200
    listed = set(response.context["cl"].queryset.values_list("pk", flat=True))
    others = _only(world, model, other, but=own)
    assert others, f"the world needs a {other} row of {model.__name__}"
    assert listed & others == set()
    sees_own = persona != "carol" or model in REFEREE_MODELS
    assert listed == (_rows(world, model, own) if sees_own else set())
    page = response.content.decode()
    for marker in world.markers[other]:
        assert marker not in page, marker


@pytest.mark.parametrize("model, persona, own, other", SCOPED)
def test_another_clubs_row_is_out_of_reach(client, world, model, persona, own, other):
    client.force_login(world.users[persona])
    row = min(_only(world, model, other, but=own))
    for view in ("change", "delete", "history"):
        response = client.get(_url(model, view, row))
        assert _refused(response), (view, response.status_code)
    before = model.objects.filter(pk=row).count()
    client.post(_url(model, "changelist"), {
        "action": "delete_selected", "_selected_action": [row], "post": "yes"})
    assert model.objects.filter(pk=row).count() == before == 1


@pytest.mark.parametrize("model, persona, own, other", [  # a referee manages no club rows
    p for p in SCOPED if p.values[1] != "carol" or p.values[0] in REFEREE_MODELS])
def test_a_change_page_of_ones_own_row_offers_nothing_of_another_club(
        client, world, model, persona, own, other):
    client.force_login(world.users[persona])
    response = client.get(_url(model, "change", min(_only(world, model, own, but=other))))
    assert response.status_code == 200
    page = response.content.decode()
    for marker in world.markers[other]:
        assert marker not in page, marker


@pytest.mark.parametrize("model, persona, own, other", [
    p for p in SCOPED if p.values[1] == "alice"])
def test_a_superuser_sees_every_club(client, world, model, persona, own, other):
    client.force_login(world.users["root"])
    response = client.get(_url(model, "changelist"))
    listed = set(response.context["cl"].queryset.values_list("pk", flat=True))
    assert _rows(world, model, own) | _rows(world, model, other) <= listed


@pytest.mark.parametrize("model", sorted(SUPERUSER_ONLY, key=lambda m: m._meta.label))
@pytest.mark.parametrize("persona", ["alice", "carol", "dave"])
def test_models_without_a_club_are_for_superusers(client, world, model, persona):
    row = model.objects.order_by("pk").first() or _superuser_row(model, world)
    client.force_login(world.users[persona])
    assert client.get(_url(model, "changelist")).status_code == 403
    assert client.get(_url(model, "change", row.pk)).status_code == 403
    client.force_login(world.users["root"])
    assert client.get(_url(model, "changelist")).status_code == 200
    assert client.get(_url(model, "change", row.pk)).status_code == 200


def _superuser_row(model, world):
    club = Club.objects.get(slug="riverside")
    if model is OutboundMail:
        return OutboundMail.objects.create(key="k", to="a@example.org", kind="test",
                                           subject="s", body="b", club=club)
    if model is Invitation:
        return Invitation.objects.create(club=club, name="New", email="n@example.org",
                                         token_hash="0" * 64,
                                         expires_at=datetime.datetime.now(datetime.UTC))
    if model is EmailAddress:
        return EmailAddress.objects.create(user=User.objects.get(username="alice"),
                                           email="alice@example.org", verified=True,
                                           primary=True)
    if model is Authenticator:
        return Authenticator.objects.create(user=User.objects.get(username="alice"),
                                            type=Authenticator.Type.RECOVERY_CODES,
                                            data={"seed": "00", "used_mask": 0})
    if model in (Federation, FederationClub, FederationRole, RatedPolicy):
        federation = Federation.objects.create(name="Danish Backgammon Federation",
                                               slug="dbgf", country="DK")
        if model is FederationClub:
            return FederationClub.objects.create(federation=federation, club=club)
        if model is FederationRole:
            return FederationRole.objects.create(federation=federation, role="admin",
                                                 player=Player.objects.first())
        if model is RatedPolicy:
            return RatedPolicy.objects.create(federation=federation)
        return federation
    if model is TeamLeague:
        return TeamLeague.objects.create(club=club, name="Open", season="2026", boards=3,
                                         lengths=[3, 5, 7])
    return Group.objects.create(name="Referees")


def test_every_registered_model_is_classified():
    registered = set(admin.site._registry)
    assert registered - set(CLUB_PATHS) - SUPERUSER_ONLY == set(), \
        "classify the new admin model here (CLUB_PATHS or SUPERUSER_ONLY)"
    assert set(CLUB_PATHS) | SUPERUSER_ONLY <= registered


# --------------------------------------------------------------------------- side doors


def test_the_player_autocomplete_offers_only_ones_own_players(client, world):
    client.force_login(world.users["alice"])
    response = client.get(reverse("admin:autocomplete"), {
        "app_label": "clubs", "model_name": "membership", "field_name": "player", "term": "H"})
    names = {row["text"] for row in response.json()["results"]}
    assert "Hilda Hilltopper" not in names and "Harold Hillside" not in names


def test_a_membership_cannot_be_moved_into_another_club(client, world):
    client.force_login(world.users["alice"])
    membership = Membership.objects.get(club=world.riverside, player__name="Rita Riverbank")
    response = client.post(_url(Membership, "change", membership.pk), {
        "club": world.hilltop.pk, "player": membership.player_id, "role": "admin",
        "is_active": "on"})
    membership.refresh_from_db()
    assert response.status_code == 200 and "club" in response.context["adminform"].form.errors
    assert (membership.club, membership.role) == (world.riverside, "player")


def test_a_changelist_filter_naming_another_club_shows_nothing(client, world):
    client.force_login(world.users["alice"])
    response = client.get(_url(ChouetteLedgerEntry, "changelist"),
                          {"session__club__id__exact": world.hilltop.pk})
    rows = set(response.context["cl"].queryset.values_list("pk", flat=True))
    assert rows == set()
