"""One mapping of errors to HTTP for every API, and one shape for every 4xx answer.

A service refuses with an exception; every API view answers it the same way, by DRF's
exception handler (settings: ``REST_FRAMEWORK["EXCEPTION_HANDLER"]``), so no view needs
anything of its own. Which status is the one refusal's kind (``config.refusals``), the same
in the pages and their JSON:

- a refusal of the person (``config.refusals.Forbidden``, Django's ``PermissionDenied``,
  and the apps' own "not you" errors built on them, such as
  ``tournaments.services.NotAllowed``): 403;
- a missing object (``Http404``, ``ObjectDoesNotExist``): 404;
- a request decided on a state that has changed since (``config.refusals.Stale``): 409;
- bad input: Django's ``ValidationError``, and every domain error, which in this project
  is a ``ValueError`` (STYLE.md §5: typed errors, all ``ValueError``): 400.

Every 4xx body, whoever raised it (the services, DRF's own checks: sign-in, permissions,
throttling, a page past the end), has one shape, documented in the schema as ``Error``
(``ops.api_schema`` lists each operation's 4xx with it)::

    {"detail": "Why, in words.",
     "errors": {"<field>": ["message", ...], ...}}    # 400 on invalid input only

``detail`` is always there; ``errors`` comes with a 400 for invalid input, one list of
messages per field (``non_field_errors`` for the request as a whole, nested fields as
dotted paths: ``pairs.0``). ``exception_handler`` makes it.

A refusal may add fields to its answer beside the reason (``api_fields``: a dict, e.g. the
legal plays of an illegal play).

It lives on floor 1 (``ops``) so that every app's API may import it; it imports no app.
"""


import re

from django.utils.translation import gettext, gettext_lazy, gettext_noop, ngettext
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from config.refusals import Kind, refused

NON_FIELD = api_settings.NON_FIELD_ERRORS_KEY  # "non_field_errors"
#: The reason of Django's ``get_object_or_404`` (written in English, whatever the language).
NO_MATCH = re.compile(r"No (?P<object>\w+) matches the given query\.")

