from django.urls import path

from . import views

app_name = "analysis"

urlpatterns = [
    path("matches/<int:pk>/analysis/", views.analysis_panel, name="panel"),
    path("matches/<int:pk>/analysis/restart/", views.analysis_restart_view, name="restart"),
]
