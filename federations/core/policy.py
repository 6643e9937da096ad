"""Rated-match policies as rules: ``verdict(facts, rules, owner=)`` says whether a finished
match enters a list, and why, in one sentence ("1-point match: Riverside's policy").

A federation's policy is the widest its lists rate; each member club may only narrow it
(``narrow``: the intersection, so a narrowed policy never rates what the federation's does
not; ``widenings`` names each way a club's would widen it). Whatever a policy says, a
chouette, a bye, a walkover, a forfeit, a void and an unfinished match are never rated.

A friendly (an uploaded match record) is no kind of event a policy lists: it is rated only
when the policy says ``friendly_if_agreed`` and both players agreed, before it started,
that it was rated (the US federation's rule: players know before play).

Reasons and widenings are messages ``(msgid, params)``: the sentence kept untranslated,
marked ``gettext_noop`` for the extractor, with its values apart; the Django side shows it
in the reader's language (``config.texts.StoredText.gettext(msgid, **params)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .i18n import gettext_noop

#: The kinds of event a policy may rate: the tournament formats by the API's names (a
#: ``knockout`` is a tournament match whose writer named no format), then the season
#: competitions.
EVENT_KINDS = ("knockout", "single_elimination", "double_elimination", "consolation",
               "consolation_last_chance", "swiss", "moreswiss", "round_robin", "groups",
               "ladder", "league", "team_league")
#: A match record uploaded by a player: rated only by agreement (``friendly_if_agreed``).
FRIENDLY = "friendly"
#: Kinds no policy rates.
NEVER = frozenset({"chouette"})
#: Outcomes no policy rates (they were not played out).
NEVER_OUTCOMES = ("bye", "walkover", "forfeit", "void")
VENUES = ("board", "site")

#: A sentence kept untranslated with its values: ``(msgid, {name: value})``.
Message = tuple[str, dict]

_OUTCOME_REASONS = {
    "bye": gettext_noop("a bye is never rated"),
    "walkover": gettext_noop("a walkover is never rated"),
    "forfeit": gettext_noop("a forfeit is never rated"),
    "void": gettext_noop("a void match is never rated"),
}


@dataclass(frozen=True)
class Rules:
    """One owner's policy (the defaults rate every kind of event, of any length, live and
    online; friendlies not)."""

    min_length: int = 1
    event_kinds: frozenset[str] = frozenset(EVENT_KINDS)
    friendly_if_agreed: bool = False
    live: bool = True
    online: bool = True


@dataclass(frozen=True)
class Facts:
    """What a policy reads of a finished match. ``kind``: one of ``EVENT_KINDS``,
    ``friendly`` or ``chouette``; ``outcome``: ``played`` or one of ``NEVER_OUTCOMES``;
    ``venue``: ``board`` (live over the board) or ``site`` (this site's live board)."""

    kind: str
    outcome: str
    finished: bool
    length: int
    venue: str
    rated_agreed: bool


@dataclass(frozen=True)
class Verdict:
    rated: bool
    #: ``(msgid, params)``: why, naming whose policy decided.
    reason: tuple


def _refused(msgid: str, **params) -> Verdict:
    return Verdict(False, (msgid, params))


def verdict(facts: Facts, rules: Rules, *, owner: str) -> Verdict:
    """Whether ``rules`` (``owner``'s policy: a club's or a federation's name) rate the
    match, and the first reason it does not."""
    if not facts.finished:
        return _refused(gettext_noop("an unfinished match is never rated"))
    if facts.outcome in _OUTCOME_REASONS:
        return _refused(_OUTCOME_REASONS[facts.outcome])
    if facts.outcome != "played":
        return _refused(gettext_noop("a match not played out is never rated"))
    if facts.kind in NEVER:
        return _refused(gettext_noop("a chouette is never rated"))
    if facts.length < rules.min_length:
        return _refused(gettext_noop("%(length)s-point match: %(owner)s's policy"),
                        length=facts.length, owner=owner)
    if facts.kind == FRIENDLY:
        if not rules.friendly_if_agreed:
            return _refused(gettext_noop("friendly: %(owner)s's policy"), owner=owner)
        if not facts.rated_agreed:
            return _refused(gettext_noop("friendly not agreed as rated before it started: "
                                         "%(owner)s's policy"), owner=owner)
    elif facts.kind not in rules.event_kinds:
        return _refused(gettext_noop("%(kind)s is not rated: %(owner)s's policy"),
                        kind=facts.kind, owner=owner)
    if facts.venue == "site" and not rules.online:
        return _refused(gettext_noop("played on the site: %(owner)s's policy"), owner=owner)
    if facts.venue != "site" and not rules.live:
        return _refused(gettext_noop("played over the board: %(owner)s's policy"), owner=owner)
    return Verdict(True, (gettext_noop("rated: %(owner)s's policy"), {"owner": owner}))


def verdict_under(facts: Facts, policies: Iterable[tuple[Rules, str]]) -> Verdict:
    """The verdict of several policies at once (a federation's, then the organising club's
    narrowing of it): the first refusal, else rated under the first owner's."""
    policies = list(policies)
    for rules, owner in policies:
        found = verdict(facts, rules, owner=owner)
        if not found.rated:
            return found
    return verdict(facts, policies[0][0], owner=policies[0][1])


def narrow(federation: Rules, club: Rules) -> Rules:
    """The policy a club's narrowing leaves of its federation's: what both rate."""
    return Rules(min_length=max(federation.min_length, club.min_length),
                 event_kinds=frozenset(federation.event_kinds) & frozenset(club.event_kinds),
                 friendly_if_agreed=federation.friendly_if_agreed and club.friendly_if_agreed,
                 live=federation.live and club.live, online=federation.online and club.online)


def widenings(federation: Rules, club: Rules) -> list[Message]:
    """Each way ``club`` would rate what ``federation`` does not (empty: it only narrows)."""
    found: list[Message] = []
    if club.min_length < federation.min_length:
        found.append((gettext_noop("a minimum length of %(club)s points is shorter than the "
                                   "federation's %(federation)s"),
                      {"club": club.min_length, "federation": federation.min_length}))
    if extra := sorted(frozenset(club.event_kinds) - frozenset(federation.event_kinds)):
        found.append((gettext_noop("the federation does not rate these kinds of event: "
                                   "%(kinds)s"), {"kinds": ", ".join(extra)}))
    if club.friendly_if_agreed and not federation.friendly_if_agreed:
        found.append((gettext_noop("the federation does not rate friendlies"), {}))
    if club.live and not federation.live:
        found.append((gettext_noop("the federation does not rate matches over the board"), {}))
    if club.online and not federation.online:
        found.append((gettext_noop("the federation does not rate matches on the site"), {}))
    return found


def rules_errors(*, min_length, event_kinds) -> list[Message]:
    """What is wrong with a policy's values (empty: nothing)."""
    found: list[Message] = []
    if not isinstance(min_length, int) or min_length < 1:
        found.append((gettext_noop("the minimum length must be a whole number of points, "
                                   "1 or more"), {}))
    if unknown := sorted(set(event_kinds) - set(EVENT_KINDS)):
        found.append((gettext_noop("unknown kinds of event: %(kinds)s (known: %(known)s)"),
                      {"kinds": ", ".join(unknown), "known": ", ".join(EVENT_KINDS)}))
    return found
