from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

app_name = "clubs"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/manage/", views.club_manage, name="manage"),
    path("clubs/<slug:slug>/manage/language/", views.club_language, name="language"),
    path("clubs/<slug:slug>/manage/members/<id:membership_id>/role/", views.membership_role,
         name="membership-role"),
    path("clubs/<slug:slug>/manage/members/<id:membership_id>/remove/",
         views.membership_remove, name="membership-remove"),
]
