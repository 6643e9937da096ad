from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="tournament")

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", views.TournamentCreateApi.as_view(),
         name="tournament-create-api"),
    path("tournaments/<int:pk>/entries/", views.EntryAddApi.as_view(),
         name="tournament-entry-add-api"),
    path("tournaments/<int:pk>/seed/", views.TournamentSeedApi.as_view(),
         name="tournament-seed-api"),
    path("tournaments/<int:pk>/start/", views.TournamentStartApi.as_view(),
         name="tournament-start-api"),
    path("tournament-entries/<int:pk>/withdraw/", views.EntryWithdrawApi.as_view(),
         name="tournament-entry-withdraw-api"),
    path("tournament-matches/<int:pk>/result/", views.MatchResultEnterApi.as_view(),
         name="tournament-match-enter-api"),
    path("tournament-matches/<int:pk>/report/", views.MatchReportApi.as_view(),
         name="tournament-match-report-api"),
    path("tournament-matches/<int:pk>/resolve/", views.MatchResolveApi.as_view(),
         name="tournament-match-resolve-api"),
    path("tournament-matches/<int:pk>/correct/", views.MatchCorrectApi.as_view(),
         name="tournament-match-correct-api"),
    path("tournament-reports/<int:pk>/confirm/", views.ReportConfirmApi.as_view(),
         name="tournament-report-confirm-api"),
    path("tournament-reports/<int:pk>/dispute/", views.ReportDisputeApi.as_view(),
         name="tournament-report-dispute-api"),
    *router.urls,
]
