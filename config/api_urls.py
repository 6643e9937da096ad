"""The API root: every app's API routes under /api/."""

from django.urls import include, path

from clubs.api.views import ClubViewSet, PlayerViewSet
from config.converters import IdDefaultRouter

router = IdDefaultRouter()  # detail routes take database ids only
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")

urlpatterns = [
    path("", include(router.urls)),
    path("", include("federations.api.urls")),
    path("", include("games.api.urls")),
    path("", include("chouette.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("teamleagues.api.urls")),
    path("", include("ratings.api.urls")),
    path("", include("accounts.api_urls")),
    path("", include("analysis.api.urls")),
    path("", include("live.api.urls")),
    path("", include("people.api.urls")),
    path("", include("printing.api.urls")),
    path("", include("imports.api.urls")),
]
