"""A no-op translation marker for the pure chouette logic (it imports no Django).

A refusal shown to users is raised with a message template marked ``gettext_noop(...)``
(the extractor recognises the name) and its values apart, as ``%(name)s`` placeholders: the
web layer translates the template with Django's ``gettext`` and fills the values after it
(``config.refusals.refusal_text``). ``str(error)`` stays the English text.
"""


def gettext_noop(text: str) -> str:
    """Mark ``text`` for translation; return it unchanged."""
    return text
