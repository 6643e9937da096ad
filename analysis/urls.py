from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views, views_player

app_name = "analysis"

urlpatterns = [
    path("matches/<id:pk>/analysis/", views.analysis_panel, name="panel"),
    path("matches/<id:pk>/analysis/restart/", views.analysis_restart_view, name="restart"),
    path("clubs/<slug:slug>/players/<id:player_id>/analysis/",
         views_player.player_analysis, name="player"),
    path("players/<id:player_id>/analysis/choice/", views_player.player_choice,
         name="choice"),
    path("clubs/<slug:slug>/analysis/leaderboard/", views_player.error_leaderboard,
         name="leaderboard"),
    path("clubs/<slug:slug>/manage/analysis/", views_player.analysis_manage, name="manage"),
]
