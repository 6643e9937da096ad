from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.views import ThrottledLoginView

from .health import healthz

urlpatterns = [
    path("", include("clubs.urls")),
    path("", include("games.urls")),
    path("", include("chouette.urls")),
    path("", include("tournaments.urls")),
    # The rate-limited login view first: it answers /accounts/login/ before Django's own.
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("healthz", healthz, name="healthz"),
]

admin.site.site_header = "Backgammon club manager — referees and admins"
admin.site.site_title = "Backgammon club admin"
