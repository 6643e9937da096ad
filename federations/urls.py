from django.urls import path

from . import views

app_name = "federations"

urlpatterns = [
    path("federations/", views.federation_list, name="list"),
    path("federations/<slug:slug>/", views.federation_detail, name="detail"),
    path("federations/<slug:slug>/apply/", views.federation_apply, name="apply"),
    path("federations/<slug:slug>/audit/", views.federation_audit, name="audit"),
    *[path(f"federations/<slug:slug>/clubs/<slug:club>/{decision}/",
           views.federation_club_decide, {"decision": decision}, name=decision)
      for decision in ("accept", "refuse", "leave")],
]
