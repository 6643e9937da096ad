"""Pages of the round-based formats, ladders and leagues. Public pages (standings with the
tie-break columns and each round's pairings, crosstables, the ladder, league tables) are
open to anyone, like the knockout page, and poll a version to reload themselves. The
director's pairing page is for the club's admins; players challenge, accept, report and
confirm their own matches. Views translate HTTP: the gates of ``clubs.permissions`` decide
who, the services decide what, the selectors read."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.permissions import club_for_admin, club_for_viewer, is_club_admin, is_referee
from clubs.selectors import club_members, player_of_user
from config.views_refusals import refusal_page
from ops.pagecache import cached_page
from tournaments import actions, forms, selectors, selectors_league, selectors_rounds
from tournaments.models import Ladder, LeagueSeason, Tournament
from tournaments.services import (
    DOMAIN_ERRORS,
    NotAllowed,
    entry_withdraw,
    groups_knockout_create,
    handler_for,
    rounds,
    tournament_close,
)
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues


def _round_tournament(club: Club, pk: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(club=club, pk=pk).first()
    if tournament is None or not tournament.kind.is_round_based:
        raise Http404(gettext("No such tournament."))
    return tournament


def _done(request, call) -> bool:
    try:
        message = call()
    except DOMAIN_ERRORS as exc:
        messages.error(request, str(exc))
        return False
    if message:
        messages.success(request, message)
    return True


# --------------------------------------------------------------------------- Swiss, RR


def standings_page(request, slug: str, pk: int):
    """Standings with the tie-break columns, each round's pairings; crosstables for round
    robins and groups (one per group)."""
    club = club_for_viewer(user=request.user, slug=slug)
    tournament = _round_tournament(club, pk)
    can_direct = is_club_admin(user=request.user, club=club)

    def build():
        return "tournaments/public/standings.html", {
            "club": club, "tournament": tournament,
            "tables": handler_for(tournament).standings(tournament=tournament),
            # Players know before they play whether a round's matches are rated.
            "rounds": selectors_rounds.rounds_forecast(
                tournament=tournament,
                rounds=selectors_rounds.pairings_by_round(tournament=tournament)),
            "can_direct": can_direct}

    # Kept per version of the event: every result, pairing and correction bumps it.
    key = f"standings:{tournament.pk}:{tournament.version}:{can_direct}"
    return cached_page(request, club, key, build)


@login_required
def pairing_page(request, slug: str, pk: int):
    """The director: preview the next round (GET), swap two players (shows rematches),
    publish; late entries, withdrawals, close; the group stage into its knockout. Bad
    input and refusals are shown on the page, with a 400."""
    club = club_for_admin(user=request.user, slug=slug)
    tournament = _round_tournament(club, pk)
    preview, error = None, None
    form = forms.PairingForm(request.POST if request.method == "POST" else None)
    try:
        if form.is_bound and not form.is_valid():
            error = forms.form_errors(form)
        elif form.is_bound and form.cleaned_data["action"] == "swap":
            data = form.cleaned_data
            preview = rounds.swiss_pairs_swap(tournament=tournament, pairs=data["pairs"],
                                              first=data["first"], second=data["second"])
        elif form.is_bound:
            message = _director(request, tournament, form.cleaned_data)
            messages.success(request, message)
            return redirect("tournaments:pairing", slug=club.slug, pk=tournament.pk)
        elif tournament.kind.is_paired_by_round and tournament.status == "running":
            preview = rounds.swiss_round_preview(tournament=tournament)
    except DOMAIN_ERRORS as exc:
        error = str(exc)
    names = dict(Player.objects.filter(tournament_entries__tournament=tournament)
                 .values_list("pk", "name"))
    entered = set(names)
    return render(request, "tournaments/manage/pairing.html", {
        "club": club, "tournament": tournament, "error": error,
        "preview": preview and {**preview, "json": json.dumps(preview["pairs"]),
                                "named": [(names.get(a), names.get(b) if b else None)
                                          for a, b in preview["pairs"]],
                                "rematch_names": [(names.get(a), names.get(b))
                                                  for a, b in preview["rematches"]]},
        "entries": selectors_rounds.entries_by_seed(tournament),
        "plan": selectors_rounds.round_plan(tournament=tournament),
        "members": [m for m in club_members(club=club) if m.player_id not in entered]},
        status=400 if error and request.method == "POST" else 200)


def _director(request, tournament, data: dict) -> str:
    action = data["action"]
    if action == "publish":
        round_ = rounds.swiss_round_publish(tournament=tournament, pairs=data["pairs"],
                                            by=request.user)
        return gettext("%(round)s published: the matches are ready.") % {
            "round": round_.display_name}
    if action == "late":
        entry = rounds.entry_add_late(tournament=tournament, player=data["player"])
        return gettext("%(player)s joins from the next round.") % {"player": entry.player}
    if action == "withdraw":
        entry = get_object_or_404(tournament.entries, pk=data["entry"])
        entry_withdraw(entry=entry, by=request.user)
        return gettext("%(player)s withdrew; a ready match is a walkover.") % {
            "player": entry.player}
    if action == "knockout":
        knockout = groups_knockout_create(tournament=tournament, by=request.user)
        return gettext("The knockout %(name)s is drawn.") % {"name": knockout.name}
    tournament_close(tournament=tournament, by=request.user)
    return gettext("The event is closed: the placings are stored.")


# --------------------------------------------------------------------------- actions


def _event_action(request, *, slug: str, pk: int, name: str, tables: dict, load, page: str):
    """A ladder's or a league's action from its page, by the shared table
    (``tournaments.actions``): the audience's gate, the form, the service; bad input and
    refusals are messages on the page, a "not you" is a 403 page saying why."""
    club = get_object_or_404(Club, slug=slug)
    audience, action = actions.find(tables, name)
    actions.gate(audience, user=request.user, club_id=club.pk)
    event = load(club, pk)
    form = action.form(request.POST)
    if not form.is_valid():
        messages.error(request, forms.form_errors(form))
        return redirect(page, slug=club.slug, pk=event.pk)
    try:
        _, message = action.run(request.user, event, form.cleaned_data)
    except NotAllowed as exc:
        return refusal_page(request, exc, club=club, back_name=event.name,
                            back_url=reverse(page, args=[club.slug, event.pk]))
    except DOMAIN_ERRORS as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, message)
    return redirect(page, slug=club.slug, pk=event.pk)


# --------------------------------------------------------------------------- ladders


def _ladder(club, pk) -> Ladder:
    return get_object_or_404(Ladder.objects.select_related("club"), club=club, pk=pk)


def ladder_page(request, slug: str, pk: int):
    club = club_for_viewer(user=request.user, slug=slug)
    ladder = _ladder(club, pk)
    can_direct = is_club_admin(user=request.user, club=club)
    can_correct = is_referee(user=request.user, club=club)

    def build():
        me = player_of_user(user=request.user)
        view = selectors_league.ladder_view(ladder=ladder)
        return "tournaments/public/ladder.html", {
            "club": club, "ladder": ladder, **view, "me": me,
            "on_ladder": me is not None and any(r.player_id == me.pk for r in view["rungs"]),
            "challengeable": selectors_league.challengeable(ladder=ladder, view=view,
                                                            player_id=me and me.pk),
            "can_direct": can_direct, "can_correct": can_correct}

    # Kept per version of the ladder (every challenge, result, join or leave bumps it) and
    # per viewer on it (their challenges and forms); a day at most (the deadlines).
    key = (f"ladder:{ladder.pk}:{ladder.version}:{can_direct}:{can_correct}:"
           f"{selectors.viewer_part(user=request.user, event='ladder', pk=ladder.pk)}:"
           f"{timezone.localdate()}")
    return cached_page(request, club, key, build)


def ladder_state(request, slug: str, pk: int):
    ladder = _ladder(get_object_or_404(Club, slug=slug), pk)
    return JsonResponse({"version": ladder.version})


@login_required
@require_POST
def ladder_action(request, slug: str, pk: int, action: str):
    """Players: join, challenge, accept, report, confirm, cancel, leave. Admins: add a
    member, enter, remove; referees: correct (``actions.LADDER_ACTIONS``)."""
    return _event_action(request, slug=slug, pk=pk, name=action,
                         tables=actions.LADDER_ACTIONS, load=_ladder,
                         page="tournaments:ladder")


# --------------------------------------------------------------------------- leagues


def _season(club, pk) -> LeagueSeason:
    return get_object_or_404(LeagueSeason.objects.select_related("club"), club=club, pk=pk)


def league_page(request, slug: str, pk: int):
    club = club_for_viewer(user=request.user, slug=slug)
    season = _season(club, pk)
    can_direct = is_club_admin(user=request.user, club=club)
    can_correct = is_referee(user=request.user, club=club)

    def build():
        me = player_of_user(user=request.user)
        names = dict(Player.objects.filter(pk__in=[p for d in season.draft for p in d])
                     .values_list("pk", "name")) if season.draft else {}
        return "tournaments/public/league.html", {
            "club": club, "season": season, "me": me,
            "divisions": selectors_league.season_tables(season=season),
            "draft": [[names.get(p, p) for p in d] for d in season.draft],
            "can_direct": can_direct, "can_correct": can_correct}

    # Kept per version of the season (every result, ruling and expiry bumps it) and per
    # viewer taking part (their report and confirm forms); a day at most (the deadlines).
    key = (f"league:{season.pk}:{season.version}:{can_direct}:{can_correct}:"
           f"{selectors.viewer_part(user=request.user, event='league', pk=season.pk)}:"
           f"{timezone.localdate()}")
    return cached_page(request, club, key, build)


def league_state(request, slug: str, pk: int):
    season = _season(get_object_or_404(Club, slug=slug), pk)
    return JsonResponse({"version": season.version, "status": season.status})


@login_required
@require_POST
def league_action(request, slug: str, pk: int, action: str):
    """Players: report, confirm. Admins: start, enter, walkover, finish, next season.
    Referees: correct, rule (``actions.LEAGUE_ACTIONS``)."""
    return _event_action(request, slug=slug, pk=pk, name=action,
                         tables=actions.LEAGUE_ACTIONS, load=_season,
                         page="tournaments:league")


# --------------------------------------------------------------------------- lists, creation


def ladder_list(request, slug: str):
    """The club's ladders; club admins create one here."""
    club = club_for_viewer(user=request.user, slug=slug)
    can_direct = is_club_admin(user=request.user, club=club)
    form = forms.LadderForm(request.POST or None)
    if request.method == "POST":
        club = club_for_admin(user=request.user, slug=slug)
        if form.is_valid() and _done(request, lambda: _ladder_create(club, form)):
            return redirect("tournaments:ladders", slug=club.slug)
        return render(request, "tournaments/public/ladders.html", {
            "club": club, "ladders": club.ladders.order_by("name"), "form": form,
            "can_direct": can_direct}, status=400)
    key = f"ladders:{selectors.events_version(club=club, model=Ladder)}:{can_direct}"
    return cached_page(request, club, key, lambda: ("tournaments/public/ladders.html", {
        "club": club, "ladders": club.ladders.order_by("name"), "form": form,
        "can_direct": can_direct}))


