"""The schema lists every answer an operation can give: its 4xx, in the one error shape of
``ops.api`` (settings: ``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``).

Which 4xx, read from the view as DRF will run it (an operation's own ``extend_schema``
responses win; a view adds one, such as a 409, the same way: ``{409: refusal(409)}``):

- 400: it takes input (a body, or query parameters besides the page), it writes, or its
  view's reads may be refused (``refuses_reads = True``; every view's refusals are mapped
  by the one handler of ``ops.api``, the attribute only documents them);
- 401: it authenticates: a wrong or revoked token is refused;
- 403: someone may be refused: any view but a public (``AllowAny``) read of a viewset;
  the API views' gates refuse the members of other clubs;
- 404: its path names something, or it lists in pages (a page past the end);
- 429: it is throttled (with ``Retry-After``).
"""

import re

from django.urls.converters import get_converters
from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import SAFE_METHODS, AllowAny
from rest_framework.viewsets import GenericViewSet

from .api import ErrorOutput

WHY = {
    "400": "Invalid input (errors names the fields), or a request the service refused.",
    "401": "The token sent is wrong or revoked.",
    "403": "Not signed in, or not allowed (another club's member, not your match...).",
    "404": "Not found (or not yours to see), or a page past the end.",
    "409": "Made from a state that has changed since: read it again and retry.",
    "429": "Too many requests: wait for Retry-After seconds.",
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"},
                               "description": "Seconds to wait before trying again."}}
NOT_INPUT = {"page", "format"}
ROUTE_PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>\w+)>")


def refusal(code: int) -> OpenApiResponse:
    """A 4xx in the one shape, for an operation's ``extend_schema(responses=...)``."""
    return OpenApiResponse(ErrorOutput, description=WHY[str(code)])


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        self.bound_path_parameters(operation)
        responses = operation["responses"]
        for code in self.error_codes(operation):
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    refusal(code), code, media_types=["application/json"])
                if code == "429":
                    responses[code]["headers"] = RETRY_AFTER
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def bound_path_parameters(self, operation: dict) -> None:
        """A path parameter takes what its URL converter matches, no more: an ``<int:pk>``
        is 0 or more, an ``<id:pk>`` 1 to 2**63-1, a ``<slug:slug>`` matches the slug
        pattern (anything else is no operation of the API, answered by the site's 404
        page)."""
        converters = {match["name"]: match["converter"] or "str"
                      for match in ROUTE_PARAMETER.finditer(self.path_regex)}
        for parameter in operation.get("parameters", []):
            name = parameter["name"]
            converter = converters.get("pk" if name == "id" and "pk" in converters else name)
            if parameter["in"] != "path" or converter not in get_converters():
                continue
            if parameter["schema"].get("type") == "integer":
                # <id:pk> (config/converters.py) is a database id: 1..2**63-1.
                bounds = (1, 2**63 - 1) if converter == "id" else (0, None)
                parameter["schema"]["minimum"] = bounds[0]
                if bounds[1] is not None:
                    parameter["schema"]["maximum"] = bounds[1]
            elif "enum" not in parameter["schema"]:
                parameter["schema"]["pattern"] = f"^{get_converters()[converter].regex}$"

    def error_codes(self, operation: dict) -> list[str]:
        view, codes = self.view, []
        queries = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        if ("requestBody" in operation or queries - NOT_INPUT
                or getattr(view, "refuses_reads", False) or self.method not in SAFE_METHODS):
            codes.append("400")
        if view.authentication_classes:
            codes.append("401")
        public_read = (isinstance(view, GenericViewSet) and self.method in SAFE_METHODS
                       and all(p is AllowAny for p in view.permission_classes))
        if not public_read:
            codes.append("403")
        if "{" in self.path or "page" in queries:
            codes.append("404")
        if view.throttle_classes:
            codes.append("429")
        return codes
