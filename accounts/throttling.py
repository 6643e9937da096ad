"""Request rates: the API (anonymous and signed-in clients) and the login form.

The rates live in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (set from the environment in
``config/settings.py``). DRF copies that dict onto its throttle classes at import; these
read it when asked, so a settings override (the tests' low or high limits) takes effect.
The history is kept in the default cache: local memory, or Redis when REDIS_URL is set
(then every web process shares it).

Every limit counts per client address, and the address is ``client_address``: the
connection's (``REMOTE_ADDR``) unless ``NUM_PROXIES`` says how many proxies of ours stand
in front, as allauth's own limits read it (``ALLAUTH_TRUSTED_PROXY_COUNT``, set from the
same value). A client's made-up ``X-Forwarded-For`` never picks its own address.
"""

import hashlib

from django.conf import settings
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle


def client_address(request) -> str:
    """The client's address. With no proxy in front (``NUM_PROXIES`` 0, the default) it is
    the connection's, whatever ``X-Forwarded-For`` says. Behind ``NUM_PROXIES`` proxies of
    ours, each appends the address it was reached from to ``X-Forwarded-For``: the client's
    is the NUM_PROXIES-th from the right (what a client wrote itself is further left)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = getattr(settings, "NUM_PROXIES", 0) or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded.strip():
        return remote
    addresses = [part.strip() for part in forwarded.split(",")]
    return addresses[-min(proxies, len(addresses))] or remote


class _RatesFromSettings:
    @property
    def THROTTLE_RATES(self):  # noqa: N802 - the name DRF reads
        return api_settings.DEFAULT_THROTTLE_RATES

    def get_ident(self, request):
        return client_address(request)


class AnonThrottle(_RatesFromSettings, AnonRateThrottle):
    """Anonymous API clients, per IP address (scope ``anon``)."""


class UserThrottle(_RatesFromSettings, UserRateThrottle):
    """Signed-in API clients (session or token), per user (scope ``user``)."""


class UploadThrottle(_RatesFromSettings, UserRateThrottle):
    """Match file uploads through the API, per user (scope ``uploads``): each upload queues
    a rules check, so the rate is stricter than the API's. Bulk imports go through
    ``manage.py import_matches``."""

    scope = "uploads"


class LoginThrottle(_RatesFromSettings, SimpleRateThrottle):
    """Login attempts per address and login (username or email): slows guessing one
    account's password.
    (The password reset form counts per address and email address: ``field = "email"``.)"""

    scope = "login"
    field = "login"  # allauth's sign-in form: a username or an email address

    def get_cache_key(self, request, view):
        username = request.POST.get(self.field, "").strip().lower()
        digest = hashlib.sha256(username.encode()).hexdigest()[:16]
        return self.cache_format % {"scope": self.scope,
                                    "ident": f"{self.get_ident(request)}-{digest}"}


class LoginAddressThrottle(_RatesFromSettings, SimpleRateThrottle):
    """Login attempts per address, whatever the username: slows trying many accounts."""

    scope = "login-ip"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PasswordResetThrottle(LoginThrottle):
    """Reset requests per address and email address (each one may send a mail)."""

    scope = "login"
    field = "email"

    def get_cache_key(self, request, view):
        return "reset-" + super().get_cache_key(request, view)