#: DRF's own messages that our API answers with, word for word as DRF writes them: in the
#: project's catalogue too, so that every language of the site has them (DRF's catalogues
#: lack some of ours) and the pseudo-locale test sees them marked. DRF translates them.
DRF_MESSAGES = (
    gettext_noop("Not found."),
    gettext_noop("Invalid page."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("Invalid input."),
    gettext_noop("Malformed request."),
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
    gettext_noop("Could not satisfy the request Accept header."),
    gettext_noop("JSON parse error - {detail}"),
    gettext_noop("This field is required."),
    gettext_noop("This field may not be null."),
    gettext_noop("This field may not be blank."),
    gettext_noop("A valid integer is required."),
    gettext_noop("A valid number is required."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop('"{input}" is not a valid choice.'),
    gettext_noop('Invalid pk "{pk_value}" - object does not exist.'),
    gettext_noop('Expected a list of items but got type "{input_type}".'),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop("Ensure this value is less than or equal to {max_value}."),
    gettext_noop("Ensure this value is greater than or equal to {min_value}."),
    gettext_noop("Invalid data. Expected a dictionary, but got {datatype}."),
    gettext_noop("CSRF Failed: {reason}"),
)


class BadInput(exceptions.APIException):
    """A request the service refused as it stands (400, with the service's reason)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = gettext_lazy("The request was refused.")
    default_code = "refused"


class Conflict(exceptions.APIException):
    """The request was decided on a state that has changed since (409)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("This changed since: look again.")
    default_code = "conflict"


#: The DRF exception of each kind of refusal (``config.refusals.Kind``).
API_EXCEPTIONS = {Kind.INVALID: BadInput, Kind.FORBIDDEN: exceptions.PermissionDenied,
                  Kind.MISSING: exceptions.NotFound, Kind.STALE: Conflict}


def api_exception(exc: Exception) -> Exception:
    """The DRF exception that answers ``exc`` (``exc`` itself when it is not ours to map:
    DRF's own exceptions, and real faults, which stay a 500)."""
    if isinstance(exc, exceptions.APIException):
        return exc
    refusal = refused(exc)
    if refusal is None:
        return exc
    detail = ({"detail": refusal.reason, **refusal.fields} if refusal.fields
              else refusal.reason or None)
    return API_EXCEPTIONS[refusal.kind](detail)


# --------------------------------------------------------------------------- the shape


@extend_schema_serializer(component_name="Error")
class ErrorOutput(serializers.Serializer):
    """Every 4xx answer of the API."""

    detail = serializers.CharField(help_text="Why, in words.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="400 on invalid input: the messages per field (non_field_errors for the "
                  "request as a whole; a nested field as a dotted path, such as pairs.0).")
    legal_plays = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="A live action's illegal play: the plays that are legal.")


def field_errors(data, path: str = "") -> dict[str, list[str]]:
    """DRF's validation errors (dicts and lists, nested as the serializers are) as one list
    of messages per field, nested fields as dotted paths."""
    if isinstance(data, dict):
        found: dict[str, list[str]] = {}
        for key, value in data.items():
            key = NON_FIELD if key == "detail" and not path else str(key)
            for name, messages in field_errors(value, f"{path}.{key}" if path else key).items():
                found.setdefault(name, []).extend(messages)
        return found
    if isinstance(data, list) and any(isinstance(item, dict | list) for item in data):
        found = {}  # a list of items (many=True): their errors by index
        for index, item in enumerate(data):
            for name, messages in field_errors(item, f"{path}.{index}" if path
                                               else str(index)).items():
                found.setdefault(name, []).extend(messages)
        return found
    messages = data if isinstance(data, list) else [data]
    return {path or NON_FIELD: [str(message) for message in messages]} if messages else {}


def error_body(data, *, invalid: bool) -> dict:
    """The one shape: ``{"detail": ...}``, plus ``errors`` for invalid input."""
    if not invalid and isinstance(data, dict) and "detail" in data:
        return {**data, "detail": str(data["detail"])}
    errors = field_errors(data)
    detail = " ".join(" ".join(messages) if name == NON_FIELD
                      else f"{name}: {' '.join(messages)}" for name, messages in errors.items())
    return {"detail": detail or gettext("Invalid input."), "errors": errors}


def _answer_in_json(request) -> None:
    """An error is a JSON object even where the answer would be a file (the match
    exports' text renderers would write it as an empty body); the browsable API keeps
    its page."""
    renderer = getattr(request, "accepted_renderer", None)
    if renderer is None or renderer.format not in ("json", "api"):
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type


def throttled_detail(wait: int | None) -> str:
    """A 429's reason in the page's language (DRF's own puts the wait into its sentence before
    translating it, so no catalogue has it)."""
    if wait is None:
        return gettext("Request was throttled.")
    return ngettext("Request was throttled. Expected available in %(wait)s second.",
                    "Request was throttled. Expected available in %(wait)s seconds.",
                    wait) % {"wait": wait}


def exception_handler(exc: Exception, context: dict):
    """DRF's handler, answering every view's refusals (``api_exception``) with the one
    shape (a 500 stays Django's)."""
    exc = api_exception(exc)
    if isinstance(exc, exceptions.Throttled) and str(exc.detail).startswith(
            str(exceptions.Throttled.default_detail)):
        exc.detail = exceptions.ErrorDetail(throttled_detail(exc.wait), code="throttled")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    response.data = error_body(response.data,
                               invalid=isinstance(exc, exceptions.ValidationError))
    detail = response.data["detail"]
    if isinstance(detail, str) and (missing := NO_MATCH.fullmatch(detail)):
        # Django's get_object_or_404 writes its reason untranslated.
        response.data["detail"] = gettext("No %(object)s matches the given query.") % {
            "object": missing["object"]}
    if context.get("request") is not None:
        _answer_in_json(context["request"])
    return response
