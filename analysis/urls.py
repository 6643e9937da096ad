from django.urls import path

from . import views, views_player

app_name = "analysis"

urlpatterns = [
    path("matches/<int:pk>/analysis/", views.analysis_panel, name="panel"),
    path("matches/<int:pk>/analysis/restart/", views.analysis_restart_view, name="restart"),
    path("clubs/<slug:slug>/players/<int:player_id>/analysis/",
         views_player.player_analysis, name="player"),
    path("players/<int:player_id>/analysis/choice/", views_player.player_choice,
         name="choice"),
    path("clubs/<slug:slug>/analysis/leaderboard/", views_player.error_leaderboard,
         name="leaderboard"),
    path("clubs/<slug:slug>/manage/analysis/", views_player.analysis_manage, name="manage"),
]
