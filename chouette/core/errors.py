"""Typed errors of the chouette logic: every refusal is a ``ValueError`` with a reason.

Three families, all under :class:`ChouetteError`:

- settings errors (:class:`SettingsError`),
- order and lineup errors (:class:`LineupError` and its subclasses),
- refused game actions (:class:`ActionRefused` and its subclasses), each carrying a
  :class:`Reason` so a web layer can map it to a message or an HTTP answer without parsing
  the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class ChouetteError(ValueError):
    """Base of every error raised by ``chouette.core``.

    ``message`` is the (English) template, marked for translation where users may see it,
    ``params`` its values (``%(name)s`` placeholders); ``str()`` is the filled English text.
    """

    def __init__(self, message: str = "", params: Mapping[str, object] | None = None) -> None:
        self.message = message
        self.params = dict(params or {})
        super().__init__(self.filled(message))

    @property
    def template(self) -> str:
        """The marked text (``config.refusals.refusal_text`` translates it, then fills it)."""
        return self.message

    def filled(self, template: str) -> str:
        """``template`` (the message, or its translation) with this error's values."""
        return template % self.params if self.params else template


class SettingsError(ChouetteError):
    """A chouette setting is out of range."""


# --------------------------------------------------------------------------- order, lineup


class LineupError(ChouetteError):
    """The order of the players (opening roll or lineup) cannot be built or changed so."""


class DuplicatePlayerError(LineupError):
    """A player appears twice (in the line, among those sitting out, or in the rolls)."""


class UnknownPlayerError(LineupError):
    """The player is not in this session's lineup (or not among the players rolling)."""


class AlreadyPresentError(LineupError):
    """The player who joins is already in the line or sitting out."""


class NotSittingOutError(LineupError):
    """The player who returns was not sitting out."""


class NotEnoughPlayersError(LineupError):
    """Too few players to roll the order or start a game."""


class InvalidRollError(LineupError):
    """A roll for the order is not a die (1..6) or names the wrong players."""


class OrderIncompleteError(LineupError):
    """Some players are still tied: they must roll again before the order is known."""

    def __init__(self, message: str, must_reroll: tuple[tuple[object, ...], ...],
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message, params)
        self.must_reroll = must_reroll


# --------------------------------------------------------------------------- game actions


class Reason(StrEnum):
    """Why a game action was refused (stable strings, shared with the engine where they exist)."""

    CUBE_NOT_OWNED = "cube_not_owned"
    NO_DOUBLE_PENDING = "no_double_pending"
    DOUBLE_PENDING = "double_pending"
    CUBE_LIMIT = "cube_limit"
    BEAVER_NOT_ALLOWED = "beaver_not_allowed"
    RACCOON_NOT_ALLOWED = "raccoon_not_allowed"
    AUTOMATIC_DOUBLE_NOT_ALLOWED = "automatic_double_not_allowed"
    NOT_IN_GAME = "not_in_game"
    MEMBER_OUT = "member_out"
    NOT_UNANIMOUS = "not_unanimous"
    TEAM_CUBE = "team_cube"
    ANSWER_POLICY = "answer_policy"
    EMPTY_ACTION = "empty_action"
    RESULT_ALREADY_RECORDED = "result_already_recorded"
    GAME_OVER = "game_over"
    GAME_NOT_OVER = "game_not_over"
    LINEUP_MISMATCH = "lineup_mismatch"


class ActionRefused(ChouetteError):
    """A game action is not allowed in this state; ``reason`` says which rule refuses it."""

    reason: Reason = Reason.EMPTY_ACTION

    def __init__(self, message: str, params: Mapping[str, object] | None = None, *,
                 reason: Reason | None = None) -> None:
        if reason is not None:
            self.reason = reason
        super().__init__(message, params)

    def filled(self, template: str) -> str:
        """The filled text and, in brackets, the stable reason (for machines)."""
        return f"{super().filled(template)} [{self.reason.value}]"


class NotCubeOwnerError(ActionRefused):
    """A double by a side that does not hold the cube (the other side owns it)."""

    reason = Reason.CUBE_NOT_OWNED


class NoDoublePendingError(ActionRefused):
    """A take, drop or beaver when no double is waiting for that player's answer."""

    reason = Reason.NO_DOUBLE_PENDING


class DoublePendingError(ActionRefused):
    """A new double or a result while a double still waits for its answer."""

    reason = Reason.DOUBLE_PENDING


class CubeLimitError(ActionRefused):
    """The cube would go above the session's cube limit."""

    reason = Reason.CUBE_LIMIT


class BeaverNotAllowedError(ActionRefused):
    """A beaver when the session plays without beavers."""

    reason = Reason.BEAVER_NOT_ALLOWED


class RaccoonNotAllowedError(ActionRefused):
    """A raccoon when raccoons are off, or with no beaver to answer."""

    reason = Reason.RACCOON_NOT_ALLOWED


class AutomaticDoubleNotAllowedError(ActionRefused):
    """An automatic double when the session allows none."""

    reason = Reason.AUTOMATIC_DOUBLE_NOT_ALLOWED


class NotInGameError(ActionRefused):
    """The player is not a team member of this game (the box, a partner, or a stranger)."""

    reason = Reason.NOT_IN_GAME


class MemberOutError(ActionRefused):
    """The member has already dropped (or been cashed) and is out of this game."""

    reason = Reason.MEMBER_OUT


class NotUnanimousError(ActionRefused):
    """With one team cube, a team double (or raccoon) needs every member still playing."""

    reason = Reason.NOT_UNANIMOUS


class TeamCubeError(ActionRefused):
    """With one team cube, the box doubles everyone and answers the team's double as one."""

    reason = Reason.TEAM_CUBE


class AnswerPolicyError(ActionRefused):
    """The box's answers to several cubes at once break the session's answer policy."""

    reason = Reason.ANSWER_POLICY


class EmptyActionError(ActionRefused):
    """A double or raccoon naming nobody."""

    reason = Reason.EMPTY_ACTION


class ResultAlreadyRecordedError(ActionRefused):
    """The board's result was already recorded."""

    reason = Reason.RESULT_ALREADY_RECORDED


class GameOverError(ActionRefused):
    """An action after the game ended (every member settled, or the result recorded)."""

    reason = Reason.GAME_OVER


class GameNotOverError(ActionRefused):
    """The outcome or the rotation was asked before the game ended."""

    reason = Reason.GAME_NOT_OVER


class LineupMismatchError(ActionRefused):
    """The rotation was applied to a lineup whose box or captain is not this game's."""

    reason = Reason.LINEUP_MISMATCH
