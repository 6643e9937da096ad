"""Pages rendered once per version of what they show (the part below the site's top bar).

A club's pages at club scale cost their rendering more than their queries (a table of 25
rows through the template engine is ~10 ms on the development machine, a minimal page
~2.5 ms). A page whose content changes only when something lands (a result, a chouette
game, a payment) renders that content once per *version* of it and keeps it in the cache;
each request then renders only the site's frame around it (``base.html``: the user's name,
the log-out form), as the rating pages do (``clubs.views.ratings``).

The caller gives the key: what the content depends on (the version of the data it shows,
the viewer's flags such as "may write"). The key also holds, on its own:

- the club's *stamp*: a token in the cache that a rename or a membership change replaces
  (``club_stamp_bump``, from ``clubs.signals``), so that names and roles are never stale;
- whether the viewer is signed in, the page's language, and the request's full path (page
  numbers, filters).

The page's template extends ``part_frame|default:"base.html"``: rendered with it set to
``includes/_bare.html`` it gives its blocks between markers, and the frame
(``includes/_cached_frame.html``) puts them back. A part is rendered with a placeholder for
the CSRF token (its forms), which each request replaces with the viewer's own token.

The keys' versions are read by raw queries through one helper (:func:`version_read`): a
key is asked on every request, and compiling its query through the ORM cost more than
the kept page it keys (each builder's docstring has its measurement).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Sequence

from django.contrib import messages
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Model
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

#: How long a part is kept (a version key changes long before, in a busy club).
PAGE_SECONDS = 3600
BARE = "includes/_bare.html"
FRAME = "includes/_cached_frame.html"
MARK = "<!-- part -->"
BLOCKS = ("title", "head", "nav", "content", "scripts")
#: What ``{% csrf_token %}`` writes in a cached part, replaced by the viewer's token.
TOKEN = "csrf-token-of-the-viewer-9c1e"


def _stamp_key(club_id: int) -> str:
    return f"pages:stamp:{club_id}"


def club_stamp(club) -> str:
    """The club's current stamp: a new one when the cache lost it (nothing stale is read)
    or when it belongs to an earlier club of the same id (it carries the creation time)."""
    cached = cache.get(_stamp_key(club.pk))
    if cached is not None and cached[0] == club.created_at:
        return cached[1]
    stamp = uuid.uuid4().hex[:12]
    cache.set(_stamp_key(club.pk), (club.created_at, stamp), None)
    return stamp


def club_stamp_bump(club_ids: Iterable[int]) -> None:
    """Names or roles changed in these clubs: their cached parts are left, and the lists
    across clubs (the site's stamp). Now, and again after the commit (a page built
    meanwhile from the rows before it is left too)."""
    keys = [_stamp_key(pk) for pk in {0, *club_ids}]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


Build = Callable[[], tuple[str, dict]]


def cached_page(request, club, key: str | None, build: Build, *,
                seconds: int = PAGE_SECONDS) -> HttpResponse:
    """The page ``build()`` describes (template, context), its part below the top bar
    rendered once per ``key`` (None: rendered every time, as with messages to show).
    ``club`` None: a page across clubs (a federation's), kept per the site's stamp."""
    if key is None or len(messages.get_messages(request)):
        return render(request, *build())
    owner, stamp = (club.pk, club_stamp(club)) if club is not None else (0, site_stamp())
    described = (f"{owner}:{stamp}:{key}:{int(request.user.is_authenticated)}:"
                 f"{get_language()}:{request.get_full_path()}")
    # Hashed: versions hold times (spaces), paths any character; memcached takes neither.
    full_key = f"pages:{owner}:{hashlib.sha256(described.encode()).hexdigest()}"
    parts = cache.get(full_key)
    if parts is None:
        template, context = build()
        html = render_to_string(template, {**context, "part_frame": BARE, "csrf_token": TOKEN},
                                request)
        parts = html.split(MARK)
        if len(parts) != len(BLOCKS):
            raise ValueError(f"{template} does not extend part_frame|default:'base.html'")
        cache.set(full_key, parts, seconds)
    if any(TOKEN in part for part in parts):
        token = get_token(request)
        parts = [part.replace(TOKEN, token) for part in parts]
    return render(request, FRAME, {
        "club": club,
        **{block: mark_safe(part)  # noqa: S308 - our own templates' output
           for block, part in zip(BLOCKS, parts, strict=True)}})


# --------------------------------------------------------------------------- versions


def version_sql(sql: str, **tables: type[Model]) -> str:
    """``sql`` with each ``{name}`` replaced by the quoted table of the model passed as
    ``name`` (``version_sql("SELECT MAX(id) FROM {seats}", seats=ChouetteSeat)``)."""
    quote = connection.ops.quote_name
    return sql.format(**{name: quote(model._meta.db_table) for name, model in tables.items()})


def version_read(sql: str, params: Sequence = (), *, many: bool = False,
                 **tables: type[Model]):
    """The row (``many``: every row) of the raw query a page-cache key's version is read
    by; ``sql`` names its tables as :func:`version_sql` does."""
    with connection.cursor() as cursor:
        cursor.execute(version_sql(sql, **tables), list(params))
        return cursor.fetchall() if many else cursor.fetchone()


# --------------------------------------------------------------------------- the API


def _hashed(prefix: str, described: str) -> str:
    return f"{prefix}:{hashlib.sha256(described.encode()).hexdigest()}"


def site_stamp() -> str:
    """The stamp of lists across clubs (clubs, players): any club's bump replaces it too."""
    stamp = cache.get(_stamp_key(0))
    if stamp is None:
        stamp = uuid.uuid4().hex[:12]
        cache.set(_stamp_key(0), stamp, None)
    return stamp


def cached_answer(request, key: str, make: Callable[[], object], *, club=None,
                  seconds: int = PAGE_SECONDS) -> HttpResponse:
    """An API answer made once per ``key`` (the version of what it shows), language, and the
    request's host and path (pagination links are absolute); with ``club``, its stamp too (names),
    else the site's stamp. Kept as JSON too: a JSON client gets the bytes as they were
    rendered (rendering a list of 500 rows again cost more than the rest of the request);
    the browsable API renders the data as usual."""
    stamp = club_stamp(club) if club is not None else site_stamp()
    full_key = _hashed("api", f"{stamp}:{key}:{get_language()}:{request.get_host()}:"
                              f"{request.get_full_path()}")
    kept = cache.get(full_key)
    if kept is None:
        data = make()
        kept = (data, JSONRenderer().render(data))
        cache.set(full_key, kept, seconds)
    if getattr(request, "accepted_renderer", None) is not None and \
            request.accepted_renderer.format == "json":
        return HttpResponse(kept[1], content_type="application/json")
    return Response(kept[0])


class CachedListMixin:
    """A read-only API list (a DRF ``ListModelMixin``) kept per ``list_version()``: the page
    is read, paginated and serialized once per version (None: every time)."""

    def list_version(self) -> str | None:
        return None

    def list(self, request, *args, **kwargs):
        version = self.list_version()
        if version is None:
            return super().list(request, *args, **kwargs)
        parent = super()
        return cached_answer(request, f"{type(self).__name__}:{version}",
                             lambda: parent.list(request, *args, **kwargs).data)
