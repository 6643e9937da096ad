"""Reads: a live match rebuilt from its log by the engine, and its state as the API and the
pages show it."""

import threading
from collections import OrderedDict

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse

from games.engine import Phase
from live.core import Action, LiveMatchPlay, Settings
from live.models import LiveAction, LiveMatch
from live.permissions import live_match_for_viewer
from results.models import FinishedMatch
from results.selectors_rated import federation_rated_forecast, rated_forecast
from teamleagues.selectors import LiveBoard

COMPUTER = "GNU Backgammon"
#: Matches rebuilt lately, by (id, start time, version): a version names one state of one
#: match (the start time tells a match from a later one given a freed id), so an entry is
#: never stale; another process simply rebuilds from the log. Every entry is a published
#: snapshot (``LiveMatchPlay.publish``): read by any thread at once and changed by none (it
#: refuses actions); the request that acts takes a copy (``take``) and publishes its new
#: state under the new version after its commit.
_PLAYED: OrderedDict[tuple, LiveMatchPlay] = OrderedDict()
_PLAYED_SIZE = 64
_LOCK = threading.Lock()


def live_match_get(*, user, pk: int) -> LiveMatch:
    """The live match ``user`` may follow (404 when there is none, 403 when not theirs to
    see): the one look-up of the pages, the API and the socket."""
    match = get_object_or_404(LiveMatch.objects.select_related(
        "club", "player_a", "player_b", "tournament_match__tournament",
        "tournament_match__round", "team_fixture__league__federation__policy",
        "team_fixture__league__club", "team_fixture__home", "team_fixture__away"), pk=pk)
    return live_match_for_viewer(user=user, match=match)


def live_rated_forecast(*, match: LiveMatch) -> list[dict]:
    """Before it ends: whether the match will be rated on each list it could enter, and
    why (``results.selectors_rated``: the tournament page's forecast), as a tournament
    match, a ladder challenge or a friendly played on the site. Nothing for practice
    against the computer, money play or a finished match (its page shows the verdict)."""
    if match.is_practice or not match.length or match.status != LiveMatch.Status.PLAYING:
        return []
    if match.team_fixture_id:  # the league's board (the federation's), not a friendly
        league = match.team_fixture.league
        if league.federation_id is not None:
            return federation_rated_forecast(federation=league.federation,
                                             kind="team_league", length=match.length,
                                             venue=FinishedMatch.Venue.SITE)
        return rated_forecast(club=league.club, kind="team_league", length=match.length,
                              venue=FinishedMatch.Venue.SITE)
    if match.tournament_match_id:
        kind = match.tournament_match.tournament.format
    else:
        kind = "ladder" if match.challenge_id else "friendly"
    return rated_forecast(club=match.club, kind=kind, length=match.length,
                          venue=FinishedMatch.Venue.SITE)


def live_match_list(*, club) -> QuerySet[LiveMatch]:
    return (LiveMatch.objects.filter(club=club)
            .select_related("player_a", "player_b", "tournament_match")
            .order_by("-created_at"))


#: The boards the club's screen shows at most (the most recently started).
SCREEN_BOARDS = 12


def live_matches_on_screen(*, club) -> list[LiveMatch]:
    """The club's matches being played (not practice against the computer), for its screen."""
    return list(LiveMatch.objects.filter(club=club, status=LiveMatch.Status.PLAYING,
                                         player_b__isnull=False)
                .select_related("club", "player_a", "player_b",
                                "tournament_match__tournament", "tournament_match__round")
                .order_by("-created_at")[:SCREEN_BOARDS])


def live_match_of(*, tournament_match=None, challenge=None) -> LiveMatch | None:
    """The live match a tournament match (or a ladder challenge) is being played on."""
    found = LiveMatch.objects.filter(status=LiveMatch.Status.PLAYING)
    if challenge is not None:
        return found.filter(challenge=challenge).first()
    return found.filter(tournament_match=tournament_match).first()


def team_live_boards(*, fixture_ids) -> dict[int, dict[int, LiveBoard]]:
    """The team cards' boards played here (registered with ``teamleagues.selectors``): by
    fixture, then board; one query whatever the number of boards."""
    found: dict[int, dict[int, LiveBoard]] = {}
    rows = LiveMatch.objects.filter(team_fixture_id__in=list(fixture_ids)).values_list(
        "pk", "team_fixture_id", "team_board", "status", "score_a", "score_b")
    for pk, fixture_id, board, status, a, b in rows:
        found.setdefault(fixture_id, {})[board] = LiveBoard(
            board=board, match_id=pk, url=reverse("live:board", args=[pk]),
            playing=status == LiveMatch.Status.PLAYING, score_home=a, score_away=b)
    return found


def team_board_start_url(*, fixture_id: int, board: int) -> str:
    return reverse("live:team-board-start", args=[fixture_id, board])


def live_names(match: LiveMatch) -> tuple[str, str]:
    """The two names as the match file writes them (a name cannot hold ':' there)."""
    b = match.player_b.name if match.player_b_id else \
        f"{COMPUTER} ({match.get_level_display().lower()})"
    return tuple(" ".join(name.replace(":", " ").split()) or "Player"  # type: ignore[return-value]
                 for name in (match.player_a.name, b))


