"""The groundwork migrations keep every row: data written before them (match records naming
memberships, a ruling, a chouette evening in the games app with a reversed game and an
undone payment) is all there after them, in its new shape, with its audit entries and its
finished match.

The test migrates the test database back to the state before the groundwork, writes with
the historical models, migrates forward and checks; it always leaves the database fully
migrated (``finally``), and the transactional test's flush empties it afterwards.
"""

import datetime
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from audit.models import AuditEntry
from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouettePayment, ChouetteSession
from games.models import MatchRecord
from results.models import FinishedMatch

#: The last migrations before the groundwork, in the apps that existed then.
BEFORE = [("games", "0003_chouette_payment_reversal"), ("clubs", "0001_initial")]


def pre_groundwork_targets(graph) -> list[tuple[str, str | None]]:
    """BEFORE, plus for every other app its last migration that needs none of the
    groundwork's (None: the whole app came with it or after it)."""
    allowed = set()
    for node in BEFORE:
        allowed |= set(graph.forwards_plan(node))
    pinned = {app for app, _ in BEFORE}
    later = {node for node in graph.nodes if node[0] in pinned and node not in allowed}
    targets = list(BEFORE)
    for app in sorted({app for app, _ in graph.leaf_nodes()} - pinned):
        leaf = max(node for node in graph.leaf_nodes() if node[0] == app)
        chain = [node for node in graph.forwards_plan(leaf) if node[0] == app]
        fine = [node for node in chain if not later & set(graph.forwards_plan(node))]
        targets.append(fine[-1] if fine else (app, None))
    return targets


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()  # the applied migrations changed
    return executor


def _latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _write_old_rows(apps) -> dict:
    """Rows as the pre-groundwork code wrote them (only the fields they need)."""
    model = apps.get_model
    referee = model("auth", "User").objects.create(username="old-referee")
    club = model("clubs", "Club").objects.create(name="Old Club", slug="old-club")
    left, right = (model("clubs", "Player").objects.create(name=name)
                   for name in ("Left Lou", "Right Rae"))
    memberships = [model("clubs", "Membership").objects.create(club=club, player=player)
                   for player in (left, right)]
    record = model("games", "MatchRecord")
    finished = record.objects.create(
        club=club, player_left=memberships[0], player_right=memberships[1], name_left="Lou",
        name_right="Rae", match_length=5, source_text="...", source_sha256="a" * 64,
        score_left=5, score_right=2, winner=0, tags={"EventDate": "2025.05.17"})
    unfinished = record.objects.create(
        club=club, player_left=memberships[1], player_right=memberships[0], name_left="Rae",
        name_right="Lou", match_length=7, source_text="...", source_sha256="b" * 64)
    ruling = model("games", "Ruling").objects.create(
        record=finished, kind="correct", reason="Game 2 was a gammon", referee=referee,
        before={"score": [4, 2]}, after={"score": [5, 2]})
    session = model("games", "ChouetteSession").objects.create(
        club=club, date=datetime.date(2025, 5, 16), stake=Decimal("1.00"), currency="EUR")
    now = timezone.now()
    game = model("games", "ChouetteGame")
    reversed_game = game.objects.create(
        session=session, number=1, status="reversed", lineup={}, box=left, captain=right,
        finished_at=now, reversed_at=now, reversed_by=referee, reverse_reason="Wrong box")
    kept_game = game.objects.create(session=session, number=2, status="finished", lineup={},
                                    box=right, captain=left, finished_at=now)
    entry = model("games", "ChouetteLedgerEntry")
    first = entry.objects.create(session=session, game=reversed_game, box=left, member=right,
                                 points=1, amount=Decimal("1.00"))
    entry.objects.create(session=session, game=reversed_game, box=left, member=right,
                         points=-1, amount=Decimal("-1.00"), reverses=first,
                         reason="Wrong box")
    entry.objects.create(session=session, game=kept_game, box=right, member=left, points=2,
                         amount=Decimal("2.00"))
    payment = model("games", "ChouettePayment")
    paid = payment.objects.create(club=club, session=session, payer=left, payee=right,
                                  amount=Decimal("1.00"), currency="EUR")
    undo = payment.objects.create(club=club, session=session, payer=right, payee=left,
                                  amount=Decimal("1.00"), currency="EUR", reverses=paid,
                                  reason="Paid the wrong player", created_by=referee)
    return {"referee": referee.pk, "club": club.pk, "left": left.pk, "right": right.pk,
            "finished": finished.pk, "unfinished": unfinished.pk, "ruling": ruling.pk,
            "session": session.pk, "reversed_game": reversed_game.pk,
            "kept_game": kept_game.pk, "paid": paid.pk, "undo": undo.pk}


