"""Typed engine errors: all ValueError subclasses, messages name the position and the rule."""

from __future__ import annotations

from .rules import Rule


class EngineError(ValueError):
    """Base class of every error the engine raises."""


class InvalidNotationError(EngineError):
    """A play or move text that cannot be parsed (syntax only). ``code`` names what is
    wrong for a reader to say in its words (``reason`` is the English, for machines):
    ``token`` (a part is not a move), ``pair`` (no source or no destination), ``point``
    (not a point), ``bar_destination``, ``off_source``, ``range`` (a number not 1-24)."""

    def __init__(self, text: str, reason: str, code: str = "") -> None:
        self.text = text
        self.reason = reason
        self.code = code
        super().__init__(f"invalid move notation {text!r}: {reason}")


class IllegalPlayError(EngineError):
    """A play that breaks a rule in the given position."""

    def __init__(self, rule: Rule, position_id: str, play_text: str, detail: str = "") -> None:
        self.rule = rule
        self.position_id = position_id
        self.play_text = play_text
        self.detail = detail
        extra = f": {detail}" if detail else ""
        super().__init__(
            f"illegal play {play_text!r} in position {position_id} "
            f"(rule {rule.value}){extra}"
        )


class AmbiguousPlayError(EngineError):
    """A play text that matches more than one legal play."""

    def __init__(self, position_id: str, play_text: str, candidates: tuple[str, ...]) -> None:
        self.position_id = position_id
        self.play_text = play_text
        self.candidates = candidates
        super().__init__(
            f"ambiguous play {play_text!r} in position {position_id}: "
            f"could be {', '.join(candidates)}"
        )


class InvalidPositionIdError(EngineError):
    """A Position ID that does not decode to a valid position."""

    def __init__(self, position_id: str, reason: str) -> None:
        self.position_id = position_id
        self.reason = reason
        super().__init__(f"invalid Position ID {position_id!r}: {reason}")


class InvalidPositionError(EngineError):
    """Checker counts that do not make a backgammon position."""


class InvalidDiceError(EngineError):
    """Dice outside 1-6, or not a pair."""

    rule = Rule.DICE_RANGE

    def __init__(self, dice: object) -> None:
        self.dice = dice
        super().__init__(f"invalid dice {dice!r} (rule {Rule.DICE_RANGE.value}): need two of 1-6")


class InvalidMatchIdError(EngineError):
    """A Match ID that does not decode to a valid match state."""

    def __init__(self, match_id: str, reason: str) -> None:
        self.match_id = match_id
        self.reason = reason
        super().__init__(f"invalid Match ID {match_id!r}: {reason}")


class CubeError(EngineError):
    """A cube action that the cube state or the rules do not allow."""

    def __init__(self, rule: Rule, detail: str, position_id: str | None = None) -> None:
        self.rule = rule
        self.position_id = position_id
        where = f" in position {position_id}" if position_id else ""
        super().__init__(f"cube action refused{where} (rule {rule.value}): {detail}")


class GameStateError(EngineError):
    """An action that does not fit the game's current state (e.g. moving before rolling)."""

    def __init__(self, detail: str, rule: Rule | None = None, position_id: str | None = None):
        self.rule = rule
        self.position_id = position_id
        where = f" in position {position_id}" if position_id else ""
        named = f" (rule {rule.value})" if rule else ""
        super().__init__(f"{detail}{where}{named}")
