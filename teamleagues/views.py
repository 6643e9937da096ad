"""The team leagues' pages: a season's division tables (tie-breaks shown), its fixtures by
round, a fixture's match card (the captains' and referees' forms on it, made for a phone at
the table), a team, and a captain's page of what to do next. Every write goes through a
service; a refusal comes back as a message on the card."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from config.refusals import Refusal, refusal_text

from . import permissions, selectors, services
from .models import Fixture, Team, TeamLeague


def league_page(request, pk: int):
    league = get_object_or_404(TeamLeague.objects.select_related("federation", "club",
                                                                 "next_league"), pk=pk)
    is_admin = permissions.is_league_admin(user=request.user, league=league)
    confirm_next = (is_admin and league.status == TeamLeague.Status.CLOSED
                    and league.next_league_id is None)
    return render(request, "teamleagues/public/league.html", {
        "league": league, "tables": selectors.division_tables(league=league),
        "is_admin": is_admin,
        "next_rows": selectors.next_season_rows(league=league) if confirm_next else None,
        "divisions": list(league.divisions.order_by("level", "name")) if confirm_next else []})


@login_required
@require_POST
def next_season(request, pk: int):
    """The league admin confirms next season: its name and each team's division."""
    league = permissions.league_for_admin(user=request.user, league_id=pk)
    proposal: dict[str, list[int]] = {}
    for key, value in request.POST.items():
        if key.startswith("team_") and key[5:].isdigit() and value.strip():
            proposal.setdefault(value.strip(), []).append(int(key[5:]))
    try:
        new = services.team_league_next_create(league=league, proposal=proposal,
                                               season=request.POST.get("season", ""),
                                               by=request.user)
    except PermissionDenied:
        raise
    except ValueError as exc:  # a refusal: said on the league's page
        messages.error(request, refusal_text(exc))
        return redirect("teamleagues:league", pk=league.pk)
    messages.success(request, gettext("Next season is made: enter its new teams, then draw "
                                      "it."))
    return redirect("teamleagues:league", pk=new.pk)


def fixtures_page(request, pk: int):
    league = get_object_or_404(TeamLeague.objects.select_related("federation", "club"), pk=pk)
    divisions = []
    for division in league.divisions.order_by("level", "name"):
        divisions.append((division, selectors.fixtures_by_round(league=league,
                                                                 division=division)))
    playoffs = list(league.fixtures.filter(is_playoff=True).select_related("home", "away"))
    return render(request, "teamleagues/public/fixtures.html", {
        "league": league, "divisions": divisions, "playoffs": playoffs})


def _card_context(request, fixture: Fixture) -> dict:
    user, league = request.user, fixture.league
    seen = selectors.lineups_for(fixture=fixture, user=user)
    boards = {b.board: b for b in selectors.card_boards(fixture=fixture)}
    live = selectors.live_boards_of(fixture=fixture)
    status = fixture.status
    pairs = {}
    for n in range(1, league.boards + 1):
        home = seen["home"][n - 1] if seen["home"] and n <= len(seen["home"]) else None
        away = seen["away"][n - 1] if seen["away"] and n <= len(seen["away"]) else None
        pairs[n] = (home, away)
    # A board may go to the live board once both line-ups are in, while the card is not
    # entered, if it has its two players and neither a result nor a live match yet.
    open_boards = {n: pair for n, pair in pairs.items()
                   if status == Fixture.Status.SCHEDULED and len(seen["in"]) == 2
                   and None not in pair and n not in boards and n not in live}
    startable = permissions.live_boards_startable(user=user, fixture=fixture,
                                                  players=open_boards) if open_boards else set()
    rows = [{"board": n, "length": league.lengths[n - 1], "home": home, "away": away,
             "result": boards.get(n), "live": live.get(n),
             "start_url": (selectors.live_board_start_url(fixture=fixture, board=n)
                           if n in startable else None)}
            for n, (home, away) in pairs.items()]
    home_captain = permissions.is_captain(user=user, team=fixture.home)
    away_captain = permissions.is_captain(user=user, team=fixture.away)
    mine = [t for t, c in ((fixture.home, home_captain), (fixture.away, away_captain)) if c]
    return {
        "fixture": fixture, "league": league, "rows": rows, "seen": seen,
        "paper_rows": [row for row in rows if row["live"] is None],
        "live_playing": any(b.playing for b in live.values()),
        "version": selectors.card_version(fixture=fixture, live=live),
        "deadline": selectors.lineup_deadline(fixture),
        "lineup_team": mine[0] if mine and status == Fixture.Status.SCHEDULED
        and len(seen["in"]) < 2 else None,
        "squad": list(mine[0].club.memberships.filter(is_active=True).select_related("player")
                      .order_by("player__name")) if mine else [],
        "can_enter": home_captain and status in (Fixture.Status.SCHEDULED,
                                                 Fixture.Status.ENTERED)
        and any(row["live"] is None for row in rows),
        "can_confirm": away_captain and status == Fixture.Status.ENTERED,
        "can_decide": permissions.is_league_referee(user=user, league=league),
    }


