from django.urls import path

from accounts import api
from config import converters  # noqa: F401  (registers <id:...>, a database id)

urlpatterns = [
    path("me/", api.MeApi.as_view(), name="me-api"),
    path("invitations/<str:token>/accept/", api.InvitationAcceptApi.as_view(),
         name="invitation-accept-api"),
    path("clubs/<slug:slug>/invitations/", api.ClubInvitationsApi.as_view(),
         name="invitation-list-api"),
    path("clubs/<slug:slug>/invitations/<id:invitation_id>/resend/",
         api.ClubInvitationActionApi.as_view(action="resend"), name="invitation-resend-api"),
    path("clubs/<slug:slug>/invitations/<id:invitation_id>/revoke/",
         api.ClubInvitationActionApi.as_view(action="revoke"), name="invitation-revoke-api"),
]
