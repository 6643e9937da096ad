"""Live matches: start one, take one action, and file the finished match.

Every action locks the match row (``select_for_update``; SQLite's immediate transactions
queue writers the same way), rebuilds the match from its log with the engine, applies the
action and stores it as the next row: two plays sent at once give one accepted play, the
other is judged on the board the first one left. A refused action stores nothing.
"""

import logging
import secrets

from celery import current_app
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from clubs.permissions import is_club_admin
from clubs.selectors import player_of_user
from clubs.services.players import PlayerMergeError, player_rows_reassign
from config.refusals import Stale, refusal_text
from config.texts import StoredText
from games.engine.scoring import MAX_MATCH_LENGTH
from live import selectors
from live.core import Action, LiveMatchPlay, Refused
from live.models import LiveAction, LiveMatch
from live.permissions import live_sides_for
from ops.outage import enqueue, push
from results.models import FinishedMatch
from teamleagues.services import board_live_start_check, board_played_live
from tournaments.models import Challenge, TournamentMatch

log = logging.getLogger(__name__)
MAX_LENGTH = MAX_MATCH_LENGTH  # the engine's one bound
#: The computer's turn is played by this task, found by name (tasks import the services).
COMPUTER_TASK = "live.tasks.live_computer_act_task"
COMPUTER_SIDE = 1  # the computer is always player B