def card_page(request, pk: int):
    fixture = permissions.fixture_for_reader(user=request.user, pk=pk)
    return render(request, "teamleagues/public/card.html", _card_context(request, fixture))


def card_state(request, pk: int):
    """The card page's poll: its version only (the page reloads itself when it moved, as a
    live board's score does); the same gate as the page."""
    fixture = permissions.fixture_for_reader(user=request.user, pk=pk)
    return JsonResponse({"version": selectors.card_version(fixture=fixture),
                         "status": fixture.status})


def _boards_from(request, league: TeamLeague, skip: frozenset[int] = frozenset()
                 ) -> list[dict]:
    """The boards of the entry form (but the ``skip`` ones: played live, not on paper)."""
    boards = []
    for n in range(1, league.boards + 1):
        if n in skip:
            continue
        def number(name, n=n):
            value = request.POST.get(f"{name}_{n}", "").strip()
            if not value:
                return None
            if not value.isdigit():
                raise Refusal(gettext("Board %(board)s: a score is a whole number.")
                              % {"board": n})
            return int(value)
        winner = request.POST.get(f"winner_{n}", "")
        if winner not in ("home", "away"):
            raise Refusal(gettext("Board %(board)s: choose the winner.") % {"board": n})
        boards.append({"board": n, "winner": winner,
                       "score_home": number("home"), "score_away": number("away"),
                       "walkover": request.POST.get(f"walkover_{n}") == "on"})
    return boards


ACTIONS = ("lineup", "enter", "confirm", "dispute", "decide")


@login_required
@require_POST
def card_action(request, pk: int, action: str):
    """The card's forms: a captain's line-up, the home captain's entry, the away captain's
    confirmation or dispute, a referee's decision."""
    if action not in ACTIONS:
        raise Http404(gettext("No such action."))
    fixture = get_object_or_404(Fixture.objects.select_related("league"), pk=pk)
    user, post = request.user, request.POST
    try:
        if action == "lineup":
            players = [int(v) for v in post.getlist("player") if v.strip().isdigit()]
            services.lineup_submit(fixture=fixture, team=int(post.get("team", "0") or 0),
                                   players=players, by=user)
            messages.success(request, gettext("Your line-up is in."))
        elif action == "enter":
            live = frozenset(selectors.live_boards_of(fixture=fixture))
            fixture = services.card_enter(
                fixture=fixture, boards=_boards_from(request, fixture.league, skip=live),
                by=user)
            if fixture.status == Fixture.Status.SCHEDULED:
                messages.success(request, gettext("The paper boards are in: the card goes to "
                                                  "the away captain when the live boards "
                                                  "end."))
            else:
                messages.success(request, gettext("The card is entered: the away captain "
                                                  "confirms it."))
        elif action == "confirm":
            services.card_confirm(fixture=fixture, by=user)
            messages.success(request, gettext("The card is confirmed."))
        elif action == "dispute":
            services.card_dispute(fixture=fixture, by=user, reason=post.get("reason", ""))
            messages.success(request, gettext("The card is disputed: a referee decides it."))
        else:
            boards = (_boards_from(request, fixture.league) if post.get("with_boards")
                      else None)
            services.card_decide(fixture=fixture, by=user, reason=post.get("reason", ""),
                                 boards=boards)
            messages.success(request, gettext("The card is decided."))
    except PermissionDenied:  # not this person's to do: the 403 page
        raise
    except ValueError as exc:  # a refusal: said on the card
        messages.error(request, refusal_text(exc))
    return redirect("teamleagues:card", pk=fixture.pk)


def team_page(request, pk: int):
    team = get_object_or_404(Team.objects.select_related("league", "division", "club",
                                                         "captain"), pk=pk)
    boards = selectors.team_boards(team=team)
    players: dict[int, dict] = {}
    for board in boards:
        mine = (board.home_player if board.fixture.home_id == team.pk else board.away_player)
        if mine is None:
            continue
        won = (board.winner == "home") == (board.fixture.home_id == team.pk)
        entry = players.setdefault(mine.pk, {"player": mine, "played": 0, "won": 0})
        entry["played"] += 1
        entry["won"] += int(won)
    fixtures = (Fixture.objects.filter(home=team) | Fixture.objects.filter(away=team)
                ).select_related("home", "away").order_by("round", "pk")
    return render(request, "teamleagues/public/team.html", {
        "team": team, "squad": team.squad.order_by("name"), "fixtures": fixtures,
        "boards": boards, "players": sorted(players.values(),
                                            key=lambda e: (-e["won"], e["player"].name))})


@login_required
def captain_page(request):
    return render(request, "teamleagues/public/captain.html", {
        "todo": selectors.captain_todo(user=request.user)})
