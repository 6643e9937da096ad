"""The club lists' rated-match policy as the verdicts of the finished matches read it
(``results.selectors_rated``): a club's list keeps its rating settings (1-point matches,
ladder matches, uploaded friendlies; ``ratings.core.policy``), whatever its narrowing of
its federations' policies says (that narrowing is for the federation lists)."""

from federations.core import policy
from ratings.models import RatingSettings
from results.selectors_rated import ClubListPolicy

_NOT_LADDER = frozenset(policy.EVENT_KINDS) - {"ladder"}


def club_list_policy(*, rate_one_point: bool, rate_ladder: bool, rate_friendly: bool
                     ) -> ClubListPolicy:
    """The club list's settings as rules: a 1-point match off is a minimum of 2 points; a
    rated friendly is rated whether or not the players agreed (the club list's rule)."""
    rules = policy.Rules(min_length=1 if rate_one_point else 2,
                         event_kinds=frozenset(policy.EVENT_KINDS) if rate_ladder
                         else _NOT_LADDER, friendly_if_agreed=rate_friendly)
    return ClubListPolicy(rules=rules, friendly_always=rate_friendly)


def club_list_policies(club_ids: set[int]) -> dict[int, ClubListPolicy]:
    """Each club's list policy, in one query (a club without settings: the defaults)."""
    rows = {row["club_id"]: row for row in RatingSettings.objects.filter(
        club_id__in=club_ids).values("club_id", "rate_one_point", "rate_ladder",
                                     "rate_friendly")}
    default = RatingSettings()
    return {pk: club_list_policy(
        rate_one_point=rows[pk]["rate_one_point"] if pk in rows else default.rate_one_point,
        rate_ladder=rows[pk]["rate_ladder"] if pk in rows else default.rate_ladder,
        rate_friendly=rows[pk]["rate_friendly"] if pk in rows else default.rate_friendly)
        for pk in club_ids}
