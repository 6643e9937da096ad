"""Models of the games app: match records with their rules checks and rulings; the replay
viewer's setting."""

from .match import MatchGame, MatchRecord, MatchTurn, RulesCheck, Ruling, Violation
from .replay import ReplaySetting

__all__ = ["MatchGame", "MatchRecord", "MatchTurn", "ReplaySetting", "RulesCheck", "Ruling",
           "Violation"]
