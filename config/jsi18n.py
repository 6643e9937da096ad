"""The JavaScript catalog (``/jsi18n/``): the strings of the pages' scripts in the page's
language (``gettext``, ``ngettext``, ``interpolate`` for ``static/js``).

Every page loads it (``base.html``, in ``<head>``), signed in or not, so it is cheap: a
language's catalog is built once per version of the compiled catalogues (Django's cache,
keyed by the language and the ``djangojs.mo`` files' times) and answered with an ETag. The
page names its language (``?lang=``: a club's page may speak the club's). The browser asks
again on every page (``no-cache``) and gets a 304 without a body. It needs no session, no
CSRF token and no throttle: nothing stands before it but the language middleware."""

import hashlib
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language
from django.views.i18n import JavaScriptCatalog

#: How long a built catalog is kept (a new compile changes the key long before).
KEEP = 24 * 3600


def catalog_stamp() -> str:
    """The versions of the compiled JavaScript catalogues (their files' times and sizes)."""
    stamps = []
    for directory in settings.LOCALE_PATHS:
        for path in sorted(Path(directory).glob("*/LC_MESSAGES/djangojs.mo")):
            status = path.stat()
            stamps.append(f"{path.parent.parent.name}:{status.st_mtime_ns}:{status.st_size}")
    return hashlib.sha256("|".join(stamps).encode()).hexdigest()[:16]


class CachedJavaScriptCatalog(JavaScriptCatalog):
    """Django's catalog, built once per language and catalogue version, with an ETag."""

    def get(self, request, *args, **kwargs):
        # The page names its language (``?lang=``): a club's page speaks the club's, which
        # the catalog's own request (no club in its URL) would not know.
        language = request.GET.get("lang", "")
        if language in dict(settings.LANGUAGES):
            with translation.override(language):
                response = self._catalog(request, *args, **kwargs)
            response["Content-Language"] = language
            return response
        return self._catalog(request, *args, **kwargs)

    def _catalog(self, request, *args, **kwargs):
        key = f"jsi18n:{get_language()}:{catalog_stamp()}"
        built = cache.get(key)
        if built is None:
            response = super().get(request, *args, **kwargs)
            built = (response.content, response["Content-Type"])
            cache.set(key, built, KEEP)
        content, content_type = built
        etag = f'"{hashlib.sha256(content).hexdigest()[:32]}"'
        response = HttpResponse(content, content_type=content_type)
        response["ETag"] = etag
        patch_cache_control(response, no_cache=True)
        return get_conditional_response(request, etag=etag, response=response)
