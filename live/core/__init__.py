"""The pure part of live play: a match driven action by action on the engine (no Django)."""

from .match import KINDS, RESIGN_KINDS, Action, LiveMatchPlay, Refused, Settings

__all__ = ["KINDS", "RESIGN_KINDS", "Action", "LiveMatchPlay", "Refused", "Settings"]
