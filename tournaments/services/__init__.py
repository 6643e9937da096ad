"""Tournament writes: events and entries, the bracket, results and corrections.

Keyword-only; the permission gates run in the callers. Every write that can race (two
players reporting the same match, a director correcting while a player confirms) locks the
tournament row first (``_lock``), so writes to one event queue up.
"""

from .bracket import bracket_refresh, is_bracket_flag, match_players_due, tournament_start
from .entries import (
    entries_seed,
    entry_add,
    entry_add_guest,
    entry_withdraw,
    entry_withdraw_own,
    tournament_create,
    tournament_open_registration,
)
from .errors import DOMAIN_ERRORS, NotAllowed, TournamentError
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

__all__ = [
    "DOMAIN_ERRORS", "NotAllowed", "TournamentError", "bracket_refresh", "entries_seed",
    "entry_add", "entry_add_guest", "entry_withdraw", "entry_withdraw_own", "is_bracket_flag",
    "match_players_due",
    "match_flag_clear", "match_result_confirm", "match_result_correct",
    "match_result_dispute", "match_result_enter", "match_result_report",
    "match_replay", "match_result_resolve", "match_start", "tournament_create",
    "tournament_open_registration", "tournament_start",
]
