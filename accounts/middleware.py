"""Which language a page speaks: the login's choice (kept in its session from sign-in on),
else the club's language on the club's pages (``/clubs/<slug>/…``), else the browser's
(``Accept-Language``, or Django's language cookie). ``<html lang>`` says which."""

from django.utils import translation
from django.utils.cache import patch_vary_headers

from accounts.services.language import SESSION_KEY
from clubs.language import club_language


class LanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.session.get(SESSION_KEY, "")
        request.language_chosen = bool(chosen)
        _activate(request, chosen or translation.get_language_from_request(request))
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = view_kwargs.get("slug")
        if slug and not request.language_chosen:
            if language := club_language(slug=slug):
                _activate(request, language)


def _activate(request, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()
