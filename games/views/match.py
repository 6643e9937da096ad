"""Match record pages: upload (club members), list and detail (read-only for players)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from clubs.decorators import login_if_anonymous
from clubs.permissions import (
    club_for_member,
    club_for_results,
    is_club_admin,
)
from games.engine import Position
from games.engine.errors import EngineError
from games.forms_match import MatchUploadForm
from games.models import MatchRecord, RulesCheck
from games.panels import match_panels, match_panels_version
from games.selectors import match as selectors
from games.selectors.replay import replay_setting_get
from games.services.match_export import match_export, match_export_sgf
from games.services.match_import import MatchImportError, RuleOptions, match_import
from ops.pagecache import cached_page

from .access import viewable_record
from .replay import replay_context
from .texts import rule_text

#: Records per page of the list (a club keeps hundreds).
RECORDS_PER_PAGE = 25


@login_if_anonymous
def match_list(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)

    def build():
        # get_page: a missing or non-numeric page is the first, one past the end the last.
        page = Paginator(selectors.match_list(club=club), RECORDS_PER_PAGE).get_page(
            request.GET.get("page"))
        return "games/match/list.html", {
            "club": club, "page": page, "records": page.object_list}

    # A minute at most: a queued check's badge says how long it has waited.
    return cached_page(request, club, f"records:{selectors.records_version(club=club)}",
                       build, seconds=60)


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
            messages.success(request, gettext("Match saved; its rules check is queued."))
            return redirect(record)
    return render(request, "games/match/upload.html", {
        "club": club, "form": form, "can_file_zips": is_club_admin(user=request.user, club=club),
    }, status=400 if form.errors else 200)


#: A check in these states is over: the page no longer says how long it has waited.
SETTLED = {RulesCheck.Status.PASSED, RulesCheck.Status.FAILED, RulesCheck.Status.ERROR}


@login_if_anonymous
def match_detail(request, pk: int):
    found = selectors.match_version(pk=pk)
    if found is None:
        raise Http404(gettext("No such match record."))
    club_id, status, version = found
    # The gate of match_record_for_viewer: the club's members, or everyone if public.
    club = club_for_results(user=request.user, club_id=club_id)
    key = None  # a check waiting or running: built every time (its wait, the worker)
    panels = match_panels_version(request=request, record_id=pk, club=club)
    if status in SETTLED and panels is not None:  # None: a section that cannot be kept
        home, switch = replay_setting_get(user=request.user)
        key = f"match:{pk}:{version}:{home}:{switch}:{panels}"
    return cached_page(request, club, key, lambda: _detail(request, viewable_record(request, pk)))


def _detail(request, record: MatchRecord) -> tuple[str, dict]:
    violations = list(selectors.match_violations(record=record))
    for violation in violations:
        violation.diagram = _diagram(violation.position_id)
        violation.rule_text = rule_text(violation.rule)
    check = getattr(record, "rules_check", None)
    wait = selectors.check_wait(check=check)
    if wait is not None and wait.stale and is_club_admin(user=request.user, club=record.club):
        wait = selectors.check_wait(check=check, with_worker=True)
    return "games/match/detail.html", {
        "record": record, "club": record.club, "violations": violations,
        "games": selectors.match_games_with_turns(record=record),
        "check": check, "check_wait": wait,
        "panels": match_panels(request=request, record=record),
        **replay_context(request, record, request.GET.get("at")),
    }


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
