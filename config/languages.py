"""The site's languages, read in one place: ``settings.LANGUAGES`` is the list, and the
choices a person picks from (blank first: no language of one's own, the label saying what
decides then) and the check of a chosen code are made here, for the club's, the account's
and any other form or service that offers a language. Read when used, never copied at
import, so a change of the list reaches every form."""

from django.conf import settings


def language_choices(blank_label) -> list[tuple[str, str]]:
    """The site's languages, after a blank choice labelled ``blank_label``."""
    return [("", blank_label), *settings.LANGUAGES]


def language_known(code: str) -> bool:
    """Whether ``code`` is one of the site's languages."""
    return code in dict(settings.LANGUAGES)
