"""Match record pages: upload (club members), list and detail (read-only for players)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from clubs.models import Club
from clubs.permissions import roles_in
from games.engine import Position
from games.engine.errors import EngineError
from games.forms_match import MatchUploadForm
from games.selectors import match as selectors
from games.services.match_export import match_export
from games.services.match_import import MatchImportError, RuleOptions, match_import


def _club_member(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not roles_in(user=request.user, club=club):
        raise PermissionDenied("Only members of this club can see its match records.")
    return club


@login_required
def match_list(request, slug: str):
    club = _club_member(request, slug)
    return render(request, "games/match/list.html", {
        "club": club, "records": selectors.match_list_for(user=request.user, club=club),
    })


@login_required
def match_upload(request, slug: str):
    club = _club_member(request, slug)
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


@login_required
def match_detail(request, pk: int):
    record = selectors.match_get(pk=pk)
    if not selectors.match_visible(user=request.user, record=record):
        raise PermissionDenied("You can see only your own match records.")
    violations = list(selectors.match_violations(record=record))
    for violation in violations:
        violation.diagram = _diagram(violation.position_id)
    return render(request, "games/match/detail.html", {
        "record": record, "club": record.club, "violations": violations,
        "games": selectors.match_games_with_turns(record=record),
        "check": getattr(record, "rules_check", None),
    })


@login_required
def match_download(request, pk: int):
    record = selectors.match_get(pk=pk)
    if not selectors.match_visible(user=request.user, record=record):
        raise PermissionDenied("You can see only your own match records.")
    response = HttpResponse(match_export(record=record), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{record.pk}.mat"'
    return response


def _diagram(position_id: str) -> str:
    if not position_id:
        return ""
    try:
        return Position.from_position_id(position_id).diagram()
    except EngineError:
        return ""
