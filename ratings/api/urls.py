"""API routes for ratings and standings (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/ratings/", api.RatingListApi.as_view(), name="rating-list-api"),
    path("clubs/<slug:slug>/players/<id:player_id>/rating-history/",
         api.RatingHistoryApi.as_view(), name="rating-history-api"),
    path("clubs/<slug:slug>/players/<id:player_id>/head-to-head/",
         api.HeadToHeadApi.as_view(), name="head-to-head-api"),
    path("clubs/<slug:slug>/standings/", api.StandingsApi.as_view(), name="standings-api"),
    path("clubs/<slug:slug>/what-if/", api.WhatIfApi.as_view(), name="what-if-api"),
]
