"""A no-op translation marker for the pure team-league logic (it imports no Django).

A sentence people read is written ``gettext_noop("...%(name)s...")`` (the extractor of the
project's translations knows the name) with its values apart: the app translates the
template with Django's ``gettext`` and fills the values after it
(``config.refusals.refusal_text`` does both for an error or a :class:`~.problems.Problem`).
"""


def gettext_noop(text: str) -> str:
    """Mark ``text`` for translation; return it unchanged."""
    return text
