"""Names shown to people for what is stored in English (a competition, a place):
translated when a page is rendered, the stored value (read by the API and the commands)
left as it is."""

import re

from django.utils.translation import pgettext


def competition_name(competition: str) -> str:
    """A competition of the placings (main, consolation, last chance)."""
    names = {"main": pgettext("tournament", "Main"),
             "consolation": pgettext("tournament", "Consolation"),
             "last_chance": pgettext("tournament", "Last chance")}
    return names.get(competition, competition)


def place_label(label: str) -> str:
    """A place as stored ("1st", "3rd=", "5th"): in the page's language ("1.", "3.=")."""
    found = re.fullmatch(r"(\d+)(?:st|nd|rd|th)(=?)", label)
    if found is None:
        return label
    place, shared = int(found[1]), found[2]
    if shared:
        return pgettext("place", "%(place)s=") % {"place": _ordinal(place)}
    return _ordinal(place)


def _ordinal(place: int) -> str:
    if 10 <= place % 100 <= 20 or place % 10 not in (1, 2, 3):
        return pgettext("place", "%(place)sth") % {"place": place}
    return {1: pgettext("place", "%(place)sst"), 2: pgettext("place", "%(place)snd"),
            3: pgettext("place", "%(place)srd")}[place % 10] % {"place": place}
