from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.views import ThrottledLoginView, ThrottledPasswordResetView
from clubs import urls as club_urls
from ratings import urls as rating_urls

from .health import healthz

urlpatterns = [
    # Accounts first: /clubs/new/ is a page, not a club called "new".
    path("", include("accounts.urls")),
    # One namespace for a club's pages, served by two apps: the ratings pages keep their
    # names (clubs:ratings, clubs:player, ...) though they live in the ratings app.
    path("", include(([*club_urls.urlpatterns, *rating_urls.urlpatterns], "clubs"))),
    path("", include("games.urls")),
    path("", include("chouette.urls")),
    path("", include("tournaments.urls")),
    path("", include("live.urls")),
    path("", include("analysis.urls")),
    # The rate-limited login view first: it answers /accounts/login/ before Django's own.
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/password/reset/", ThrottledPasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password/reset/done/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/",
         auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("accounts/password/reset/complete/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("", include("notifications.urls")),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Changing the password keeps this session and signs out the login's other sessions
    # (Django checks each session against the password's hash).
    path("accounts/password/change/", auth_views.PasswordChangeView.as_view(),
         name="password_change"),
    path("accounts/password/change/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("healthz", healthz, name="healthz"),
]

admin.site.site_header = "Backgammon club manager — referees and admins"
admin.site.site_title = "Backgammon club admin"
