"""A team league's board order asks the ratings: each player's rating in the league's list
(the federation's, or the organising club's) on the match day, registered with
``teamleagues.selectors.rating_source_register`` (the league is a floor below)."""

import datetime

from ratings.models import Pool, RatingChange


def board_ratings(*, league, player_ids: list[int], day: datetime.date) -> dict[int, float]:
    """The rating after each player's last rated match before ``day`` (players without one
    are left out: their board is not checked)."""
    owner = ({"federation_id": league.federation_id} if league.federation_id is not None
             else {"club_id": league.club_id})
    pool = Pool.objects.filter(**owner).values_list("pk", flat=True).first()
    if pool is None or not player_ids:
        return {}
    found: dict[int, float] = {}
    for player_id, rating in (RatingChange.objects.filter(
            pool_id=pool, player_id__in=player_ids, finished_at__date__lt=day)
            .order_by("player_id", "finished_at", "match_id")
            .values_list("player_id", "rating_after")):
        found[player_id] = rating  # the last one wins
    return found
