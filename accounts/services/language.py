"""One language per person, for every page, mail and notice: their own choice (on the
account page), else their club's — the club of the page or of the mail, else their home
club (the first club they joined that chose a language) — else the browser's (a mail: the
site's). The login's choice and its home club go into its session at sign-in (so the
language middleware asks no query on each page); ``recipient_language`` answers for what
is sent to someone (mails and notices)."""

from django.conf import settings
from django.utils.translation import gettext

from accounts.models import AccountPreference
from accounts.selectors import login_with_verified_address
from clubs.models import Club, Membership
from config.languages import language_known

#: The session's copy of the login's choice (absent: none chosen).
SESSION_KEY = "account_language"
#: The session's copy of the login's home club's slug (``""``: none; absent: not asked yet).
HOME_CLUB_KEY = "home_club"


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
    if language and not language_known(language):
        raise LanguageError(gettext("Choose one of the site's languages."))
    preference, _ = AccountPreference.objects.update_or_create(
        user=user, defaults={"language": language})
    if session is not None:
        session_language_remember(session=session, language=language)
    return preference


def _club_language_of(club) -> str:
    if club is None:
        return ""
    if isinstance(club, Club):
        return club.language or ""
    return Club.objects.filter(pk=club).values_list("language", flat=True).first() or ""


def _home_club(user):
    return (Membership.objects.active().of_user(user).exclude(club__language="")
            .order_by("joined_at", "pk"))


def home_club_slug(*, user) -> str:
    """The login's home club for its language: the first club (by joining) of its player
    that chose a language (``""``: none)."""
    return _home_club(user).values_list("club__slug", flat=True).first() or ""


def session_home_club_remember(*, session, user) -> str:
    slug = home_club_slug(user=user)
    session[HOME_CLUB_KEY] = slug
    return slug


def _clubs_language_of(user) -> str:
    """The language of the login's home club (``home_club_slug``)."""
    return _home_club(user).values_list("club__language", flat=True).first() or ""


def recipient_language(*, user=None, email: str = "", club=None) -> str:
    """The language of a mail (or a notice) to ``user`` — or, with no login given, to the
    login holding ``email``, if any — sent for ``club`` (a Club, its id, or None): the
    login's own choice, else the club's language, else its home club's (``home_club_slug``),
    else the site's (``LANGUAGE_CODE``): the rule the pages follow (accounts.middleware).
    The one answer to "which language for this person": the outbox's mails, the notices,
    invitations and allauth's mails all ask it."""
    if user is None and email:
        user = login_with_verified_address(email=email)
    if user is not None and getattr(user, "pk", None):
        if chosen := account_language(user=user):
            return chosen
    if club_language_ := _club_language_of(club):
        return club_language_
    if user is not None and getattr(user, "pk", None):
        if language := _clubs_language_of(user):
            return language
    return settings.LANGUAGE_CODE
