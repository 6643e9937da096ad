from django.urls import path

from . import views, views_formats

app_name = "tournaments"
PREFIX = "clubs/<slug:slug>/tournaments/"

urlpatterns = [
    path(PREFIX, views.tournament_list, name="list"),
    path(PREFIX + "new/", views.tournament_new, name="new"),
    path(PREFIX + "mine/", views.my_tournaments, name="mine"),
    path(PREFIX + "<int:pk>/", views.tournament_detail, name="detail"),
    path(PREFIX + "<int:pk>/state.json", views.tournament_state, name="state"),
    path(PREFIX + "<int:pk>/manage/", views.tournament_manage, name="manage"),
    path(PREFIX + "<int:pk>/play/<slug:action>/", views.player_action, name="play"),
    path(PREFIX + "<int:pk>/withdraw/", views.my_withdrawal, name="withdraw"),
    path(PREFIX + "<int:pk>/direct/<slug:action>/", views.director_action, name="direct"),
    # Swiss, MoreSwiss, round robins, groups; ladders; leagues (tournaments/views_formats.py).
    path(PREFIX + "<int:pk>/standings/", views_formats.standings_page, name="standings"),
    path(PREFIX + "<int:pk>/pairing/", views_formats.pairing_page, name="pairing"),
    path("clubs/<slug:slug>/ladders/", views_formats.ladder_list, name="ladders"),
    path("clubs/<slug:slug>/ladders/<int:pk>/", views_formats.ladder_page, name="ladder"),
    path("clubs/<slug:slug>/ladders/<int:pk>/state.json", views_formats.ladder_state,
         name="ladder-state"),
    path("clubs/<slug:slug>/ladders/<int:pk>/<slug:action>/", views_formats.ladder_action,
         name="ladder-action"),
    path("clubs/<slug:slug>/leagues/", views_formats.league_list, name="leagues"),
    path("clubs/<slug:slug>/leagues/<int:pk>/", views_formats.league_page, name="league"),
    path("clubs/<slug:slug>/leagues/<int:pk>/state.json", views_formats.league_state,
         name="league-state"),
    path("clubs/<slug:slug>/leagues/<int:pk>/<slug:action>/", views_formats.league_action,
         name="league-action"),
]