def _ladder_create(club, form) -> str:
    ladder = ladders.ladder_create(club=club, **form.cleaned_data)
    return gettext("%(ladder)s is open: members join at the bottom.") % {"ladder": ladder.name}


def league_list(request, slug: str):
    """The club's league seasons; club admins draft a new one here."""
    club = club_for_viewer(user=request.user, slug=slug)
    can_direct = is_club_admin(user=request.user, club=club)
    form = forms.SeasonForm(request.POST or None, club=club)
    if request.method == "POST":
        club = club_for_admin(user=request.user, slug=slug)
        if form.is_valid() and _done(request, lambda: _season_create(club, form)):
            return redirect("tournaments:leagues", slug=club.slug)
        return render(request, "tournaments/public/leagues.html", {
            "club": club, "seasons": club.leagues.order_by("-starts_on", "-pk"),
            "form": form, "can_direct": can_direct}, status=400)
    key = f"leagues:{selectors.events_version(club=club, model=LeagueSeason)}:{can_direct}"
    return cached_page(request, club, key, lambda: ("tournaments/public/leagues.html", {
        "club": club, "seasons": club.leagues.order_by("-starts_on", "-pk"), "form": form,
        "can_direct": can_direct}))


def _season_create(club, form) -> str:
    season = leagues.season_create(club=club, **form.cleaned_data)
    return gettext("%(season)s is drafted: start it from its page.") % {"season": season.name}
