"""The cache on Redis, forgiving: Redis holds nothing here that cannot be worked out again
(pages, the live matches' states, rate limits' counters, settings), so a Redis that is away
makes every read a miss and every write a no-op instead of a 500. The outage is logged once,
with its end (``ops.outage``)."""

import redis.exceptions
from django.core.cache.backends.redis import RedisCache

from ops.outage import outage_failed, outage_ok

#: What a Redis that is away raises (refused, reset, timed out, still loading).
UNREACHABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
               ConnectionError, TimeoutError)


def _forgiving(name: str, default):
    method = getattr(RedisCache, name)

    def call(self, *args, **kwargs):
        try:
            value = method(self, *args, **kwargs)
        except UNREACHABLE as exc:
            outage_failed("cache", exc)
            return default(args, kwargs) if callable(default) else default
        outage_ok("cache")
        return value

    call.__name__ = name
    return call


def _get_default(args, kwargs):
    return kwargs.get("default", args[1] if len(args) > 1 else None)


def _incr_default(args, kwargs):
    return kwargs.get("delta", args[1] if len(args) > 1 else 1)


class ForgivingRedisCache(RedisCache):
    get = _forgiving("get", _get_default)
    set = _forgiving("set", None)
    add = _forgiving("add", False)
    touch = _forgiving("touch", False)
    delete = _forgiving("delete", False)
    get_many = _forgiving("get_many", lambda args, kwargs: {})
    set_many = _forgiving("set_many", lambda args, kwargs: [])
    delete_many = _forgiving("delete_many", None)
    has_key = _forgiving("has_key", False)
    incr = _forgiving("incr", _incr_default)
    clear = _forgiving("clear", False)
