"""Which language a page speaks — one rule for every page of a person (and for what is sent
to them: ``accounts.services.language.recipient_language``): the login's choice (kept in
its session from sign-in on), else the club of the page (``/clubs/<slug>/…``, or a page
that says its club: ``club_page``), else the login's home club (its slug kept in the
session), else the browser's (``Accept-Language``, or Django's language cookie).
``<html lang>`` says which."""

from django.utils import translation
from django.utils.cache import patch_vary_headers

from accounts.services.language import (
    HOME_CLUB_KEY,
    SESSION_KEY,
    session_home_club_remember,
)
from clubs.language import club_language

#: Where Django keeps the signed-in login's id in the session.
_AUTH_KEY = "_auth_user_id"


class LanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.session.get(SESSION_KEY, "")
        request.language_chosen = bool(chosen)
        _activate(request, chosen or _home_club_language(request)
                  or translation.get_language_from_request(request))
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if slug := view_kwargs.get("slug"):
            club_page(request, slug=slug)


def club_page(request, *, slug: str) -> None:
    """The page belongs to the club ``slug`` (a page whose URL does not name it: a live
    board, an invitation): it speaks the club's language unless the login chose one."""
    if not getattr(request, "language_chosen", True):
        if language := club_language(slug=slug):
            _activate(request, language)


def _home_club_language(request) -> str:
    session = request.session
    if _AUTH_KEY not in session:
        return ""
    slug = session.get(HOME_CLUB_KEY)
    if slug is None:  # a session from before the home club was kept: once
        slug = session_home_club_remember(session=session, user=request.user)
    return club_language(slug=slug) if slug else ""


def _activate(request, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()
