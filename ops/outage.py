"""The courtesies after a commit: a push to the pages following a change (the channel layer)
and a task sent to a worker (the broker), both on Redis in production. The database holds the
record; these only make it known sooner. So neither may fail a request whose change is
committed: each goes through one helper here, which swallows the failure, and each has its
catch-up (the boards read the match over HTTP while their socket is closed or silent; each
kind of queued work has a periodic requeue: rules checks, analyses, mails, ratings, and the
notifications' periodic look).

A failure is logged once per outage, not once per request (an outage of 15 s at a club
night's pace used to write 754 tracebacks): the first failure of a part ("channel layer",
"broker", "cache") says it is down, with the error; the first success after says it is back,
with how many sends it missed meanwhile.
"""

import logging
import threading
import time

from django.db import transaction

log = logging.getLogger("bgclub.outage")

_lock = threading.Lock()
#: part -> (monotonic time it went down, sends missed since)
_down: dict[str, list] = {}


def outage_failed(part: str, exc: BaseException) -> None:
    """A send to ``part`` failed: logged at the first failure of an outage, counted after."""
    with _lock:
        state = _down.get(part)
        if state is not None:
            state[1] += 1
            return
        _down[part] = [time.monotonic(), 1]
    log.error("%s down (%s: %s): the site goes on without it; what it misses is caught up "
              "later", part, type(exc).__name__, exc)


def outage_ok(part: str) -> None:
    """A send to ``part`` went through: if it was down, say once that it is back."""
    if part not in _down:  # the common case, no lock
        return
    with _lock:
        state = _down.pop(part, None)
    if state is not None:
        log.warning("%s back after %.1f s (%d sends missed, caught up by the periodic looks "
                    "and the boards' reads)", part, time.monotonic() - state[0], state[1])


def outage_parts() -> list[str]:
    """The parts this process found down at their last send (for /healthz)."""
    return sorted(_down)


def push(group: str, message: dict) -> bool:
    """``group_send`` on the channel layer, now; False (logged once per outage) if it failed.
    A page that misses it reads the match over HTTP meanwhile."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception as exc:  # noqa: BLE001 - any failure of the layer: a courtesy missed
        outage_failed("channel layer", exc)
        return False
    outage_ok("channel layer")
    return True


def enqueue(task, *args, kwargs: dict | None = None, **options) -> bool:
    """Send ``task`` with ``args`` (and the task's ``kwargs``) to a worker now (``delay``, or
    ``apply_async`` with ``options``); False (logged once per outage) if the broker would not
    take it. The caller's periodic requeue sends it again later: its row says the work is
    still to do."""
    try:
        if options:
            task.apply_async(args, kwargs, **options)
        else:
            task.delay(*args, **(kwargs or {}))
    except Exception as exc:  # noqa: BLE001 - any broker failure: the requeue sends it later
        outage_failed("broker", exc)
        return False
    outage_ok("broker")
    return True


def enqueue_on_commit(task, *args, kwargs: dict | None = None, **options) -> None:
    """``enqueue`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: enqueue(task, *args, kwargs=kwargs, **options))


def push_on_commit(group: str, message: dict) -> None:
    """``push`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: push(group, message))


class LayerOutageFilter(logging.Filter):
    """On channels_redis' pub/sub logger (config/settings.py's LOGGING): its receive loop logs
    a traceback every second while Redis is away (30 in a 15 s outage with two processes);
    a connection error there is counted as the channel layer's outage instead (one line), any
    other record passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, (ConnectionError, TimeoutError, OSError)) or (
                exc is not None and type(exc).__module__.startswith("redis")):
            outage_failed("channel layer", exc)
            return False
        return True
