"""Whether each finished match is rated, list by list, and why: ``rated_verdicts(matches)``
-> ``{match id: [{list, name, rated, reason}]}``, one entry per list the match could enter,
read in bulk (a constant number of queries, whatever the number of matches).

The lists a match could enter:

- the organising club's own list, under the club list's policy: the club's rating settings
  (1-point matches, ladders, friendlies), which the app keeping the club lists gives
  (``club_list_policies_register``; results does not know it); without one, the widest
  policy;
- each federation list: the federations both players' clubs belonged to on the match day
  (joined on or before it, not left before it), and the organising federation; rated under
  the federation's policy narrowed by the organising club's (``federations.core.policy``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from clubs.models import Club
from config.texts import StoredText
from federations.core import policy
from federations.models import Federation, FederationClub, RatedPolicy

from .models import FinishedMatch


@dataclasses.dataclass(frozen=True)
class ClubListPolicy:
    """A club list's policy: its rules, and whether it rates every friendly (agreed or not:
    the club list's own "rate friendlies")."""

    rules: policy.Rules = policy.Rules()
    friendly_always: bool = False


#: Who gives the club lists' policies: ``provider(club_ids) -> {club id: ClubListPolicy}``.
CLUB_LIST_POLICIES: list[Callable[[set[int]], dict[int, ClubListPolicy]]] = []


def club_list_policies_register(provider: Callable) -> Callable:
    if provider not in CLUB_LIST_POLICIES:
        CLUB_LIST_POLICIES.append(provider)
    return provider


def facts_of(match: FinishedMatch) -> policy.Facts:
    """What a policy reads of a finished match (every row of the table is finished)."""
    return policy.Facts(kind=match.kind, outcome=match.outcome, finished=True,
                        length=match.length, venue=match.venue,
                        rated_agreed=match.rated_agreed)


def _entry(list_id: str, name: str, found: policy.Verdict) -> dict:
    msgid, params = found.reason
    return {"list": list_id, "name": name, "rated": found.rated,
            "reason": str(StoredText.gettext(msgid, **params))}


def _club_lists(club_ids: set[int]) -> dict[int, ClubListPolicy]:
    found: dict[int, ClubListPolicy] = {}
    for provider in CLUB_LIST_POLICIES:
        found.update(provider(club_ids))
    return found


def _memberships(club_ids: set[int]) -> dict[int, list[FederationClub]]:
    """Each club's memberships, now and past (with the federation and its policy)."""
    found: dict[int, list[FederationClub]] = {}
    links = (FederationClub.objects.filter(
        club_id__in=club_ids, status__in=[FederationClub.Status.MEMBER,
                                          FederationClub.Status.LEFT])
        .select_related("federation__policy"))
    for link in links:
        found.setdefault(link.club_id, []).append(link)
    return found


def _federations_on(links: list[FederationClub], day) -> dict[int, Federation]:
    return {link.federation_id: link.federation for link in links
            if link.joined_on <= day and (link.left_on is None or link.left_on >= day)}


def _rules(federation: Federation) -> policy.Rules:
    own = getattr(federation, "policy", None)
    return own.as_rules() if own is not None else policy.Rules()


def _organisers(matches: list[FinishedMatch]) -> dict[int, Club]:
    """The organising clubs, with their narrowings: as the rows brought them
    (``select_related("club__rated_policy")``), else in one query."""
    club_field = FinishedMatch._meta.get_field("club")
    if all(club_field.is_cached(m) and (m.club is None
                                        or "rated_policy" in m.club._state.fields_cache)
           for m in matches):
        return {m.club_id: m.club for m in matches if m.club_id}
    return (Club.objects.select_related("rated_policy")
            .in_bulk({m.club_id for m in matches if m.club_id}))


def _narrowing(club: Club | None) -> policy.Rules | None:
    try:
        return club.rated_policy.as_rules() if club is not None else None
    except RatedPolicy.DoesNotExist:
        return None


def rated_verdicts(matches: Iterable[FinishedMatch]) -> dict[int, list[dict]]:
    """``{match id: [{list, name, rated, reason}]}`` (the reason in the active language;
    ``list``: ``club:<slug>`` or ``federation:<slug>``)."""
    matches = list(matches)
    if not matches:
        return {}
    clubs = _organisers(matches)
    players = {c for m in matches for c in (m.player_a_club_id, m.player_b_club_id) if c}
    links = _memberships(players)
    organising = {link.federation_id: link.federation
                  for found in links.values() for link in found}
    if missing := {m.federation_id for m in matches if m.federation_id} - set(organising):
        organising.update(Federation.objects.select_related("policy").in_bulk(missing))
    club_lists = _club_lists(set(clubs))
    return {m.pk: _verdicts(m, clubs, links, organising, club_lists) for m in matches}


