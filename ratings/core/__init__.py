"""Club ratings: pure Python, standard library only (never imports Django).

Each club keeps its own rating list under the FIBS formula (``formula``): everyone starts
at 1500 with experience 0, ratings are computed in the order matches finished and kept
unrounded. ``policy.is_rated`` says which matches count; ``history.replay`` rates them and
returns the standings and a per-match history that the Django layer stores and recomputes
from the first affected match onward (see ``history``). Also: the what-if calculator,
USBGF master points, the season points race and head-to-head records.

    >>> from ratings.core import RatedMatch, replay, format_rating
    >>> result = replay([RatedMatch("ann", "bob", 5, "ann", key=1)])
    >>> format_rating(result.standings["ann"].rating), result.standings["ann"].experience
    ('1522.36', 5)
"""

from .errors import RatingInputError
from .formula import (
    DEFAULT_SETTINGS,
    FORMULAS,
    FULL_EXPERIENCE,
    PROVISIONAL_BELOW,
    START_RATING,
    Exchange,
    Formula,
    RatingSettings,
    Standing,
    exchange,
    format_rating,
    formula_get,
    is_provisional,
    k_factor,
    upset_chance,
    win_chance,
)
from .head_to_head import FinishedMatch, Record, head_to_head
from .history import (
    MatchChange,
    PlayerChange,
    RatedMatch,
    Replay,
    replay,
    replay_flat,
    standings_after,
)
from .master_points import (
    DEFAULT_WEIGHTS,
    Flight,
    MasterPointWeights,
    match_win_points,
    placement_points,
    rank_factor,
    tournament_master_points,
)
from .policy import MatchFacts, RatedMatchPolicy, SourceKind, is_rated
from .season import (
    DEFAULT_SEASON_RULES,
    Placing,
    SeasonFacts,
    SeasonPointRules,
    placing_points,
    season_points,
)
from .what_if import Outcome, WhatIf, what_if

__all__ = [
    "DEFAULT_SEASON_RULES",
    "DEFAULT_SETTINGS",
    "DEFAULT_WEIGHTS",
    "FORMULAS",
    "FULL_EXPERIENCE",
    "PROVISIONAL_BELOW",
    "START_RATING",
    "Exchange",
    "FinishedMatch",
    "Formula",
    "Flight",
    "MasterPointWeights",
    "MatchChange",
    "MatchFacts",
    "Outcome",
    "Placing",
    "PlayerChange",
    "RatedMatch",
    "RatedMatchPolicy",
    "RatingInputError",
    "RatingSettings",
    "Record",
    "Replay",
    "SeasonFacts",
    "SeasonPointRules",
    "SourceKind",
    "Standing",
    "WhatIf",
    "exchange",
    "format_rating",
    "formula_get",
    "head_to_head",
    "is_provisional",
    "is_rated",
    "k_factor",
    "match_win_points",
    "placement_points",
    "placing_points",
    "rank_factor",
    "replay",
    "replay_flat",
    "season_points",
    "standings_after",
    "tournament_master_points",
    "upset_chance",
    "what_if",
    "win_chance",
]
