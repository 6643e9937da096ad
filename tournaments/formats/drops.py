"""Drop orders: which survivor of a fed flight meets which newly dropped loser.

A fed flight (losers' bracket, consolation, last chance) takes its players in batches,
the losers of one round of the flight that feeds it; each batch after the first meets the
flight's survivors (a "drop"). The order of a batch against the survivors decides how
soon two players can meet again. Here survivor i meets dropper ``i XOR c``, one constant
c per drop. XOR by a constant keeps bracket neighbours together (pairs stay pairs,
quarters stay quarters), so what a survivor has come through stays a whole region of the
bracket, and the next drop can be sent from a region that survivor has not met.

- Losers' bracket: c is the drop's number written backwards in binary (the bit-reversal,
  or van der Corput, sequence): the first drop swaps halves, the second swaps quarters
  within halves, the third both, and so on, so successive drops come from regions as far
  apart as the size allows. This puts the first possible rematch in the losers' bracket
  as late as any order can: the tests search every XOR order for 8-32 players, a search
  over the reverse / half-swap / pair-flip orders agreed for 4-128, and the counting
  argument in the README covers every XOR order at every size.
- Consolation: the first drop is reversed (the loser of main match 2-1 meets the winner of
  the last consolation round-1 match), later drops follow the bit-reversal sequence.
- Last chance: the bit-reversal sequence. Its players also met in the consolation, whose
  first drop was reversed; swapping halves stays clear of that (reversing again would
  bring players back together).

With the default feeds, the consolation's first possible rematch is its final and the last
chance's its semi-final, and no dropped player's first match in either can be a rematch
(16 players and more; with 8, last chance round 2 is two consolation round-2 losers and
nothing keeps them apart). With byes, a later match can be a player's first real one; for
3 to 32 entrants no XOR order lets fewer such first matches be rematches (checked in the
tests; a one-off search agreed up to 64). Other feeds use the same rules unchecked.

The README lists, per size, the first round where a rematch can happen; the tests check
these figures by following every player's possible paths through the graph.
"""

from __future__ import annotations

from .graph import Flight


def reversed_bits(value: int, width: int) -> int:
    """``value``'s lowest ``width`` bits in reverse order (reversed_bits(1, 3) == 4)."""
    out = 0
    for _ in range(width):
        out, value = (out << 1) | (value & 1), value >> 1
    return out


def drop_constant(flight: Flight, drop: int, size: int) -> int:
    """The XOR constant of the ``drop``-th drop (1 = the second batch, the first to meet
    survivors) of ``size`` players (a power of two) onto as many survivors."""
    if flight == Flight.CONSOLATION and drop == 1:
        return size - 1
    return reversed_bits(drop, size.bit_length() - 1)


def drop_order(batch: list, flight: Flight, drop: int) -> list:
    """The batch in the order it meets the survivors (survivor i meets the i-th)."""
    constant = drop_constant(flight, drop, len(batch))
    return [batch[i ^ constant] for i in range(len(batch))]
