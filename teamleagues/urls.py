from django.urls import path

from config import converters  # noqa: F401 - registers <id:...>, a database id

from . import views

app_name = "teamleagues"

urlpatterns = [
    path("team-leagues/<id:pk>/", views.league_page, name="league"),
    path("team-leagues/<id:pk>/fixtures/", views.fixtures_page, name="fixtures"),
    path("team-leagues/<id:pk>/next/", views.next_season, name="next"),
    path("team-leagues/teams/<id:pk>/", views.team_page, name="team"),
    path("team-leagues/captain/", views.captain_page, name="captain"),
    path("team-fixtures/<id:pk>/", views.card_page, name="card"),
    path("team-fixtures/<id:pk>/state/", views.card_state, name="card-state"),
    path("team-fixtures/<id:pk>/<slug:action>/", views.card_action, name="card-action"),
]
