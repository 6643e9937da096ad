"""What every page may ask about the signed-in login, computed only if the page asks."""

from accounts.selectors import two_factor_recommended
from accounts.services.clubs import club_creation_allowed


def two_factor(request) -> dict:
    """``two_factor_recommended``: a callable (the template calls it), so a page that does not
    show the notice costs no query."""
    return {"two_factor_recommended": lambda: two_factor_recommended(user=request.user)}


def club_creation(request) -> dict:
    """``may_start_a_club``: whether the login may start a club (``CLUB_CREATION``), so the
    home page offers the link only to those the page would let in."""
    return {"may_start_a_club": lambda: club_creation_allowed(user=request.user)}
