"""A club's language, asked on every page under ``/clubs/<slug>/`` (by the language
middleware, before the view): kept in the cache per slug, written there whenever the club is
saved, so a page costs no query for it. A change by ``QuerySet.update`` sends no signal: call
``club_language_remember`` after it."""

from django.core.cache import cache

from clubs.models import Club

_TIMEOUT = None  # kept until the cache drops it: a save writes it anew


def _key(slug: str) -> str:
    return f"club-language:{slug}"


def club_language_remember(club: Club) -> None:
    cache.set(_key(club.slug), club.language, _TIMEOUT)


def club_language(*, slug: str) -> str:
    """The language the club chose for its pages (``""``: none; also for no such club)."""
    language = cache.get(_key(slug))
    if language is None:
        language = Club.objects.filter(slug=slug).values_list("language", flat=True).first()
        language = language or ""
        cache.set(_key(slug), language, _TIMEOUT)
    return language
