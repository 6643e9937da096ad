"""Models of the games app: match records with their rules checks and rulings."""

from .match import MatchGame, MatchRecord, MatchTurn, RulesCheck, Ruling, Violation

__all__ = ["MatchGame", "MatchRecord", "MatchTurn", "RulesCheck", "Ruling", "Violation"]
