"""Reads: an analysis for the match page and the API, and a player's series of figures."""

from django.db import connection
from django.db.models import Prefetch, QuerySet

from clubs.permissions import results_visible_q

from .models import Analysis, PlayerAnalysis

MARKS = {"doubtful": "Doubtful", "bad": "Bad", "very_bad": "Very bad"}
FIGURES = ("moves", "unforced_moves", "chequer_error_total", "chequer_error_rate",
           "cube_decisions", "close_cube_decisions", "cube_error_total", "cube_error_rate",
           "error_total", "error_rate", "doubtful", "bad", "very_bad", "luck_total",
           "luck_rate")


def analysis_version(*, record_id: int) -> str:
    """What the match page's analysis section shows, as a version (empty: no analysis):
    every change of the analysis row (queued again, started, each progress step, the end,
    a failure) moves one of these columns. Raw: the ORM's compiling cost more than the
    kept page."""
    sql = (f"SELECT id, status, plies, progress, attempts, started_at, finished_at FROM "
           f"{connection.ops.quote_name(Analysis._meta.db_table)} WHERE record_id = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [record_id])
        row = cursor.fetchone()
    return "|".join(str(value) for value in row) if row else ""


def analysis_get(*, record_id: int) -> Analysis | None:
    players = Prefetch("players", queryset=PlayerAnalysis.objects.select_related("player"))
    return Analysis.objects.filter(record_id=record_id).prefetch_related(players).first()


def analysis_errors(*, analysis: Analysis, bad_only: bool = False) -> list[dict]:
    """The marked decisions in match order, each with the mark's label and the side."""
    wanted = {"bad", "very_bad"} if bad_only else set(MARKS)
    return [{**row, "mark_label": MARKS[row["mark"]]} for row in analysis.decisions
            if row.get("mark") in wanted]


def analysis_players(*, analysis: Analysis) -> list[PlayerAnalysis]:
    return sorted(analysis.players.all(), key=lambda row: row.side)


def player_series(*, player_id: int, user) -> QuerySet[PlayerAnalysis]:
    """A player's analysed matches that ``user`` may see, oldest first."""
    return (PlayerAnalysis.objects
            .filter(results_visible_q(user=user, prefix="analysis__record__club"),
                    player_id=player_id, analysis__status=Analysis.Status.DONE)
            .select_related("analysis__record")
            .order_by("analysis__record__uploaded_at", "pk"))
