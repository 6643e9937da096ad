"""Match lengths per flight and round.

A club sets one length per flight (defaults: main 7, consolation 5, last chance 3; the
losers' bracket and the grand final play the main flight's length unless set) and may
override single rounds, by number or by name: ``{"main": {"semi_final": 9, "final": 11}}``
is "7 points, 9-point semi-finals, an 11-point final". Names count from a flight's last
round (``final``, then ``semi_final``); in the grand final flight both F1 and the reset
are its ``final``. A round number wins over a name. Rounds and flights that a given bracket
does not have are ignored, so one set of options fits any field; unknown names are refused.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import MatchLengthError, SettingError
from .graph import Bracket, Flight

DEFAULT_LENGTHS = {Flight.MAIN: 7, Flight.CONSOLATION: 5, Flight.LAST_CHANCE: 3}
#: Flights that play the main flight's length unless given their own.
FOLLOW_MAIN = (Flight.LOSERS, Flight.FINAL)
ROUND_NAMES = ("final", "semi_final")


def check_length(value: object, where: str = "match length") -> int:
    """An odd number of points from 1 to 25, or a :class:`MatchLengthError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchLengthError(f"{where}: a match length is a whole number, not {value!r}.")
    if not 1 <= value <= 25 or value % 2 == 0:
        raise MatchLengthError(f"{where}: match lengths are odd, from 1 to 25 (not {value}).")
    return value


def round_lengths(bracket: Bracket, *, lengths: Mapping[str, int] | None = None,
                  rounds: Mapping[str, Mapping[int | str, int]] | None = None
                  ) -> dict[tuple[str, int], int]:
    """The length of every round of the bracket, keyed by (flight, round number)."""
    base = _flight_lengths(lengths or {})
    overrides = _overrides(rounds or {})
    result = {}
    for match in bracket.matches:
        key = (str(match.flight), match.round)
        if key not in result:
            names = _names(match.flight, match.round, bracket.rounds(match.flight))
            found = [overrides[key[0], n] for n in (match.round, *names)
                     if (key[0], n) in overrides]
            result[key] = found[0] if found else base[match.flight]
    return result


def match_lengths(bracket: Bracket, *, lengths: Mapping[str, int] | None = None,
                  rounds: Mapping[str, Mapping[int | str, int]] | None = None
                  ) -> dict[str, int]:
    """The length of every match, keyed by match id (see :func:`round_lengths`)."""
    per_round = round_lengths(bracket, lengths=lengths, rounds=rounds)
    return {m.id: per_round[str(m.flight), m.round] for m in bracket.matches}


def _flight(name: object) -> Flight:
    try:
        return Flight(name)
    except ValueError:
        known = ", ".join(f.value for f in Flight)
        raise SettingError(f"Unknown flight {name!r}: use one of {known}.") from None


def _flight_lengths(lengths: Mapping[str, int]) -> dict[Flight, int]:
    given = {_flight(name): check_length(value, f"{name} flight")
             for name, value in lengths.items()}
    base = {**DEFAULT_LENGTHS, **given}
    for flight in FOLLOW_MAIN:
        base.setdefault(flight, base[Flight.MAIN])
    return base


def _overrides(rounds: Mapping[str, Mapping[int | str, int]]) -> dict[tuple[str, object], int]:
    found = {}
    for name, per_round in rounds.items():
        flight = _flight(name)
        if not isinstance(per_round, Mapping):
            raise SettingError(f"Round lengths are given per flight: {name} -> "
                               "{round or name: length}.")
        for which, value in per_round.items():
            found[flight.value, _round_key(which)] = check_length(value, f"{name} {which}")
    return found


def _round_key(which: object) -> int | str:
    """A round number (an int or a string of digits) or a round name (``semi-final`` and
    ``semifinal`` read as ``semi_final``)."""
    if isinstance(which, int) and not isinstance(which, bool) and which >= 1:
        return which
    if isinstance(which, str) and which.isdigit() and int(which) >= 1:
        return int(which)
    name = str(which).lower().replace("-", "_")
    name = "semi_final" if name == "semifinal" else name
    if name not in ROUND_NAMES:
        raise SettingError(f"A round is a number from 1 or one of {', '.join(ROUND_NAMES)}, "
                           f"not {which!r}.")
    return name


def _names(flight: Flight, number: int, last: int) -> tuple[str, ...]:
    if flight == Flight.FINAL:
        return ("final",)
    return {last: ("final",), last - 1: ("semi_final",)}.get(number, ())
