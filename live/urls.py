from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views, views_lobby

app_name = "live"

urlpatterns = [
    path("clubs/<slug:slug>/live/", views.club_live, name="club"),
    path("clubs/<slug:slug>/live/members.json", views_lobby.member_search,
         name="member-search"),
    path("clubs/<slug:slug>/live/screen/", views.club_screen, name="club-screen"),
    path("live/<id:pk>/", views.live_board, name="board"),
    path("live/<id:pk>/screen/", views.live_screen, name="screen"),
    path("live/<id:pk>/state.json", views.live_state, name="state"),
    path("live/<id:pk>/preview.svg", views.live_preview, name="preview"),
    path("live/<id:pk>/act/", views.live_act, name="act"),
    path("team-fixtures/<id:pk>/boards/<int:board>/live/", views.team_board_start,
         name="team-board-start"),
]
