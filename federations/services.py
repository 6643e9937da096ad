"""Writes of the federations: create one, a club's application, acceptance, refusal and
leaving, the officers' roles and the rated-match policies. Keyword-only; the gates
(``federations.permissions``, ``clubs.permissions``) run in the callers.

A change a club's pages or the finished matches' verdicts show replaces the stamps of the
federation's clubs (``ops.pagecache.club_stamp_bump``): a kept page or list is never stale.
"""

import datetime
import re

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from audit.models import AuditEntry
from audit.services import audit_record
from clubs.models import Club, Player
from config.refusals import Refusal
from config.texts import StoredText
from ops.locks import lock_row
from ops.pagecache import club_stamp_bump

from .core import policy
from .models import FORMULAS, Federation, FederationClub, FederationRole, RatedPolicy

Status = FederationClub.Status
POLICY_FIELDS = ("min_length", "event_kinds", "friendly_if_agreed", "live", "online")


def message_text(message: policy.Message) -> StoredText:
    """A pure core's message as a sentence shown in the reader's language."""
    msgid, params = message
    return StoredText.gettext(msgid, **params)


def _member_club_ids(federation: Federation) -> list[int]:
    return list(FederationClub.objects.filter(federation=federation)
                .values_list("club_id", flat=True).distinct())


def _bump(club_ids) -> None:
    club_stamp_bump(list(club_ids))


# --------------------------------------------------------------------------- federations


@transaction.atomic
def federation_create(*, name: str, slug: str, country: str, formula: str = "fibs",
                      start_rating: float = 1500.0, provisional_below: int = 100,
                      level: str = Federation.Level.NATIONAL, language: str = "") -> Federation:
    """A new federation with its policy (every kind of event, as wide as a policy goes;
    friendlies only by agreement)."""
    name, slug, country = name.strip(), slug.strip(), country.strip().upper()
    if not re.fullmatch(r"[A-Z]{2}", country):
        raise Refusal(gettext("A country is its two-letter ISO code (DK, GB, JP)."))
    if formula not in FORMULAS:
        raise Refusal(gettext("Unknown formula %(formula)s: use one of %(known)s.")
                      % {"formula": formula, "known": ", ".join(FORMULAS)})
    if Federation.objects.filter(slug=slug).exists() or Federation.objects.filter(
            name__iexact=name).exists():
        raise Refusal(gettext("A federation with this name or slug already exists."))
    try:
        with transaction.atomic():
            federation = Federation.objects.create(
                name=name, slug=slug, country=country, formula=formula,
                start_rating=start_rating, provisional_below=provisional_below, level=level,
                language=language)
    except IntegrityError as error:  # created at the same moment by someone else
        raise Refusal(gettext("A federation with this name or slug already exists.")) from error
    RatedPolicy.objects.create(federation=federation)
    return federation


# --------------------------------------------------------------------------- member clubs


def _open_link(federation: Federation, club: Club) -> FederationClub | None:
    return (FederationClub.objects.select_for_update()
            .filter(federation=federation, club=club, status__in=[Status.APPLIED, Status.MEMBER])
            .first())


@transaction.atomic
def federation_club_apply(*, federation: Federation, club: Club, actor) -> FederationClub:
    """The club's application (refused while one is open or the club is a member)."""
    lock_row(Federation, pk=federation.pk)  # two applications at once: one waits, then sees
    if (found := _open_link(federation, club)) is not None:
        if found.status == Status.MEMBER:
            raise Refusal(gettext("%(club)s is already a member of %(federation)s.")
                          % {"club": club.name, "federation": federation.name})
        raise Refusal(gettext("%(club)s has already applied to %(federation)s; the "
                              "federation's admins have not answered yet.")
                      % {"club": club.name, "federation": federation.name})
    user = actor if actor is not None and actor.is_authenticated else None
    try:
        with transaction.atomic():
            link = FederationClub.objects.create(federation=federation, club=club,
                                                 applied_by=user)
    except IntegrityError as error:  # the constraint, should the lock ever be bypassed
        raise Refusal(gettext("%(club)s has already applied to %(federation)s.")
                      % {"club": club.name, "federation": federation.name}) from error
    audit_record(club_id=club.pk, federation_id=federation.pk, actor=actor,
                 action=AuditEntry.Action.FEDERATION_APPLIED,
                 target=link, after={"federation": federation.slug, "status": link.status})
    return link


