from django.urls import path

from . import views

app_name = "live"

urlpatterns = [
    path("clubs/<slug:slug>/live/", views.club_live, name="club"),
    path("clubs/<slug:slug>/live/screen/", views.club_screen, name="club-screen"),
    path("live/<int:pk>/", views.live_board, name="board"),
    path("live/<int:pk>/screen/", views.live_screen, name="screen"),
    path("live/<int:pk>/state.json", views.live_state, name="state"),
    path("live/<int:pk>/preview.svg", views.live_preview, name="preview"),
    path("live/<int:pk>/act/", views.live_act, name="act"),
]
