"""One table from a format to its handler (the shape of Tabbycat's draw managers): what each
format does at the start, after every result, at the close, and which standings it shows.
Services and views ask ``handler_for(tournament)`` instead of comparing format names; what
a format *is* (round based, paired round by round, in groups) is asked of the enum,
``Tournament.Format`` (``tournament.kind.is_round_based``).

The start, the refresh and the close are dispatched here for every format: the rest of the
app calls ``tournament_start``, ``tournament_refresh`` and ``tournament_close``.
"""

from django.db import transaction
from django.utils.translation import gettext

from tournaments import selectors_rounds
from tournaments.models import Entry, Tournament, TournamentMatch

from .bracket import bracket_refresh, knockout_start
from .entries import entries_close
from .errors import TournamentError, lock
from .rounds import (
    event_settings,
    groups_lay_out,
    moreswiss_over,
    round_robin_lay_out,
    rounds_close,
    rounds_refresh,
    rounds_running,
)

EventFormat = Tournament.Format


class FormatHandler:
    """What every format does. ``start`` runs with the tournament locked and its entries
    closed (``ranked``: the active entries, seeds 1..N); ``refresh`` inside the caller's
    transaction with the tournament locked, after a result, a withdrawal or a correction,
    and returns the matches it flagged for the referees; ``close`` is the director's."""

    def start(self, *, tournament: Tournament, ranked: list[Entry], by=None) -> None:
        raise NotImplementedError

    def refresh(self, *, tournament: Tournament, by=None) -> list[TournamentMatch]:
        raise NotImplementedError

    def close(self, *, tournament: Tournament, by=None) -> None:
        raise NotImplementedError

    def standings(self, *, tournament: Tournament) -> list[dict]:
        """The standings tables the public page and the API show: one per group, or one
        (``{"flight", "standings", "crosstable"}``); none for a knockout."""
        raise NotImplementedError


class Knockout(FormatHandler):
    """Single and double elimination, main + consolation (+ last chance): the pure
    package's graph, laid out at the start and brought in line after every result."""

    def start(self, *, tournament, ranked, by=None):
        knockout_start(tournament=tournament, ranked=ranked, by=by)

    def refresh(self, *, tournament, by=None):
        return bracket_refresh(tournament=tournament, by=by)

    def close(self, *, tournament, by=None):
        raise TournamentError(gettext("A knockout finishes with its final."))

    def standings(self, *, tournament):
        return []  # its placings, on the bracket's page


class RoundBased(FormatHandler):
    """Played in rounds, with standings. A Swiss: nothing laid out at the start (the
    director pairs each round), closed by the director."""

    def lay_out(self, tournament: Tournament, players: list[int], settings: dict) -> None:
        """The rounds known at the start (a Swiss's are paired one at a time)."""

    def over(self, tournament: Tournament) -> bool | None:
        """Whether the event is over once every match is decided: None when the director
        closes it (a Swiss, a group stage)."""
        return None

    def start(self, *, tournament, ranked, by=None):
        self.lay_out(tournament, [e.player_id for e in ranked], event_settings(tournament))
        rounds_running(tournament)

    def refresh(self, *, tournament, by=None):
        return rounds_refresh(tournament=tournament, over=self.over)

    def close(self, *, tournament, by=None):
        rounds_close(tournament=tournament)

    def standings(self, *, tournament):
        return selectors_rounds.standings_tables(tournament=tournament)


class Swiss(RoundBased):
    pass


class MoreSwiss(Swiss):
    """A Swiss where L losses put a player out: over when one player is left."""

    def over(self, tournament):
        return moreswiss_over(tournament)


class RoundRobin(RoundBased):
    """Every round laid out at the start; over when every match is decided."""

    def lay_out(self, tournament, players, settings):
        round_robin_lay_out(tournament, players, settings)

    def over(self, tournament):
        return True


class Groups(RoundBased):
    """A round robin per group; the director sends the top of each group to a knockout
    (``services.groups``), which closes the group stage."""

    def lay_out(self, tournament, players, settings):
        groups_lay_out(tournament, players, settings)


_KNOCKOUT = Knockout()
HANDLERS: dict[str, FormatHandler] = {
    EventFormat.SINGLE: _KNOCKOUT, EventFormat.DOUBLE: _KNOCKOUT,
    EventFormat.CONSOLATION: _KNOCKOUT, EventFormat.CONSOLATION_LAST_CHANCE: _KNOCKOUT,
    EventFormat.SWISS: Swiss(), EventFormat.MORESWISS: MoreSwiss(),
    EventFormat.ROUND_ROBIN: RoundRobin(), EventFormat.GROUPS: Groups(),
}


def handler_for(tournament: Tournament) -> FormatHandler:
    return HANDLERS[tournament.kind]


@transaction.atomic
def tournament_start(*, tournament: Tournament, by=None) -> Tournament:
    """Close entries, seed whoever has no seed (after the seeded ones, in entry order), and
    start the format: a knockout's bracket, a round robin's rounds; a Swiss waits for the
    director to pair round 1."""
    tournament = lock(tournament.pk)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise TournamentError(gettext("This tournament has already started."))
    ranked = entries_close(tournament=tournament)
    handler_for(tournament).start(tournament=tournament, ranked=ranked, by=by)
    return tournament


def tournament_refresh(*, tournament: Tournament, by=None) -> list[TournamentMatch]:
    """After a result, a withdrawal or a correction (inside the caller's transaction, the
    tournament locked): the format moves on; returns the matches flagged."""
    return handler_for(tournament).refresh(tournament=tournament, by=by)


@transaction.atomic
def tournament_close(*, tournament: Tournament, by=None) -> Tournament:
    """The director closes the event (a Swiss after its last round, a MoreSwiss early, the
    group stage): every match must be decided; the placings are stored."""
    tournament = lock(tournament.pk)
    handler_for(tournament).close(tournament=tournament, by=by)
    return tournament
