"""A tournament's options: match lengths per flight and round, Crawford, the grand final's
reset, the pace used for time estimates. Checked once, stored as JSON on the event.

Match lengths are the pure package's rule (``tournaments.formats.lengths``), for every
event: knockouts, the groups' knockout, ladders and leagues (:func:`match_length`)."""

from django.utils.translation import gettext

from config.refusals import refusal_text
from config.texts import StoredText
from tournaments import formats
from tournaments.models import Tournament

from .errors import TournamentError

#: Formats whose rounds have names (final, semi-final) to give their own length.
NAMED_ROUNDS = (*formats.FORMATS, "groups")

DEFAULT_OPTIONS = {
    #: Match length per flight (losers and final default to the main flight's).
    "lengths": {str(flight): length for flight, length in formats.DEFAULT_LENGTHS.items()},
    #: Overrides: {"main": {"semi_final": 9, "final": 11, "3": 9}} (round number or name:
    #: final, semi_final; the grand final is the flight "final", its rounds both "final").
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


def match_length(value, where: str = "match length") -> int:
    """One match length (a ladder's, a league's), or a TournamentError saying why not."""
    try:
        return formats.check_length(value, where)
    except formats.FormatError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def _lengths(*, format: str, options: dict) -> tuple[dict, dict]:
    rounds = options.get("round_lengths") or {}
    if rounds and format not in NAMED_ROUNDS:
        raise TournamentError(gettext("Round lengths are for knockouts and the groups' "
                                      "knockout: every round of a %(format)s plays the main "
                                      "length.") % {"format": format})
    try:
        return formats.length_settings(options.get("lengths") or {}, rounds)
    except formats.FormatError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def tournament_options(*, format: str, options: dict) -> dict:
    """The options with defaults filled in, or a TournamentError naming the bad value."""
    if not isinstance(options, dict):
        raise TournamentError(gettext("Options are a mapping of names to values."))
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise TournamentError(gettext("Unknown option(s): %(names)s.") % {
            "names": ", ".join(sorted(unknown))})
    merged = {**DEFAULT_OPTIONS, **options}
    lengths, rounds = _lengths(format=format, options=options)
    for flag in ("crawford", "reset"):
        if not isinstance(merged[flag], bool):
            raise TournamentError(gettext("%(flag)s is true or false.") % {"flag": flag})
    pace = merged["minutes_per_point"]
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not 1 <= pace <= 60:
        raise TournamentError(gettext("The pace is 1 to 60 minutes per point."))
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
        raise TournamentError(gettext("Master points weights are a mapping of names to numbers."))
    weights = {**DEFAULT_OPTIONS["master_points"], **given}
    for name, value in weights.items():
        if name not in DEFAULT_OPTIONS["master_points"]:
            raise TournamentError(gettext("Unknown master points weight %(name)s.") % {
                "name": repr(name)})
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            raise TournamentError(gettext("The %(name)s weight is a number from 0 to 10.") % {
                "name": name})
    return {name: float(value) for name, value in weights.items()}


def round_lengths(options: dict, bracket) -> dict[tuple[str, int], int]:
    """Every round's length in ``bracket`` (flight, number) -> points, from the stored
    options (an event stored with a name since refused gets a TournamentError)."""
    try:
        return formats.round_lengths(bracket, lengths=options.get("lengths") or {},
                                     rounds=options.get("round_lengths") or {})
    except formats.FormatError as exc:
        raise TournamentError(gettext("The event's match lengths: %(error)s") % {
            "error": refusal_text(exc)}) from exc


def round_name(*, flight: str, number: int, last: int) -> StoredText:
    """A knockout round's name, kept as a sentence to translate wherever it is shown (the
    round's ``name`` column keeps its English, for the API and the commands)."""
    if flight == "final":
        if number == 1:
            return StoredText.pgettext("tournament", "Grand final")
        return StoredText.pgettext("tournament", "Grand final (reset)")
    last_round = number == last
    semi = number == last - 1 and flight != "losers"
    values = {"number": number}
    if flight == "main":
        if last_round:
            return StoredText.gettext("Main final")
        if semi:
            return StoredText.gettext("Main semi-finals")
        return StoredText.gettext("Main round %(number)s", **values)
    if flight == "losers":
        if last_round:
            return StoredText.gettext("Losers' bracket final")
        return StoredText.gettext("Losers' bracket round %(number)s", **values)
    if flight == "consolation":
        if last_round:
            return StoredText.gettext("Consolation final")
        if semi:
            return StoredText.gettext("Consolation semi-finals")
        return StoredText.gettext("Consolation round %(number)s", **values)
    if last_round:
        return StoredText.gettext("Last chance final")
    if semi:
        return StoredText.gettext("Last chance semi-finals")
    return StoredText.gettext("Last chance round %(number)s", **values)


__all__ = ["DEFAULT_OPTIONS", "Tournament", "master_point_weights", "match_length",
           "round_lengths", "round_name", "tournament_options"]
