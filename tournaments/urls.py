from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views, views_formats

app_name = "tournaments"
PREFIX = "clubs/<slug:slug>/tournaments/"

urlpatterns = [
    path(PREFIX, views.tournament_list, name="list"),
    path(PREFIX + "new/", views.tournament_new, name="new"),
    path(PREFIX + "mine/", views.my_tournaments, name="mine"),
    path(PREFIX + "<id:pk>/", views.tournament_detail, name="detail"),
    path(PREFIX + "<id:pk>/state.json", views.tournament_state, name="state"),
    path(PREFIX + "<id:pk>/manage/", views.tournament_manage, name="manage"),
    path(PREFIX + "<id:pk>/play/<slug:action>/", views.player_action, name="play"),
    path(PREFIX + "<id:pk>/withdraw/", views.my_withdrawal, name="withdraw"),
    path(PREFIX + "<id:pk>/direct/<slug:action>/", views.director_action, name="direct"),
    # Swiss, MoreSwiss, round robins, groups; ladders; leagues (tournaments/views_formats.py).
    path(PREFIX + "<id:pk>/standings/", views_formats.standings_page, name="standings"),
    path(PREFIX + "<id:pk>/pairing/", views_formats.pairing_page, name="pairing"),
    path("clubs/<slug:slug>/ladders/", views_formats.ladder_list, name="ladders"),
    path("clubs/<slug:slug>/ladders/<id:pk>/", views_formats.ladder_page, name="ladder"),
    path("clubs/<slug:slug>/ladders/<id:pk>/state.json", views_formats.ladder_state,
         name="ladder-state"),
    path("clubs/<slug:slug>/ladders/<id:pk>/<slug:action>/", views_formats.ladder_action,
         name="ladder-action"),
    path("clubs/<slug:slug>/leagues/", views_formats.league_list, name="leagues"),
    path("clubs/<slug:slug>/leagues/<id:pk>/", views_formats.league_page, name="league"),
    path("clubs/<slug:slug>/leagues/<id:pk>/state.json", views_formats.league_state,
         name="league-state"),
    path("clubs/<slug:slug>/leagues/<id:pk>/<slug:action>/", views_formats.league_action,
         name="league-action"),
]
