"""Move notation: parse (syntax only), format (canonical) and match a written play.

Canonical form: ``24/18 13/11``, ``bar/22*``, ``6/off``, ``8/5(2)``, ``24/18/13``,
``13/7*/1``. Real files also write ``25``/``b`` for the bar, ``0``/``o`` for off, any case,
any token order, consolidated moves (``24/13``, ``20/4``) and wrong or missing ``*``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .checking import check_play
from .dice import normalize_dice
from .errors import AmbiguousPlayError, IllegalPlayError, InvalidNotationError
from .moves import Move
from .plays import Play, legal_plays
from .position import BAR, Position
from .rules import Rule

_TOKEN = re.compile(r"(?P<chain>[^()]+?)(?:\((?P<count>\d)\))?")
_POINT = re.compile(r"(?P<point>\d{1,2}|bar|b|off|o)(?P<hits>\**)")
_BAR_WORDS = {"bar", "b", "25"}
_OFF_WORDS = {"off", "o", "0"}
_EMPTY_PLAYS = {"", "cannot move", "can't move", "no move", "pass"}

Chain = tuple[tuple[int, bool], ...]


def parse_moves(text: str) -> tuple[Move, ...]:
    """The moves written in ``text``, in the order written, hits as marked (syntax only).

    A compound token ``24/18/13`` gives one move per hop; ``8/5(2)`` repeats the token, with
    a hit mark only on the first repetition (``6/4*(2)``: two checkers, the first hit).
    """
    moves: list[Move] = []
    for chain in _chains(text):
        moves.extend(Move(a[0], b[0], b[1]) for a, b in zip(chain, chain[1:], strict=False))
    return tuple(moves)


def _chains(text: str) -> list[Chain]:
    if text.strip().lower() in _EMPTY_PLAYS:
        return []
    chains: list[Chain] = []
    for token in text.replace(",", " ").split():
        match = _TOKEN.fullmatch(token)
        count = int(match["count"]) if match and match["count"] else 1
        if not match or not 1 <= count <= 4:
            raise InvalidNotationError(text, f"bad token {token!r}", code="token")
        chain = _chain(text, match["chain"])
        chains.append(chain)
        unmarked = (chain[0],) + tuple((point, False) for point, _ in chain[1:])
        chains.extend([unmarked] * (count - 1))
    return chains


def _chain(text: str, body: str) -> Chain:
    parts = body.lower().split("/")
    if len(parts) < 2:
        raise InvalidNotationError(text, f"{body!r} needs a source and a destination", code="pair")
    points = []
    for index, part in enumerate(parts):
        match = _POINT.fullmatch(part)
        if not match:
            raise InvalidNotationError(text, f"bad point {part!r} in {body!r}", code="point")
        points.append((_point(text, match["point"], index, len(parts)), bool(match["hits"])))
    return tuple(points)


def _point(text: str, word: str, index: int, length: int) -> int:
    if word in _BAR_WORDS:
        if index:
            raise InvalidNotationError(text, "the bar is never a destination",
                                       code="bar_destination")
        return BAR
    if word in _OFF_WORDS:
        if index != length - 1:
            raise InvalidNotationError(text, "off is never a source", code="off_source")
        return 0
    point = int(word)
    if not 1 <= point <= 24:
        raise InvalidNotationError(text, f"point {point} is not 1-25", code="range")
    return point


def match_play(position: Position, dice: Sequence[int], text: str) -> Play:
    """The legal play that ``text`` describes, in any real file's notation.

    Raises InvalidNotationError (syntax), IllegalPlayError (no legal play matches: ``.rule``
    names the broken rule) or AmbiguousPlayError.
    """
    chains = _chains(text)
    plays = legal_plays(position, dice)
    target = _written_target(position, chains)
    candidates = [play for play in plays if play.result.opponent == target]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        rule, detail = _diagnose(position, dice, chains)
        raise IllegalPlayError(rule, position.position_id(), text, detail)
    return _best(position, text, chains, candidates)


def _written_target(position: Position, chains: list[Chain]) -> tuple[int, ...] | None:
    """The mover's checkers after the written moves (only where each chain starts and
    ends matters), or None if that is not a possible board."""
    side = list(position.mover)
    for chain in chains:
        side[chain[0][0]] -= 1
        side[chain[-1][0]] += 1
    return tuple(side) if min(side) >= 0 else None


def _best(position: Position, text: str, chains: list[Chain], candidates: list[Play]) -> Play:
    """Several plays move the same checkers and differ in hits: let the text decide.

    gnubg "rejects an order whose intermediate point holds any opposing checker, so the
    first hop of a consolidated move never hits": prefer plays that hit only where the
    text writes a point, then plays that land on every point the text writes (some
    writers never mark hits, so the points written outrank the marks), then plays whose
    hits match the written marks.
    """
    written = {point for chain in chains for point, _ in chain[1:]}
    marked = {point for chain in chains for point, hit in chain[1:] if hit}

    def score(play: Play) -> tuple[bool, bool, bool]:
        hits = {move.dst for move in play.moves if move.hit}
        landed = {move.dst for move in play.moves}
        return hits <= written, written <= landed, hits == marked

    best = max(score(play) for play in candidates)
    chosen = [play for play in candidates if score(play) == best]
    if len(chosen) > 1:
        raise AmbiguousPlayError(position.position_id(), text, tuple(map(str, chosen)))
    return chosen[0]


def _diagnose(position: Position, dice: Sequence[int], chains: list[Chain]) -> tuple[Rule, str]:
    """Why no legal play matches: check the written moves, expanding consolidated ones."""
    high, low = normalize_dice(dice)
    pips = sum(chain[0][0] - chain[-1][0] for chain in chains if chain[-1][0])
    if pips > (4 * high if high == low else high + low):
        return Rule.WRONG_DISTANCE, f"{pips} pips written, more than the dice allow"
    verdict = None
    for moves in _expansions(chains, high, low):
        found, _ = check_play(position, (high, low), moves)
        if found is None:
            return Rule.MUST_USE_BOTH_DICE, "the written moves are not a whole legal play"
        verdict = verdict or found
    return verdict or (Rule.WRONG_DISTANCE, "the moves do not match the dice")


def _expansions(chains: list[Chain], high: int, low: int) -> list[tuple[Move, ...]]:
    """The written moves with each consolidated hop split into single-die hops."""
    options: list[list[tuple[Move, ...]]] = [[()]]
    for chain in chains:
        for (src, _), (dst, hit) in zip(chain, chain[1:], strict=False):
            options.append(_split(src, dst, hit, high, low))
    results: list[tuple[Move, ...]] = [()]
    for choice in options:
        results = [done + extra for done in results for extra in choice][:64]
    return results


def _split(src: int, dst: int, hit: bool, high: int, low: int) -> list[tuple[Move, ...]]:
    distance = src - dst
    if high == low and dst and distance > high and distance % high == 0:
        hops = range(src, dst, -high)
        return [tuple(Move(a, a - high, hit and a - high == dst) for a in hops)]
    if high != low and (distance == high + low or (not dst and high < src < high + low)):
        return [(Move(src, src - first), Move(src - first, dst, hit))
                for first in (high, low) if src - first > 0]
    return [(Move(src, dst, hit),)]
