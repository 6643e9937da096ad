"""A merge of two rows of one person (issue 32): the games room's part (match records)."""

from clubs.models import Player
from clubs.services.players import player_rows_reassign


def match_record_players_reassign(*, dropped: Player, kept: Player) -> int:
    return player_rows_reassign(app_label="games", dropped=dropped, kept=kept)