def _application(federation: Federation, club: Club) -> FederationClub:
    found = _open_link(federation, club)
    if found is None or found.status != Status.APPLIED:
        raise Refusal(gettext("%(club)s has no open application to %(federation)s.")
                      % {"club": club.name, "federation": federation.name})
    return found


@transaction.atomic
def federation_club_accept(*, federation: Federation, club: Club, actor,
                           on: datetime.date | None = None) -> FederationClub:
    """The application accepted: the club is a member from ``on`` (today)."""
    link = _application(federation, club)
    link.status, link.joined_on = Status.MEMBER, on or timezone.localdate()
    link.save(update_fields=["status", "joined_on"])
    audit_record(club_id=club.pk, federation_id=federation.pk, actor=actor,
                 action=AuditEntry.Action.FEDERATION_ACCEPTED,
                 target=link, before={"status": Status.APPLIED},
                 after={"status": link.status, "joined_on": link.joined_on.isoformat()})
    _bump([club.pk])
    return link


@transaction.atomic
def federation_club_refuse(*, federation: Federation, club: Club, actor) -> FederationClub:
    link = _application(federation, club)
    link.status = Status.REFUSED
    link.save(update_fields=["status"])
    audit_record(club_id=club.pk, federation_id=federation.pk, actor=actor,
                 action=AuditEntry.Action.FEDERATION_REFUSED,
                 target=link, before={"status": Status.APPLIED}, after={"status": link.status})
    return link


@transaction.atomic
def federation_club_leave(*, federation: Federation, club: Club, actor,
                          on: datetime.date | None = None) -> FederationClub:
    """The club leaves (``left_on`` today): its matches up to that day stay in the lists."""
    link = _open_link(federation, club)
    if link is None or link.status != Status.MEMBER:
        raise Refusal(gettext("%(club)s is not a member of %(federation)s.")
                      % {"club": club.name, "federation": federation.name})
    left_on = on or timezone.localdate()
    if left_on < link.joined_on:
        raise Refusal(gettext("A club cannot leave before the day it joined."))
    link.status, link.left_on = Status.LEFT, left_on
    link.save(update_fields=["status", "left_on"])
    audit_record(club_id=club.pk, federation_id=federation.pk, actor=actor,
                 action=AuditEntry.Action.FEDERATION_LEFT,
                 target=link, before={"status": Status.MEMBER},
                 after={"status": link.status, "left_on": left_on.isoformat()})
    _bump([club.pk])
    return link


# --------------------------------------------------------------------------- officers


def _role_text(player: Player, role: str) -> dict:
    return {"player": player.pk, "name": player.name, "role": role}


@transaction.atomic
def federation_role_grant(*, federation: Federation, player: Player, role: str,
                          actor=None) -> FederationRole:
    """The role granted (once: granting it again changes nothing and logs nothing)."""
    if role not in FederationRole.Role.values:
        raise Refusal(gettext("Unknown role %(role)s: use one of %(known)s.")
                      % {"role": role, "known": ", ".join(FederationRole.Role.values)})
    granted, created = FederationRole.objects.get_or_create(federation=federation,
                                                            player=player, role=role)
    if created:
        audit_record(federation_id=federation.pk, actor=actor,
                     action=AuditEntry.Action.FEDERATION_ROLE_GRANTED, target=granted,
                     after=_role_text(player, role))
    return granted


