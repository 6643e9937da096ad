"""One mapping of domain errors to HTTP for every API (HackSoft's ``ApiErrorsMixin`` shape).

A service refuses with an exception; every API view answers it the same way, with the
reason as ``{"detail": ...}``:

- a refusal of the person (Django's ``PermissionDenied``, and the apps' own "not you"
  errors built on it, such as ``tournaments.services.NotAllowed``): 403;
- a missing object (``Http404``, ``ObjectDoesNotExist``): 404;
- a request decided on a state that has changed since (``ConflictError``): 409;
- bad input: Django's ``ValidationError``, and every domain error, which in this project
  is a ``ValueError`` (STYLE.md §5: typed errors, all ``ValueError``): 400.

A domain error may add fields to its answer beside the reason (``api_fields``: a dict,
e.g. the legal plays of an illegal play).

It lives on floor 1 (``ops``) so that every app's API may import it; it imports no app.
"""

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status


class BadInput(exceptions.APIException):
    """A request the service refused as it stands (400, with the service's reason)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "The request was refused."
    default_code = "refused"


class Conflict(exceptions.APIException):
    """The request was decided on a state that has changed since (409)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "This changed since: look again."
    default_code = "conflict"


class ConflictError(ValueError):
    """A domain error: the request was decided on a state that has changed since (a stale
    version); nothing was changed."""


def _reason(exc: Exception) -> str | None:
    if isinstance(exc, DjangoValidationError):
        return " ".join(exc.messages)
    return str(exc) or None


def api_exception(exc: Exception) -> Exception:
    """The DRF exception that answers ``exc`` (``exc`` itself when it is not ours to map:
    DRF's own exceptions, and real faults, which stay a 500)."""
    if isinstance(exc, exceptions.APIException):
        return exc
    if isinstance(exc, PermissionDenied):  # checked first: a "not you" may be a ValueError
        return exceptions.PermissionDenied(_reason(exc))
    if isinstance(exc, Http404 | ObjectDoesNotExist):
        return exceptions.NotFound(_reason(exc))
    if isinstance(exc, ConflictError):
        return Conflict(_detail(exc))
    if isinstance(exc, DjangoValidationError | ValueError):
        return BadInput(_detail(exc))
    return exc


def _detail(exc: Exception):
    fields = getattr(exc, "api_fields", None)
    return {"detail": _reason(exc), **fields} if fields else _reason(exc)


class ApiErrorsMixin:
    """Put first in an API view's bases: the services' refusals become 403, 404 or 400."""

    def handle_exception(self, exc):
        return super().handle_exception(api_exception(exc))
