"""A result's score as people say it after the winner's name: the winner's score first
("Erin wins 3–1"), whichever column (player A, the challenger) the winner was stored in."""

from django import template

register = template.Library()


def _scores(row) -> tuple:
    """(winner's score, loser's score) of a match, a report, a fixture or a challenge."""
    if hasattr(row, "score_challenger"):
        first, a, b = row.challenger_id, row.score_challenger, row.score_challenged
    else:
        owner = row if hasattr(row, "player_a_id") else row.match
        first, a, b = owner.player_a_id, row.score_a, row.score_b
    return (a, b) if row.winner_id == first else (b, a)


@register.filter
def won(row):
    return _scores(row)[0]


@register.filter
def lost(row):
    return _scores(row)[1]
