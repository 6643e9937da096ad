"""Names shown to people for what is stored in English (a round's name, a flight, a place):
translated when a page is rendered, the stored value (read by the API and the commands)
left as it is."""

import re

from django.utils.translation import gettext, pgettext

_ROUND = re.compile(r"(?:Group (?P<group>\S+) round|Round) (?P<number>\d+)$")


def competition_name(competition: str) -> str:
    """A competition of the placings (main, consolation, last chance)."""
    names = {"main": pgettext("tournament", "Main"),
             "consolation": pgettext("tournament", "Consolation"),
             "last_chance": pgettext("tournament", "Last chance")}
    return names.get(competition, competition)


def _knockout_names(flight: str, number: int) -> dict:
    values = {"number": number}
    return {
        "main": {"final": gettext("Main final"), "semi": gettext("Main semi-finals"),
                 "round": gettext("Main round %(number)s") % values},
        "losers": {"final": gettext("Losers' bracket final"),
                   "semi": gettext("Losers' bracket semi-finals"),
                   "round": gettext("Losers' bracket round %(number)s") % values},
        "consolation": {"final": gettext("Consolation final"),
                        "semi": gettext("Consolation semi-finals"),
                        "round": gettext("Consolation round %(number)s") % values},
        "last_chance": {"final": gettext("Last chance final"),
                        "semi": gettext("Last chance semi-finals"),
                        "round": gettext("Last chance round %(number)s") % values},
    }.get(flight)


def round_name(*, flight: str, number: int, name: str) -> str:
    """A round's name in the page's language, from its stored (English) name."""
    if flight == "final":
        if name.endswith("(reset)"):
            return pgettext("tournament", "Grand final (reset)")
        return pgettext("tournament", "Grand final")
    names = _knockout_names(flight, number)
    if names is not None:
        if name.endswith("semi-finals"):
            return names["semi"]
        if name.endswith(" final"):
            return names["final"]
        if name.endswith(f" round {number}"):
            return names["round"]
        return name
    found = _ROUND.match(name)
    if found is None:
        return name
    if found["group"]:
        return gettext("Group %(group)s round %(number)s") % {
            "group": found["group"], "number": found["number"]}
    return gettext("Round %(number)s") % {"number": found["number"]}


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
