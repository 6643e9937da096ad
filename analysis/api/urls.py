from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from .views import MatchAnalysisApi, PlayerAnalysisSeriesApi

urlpatterns = [
    path("matches/<id:pk>/analysis/", MatchAnalysisApi.as_view(), name="match-analysis-api"),
    path("players/<id:pk>/analysis/", PlayerAnalysisSeriesApi.as_view(),
         name="player-analysis-api"),
]
