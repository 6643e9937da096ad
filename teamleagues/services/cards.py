"""The match card: the captains' line-ups, the boards the home captain enters, the away
captain's confirmation or dispute, a league admin's or referee's decision (and a
correction): never one captain alone.

Every step locks the league, then the fixture (two confirmations, or a confirmation and a
dispute, queue up and the second finds the card settled). The rules are the core's
(``lineup_problems``, ``walkover_boards``, ``board_result_problems``, ``card_result``);
a decided card's boards go to the table of finished matches, each under its board's id, so a
correction updates them in place and every list follows it.

A board may also be played on the site's live board (the live app starts it through
``board_live_start_check`` and reports its end through ``board_played_live``): its result
comes from there, never from paper, and the card's score moves as each live board ends.
Once every board has a result the card goes on as a paper card does: the away captain
confirms or disputes it. A live board where each player made their own moves is a witnessed
match (as a tournament's live match, which confirms itself): its finished match is written
when it ends, and the card's confirmation leaves it as it is.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Club, Player
from config.refusals import Refusal, refusal_text
from config.texts import StoredText
from ops.locks import lock_row
from results.models import FinishedMatch
from results.services import finished_match_record, finished_match_void

from .. import permissions
from ..core import BoardResult, board_result_problems, card_result, lineup_problems
from ..core import walkover_boards as core_walkover_boards
from ..models import Board, Fixture, Lineup, LineupBoard, Team, TeamLeague
from ..selectors import (
    higher_team_players,
    lineup_players,
    live_boards_of,
    ratings_on,
    scoring_of,
)
from .leagues import lock_league
from .notices import card_to_confirm_notify, lineups_in_notify

Status = Fixture.Status


def _locked(fixture: Fixture | int) -> tuple[TeamLeague, Fixture]:
    pk = fixture if isinstance(fixture, int) else fixture.pk
    league_id = Fixture.objects.values_list("league_id", flat=True).get(pk=pk)
    league = lock_league(league_id)
    row = lock_row(Fixture, pk=pk, of=("self",),
                   related=("home__captain", "away__captain", "home__club", "away__club",
                            "division"))
    row.league = league
    return league, row


def _refused(problems) -> Refusal:
    texts = [refusal_text(p) for p in problems]
    return Refusal(" ".join(texts))


# --------------------------------------------------------------------------- line-ups


@transaction.atomic
def lineup_submit(*, fixture: Fixture | int, team: Team | int, players: list[int], by
                  ) -> Lineup:
    """A captain's line-up, board 1 first (fewer players than boards leaves the bottom
    boards to walkovers). Refused, naming why, when a player is not the club's, is named
    twice, has played for a higher team where the league forbids dropping, or stands
    out of rating order beyond the tolerance. It may be changed until both are in."""
    league, fixture = _locked(fixture)
    team_id = team if isinstance(team, int) else team.pk
    if team_id not in (fixture.home_id, fixture.away_id):
        raise Refusal(gettext("That team does not play this fixture."))
    team = fixture.home if team_id == fixture.home_id else fixture.away
    permissions.captain_of(user=by, team=team)
    if fixture.status != Status.SCHEDULED:
        raise Refusal(gettext("The card is entered already: the line-ups are final."))
    lineups = {lu.team_id: lu for lu in fixture.lineups.all()}
    if len(lineups) == 2:
        raise Refusal(gettext("Both line-ups are in: they are final."))
    if any(not isinstance(p, int) or isinstance(p, bool) for p in players):
        raise Refusal(gettext("A line-up names players by their ids."))
    members = {p.pk: p for p in Player.objects.members_of(team.club).filter(pk__in=players)}
    barred = higher_team_players(team=team) if league.no_drop else set()
    day = fixture.date or timezone.localdate()
    problems = lineup_problems(
        players, boards=league.boards, tolerance=league.board_order_tolerance,
        ratings=ratings_on(league=league, player_ids=list(members), day=day),
        eligible=set(members), barred=barred & set(members),
        names={pk: p.name for pk, p in members.items()})
    if problems:
        raise _refused(problems)
    lineup = lineups.get(team.pk)
    if lineup is None:
        lineup = Lineup.objects.create(fixture=fixture, team=team, submitted_by=by)
    else:
        lineup.boards.all().delete()
        lineup.submitted_by = by
        lineup.save()
    LineupBoard.objects.bulk_create([LineupBoard(lineup=lineup, board=i, player_id=pk)
                                     for i, pk in enumerate(players, start=1)])
    if len(lineups) + (team.pk not in lineups) == 2:
        lineups_in_notify(fixture=fixture)
    return lineup


# --------------------------------------------------------------------------- the boards


def _side_players(fixture: Fixture) -> dict[str, list[Player]]:
    lineups = {lu.team_id: lu for lu in fixture.lineups.prefetch_related("boards__player")}
    return {"home": lineup_players(lineups.get(fixture.home_id)),
            "away": lineup_players(lineups.get(fixture.away_id))}


def _board_results(league: TeamLeague, fixture: Fixture, boards: list[dict],
                   live: frozenset[int] = frozenset()
                   ) -> tuple[list[BoardResult], dict[str, list[Player]]]:
    """The entered boards as the core's results, checked: every board of the card once
    but the ``live`` ones (played on the site: refused from paper), a walkover where a
    player is absent (the bottom boards of a short line-up), and a score that finishes the
    board's match otherwise."""
    try:
        results = [BoardResult(board=b["board"], winner=b["winner"],
                               score_home=b.get("score_home") or 0,
                               score_away=b.get("score_away") or 0,
                               walkover=bool(b.get("walkover"))) for b in boards]
    except (KeyError, TypeError, AttributeError) as exc:
        raise Refusal(gettext("Each board gives its number and its winner (home or away).")
                      ) from exc
    card_result(results, league.boards, scoring=scoring_of(league))  # numbers, winners
    for r in sorted(results, key=lambda r: r.board):
        if r.board in live:
            raise Refusal(gettext("Board %(board)s is played on the site's live board: its "
                                  "result comes from there, not from paper.")
                          % {"board": r.board})
    missing = sorted(set(range(1, league.boards + 1)) - {r.board for r in results} - live)
    if missing:
        raise Refusal(gettext("The card has %(boards)s boards: board %(missing)s has no "
                              "result.") % {"boards": league.boards, "missing": missing[0]})
    players = _side_players(fixture)
    absent = {side: set(core_walkover_boards(len(players[side]), league.boards))
              for side in ("home", "away")}
    problems = []
    for r in sorted(results, key=lambda r: r.board):
        gone = [side for side in ("home", "away") if r.board in absent[side]]
        if len(gone) == 2:
            raise Refusal(gettext("Board %(board)s has no player on either side: give both "
                                  "line-ups first.") % {"board": r.board})
        if gone:
            other = "away" if gone[0] == "home" else "home"
            if not r.walkover or r.winner != other:
                raise Refusal(_walkover_sentence(r.board, other))
            continue
        problems += board_result_problems(r, league.lengths[r.board - 1])
    if problems:
        raise _refused(problems)
    return results, players


