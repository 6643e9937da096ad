from django.urls import path

from config.converters import IdRouter  # (and <id:...>, a database id)

from . import views, views_formats

router = IdRouter()  # detail routes take database ids only
router.register("tournaments", views.TournamentViewSet, basename="tournament")

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", views.TournamentCreateApi.as_view(),
         name="tournament-create-api"),
    path("tournaments/<id:pk>/entries/", views.EntryAddApi.as_view(),
         name="tournament-entry-add-api"),
    path("tournaments/<id:pk>/seed/", views.TournamentSeedApi.as_view(),
         name="tournament-seed-api"),
    path("tournaments/<id:pk>/start/", views.TournamentStartApi.as_view(),
         name="tournament-start-api"),
    path("tournament-entries/<id:pk>/withdraw/", views.EntryWithdrawApi.as_view(),
         name="tournament-entry-withdraw-api"),
    path("tournament-matches/<id:pk>/result/", views.MatchResultEnterApi.as_view(),
         name="tournament-match-enter-api"),
    path("tournament-matches/<id:pk>/report/", views.MatchReportApi.as_view(),
         name="tournament-match-report-api"),
    path("tournament-matches/<id:pk>/resolve/", views.MatchResolveApi.as_view(),
         name="tournament-match-resolve-api"),
    path("tournament-matches/<id:pk>/correct/", views.MatchCorrectApi.as_view(),
         name="tournament-match-correct-api"),
    path("tournament-reports/<id:pk>/confirm/", views.ReportConfirmApi.as_view(),
         name="tournament-report-confirm-api"),
    path("tournament-reports/<id:pk>/dispute/", views.ReportDisputeApi.as_view(),
         name="tournament-report-dispute-api"),
    # Swiss, round robins, ladders, leagues (tournaments/api/views_formats.py).
    path("tournaments/<id:pk>/standings/", views_formats.TournamentStandingsApi.as_view(),
         name="tournament-standings-api"),
    path("tournaments/<id:pk>/pairing/", views_formats.SwissPairingApi.as_view(),
         name="tournament-pairing-api"),
    path("ladders/<id:pk>/", views_formats.LadderApi.as_view(), name="ladder-api"),
    path("ladders/<id:pk>/challenges/", views_formats.LadderChallengeApi.as_view(),
         name="ladder-challenge-api"),
    path("ladders/<id:pk>/leave/", views_formats.LadderLeaveApi.as_view(),
         name="ladder-leave-api"),
    path("ladder-challenges/<id:pk>/<slug:action>/",
         views_formats.ChallengeActionApi.as_view(), name="ladder-challenge-action-api"),
    path("leagues/<id:pk>/", views_formats.LeagueApi.as_view(), name="league-api"),
    path("league-fixtures/<id:pk>/<slug:action>/", views_formats.FixtureActionApi.as_view(),
         name="league-fixture-action-api"),
    *router.urls,
]
