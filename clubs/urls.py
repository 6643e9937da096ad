from django.urls import path

from . import views
from .views import ratings

app_name = "clubs"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/manage/", views.club_manage, name="manage"),
    path("clubs/<slug:slug>/manage/members/<int:membership_id>/role/", views.membership_role,
         name="membership-role"),
    path("clubs/<slug:slug>/manage/members/<int:membership_id>/remove/",
         views.membership_remove, name="membership-remove"),
    # Ratings and standings (the results gate); the settings page for the club's admins.
    path("clubs/<slug:slug>/ratings/", ratings.rating_list, name="ratings"),
    path("clubs/<slug:slug>/ratings/leaderboard/", ratings.leaderboard, name="leaderboard"),
    path("clubs/<slug:slug>/ratings/master-points/", ratings.master_points,
         name="master-points"),
    path("clubs/<slug:slug>/ratings/what-if/", ratings.what_if, name="what-if"),
    path("clubs/<slug:slug>/players/<int:player_id>/", ratings.player_page, name="player"),
    path("clubs/<slug:slug>/players/<int:player_id>/head-to-head/",
         ratings.player_head_to_head, name="head-to-head"),
    path("clubs/<slug:slug>/manage/ratings/", ratings.ratings_manage, name="ratings-manage"),
]
