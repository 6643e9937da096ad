"""A no-op marker for the board's words (pure: no Django): ``makemessages`` extracts the
texts marked with it, and the pages translate them with ``gettext`` when they show them."""


def gettext_noop(text: str) -> str:
    return text
