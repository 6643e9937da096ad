"""The pages' "Print" links (printing/views.py)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

app_name = "printing"

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/<id:pk>/print/<slug:what>/", views.print_tournament,
         name="tournament"),
    path("clubs/<slug:slug>/chouette/<id:pk>/print/", views.print_chouette, name="chouette"),
    path("clubs/<slug:slug>/ratings/print/", views.print_ratings, name="ratings"),
    path("clubs/<slug:slug>/ratings/leaderboard/print/", views.print_season, name="season"),
    path("team-fixtures/<id:pk>/print/", views.print_team_card, name="team-card"),
    path("print/packs/<id:pk>/", views.pack_page, name="pack"),
]
