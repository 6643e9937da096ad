from django.urls import path

from config import converters  # noqa: F401 - registers <id:...>

from . import views

urlpatterns = [
    path("federations/<slug:slug>/team-leagues/", views.TeamLeagueCreateApi.as_view(),
         name="team-league-create-api"),
    path("team-leagues/<id:pk>/divisions/", views.DivisionCreateApi.as_view(),
         name="team-league-division-api"),
    path("team-leagues/<id:pk>/teams/", views.TeamCreateApi.as_view(),
         name="team-league-team-api"),
    path("team-leagues/<id:pk>/draw/", views.DrawApi.as_view(), name="team-league-draw-api"),
    path("team-leagues/<id:pk>/fixtures/", views.FixturesApi.as_view(),
         name="team-league-fixtures-api"),
    path("team-leagues/<id:pk>/standings/", views.StandingsApi.as_view(),
         name="team-league-standings-api"),
    path("team-leagues/<id:pk>/close/", views.CloseApi.as_view(), name="team-league-close-api"),
    path("team-leagues/<id:pk>/next/", views.NextSeasonApi.as_view(),
         name="team-league-next-api"),
    path("team-fixtures/<id:pk>/", views.CardApi.as_view(), name="team-fixture-api"),
    path("team-fixtures/<id:pk>/lineup/", views.LineupApi.as_view(),
         name="team-fixture-lineup-api"),
    path("team-fixtures/<id:pk>/result/", views.CardEnterApi.as_view(),
         name="team-fixture-result-api"),
    path("team-fixtures/<id:pk>/confirm/", views.CardConfirmApi.as_view(),
         name="team-fixture-confirm-api"),
    path("team-fixtures/<id:pk>/dispute/", views.CardDisputeApi.as_view(),
         name="team-fixture-dispute-api"),
    path("team-fixtures/<id:pk>/decide/", views.CardDecideApi.as_view(),
         name="team-fixture-decide-api"),
]
