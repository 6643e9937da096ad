"""Admin registrations: referees work here (match records, rulings; chouette reviews)."""

from . import match  # noqa: F401

try:
    from . import chouette  # noqa: F401
except ImportError:  # pragma: no cover - only while the chouette admin does not exist yet
    pass
