"""A merge of two rows of one person (issue 32): the ratings room's part.

The dropped row's lines go; the replay that the finished matches' change marked (in each
club, from the earliest match the merge touched) writes them again under the kept row.
"""

from django.db.models import Q
from django.utils import timezone

from clubs.models import Player
from ratings.models import MasterPointAward, Pool, Rating, RatingChange

from .national_marks import national_recompute_request
from .updates import ratings_recompute_request


def ratings_reassign(*, dropped: Player, kept: Player) -> None:
    # A national list's replay reads each player's start from the rows it replaces: with
    # the opponents' rows gone too, the lists that held the dropped row replay whole.
    for federation_id in sorted(set(Rating.objects.filter(
            player=dropped, pool__owner_kind=Pool.OwnerKind.FEDERATION)
            .values_list("pool__federation_id", flat=True))):
        national_recompute_request(federation_id=federation_id)
    RatingChange.objects.filter(Q(player=dropped) | Q(opponent=dropped)).delete()
    Rating.objects.filter(player=dropped).delete()
    awarded = set(MasterPointAward.objects.filter(player=dropped)
                  .values_list("club_id", flat=True))
    MasterPointAward.objects.filter(player=dropped).delete()
    for club_id in awarded:  # master points are rebuilt whole by any recompute
        ratings_recompute_request(club_id=club_id, from_at=timezone.now(), from_match_id=0)
