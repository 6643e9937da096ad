"""``Move``, one checker step, and the canonical text of a list of moves.

The bottom of the move modules: ``checking``, ``plays`` and ``notation`` build on it, and it
imports none of them. Points are numbered from the mover's side: 25 = bar, 0 = off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .steps import BAR


@dataclass(frozen=True, slots=True)
class Move:
    """One checker step of one die: src 25 = bar, dst 0 = off, points from the mover's side."""

    src: int
    dst: int
    hit: bool = False

    def __str__(self) -> str:
        return format_moves((self,))


#: Moves are values: one shared instance per (src, dst, hit).
MOVES = {
    (src, dst, hit): Move(src, dst, hit)
    for src in range(1, 26) for dst in range(0, 25) for hit in (False, True) if dst < src
}


def format_steps(steps: Iterable[Move | tuple[int, int]]) -> str:
    """A play as GNU Backgammon's match files write it: one ``src/dst`` per checker step
    (per die), in the order given, 25 the bar, 0 off, no hit marks (the board tells; some
    writers never write them and gnubg ignores them): ``13/7 7/3``, ``25/22 6/0``."""
    return " ".join(f"{src}/{dst}" for src, dst in
                    ((s.src, s.dst) if isinstance(s, Move) else s for s in steps))


def format_moves(moves: Sequence[Move]) -> str:
    """Canonical text: highest source first, chains joined, repeats as ``(n)``."""
    ordered = sorted(moves, key=lambda mv: (-mv.src, -mv.dst, not mv.hit))
    chains: list[list[Move]] = []
    for move in ordered:
        for chain in chains:
            if chain[-1].dst == move.src and move.src:
                chain.append(move)
                break
        else:
            chains.append([move])
    return " ".join(_group([_chain_text(chain) for chain in chains]))


def _chain_text(chain: list[Move]) -> str:
    text = _word(chain[0].src)
    for move in chain:
        text += "/" + _word(move.dst) + ("*" if move.hit else "")
    return text


def _word(point: int) -> str:
    return "bar" if point == BAR else "off" if point == 0 else str(point)


def _group(tokens: list[str]) -> list[str]:
    """``8/5 8/5`` -> ``8/5(2)``; ``6/4* 6/4`` -> ``6/4*(2)`` (the first one hit)."""
    out: list[tuple[str, int]] = []
    for token in tokens:
        if out and out[-1][0].replace("*", "") == token and "*" not in token:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((token, 1))
    return [token if count == 1 else f"{token}({count})" for token, count in out]
