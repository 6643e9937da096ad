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

#: Minutes of rendering migration states: CI runs these on PostgreSQL only (.ci/run),
#: where the data they keep lives (a newcomer's SQLite starts empty).
pytestmark = [pytest.mark.migrations, pytest.mark.slow]

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


# --------------------------------------------------------------------------- the ratings move

#: The last migration before the ratings left the clubs app (today's main).
BEFORE_RATINGS = [("clubs", "0006_club_join_requests_open")]
RATING_MODELS = ("RatingSettings", "Rating", "RatingChange", "Season", "MasterPointAward")


def targets_before(graph, before) -> list[tuple[str, str | None]]:
    """``before``, plus for every other app its last migration that needs none of the
    pinned apps' later migrations (None: the whole app came with them or after them)."""
    allowed = set()
    for node in before:
        allowed |= set(graph.forwards_plan(node))
    pinned = {app for app, _ in before}
    later = {node for node in graph.nodes if node[0] in pinned and node not in allowed}
    targets = list(before)
    for app in sorted({app for app, _ in graph.leaf_nodes()} - pinned):
        leaf = max(node for node in graph.leaf_nodes() if node[0] == app)
        chain = [node for node in graph.forwards_plan(leaf) if node[0] == app]
        fine = [node for node in chain if not later & set(graph.forwards_plan(node))]
        targets.append(fine[-1] if fine else (app, None))
    return targets


def _write_rating_rows(apps) -> dict:
    """A club's ratings as the clubs app stored them, and a referee allowed to see them."""
    model = apps.get_model
    club = model("clubs", "Club").objects.create(name="Rated Club", slug="rated-club")
    ann, ben = (model("clubs", "Player").objects.create(name=name) for name in ("Ann", "Ben"))
    for player in (ann, ben):
        model("clubs", "Membership").objects.create(club=club, player=player)
    when = datetime.datetime(2026, 1, 10, 20, tzinfo=datetime.UTC)
    match = model("results", "FinishedMatch").objects.create(
        club=club, player_a=ann, player_b=ben, length=5, winner=ann, score_a=5, score_b=2,
        finished_at=when, source="league", source_id=1)
    tournament = model("tournaments", "Tournament").objects.create(
        club=club, name="Spring Open", starts_on=datetime.date(2026, 2, 7))
    settings = model("clubs", "RatingSettings").objects.create(
        club=club, start_rating=1400.0, rate_friendly=True, version=7,
        leaderboard_columns=["rating", "wins"])
    model("clubs", "Rating").objects.create(club=club, player=ann, rating=1404.47,
                                            experience=5, matches=1, wins=1)
    model("clubs", "Rating").objects.create(club=club, player=ben, rating=1395.53,
                                            experience=5, matches=1, wins=0)
    for player, opponent, won, change in ((ann, ben, True, 4.47), (ben, ann, False, -4.47)):
        model("clubs", "RatingChange").objects.create(
            club=club, match=match, player=player, opponent=opponent, finished_at=when,
            length=5, won=won, rating_before=1400.0, rating_after=1400.0 + change,
            change=change, experience_before=0, experience_after=5, k=5.0, p=0.5)
    season = model("clubs", "Season").objects.create(
        club=club, name="2026 H1", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 6, 30))
    model("clubs", "MasterPointAward").objects.create(
        club=club, player=ann, tournament=tournament, competition="main", match_wins=1,
        match_points=0.5, placement_points=1.0, place=1)
    content_type = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="clubs", model="rating")[0]
    permission = apps.get_model("auth", "Permission").objects.get_or_create(
        content_type=content_type, codename="view_rating", defaults={"name": "Can view rating"})[0]
    referee = model("auth", "User").objects.create(username="rating-referee", is_staff=True)
    referee.user_permissions.add(permission)
    return {"club": club.pk, "ann": ann.pk, "ben": ben.pk, "match": match.pk,
            "tournament": tournament.pk, "settings": settings.pk, "season": season.pk,
            "referee": referee.pk, "content_type": content_type.pk}


def _rating_rows(apps, app: str) -> dict:
    """The rows, with each rating's club (through its pool once ratings are in pools)."""
    pooled = app == "ratings"
    return {name: sorted(apps.get_model(app, name).objects.values_list(*(
        "pool__club_id" if pooled and field == "club_id" and name == "Rating" else field
        for field in _FIELDS[name]))) for name in RATING_MODELS}


_FIELDS = {
    "RatingSettings": ("pk", "club_id", "start_rating", "rate_friendly", "version",
                       "leaderboard_columns"),
    "Rating": ("pk", "club_id", "player_id", "rating", "experience", "matches", "wins"),
    "RatingChange": ("pk", "match_id", "player_id", "opponent_id", "won", "rating_after",
                     "change"),
    "Season": ("pk", "club_id", "name", "starts_on", "ends_on"),
    "MasterPointAward": ("pk", "tournament_id", "player_id", "competition", "match_points",
                         "placement_points", "place"),
}


@pytest.mark.django_db(transaction=True)
def test_the_ratings_move_keeps_every_rating_row_and_goes_back_without_touching_the_tables():
    """Forward: every rating row is in the ratings app, the content type and the referee's
    permission moved with it. Then back to today's main state: the rows are still there for
    the clubs app. (One test: each migration back and forth costs seconds of rendering
    every model's state, so the two checks share the first round trip.)"""
    from django.apps import apps as current_apps
    from django.contrib.auth.models import User

    graph = MigrationExecutor(connection).loader.graph
    before = targets_before(graph, BEFORE_RATINGS)
    assert ("ratings", None) in before and ("clubs", "0007_ratings_move_out") not in before
    try:
        executor = _migrate(before)
        old_apps = executor.loader.project_state(
            [node for node in before if node[1] is not None]).apps
        ids = _write_rating_rows(old_apps)
        rows = _rating_rows(old_apps, "clubs")
        assert all(rows.values())
        _migrate(_latest())
        assert _rating_rows(current_apps, "ratings") == rows
        ContentType.objects.clear_cache()
        moved = ContentType.objects.get(pk=ids["content_type"])
        assert (moved.app_label, moved.model) == ("ratings", "rating")
        assert User.objects.get(pk=ids["referee"]).has_perm("ratings.view_rating")

        from ratings.models import MasterPointAward, RatingSettings

        settings = RatingSettings.objects.select_related("club").get(pk=ids["settings"])
        assert settings.club.slug == "rated-club" and settings.as_pure().start_rating == 1400
        award = MasterPointAward.objects.get(tournament_id=ids["tournament"])
        assert award.player_id == ids["ann"]
        # Issue 32: the club's list is its pool; the match names its organiser and clubs.
        from ratings.models import Pool, RatingChange

        pool = Pool.objects.get(club_id=ids["club"])
        assert (pool.owner_kind, pool.formula) == ("club", "fibs")
        assert set(RatingChange.objects.values_list("pool_id", flat=True)) == {pool.pk}
        match = FinishedMatch.objects.get(pk=ids["match"])
        assert (match.organiser_kind, match.club_id, match.player_a_club_id,
                match.player_b_club_id) == ("club", ids["club"], ids["club"], ids["club"])

        # Migrated back to today's main state, the rows are still there for the clubs app.
        executor = _migrate(before)
        old_apps = executor.loader.project_state(
            [node for node in before if node[1] is not None]).apps
        assert _rating_rows(old_apps, "clubs") == rows
    finally:
        _migrate(_latest())
    assert MigrationExecutor(connection).migration_plan(_latest()) == []
