"""API routes of printing (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views as api

urlpatterns = [
    path("tournaments/<id:pk>/print/<slug:what>/", api.TournamentPrintApi.as_view(),
         name="tournament-print-api"),
    path("clubs/<slug:slug>/ratings/print/", api.RatingsPrintApi.as_view(),
         name="ratings-print-api"),
    path("clubs/<slug:slug>/standings/print/", api.SeasonPrintApi.as_view(),
         name="standings-print-api"),
    path("chouette/sessions/<id:pk>/print/", api.ChouettePrintApi.as_view(),
         name="chouette-print-api"),
    path("team-fixtures/<id:pk>/print/", api.TeamCardPrintApi.as_view(),
         name="team-fixture-print-api"),
    path("print-packs/<id:pk>/", api.PrintPackApi.as_view(), name="print-pack-api"),
    path("print-packs/<id:pk>/pdf/", api.PrintPackPdfApi.as_view(), name="print-pack-pdf-api"),
]
