from django.urls import path

from . import views

urlpatterns = [
    path("federations/", views.FederationCreateApi.as_view(), name="federation-create-api"),
    path("federations/<slug:slug>/", views.FederationDetailApi.as_view(),
         name="federation-detail-api"),
    path("federations/<slug:slug>/clubs/", views.ClubApplyApi.as_view(),
         name="federation-club-apply-api"),
    path("federations/<slug:slug>/clubs/<slug:club>/accept/", views.ClubAcceptApi.as_view(),
         name="federation-club-accept-api"),
    path("federations/<slug:slug>/clubs/<slug:club>/refuse/", views.ClubRefuseApi.as_view(),
         name="federation-club-refuse-api"),
    path("federations/<slug:slug>/clubs/<slug:club>/leave/", views.ClubLeaveApi.as_view(),
         name="federation-club-leave-api"),
    path("federations/<slug:slug>/roles/", views.RoleGrantApi.as_view(),
         name="federation-role-grant-api"),
    path("federations/<slug:slug>/roles/revoke/", views.RoleRevokeApi.as_view(),
         name="federation-role-revoke-api"),
    path("federations/<slug:slug>/policy/", views.FederationPolicyApi.as_view(),
         name="federation-policy-api"),
    path("clubs/<slug:slug>/rated-policy/", views.ClubPolicyApi.as_view(),
         name="club-rated-policy-api"),
]
