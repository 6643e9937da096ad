"""Pairs of player rows that may be one person (issue 32): suggested, never merged
silently (a person confirms: the English federation keeps someone to stop one player
appearing twice, and matching on e-mail alone duplicates people who change address).

- the same verified address: a login's verified address, exactly as written (an address's
  local part may be case-sensitive), held by another login or written on another row;
- the same name ignoring case and accents, at two clubs (two rows of one name at one club
  are more often two people).
"""

from collections import defaultdict

from allauth.account.models import EmailAddress

from clubs.models import Club, Membership, Player
from clubs.selectors.names import name_key


def _clubs_of(player_ids) -> dict[int, set[int]]:
    clubs = defaultdict(set)
    for player_id, club_id in Membership.objects.filter(player_id__in=player_ids).values_list(
            "player_id", "club_id"):
        clubs[player_id].add(club_id)
    return clubs


def _address_pairs(members: dict[int, Player]) -> set[tuple[int, int]]:
    verified = defaultdict(set)  # address -> players whose login verified it
    for address, player_id in EmailAddress.objects.filter(
            verified=True, user__player__isnull=False).values_list("email", "user__player"):
        verified[address].add(player_id)
    written = defaultdict(set)  # address -> players with it written on their row
    for player_id, email in Player.objects.filter(email__in=list(verified)).values_list(
            "pk", "email"):
        written[email].add(player_id)
    pairs = set()
    for address, holders in verified.items():
        group = holders | written.get(address, set())
        for one in group & set(members):
            pairs |= {(one, other) for other in group if other != one}
    return pairs


def _name_pairs(club: Club, members: dict[int, Player]) -> set[tuple[int, int]]:
    keys = defaultdict(set)
    for player in members.values():
        keys[name_key(player.name)].add(player.pk)
    others = (Player.objects.filter(memberships__isnull=False)
              .exclude(pk__in=Player.objects.members_of(club, past_too=True)).distinct())
    pairs = set()
    for pk, name in others.values_list("pk", "name"):
        for one in keys.get(name_key(name), ()):
            pairs.add((one, pk))
    return pairs


def duplicate_pairs(*, club: Club) -> list[dict]:
    """Pairs whose first player is a member (past or present) of ``club``, with why."""
    members = {p.pk: p for p in Player.objects.members_of(club, past_too=True).distinct()}
    reasons: dict[frozenset, set[str]] = defaultdict(set)
    first: dict[frozenset, int] = {}
    for reason, pairs in (("address", _address_pairs(members)),
                          ("name", _name_pairs(club, members))):
        for one, other in sorted(pairs):  # sorted: the same pair reads the same every time
            key = frozenset((one, other))
            reasons[key].add(reason)
            first.setdefault(key, one)
    ids = {pk for key in reasons for pk in key}
    players = Player.objects.in_bulk(ids)
    clubs = _clubs_of(ids)
    slugs = dict(Club.objects.filter(pk__in={c for cs in clubs.values() for c in cs})
                 .values_list("pk", "slug"))

    def shown(pk: int) -> dict:
        player = players[pk]
        return {"id": pk, "name": player.name, "login": player.user_id is not None,
                "clubs": sorted(slugs[c] for c in clubs[pk])}

    rows = []
    for key, why in reasons.items():
        one = first[key]
        other = next(pk for pk in key if pk != one)
        rows.append({"player": shown(one), "other": shown(other), "reasons": sorted(why)})
    return sorted(rows, key=lambda r: (r["player"]["name"], r["player"]["id"],
                                       r["other"]["id"]))
