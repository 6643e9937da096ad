"""A problem found in a draw, a line-up or a season's end: reported, not raised.

Each carries a stable ``code`` (for machines and tests), the English ``message`` template
marked with ``gettext_noop`` (the msgid) and its ``params``. The app translates the
template and fills it: ``gettext(p.template) % p.params`` or ``p.filled(gettext(p.template))``
(the same shape as the pure cores' errors, so ``config.refusals.refusal_text(p)`` works too);
``str(p)`` is the English text. A Problem unpacks as ``(message, params)``, the (msgid,
params) pair.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def template(self) -> str:
        """The msgid (the app translates it, then fills it with ``params``)."""
        return self.message

    def filled(self, template: str) -> str:
        """``template`` (the message or its translation) filled with ``params``."""
        return template % dict(self.params) if self.params else template

    def __str__(self) -> str:
        return self.filled(self.message)

    def __iter__(self) -> Iterator[object]:
        """``msgid, params = problem``."""
        return iter((self.message, dict(self.params)))
