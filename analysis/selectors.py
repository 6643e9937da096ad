"""Reads: an analysis for the match page and the API, and a player's series of figures."""


from django.db.models import Prefetch, QuerySet
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from clubs.permissions import results_visible_q
from ops.pagecache import version_read

from .core.decisions import turns_of
from .core.stats import performance_rating
from .models import Analysis, PlayerAnalysis

MARKS = {"doubtful": pgettext_lazy("mark", "Doubtful"), "bad": pgettext_lazy("mark", "Bad"),
         "very_bad": pgettext_lazy("mark", "Very bad")}
#: gnubg's words for a cube action (as the analysis stores them), for the pages.
CUBE_WORDS = {"Double": pgettext_lazy("cube", "Double"),
              "No double": pgettext_lazy("cube", "No double"),
              "Too good to double": pgettext_lazy("cube", "Too good to double"),
              "Take": pgettext_lazy("cube", "Take"), "Pass": pgettext_lazy("cube", "Pass")}
FIGURES = ("moves", "unforced_moves", "chequer_error_total", "chequer_error_rate",
           "cube_decisions", "close_cube_decisions", "cube_error_total", "cube_error_rate",
           "error_total", "error_rate", "doubtful", "bad", "very_bad", "luck_total",
           "luck_rate")


def analysis_version(*, record_id: int) -> str:
    """What the match page's analysis section shows, as a version (empty: no analysis):
    every change of the analysis row (queued again, started, each progress step, the end,
    a failure) moves one of these columns. Raw: the ORM's compiling cost more than the
    kept page."""
    row = version_read("SELECT id, status, plies, progress, attempts, started_at, finished_at "
                       "FROM {analyses} WHERE record_id = %s", [record_id], analyses=Analysis)
    return "|".join(str(value) for value in row) if row else ""


def analysis_get(*, record_id: int) -> Analysis | None:
    players = Prefetch("players", queryset=PlayerAnalysis.objects.select_related("player"))
    return Analysis.objects.filter(record_id=record_id).prefetch_related(players).first()


def analysis_errors(*, analysis: Analysis, bad_only: bool = False) -> list[dict]:
    """The marked decisions in match order, each with the mark's label and the side."""
    wanted = {"bad", "very_bad"} if bad_only else set(MARKS)
    return [{**row, "mark_label": MARKS[row["mark"]],
             "played_label": _cube_word(row.get("played")) if row.get("kind") != "move"
             else row.get("played"),
             "best_label": _cube_word(row.get("best")) if row.get("kind") != "move"
             else row.get("best")}
            for row in analysis.decisions if row.get("mark") in wanted]


def _cube_word(text):
    return CUBE_WORDS.get(text, text)


def analysis_decisions(*, record_id: int) -> list[dict]:
    """A finished analysis's decisions (empty while there is none)."""
    found = (Analysis.objects.filter(record_id=record_id, status=Analysis.Status.DONE)
             .values_list("decisions", flat=True).first())
    return found or []


_TITLES = {"move": gettext_lazy("%(mark)s chequer play"),
           "cube": gettext_lazy("%(mark)s cube decision (before the roll)"),
           "double": gettext_lazy("%(mark)s double"), "take": gettext_lazy("%(mark)s take"),
           "drop": gettext_lazy("%(mark)s pass")}


def replay_marks(*, decisions: list[dict]) -> list[dict]:
    """The marked decisions placed on a turn, as the replay viewer's marks (the fields of
    games.panels.ReplayMark): the play made and the best, or the cube action and the right
    one, and the equity lost."""
    marks = []
    for row in decisions:
        if row.get("mark") not in MARKS or row.get("line") is None:
            continue
        lost = gettext("%(value)s EMG") % {"value": number_format(row["equity_lost"], 3)}
        if row["kind"] == "move":
            details = ((pgettext("dice", "Roll"), "".join(str(d) for d in row["dice"] or ())),
                       (gettext("Played"), row["played"] or gettext("(no move)")),
                       (gettext("Best play"), row["best"]), (gettext("Equity lost"), lost))
        else:
            details = ((gettext("Cube action"), str(_cube_word(row["played"]))),
                       (gettext("Right action"), str(_cube_word(row["best"]))),
                       (gettext("Equity lost"), lost))
            if row.get("cube_equities"):
                no_double, take, drop = row["cube_equities"]
                details += ((gettext("Equities (EMG)"), gettext(
                    "no double %(no_double)s, double/take %(take)s, double/pass %(drop)s") % {
                    "no_double": signed(no_double, 3), "take": signed(take, 3),
                    "drop": signed(drop, 3)}),)
        marks.append({
            "game": row["game_number"], "line": row["line"], "player": row["side"],
            "actions": turns_of(row["kind"]), "severe": row["mark"] in ("bad", "very_bad"),
            "css": f"mark-{row['mark']}",
            "title": str(_TITLES[row["kind"]]) % {"mark": MARKS[row["mark"]]},
            "details": details})
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
    """Beside each side's figures: the PR-like figure (ours), and gnubg's Snowie error rate,
    actual and luck-adjusted results (None for an analysis stored before they were kept, or
    a match with no result)."""
    if len(players) != 2:
        return []
    match_play = bool(record.match_length)
    return [{
        "side": side,
        "pr": performance_rating(player.error_rate),
        "snowie": player.snowie_error_rate,
        "actual_value": player.actual_result,
        "luck_adjusted_value": player.luck_adjusted_result,
        "actual": _as_result(player.actual_result, match_play),
        "luck_adjusted": _as_result(player.luck_adjusted_result, match_play),
    } for side, player in enumerate(players)]


def _as_result(value: float | None, match_play: bool) -> str | None:
    if value is None:
        return None
    if match_play:
        return gettext("%(value)s%%") % {"value": signed(100 * value, 2)}
    return gettext("%(value)s points") % {"value": signed(value, 3)}


def signed(value: float, places: int) -> str:
    """``value`` with its sign and ``places`` decimals, in the active language's format
    (``+0.123``; ``+0,123`` in German)."""
    text = number_format(abs(value), places)
    return ("-" if round(value, places) < 0 else "+") + text
