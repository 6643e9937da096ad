"""Building the knockout graphs: single and double elimination, main + progressive
consolation (+ last chance). See the README for the shapes, the ids and the defaults.

Every format starts with the same main flight (the winners' bracket of double
elimination). The other flights are *fed*: they take the losers of chosen rounds of the
flight before, in batches, by one procedure (:func:`_fed_flight`): the first batch plays
among itself; each later batch ("progressive": later losers enter later) meets the
flight's survivors in the drop order of :mod:`.drops`; when the counts differ, the larger
side plays a round among itself first. After the last batch the survivors play down to one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .drops import drop_order
from .errors import EntrantCountError, SettingError, UnknownFormatError
from .graph import PREFIX, Bracket, Bye, Flight, LoserOf, Match, Seed, Slot, WinnerOf
from .i18n import gettext_noop
from .seeding import bracket_size, seed_order

FORMATS = ("single_elimination", "double_elimination", "consolation", "consolation_last_chance")
MAX_ENTRANTS = 1024

#: Settings and their defaults. A setting that does not apply to a format is ignored (so
#: one set of tournament options fits every format); an unknown name is refused.
DEFAULT_SETTINGS = {
    #: Double elimination: a second final when the losers' bracket winner wins the first.
    "reset": True,
    #: The main rounds whose losers enter the consolation (the main final never does).
    "consolation_feeds": (1, 2),
    #: The consolation rounds whose losers enter the last chance (its final never does).
    "last_chance_feeds": (1, 2),
}


class _Builder:
    """Collects matches flight by flight, numbering rounds within each flight."""

    def __init__(self) -> None:
        self.matches: list[Match] = []
        self.rounds: dict[Flight, int] = {}

    def round(self, flight: Flight, pairs: Iterable[tuple[Slot, Slot]]) -> list[str]:
        number = self.rounds[flight] = self.rounds.get(flight, 0) + 1
        ids = []
        for index, (a, b) in enumerate(pairs, start=1):
            match_id = f"{PREFIX[flight]}{number}"
            if flight != Flight.FINAL:  # the grand final has one match a round: F1, F2
                match_id += f"-{index}"
            self.matches.append(Match(match_id, flight, number, index, (a, b)))
            ids.append(match_id)
        return ids

    def halve(self, flight: Flight, slots: list[Slot]) -> list[Slot]:
        """One round pairing neighbours; returns the winners' slots."""
        ids = self.round(flight, zip(slots[::2], slots[1::2], strict=True))
        return [WinnerOf(m) for m in ids]


def build(format: str, entrants: int, **settings) -> Bracket:
    """The graph of a knockout event for ``entrants`` players, seeds 1..entrants.

    Settings (see ``DEFAULT_SETTINGS``): ``reset``, ``consolation_feeds``,
    ``last_chance_feeds``.
    """
    if format not in FORMATS:
        raise UnknownFormatError(format, FORMATS)
    _check_entrants(entrants)
    options = _settings(settings)
    builder = _Builder()
    main = _main_flight(builder, entrants)
    reset = None
    if format == "double_elimination":
        reset = _losers_and_final(builder, main, reset=options["reset"])
    elif format.startswith("consolation"):
        consolation, _ = _fed_flight(builder, Flight.CONSOLATION,
                                     _batches(main, options["consolation_feeds"]))
        if format == "consolation_last_chance":
            _fed_flight(builder, Flight.LAST_CHANCE,
                        _batches(consolation, options["last_chance_feeds"]))
    return Bracket(format, entrants, tuple(builder.matches), reset)


def _check_entrants(entrants: object) -> None:
    if isinstance(entrants, bool) or not isinstance(entrants, int):
        raise EntrantCountError(gettext_noop("The number of entrants is a whole number, not "
                                             "%(entrants)s."), entrants=repr(entrants))
    if entrants < 2:
        raise EntrantCountError(gettext_noop("A knockout needs at least 2 entrants, not "
                                             "%(entrants)s."), entrants=entrants)
    if entrants > MAX_ENTRANTS:
        raise EntrantCountError(gettext_noop("A knockout takes at most %(most)s entrants, not "
                                             "%(entrants)s."), most=MAX_ENTRANTS,
                                entrants=entrants)


