"""A login's language, chosen on its account page: kept with the login, and in its session
from sign-in on (so the language middleware asks no query on each page)."""

from django.conf import settings

from accounts.models import AccountPreference

#: The session's copy of the login's choice (absent: none chosen).
SESSION_KEY = "account_language"


class LanguageError(ValueError):
    """Not one of the site's languages."""


def account_language(*, user) -> str:
    """The login's chosen language (``""``: none)."""
    return AccountPreference.objects.filter(user=user).values_list(
        "language", flat=True).first() or ""


def session_language_remember(*, session, language: str) -> None:
    if language:
        session[SESSION_KEY] = language
    else:
        session.pop(SESSION_KEY, None)


def account_language_set(*, user, language: str, session=None) -> AccountPreference:
    """Choose the login's language (``""``: the club's, else the browser's)."""
    if language and language not in dict(settings.LANGUAGES):
        raise LanguageError("Choose one of the site's languages.")
    preference, _ = AccountPreference.objects.update_or_create(
        user=user, defaults={"language": language})
    if session is not None:
        session_language_remember(session=session, language=language)
    return preference
