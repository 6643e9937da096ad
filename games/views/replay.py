"""The replay viewer on the match page: frames from the engine's replay, drawn as SVG.

The page renders one frame on the server (``?at=g3-t12``); static/js/replay.js steps by
fetching the next frame's fragment and keeps the turn in the URL fragment (``#g3-t12``).
"""

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.decorators import login_if_anonymous
from games.board.frames import Frame, GameFrames, alternatives
from games.board.svg import BAR_TITLE, OFF_TITLE, BoardView, render_board
from games.engine import Position
from games.engine.errors import EngineError
from games.models import ReplaySetting
from games.panels import REPLAY_MARK_WORDS, REPLAY_MARKERS, replay_marks
from games.selectors import replay as selectors
from games.services.replay_setting import replay_setting_save

from .access import viewable_record
from .texts import frame_text, rule_text, severity_text


def _home_for(game: int, home: str, switch: bool) -> str:
    """Seed 002: "an option to automatically switch sides after each game"."""
    if switch and game % 2 == 0:
        return "left" if home == "right" else "right"
    return home


def _cube_text(frame: Frame, names) -> str:
    value, owner = frame.cube
    if frame.cube_offered:
        return gettext("cube offered at %(value)s") % {"value": value * 2}
    if owner is None:
        return gettext("cube %(value)s, centred") % {"value": value}
    return gettext("cube %(value)s, owned by %(name)s") % {"value": value, "name": names[owner]}


def _in_language(games: tuple[GameFrames, ...]) -> tuple[GameFrames, ...]:
    """The frames with their words (``text``) in the request's language: the cached frames
    hold the English and the marked phrase (``games.board.frames``)."""
    return tuple(replace(game, frames=tuple(replace(frame, text=frame_text(frame))
                                            for frame in game.frames)) for game in games)


def _key_at(flat: list[Frame], game: str | None, line: str | None,
            player: str | None = None) -> str | None:
    """The frame of a game's line (or node): how a violation links to its turn; ``player``
    (0 or 1) picks that player's action on a line holding both players' (a .mat line)."""
    if not (game or "").isdigit() or not (line or "").isdigit():
        return None
    found = [f for f in flat if f.game == int(game) and f.line == int(line)]
    if player in ("0", "1"):
        found = [f for f in found if f.player == int(player)] or found
    flagged = [f for f in found if f.violations]
    return (flagged or found)[0].key if found else None


def replay_context(request, record, at: str | None) -> dict:
    games = _in_language(selectors.replay_frames(record=record))
    flat = [frame for game in games for frame in game.frames]
    home, switch = selectors.replay_setting_get(user=request.user)
    context = {"replay_games": games, "replay_home": home, "replay_switch": switch}
    if not flat:
        return context
    keys = {frame.key: index for index, frame in enumerate(flat)}
    at = at or _key_at(flat, request.GET.get("game"), request.GET.get("line"),
                       request.GET.get("player"))
    index = keys.get(at or "", 0)
    rulings = selectors.ruling_list_for_replay(record=record)
    context.update(frame_context(record, flat, index, home, switch, rulings))
    context.update(_marks_context(request, record, flat, index))
    return context


def _marks_context(request, record, flat: list[Frame], index: int) -> dict:
    """The marks apps above games put on the turns (games.panels): the current frame's, and
    the previous and next marked turns (``?marks=severe``: the severe ones only)."""
    if not REPLAY_MARKERS:
        return {}
    severe_only = request.GET.get("marks") == "severe"
    placed = selectors.replay_marks_by_frame(
        flat=flat, marks=replay_marks(request=request, record=record), severe_only=severe_only)
    order = {frame.key: i for i, frame in enumerate(flat)}
    before = [key for key in placed if order[key] < index]
    after = [key for key in placed if order[key] > index]
    return {
        "marked_keys": set(placed), "frame_marks": placed.get(flat[index].key, []),
        "mark_prev_key": before[-1] if before else None,
        "mark_next_key": after[0] if after else None,
        "mark_count": len(placed), "mark_words": REPLAY_MARK_WORDS,
        "marks_severe": severe_only, "marks_query": "?marks=severe" if severe_only else "",
    }


def frame_context(record, flat: list[Frame], index: int, home: str, switch: bool,
                  rulings) -> dict:
    frame = flat[index]
    names = (record.player_left.name, record.player_right.name)
    game_home = _home_for(frame.game, home, switch)
    actor = frame.player if frame.player is not None else frame.on_roll
    view = BoardView(
        sides=frame.sides, home=game_home, actor=actor, dice=frame.dice,
        cube_value=frame.cube[0], cube_owner=frame.cube[1], cube_offered=frame.cube_offered,
        moves=frame.moves, illegal=not frame.legal,
        label=gettext("Game %(game)s, turn %(turn)s: %(action)s") % {
            "game": frame.game, "turn": frame.turn, "action": frame.text},
        bar_title=gettext(BAR_TITLE), off_title=gettext(OFF_TITLE),
    )
    game_frames = [f for f in flat if f.game == frame.game]
    return {
        "frame": frame,
        "frame_violations": [
            {"rule": v.rule, "message": v.message, "severity": v.severity,
             "severity_text": severity_text(v.severity), "rule_text": rule_text(v.rule)}
            for v in frame.violations],
        "board_svg": mark_safe(render_board(view)),  # noqa: S308 - text escaped by the helper
        "game_home": game_home,
        "first_key": flat[0].key,
        "last_key": flat[-1].key,
        "prev_key": flat[index - 1].key if index else None,
        "next_key": flat[index + 1].key if index + 1 < len(flat) else None,
        "game_turns": len(game_frames),
        "alternatives": alternatives(frame),
        "cube_text": _cube_text(frame, names),
        "frame_rulings": [r for r in rulings if _applies(r, frame)],
        "names": names,
        "pips": _pips(frame),
    }


def _pips(frame: Frame) -> tuple[int, int] | None:
    try:
        return Position(frame.sides[0], frame.sides[1]).pip_counts()
    except EngineError:
        return None


def _applies(ruling, frame: Frame) -> bool:
    violation = ruling.violation
    if violation is not None:
        return (violation.game_number, violation.line) == (frame.game, frame.line) and bool(
            frame.violations)
    return ruling.game is not None and ruling.game.number == frame.game and (
        frame.action in ("result", "end"))


@login_if_anonymous
def match_replay_frame(request, pk: int, key: str):
    """One frame as an HTML fragment (the stepping script asks for it)."""
    record = viewable_record(request, pk)
    context = replay_context(request, record, key)
    if context.get("frame") is None or context["frame"].key != key:
        raise Http404(gettext("No such turn in this match."))
    return render(request, "games/match/_replay_frame.html", {"record": record, **context})


@login_required
@require_POST
def replay_setting_update(request):
    """Save the user's board direction and go back to the page they came from."""
    home = request.POST.get("home", "right")
    if home not in ReplaySetting.Home.values:
        home = "right"
    replay_setting_save(user=request.user, home=home,
                        switch_sides=request.POST.get("switch_sides") in ("on", "1", "true"))
    messages.success(request, gettext("Board direction saved."))
    target = request.POST.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = "/"
    return HttpResponseRedirect(target)  # a path, never a view name (redirect() tries both)
