"""The pure core of team leagues (issue 35): the draw, a card's score, the table with the
league's tie-breaks, line-up checks and the season's end. Standard library only (no Django):
the ``teamleagues`` app stores, gates and shows; this package decides.

- :mod:`.draw`: ``draw``, ``draw_problems``, ``avoid_problems``, ``assign_dates``,
  ``by_date``
- :mod:`.scoring`: ``Scoring``, ``BoardResult``, ``CardResult``, ``card_result``,
  ``board_result_problems``, ``playoff_winner`` (a level playoff: the top board decides)
- :mod:`.table`: ``TIEBREAKS``, ``PlayedFixture``, ``Row``, ``standings``,
  ``check_tiebreaks``
- :mod:`.lineup`: ``lineup_problems``, ``walkover_boards``
- :mod:`.season`: ``DivisionTable``, ``Move``, ``Playoff``, ``SeasonEnd``, ``season_end``
- :mod:`.problems`: ``Problem`` (code, msgid, params); :mod:`.errors`:
  ``TeamLeagueInputError``

Every sentence is an English msgid marked with ``gettext_noop`` with its values apart; the
app translates the template, then fills it (``config.refusals.refusal_text``).
"""

from .draw import (
    DatedRounds,
    Draw,
    Fixture,
    assign_dates,
    avoid_problems,
    by_date,
    draw,
    draw_problems,
)
from .errors import TeamLeagueInputError
from .lineup import lineup_problems, walkover_boards
from .problems import Problem
from .scoring import (
    PLAYOFF_DECIDERS,
    BoardResult,
    CardResult,
    Scoring,
    board_result_problems,
    card_result,
    playoff_winner,
)
from .season import DivisionTable, Move, Playoff, SeasonEnd, season_end
from .table import TIEBREAKS, PlayedFixture, Row, check_tiebreaks, standings

__all__ = [
    "PLAYOFF_DECIDERS", "TIEBREAKS", "BoardResult", "CardResult", "DatedRounds",
    "DivisionTable", "Draw", "Fixture", "Move",
    "PlayedFixture", "Playoff", "Problem", "Row", "Scoring", "SeasonEnd",
    "TeamLeagueInputError", "assign_dates", "avoid_problems", "board_result_problems", "by_date",
    "card_result", "check_tiebreaks", "draw", "draw_problems", "lineup_problems",
    "playoff_winner", "season_end", "standings", "walkover_boards",
]
