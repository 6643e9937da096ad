"""The address a mail's links point to: the site that sent it.

``SITE_URL`` when it is set (behind a proxy, the address members use). Otherwise, while a
request is answered, the scheme and host that request came to — ``request.get_host()``
refuses a Host header not in ``ALLOWED_HOSTS``, so a forged one never reaches a mail (and
with ``*`` among them no request is trusted) — and else ``LISTEN_URL``, the
address bin/serve and bin/web listen on (a worker has no request)."""

from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps

from django.conf import settings
from django.core.exceptions import DisallowedHost

_request_site: ContextVar[str] = ContextVar("request_site", default="")


def site_url() -> str:
    """The site's address, without a trailing slash: ``https://club.example.org``."""
    return settings.SITE_URL or _request_site.get() or settings.LISTEN_URL


def _site_of(request) -> str:
    if "*" in settings.ALLOWED_HOSTS:
        return ""
    try:
        return f"{request.scheme}://{request.get_host()}"
    except DisallowedHost:
        return ""


class SiteMiddleware:
    """Remembers the request's site for the mails made while answering it (``site_url``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request_site.set(_site_of(request))
        try:
            return self.get_response(request)
        finally:
            _request_site.reset(token)


def request_site() -> str:
    """The site of the request being answered (``""``: none, or not trusted): handed to a task
    that mails on the request's behalf (``site_kept``)."""
    return _request_site.get()


@contextmanager
def site_kept(site: str):
    """Within it, ``site_url`` answers ``site`` (a request's, passed to a task) as it did
    for the request."""
    token = _request_site.set(site or "")
    try:
        yield
    finally:
        _request_site.reset(token)


def on_site(service):
    """A service run for a request's sake by a task: ``site=`` (the request's, from
    ``request_site``) is the site its mails link to."""
    @wraps(service)
    def run(*args, site: str = "", **kwargs):
        with site_kept(site):
            return service(*args, **kwargs)
    return run