def live_settings(match: LiveMatch) -> Settings:
    created = match.created_at
    tags = [("Site", match.club.name), ("Match ID", f"live {match.pk}")]
    if created is not None:
        tags += [("EventDate", created.strftime("%Y.%m.%d")),
                 ("EventTime", created.strftime("%H.%M"))]
    row = match.tournament_match
    if row is not None:
        tags += [("Event", row.tournament.name), ("Round", row.round.name)]
    fixture = match.team_fixture
    if fixture is not None:
        tags += [("Event", f"{fixture.league}: {fixture.home.name} - {fixture.away.name}"),
                 ("Round", f"Board {match.team_board}")]
    return Settings(length=match.length, crawford=match.crawford, jacoby=match.jacoby,
                    beavers=match.beavers, names=live_names(match), tags=tuple(tags))


def live_actions(*, match: LiveMatch) -> list[Action]:
    rows = LiveAction.objects.filter(match=match).order_by("seq").values_list(
        "kind", "side", "die1", "die2", "play", "value")
    return [Action(kind, side, (d1, d2) if d1 is not None else None, play, value)
            for kind, side, d1, d2, play, value in rows]


def live_match_play(*, match: LiveMatch, take: bool = False) -> LiveMatchPlay:
    """The match as its log leaves it (every stored action was accepted by the engine): a
    snapshot no one changes, shared by the readers.

    ``take``: the caller will change it (an action): a match of its own (a copy of the
    snapshot, or rebuilt), which ``live_match_play_keep`` publishes under its new version."""
    key = _key(match)
    with _LOCK:
        played = _PLAYED.get(key)
    if played is not None:
        return played.copy() if take else played
    played = LiveMatchPlay.replayed(live_settings(match), live_actions(match=match))
    if not take:
        live_match_play_keep(match=match, played=played)
    return played


def _key(match: LiveMatch) -> tuple:
    return match.pk, match.created_at, match.version


def live_match_play_keep(*, match: LiveMatch, played: LiveMatchPlay) -> None:
    """Publish ``played`` as the match at its version (a snapshot from now on)."""
    key = _key(match)
    played.publish()
    with _LOCK:
        _PLAYED[key] = played
        _PLAYED.move_to_end(key)
        while len(_PLAYED) > _PLAYED_SIZE:
            _PLAYED.popitem(last=False)


def _player(match: LiveMatch, side: int | None) -> int | None:
    if side is None:
        return None
    return (match.player_a_id, match.player_b_id)[side]


def live_state(*, match: LiveMatch, played: LiveMatchPlay | None = None) -> dict:
    """The state of the API (``GET /api/live-matches/<id>/``) and of the pages' JSON."""
    played = played or live_match_play(match=match)
    game = played.game
    cube = game.cube
    turn = played.turn()
    resignation = None
    if game.phase is Phase.RESIGN:  # offered now (a game over keeps the one it accepted)
        side, kind = game.resignation
        resignation = {"player": _player(match, side), "side": side,
                       "value": {"single": 1, "gammon": 2, "backgammon": 3}[kind.value]}
    last = game.result
    return {
        "id": match.pk,
        "version": match.version,
        "status": match.status,
        "players": [{"id": match.player_a_id, "name": played.settings.names[0]},
                    {"id": match.player_b_id, "name": played.settings.names[1]}],
        "length": match.length,
        "dice_mode": match.dice,
        "one_device": match.one_device,
        "proxy": match.proxy_note or None,
        "game": played.sheet.number,
        "game_over": played.game_over,
        "finished": played.finished,
        "winner": _player(match, played.winner()),
        "turn": _player(match, turn),
        "turn_side": turn,
        "phase": "opening" if played.opening else game.phase.value,
        "on_roll": _player(match, game.on_roll) if not played.opening else None,
        "dice": list(game.dice) if game.dice and game.phase.value == "move" else None,
        "legal_plays": list(played.legal_plays()),
        "cube": {"value": cube.value, "owner": _player(match, cube.owner),
                 "owner_side": cube.owner, "offered": game.phase.value == "double",
                 "offered_by": _player(match, cube.pending)},
        "crawford": game.crawford_game,
        "resignation": resignation,
        "last_game": None if last is None else {
            "winner": _player(match, last.winner), "points": last.points,
            "result": last.kind.value, "ended_by": last.ended_by},
        "score": list(played.score.scores),
        "position_id": played.position_id(),
        "match_id": played.match_id(),
        "record": match.record_id,
        "tournament_match": match.tournament_match_id,
        "challenge": match.challenge_id,
        "team_fixture": match.team_fixture_id,
        "team_board": match.team_board,
        "note": match.note,
    }


def live_export(*, match: LiveMatch) -> str:
    """The match file so far (the whole match once it is over)."""
    return live_match_play(match=match).match_text()


def personal_data(*, user, player=None) -> list[dict]:
    """A login's data export: the live matches their player played (practice too)."""
    if player is None:
        return []
    from django.db.models import Q

    rows = (LiveMatch.objects.filter(Q(player_a=player) | Q(player_b=player))
            .select_related("club", "player_a", "player_b").order_by("pk"))
    return [{"id": m.pk, "club": m.club.slug, "player_a": m.player_a.name,
             "player_b": m.player_b.name if m.player_b_id else f"the computer ({m.level})",
             "length": m.length, "dice": m.dice, "status": m.status,
             "created_at": m.created_at.isoformat(),
             "finished_at": m.finished_at.isoformat() if m.finished_at else None,
             "record": m.record_id} for m in rows]
