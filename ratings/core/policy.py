"""Which matches go on a club's rating list: ``is_rated(facts, policy)``.

Always rated: finished, played tournament and league matches of any length >= 1 (the
1-point setting aside). Never rated: walkovers, byes, forfeits and voided matches
(``played`` false), unfinished matches, and money play (length 0). Settings decide the
rest; the defaults and why:

- ``one_point_matches = True``. FIBS rates every finished match whatever its length, and
  the formula already weighs a match by sqrt(n), so a 1-point match moves a rating least.
  Clubs that follow the stricter local policies filed with the UK federation (several list
  "all 1pt matches" as ineligible) switch it off.
- ``ladder = True``. A ladder is a club competition: the pairing follows the ladder's
  challenge rules and the result is reported to the director, as for league fixtures,
  which every federation club policy we read rates.
- ``friendly = False``. The UKBGF and ABF club policies agree that "settled matches,
  unfinished matches, walkovers and friendlies will not be rated": a friendly is a match
  outside the scheduled programme, its opponent chosen freely and its record uploaded by a
  player. A club that rates friendlies agreed in advance switches it on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SourceKind(StrEnum):
    """Where a finished match comes from."""

    MATCH_RECORD = "match_record"  # a friendly match record uploaded by a player
    TOURNAMENT = "tournament"
    LADDER = "ladder"
    LEAGUE = "league"
    TEAM_LEAGUE = "team_league"  # a board of a team match (rated like a league fixture)


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """What the policy needs to know about a match.

    ``played`` is false for a walkover, bye, forfeit or voided match; ``length`` is the
    match length in points (0 = money play).
    """

    source: SourceKind
    played: bool
    finished: bool
    length: int


@dataclass(frozen=True, slots=True)
class RatedMatchPolicy:
    """The club's settings for the matches that are neither always nor never rated."""

    one_point_matches: bool = True
    ladder: bool = True
    friendly: bool = False


def is_rated(facts: MatchFacts, policy: RatedMatchPolicy) -> bool:
    """Whether a match counts for the club's ratings (see the module docstring)."""
    if not (facts.played and facts.finished) or facts.length < 1:
        return False
    if facts.length == 1 and not policy.one_point_matches:
        return False
    source = SourceKind(facts.source)
    if source is SourceKind.LADDER:
        return policy.ladder
    if source is SourceKind.MATCH_RECORD:
        return policy.friendly
    return True  # tournament, league and team-league matches
