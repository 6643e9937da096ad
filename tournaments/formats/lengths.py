"""Match lengths per flight and round: the one copy of the rule, for every event.

A club sets one length per flight (defaults: main 7, consolation 5, last chance 3; the
losers' bracket and the grand final play the main flight's length unless set) and may
override single rounds, by number or by name: ``{"main": {"semi_final": 9, "final": 11}}``
is "7 points, 9-point semi-finals, an 11-point final". Names count from a flight's last
round (``final``, then ``semi_final``). The grand final is its own flight (``final``):
both F1 and the reset are its ``final`` and it has no ``semi_final``, so no override of
another flight ever reaches it (``{"final": {"final": 13}}`` or ``{"final": 13}`` set it).
A round number wins over a name. Rounds and flights a given bracket does not have are
ignored, so one set of options fits any field; a name that is not one of these is refused
with the accepted ones (``semifinal`` and ``quarter_final`` too: one spelling each).

Every length, here and for ladders and leagues, is checked by :func:`check_length`.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.scoring import MAX_MATCH_LENGTH

from .errors import MatchLengthError, SettingError
from .graph import Bracket, Flight
from .i18n import gettext_noop

#: The longest match an event schedules: a rule of the events, not of matches. A match may
#: be up to the engine's ``MAX_MATCH_LENGTH`` (64: what a record, a live match or a finished
#: match can be, a money session or a friendly 40-pointer included), but a tournament,
#: ladder or league schedules odd lengths, as tournament play does, that fit a club's day:
#: 25 points is already a day's match. Kept under the engine's bound.
MAX_EVENT_LENGTH = 25
assert MAX_EVENT_LENGTH <= MAX_MATCH_LENGTH

DEFAULT_LENGTHS = {Flight.MAIN: 7, Flight.CONSOLATION: 5, Flight.LAST_CHANCE: 3}
#: A match's length when nothing else is set: the main flight's (a round-based event's
#: rounds, a ladder's challenges, a league's fixtures).
DEFAULT_LENGTH = DEFAULT_LENGTHS[Flight.MAIN]
#: Flights that play the main flight's length unless given their own.
FOLLOW_MAIN = (Flight.LOSERS, Flight.FINAL)
#: The round names, counted from a flight's last round.
ROUND_NAMES = ("final", "semi_final")
#: The names each flight accepts (the grand final's two matches are both its final).
FLIGHT_ROUND_NAMES = {flight: ("final",) if flight == Flight.FINAL else ROUND_NAMES
                      for flight in Flight}


def check_length(value: object, where: str = "match length") -> int:
    """An odd number of points from 1 to ``MAX_EVENT_LENGTH``, or a
    :class:`MatchLengthError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchLengthError(gettext_noop("%(where)s: a match length is a whole number, not "
                                            "%(value)s."), where=where, value=repr(value))
    if not 1 <= value <= MAX_EVENT_LENGTH or value % 2 == 0:
        raise MatchLengthError(gettext_noop("%(where)s: match lengths are odd, from 1 to 25 (not "
                                            "%(value)s)."), where=where, value=value)
    return value


def length_settings(lengths: Mapping[str, int] | None = None,
                    rounds: Mapping[str, Mapping[int | str, int]] | None = None
                    ) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """The settings checked and in their stored form: every flight's length (defaults
    filled in) and the round overrides keyed by flight, then by round name or number (as a
    string, as JSON keeps it). Refuses unknown flights and names with the accepted ones."""
    base = {str(flight): length for flight, length in _flight_lengths(lengths or {}).items()
            if flight not in FOLLOW_MAIN or flight.value in (lengths or {})}
    overrides: dict[str, dict[str, int]] = {}
    for (flight, which), length in _overrides(rounds or {}).items():
        overrides.setdefault(flight, {})[str(which)] = length
    return base, overrides


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
        raise SettingError(gettext_noop("Unknown flight %(name)s: use one of %(known)s."),
                           name=repr(name), known=known) from None


def _flight_lengths(lengths: Mapping[str, int]) -> dict[Flight, int]:
    if not isinstance(lengths, Mapping):
        raise SettingError(gettext_noop("Lengths are given per flight: {flight: length}."))
    given = {_flight(name): check_length(value, f"{name} flight")
             for name, value in lengths.items()}
    base = {**DEFAULT_LENGTHS, **given}
    for flight in FOLLOW_MAIN:
        base.setdefault(flight, base[Flight.MAIN])
    return base


def _overrides(rounds: Mapping[str, Mapping[int | str, int]]) -> dict[tuple[str, object], int]:
    if not isinstance(rounds, Mapping):
        raise SettingError(gettext_noop("Round lengths are given per flight: {flight: {round "
                                        "or name: length}}."))
    found = {}
    for name, per_round in rounds.items():
        flight = _flight(name)
        if not isinstance(per_round, Mapping):
            raise SettingError(gettext_noop("Round lengths are given per flight: %(name)s -> "
                                            "{round or name: length}."), name=name)
        for which, value in per_round.items():
            found[flight.value, _round_key(flight, which)] = check_length(
                value, f"{name} {which}")
    return found


def _round_key(flight: Flight, which: object) -> int | str:
    """A round number (an int or a string of digits) or one of the flight's round names."""
    if isinstance(which, int) and not isinstance(which, bool) and which >= 1:
        return which
    if isinstance(which, str) and which.isdigit() and int(which) >= 1:
        return int(which)
    names = FLIGHT_ROUND_NAMES[flight]
    if which not in names:
        grand = (" (the grand final's two matches are both its final)"
                 if flight == Flight.FINAL else "")
        raise SettingError(gettext_noop("Unknown round %(round)s in the %(flight)s "
                                        "flight%(grand)s: use a round number from 1 or one of "
                                        "%(names)s."),
                           round=repr(which), flight=flight.value, grand=grand,
                           names=", ".join(names))
    return which


def _names(flight: Flight, number: int, last: int) -> tuple[str, ...]:
    if flight == Flight.FINAL:
        return ("final",)
    return {last: ("final",), last - 1: ("semi_final",)}.get(number, ())
