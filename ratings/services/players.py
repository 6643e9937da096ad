"""A merge of two rows of one person (issue 32): the ratings room's part.

The dropped row's lines go; the replay that the finished matches' change marked (in each
club, from the earliest match the merge touched) writes them again under the kept row.
"""

from django.db.models import Q
from django.utils import timezone

from clubs.models import Player
from ratings.models import MasterPointAward, Rating, RatingChange

from .updates import ratings_recompute_request


def ratings_reassign(*, dropped: Player, kept: Player) -> None:
    RatingChange.objects.filter(Q(player=dropped) | Q(opponent=dropped)).delete()
    Rating.objects.filter(player=dropped).delete()
    awarded = set(MasterPointAward.objects.filter(player=dropped)
                  .values_list("club_id", flat=True))
    MasterPointAward.objects.filter(player=dropped).delete()
    for club_id in awarded:  # master points are rebuilt whole by any recompute
        ratings_recompute_request(club_id=club_id, from_at=timezone.now(), from_match_id=0)
