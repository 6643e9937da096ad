from django.urls import path

from . import views

app_name = "tournaments"
P = "clubs/<slug:slug>/tournaments/"

urlpatterns = [
    path(P, views.tournament_list, name="list"),
    path(P + "new/", views.tournament_new, name="new"),
    path(P + "mine/", views.my_tournaments, name="mine"),
    path(P + "<int:pk>/", views.tournament_detail, name="detail"),
    path(P + "<int:pk>/state.json", views.tournament_state, name="state"),
    path(P + "<int:pk>/manage/", views.tournament_manage, name="manage"),
    path(P + "<int:pk>/play/<slug:action>/", views.player_action, name="play"),
    path(P + "<int:pk>/direct/<slug:action>/", views.director_action, name="direct"),
]
