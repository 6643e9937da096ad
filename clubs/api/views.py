from django.db.models import Prefetch
from django_filters import rest_framework as filters
from rest_framework import permissions, viewsets

from clubs import selectors
from clubs.models import Membership, Player
from ops.pagecache import CachedListMixin

from .serializers import ClubSerializer, PlayerSerializer


class ClubViewSet(CachedListMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs, readable by anyone (kept until a club or a membership changes: the site's
    stamp)."""

    def list_version(self) -> str:
        return "clubs"

    serializer_class = ClubSerializer
    permission_classes = [permissions.AllowAny]
    filterset_fields = ["city"]

    def get_queryset(self):
        return selectors.club_list()


class PlayerFilter(filters.FilterSet):
    """``?club=<slug>``: the club's current members (the memberships the rows show)."""

    club = filters.CharFilter(method="filter_club")

    class Meta:
        model = Player
        fields = ["club"]

    def filter_club(self, queryset, name, value):
        return queryset.filter(memberships__in=Membership.objects.active()
                               .filter(club__slug=value))


class PlayerViewSet(CachedListMixin, viewsets.ReadOnlyModelViewSet):
    """Players and their memberships; signed-in users only (names are personal data). Kept
    until a player, a club or a membership changes (the site's stamp)."""

    def list_version(self) -> str:
        return "players"

    serializer_class = PlayerSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_class = PlayerFilter

    def get_queryset(self):
        active = Membership.objects.active().select_related("club")
        return Player.objects.prefetch_related(
            Prefetch("memberships", queryset=active)
        ).order_by("name")
