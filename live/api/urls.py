"""Live match API routes (included under /api/)."""

from django.urls import path

from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/live-matches/", api.LiveMatchCreateApi.as_view(),
         name="live-match-create-api"),
    path("live-matches/<int:pk>/", api.LiveMatchApi.as_view(), name="live-match-api"),
    path("live-matches/<int:pk>/actions/", api.LiveActionApi.as_view(),
         name="live-action-api"),
    path("live-matches/<int:pk>/export.mat", api.LiveExportApi.as_view(),
         name="live-export-api"),
]
