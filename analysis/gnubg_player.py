"""GNU Backgammon as an opponent: its choice of play, its cube equities, its view of a
position, at one of six strengths (the computer of live practice matches).

Like ``gnubg_runner``, this imports ``gnubg`` inside the functions and must run in one
thread of a worker process (Celery's prefork pool), never in a web request: gnubg's state
is global. Every question names the player to act; the board is given from that player's
side (gnubg's Position ID, as the engine writes it), the match from the Match ID fields.

The levels are gnubg's own: 0 ply with noise for the five lower ones (deterministic noise:
the same position and dice give the same choice, so tests repeat), 2 ply for world class.
"""

import re
from collections import Counter
from dataclasses import dataclass

from games.engine import EngineError, Position, format_steps, legal_plays, match_play

from .gnubg_session import gnubg_command, gnubg_session

#: level -> (plies, noise): gnubg's predefined players (eval.c: beginner .060, casual .050,
#: intermediate .040, advanced .015, expert 0 at 0 ply; world class 2 ply with pruning).
LEVELS = {
    "beginner": (0, 0.060), "casual": (0, 0.050), "intermediate": (0, 0.040),
    "advanced": (0, 0.015), "expert": (0, 0.0), "world_class": (2, 0.0),
}
_EQUITY = re.compile(r"^\s*\d\.\s+(No double|Double, take|Double, pass)\s+([+-]?\d+\.\d+)",
                     re.MULTILINE)
_CONFIGURED: dict[str, str] = {}  # the level the session's cube evaluation is set to


@dataclass(frozen=True, slots=True)
class Table:
    """The match around a decision: ``mover`` is the player to act (0 or 1), the cube's
    ``owner`` 0, 1 or None (centred), ``scores`` player 0's then player 1's."""

    mover: int
    length: int = 0
    scores: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: int | None = None
    crawford: bool = False
    jacoby: bool = False


@dataclass(frozen=True, slots=True)
class CubeEquities:
    """The mover's cubeful equities (normalised, gnubg's sign) if it does not double, or
    doubles and is taken, or doubles and is passed."""

    no_double: float
    double_take: float
    double_pass: float

    @property
    def should_double(self) -> bool:
        """Double when both answers are better than not doubling (not too good)."""
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def should_take(self) -> bool:
        """Take when taking leaves the doubler less than passing would."""
        return self.double_take <= self.double_pass


def _gnubg():
    return gnubg_session()


def _context(gnubg, level: str):
    plies, noise = LEVELS[level]
    return gnubg.evalcontext(1, plies, 1, 1, noise)


def _cubeinfo(gnubg, table: Table):
    owner = -1 if table.owner is None else table.owner
    return gnubg.cubeinfo(table.cube, owner, table.mover, table.length, table.scores,
                          int(table.crawford), 0)


def best_play(*, position_id: str, dice: tuple[int, int], table: Table,
              level: str) -> str:
    """The play gnubg chooses for ``dice`` (the mover's board), as "8/5 6/5" ("" when no
    checker can move): one of the engine's legal plays."""
    gnubg = _gnubg()
    board = gnubg.positionfromid(position_id)
    context = _context(gnubg, level)
    steps = gnubg.findbestmove(board, _cubeinfo(gnubg, table), context, tuple(dice))
    position = Position.from_position_id(position_id)
    plays = legal_plays(position, tuple(dice))
    if len(steps) % 2 == 0:
        try:
            return _text(match_play(position, tuple(dice), _written(steps)))
        except EngineError:
            pass  # not expected; rated below like a cut tuple
    # gnubg's module cuts the tuple at the first checker borne off (its "off" is its end
    # marker): among the plays that bear that checker off, the one gnubg rates best.
    known = Counter(_pairs(steps[:-1]) + [(steps[-1], 0)] if len(steps) % 2 else [])
    fitting = [play for play in plays
               if not known - Counter((m.src, m.dst) for m in play.moves)] or list(plays)
    rated = _rated(gnubg, fitting, table, context)
    return max(rated, key=rated.get)


def play_equities(*, position_id: str, dice: tuple[int, int], table: Table,
                  plies: int = 0) -> dict[str, float]:
    """Every legal play of the roll (the engine's) with gnubg's cubeless equity for the
    mover after it, no noise: the yardstick the levels are measured by."""
    gnubg = _gnubg()
    plays = legal_plays(Position.from_position_id(position_id), tuple(dice))
    return _rated(gnubg, list(plays), table, gnubg.evalcontext(0, plies, 1, 1, 0.0))


def _rated(gnubg, plays, table: Table, context) -> dict[str, float]:
    """Each play's equity for the mover: the opponent's equity on roll after it, negated."""
    info = _cubeinfo(gnubg, Table(mover=1 - table.mover, length=table.length,
                                  scores=table.scores, cube=table.cube, owner=table.owner,
                                  crawford=table.crawford))
    return {_text(play): -gnubg.evaluate(gnubg.positionfromid(play.result.position_id()),
                                         info, context)[5] for play in plays}


def _text(play) -> str:
    return format_steps(play.moves)


def _pairs(steps) -> list[tuple[int, int]]:
    return list(zip(steps[::2], steps[1::2], strict=True))


def _written(steps) -> str:
    return format_steps((src, dst) for src, dst in _pairs(steps) if src > 0)


def cubeless_equity(*, position_id: str, table: Table, level: str) -> float:
    """The mover's cubeless equity before rolling, in points per cube (a single game is
    1, a gammon 2, a backgammon 3): what a resignation offered to it is weighed against."""
    gnubg = _gnubg()
    board = gnubg.positionfromid(position_id)
    win, win_g, win_bg, lose_g, lose_bg, _ = gnubg.evaluate(
        board, _cubeinfo(gnubg, Table(mover=table.mover)), _context(gnubg, level))
    return (2 * win - 1) + (win_g - lose_g) + (win_bg - lose_bg)


def cube_equities(*, position_id: str, match_id: str, level: str) -> CubeEquities | None:
    """gnubg's cube analysis before the mover rolls (``match_id``: the mover on roll and
    to act, no dice), at the level's plies and noise; None when gnubg sees no double to
    make (a cube already worth the match, which a double cannot change)."""
    gnubg = _gnubg()
    _configure(gnubg, level)
    gnubg_command(gnubg, f"set matchid {match_id}")
    gnubg_command(gnubg, f"set board {position_id}")
    output = gnubg_command(gnubg, "hint")
    found = {name: float(value) for name, value in _EQUITY.findall(output)}
    if "You cannot double" in output:
        return None
    if len(found) != 3:
        raise RuntimeError(f"gnubg gave no cube analysis ({match_id} {position_id}): "
                           f"{output[-300:]}")
    return CubeEquities(no_double=found["No double"], double_take=found["Double, take"],
                        double_pass=found["Double, pass"])


def _configure(gnubg, level: str) -> None:
    """A new session with two human players (gnubg never moves by itself), the cube
    evaluated at the level's strength."""
    plies, noise = LEVELS[level]
    for command in ("set automatic roll off",
                    "set player 0 human", "set player 1 human", "new session"):
        gnubg_command(gnubg, command)
    if _CONFIGURED.get("level") == level:
        return
    for command in (f"set evaluation cubedecision evaluation plies {plies}",
                    "set evaluation cubedecision evaluation cubeful on",
                    "set evaluation cubedecision evaluation deterministic on",
                    "set evaluation cubedecision evaluation prune on",
                    f"set evaluation cubedecision evaluation noise {noise}"):
        gnubg_command(gnubg, command)
    _CONFIGURED["level"] = level

