"""Tournament writes: events and entries, the bracket, results and corrections.

Keyword-only; the permission gates run in the callers. Every write that can race (two
players reporting the same match, a director correcting while a player confirms) locks the
tournament row first (``lock``), so writes to one event queue up. What each format does at
the start, after a result and at the close is its handler's (``registry.py``). Results of
every kind of match (a knockout's, a ladder's challenge, a league's fixture) go through one
workflow, report -> confirm -> enter -> correct (``workflow.py``), each kind saying only
what differs (``results.MatchResults``, ``ladder.ChallengeResults``,
``league.FixtureResults``).
"""

from .bracket import is_bracket_flag, match_players_due
from .entries import (
    entries_seed,
    entry_add,
    entry_add_guest,
    tournament_create,
    tournament_open_registration,
)
from .errors import DOMAIN_ERRORS, NotAllowed, TournamentError
from .groups import groups_knockout_create
from .registry import handler_for, tournament_close, tournament_refresh, tournament_start
from .results import (
    match_flag_clear,
    match_replay,
    match_result_confirm,
    match_result_correct,
    match_result_dispute,
    match_result_enter,
    match_result_report,
    match_result_resolve,
    match_start,
)
from .withdrawal import entry_withdraw, entry_withdraw_own

__all__ = [
    "DOMAIN_ERRORS", "NotAllowed", "TournamentError", "entries_seed", "entry_add",
    "entry_add_guest", "entry_withdraw", "entry_withdraw_own", "groups_knockout_create",
    "handler_for", "is_bracket_flag", "match_flag_clear", "match_players_due",
    "match_replay", "match_result_confirm", "match_result_correct",
    "match_result_dispute", "match_result_enter", "match_result_report",
    "match_result_resolve", "match_start", "tournament_close", "tournament_create",
    "tournament_open_registration", "tournament_refresh", "tournament_start",
]
