"""A no-op marker for the messages of this package that people read: the extractor of the
project's translations collects the texts wrapped in ``gettext_noop``; the caller outside
this package (no Django here) translates a message's msgid and fills in its values
(``config.texts.StoredText``)."""


def gettext_noop(text: str) -> str:
    return text
