from django.urls import path

from .views import MatchAnalysisApi, PlayerAnalysisSeriesApi

urlpatterns = [
    path("matches/<int:pk>/analysis/", MatchAnalysisApi.as_view(), name="match-analysis-api"),
    path("players/<int:pk>/analysis/", PlayerAnalysisSeriesApi.as_view(),
         name="player-analysis-api"),
]
