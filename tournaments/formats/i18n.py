"""A no-op marker for the messages of this package that people read: the extractor of the
project's translations collects the texts wrapped in ``gettext_noop``; the caller outside
this package (no Django here) translates ``error.message`` and fills in ``error.values``."""


def gettext_noop(text: str) -> str:
    return text
