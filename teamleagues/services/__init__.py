"""The team leagues' writes (keyword-only; each locks the league first)."""

from .cards import (
    LiveBoardStart,
    board_live_start_check,
    board_played_live,
    card_confirm,
    card_decide,
    card_dispute,
    card_enter,
    lineup_submit,
)
from .draw import team_league_draw
from .leagues import division_create, referee_add, team_create, team_league_create
from .notices import lineup_deadlines_notify
from .season import team_league_close, team_league_next_create

__all__ = [
    "LiveBoardStart", "board_live_start_check", "board_played_live", "card_confirm",
    "card_decide", "card_dispute", "card_enter", "division_create",
    "lineup_deadlines_notify", "lineup_submit", "referee_add", "team_create",
    "team_league_close", "team_league_create", "team_league_draw", "team_league_next_create",
]
