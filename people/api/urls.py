"""API routes for one person across clubs (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/players/duplicates/", api.PlayerDuplicatesApi.as_view(),
         name="player-duplicates-api"),
    path("clubs/<slug:slug>/players/<id:player_id>/merge/", api.PlayerMergeApi.as_view(),
         name="player-merge-api"),
]
