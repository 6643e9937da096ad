"""Reads of the federations: a federation with its clubs, officers and policy; a club's
federations and its narrowing of their policies."""

from django.db.models import Prefetch

from audit.models import AuditEntry
from clubs.models import Club, Membership

from .core import policy
from .models import Federation, FederationClub, FederationRole, RatedPolicy


def federation_get(*, slug: str) -> Federation:
    """The federation with its clubs (every application, membership and past one), its
    officers and its policy, in three queries."""
    links = FederationClub.objects.select_related("club").order_by("club__name", "-applied_at")
    roles = FederationRole.objects.select_related("player").order_by("role", "player__name")
    return (Federation.objects.select_related("policy")
            .prefetch_related(Prefetch("club_links", queryset=links),
                              Prefetch("roles", queryset=roles))
            .get(slug=slug))


def federation_policy(federation: Federation) -> RatedPolicy:
    """The federation's policy row (an unsaved row of the defaults when it has none)."""
    return getattr(federation, "policy", None) or RatedPolicy(federation=federation)


def club_policy(club: Club) -> RatedPolicy:
    """The club's narrowing (an unsaved row of the defaults, narrowing nothing, when none)."""
    return RatedPolicy.objects.filter(club=club).first() or RatedPolicy(club=club)


def club_federations(club: Club) -> list[FederationClub]:
    """The club's current memberships, with each federation and its policy."""
    return list(FederationClub.objects.members().filter(club=club)
                .select_related("federation__policy"))


def federation_list() -> list[Federation]:
    return list(Federation.objects.all())


def rules_of(row: RatedPolicy | None) -> policy.Rules:
    """A stored policy's rules (none: the defaults)."""
    return row.as_rules() if row is not None else policy.Rules()


def clubs_for_application(*, user, federation: Federation) -> list[Club]:
    """The clubs ``user`` administers that may apply to the federation (no open
    application or membership)."""
    if not user.is_authenticated:
        return []
    admins = (Membership.objects.active().filter(player__user=user, role="admin")
              .values_list("club_id", flat=True))
    open_ = FederationClub.objects.filter(federation=federation,
                                          status__in=["applied", "member"]).values("club_id")
    return list(Club.objects.filter(pk__in=admins).exclude(pk__in=open_).order_by("name"))


def clubs_user_admins(*, user) -> set[int]:
    """The ids of the clubs ``user`` administers."""
    if not user.is_authenticated:
        return set()
    return set(Membership.objects.active().filter(player__user=user, role="admin")
               .values_list("club_id", flat=True))


#: The federation's log page shows its latest entries (older ones: the admin, a superuser).
AUDIT_SHOWN = 200


def federation_audit(*, federation: Federation) -> list[AuditEntry]:
    """The federation's audit log, newest first: its roles, its policy, its official lists,
    and the clubs that applied, joined, were refused or left (one query)."""
    return list(AuditEntry.objects.filter(federation=federation)
                .select_related("club").order_by("-created_at", "-pk")[:AUDIT_SHOWN])


def fellow_member_clubs(*, club: Club) -> list[int]:
    """The other current member clubs of the federations the club is a current member of
    (their members may visit its events: ``results.services.club_visiting_clubs``)."""
    federations = FederationClub.objects.members().filter(club=club).values("federation_id")
    return sorted(set(FederationClub.objects.members().filter(federation_id__in=federations)
                      .exclude(club=club).values_list("club_id", flat=True)))