def _walkover_sentence(board: int, winner: str) -> str:
    if winner == "away":
        return gettext("Board %(board)s: the home team has no player there, so the away team "
                       "wins it by walkover.") % {"board": board}
    return gettext("Board %(board)s: the away team has no player there, so the home team "
                   "wins it by walkover.") % {"board": board}


def _store_boards(league: TeamLeague, fixture: Fixture, results: list[BoardResult],
                  players: dict[str, list[Player]]) -> None:
    """The card's boards, updated in place (each keeps its id: its finished match's)."""
    existing = {b.board: b for b in fixture.boards.all()}
    for r in results:
        home = players["home"][r.board - 1] if r.board <= len(players["home"]) else None
        away = players["away"][r.board - 1] if r.board <= len(players["away"]) else None
        values = {"length": league.lengths[r.board - 1], "home_player": home,
                  "away_player": away, "winner": r.winner, "walkover": r.walkover,
                  "score_home": None if r.walkover else r.score_home,
                  "score_away": None if r.walkover else r.score_away}
        row = existing.get(r.board)
        if row is None:
            Board.objects.create(fixture=fixture, board=r.board, **values)
        else:
            for name, value in values.items():
                setattr(row, name, value)
            row.save()
    _score(league, fixture)


def _score(league: TeamLeague, fixture: Fixture) -> int:
    """The card's board points from every board with a result so far (a card still being
    played live counts the boards done); how many boards have one."""
    results = [BoardResult(board=n, winner=w) for n, w in
               fixture.boards.values_list("board", "winner")]
    total = card_result(results, league.boards, scoring=scoring_of(league))
    fixture.points_home, fixture.points_away = total.home_board_points, total.away_board_points
    return len(results)


