"""A merge of two rows of one person (issue 32): the accounts room's part (invitations
naming the dropped row)."""

from clubs.models import Player
from clubs.services.players import player_rows_reassign


def account_players_reassign(*, dropped: Player, kept: Player) -> int:
    return player_rows_reassign(app_label="accounts", dropped=dropped, kept=kept)