@transaction.atomic
def federation_role_revoke(*, federation: Federation, player: Player, role: str,
                           actor=None) -> None:
    held = FederationRole.objects.select_for_update().filter(federation=federation, role=role)
    if role == FederationRole.Role.ADMIN and [p for p in held if p.player_id != player.pk] == []:
        raise Refusal(gettext("A federation must keep at least one admin."))
    for revoked in held.filter(player=player):
        # (the entry names the row before it goes: its id stays the log's reference)
        audit_record(federation_id=federation.pk, actor=actor,
                     action=AuditEntry.Action.FEDERATION_ROLE_REVOKED, target=revoked,
                     before=_role_text(player, role))
        revoked.delete()


# --------------------------------------------------------------------------- policies


def _rules(values: dict) -> policy.Rules:
    """The policy's values checked (unknown kinds, a length under 1: a refusal)."""
    if errors := policy.rules_errors(min_length=values["min_length"],
                                     event_kinds=values["event_kinds"]):
        raise Refusal(message_text(errors[0]))
    return policy.Rules(min_length=values["min_length"],
                        event_kinds=frozenset(values["event_kinds"]),
                        friendly_if_agreed=values["friendly_if_agreed"], live=values["live"],
                        online=values["online"])


def _store(row: RatedPolicy, rules: policy.Rules) -> dict:
    before = {name: getattr(row, name) for name in POLICY_FIELDS}
    row.min_length, row.friendly_if_agreed = rules.min_length, rules.friendly_if_agreed
    row.event_kinds = [kind for kind in policy.EVENT_KINDS if kind in rules.event_kinds]
    row.live, row.online = rules.live, rules.online
    row.save()
    return before


@transaction.atomic
def federation_policy_update(*, federation: Federation, values: dict,
                             actor=None) -> RatedPolicy:
    """The federation's policy replaced by ``values`` (``POLICY_FIELDS``)."""
    rules = _rules(values)
    row, _ = RatedPolicy.objects.select_for_update().get_or_create(federation=federation)
    before = _store(row, rules)
    after = {name: getattr(row, name) for name in POLICY_FIELDS}
    if after != before:
        audit_record(federation_id=federation.pk, actor=actor,
                     action=AuditEntry.Action.FEDERATION_POLICY_CHANGED, target=row,
                     before=before, after=after)
    _bump(_member_club_ids(federation))
    return row


def club_policy_widenings(*, club: Club, rules: policy.Rules) -> list[StoredText]:
    """Each way ``rules`` would widen the policy of a federation the club belongs to."""
    found = []
    links = (FederationClub.objects.members().filter(club=club)
             .select_related("federation__policy"))
    for link in links:
        federation = link.federation
        own = getattr(federation, "policy", None)
        wider = own.as_rules() if own is not None else policy.Rules()
        found += [StoredText.gettext("%(federation)s: %(reason)s", federation=federation.name,
                                     reason=message_text(message))
                  for message in policy.widenings(wider, rules)]
    return found


@transaction.atomic
def club_policy_update(*, club: Club, values: dict, actor) -> RatedPolicy:
    """The club's narrowing of its federations' policies, refused (nothing saved) where it
    would widen any of them."""
    rules = _rules(values)
    lock_row(Club, pk=club.pk)
    if widened := club_policy_widenings(club=club, rules=rules):
        raise Refusal(StoredText.gettext(
            "A club may only narrow its federations' policies: %(reasons)s",
            reasons=widened), fields={"widenings": [str(text) for text in widened]})
    row, _ = RatedPolicy.objects.select_for_update().get_or_create(club=club)
    before = _store(row, rules)
    audit_record(club_id=club.pk, actor=actor, action=AuditEntry.Action.RATED_POLICY_CHANGED,
                 target=row, before=before,
                 after={name: getattr(row, name) for name in POLICY_FIELDS})
    _bump([club.pk])
    return row

