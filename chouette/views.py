"""Chouette pages: session list, the live scoreboard (writable by the club's admins and
referees, read-only for its other members), balances and settlement, CSV ledger, player
records. A club's chouette money is members-only: every page passes a gate of
``clubs.permissions``. Views translate HTTP; the services decide, the selectors read.
"""

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from chouette import forms, selectors, services
from chouette.core import ChouetteSettings
from chouette.models import ChouetteSession
from clubs.models import Club, Membership, Player
from clubs.permissions import club_for_member, club_for_referee, is_referee
from config.refusals import Refusal, refusal_text
from config.spreadsheets import safe_row
from config.views_refusals import refusal_json
from ops.pagecache import cached_page


def _session(club: Club, pk: int) -> ChouetteSession:
    try:
        return selectors.session_get(club=club, pk=pk)
    except ChouetteSession.DoesNotExist:
        raise Http404("No such chouette session.") from None


#: Sessions per page of the list (a club holds hundreds of evenings).
SESSIONS_PER_PAGE = 25


def _key(club: Club, page: str, *parts) -> str:
    """A cached page's key: the club's chouette version (``selectors.chouette_version``)."""
    return ":".join(str(p) for p in ("chouette", page, selectors.chouette_version(club=club),
                                     *parts))


@login_required
def session_list(request, slug: str):
    club = club_for_member(user=request.user, slug=slug)
    can_write = is_referee(user=request.user, club=club)

    def build():
        # get_page: a missing or non-numeric page is the first, one past the end the last.
        page = Paginator(selectors.session_list(club=club), SESSIONS_PER_PAGE).get_page(
            request.GET.get("page"))
        return "chouette/list.html", {
            "club": club, "page": page, "sessions": page.object_list, "can_write": can_write}

    return cached_page(request, club, _key(club, "list", can_write), build)


@login_required
def session_new(request, slug: str):
    club = club_for_referee(user=request.user, slug=slug)
    form = forms.SessionStartForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            session = services.chouette_session_start(
                club=club, date=data["date"], stake=data["stake"], players=data["players"],
                settings=ChouetteSettings(**form.rule_values()), created_by=request.user)
        except services.DOMAIN_ERRORS as exc:
            form.add_error(None, refusal_text(exc))
        else:
            return redirect(session.get_absolute_url())
    return render(request, "chouette/new.html", {"club": club, "form": form})


def _board_context(request, club, session) -> dict:
    can_write = session.is_open and is_referee(user=request.user, club=club)
    context = {"club": club, "session": session, "board": selectors.scoreboard(session=session),
               "can_write": can_write}
    if can_write:
        context["members"] = Membership.objects.active().of_club(club).select_related(
            "player").order_by("player__name")
    return context


@login_required
def board(request, slug: str, pk: int):
    club = club_for_member(user=request.user, slug=slug)
    session = _session(club, pk)
    # Writers get the scoreboard's forms (their own CSRF token): never cached for them.
    can_write = session.is_open and is_referee(user=request.user, club=club)
    key = f"chouette:board:{session.pk}:{session.version}:{can_write}"
    return cached_page(request, club, key, lambda: (
        "chouette/board.html", _board_context(request, club, session)))


@login_required
def board_state(request, slug: str, pk: int):
    """The poll: tiny when nothing changed, else the new version and the board's HTML."""
    club = club_for_member(user=request.user, slug=slug)
    session = _session(club, pk)
    since = request.GET.get("since", "")
    if since.isdigit() and int(since) == session.version:
        return JsonResponse({"version": session.version, "changed": False})
    context = _board_context(request, club, session)
    return JsonResponse({
        "version": session.version, "changed": True, "state": context["board"],
        "html": render_to_string("chouette/_board.html", context, request=request),
    })


# --------------------------------------------------------------------------- scoreboard taps


def _roll(session, data, user):
    services.chouette_order_roll(session=session, rolls=data["rolls"],
                                 expected_version=data["version"])
    return gettext("Dice recorded.")


def _join(session, data, user):
    services.chouette_player_join(session=session, player=data["player"],
                                  expected_version=data["version"])
    return gettext("Joined at the bottom of the line.")


def _seat(session, data, user):
    services.chouette_player_move(session=session, player=data["player"], move=data["move"],
                                  expected_version=data["version"])
    return gettext("The order is updated.")


def _start(session, data, user):
    game = services.chouette_game_start(session=session, started_by=user,
                                        automatic_double=data["automatic_double"],
                                        expected_version=data["version"])
    return gettext("Game %(number)s started.") % {"number": game.number}


def _cube(session, data, user):
    services.chouette_cube_action(session=session, kind=data["kind"], members=data["members"],
                                  created_by=user, expected_version=data["version"])
    return gettext("Cube action recorded.")


def _tap_undo(session, data, user):
    services.chouette_cube_action_undo(session=session, created_by=user,
                                       expected_version=data["version"])
    return gettext("Last cube action taken back.")


def _result(session, data, user):
    game = services.chouette_result_record(
        session=session, winner=data["winner"], kind=data["kind"], resigned=data["resigned"],
        recorded_by=user, expected_version=data["version"])
    return gettext("Game %(number)s: result recorded.") % {"number": game.number}


