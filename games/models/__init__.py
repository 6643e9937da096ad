"""Models of the games app: match records with their rules checks, and chouettes."""

from .match import MatchGame, MatchRecord, MatchTurn, RulesCheck, Ruling, Violation

__all__ = ["MatchGame", "MatchRecord", "MatchTurn", "RulesCheck", "Ruling", "Violation"]

try:  # the chouette models live in their own module (added by the chouette work)
    from .chouette import *  # noqa: F403
except ImportError:  # pragma: no cover - only while the module does not exist yet
    pass
