"""Path converters shared by the apps' URLconfs.

``<id:pk>``: a database id. Django's ``int`` takes any run of digits, and an id beyond the
64-bit column (``/matches/9223372036854775808/``) reached the database as an OverflowError
(a 500). This one takes only 1..2**63-1, so anything else is simply not a page (404).
"""

from django.urls import register_converter
from rest_framework.routers import DefaultRouter, SimpleRouter

#: The largest value a BigAutoField (a signed 64-bit column) holds.
MAX_ID = 2**63 - 1


class IdConverter:
    """A database id: digits whose value is 1..2**63-1 (anything else: no match, a 404)."""

    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValueError(f"{value} is not a database id")
        return number

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(IdConverter, "id")


class IdRoutes:
    """For a DRF router: the detail routes take ``<id:pk>`` (Django paths, not regexes), so
    ``/api/players/99999999999999999999/`` is a 404 like the pages'. A viewset may name
    another converter with ``lookup_value_converter``."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("use_regex_path", False)
        super().__init__(*args, **kwargs)
        if not self._use_regex:
            self._default_value_pattern = "id"


class IdRouter(IdRoutes, SimpleRouter):
    """SimpleRouter whose detail routes take database ids only."""


class IdDefaultRouter(IdRoutes, DefaultRouter):
    """DefaultRouter (with the API root) whose detail routes take database ids only."""