def _club_entry(facts: policy.Facts, club: Club, own: ClubListPolicy) -> dict:
    """The club list's verdict (its "rate friendlies" rates every friendly, agreed or not)."""
    if own.friendly_always and facts.kind == policy.FRIENDLY:
        facts = dataclasses.replace(facts, rated_agreed=True)
    return _entry(f"club:{club.slug}", club.name, policy.verdict(facts, own.rules,
                                                                owner=club.name))


def _verdicts(match, clubs, links, organising, club_lists) -> list[dict]:
    facts, entries = facts_of(match), []
    club = clubs.get(match.club_id)
    if club is not None:
        entries.append(_club_entry(facts, club, club_lists.get(club.pk, ClubListPolicy())))
    day = match.finished_at.date()
    sides = [_federations_on(links.get(c, []), day)
             for c in (match.player_a_club_id, match.player_b_club_id) if c]
    federations = dict(sides[0]) if sides else {}
    for side in sides[1:]:
        federations = {pk: f for pk, f in federations.items() if pk in side}
    if match.federation_id:
        federations.setdefault(match.federation_id, organising.get(match.federation_id))
    for federation in sorted(filter(None, federations.values()), key=lambda f: f.name):
        policies = [(_rules(federation), federation.name)]
        if (narrowing := _narrowing(club)) is not None:
            policies.append((narrowing, club.name))
        entries.append(_entry(f"federation:{federation.slug}", federation.name,
                              policy.verdict_under(facts, policies)))
    return entries


def rated_for_sources(*, source: str, source_ids: Iterable[int]) -> dict[int, list[dict]]:
    """The verdicts of the finished matches of one source (tournament matches, ladder
    challenges...) by the source's id; a match not finished yet has none."""
    rows = list(FinishedMatch.objects.filter(source=source, source_id__in=list(source_ids))
                .select_related("club__rated_policy"))
    verdicts = rated_verdicts(rows)
    return {row.source_id: verdicts[row.pk] for row in rows}


#: A match not played yet, as a forecast reads it: ``(kind, length, venue)``.
Case = tuple[str, int, str]


def rated_forecasts(*, club: Club, cases: Iterable[Case]) -> dict[Case, list[dict]]:
    """Before play: whether a match of the club's (``(kind, length, venue)``: the kind of
    event, its length in points, ``board`` or ``site``; between two of its members) will be
    rated on each list, and why (players know before they play): the club's list and each
    federation the club belongs to today. Two queries (three under a federation), whatever
    the number of cases (a page's rounds, a player's next matches)."""
    cases = list(dict.fromkeys(cases))
    if not cases:
        return {}
    own = _club_lists({club.pk}).get(club.pk, ClubListPolicy())
    links = list(FederationClub.objects.members().filter(club=club)
                 .select_related("federation__policy").order_by("federation__name"))
    # The club's narrowing matters only under a federation's policy.
    narrowing = RatedPolicy.objects.filter(club=club).first() if links else None
    return {case: _forecast(club, case, own, narrowing, links) for case in cases}


def _forecast(club, case: Case, own: ClubListPolicy, narrowing, links) -> list[dict]:
    kind, length, venue = case
    facts = policy.Facts(kind=kind, outcome="played", finished=True, length=length,
                         venue=venue, rated_agreed=False)
    entries = [_club_entry(facts, club, own)]
    for link in links:
        policies = [(_rules(link.federation), link.federation.name)]
        if narrowing is not None:
            policies.append((narrowing.as_rules(), club.name))
        entries.append(_entry(f"federation:{link.federation.slug}", link.federation.name,
                              policy.verdict_under(facts, policies)))
    return entries


def rated_forecast(*, club: Club, kind: str, length: int,
                   venue: str = FinishedMatch.Venue.BOARD) -> list[dict]:
    """The forecast of one match (``rated_forecasts``)."""
    case = (kind, length, venue)
    return rated_forecasts(club=club, cases=[case])[case]


def federation_rated_forecast(*, federation: Federation, kind: str, length: int,
                              venue: str = FinishedMatch.Venue.BOARD) -> list[dict]:
    """Before play: whether a match the federation organises (a team league's board,
    between members of two of its clubs) will be rated on its list, and why."""
    facts = policy.Facts(kind=kind, outcome="played", finished=True, length=length,
                         venue=venue, rated_agreed=False)
    return [_entry(f"federation:{federation.slug}", federation.name,
                   policy.verdict_under(facts, [(_rules(federation), federation.name)]))]