class LiveError(ValueError):
    """A request the live match refuses (400): ``legal_plays`` for an illegal play."""

    def __init__(self, reason: str, *, legal_plays: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.legal_plays = legal_plays

    @property
    def api_fields(self) -> dict:
        return {"legal_plays": list(self.legal_plays)} if self.legal_plays else {}


class AlreadyLive(LiveError):
    """The board asked for is already on a live board (``match_id``): the pages follow it."""

    def __init__(self, reason: str, *, match_id: int) -> None:
        super().__init__(reason)
        self.match_id = match_id


class StaleAction(LiveError, Stale):
    """An action decided on a version of the match that is no longer its version (409): a
    late duplicate, or a board that had not heard the last change. Nothing is stored."""


# --------------------------------------------------------------------------- starting


@transaction.atomic
def live_match_create(*, club: Club, by, player_a: Player | None, player_b: Player | None,
                      length: int, dice: str = LiveMatch.Dice.DIGITAL, level: str = "",
                      tournament_match: TournamentMatch | None = None, crawford: bool = True,
                      jacoby: bool = False, beavers: bool = False,
                      one_device: bool = False, challenge: Challenge | None = None) -> LiveMatch:
    """A new live match between two members (``player_b`` None: the computer). A
    tournament match gives its players (in its order; the players given, if any, must be
    its own), its length and its Crawford rule. ``one_device``: one tablet passed across
    the table, its creator (one of the two players) acting for both. A ladder
    ``challenge`` gives its players (the challenger first) and its length."""
    if tournament_match is not None:
        player_a, player_b, length, crawford = _from_tournament(club, tournament_match,
                                                                player_a, player_b)
    if challenge is not None:
        if tournament_match is not None:
            raise LiveError(gettext("A live match plays a tournament match or a challenge, not "
                                    "both."))
        player_a, player_b, length = _from_challenge(club, challenge)
    if player_a is None:
        raise LiveError(gettext("Choose the first player."))
    _check_players(club, by, player_a, player_b, tournament_match)
    if not 0 <= length <= MAX_LENGTH:
        raise LiveError(gettext("The match length is 0 (money play) to %(most)s points.")
                        % {"most": MAX_LENGTH})
    if dice not in LiveMatch.Dice.values:
        raise LiveError(gettext("Dice are 'digital' (rolled by the server) or 'manual' (real "
                                "dice)."))
    if player_b is None:
        _check_practice(by, player_a, dice, level, tournament_match)
    elif level:
        raise LiveError(gettext("A level is for a match against the computer."))
    if length and (jacoby or beavers):
        raise LiveError(gettext("Jacoby and beavers are money-play rules (length 0)."))
    if one_device and (player_b is None
                       or by.pk not in (player_a.user_id, player_b.user_id)):
        raise LiveError(gettext("One device is for two members, started by one of them."))
    return LiveMatch.objects.create(
        club=club, player_a=player_a, player_b=player_b, length=length, dice=dice,
        level=level, tournament_match=tournament_match, crawford=crawford, jacoby=jacoby,
        beavers=beavers, one_device=one_device, challenge=challenge,
        created_by=by if by and by.is_authenticated else None)


@transaction.atomic
def team_board_live_start(*, fixture_id: int, board: int, by,
                          dice: str = LiveMatch.Dice.DIGITAL,
                          one_device: bool = False) -> LiveMatch:
    """Board ``board`` of a team league's fixture played here: its two players from the
    line-ups (the home team's as player A), its length from the league, the Crawford rule.
    Started by one of the two players, a captain of either team or a league admin (the
    team league decides, with the fixture locked until this match is stored, so a card
    entered at that moment waits and then finds the board live); played by its two players
    only. The home team's club keeps it; whoever may read the card may follow it. A board
    is played live once: ``AlreadyLive`` names the match that plays it."""
    start = board_live_start_check(fixture=fixture_id, board=board, by=by)
    taken = LiveMatch.objects.filter(team_fixture=start.fixture, team_board=start.board).first()
    if taken is not None:
        raise AlreadyLive(gettext("Board %(board)s is already played live (match %(id)s).")
                          % {"board": start.board, "id": taken.pk}, match_id=taken.pk)
    if dice not in LiveMatch.Dice.values:
        raise LiveError(gettext("Dice are 'digital' (rolled by the server) or 'manual' (real "
                                "dice)."))
    if one_device and by.pk not in (start.home_player.user_id, start.away_player.user_id):
        raise LiveError(gettext("One device is for two members, started by one of them."))
    return LiveMatch.objects.create(
        club=start.club, player_a=start.home_player, player_b=start.away_player,
        length=start.length, dice=dice, crawford=True, one_device=one_device,
        team_fixture=start.fixture, team_board=start.board,
        created_by=by if by and by.is_authenticated else None)


def _from_tournament(club, row: TournamentMatch, player_a, player_b):
    row = TournamentMatch.objects.select_related("tournament").get(pk=row.pk)
    if row.tournament.club_id != club.pk:
        raise LiveError(gettext("That tournament match is not this club's."))
    if row.status not in (TournamentMatch.Status.READY, TournamentMatch.Status.IN_PROGRESS):
        raise LiveError(gettext("Match %(key)s is not ready to be played (%(status)s).")
                        % {"key": row.key, "status": row.get_status_display().lower()})
    given = {p.pk for p in (player_a, player_b) if p is not None}
    if not given <= {row.player_a_id, row.player_b_id}:
        raise LiveError(gettext("Match %(key)s is between its own two players.")
                        % {"key": row.key})
    if row.live_matches.filter(status=LiveMatch.Status.PLAYING).exists():
        raise LiveError(gettext("Match %(key)s is already being played live.")
                        % {"key": row.key})
    crawford = row.tournament.options.get("crawford", True)
    return row.player_a, row.player_b, row.length, crawford


def _from_challenge(club, challenge: Challenge):
    row = Challenge.objects.select_related("ladder", "challenger", "challenged").get(
        pk=challenge.pk)
    if row.ladder.club_id != club.pk:
        raise LiveError(gettext("That challenge is not this club's."))
    if row.status not in (Challenge.Status.OPEN, Challenge.Status.ACCEPTED):
        raise LiveError(gettext("This challenge is not to be played (%(status)s).")
                        % {"status": row.get_status_display().lower()})
    if row.live_matches.filter(status=LiveMatch.Status.PLAYING).exists():
        raise LiveError(gettext("This challenge is already being played live."))
    return row.challenger, row.challenged, row.length


def _check_practice(by, player_a, dice, level, tournament_match) -> None:
    """Practice against the computer: the player's own, digital dice (the computer cannot
    see real dice), a level, never a tournament match."""
    if tournament_match is not None:
        raise LiveError(gettext("A tournament match is played between its two players."))
    if player_a.user_id is None or player_a.user_id != by.pk:
        raise PermissionDenied(gettext("A practice match is started by its player."))
    if dice != LiveMatch.Dice.DIGITAL:
        raise LiveError(gettext("Against the computer the server rolls the dice: choose "
                                "digital dice."))
    if level not in LiveMatch.Level.values:
        raise LiveError(gettext("Choose the computer's level: %(levels)s.")
                        % {"levels": ", ".join(LiveMatch.Level.values)})


def _check_players(club, by, player_a, player_b, tournament_match) -> None:
    if player_b is not None and player_a.pk == player_b.pk:
        raise LiveError(gettext("A match needs two different players."))
    wanted = [p.pk for p in (player_a, player_b) if p is not None]
    members = set(Membership.objects.active().filter(club=club, player_id__in=wanted)
                  .values_list("player_id", flat=True))
    for player in (player_a, player_b):
        if player is not None and player.pk not in members:
            raise LiveError(gettext("%(player)s is not a member of %(club)s.")
                            % {"player": player, "club": club})
    playing = any(p is not None and p.user_id == by.pk for p in (player_a, player_b))
    if not (playing or is_club_admin(user=by, club=club)):
        raise PermissionDenied(gettext("A live match is started by one of its players or by a "
                                       "club admin."))


# --------------------------------------------------------------------------- acting


def live_action_apply(*, match_id: int, by, action: str, dice=None, play: str = "",
                      value: int | None = None, player: int | None = None,
                      version: int | None = None) -> LiveMatch:
    """Take one action for the side ``by`` plays (or, for a club admin at a tournament match,
    the side ``player`` names, else the side whose turn it is; ``by`` None is the computer of
    a practice match). ``version``: refused unless the match is still at that version (the
    computer decided on it). Raises ``LiveError`` (400) or ``PermissionDenied`` (403); stores
    nothing then."""
    with transaction.atomic():
        match = LiveMatch.objects.select_for_update(of=("self",)).select_related(
            "club", "player_a", "player_b", "team_fixture__league", "team_fixture__home",
            "team_fixture__away").get(pk=match_id)
        sides = live_sides_for(user=by, match=match)
        if match.status != LiveMatch.Status.PLAYING:
            raise LiveError(gettext("The match is over."))
        if version is not None and version != match.version:
            raise StaleAction(gettext("The match has changed since (version %(version)s; it is "
                                      "now at %(now)s): look again before acting.")
                              % {"version": version, "now": match.version})
        played = selectors.live_match_play(match=match, take=True)
        side = _side(match, played, sides, player)
        steps = []
        try:
            for step in _steps(match, played, action, side, dice, play, value):
                played.apply(step)
                steps.append(step)
        except Refused as exc:
            raise LiveError(refusal_text(exc), legal_plays=exc.legal_plays) from exc
        match.score_a, match.score_b = played.score.scores
        _store(match, steps, by, for_side=_for_side(match, side, by))
        if played.finished:
            _finish(match, played, by)
        kept = LiveMatch(pk=match.pk, created_at=match.created_at, version=match.version)
        computer = (match.is_practice and by is not None and not played.finished
                    and played.turn() == COMPUTER_SIDE)
        transaction.on_commit(lambda: _committed(kept, played, computer=computer))
    match.played = played  # the state the answer shows
    return match


def _committed(match: LiveMatch, played: LiveMatchPlay, *, computer: bool) -> None:
    selectors.live_match_play_keep(match=match, played=played)
    live_match_broadcast(match_id=match.pk, version=match.version)
    if computer:
        computer_turn_send(match_id=match.pk)


def computer_turn_send(*, match_id: int) -> None:
    """The computer's turn goes to a worker (gnubg never runs in a web request). The
    player's action stands either way; a broker that is down leaves the computer waiting
    until the player's next visit sends it again (the board page does)."""
    enqueue(current_app.tasks[COMPUTER_TASK], match_id)


def _side(match: LiveMatch, played: LiveMatchPlay, sides, player: int | None) -> int | None:
    if player is not None:
        ids = [match.player_a_id, match.player_b_id]
        if player not in ids:
            raise LiveError(gettext("That player does not play this match."))
        side = ids.index(player)
        if side not in sides:
            raise PermissionDenied(gettext("You cannot act for your opponent."))
        return side
    if len(sides) == 1:
        return next(iter(sides))
    turn = played.turn()
    if turn is None and match.dice == LiveMatch.Dice.MANUAL:
        raise LiveError(gettext("Say who won the opening roll ('player')."))
    return turn


def _steps(match, played, kind, side, dice, play, value):
    """The actions to apply, one by one (each is applied before the next is asked for)."""
    if kind != "roll":
        yield Action(kind, side, play=str(play or "").strip(), value=value)
    elif match.dice == LiveMatch.Dice.MANUAL:
        yield Action("roll", side, _pair(dice))
    elif dice is not None:
        raise LiveError(gettext("The server rolls the dice in this match: send no dice."))
    elif not played.opening:
        yield Action("roll", side, (_die(), _die()))
    else:  # one die each, player A's first, until the engine's Game says who starts
        while played.opening:
            yield Action("roll", None, (_die(), _die()))


def _pair(dice) -> tuple[int, int] | None:
    if isinstance(dice, list | tuple) and len(dice) == 2:
        return (dice[0], dice[1])
    return None  # the engine's check answers "give the two dice"


def _die() -> int:
    return secrets.randbelow(6) + 1


def _for_side(match: LiveMatch, side: int | None, by) -> int | None:
    """For whom ``by`` pressed: the side acted for; for an opening roll either player may
    post, the presser's own side (None: a presser who plays neither side)."""
    if by is None:
        return COMPUTER_SIDE
    if side is not None:
        return side
    own = [s for s, p in enumerate((match.player_a, match.player_b))
           if p is not None and p.user_id == by.pk]
    return own[0] if own else None


def _is_proxy(match: LiveMatch, for_side: int | None, by) -> bool:
    """Whether ``by`` acted for a player that is not their own login's."""
    if by is None:
        return False
    players = (match.player_a, match.player_b)
    if for_side is None:
        return not any(p is not None and p.user_id == by.pk for p in players)
    return players[for_side] is None or players[for_side].user_id != by.pk


def _store(match: LiveMatch, steps: list[Action], by, *, for_side: int | None) -> None:
    user = by if by is not None and by.is_authenticated else None
    rows = []
    for step in steps:
        match.version += 1
        dice = step.dice or (None, None)
        rows.append(LiveAction(match=match, seq=match.version, kind=step.kind, side=step.side,
                               die1=dice[0], die2=dice[1], play=step.play[:120],
                               value=step.value, by=user, for_side=for_side))
    LiveAction.objects.bulk_create(rows)
    fields = ["version", "score_a", "score_b"]
    if not match.proxy_by_id and _is_proxy(match, for_side, user):
        match.proxy_by, match.proxy_name = user, _name(match, user)
        fields += ["proxy_by", "proxy_name"]
    match.save(update_fields=fields)


def _name(match: LiveMatch, user) -> str:
    for player in (match.player_a, match.player_b):
        if player is not None and player.user_id == user.pk:
            return player.name
    player = player_of_user(user=user)
    return player.name if player is not None else user.get_username()


# --------------------------------------------------------------------------- the end


def _finish(match: LiveMatch, played: LiveMatchPlay, by) -> None:
    """The match is over: its file becomes a match record (rules check, analysis); a
    tournament match's or a challenge's result is reported with the file as evidence. When
    each player made their own actions, the file's check confirms it; when one login acted
    for another's player (one device, a club admin), the report waits for the opponent (or
    a club admin or referee). What cannot be filed is noted; the last action stands."""
    match.status, match.finished_at = LiveMatch.Status.FINISHED, timezone.now()
    data = played.match_text().encode("utf-8")
    filename = f"live-{match.pk}.mat"
    try:
        with transaction.atomic():
            if match.tournament_match_id:
                match.record = _report(match, played, data, filename, by)
            elif match.challenge_id:
                match.record = _report_challenge(match, played, data, filename, by)
            elif match.team_fixture_id:
                _report_team_board(match, played)
            elif not match.is_practice:
                match.record = _import(match, data, filename, by)
    except (ValueError, PermissionDenied) as exc:
        log.warning("live match %s: the finished match was not filed: %s", match.pk, exc)
        match.note = f"The match file was not filed: {exc}"
    match.save(update_fields=["status", "finished_at", "record", "note"])


def _import(match: LiveMatch, data: bytes, filename: str, by, *, evidence: bool = False):
    from games.services.match_import import RuleOptions, match_import

    return match_import(club=match.club, data=data, filename=filename, uploaded_by=by,
                        player_left=match.player_a, player_right=match.player_b,
                        options=RuleOptions(jacoby=match.jacoby, beavers=match.beavers,
                                            crawford=match.crawford), evidence=evidence)


def _report(match: LiveMatch, played: LiveMatchPlay, data: bytes, filename: str, by):
    from tournaments.services import match_result_report

    row = match.tournament_match
    winner = (row.player_a_id, row.player_b_id)[played.winner()]
    a, b = played.score.scores
    report = match_result_report(match=row, by=_reporter(match, by), winner=winner,
                                 score_a=a, score_b=b, match_file=data, filename=filename,
                                 unconfirmed_because=_awaits(match), venue=FinishedMatch.Venue.SITE)
    return report.match_record


def _report_challenge(match: LiveMatch, played: LiveMatchPlay, data: bytes, filename: str,
                      by):
    from tournaments.services.ladder import challenge_report_with_file

    a, b = played.score.scores
    winner = (match.player_a_id, match.player_b_id)[played.winner()]
    return challenge_report_with_file(
        challenge=match.challenge, by=_reporter(match, by), winner=winner,
        score_challenger=a, score_challenged=b, match_file=data, filename=filename,
        unconfirmed_because=_awaits(match), venue=FinishedMatch.Venue.SITE).match_record


def _report_team_board(match: LiveMatch, played: LiveMatchPlay) -> None:
    """A team board's end goes on its card (the team league says what it means there: the
    card's score, its finished match, the away captain's turn). Witnessed when each player
    made their own moves. No match record: its two players are members of two clubs and a
    record is one club's; the file stays the live match's (its export)."""
    a, b = played.score.scores
    board_played_live(fixture=match.team_fixture_id, board=match.team_board,
                      live_match_id=match.pk, home_player_id=match.player_a_id,
                      away_player_id=match.player_b_id,
                      winner=("home", "away")[played.winner()], score_home=a, score_away=b,
                      finished_at=match.finished_at, witnessed=match.proxy_text() is None)


def _awaits(match: LiveMatch) -> list:
    """Why the report waits for a person (nothing when the file may confirm it), as the
    report's note keeps it: untranslated, shown in each reader's language."""
    proxy = match.proxy_text()
    if proxy is None:
        return []
    return [proxy, StoredText.gettext(
        "The opponent confirms or disputes it with their own login (or a club admin or "
        "referee decides).")]


def _reporter(match: LiveMatch, by):
    """Who reports: whoever acted for a player not their own if they play the match (so
    that the other player confirms), else whoever made the last action if they play it,
    else the first player with a login."""
    players = [match.player_a, match.player_b]
    for user in (match.proxy_by, by):
        if user is not None and any(p is not None and p.user_id == user.pk for p in players):
            return user
    for player in players:
        if player is not None and player.user_id:
            return player.user
    raise LiveError(gettext("Neither player has a login to report the result with."))


# --------------------------------------------------------------------------- real time


def live_group(match_id: int) -> str:
    return f"live-{match_id}"


def live_viewer_group(user_id: int) -> str:
    """The sockets of one login, whatever match they follow."""
    return f"live-viewer-{user_id}"


def live_match_broadcast(*, match_id: int, version: int) -> None:
    """Tell the pages following the match (WebSocket) that it changed; they fetch the state.
    A channel layer that is down costs nothing but speed: the pages poll as well."""
    _group_send(live_group(match_id), {"type": "live.changed", "version": version})


def live_viewer_recheck(*, user_id: int) -> None:
    """Tell the sockets of login ``user_id`` to ask again at once whether it may still follow
    their matches (a membership ended, the login was closed): those refused close."""
    _group_send(live_viewer_group(user_id), {"type": "live.recheck"})


def _group_send(group: str, message: dict) -> None:
    # Real time is a courtesy (ops.outage): a layer that is down is logged once per outage,
    # and the boards read the match over HTTP until their socket hears again.
    push(group, message)


def live_players_reassign(*, dropped: Player, kept: Player) -> int:
    """A merge of two rows of one person (issue 32): live matches move to the kept row;
    refused while the dropped row is at a board being played (the board's process holds
    its players: merge once the match is over)."""
    if LiveMatch.objects.filter(Q(player_a=dropped) | Q(player_b=dropped),
                                status=LiveMatch.Status.PLAYING).exists():
        raise PlayerMergeError(gettext("%(player)s is playing a live match: merge once it "
                                       "is over.") % {"player": dropped.name})
    return player_rows_reassign(app_label="live", dropped=dropped, kept=kept)
