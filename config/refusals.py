"""One refusal: a typed error carrying its reason and its kind, and one reading of any error
as a refusal (``refused``), which the three doors answer the same way: the API (``ops.api``,
DRF's exception handler: every view), the pages (``config.views_refusals.refusal_page``) and
the pages' JSON (``config.views_refusals.refusal_json``).

The kinds and their status, the same wherever a refusal is raised or answered:

==========  ======  ==========================================================
kind        status  raised as
==========  ======  ==========================================================
invalid     400     ``Refusal``; any domain ``ValueError`` (STYLE.md §5: typed
                    errors, all ``ValueError``); Django's ``ValidationError``
forbidden   403     ``Forbidden``; Django's ``PermissionDenied`` (checked first:
                    a "not you" may also be a ``ValueError``)
missing     404     ``Http404``, ``ObjectDoesNotExist``
stale       409     ``Stale``: decided on a version that is no longer the
                    current one (a live board, a chouette scoreboard); nothing
                    was changed
==========  ======  ==========================================================

A reason is a sentence: a ``config.texts.StoredText`` (translated whenever it is shown), a
text already translated, or a pure core's error (the rules engine, the chouette core, the
tournament formats, the live core: no Django there), which carries its English ``template``
(marked with ``gettext_noop``) and fills it with ``filled(template)``: ``refusal_text`` translates
the template, then fills it (the one translator of the three cores' errors).

A refusal may add fields to its answers beside the reason (``fields``: a dict, e.g. the
legal plays of an illegal play).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from django.utils.translation import gettext

from config.texts import StoredText, render


class Kind(enum.IntEnum):
    """What refuses, as its HTTP status."""

    INVALID = 400
    FORBIDDEN = 403
    MISSING = 404
    STALE = 409


class Refusal(ValueError):
    """A request refused by a rule: ``reason`` (a sentence) says why, ``kind`` how it is
    answered. ``str()`` is the reason in the active language."""

    kind: Kind = Kind.INVALID

    def __init__(self, reason: str | StoredText = "", *, fields: dict | None = None) -> None:
        self.reason = reason
        self.fields = dict(fields or {})
        super().__init__(reason)

    def __str__(self) -> str:
        return render(self.reason)

    @property
    def api_fields(self) -> dict:  # ops.api's name for the fields beside the reason
        return self.fields


class Forbidden(Refusal, PermissionDenied):
    """Not from this person (403): the request may be fine from someone else."""

    kind = Kind.FORBIDDEN


class Stale(Refusal):
    """Decided on a state that has changed since (409): nothing was changed; read again."""

    kind = Kind.STALE


@dataclass(frozen=True)
class Refused:
    """An error read as a refusal: its status, its reason in the active language, and the
    fields its answers add."""

    kind: Kind
    reason: str
    fields: dict = field(default_factory=dict)

    @property
    def status(self) -> int:
        return int(self.kind)

    @property
    def stale(self) -> bool:
        return self.kind is Kind.STALE


def refusal_text(exc: Exception) -> str:
    """An error's reason in the active language."""
    if isinstance(exc, ValidationError):
        return " ".join(exc.messages)
    template = getattr(exc, "template", None)
    if template and callable(getattr(exc, "filled", None)):  # a pure core's error
        marked = getattr(exc, "marked", ())
        if marked:  # values that are marked sentences too: translated before filling
            params = {name: gettext(value) if name in marked else value
                      for name, value in exc.params.items()}
            return gettext(template) % params
        return exc.filled(gettext(template))
    return str(exc)


def kind_of(exc: Exception) -> Kind | None:
    """The kind of refusal ``exc`` is, or None for a fault (a 500)."""
    if isinstance(exc, PermissionDenied):
        return Kind.FORBIDDEN
    if isinstance(exc, Http404 | ObjectDoesNotExist):
        return Kind.MISSING
    if isinstance(exc, Refusal):
        return exc.kind
    if isinstance(exc, ValidationError | ValueError):
        return Kind.INVALID
    return None


def refused(exc: Exception) -> Refused | None:
    """``exc`` read as a refusal (None: it is a fault, left to be a 500)."""
    kind = kind_of(exc)
    if kind is None:
        return None
    fields = getattr(exc, "api_fields", None)
    return Refused(kind, refusal_text(exc), dict(fields) if isinstance(fields, dict) else {})
