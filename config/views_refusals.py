"""The pages' two answers to a refusal (``config.refusals``), with its kind's status (the
API's is ``ops.api``): a page saying why (``refusal_page``: a "not you" is a 403 page, never
a message on a page the person may not act on), and the JSON a page's script reads
(``refusal_json``: ``ok``, ``message``, ``stale``, the refusal's fields)."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render

from config.refusals import Refused, refused


def _refused(exc: Exception) -> Refused:
    found = refused(exc)
    if found is None:  # a fault is not a refusal: let it be the 500 it is
        raise exc
    return found


def refusal_json(exc: Exception, **extra) -> JsonResponse:
    """A page script's answer to a refused request: why (``message``), whether the page was
    behind (``stale``: 409), the refusal's own fields and the caller's ``extra`` (the
    board's html, its version), with the kind's status."""
    found = _refused(exc)
    return JsonResponse({"ok": False, "message": found.reason, "stale": found.stale,
                         **found.fields, **extra}, status=found.status)


def refusal_page(request, exc: Exception, *, back_name: str, back_url: str,
                 **context) -> HttpResponse:
    """A page saying why the request was refused, with a way back, and the kind's status."""
    found = _refused(exc)
    return render(request, "refused.html", {
        **context, "reason": found.reason, "back_name": back_name, "back_url": back_url},
        status=found.status)
