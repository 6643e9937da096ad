"""The core's marker for messages shown to users (no Django here): ``gettext_noop`` returns
its text unchanged; the extractor finds the marked texts, and the services translate a
refusal's template (then fill in its values) at the boundary."""


def gettext_noop(text: str) -> str:
    return text
