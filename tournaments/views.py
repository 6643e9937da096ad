"""Tournament pages: the public bracket (anyone), the player's report and confirm (the two
players of a match), the director's page (the club's admins; referees settle and correct).
Views translate HTTP: the gates of ``clubs.permissions`` decide who, the services decide
what, the selectors read."""

import functools
import time

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import (
    club_for_admin,
    club_for_referee,
    club_for_viewer,
    is_club_admin,
    is_referee,
)
from clubs.selectors import club_members
from config.views_refusals import refusal_page
from ops.pagecache import cached_page
from results.selectors_rated import rated_forecast
from tournaments import forms, selectors, services
from tournaments.models import Entry, ResultReport, Tournament, TournamentMatch


def _tournament(club: Club, pk: int) -> Tournament:
    try:
        return selectors.tournament_get(club=club, pk=pk)
    except Tournament.DoesNotExist:
        raise Http404(gettext("No such tournament.")) from None


def tournament_list(request, slug: str):
    club = club_for_viewer(user=request.user, slug=slug)
    can_direct = is_club_admin(user=request.user, club=club)
    key = f"tournaments:{selectors.events_version(club=club, model=Tournament)}:{can_direct}"
    return cached_page(request, club, key, lambda: ("tournaments/public/list.html", {
        "club": club, "tournaments": selectors.tournament_list(club=club),
        "can_direct": can_direct}))


