from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views, views_formats

app_name = "tournaments"
P = "clubs/<slug:slug>/tournaments/"

urlpatterns = [
    path(P, views.tournament_list, name="list"),
    path(P + "new/", views.tournament_new, name="new"),
    path(P + "mine/", views.my_tournaments, name="mine"),
    path(P + "<id:pk>/", views.tournament_detail, name="detail"),
    path(P + "<id:pk>/state.json", views.tournament_state, name="state"),
    path(P + "<id:pk>/manage/", views.tournament_manage, name="manage"),
    path(P + "<id:pk>/play/<slug:action>/", views.player_action, name="play"),
    path(P + "<id:pk>/withdraw/", views.my_withdrawal, name="withdraw"),
    path(P + "<id:pk>/direct/<slug:action>/", views.director_action, name="direct"),
    # Swiss, MoreSwiss, round robins, groups; ladders; leagues (tournaments/views_formats.py).
    path(P + "<id:pk>/standings/", views_formats.standings_page, name="standings"),
    path(P + "<id:pk>/pairing/", views_formats.pairing_page, name="pairing"),
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
