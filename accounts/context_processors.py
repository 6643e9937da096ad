"""What every page may ask about the signed-in login, computed only if the page asks."""

from accounts.selectors import two_factor_recommended


def two_factor(request) -> dict:
    """``two_factor_recommended``: a callable (the template calls it), so a page that does not
    show the notice costs no query."""
    return {"two_factor_recommended": lambda: two_factor_recommended(user=request.user)}
