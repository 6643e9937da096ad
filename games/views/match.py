"""Match record pages: upload (club members), list and detail (read-only for players)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render

from clubs.decorators import login_if_anonymous
from clubs.permissions import (
    club_for_member,
    club_for_results,
    is_club_admin,
)
from games.engine import Position
from games.engine.errors import EngineError
from games.forms_match import MatchUploadForm
from games.models import MatchRecord
from games.selectors import match as selectors
from games.services.match_export import match_export, match_export_sgf
from games.services.match_import import MatchImportError, RuleOptions, match_import

from .access import viewable_record
from .replay import replay_context


@login_if_anonymous
def match_list(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    return render(request, "games/match/list.html", {
        "club": club, "records": selectors.match_list(club=club),
    })


@login_required
def match_upload(request, slug: str):
    club = club_for_member(user=request.user, slug=slug)
    form = MatchUploadForm(request.POST or None, request.FILES or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            record = match_import(
                club=club, data=data["file"].read(), filename=data["file"].name,
                uploaded_by=request.user, player_left=data["player_left"],
                player_right=data["player_right"],
                options=RuleOptions(jacoby=data["jacoby"], beavers=data["beavers"],
                                    crawford=not data["no_crawford"]),
            )
        except MatchImportError as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, "Match saved; its rules check is queued.")
            return redirect(record)
    return render(request, "games/match/upload.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


@login_if_anonymous
def match_detail(request, pk: int):
    record = viewable_record(request, pk)
    violations = list(selectors.match_violations(record=record))
    for violation in violations:
        violation.diagram = _diagram(violation.position_id)
    check = getattr(record, "rules_check", None)
    wait = selectors.check_wait(check=check)
    if wait is not None and wait.stale and is_club_admin(user=request.user, club=record.club):
        wait = selectors.check_wait(check=check, with_worker=True)
    return render(request, "games/match/detail.html", {
        "record": record, "club": record.club, "violations": violations,
        "games": selectors.match_games_with_turns(record=record),
        "check": check, "check_wait": wait,
        **replay_context(request, record, request.GET.get("at")),
    })


EXPORTS = {
    "mat": (match_export, "text/plain; charset=utf-8"),
    "sgf": (match_export_sgf, "application/x-go-sgf; charset=utf-8"),
}


def export_response(record: MatchRecord, fmt: str) -> HttpResponse:
    export, content_type = EXPORTS[fmt]
    response = HttpResponse(export(record=record), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="match-{record.pk}.{fmt}"'
    return response


@login_if_anonymous
def match_download(request, pk: int):
    return export_response(viewable_record(request, pk), "mat")


@login_if_anonymous
def match_download_sgf(request, pk: int):
    return export_response(viewable_record(request, pk), "sgf")


def _diagram(position_id: str) -> str:
    if not position_id:
        return ""
    try:
        return Position.from_position_id(position_id).diagram()
    except EngineError:
        return ""
