"""The API root: every app's API routes under /api/."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from clubs.api.views import ClubViewSet, PlayerViewSet

router = DefaultRouter()
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")

urlpatterns = [
    path("", include(router.urls)),
    path("", include("games.api.urls")),
    path("", include("chouette.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("ratings.api.urls")),
    path("", include("accounts.api_urls")),
    path("", include("analysis.api.urls")),
    path("", include("live.api.urls")),
]