def _publish(league: TeamLeague, fixture: Fixture) -> None:
    """Each board of a decided card as a finished match, organised by the league's
    federation (or club): created, or updated in place after a correction. A board one
    team left empty is the present player's walkover win, with no opponent (never rated:
    the rated-match policies say why)."""
    written = _live_written(fixture)
    for board in fixture.boards.select_related("home_player", "away_player"):
        if board.live_match_id and written.get(board.pk) == _as_written(board):
            continue  # written when the live board ended, unchanged since: written once
        _publish_board(league, fixture, board)


def _publish_board(league: TeamLeague, fixture: Fixture, board: Board) -> None:
    """One board as a finished match (created, or updated in place): a live board played
    on the site at its own end, a paper board over the board at the card's."""
    organiser = ({"federation": league.federation} if league.federation_id is not None
                 else {"club": league.club})
    sides = [(p, team) for p, team in ((board.home_player, fixture.home),
                                       (board.away_player, fixture.away))
             if p is not None]
    if not sides:  # no board the core lets through; a correction could empty one
        finished_match_void(source=FinishedMatch.Source.TEAM_LEAGUE, source_id=board.pk)
        return
    winner = board.home_player if board.winner == "home" else board.away_player
    walkover = board.walkover or len(sides) < 2
    (player_a, team_a), (player_b, team_b) = sides[0], (sides + [(None, None)])[1]
    clubs = ({"player_a_club": team_a.club,
              "player_b_club": team_b.club if team_b is not None else None}
             if league.federation_id is not None else {})
    event = StoredText.gettext("%(league)s: %(home)s – %(away)s, board %(board)s",
                               league=str(league), home=fixture.home.name,
                               away=fixture.away.name, board=board.board)
    finished_match_record(
        **organiser, **clubs, source=FinishedMatch.Source.TEAM_LEAGUE, source_id=board.pk,
        player_a=player_a, player_b=player_b, length=board.length, winner=winner,
        # Both present: player a is the home player.
        score_a=None if walkover else board.score_home,
        score_b=None if walkover else board.score_away,
        finished_at=board.finished_at or fixture.finished_at,
        outcome=(FinishedMatch.Outcome.WALKOVER if walkover
                 else FinishedMatch.Outcome.PLAYED),
        venue=(FinishedMatch.Venue.SITE if board.live_match_id
               else FinishedMatch.Venue.BOARD),
        event=event, event_kind="team_league")


def _as_written(board: Board) -> tuple:
    winner = board.home_player_id if board.winner == "home" else board.away_player_id
    return (board.home_player_id, board.away_player_id, winner, board.score_home,
            board.score_away, FinishedMatch.Outcome.PLAYED)


def _live_written(fixture: Fixture) -> dict[int, tuple]:
    """The finished matches already written for the card's live boards, by board id."""
    ids = list(fixture.boards.filter(live_match_id__isnull=False).values_list("pk", flat=True))
    if not ids:
        return {}
    rows = FinishedMatch.objects.filter(source=FinishedMatch.Source.TEAM_LEAGUE,
                                        source_id__in=ids)
    return {pk: (a, b, w, sa, sb, outcome) for pk, a, b, w, sa, sb, outcome in rows.values_list(
        "source_id", "player_a_id", "player_b_id", "winner_id", "score_a", "score_b",
        "outcome")}


@transaction.atomic
def card_enter(*, fixture: Fixture | int, boards: list[dict], by) -> Fixture:
    """The home captain enters the card's boards: every board not played on the site's
    live board (those come from there). The away captain then confirms or disputes them
    (until then nothing counts); while a live board is still being played the card waits
    for it, and goes to the away captain when it ends."""
    league, fixture = _locked(fixture)
    permissions.home_captain(user=by, fixture=fixture)
    if fixture.status in Fixture.FINAL:
        raise Refusal(gettext("The card is final: a league admin or referee corrects it."))
    if fixture.status == Status.DISPUTED:
        raise Refusal(gettext("The card is disputed: a league admin or referee decides it."))
    live = _live_boards(fixture)
    results, players = _board_results(league, fixture, boards, live=frozenset(live))
    _store_boards(league, fixture, results, players)
    fixture.entered_by, fixture.confirmed_by, fixture.dispute_reason = by, None, ""
    if any(live.values()):  # a live board still being played: the card waits for it
        fixture.save()
        return fixture
    fixture.status = Status.ENTERED
    fixture.save()
    card_to_confirm_notify(fixture=fixture)
    return fixture


