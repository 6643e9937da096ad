from django.db.models import Prefetch
from django_filters import rest_framework as filters
from rest_framework import permissions, viewsets

from clubs import selectors
from clubs.models import Membership, Player

from .serializers import ClubSerializer, PlayerSerializer


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs, readable by anyone."""

    serializer_class = ClubSerializer
    permission_classes = [permissions.AllowAny]
    filterset_fields = ["city"]

    def get_queryset(self):
        return selectors.club_list()


class PlayerFilter(filters.FilterSet):
    club = filters.CharFilter(field_name="memberships__club__slug", distinct=True)

    class Meta:
        model = Player
        fields = ["club"]


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Players and their memberships; signed-in users only (names are personal data)."""

    serializer_class = PlayerSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_class = PlayerFilter

    def get_queryset(self):
        active = Membership.objects.filter(is_active=True).select_related("club")
        return Player.objects.prefetch_related(
            Prefetch("memberships", queryset=active)
        ).order_by("name")
