"""A tournament's options: match lengths per flight and round, Crawford, the grand final's
reset, the pace used for time estimates. Checked once, stored as JSON on the event."""

from tournaments.models import Tournament

from .errors import TournamentError

FLIGHTS = ("main", "losers", "final", "consolation", "last_chance")

DEFAULT_OPTIONS = {
    #: Match length per flight (losers and final default to the main flight's).
    "lengths": {"main": 7, "consolation": 5, "last_chance": 3},
    #: Overrides: {"main": {"semi_final": 9, "final": 11, "3": 9}} (round number or name).
    "round_lengths": {},
    "crawford": True,
    #: Double elimination: a second final when the losers' bracket winner wins the first.
    "reset": True,
    #: Minutes per point of match length, for the day's time estimates.
    "minutes_per_point": 11,
    #: Master points weights: the event's weight, and each competition's (division) weight.
    "master_points": {"event": 1.0, "main": 1.0, "consolation": 0.7, "last_chance": 0.5},
    #: Swiss, MoreSwiss, round robin, groups: rounds, losses out, tie-breaks... (checked by
    #: ``tournaments.services.rounds.format_settings``).
    "format_settings": {},
}


def _length(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(f"{where}: a match length is a whole number, not {value!r}.")
    if not 1 <= value <= 25 or value % 2 == 0:
        raise TournamentError(f"{where}: match lengths are odd, from 1 to 25 (not {value}).")
    return value


def tournament_options(*, format: str, options: dict) -> dict:
    """The options with defaults filled in, or a TournamentError naming the bad value."""
    if not isinstance(options, dict):
        raise TournamentError("Options are a mapping of names to values.")
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise TournamentError(f"Unknown option(s): {', '.join(sorted(unknown))}.")
    merged = {**DEFAULT_OPTIONS, **options}
    lengths = {**DEFAULT_OPTIONS["lengths"], **(options.get("lengths") or {})}
    for flight, value in lengths.items():
        if flight not in FLIGHTS:
            raise TournamentError(f"Unknown flight {flight!r}.")
        _length(value, f"{flight} flight")
    rounds = merged["round_lengths"] or {}
    for flight, per_round in rounds.items():
        if flight not in FLIGHTS or not isinstance(per_round, dict):
            raise TournamentError(f"Round lengths are given per flight, not {flight!r}.")
        for name, value in per_round.items():
            _length(value, f"{flight} {name}")
    for flag in ("crawford", "reset"):
        if not isinstance(merged[flag], bool):
            raise TournamentError(f"{flag} is true or false.")
    pace = merged["minutes_per_point"]
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not 1 <= pace <= 60:
        raise TournamentError("The pace is 1 to 60 minutes per point.")
    merged["lengths"], merged["round_lengths"] = lengths, rounds
    merged["master_points"] = master_point_weights(options)
    from .rounds import format_settings

    merged["format_settings"] = format_settings(format=format,
                                                given=options.get("format_settings") or {})
    return merged


def master_point_weights(options: dict) -> dict[str, float]:
    """The event weight and each competition's weight, defaults filled in (for any
    tournament, also those stored before the option existed)."""
    given = options.get("master_points") or {}
    if not isinstance(given, dict):
        raise TournamentError("Master points weights are a mapping of names to numbers.")
    weights = {**DEFAULT_OPTIONS["master_points"], **given}
    for name, value in weights.items():
        if name not in DEFAULT_OPTIONS["master_points"]:
            raise TournamentError(f"Unknown master points weight {name!r}.")
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            raise TournamentError(f"The {name} weight is a number from 0 to 10.")
    return {name: float(value) for name, value in weights.items()}


def round_length(options: dict, *, flight: str, number: int, last: int) -> int:
    """The length of a round: an override by number or by name (final, semi_final), else
    the flight's length (the losers' bracket and the final play the main flight's)."""
    lengths = options["lengths"]
    base = lengths.get(flight) or lengths["main"]
    overrides = options["round_lengths"].get(flight, {})
    name = {last: "final", last - 1: "semi_final"}.get(number)
    for key in (str(number), name):
        if key in overrides:
            return overrides[key]
    return base


def round_name(*, flight: str, number: int, last: int) -> str:
    label = {"main": "Main", "losers": "Losers' bracket", "final": "Grand final",
             "consolation": "Consolation", "last_chance": "Last chance"}[flight]
    if flight == "final":
        return label if number == 1 else "Grand final (reset)"
    if number == last:
        return f"{label} final"
    if number == last - 1 and flight != "losers":
        return f"{label} semi-finals"
    return f"{label} round {number}"


__all__ = ["DEFAULT_OPTIONS", "Tournament", "master_point_weights", "round_length", "round_name",
           "tournament_options"]