def _live_boards(fixture: Fixture) -> dict[int, bool]:
    """The card's boards played on the site's live board: board -> still being played."""
    live = {n: b.playing for n, b in live_boards_of(fixture=fixture).items()}
    for n in fixture.boards.filter(live_match_id__isnull=False).values_list("board", flat=True):
        live.setdefault(n, False)
    return live


def _entered(fixture: Fixture) -> None:
    if fixture.status in Fixture.FINAL:
        raise Refusal(gettext("This card is confirmed already."))
    if fixture.status == Status.SCHEDULED:
        raise Refusal(gettext("The home captain has not entered this card yet."))
    if fixture.status == Status.DISPUTED:
        raise Refusal(gettext("This card is disputed: a league admin or referee decides it."))


def _final(league: TeamLeague, fixture: Fixture, *, status: str, by) -> None:
    fixture.status, fixture.confirmed_by = status, by
    fixture.finished_at = fixture.finished_at or timezone.now()
    fixture.save()
    _publish(league, fixture)


@transaction.atomic
def card_confirm(*, fixture: Fixture | int, by) -> Fixture:
    """The away captain confirms the entered card: it is final and its boards are results."""
    league, fixture = _locked(fixture)
    permissions.away_captain(user=by, fixture=fixture)
    _entered(fixture)
    _final(league, fixture, status=Status.CONFIRMED, by=by)
    return fixture


@transaction.atomic
def card_dispute(*, fixture: Fixture | int, by, reason: str) -> Fixture:
    """The away captain disputes the entered card, saying why: a league admin or referee
    decides it."""
    league, fixture = _locked(fixture)
    permissions.away_captain(user=by, fixture=fixture)
    _entered(fixture)
    reason = (reason or "").strip()
    if not reason:
        raise Refusal(gettext("Say what is wrong with the card: the referee reads it."))
    fixture.status, fixture.dispute_reason = Status.DISPUTED, reason
    fixture.save()
    return fixture


@transaction.atomic
def card_decide(*, fixture: Fixture | int, by, reason: str,
                boards: list[dict] | None = None) -> Fixture:
    """A league admin or referee decides a card: a disputed (or entered) one as entered or
    with the boards given; a final one corrected (the boards given), its finished matches
    updated in place. The reason goes to the audit log."""
    league, fixture = _locked(fixture)
    permissions.league_for_referee(user=by, league=league)
    reason = (reason or "").strip()
    if not reason:
        raise Refusal(gettext("Give a reason: it is kept in the audit log."))
    correcting = fixture.status in Fixture.FINAL
    if boards is None and fixture.status != Status.DISPUTED and fixture.status != Status.ENTERED:
        raise Refusal(gettext("Give the boards: there is no entered card to decide on."))
    before = _card_values(fixture)
    if boards is not None:
        results, players = _board_results(league, fixture, boards)
        _store_boards(league, fixture, results, players)
    after = _card_values(fixture)
    if correcting and before == after:
        raise Refusal(gettext("That is the card already recorded."))
    action = (AuditEntry.Action.RESULT_CORRECTED if correcting
              else AuditEntry.Action.RESULT_DISPUTE_RESOLVED)
    audit_record(club_id=fixture.home.club_id, actor=by, action=action, target=fixture,
                 reason=reason, before={"boards": before, "status": fixture.status},
                 after={"boards": after, "status": Status.DECIDED})
    _final(league, fixture, status=Status.DECIDED, by=by)
    return fixture


def _card_values(fixture: Fixture) -> list[list]:
    return [[b.board, b.winner, b.score_home, b.score_away, b.walkover]
            for b in fixture.boards.order_by("board")]


# --------------------------------------------------------------------------- live boards


@dataclass(frozen=True)
class LiveBoardStart:
    """What a board played on the live board is: its card, number and length, its two
    players (the home team's first) and the club that keeps the live match (the home
    team's: the board is played at its table)."""

    fixture: Fixture
    board: int
    length: int
    home_player: Player
    away_player: Player
    club: Club


