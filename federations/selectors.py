"""Reads of the federations: a federation with its clubs, officers and policy; a club's
federations and its narrowing of their policies."""

from django.db.models import Prefetch

from clubs.models import Club

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
