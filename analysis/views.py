"""The analysis on the match page (a panel games includes), its polled fragment, and the
club admins' "analyse again" action."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.decorators import login_if_anonymous
from clubs.permissions import is_club_admin, match_record_for_viewer
from games.models import MatchRecord
from games.panels import ReplayMark

from . import selectors
from .models import Analysis, Level
from .services import AnalysisError, analysis_restart

PANEL = "analysis/match/_panel.html"


def _analysis(request, record_id: int) -> Analysis | None:
    """The record's analysis, read once per request (the section and the replay's marks)."""
    memo = request.__dict__.setdefault("_analysis_of", {})
    if record_id not in memo:
        memo[record_id] = selectors.analysis_get(record_id=record_id)
    return memo[record_id]


def match_page_panel(*, request, record) -> dict:
    """The match page's section: both players' figures, the errors, or the progress."""
    analysis = _analysis(request, record.pk)
    bad_only = request.GET.get("errors") == "bad"
    players = selectors.analysis_players(analysis=analysis) if analysis else []
    return {
        "template": PANEL, "record": record, "analysis": analysis,
        "running": analysis is not None and analysis.status in (
            Analysis.Status.QUEUED, Analysis.Status.RUNNING),
        "players": players,
        "summary": selectors.analysis_summary(analysis=analysis, record=record,
                                              players=players)
        if analysis else [],
        "errors": selectors.analysis_errors(analysis=analysis, bad_only=bad_only)
        if analysis and analysis.status == Analysis.Status.DONE else [],
        "bad_only": bad_only,
        "can_restart": is_club_admin(user=request.user, club=record.club),
        "levels": Level.choices,
    }


def replay_marks_for(*, request, record) -> list[ReplayMark]:
    """Each marked decision of a finished analysis on its turn of the replay (the page's
    section has read the analysis already; a replay step reads only the decisions)."""
    memo = request.__dict__.get("_analysis_of", {})
    if record.pk in memo:
        found = memo[record.pk]
        rows = found.decisions if found and found.status == Analysis.Status.DONE else []
    else:
        rows = selectors.analysis_decisions(record_id=record.pk)
    return [ReplayMark(**mark) for mark in selectors.replay_marks(decisions=rows)]


def match_page_version(*, request, record_id: int, club) -> str:
    """The panel's version for the kept match page: the analysis row's state (a restart, each
    progress step, the end) and whether the viewer may restart it (one raw read by the
    record's unique index)."""
    return (f"{selectors.analysis_version(record_id=record_id)}:"
            f"{is_club_admin(user=request.user, club=club)}")


def _record(request, pk: int) -> MatchRecord:
    record = get_object_or_404(MatchRecord.objects.select_related(
        "club", "player_left", "player_right", "rules_check"), pk=pk)
    return match_record_for_viewer(user=request.user, record=record)


@login_if_anonymous
def analysis_panel(request, pk: int):
    """The panel alone (the match page polls it while the analysis runs)."""
    record = _record(request, pk)
    return render(request, PANEL, {"panel": match_page_panel(request=request, record=record)})


@login_required
@require_POST
def analysis_restart_view(request, pk: int):
    record = _record(request, pk)
    if not is_club_admin(user=request.user, club=record.club):
        raise PermissionDenied(gettext("Only the club's admins can have a match analysed again."))
    try:
        plies = int(request.POST.get("plies", ""))
        analysis_restart(record=record, plies=plies)
    except (ValueError, AnalysisError) as exc:
        return HttpResponseBadRequest(gettext("Cannot analyse again: %(reason)s") % {"reason": exc})
    messages.success(request, gettext("The match is queued for analysis at %(plies)s ply.")
                     % {"plies": plies})
    return redirect(record.get_absolute_url() + "#analysis")


