"""Models of the games app: match records with their rules checks and rulings; the replay
viewer's setting."""

from .bulk import BulkFile, BulkUpload
from .match import MatchGame, MatchRecord, MatchTurn, RulesCheck, Ruling, Violation
from .replay import ReplaySetting

__all__ = ["BulkFile", "BulkUpload", "MatchGame", "MatchRecord", "MatchTurn", "ReplaySetting",
           "RulesCheck", "Ruling", "Violation"]
