from django.urls import path
from rest_framework.routers import SimpleRouter

from . import views, views_formats

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
    # Swiss, round robins, ladders, leagues (tournaments/api/views_formats.py).
    path("tournaments/<int:pk>/standings/", views_formats.TournamentStandingsApi.as_view(),
         name="tournament-standings-api"),
    path("tournaments/<int:pk>/pairing/", views_formats.SwissPairingApi.as_view(),
         name="tournament-pairing-api"),
    path("ladders/<int:pk>/", views_formats.LadderApi.as_view(), name="ladder-api"),
    path("ladders/<int:pk>/challenges/", views_formats.LadderChallengeApi.as_view(),
         name="ladder-challenge-api"),
    path("ladders/<int:pk>/leave/", views_formats.LadderLeaveApi.as_view(),
         name="ladder-leave-api"),
    path("ladder-challenges/<int:pk>/<slug:action>/",
         views_formats.ChallengeActionApi.as_view(), name="ladder-challenge-action-api"),
    path("leagues/<int:pk>/", views_formats.LeagueApi.as_view(), name="league-api"),
    path("league-fixtures/<int:pk>/<slug:action>/", views_formats.FixtureActionApi.as_view(),
         name="league-fixture-action-api"),
    *router.urls,
]
