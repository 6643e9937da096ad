"""A person's name as compared, not as written: the one folding every reader of names uses
(a zip of match files naming the club's players, the pairs that may be one person)."""

import unicodedata


def name_key(name: str) -> str:
    """The name without case, accents or repeated spaces ("Zoë  Ørsted" ~ "zoe ørsted")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())
