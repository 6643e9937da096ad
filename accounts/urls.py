"""Account pages (allauth's sign-in pages are included after these in config/urls.py)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

app_name = "accounts"

urlpatterns = [
    path("accounts/tokens/", views.api_tokens, name="tokens"),
    path("accounts/my-data/", views.my_data, name="my-data"),
    path("accounts/my-data/download/", views.my_data_download, name="my-data-download"),
    path("accounts/my-data/close/", views.my_data_close, name="my-data-close"),
    path("accounts/language/", views.account_language_choose, name="language"),
    path("accounts/invitations/<str:token>/", views.invitation_accept,
         name="invitation-accept"),
    path("clubs/<slug:slug>/manage/invitations/", views.club_invitations,
         name="club-invitations"),
    path("clubs/<slug:slug>/manage/invitations/<id:invitation_id>/<str:action>/",
         views.club_invitation_action, name="club-invitation-action"),
    path("clubs/<slug:slug>/manage/outbox/", views.club_outbox, name="club-outbox"),
    path("clubs/<slug:slug>/manage/outbox/<id:mail_id>/", views.club_outbox_mail,
         name="club-outbox-mail"),
    path("clubs/new/", views.club_new, name="club-new"),
    path("clubs/<slug:slug>/join/", views.club_join, name="club-join"),
    path("clubs/<slug:slug>/manage/requests/", views.club_join_requests,
         name="club-join-requests"),
]
