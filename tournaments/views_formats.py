"""Pages of the round-based formats, ladders and leagues. Public pages (standings with the
tie-break columns and each round's pairings, crosstables, the ladder, league tables) are
open to anyone, like the knockout page, and poll a version to reload themselves. The
director's pairing page is for the club's admins; players challenge, accept, report and
confirm their own matches. Views translate HTTP: the gates of ``clubs.permissions`` decide
who, the services decide what, the selectors read."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.permissions import club_for_admin, club_for_referee, is_club_admin, is_referee
from clubs.selectors import club_members
from tournaments import selectors_league, selectors_rounds
from tournaments.models import Challenge, Fixture, Ladder, LeagueSeason, Tournament
from tournaments.services import (
    DOMAIN_ERRORS,
    TournamentError,
    entry_withdraw,
    groups_knockout_create,
    handler_for,
    rounds,
    tournament_close,
)
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues


class ResultFields(forms.Form):
    winner = forms.IntegerField(min_value=1)
    score_a = forms.IntegerField(min_value=0, max_value=99, required=False)
    score_b = forms.IntegerField(min_value=0, max_value=99, required=False)
    reason = forms.CharField(required=False, max_length=500)


def _round_tournament(club: Club, pk: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(club=club, pk=pk).first()
    if tournament is None or not tournament.kind.is_round_based:
        raise Http404("No such tournament.")
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
    club = get_object_or_404(Club, slug=slug)
    tournament = _round_tournament(club, pk)
    return render(request, "tournaments/public/standings.html", {
        "club": club, "tournament": tournament,
        "tables": handler_for(tournament).standings(tournament=tournament),
        "rounds": selectors_rounds.pairings_by_round(tournament=tournament),
        "can_direct": is_club_admin(user=request.user, club=club)})


def _pairs_from(request) -> list:
    try:
        pairs = json.loads(request.POST.get("pairs", "[]"))
    except ValueError:
        raise TournamentError("The proposed pairings were garbled: pair again.") from None
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2
                                              for p in pairs):
        raise TournamentError("The proposed pairings were garbled: pair again.")
    return pairs


@login_required
def pairing_page(request, slug: str, pk: int):
    """The director: preview the next round (GET), swap two players (shows rematches),
    publish; late entries, withdrawals, close; the group stage into its knockout."""
    club = club_for_admin(user=request.user, slug=slug)
    tournament = _round_tournament(club, pk)
    preview, error = None, None
    action = request.POST.get("action") if request.method == "POST" else None
    try:
        if action == "swap":
            preview = rounds.swiss_pairs_swap(
                tournament=tournament, pairs=_pairs_from(request),
                first=int(request.POST.get("first") or 0),
                second=int(request.POST.get("second") or 0))
        elif action in ("publish", "late", "withdraw", "close", "knockout"):
            if _done(request, lambda: _director(request, tournament, action)):
                return redirect("tournaments:pairing", slug=club.slug, pk=tournament.pk)
        elif tournament.kind.is_paired_by_round and tournament.status == "running":
            preview = rounds.swiss_round_preview(tournament=tournament)
    except (*DOMAIN_ERRORS, ValueError) as exc:
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


def _director(request, tournament, action) -> str:
    if action == "publish":
        round_ = rounds.swiss_round_publish(tournament=tournament, pairs=_pairs_from(request),
                                            by=request.user)
        return f"{round_.name} published: the matches are ready."
    if action == "late":
        entry = rounds.entry_add_late(tournament=tournament,
                                      player=int(request.POST.get("player") or 0))
        return f"{entry.player} joins from the next round."
    if action == "withdraw":
        entry = get_object_or_404(tournament.entries, pk=int(request.POST.get("entry") or 0))
        entry_withdraw(entry=entry, by=request.user)
        return f"{entry.player} withdrew; a ready match is a walkover."
    if action == "knockout":
        knockout = groups_knockout_create(tournament=tournament, by=request.user)
        return f"The knockout {knockout.name} is drawn."
    tournament_close(tournament=tournament, by=request.user)
    return "The event is closed: the placings are stored."


# --------------------------------------------------------------------------- ladders


def _ladder(club, pk) -> Ladder:
    return get_object_or_404(Ladder.objects.select_related("club"), club=club, pk=pk)


def ladder_page(request, slug: str, pk: int):
    club = get_object_or_404(Club, slug=slug)
    ladder = _ladder(club, pk)
    me = Player.objects.filter(user=request.user).first() if request.user.is_authenticated \
        else None
    view = selectors_league.ladder_view(ladder=ladder)
    return render(request, "tournaments/public/ladder.html", {
        "club": club, "ladder": ladder, **view, "me": me,
        "on_ladder": me is not None and any(r.player_id == me.pk for r in view["rungs"]),
        "challengeable": selectors_league.challengeable(ladder=ladder, view=view,
                                                        player_id=me and me.pk),
        "can_direct": is_club_admin(user=request.user, club=club),
        "can_correct": is_referee(user=request.user, club=club)})


def ladder_state(request, slug: str, pk: int):
    ladder = _ladder(get_object_or_404(Club, slug=slug), pk)
    return JsonResponse({"version": ladder.version})


@login_required
@require_POST
def ladder_action(request, slug: str, pk: int, action: str):
    """Players: join, challenge, accept, report, confirm. Admins: add a member, enter;
    referees: correct."""
    club = get_object_or_404(Club, slug=slug)
    if action in ("enter", "remove"):
        club = club_for_admin(user=request.user, slug=slug)
    elif action == "correct":
        club = club_for_referee(user=request.user, slug=slug)
    elif action not in ("challenge", "accept", "report", "confirm", "join", "cancel", "leave"):
        raise Http404("Unknown action.")
    if action == "join" and request.POST.get("player"):  # an admin adds a member
        club = club_for_admin(user=request.user, slug=slug)
    ladder = _ladder(club, pk)
    _done(request, lambda: _ladder_action(request, ladder, action))
    return redirect("tournaments:ladder", slug=club.slug, pk=ladder.pk)


def _ladder_action(request, ladder, action) -> str:
    if action == "join":
        me = Player.objects.filter(user=request.user).first()
        player = int(request.POST.get("player") or 0) or (me.pk if me else 0)
        rung = ladders.ladder_join(ladder=ladder, player=player)
        return f"{rung.player} joins at the bottom."
    if action == "challenge":
        challenged = int(request.POST.get("challenged") or 0)
        ladders.challenge_issue(ladder=ladder, by=request.user, challenged=challenged)
        return "Challenge sent."
    if action in ("leave", "remove"):
        player = int(request.POST.get("player") or 0) if action == "remove" else None
        departure = ladders.ladder_leave(ladder=ladder, by=request.user, player=player,
                                         reason=request.POST.get("reason", ""))
        return f"{departure.player} left the ladder: the players below move up one."
    challenge = get_object_or_404(Challenge, ladder=ladder,
                                  pk=int(request.POST.get("challenge") or 0))
    if action == "accept":
        ladders.challenge_accept(challenge=challenge, by=request.user)
        return "Challenge accepted."
    if action == "cancel":
        ladders.challenge_cancel(challenge=challenge, by=request.user,
                                 reason=request.POST.get("reason", ""),
                                 as_admin=is_club_admin(user=request.user, club=ladder.club))
        return "Challenge cancelled."
    if action == "confirm":
        ladders.challenge_confirm(challenge=challenge, by=request.user)
        return "Result confirmed: the ladder is updated."
    form = ResultFields(request.POST)
    if not form.is_valid():
        raise TournamentError("Give the winner and both scores.")
    data = form.cleaned_data
    if data["score_a"] is None or data["score_b"] is None:
        raise TournamentError("Give both scores.")
    call = {"report": ladders.challenge_report, "enter": ladders.challenge_enter,
            "correct": ladders.challenge_correct}[action]
    extra = {"reason": data["reason"]} if action == "correct" else {}
    call(challenge=challenge, by=request.user, winner=data["winner"],
         score_challenger=data["score_a"], score_challenged=data["score_b"], **extra)
    return {"report": "Result reported: your opponent confirms it.",
            "enter": "Result entered.", "correct": "Result corrected."}[action]


# --------------------------------------------------------------------------- leagues


def _season(club, pk) -> LeagueSeason:
    return get_object_or_404(LeagueSeason.objects.select_related("club"), club=club, pk=pk)


def league_page(request, slug: str, pk: int):
    club = get_object_or_404(Club, slug=slug)
    season = _season(club, pk)
    me = Player.objects.filter(user=request.user).first() if request.user.is_authenticated \
        else None
    names = dict(Player.objects.filter(pk__in=[p for d in season.draft for p in d])
                 .values_list("pk", "name")) if season.draft else {}
    return render(request, "tournaments/public/league.html", {
        "club": club, "season": season, "me": me,
        "divisions": selectors_league.season_tables(season=season),
        "draft": [[names.get(p, p) for p in d] for d in season.draft],
        "can_direct": is_club_admin(user=request.user, club=club),
        "can_correct": is_referee(user=request.user, club=club)})


def league_state(request, slug: str, pk: int):
    season = _season(get_object_or_404(Club, slug=slug), pk)
    return JsonResponse({"version": season.version, "status": season.status})


@login_required
@require_POST
def league_action(request, slug: str, pk: int, action: str):
    """Players: report, confirm. Admins: start, enter, walkover, finish, next season.
    Referees: correct."""
    club = get_object_or_404(Club, slug=slug)
    if action in ("start", "enter", "walkover", "finish", "next"):
        club = club_for_admin(user=request.user, slug=slug)
    elif action in ("correct", "rule"):
        club = club_for_referee(user=request.user, slug=slug)
    elif action not in ("report", "confirm"):
        raise Http404("Unknown action.")
    season = _season(club, pk)
    _done(request, lambda: _league_action(request, season, action))
    return redirect("tournaments:league", slug=club.slug, pk=season.pk)


def _league_action(request, season, action) -> str:
    if action == "start":
        leagues.season_start(season=season)
        return "The season has started: the fixtures are out."
    if action == "finish":
        leagues.season_finish(season=season)
        return "The season is over: next season's divisions are drafted."
    if action == "next":
        created = leagues.season_next_confirm(
            season=season, name=request.POST.get("name", ""),
            starts_on=forms.DateField().clean(request.POST.get("starts_on")),
            ends_on=forms.DateField().clean(request.POST.get("ends_on")))
        return f"{created.name} is drafted with the new divisions."
    fixture = get_object_or_404(Fixture, division__season=season,
                                pk=int(request.POST.get("fixture") or 0))
    if action == "confirm":
        leagues.fixture_confirm(fixture=fixture, by=request.user)
        return "Result confirmed."
    if action == "rule":
        return _rule(request, fixture)
    form = ResultFields(request.POST)
    if not form.is_valid():
        raise TournamentError("Give the winner and the scores.")
    data = form.cleaned_data
    if action == "walkover":
        leagues.fixture_enter(fixture=fixture, by=request.user, winner=data["winner"],
                              walkover=True)
        return "Walkover recorded."
    if data["score_a"] is None or data["score_b"] is None:
        raise TournamentError("Give both scores.")
    scores = {"winner": data["winner"], "score_a": data["score_a"], "score_b": data["score_b"]}
    if action == "report":
        leagues.fixture_report(fixture=fixture, by=request.user, **scores)
        return "Result reported: your opponent confirms it."
    if action == "enter":
        leagues.fixture_enter(fixture=fixture, by=request.user, **scores)
        return "Result entered."
    leagues.fixture_correct(fixture=fixture, by=request.user, reason=data["reason"], **scores)
    return "Result corrected."


class RulingFields(forms.Form):
    outcome = forms.ChoiceField(choices=[(o, o) for o in leagues.RULINGS])
    winner = forms.IntegerField(min_value=1, required=False)
    score_a = forms.IntegerField(min_value=0, max_value=99, required=False)
    score_b = forms.IntegerField(min_value=0, max_value=99, required=False)
    reason = forms.CharField(max_length=500)


def _rule(request, fixture) -> str:
    form = RulingFields(request.POST)
    if not form.is_valid():
        raise TournamentError("Choose the ruling and give its reason (the audit log).")
    row = leagues.fixture_rule(fixture=fixture, by=request.user, **form.cleaned_data)
    return f"Ruled: {row.get_status_display().lower()}."


# --------------------------------------------------------------------------- lists, creation


class LadderForm(forms.Form):
    name = forms.CharField(max_length=120)
    reach = forms.IntegerField(min_value=1, max_value=20, initial=3)
    days = forms.IntegerField(min_value=1, max_value=90, initial=14)
    length = forms.IntegerField(min_value=1, max_value=25, initial=7)


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=120)
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    divisions = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), help_text=(
        "One division per line, the top division first: members' names separated by "
        "commas, in seed order."))
    cycles = forms.TypedChoiceField(choices=[(1, "Single round robin"),
                                             (2, "Double round robin")], coerce=int)
    days_per_round = forms.IntegerField(min_value=1, max_value=90, initial=14)
    promote = forms.IntegerField(min_value=0, max_value=10, initial=2)
    relegate = forms.IntegerField(min_value=0, max_value=10, initial=2)
    length = forms.IntegerField(min_value=1, max_value=25, initial=7)
    missed_deadline = forms.ChoiceField(
        choices=LeagueSeason.MissedDeadline.choices, initial=LeagueSeason.MissedDeadline.VOID,
        label="A fixture not played by its round's deadline", required=False)

    def clean_missed_deadline(self) -> str:
        return self.cleaned_data["missed_deadline"] or LeagueSeason.MissedDeadline.VOID

    def division_ids(self, club) -> list[list[int]]:
        by_name = {m.player.name.casefold(): m.player_id for m in club_members(club=club)}
        divisions = []
        for line in self.cleaned_data["divisions"].splitlines():
            names = [n.strip() for n in line.split(",") if n.strip()]
            if not names:
                continue
            unknown = [n for n in names if n.casefold() not in by_name]
            if unknown:
                raise TournamentError(f"{unknown[0]} is not a member of {club}.")
            divisions.append([by_name[n.casefold()] for n in names])
        return divisions


def ladder_list(request, slug: str):
    """The club's ladders; club admins create one here."""
    club = get_object_or_404(Club, slug=slug)
    can_direct = is_club_admin(user=request.user, club=club)
    form = LadderForm(request.POST or None)
    if request.method == "POST":
        club = club_for_admin(user=request.user, slug=slug)
        if form.is_valid() and _done(request, lambda: _ladder_create(club, form)):
            return redirect("tournaments:ladders", slug=club.slug)
    return render(request, "tournaments/public/ladders.html", {
        "club": club, "ladders": club.ladders.order_by("name"), "form": form,
        "can_direct": can_direct}, status=400 if request.method == "POST" else 200)


def _ladder_create(club, form) -> str:
    ladder = ladders.ladder_create(club=club, **form.cleaned_data)
    return f"{ladder.name} is open: members join at the bottom."


def league_list(request, slug: str):
    """The club's league seasons; club admins draft a new one here."""
    club = get_object_or_404(Club, slug=slug)
    can_direct = is_club_admin(user=request.user, club=club)
    form = SeasonForm(request.POST or None)
    if request.method == "POST":
        club = club_for_admin(user=request.user, slug=slug)
        if form.is_valid() and _done(request, lambda: _season_create(club, form)):
            return redirect("tournaments:leagues", slug=club.slug)
    return render(request, "tournaments/public/leagues.html", {
        "club": club, "seasons": club.leagues.order_by("-starts_on", "-pk"), "form": form,
        "can_direct": can_direct}, status=400 if request.method == "POST" else 200)


def _season_create(club, form) -> str:
    data = dict(form.cleaned_data)
    data["divisions"] = form.division_ids(club)
    season = leagues.season_create(club=club, **data)
    return f"{season.name} is drafted: start it from its page."