def _counts(apps, chouette_app: str) -> dict:
    def count(app, name):
        return apps.get_model(app, name).objects.count()

    return {
        "clubs": count("clubs", "Club"), "players": count("clubs", "Player"),
        "memberships": count("clubs", "Membership"), "records": count("games", "MatchRecord"),
        "rulings": count("games", "Ruling"),
        **{name: count(chouette_app, name) for name in (
            "ChouetteSession", "ChouetteGame", "ChouetteLedgerEntry", "ChouettePayment")},
    }


def _check_new_rows(ids: dict) -> None:
    ContentType.objects.clear_cache()  # the migrations created and relabelled some
    finished = MatchRecord.objects.get(pk=ids["finished"])
    unfinished = MatchRecord.objects.get(pk=ids["unfinished"])
    assert (finished.player_left_id, finished.player_right_id) == (ids["left"], ids["right"])
    assert (unfinished.player_left_id, unfinished.player_right_id) == (ids["right"],
                                                                       ids["left"])

    row = FinishedMatch.objects.get(source="match_record", source_id=ids["finished"])
    assert (row.club_id, row.player_a_id, row.player_b_id, row.winner_id) == (
        ids["club"], ids["left"], ids["right"], ids["left"])
    assert (row.length, row.score_a, row.score_b, row.outcome) == (5, 5, 2, "played")
    assert row.finished_at.date() == datetime.date(2025, 5, 17)
    assert not FinishedMatch.objects.filter(source_id=ids["unfinished"]).exists()

    ruling = AuditEntry.objects.get(action="ruling")
    assert (ruling.club_id, ruling.actor_id, ruling.target_id) == (
        ids["club"], ids["referee"], ids["finished"])
    assert ruling.target_type == ContentType.objects.get_for_model(MatchRecord)
    assert (ruling.reason, ruling.after["ruling_id"]) == ("Game 2 was a gammon", ids["ruling"])
    reversal = AuditEntry.objects.get(action="chouette_game_reversed")
    assert (reversal.target_id, reversal.reason, reversal.actor_id) == (
        ids["reversed_game"], "Wrong box", ids["referee"])
    assert reversal.target_type == ContentType.objects.get_for_model(ChouetteGame)
    undo = AuditEntry.objects.get(action="chouette_payment_undone")
    assert (undo.target_id, undo.after["undo_payment"], undo.reason) == (
        ids["paid"], ids["undo"], "Paid the wrong player")
    assert undo.target_type == ContentType.objects.get_for_model(ChouettePayment)
    assert AuditEntry.objects.count() == 3  # the kept game and the payment itself: none

    session = ChouetteSession.objects.get(pk=ids["session"])
    assert set(session.games.values_list("pk", "status")) == {
        (ids["reversed_game"], "reversed"), (ids["kept_game"], "finished")}
    assert ChouettePayment.objects.get(pk=ids["undo"]).reverses_id == ids["paid"]
    assert ChouetteLedgerEntry.objects.filter(session=session).count() == 3


@pytest.mark.django_db(transaction=True)
def test_the_groundwork_migrations_keep_every_row():
    from django.apps import apps as current_apps

    graph = MigrationExecutor(connection).loader.graph
    before = pre_groundwork_targets(graph)
    assert {("chouette", None), ("audit", None), ("results", None), ("ops", None)} <= set(
        before)
    try:
        executor = _migrate(before)
        old_apps = executor.loader.project_state(
            [node for node in before if node[1] is not None]).apps
        ids = _write_old_rows(old_apps)
        counts = _counts(old_apps, chouette_app="games")
        _migrate(_latest())
        assert _counts(current_apps, chouette_app="chouette") == counts
        _check_new_rows(ids)
    finally:
        _migrate(_latest())  # whatever happened, leave the database fully migrated
    assert MigrationExecutor(connection).migration_plan(_latest()) == []
