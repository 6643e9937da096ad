"""Admin registrations: referees work here (match records, checks, violations, rulings)."""

from . import match  # noqa: F401