@login_required
def tournament_new(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    form = forms.TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                club=club, name=form.cleaned_data["name"], format=form.cleaned_data["format"],
                starts_on=form.cleaned_data["starts_on"], options=form.options(),
                created_by=request.user)
        except services.DOMAIN_ERRORS as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("tournaments:manage", slug=club.slug, pk=tournament.pk)
    return render(request, "tournaments/manage/new.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


def _refusals_are_403(view):
    """A service's "not you" (``NotAllowed``) answered with a 403 page saying why; its other
    refusals (bad input) stay messages on the page the form came from."""
    @functools.wraps(view)
    def wrapped(request, slug: str, pk: int, **kwargs):
        try:
            return view(request, slug, pk, **kwargs)
        except services.NotAllowed as exc:
            club = get_object_or_404(Club, slug=slug)
            tournament = _tournament(club, pk)
            return refusal_page(request, exc, club=club, back_name=tournament.name,
                                back_url=tournament.get_absolute_url())
    return wrapped


def _public_context(request, club, tournament) -> dict:
    rows = selectors.matches(tournament=tournament)
    mine = selectors.my_matches(tournament=tournament, user=request.user, rows=rows)
    return {"club": club, "tournament": tournament, "rows": rows,
            "bracket": selectors.bracket(tournament=tournament, rows=rows),
            "placings": selectors.placings(tournament=tournament, rows=rows),
            "day": selectors.day_view(tournament=tournament, rows=rows),
            "mine": [m for m in mine if m.status in (TournamentMatch.Status.READY,
                                                     TournamentMatch.Status.IN_PROGRESS)],
            "reports": selectors.open_reports(tournament=tournament),
            "my_match_ids": {m.pk for m in mine},
            "can_direct": is_club_admin(user=request.user, club=club),
            # A second person of the club's confirms a report too (one login's report, such
            # as a match played on one device, needs one).
            "can_decide": is_referee(user=request.user, club=club),
            # Players know before they play whether their matches are rated, and where.
            # (the shortest round's length: once drawn).
            "rated": rated_forecast(club=club, kind=tournament.format,
                                    length=min(m.length for m in rows)) if rows else []}


def tournament_detail(request, slug: str, pk: int):
    club = club_for_viewer(user=request.user, slug=slug)
    tournament = _tournament(club, pk)
    # Kept per version of the event (every result, report, withdrawal or correction bumps
    # it) and per viewer taking part (their next match, their reports); while it runs, per
    # minute too (how long each match has been playing).
    minute = int(time.time() // 60) if tournament.status == Tournament.Status.RUNNING else ""
    key = (f"tournament:{tournament.pk}:{tournament.version}:{minute}:"
           f"{is_club_admin(user=request.user, club=club)}:"
           f"{is_referee(user=request.user, club=club)}:"
           f"{selectors.viewer_part(user=request.user, event='tournament', pk=tournament.pk)}")
    return cached_page(request, club, key, lambda: (
        "tournaments/public/detail.html", _public_context(request, club, tournament)))


def tournament_state(request, slug: str, pk: int):
    """The poll: the version only; the page reloads itself when it changed."""
    club = get_object_or_404(Club, slug=slug)
    tournament = _tournament(club, pk)
    return JsonResponse({"version": tournament.version, "status": tournament.status})


@login_required
def my_tournaments(request, slug: str):
    """A player's page in a club: the matches to play (and results to confirm), and every
    tournament played."""
    club = club_for_viewer(user=request.user, slug=slug)

    def build():
        history = selectors.player_history(club=club, user=request.user)
        return "tournaments/public/mine.html", {
            "club": club, "history": history,
            "next": selectors.next_matches_forecast(
                club=club, rows=selectors.next_matches(history=history))}

    # The viewer's own page, kept until one of the club's tournaments moves (a result, a
    # report to confirm: every write to an event bumps its version).
    key = (f"mine:{request.user.pk}:"
           f"{selectors.events_version(club=club, model=Tournament)}")
    return cached_page(request, club, key, build)


@login_required
@_refusals_are_403
def my_withdrawal(request, slug: str, pk: int):
    """A player withdraws themselves: a confirmation page, then the withdrawal (the same as
    the director's; the service refuses someone else's entry)."""
    club = get_object_or_404(Club, slug=slug)
    tournament = _tournament(club, pk)
    if request.method == "POST":
        form = forms.WithdrawForm(request.POST)
        if not form.is_valid():
            messages.error(request, forms.form_errors(form))
            return redirect("tournaments:withdraw", slug=club.slug, pk=tournament.pk)
        entry = get_object_or_404(Entry.objects.select_related("player"),
                                  tournament=tournament, pk=form.cleaned_data["entry"])
        try:
            services.entry_withdraw_own(entry=entry, by=request.user)
        except services.NotAllowed:
            raise
        except services.DOMAIN_ERRORS as exc:
            messages.error(request, str(exc))
        else:
            values = {"tournament": tournament.name}
            messages.success(request, gettext(
                "You withdrew from %(tournament)s. Your next opponent gets a walkover.")
                % values if tournament.status == Tournament.Status.RUNNING
                else gettext("You withdrew from %(tournament)s.") % values)
        return redirect("tournaments:mine", slug=club.slug)
    entry = selectors.my_entry(tournament=tournament, user=request.user)
    if entry is None:
        raise Http404(gettext("You have no entry in this tournament."))
    return render(request, "tournaments/public/withdraw.html", {
        "club": club, "tournament": tournament, "entry": entry,
        "playing": [m for m in selectors.my_matches(tournament=tournament, user=request.user)
                    if m.status in (TournamentMatch.Status.READY,
                                    TournamentMatch.Status.IN_PROGRESS)]})


@login_required
def tournament_manage(request, slug: str, pk: int):
    club = club_for_admin(user=request.user, slug=slug)
    tournament = _tournament(club, pk)
    context = _public_context(request, club, tournament)
    entries = list(selectors.entries(tournament=tournament))
    entered = {e.player_id for e in entries}
    return render(request, "tournaments/manage/manage.html", {
        **context, "entries": entries, "matches": context["rows"],
        "seed_form": _seed_form(entries),
        "members": [m for m in club_members(club=club) if m.player_id not in entered],
    })


# --------------------------------------------------------------------------- actions


def _match(tournament, match_id) -> TournamentMatch:
    return get_object_or_404(TournamentMatch, tournament=tournament, pk=match_id)


def _report(tournament, report_id) -> ResultReport:
    return get_object_or_404(ResultReport, match__tournament=tournament, pk=report_id)


def _report_result(request, tournament, data):
    upload = data.get("match_file")
    services.match_result_report(
        match=_match(tournament, data["match"]), by=request.user, winner=data["winner"],
        score_a=data["score_a"], score_b=data["score_b"],
        match_file=upload.read() if upload else None, filename=upload.name if upload else "")
    return gettext("Result reported: your opponent confirms it.")


def _confirm(request, tournament, data):
    services.match_result_confirm(report=_report(tournament, data["report"]), by=request.user)
    return gettext("Result confirmed.")


def _dispute(request, tournament, data):
    services.match_result_dispute(report=_report(tournament, data["report"]), by=request.user,
                                  reason=data.get("reason", ""))
    return gettext("Result disputed: the club's referees will decide.")


PLAYER_ACTIONS = {"report": (forms.ResultForm, _report_result),
                  "confirm": (forms.ReportActionForm, _confirm),
                  "dispute": (forms.ReportActionForm, _dispute)}


def _run(request, tournament, actions, action):
    if action not in actions:
        raise Http404(gettext("Unknown action."))
    form_class, handler = actions[action]
    if form_class is forms.SeedForm:  # numbered over the event's entries
        form = _seed_form(selectors.entries(tournament=tournament), request.POST)
    else:
        form = form_class(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, forms.form_errors(form))
        return False
    try:
        messages.success(request, handler(request, tournament, form.cleaned_data))
    except services.NotAllowed:
        raise  # a 403 (``_refusals_are_403``), not a message
    except services.DOMAIN_ERRORS as exc:
        messages.error(request, str(exc))
        return False
    return True


@login_required
@require_POST
@_refusals_are_403
def player_action(request, slug: str, pk: int, action: str):
    """A player reports, confirms or disputes their own match (the services check who)."""
    club = get_object_or_404(Club, slug=slug)
    tournament = _tournament(club, pk)
    ok = _run(request, tournament, PLAYER_ACTIONS, action)
    response = redirect(tournament.get_absolute_url())
    response.status_code = 303 if ok else 302
    return response


def _add_entry(request, tournament, data):
    if data.get("guest"):
        entry = services.entry_add_guest(tournament=tournament, name=data["guest"])
    elif data.get("player"):
        entry = services.entry_add(tournament=tournament, player=data["player"])
    else:
        raise services.TournamentError(gettext("Choose a member or type a guest's name."))
    return gettext("%(player)s entered.") % {"player": entry.player}


def _seed_form(entries, data=None) -> forms.SeedForm:
    """The seeding form over the active entries, numbered in their present order (the
    seeded ones first, as the start would number them)."""
    active = [e for e in entries if e.status == Entry.Status.ACTIVE]
    active.sort(key=lambda e: (e.seed is None, e.seed or 0, e.pk))
    return forms.SeedForm(data, entries=active)


def _seed(request, tournament, data):
    order = data["order"]
    services.entries_seed(tournament=tournament, order=order)
    return gettext("Seeds set.") if order else gettext(
        "Seeds drawn at random (the draw is recorded).")


def _open(request, tournament, data):
    services.tournament_open_registration(tournament=tournament)
    return gettext("Registration is open: entries are listed on the public page.")


def _start(request, tournament, data):
    services.tournament_start(tournament=tournament, by=request.user)
    return gettext("The bracket is drawn: the first matches are ready.")


def _enter(request, tournament, data):
    services.match_result_enter(match=_match(tournament, data["match"]), by=request.user,
                                winner=data["winner"], score_a=data["score_a"],
                                score_b=data["score_b"])
    return gettext("Result entered.")


def _withdraw(request, tournament, data):
    entry = get_object_or_404(Entry, tournament=tournament, pk=data["entry"])
    services.entry_withdraw(entry=entry, by=request.user)
    values = {"player": entry.player}
    return (gettext("%(player)s withdrew.") % values
            if tournament.status != Tournament.Status.RUNNING
            else gettext("%(player)s withdrew: the next opponent gets a walkover.") % values)


def _start_match(request, tournament, data):
    services.match_start(match=_match(tournament, data["match"]))
    return gettext("Match started.")


def _correct(request, tournament, data):
    services.match_result_correct(match=_match(tournament, data["match"]), by=request.user,
                                  winner=data["winner"], score_a=data["score_a"],
                                  score_b=data["score_b"], reason=data.get("reason", ""))
    return gettext("Result corrected; later matches follow (those already played are "
                   "flagged).")


def _resolve(request, tournament, data):
    services.match_result_resolve(match=_match(tournament, data["match"]), by=request.user,
                                  winner=data["winner"], score_a=data["score_a"],
                                  score_b=data["score_b"], reason=data.get("reason", ""))
    return gettext("Dispute settled.")


DIRECTOR_ACTIONS = {
    "entry": (forms.EntryForm, _add_entry), "seed": (forms.SeedForm, _seed),
    "start": (forms.NoInput, _start), "enter": (forms.ResultForm, _enter),
    "begin": (forms.MatchForm, _start_match), "withdraw": (forms.WithdrawForm, _withdraw),
    "open": (forms.NoInput, _open),
}
REFEREE_ACTIONS = {"correct": (forms.ResultForm, _correct),
                   "resolve": (forms.ResultForm, _resolve)}


@login_required
@require_POST
@_refusals_are_403
def director_action(request, slug: str, pk: int, action: str):
    """The director's taps; corrections and dispute rulings also by the club's referees."""
    if action in REFEREE_ACTIONS:
        club = club_for_referee(user=request.user, slug=slug)
        actions = REFEREE_ACTIONS
    else:
        club = club_for_admin(user=request.user, slug=slug)
        actions = DIRECTOR_ACTIONS
    tournament = _tournament(club, pk)
    _run(request, tournament, actions, action)
    target = "tournaments:manage" if is_club_admin(user=request.user, club=club) \
        else "tournaments:detail"
    return redirect(target, slug=club.slug, pk=tournament.pk)
