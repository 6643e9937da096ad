"""API routes for ratings and standings (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import federations as national
from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/ratings/", api.RatingListApi.as_view(), name="rating-list-api"),
    path("clubs/<slug:slug>/players/<id:player_id>/rating-history/",
         api.RatingHistoryApi.as_view(), name="rating-history-api"),
    path("clubs/<slug:slug>/players/<id:player_id>/head-to-head/",
         api.HeadToHeadApi.as_view(), name="head-to-head-api"),
    path("clubs/<slug:slug>/standings/", api.StandingsApi.as_view(), name="standings-api"),
    path("clubs/<slug:slug>/what-if/", api.WhatIfApi.as_view(), name="what-if-api"),
    path("federations/<slug:slug>/ratings/", national.NationalRatingsApi.as_view(),
         name="national-ratings-api"),
    path("federations/<slug:slug>/lists/", national.OfficialListsApi.as_view(),
         name="official-lists-api"),
    path("federations/<slug:slug>/lists/<int:number>/", national.OfficialListApi.as_view(),
         name="official-list-api"),
    path("federations/<slug:slug>/lists/<int:number>/changes/",
         national.OfficialListChangesApi.as_view(), name="official-list-changes-api"),
    path("federations/<slug:slug>/lists/<int:number>/export.csv",
         national.OfficialListExportApi.as_view(), {"kind": "csv"},
         name="official-list-csv-api"),
    path("federations/<slug:slug>/lists/<int:number>/export.json",
         national.OfficialListExportApi.as_view(), {"kind": "json"},
         name="official-list-json-api"),
]
