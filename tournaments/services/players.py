"""A merge of two rows of one person (issue 32): the tournaments room's part (entries,
matches, reports, placings, ladders and leagues move to the kept row; a tournament both
rows entered refuses the merge)."""

from clubs.models import Player
from clubs.services.players import player_rows_reassign


def tournament_players_reassign(*, dropped: Player, kept: Player) -> int:
    return player_rows_reassign(app_label="tournaments", dropped=dropped, kept=kept)
