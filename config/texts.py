"""A sentence kept untranslated and translated whenever it is shown or mailed.

A notification, a report's note or a match's flag is stored once but read in each reader's
language (which they may change later), and a mail is written in its recipient's: so the
row keeps the English sentence (the msgid) and its values, not a rendered text.
``StoredText.gettext("%(name)s won", name=...)`` (or ``.ngettext(singular, plural, count,
...)``, ``.pgettext(context, msgid, ...)``) marks the sentence for the extractor; ``str()``
translates it in the active language, its values formatted there too (a ``Decimal`` with
two decimals, a date or a time in the language's format). ``as_json`` / ``from_json`` are
its stored form (``Notification.message``, ``ResultReport.note_message``,
``Round.name_message``…); ``english`` is the text a row's plain column keeps (what code
and exports read).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.utils import formats, timezone, translation
from django.utils.translation import gettext, ngettext, pgettext


def _store(value):
    if texts := stored(value):  # a sentence inside a sentence (a report's note in a notice)
        return {"texts": texts}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, datetime.datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"date": value.isoformat()}
    if isinstance(value, (int, float, str)) or value is None:
        return value
    return str(value)


def _shown(value):
    """A stored value as the active language writes it."""
    if not isinstance(value, dict):
        return "" if value is None else value
    if "texts" in value:
        return shown(value["texts"], "")
    if "decimal" in value:
        return formats.number_format(Decimal(value["decimal"]), 2)
    if "datetime" in value:
        when = datetime.datetime.fromisoformat(value["datetime"])
        if timezone.is_aware(when):
            when = timezone.localtime(when)
        return formats.date_format(when, "SHORT_DATETIME_FORMAT")
    if "date" in value:
        return formats.date_format(datetime.date.fromisoformat(value["date"]), "DATE_FORMAT")
    return ""


class StoredText:
    def __init__(self, msgid: str, plural: str = "", count: int | None = None, *,
                 context: str = "", **params):
        self.msgid, self.plural, self.count, self.context = msgid, plural, count, context
        self.params = {name: _store(value) for name, value in params.items()}

    @classmethod
    def gettext(cls, msgid: str, **params) -> StoredText:
        """The sentence ``msgid`` with its ``%(name)s`` values (marked for the extractor)."""
        return cls(msgid, **params)

    @classmethod
    def pgettext(cls, context: str, msgid: str, **params) -> StoredText:
        """A sentence with a context (a word that reads differently elsewhere)."""
        return cls(msgid, context=context, **params)

    @classmethod
    def ngettext(cls, singular: str, plural: str, count: int, **params) -> StoredText:
        """A sentence with a count: singular or plural as the language wants."""
        return cls(singular, plural, count, **params)

    def __str__(self) -> str:
        if self.plural:
            text = ngettext(self.msgid, self.plural, self.count)
        elif self.context:
            text = pgettext(self.context, self.msgid)
        else:
            text = gettext(self.msgid)
        values = {name: _shown(value) for name, value in self.params.items()}
        try:
            return text % values if values or self.plural else text
        except (KeyError, ValueError, TypeError):  # a broken translation: the English
            source = self.plural if self.plural and self.count != 1 else self.msgid
            return source % values if values else source

    def __repr__(self) -> str:
        return f"StoredText({self.msgid!r})"

    def as_json(self) -> dict:
        stored = {"msgid": self.msgid, "params": self.params}
        if self.plural:
            stored.update(plural=self.plural, count=self.count)
        if self.context:
            stored["context"] = self.context
        return stored

    @classmethod
    def from_json(cls, stored: dict) -> StoredText:
        text = cls(stored.get("msgid", ""), stored.get("plural", ""), stored.get("count"),
                   context=stored.get("context", ""))
        text.params = dict(stored.get("params") or {})
        return text


def render(value, separator: str = " ") -> str:
    """A text as the active language writes it: a plain string as it is, a StoredText
    translated, a list of them joined by ``separator``."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return separator.join(render(part) for part in value)
    return str(value)


def stored(value) -> list[dict]:
    """A text's stored form (``[]`` for a plain string: it is kept as it was written)."""
    if isinstance(value, StoredText):
        return [value.as_json()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, StoredText) for v in value):
        return [v.as_json() for v in value]
    return []


def english(value) -> str:
    """A text as English writes it (the plain column beside a stored message)."""
    with translation.override("en"):
        return render(value)


def restored(message: list[dict], fallback: str):
    """A stored message as sentences again (to put inside another), else ``fallback``."""
    return [StoredText.from_json(part) for part in message] if message else fallback


def shown(message: list[dict], fallback: str) -> str:
    """A stored notice in the active language (``fallback``, its text, for a row from
    before notices kept their sentences)."""
    return render(restored(message, fallback))
