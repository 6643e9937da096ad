"""The backgammon rules engine: pure Python, stdlib only (never imports Django).

Positions are always seen from the player on roll; see ``Position``.
"""

from .cube import CubeState
from .dice import ROLLS, normalize_dice
from .errors import (
    AmbiguousPlayError,
    CubeError,
    EngineError,
    GameStateError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidMatchIdError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidPositionIdError,
)
from .game import Game, GameResult, Phase
from .moves import Move, format_moves, format_steps
from .notation import match_play, parse_moves
from .plays import Play, Plays, apply_play, is_legal, legal_plays
from .position import Position
from .rules import Rule, Rules
from .scoring import (
    MatchId,
    MatchScore,
    ResultKind,
    game_points,
    game_result,
    loser_on_bar,
)

__all__ = [
    "ROLLS",
    "AmbiguousPlayError",
    "CubeError",
    "CubeState",
    "EngineError",
    "Game",
    "GameResult",
    "GameStateError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidMatchIdError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidPositionIdError",
    "MatchId",
    "MatchScore",
    "Move",
    "Phase",
    "Play",
    "Plays",
    "Position",
    "ResultKind",
    "Rule",
    "Rules",
    "apply_play",
    "format_moves",
    "format_steps",
    "game_points",
    "game_result",
    "is_legal",
    "legal_plays",
    "loser_on_bar",
    "match_play",
    "normalize_dice",
    "parse_moves",
]