def _settings(settings: dict) -> dict:
    unknown = sorted(set(settings) - set(DEFAULT_SETTINGS))
    if unknown:
        raise SettingError(gettext_noop("Unknown setting(s) %(names)s: use %(known)s."),
                           names=", ".join(unknown), known=", ".join(DEFAULT_SETTINGS))
    options = {**DEFAULT_SETTINGS, **settings}
    if not isinstance(options["reset"], bool):
        raise SettingError(gettext_noop("reset is True or False, not %(value)s."),
                           value=repr(options["reset"]))
    for name in ("consolation_feeds", "last_chance_feeds"):
        options[name] = _feeds(name, options[name])
    return options


def _feeds(name: str, value: object) -> tuple[int, ...]:
    rounds = tuple(value) if isinstance(value, list | tuple | set | frozenset) else None
    if rounds is None or any(isinstance(r, bool) or not isinstance(r, int) or r < 1
                             for r in rounds):
        raise SettingError(gettext_noop("%(name)s is a list of round numbers from 1, not "
                                        "%(value)s."), name=name, value=repr(value))
    return tuple(sorted(set(rounds)))


def _main_flight(builder: _Builder, entrants: int) -> list[list[str]]:
    """The main flight (the winners' bracket): seeds in standard order, seeds above the
    field are byes (so byes go to the top seeds). Returns the match ids per round."""
    order = seed_order(bracket_size(entrants))
    slots: list[Slot] = [Seed(s) if s <= entrants else Bye() for s in order]
    rounds = []
    while len(slots) > 1:
        rounds.append(builder.round(Flight.MAIN, zip(slots[::2], slots[1::2], strict=True)))
        slots = [WinnerOf(m) for m in rounds[-1]]
    return rounds


def _batches(rounds: list[list[str]], feeds: tuple[int, ...]) -> list[list[Slot]]:
    """The losers of the feeding rounds, one batch per round; a flight's final feeds
    nothing (its loser is the runner-up), nor does a round the flight does not have."""
    return [[LoserOf(m) for m in rounds[r - 1]] for r in feeds if r < len(rounds)]


def _fed_flight(builder: _Builder, flight: Flight, batches: list[list[Slot]]
                ) -> tuple[list[list[str]], Slot | None]:
    """A flight fed by batches of losers (see the module doc). Returns the match ids per
    round and the slot of the flight's winner (None for a flight nobody enters)."""
    survivors: list[Slot] = []
    for drop, batch in enumerate(batches):
        if not survivors:
            survivors = builder.halve(flight, batch) if len(batch) > 1 else batch
            continue
        while len(batch) > len(survivors):
            batch = builder.halve(flight, batch)
        while len(survivors) > len(batch):
            survivors = builder.halve(flight, survivors)
        ids = builder.round(flight, zip(survivors, drop_order(batch, flight, drop),
                                        strict=True))
        survivors = [WinnerOf(m) for m in ids]
    while len(survivors) > 1:
        survivors = builder.halve(flight, survivors)
    rounds: dict[int, list[str]] = {}
    for match in builder.matches:
        if match.flight == flight:
            rounds.setdefault(match.round, []).append(match.id)
    return list(rounds.values()), (survivors[0] if survivors else None)


def _losers_and_final(builder: _Builder, main: list[list[str]], *, reset: bool) -> str | None:
    """Double elimination: every main-flight loser drops into the losers' bracket; the two
    brackets' winners meet in the grand final F1, and again in F2 (the reset) when the
    losers' bracket winner wins F1, so that nobody is out after one loss."""
    _, losers_winner = _fed_flight(builder, Flight.LOSERS, [[LoserOf(m) for m in r]
                                                            for r in main])
    (final,) = builder.round(Flight.FINAL, [(WinnerOf(main[-1][0]), losers_winner)])
    if not reset:
        return None
    # Slot 0 stays the winners' bracket champion (who lost F1 if F2 is played).
    (second,) = builder.round(Flight.FINAL, [(LoserOf(final), WinnerOf(final))])
    return second
