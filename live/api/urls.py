"""Live match API routes (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/live-matches/", api.LiveMatchCreateApi.as_view(),
         name="live-match-create-api"),
    path("live-matches/<id:pk>/", api.LiveMatchApi.as_view(), name="live-match-api"),
    path("live-matches/<id:pk>/actions/", api.LiveActionApi.as_view(),
         name="live-action-api"),
    path("live-matches/<id:pk>/export.mat", api.LiveExportApi.as_view(),
         name="live-export-api"),
    path("team-fixtures/<id:pk>/boards/<int:board>/live/", api.TeamBoardLiveApi.as_view(),
         name="team-board-live-api"),
]
