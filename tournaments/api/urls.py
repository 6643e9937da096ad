from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="tournament")

urlpatterns = [
    path("tournament-matches/<int:pk>/report/", views.MatchReportApi.as_view(),
         name="tournament-match-report-api"),
    path("tournament-reports/<int:pk>/confirm/", views.ReportConfirmApi.as_view(),
         name="tournament-report-confirm-api"),
    *router.urls,
]
