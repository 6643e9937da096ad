"""The replay viewer's frames: one per action of each game, from the engine's replay.

A frame is the board *before* an action, the action itself (drawn as arrows on the board)
and everything a referee cites: the game and turn (``g3-t12``), dice, the play in standard
notation, the cube, the score, the GNU Backgammon Position ID and Match ID, and the
violations the replay reported there. Each game ends with a result frame: the final board.
Nothing here decides a rule: positions, plays and violations are the engine's.

Pure: standard library and ``games.engine`` only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.engine import MatchId, Position, legal_plays
from games.engine.errors import EngineError
from games.engine.notation import parse_moves
from games.engine.replay import GameReport, MatchReport, TurnDetail, Violation

from .i18n import gettext_noop

__all__ = ["Frame", "GameFrames", "alternatives", "build_frames"]

MAX_ALTERNATIVES = 30


@dataclass(frozen=True, slots=True)
class Frame:
    game: int  # game number
    turn: int  # 1-based, every action counts (the result frame too)
    player: int | None  # who acts (the winner on a result frame)
    action: str  # roll, double, beaver, raccoon, take, drop, resign, result, end
    text: str  # "charlot1 rolls 31: 8/5 6/5"
    line: int  # line (text file) or node (SGF) of the action
    sides: tuple[tuple[int, ...], tuple[int, ...]]  # player 0's and player 1's checkers
    on_roll: int  # whose view the IDs take
    position_id: str
    match_id: str
    cube: tuple[int, int | None]  # value, owner (None = centred)
    cube_offered: bool
    scores: tuple[int, int]  # before the game
    crawford: bool
    dice: tuple[int, int] | None = None
    play: str = ""  # canonical when legal, as written otherwise
    moves: tuple[tuple[int, int], ...] = ()  # (source, destination) from the player's side
    legal: bool = True
    violations: tuple[Violation, ...] = ()
    #: ``text`` as a message to translate (marked with ``gettext_noop``) and its values:
    #: (name, value, whether the value is a marked message too). ``text`` is its English.
    phrase: str = ""
    phrase_args: tuple[tuple[str, object, bool], ...] = ()

    @property
    def key(self) -> str:
        return f"g{self.game}-t{self.turn}"

    @property
    def flagged(self) -> bool:
        return any(v.severity != "warning" for v in self.violations)


@dataclass(frozen=True, slots=True)
class GameFrames:
    number: int
    scores: tuple[int, int]
    crawford: bool
    frames: tuple[Frame, ...]


def build_frames(report: MatchReport, *, names: Sequence[str]) -> tuple[GameFrames, ...]:
    """Every game of ``report`` as frames; ``names`` are the players' display names.

    Scores, the Crawford game and the rules (Jacoby in force, for the Match ID) are the
    replay's, that is the engine's ``MatchScore`` and ``Rules``: nothing is recounted here.
    """
    by_line: dict[tuple[int, int], list[Violation]] = defaultdict(list)
    for violation in report.violations:
        by_line[(violation.game, violation.line)].append(violation)
    return tuple(_game(report, game, names, by_line) for game in report.games)


def _game(report: MatchReport, game: GameReport, names, by_line) -> GameFrames:
    frames = [_turn_frame(report, game, turn, index, names)
              for index, turn in enumerate(game.turns, 1)]
    frames.append(_result_frame(report, game, len(frames) + 1, names))
    frames = _attach(frames, game.number, by_line)
    return GameFrames(game.number, game.scores, game.crawford, tuple(frames))


def _attach(frames: list[Frame], number: int, by_line) -> list[Frame]:
    """Each violation goes to the action on its line: the illegal one when a line holds
    two actions; a violation on no action's line goes to the game's first frame."""
    lines: dict[int, list[int]] = defaultdict(list)
    for index, frame in enumerate(frames):
        if frame.action != "result":
            lines[frame.line].append(index)
    extra: dict[int, list[Violation]] = defaultdict(list)
    for (game, line), found in by_line.items():
        if game != number:
            continue
        indexes = lines.get(line)
        if not indexes:
            target = len(frames) - 1 if line >= frames[-1].line else 0
        else:
            illegal = [i for i in indexes if not frames[i].legal]
            target = (illegal or indexes)[-1]
        extra[target].extend(found)
    return [replace(f, violations=tuple(extra[i])) if i in extra else f
            for i, f in enumerate(frames)]


def _sides(position: Position, seen_by: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if seen_by == 0:
        return position.mover, position.opponent
    return position.opponent, position.mover


def _match_id(report: MatchReport, game: GameReport, *, cube, on_roll: int, turn: int,
              doubled: bool = False, dice=(0, 0), over: bool = False) -> str:
    jacoby = report.rules is not None and report.rules.jacoby_in_force
    try:
        return MatchId(
            cube_value=cube[0], cube_owner=cube[1], on_roll=on_roll,
            crawford=game.crawford, game_state=2 if over else 1, turn=turn, doubled=doubled,
            dice=tuple(dice) if dice else (0, 0), match_length=report.match_length,
            scores=game.scores, jacoby_off=not jacoby,
        ).encode()
    except (EngineError, ValueError):
        return ""


def _moves(turn: TurnDetail) -> tuple[tuple[int, int], ...]:
    text = turn.canonical if turn.legal and turn.canonical else turn.play_text
    if not text:
        return ()
    try:
        return tuple((m.src, m.dst) for m in parse_moves(text))
    except EngineError:
        return ()


def _turn_frame(report, game, turn: TurnDetail, index: int, names) -> Frame:
    player = turn.player
    try:
        seen = Position.from_position_id(turn.position_id)
    except EngineError:
        seen = Position.start()
    name = names[player]
    cube = turn.cube_before
    answering = turn.action in ("take", "drop", "beaver", "raccoon")
    on_roll = 1 - player if answering else player
    position = seen.swap() if answering else seen
    dice = turn.dice if turn.action == "roll" else None
    return Frame(
        game=game.number, turn=index, player=player, action=turn.action,
        **_describe(turn, name), line=turn.line, sides=_sides(seen, player),
        on_roll=on_roll, position_id=position.position_id(),
        match_id=_match_id(report, game, cube=cube, on_roll=on_roll, turn=player,
                           doubled=answering, dice=dice or (0, 0)),
        cube=cube, cube_offered=answering, scores=game.scores, crawford=game.crawford,
        dice=dice, play=(turn.canonical if turn.legal and turn.canonical is not None
                         else turn.play_text),
        moves=_moves(turn) if turn.action == "roll" else (), legal=turn.legal,
    )


#: Each action's words (``phrase``); ``text`` is the English filled in.
_ACTION_PHRASES = {
    "double": gettext_noop("%(name)s doubles to %(value)s"),
    "beaver": gettext_noop("%(name)s beavers to %(value)s"),
    "raccoon": gettext_noop("%(name)s raccoons to %(value)s"),
    "take": gettext_noop("%(name)s takes"),
    "drop": gettext_noop("%(name)s drops"),
    "resign": gettext_noop("%(name)s resigns"),
}
_RESULT_KINDS = {"single": gettext_noop("single"), "gammon": gettext_noop("gammon"),
                 "backgammon": gettext_noop("backgammon")}
_ENDED_BY = {"bearoff": gettext_noop("bearing off"), "drop": gettext_noop("a dropped cube"),
             "resign": gettext_noop("resignation")}


def _phrase(phrase: str, *args: tuple[str, object, bool]) -> dict:
    """``text`` (the English), ``phrase`` and ``phrase_args`` of a frame."""
    return {"text": phrase % {name: value for name, value, _ in args}, "phrase": phrase,
            "phrase_args": tuple(args)}


def _describe(turn: TurnDetail, name: str) -> dict:
    who = ("name", name, False)
    if turn.action == "roll":
        dice = ("dice", "".join(map(str, turn.dice or ())), False)
        if turn.legal and turn.canonical == "":
            return _phrase(gettext_noop("%(name)s rolls %(dice)s: cannot move"), who, dice)
        play = turn.canonical if turn.legal and turn.canonical else turn.play_text
        if turn.roll_kind == "hidden":
            return _phrase(gettext_noop("%(name)s rolls %(dice)s: (rolled, then resigned)"),
                           who, dice)
        if not play:
            return _phrase(gettext_noop("%(name)s rolls %(dice)s: (no move written)"),
                           who, dice)
        return _phrase(gettext_noop("%(name)s rolls %(dice)s: %(play)s"), who, dice,
                       ("play", play, False))
    if turn.action in ("double", "beaver", "raccoon"):
        value = turn.cube_value or turn.cube_before[0] * 2
        return _phrase(_ACTION_PHRASES[turn.action], who, ("value", value, False))
    if turn.action in _ACTION_PHRASES:
        return _phrase(_ACTION_PHRASES[turn.action], who)
    return _phrase("%(name)s %(action)ss", who, ("action", turn.action, False))


def _result_frame(report, game: GameReport, index: int, names) -> Frame:
    on_roll = game.final_on_roll if game.final_on_roll is not None else 0
    try:
        seen = Position.from_position_id(game.final_position_id or "")
    except EngineError:
        seen = Position.start()
    cube = (game.cube, game.cube_owner)
    if game.winner is None:
        words = _phrase(gettext_noop("The record stops here: the game is unfinished"))
        action, player = "end", None
    else:
        kind = game.result.value if game.result else ""
        ended = game.ended_by or ""
        words = _phrase(
            gettext_noop("%(name)s wins 1 point (%(kind)s, by %(how)s)") if game.points == 1
            else gettext_noop("%(name)s wins %(points)s points (%(kind)s, by %(how)s)"),
            ("name", names[game.winner], False), ("points", game.points, False),
            ("kind", _RESULT_KINDS.get(kind, kind), kind in _RESULT_KINDS),
            ("how", _ENDED_BY.get(ended, game.ended_by), ended in _ENDED_BY))
        action, player = "result", game.winner
    line = game.turns[-1].line if game.turns else game.line
    return Frame(
        game=game.number, turn=index, player=player, action=action, **words, line=line,
        sides=_sides(seen, on_roll), on_roll=on_roll, position_id=seen.position_id(),
        match_id=_match_id(report, game, cube=cube, on_roll=on_roll, turn=on_roll,
                           over=game.winner is not None),
        cube=cube, cube_offered=False, scores=game.scores, crawford=game.crawford,
    )


def alternatives(frame: Frame, limit: int = MAX_ALTERNATIVES) -> list[str]:
    """The legal plays for an illegal roll's dice in the frame's position (the engine's)."""
    if frame.legal or frame.action != "roll" or not frame.dice:
        return []
    if not all(1 <= d <= 6 for d in frame.dice):
        return []
    player = frame.player or 0
    position = Position(frame.sides[player], frame.sides[1 - player])
    try:
        plays = legal_plays(position, frame.dice)
    except EngineError:
        return []
    return [str(play) or "(no move)" for play in plays][:limit]
