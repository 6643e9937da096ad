"""Two player rows that are one person become one (issue 32).

A club admin merges them: memberships, results, ratings, match records, chouettes,
tournaments, live matches, analyses and reports move to the row kept, each room through its
own function, from the lowest floor up; whatever still names the dropped row refuses the
merge (nothing is lost to a cascade). The finished matches tell the lists above to replay
from the earliest match touched; the merge is in the audit log of the club it was made at.
"""

from django.db import transaction
from django.utils.translation import gettext

from accounts.services.players import account_players_reassign
from analysis.services import analysis_players_reassign
from audit.models import AuditEntry
from audit.services import audit_record
from chouette.services import chouette_players_reassign
from clubs.models import Club, Membership, Player
from clubs.services.players import (
    PlayerMergeError,
    memberships_reassign,
    player_identity_merge,
    player_references_left,
)
from games.services.players import match_record_players_reassign
from live.services import live_players_reassign
from ratings.services.players import ratings_reassign
from results.services import finished_matches_reassign
from tournaments.services.players import tournament_players_reassign

#: Each room's own reassign function, from the lowest floor up (the memberships and the
#: login last: until then the rows above still find the person at their clubs).
ROOMS = (account_players_reassign, finished_matches_reassign, match_record_players_reassign,
         chouette_players_reassign, tournament_players_reassign, ratings_reassign,
         analysis_players_reassign, live_players_reassign)


def player_shown(player: Player) -> dict:
    """A player as the merge's answer and audit entry show them."""
    return {"id": player.pk, "name": player.name, "login": player.user_id is not None,
            "clubs": sorted(Membership.objects.filter(player=player)
                            .values_list("club__slug", flat=True))}


@transaction.atomic
def player_merge(*, club: Club, dropped: Player, kept: Player, by=None) -> Player:
    """Merge ``dropped`` into ``kept`` (the permission gate,
    ``clubs.permissions.players_for_merge``, runs in the caller). Refused, with nothing
    changed, where the two hold two logins, played each other, both entered one tournament,
    or one is at a live board."""
    if dropped.pk == kept.pk:
        raise PlayerMergeError(gettext("A player cannot be merged into themselves."))
    first, second = sorted((dropped.pk, kept.pk))
    locked = Player.objects.select_for_update().in_bulk([first, second])
    dropped, kept = locked[dropped.pk], locked[kept.pk]
    if dropped.user_id and kept.user_id:
        player_identity_merge(dropped=dropped, kept=kept)  # refuses, naming both
    before = {"dropped": player_shown(dropped), "kept": player_shown(kept)}
    for reassign in ROOMS:
        reassign(dropped=dropped, kept=kept)
    memberships_reassign(dropped=dropped, kept=kept)
    player_identity_merge(dropped=dropped, kept=kept)
    left = player_references_left(player=dropped)
    if left:
        raise PlayerMergeError(gettext("Some rows still name %(player)s (%(rows)s): nothing "
                                       "was merged.") % {"player": dropped.name,
                                                         "rows": ", ".join(left)})
    audit_record(club_id=club.pk, actor=by, action=AuditEntry.Action.PLAYERS_MERGED,
                 target=kept, before=before, after={"kept": player_shown(kept)})
    dropped.delete()
    return kept
