"""Ratings and standings pages (the results gate); the settings page for the club's admins.

Served in the ``clubs`` URL namespace (``config/urls.py`` puts these routes beside the
club's own), so their names are unchanged: ``clubs:ratings``, ``clubs:player``, ...
"""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

urlpatterns = [
    path("clubs/<slug:slug>/ratings/", views.rating_list, name="ratings"),
    path("clubs/<slug:slug>/ratings/leaderboard/", views.leaderboard, name="leaderboard"),
    path("clubs/<slug:slug>/ratings/master-points/", views.master_points,
         name="master-points"),
    path("clubs/<slug:slug>/ratings/what-if/", views.what_if, name="what-if"),
    path("clubs/<slug:slug>/players/<id:player_id>/", views.player_page, name="player"),
    path("clubs/<slug:slug>/players/<id:player_id>/head-to-head/",
         views.player_head_to_head, name="head-to-head"),
    path("clubs/<slug:slug>/manage/ratings/", views.ratings_manage, name="ratings-manage"),
    path("federations/<slug:slug>/ratings/", views.federation_ratings,
         name="federation-ratings"),
]
