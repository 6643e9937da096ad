"""Reads across matches: a player's analysed matches in a club (the error rate over time,
the best and the worst, chequer play against cube play) and a season's error-rate
leaderboard (clubs and players that chose to show it)."""

from django.db.models import Count, Sum
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext

from clubs.models import Club, Player
from ratings.selectors import season_bounds
from ratings.selectors.charts import series_chart

from .core.stats import pooled_rates
from .models import Analysis, AnalysisSetting, PlayerAnalysis, PlayerChoice

#: How many matches the best and the worst lists show.
EXTREMES = 3


def club_analysis_setting(*, club: Club) -> AnalysisSetting:
    """The club's choices (defaults when it has never chosen: no leaderboard)."""
    return AnalysisSetting.objects.filter(club=club).first() or AnalysisSetting(club=club)


def _club_rows(club: Club, player: Player):
    return (PlayerAnalysis.objects
            .filter(player=player, analysis__status=Analysis.Status.DONE,
                    analysis__record__club=club)
            .select_related("analysis__record__player_left",
                            "analysis__record__player_right")
            .order_by("analysis__record__uploaded_at", "pk"))


def player_analysis_page(*, club: Club, player: Player) -> dict:
    """Everything the player's analysis page shows (one query)."""
    rows = [_match_row(row) for row in _club_rows(club, player)]
    points = [(r["when"], r["error_rate"], r["won"],
               gettext("%(date)s v %(opponent)s: %(rate)s mEMG") % {
                   "date": date_format(timezone.localtime(r["when"]), "SHORT_DATE_FORMAT"),
                   "opponent": r["opponent"], "rate": number_format(r["error_rate"], 1)})
              for r in rows]
    by_rate = sorted(rows, key=lambda r: (r["error_rate"], r["when"]))
    return {
        "matches": rows[::-1],
        "chart": series_chart(points, min_span=10, digits=1,
                              label=gettext("Error rate per match (mEMG per decision)"),
                              empty=gettext("No analysed matches yet.")),
        "best": by_rate[:EXTREMES],
        "worst": by_rate[::-1][:EXTREMES] if len(rows) > EXTREMES else by_rate[::-1],
        "pooled": pooled_rates(
            matches=len(rows), chequer_total=sum(r["row"].chequer_error_total for r in rows),
            unforced=sum(r["row"].unforced_moves for r in rows),
            cube_total=sum(r["row"].cube_error_total for r in rows),
            close=sum(r["row"].close_cube_decisions for r in rows)) if rows else None,
    }


def _match_row(row: PlayerAnalysis) -> dict:
    record = row.analysis.record
    opponent = record.player_right if row.side == 0 else record.player_left
    return {"row": row, "record": record, "when": record.uploaded_at,
            "opponent": opponent.name, "won": record.winner == row.side,
            "error_rate": row.error_rate, "chequer_error_rate": row.chequer_error_rate,
            "cube_error_rate": row.cube_error_rate, "pr": row.error_rate / 2}


def error_leaderboard(*, club: Club, season) -> list[dict]:
    """The season's players who chose to show their error rate (active members), best
    (lowest) first: their errors and decisions summed over the club's matches analysed in
    the season (one query)."""
    rows = PlayerAnalysis.objects.filter(
        analysis__status=Analysis.Status.DONE, analysis__record__club=club,
        player__analysis_choice__on_leaderboard=True,
        player__memberships__club=club, player__memberships__is_active=True)
    bounds = season_bounds(season)
    if bounds is not None:
        rows = rows.filter(analysis__record__uploaded_at__gte=bounds[0],
                           analysis__record__uploaded_at__lt=bounds[1])
    totals = (rows.values("player_id", "player__name")
              .annotate(matches=Count("pk"), chequer=Sum("chequer_error_total"),
                        unforced=Sum("unforced_moves"), cube=Sum("cube_error_total"),
                        close=Sum("close_cube_decisions"))
              .order_by())
    board = [{"player_id": t["player_id"], "name": t["player__name"], "figures": pooled_rates(
        matches=t["matches"], chequer_total=t["chequer"], unforced=t["unforced"],
        cube_total=t["cube"], close=t["close"])} for t in totals]
    board.sort(key=lambda r: (r["figures"].error_rate, r["name"]))
    for rank, row in enumerate(board, start=1):
        row["rank"] = rank
    return board


def club_player_get(*, club: Club, player_id: int) -> Player | None:
    """A player who is or was a member of the club (with their choice, if any)."""
    return (Player.objects.filter(pk=player_id, memberships__club=club)
            .select_related("analysis_choice").distinct().first())


def personal_data(*, user, player=None) -> dict:
    """A login's data export: their leaderboard choice and their figures in each analysed
    match."""
    from .selectors import FIGURES

    if player is None:
        return {"on_leaderboard": False, "matches": []}
    choice = PlayerChoice.objects.filter(player=player).first()
    rows = (PlayerAnalysis.objects.filter(player=player, analysis__status=Analysis.Status.DONE)
            .select_related("analysis").order_by("analysis__record_id", "pk"))
    return {"on_leaderboard": bool(choice and choice.on_leaderboard),
            "matches": [{"record": row.analysis.record_id, "plies": row.analysis.plies,
                         **{name: getattr(row, name) for name in FIGURES}} for row in rows]}
