"""Admin registrations: referees work here (match records, checks, violations, rulings);
club admins read their zips of match files."""

from . import bulk, match  # noqa: F401
