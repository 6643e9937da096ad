"""The one typed error of the team-league core: input it cannot work with (an unknown
tie-break, a meeting count outside 1..3, a board numbered twice, ...).

A ``ValueError`` with a marked message template and its values apart, like the other pure
cores' errors (``tournaments.formats.errors``, ``chouette.core.errors``), so
``config.refusals.refusal_text`` translates it and the API answers 400.
"""

from __future__ import annotations

from collections.abc import Mapping


class TeamLeagueInputError(ValueError):
    """Input the team-league core refuses. ``message`` is the English template (marked with
    ``gettext_noop``), ``params`` its ``%(name)s`` values; ``str()`` is the filled English."""

    def __init__(self, message: str = "", params: Mapping[str, object] | None = None, *,
                 code: str = "invalid") -> None:
        self.message, self.params, self.code = message, dict(params or {}), code
        super().__init__(self.filled(message))

    @property
    def template(self) -> str:
        """The marked text (``config.refusals.refusal_text`` translates it, then fills it)."""
        return self.message

    def filled(self, template: str) -> str:
        """``template`` (the message or its translation) filled with this error's values."""
        return template % self.params if self.params else template