def _undo(session, data, user):
    game = services.chouette_game_undo(session=session, undone_by=user,
                                       reason=gettext("Undo by the club admin at the table"),
                                       expected_version=data["version"])
    return gettext("Game %(number)s undone.") % {"number": game.number}


def _close(session, data, user):
    services.chouette_session_close(session=session, closed_by=user,
                                    expected_version=data["version"])
    return gettext("Session closed.")


TAPS = {
    "roll": (forms.RollForm, _roll), "join": (forms.JoinForm, _join),
    "seat": (forms.SeatForm, _seat), "start": (forms.StartForm, _start),
    "cube": (forms.CubeForm, _cube), "tap-undo": (forms._Tap, _tap_undo),
    "result": (forms.ResultForm, _result), "undo": (forms._Tap, _undo),
    "close": (forms._Tap, _close),
}


@login_required
@require_POST
def board_tap(request, slug: str, pk: int, tap: str):
    """One scoreboard action. JSON for the page's script, redirect + message without it."""
    club = club_for_referee(user=request.user, slug=slug)
    session = _session(club, pk)
    if tap not in TAPS:
        raise Http404("Unknown scoreboard action.")
    form_class, handler = TAPS[tap]
    form = form_class(request.POST)
    refusal, done = None, None
    if not form.is_valid():
        refusal = Refusal(" ".join(" ".join(errors) for errors in form.errors.values()))
    else:
        try:
            done = handler(session, form.cleaned_data, request.user)
        except services.DOMAIN_ERRORS as exc:
            refusal = exc
    if request.headers.get("Accept") == "application/json":
        session.refresh_from_db()
        context = _board_context(request, club, session)
        board = {"version": session.version,
                 "html": render_to_string("chouette/_board.html", context, request=request)}
        if refusal is not None:  # 400, or 409 when the scoreboard was behind
            return refusal_json(refusal, **board)
        return JsonResponse({"ok": True, "message": done, **board})
    if refusal is not None:
        messages.error(request, refusal_text(refusal))
    else:
        messages.success(request, done)
    return redirect(session.get_absolute_url())


# --------------------------------------------------------------------------- money, records


@login_required
def settlement(request, slug: str):
    club = club_for_member(user=request.user, slug=slug)
    can_write = is_referee(user=request.user, club=club)
    return cached_page(request, club, _key(club, "settlement", can_write), lambda: (
        "chouette/settlement.html", {
            "club": club, "can_write": can_write,
            "payments": selectors.recent_payments(club=club),
            **selectors.settlement(club=club)}))


@login_required
@require_POST
def mark_paid(request, slug: str):
    club = club_for_referee(user=request.user, slug=slug)
    try:
        if request.POST.get("all"):
            done = services.chouette_plan_mark_paid(club=club, created_by=request.user)
            messages.success(request, ngettext("%(count)s payment marked paid.",
                                               "%(count)s payments marked paid.",
                                               len(done)) % {"count": len(done)})
        else:
            form = forms.PaymentForm(request.POST)
            if not form.is_valid():
                raise services.ChouetteServiceError(gettext("Choose a payment of the plan."))
            services.chouette_payment_record(club=club, created_by=request.user,
                                             **form.cleaned_data)
            messages.success(request, gettext("Payment marked paid."))
    except services.DOMAIN_ERRORS as exc:
        messages.error(request, refusal_text(exc))
    return redirect("chouette:settlement", slug=club.slug)


@login_required
@require_POST
def payment_undo(request, slug: str, pk: int):
    club = club_for_referee(user=request.user, slug=slug)
    try:
        services.chouette_payment_reverse(club=club, payment_id=pk, created_by=request.user,
                                          reason=request.POST.get("reason", ""))
        messages.success(request,
                         gettext("Payment undone: the balances are back as they were."))
    except services.DOMAIN_ERRORS as exc:
        messages.error(request, refusal_text(exc))
    return redirect("chouette:settlement", slug=club.slug)


@login_required
def ledger_csv(request, slug: str, pk: int):
    club = club_for_member(user=request.user, slug=slug)
    session = _session(club, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="chouette-{club.slug}-{session.date:%Y-%m-%d}-{session.pk}.csv"')
    writer = csv.writer(response)
    writer.writerow(["entry", "created_at", "game", "box", "member", "points", "amount",
                     "currency", "reverses", "reason", "by"])
    for e in selectors.ledger_rows(session=session):
        writer.writerow(safe_row([e.pk, e.created_at.isoformat(), e.game.number, e.box.name,
                                  e.member.name, e.points, e.amount, session.currency,
                                  e.reverses_id or "", e.reason,
                                  e.created_by.get_username() if e.created_by else ""]))
    return response


@login_required
def player_record(request, slug: str, player_id: int):
    club = club_for_member(user=request.user, slug=slug)
    player = get_object_or_404(Player.objects.members_of(club, past_too=True), pk=player_id)
    return cached_page(request, club, _key(club, "record", player.pk), lambda: (
        "chouette/record.html", {
            "club": club, **selectors.player_record(club=club, player=player)}))
