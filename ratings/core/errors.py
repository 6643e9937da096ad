"""The one error type of the ratings package: bad input, a ValueError."""


class RatingInputError(ValueError):
    """A match, setting or snapshot the rating arithmetic cannot use (message says which)."""
