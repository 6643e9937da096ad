"""Reads: an analysis for the match page and the API, and a player's series of figures."""

from django.db import connection
from django.db.models import Prefetch, QuerySet

from clubs.permissions import results_visible_q

from .core import stats
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


def analysis_decisions(*, record_id: int) -> list[dict]:
    """A finished analysis's decisions (empty while there is none)."""
    found = (Analysis.objects.filter(record_id=record_id, status=Analysis.Status.DONE)
             .values_list("decisions", flat=True).first())
    return found or []


#: The replay's frame actions each kind of decision sits on.
_ACTIONS = {"move": ("roll",), "cube": ("roll",), "double": ("double", "beaver", "raccoon"),
            "take": ("take", "beaver"), "drop": ("drop",)}
_TITLES = {"move": "chequer play", "cube": "cube decision (before the roll)",
           "double": "double", "take": "take", "drop": "pass"}


def replay_marks(*, decisions: list[dict]) -> list[dict]:
    """The marked decisions placed on a turn, as the replay viewer's marks (the fields of
    games.panels.ReplayMark): the play made and the best, or the cube action and the right
    one, and the equity lost."""
    marks = []
    for row in decisions:
        if row.get("mark") not in MARKS or row.get("line") is None:
            continue
        lost = f"{row['equity_lost']:.3f} EMG"
        if row["kind"] == "move":
            details = (("Roll", "".join(str(d) for d in row["dice"] or ())),
                       ("Played", row["played"] or "(no move)"), ("Best play", row["best"]),
                       ("Equity lost", lost))
        else:
            details = (("Cube action", row["played"]), ("Right action", row["best"]),
                       ("Equity lost", lost))
            if row.get("cube_equities"):
                no_double, take, drop = row["cube_equities"]
                details += (("Equities (EMG)", f"no double {no_double:+.3f}, double/take "
                             f"{take:+.3f}, double/pass {drop:+.3f}"),)
        marks.append({
            "game": row["game_number"], "line": row["line"], "player": row["side"],
            "actions": _ACTIONS[row["kind"]], "severe": row["mark"] in ("bad", "very_bad"),
            "css": f"mark-{row['mark']}",
            "title": f"{MARKS[row['mark']]} {_TITLES[row['kind']]}", "details": details})
    return marks


def analysis_players(*, analysis: Analysis) -> list[PlayerAnalysis]:
    return sorted(analysis.players.all(), key=lambda row: row.side)


def player_series(*, player_id: int, user) -> QuerySet[PlayerAnalysis]:
    """A player's analysed matches that ``user`` may see, oldest first."""
    return (PlayerAnalysis.objects
            .filter(results_visible_q(user=user, prefix="analysis__record__club"),
                    player_id=player_id, analysis__status=Analysis.Status.DONE)
            .select_related("analysis__record")
            .order_by("analysis__record__uploaded_at", "pk"))


def analysis_summary(*, analysis: Analysis, record, players: list[PlayerAnalysis]
                     ) -> list[dict]:
    """Beside each side's figures: the PR-like figure, gnubg's Snowie error rate, the actual
    and the luck-adjusted results (from the stored decisions' unnormalised luck; None for an
    analysis stored before it was kept, or a match with no winner)."""
    if len(players) != 2:
        return []
    moves = (players[0].moves, players[1].moves)
    luck = [0.0, 0.0]
    for row in analysis.decisions:
        if row.get("luck") is not None and row.get("luck_raw") is None:
            luck = None
            break
        luck[row["side"]] += row.get("luck_raw") or 0.0
    match_play = bool(record.match_length)
    rows = []
    for side, player in enumerate(players):
        actual = _actual_result(record, side)
        adjusted = None if actual is None or luck is None else \
            stats.luck_adjusted_result(actual, (luck[side], luck[1 - side]))
        rows.append({
            "side": side,
            "pr": stats.performance_rating(player.error_rate),
            "snowie": stats.snowie_error_rate(player.error_total, moves),
            "actual_value": actual, "luck_adjusted_value": adjusted,
            "actual": None if actual is None else _as_result(actual, match_play),
            "luck_adjusted": None if adjusted is None else _as_result(adjusted, match_play),
        })
    return rows


def _actual_result(record, side: int) -> float | None:
    """gnubg's actual result: in match play the match winning chance gained from 50% (a won
    match +0.5); in money play the points won."""
    if record.match_length:
        return None if record.winner is None else (0.5 if record.winner == side else -0.5)
    if record.score_left is None or record.score_right is None:
        return None
    net = record.score_left - record.score_right
    return net if side == 0 else -net


def _as_result(value: float, match_play: bool) -> str:
    return f"{100 * value:+.2f}%" if match_play else f"{value:+.3f} points"