def _board_number(league: TeamLeague, board) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or \
            not 1 <= board <= league.boards:
        raise Refusal(gettext("The card has %(boards)s boards: there is no board %(board)s.")
                      % {"boards": league.boards, "board": board})
    return board


def _pair(players: dict[str, list[Player]], board: int) -> tuple[Player | None, Player | None]:
    return tuple(players[side][board - 1] if board <= len(players[side]) else None
                 for side in ("home", "away"))  # type: ignore[return-value]


@transaction.atomic
def board_live_start_check(*, fixture: Fixture | int, board: int, by) -> LiveBoardStart:
    """Whether board ``board`` of ``fixture`` may be played on the live board now, started
    by ``by`` (one of its two players, a captain of either team or a league admin): both
    line-ups are in (so its two players are known), neither is absent, the card is not
    entered and the board has no result. The fixture stays locked for the caller's
    transaction, so a card entered at the same moment waits and then finds the board live.
    Raises ``Refusal`` (or ``Forbidden``) naming why."""
    league, fixture = _locked(fixture)
    board = _board_number(league, board)
    if fixture.lineups.count() < 2:
        raise Refusal(gettext("Board %(board)s can be played live once both line-ups are in.")
                      % {"board": board})
    home, away = _pair(_side_players(fixture), board)
    permissions.live_board_starter(user=by, fixture=fixture, board=board, players=(home, away))
    if fixture.status != Status.SCHEDULED:
        raise Refusal(gettext("The card is entered already: its boards are no longer played "
                              "live."))
    if home is None or away is None:
        raise Refusal(_walkover_sentence(board, "away" if home is None else "home"))
    if fixture.boards.filter(board=board).exists():
        raise Refusal(gettext("Board %(board)s has its result already.") % {"board": board})
    return LiveBoardStart(fixture=fixture, board=board, length=league.lengths[board - 1],
                          home_player=home, away_player=away, club=fixture.home.club)


@transaction.atomic
def board_played_live(*, fixture: Fixture | int, board: int, live_match_id: int,
                      home_player_id: int, away_player_id: int, winner: str,
                      score_home: int, score_away: int, finished_at: datetime.datetime,
                      witnessed: bool) -> Board:
    """A board played on the site's live board has ended: its result goes on the card (no
    paper entry of it) and the card's score moves. ``witnessed`` (each player made their
    own moves with their own login): its finished match is written now, organised by the
    league's federation and played on the site, rated under the federation's policy like
    every board; otherwise (one login acted for the other's player) it waits for the card,
    as a paper board does. The card's last board without a result sends the card to the
    away captain, as an entered card: never one captain alone."""
    league, fixture = _locked(fixture)
    board = _board_number(league, board)
    if fixture.status != Status.SCHEDULED:
        raise Refusal(gettext("The card was entered or decided meanwhile (%(status)s): board "
                              "%(board)s's live result is not put on it; a league admin or "
                              "referee decides.")
                      % {"status": fixture.get_status_display().lower(), "board": board})
    home, away = _pair(_side_players(fixture), board)
    if (getattr(home, "pk", None), getattr(away, "pk", None)) != (home_player_id,
                                                                  away_player_id):
        raise Refusal(gettext("Board %(board)s is not between these two players on the "
                              "line-ups.") % {"board": board})
    if fixture.boards.filter(board=board).exists():
        raise Refusal(gettext("Board %(board)s has its result already.") % {"board": board})
    result = BoardResult(board=board, winner=winner, score_home=score_home,
                         score_away=score_away)
    problems = board_result_problems(result, league.lengths[board - 1])
    if winner not in ("home", "away") or problems:
        raise _refused(problems) if problems else Refusal(gettext(
            "Each board gives its number and its winner (home or away)."))
    row = Board.objects.create(
        fixture=fixture, board=board, length=league.lengths[board - 1], home_player=home,
        away_player=away, winner=winner, score_home=score_home, score_away=score_away,
        walkover=False, live_match_id=live_match_id, finished_at=finished_at)
    done = _score(league, fixture)
    if witnessed:
        _publish_board(league, fixture, row)
    if done == league.boards:  # every board has its result: the away captain's turn
        fixture.status, fixture.confirmed_by = Status.ENTERED, None
        card_to_confirm_notify(fixture=fixture)
    fixture.save()
    return row
