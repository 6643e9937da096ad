from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.translation import gettext_lazy
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.views import ThrottledLoginView, ThrottledPasswordResetView
from clubs import urls as club_urls
from ops.health import healthz
from ratings import urls as rating_urls

from .jsi18n import CachedJavaScriptCatalog

# The admin signs in through allauth's page (with its second factor), not a form of its own
# (before its URLs are made: they hold the view).
admin.site.login = secure_admin_login(admin.site.login)


class FaviconRedirect(RedirectView):
    """Browsers ask for /favicon.ico whatever the page says: the static icon (its URL asked
    at the request: in production the manifest exists only after collectstatic)."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        return static("favicon.ico")

urlpatterns = [
    # Accounts first: /clubs/new/ is a page, not a club called "new".
    path("", include("accounts.urls")),
    # One namespace for a club's pages, served by two apps: the ratings pages keep their
    # names (clubs:ratings, clubs:player, ...) though they live in the ratings app.
    path("", include(([*club_urls.urlpatterns, *rating_urls.urlpatterns], "clubs"))),
    path("", include("federations.urls")),
    path("", include("games.urls")),
    # Before the chouette's and tournaments' own: their <slug:tap> and <slug:action> would
    # take "print" (printing/urls.py).
    path("", include("printing.urls")),
    path("", include("chouette.urls")),
    path("", include("tournaments.urls")),
    path("", include("teamleagues.urls")),
    path("", include("live.urls")),
    path("", include("analysis.urls")),
    path("", include("notifications.urls")),
    path("", include("imports.urls")),
    # Sign-in, password reset and change, email addresses, two-factor sign-in: django-allauth
    # (accounts.services.adapter: no public sign-up, mail through the outbox). Our
    # rate-limited login and reset views answer their URLs first, under allauth's names.
    path("accounts/login/", ThrottledLoginView.as_view(), name="account_login"),
    path("accounts/password/reset/", ThrottledPasswordResetView.as_view(),
         name="account_reset_password"),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", FaviconRedirect.as_view(), name="favicon"),
    # The scripts' strings in the page's language (Django's catalog, built once, ETag).
    path("jsi18n/", CachedJavaScriptCatalog.as_view(), name="javascript-catalog"),
]

admin.site.site_header = gettext_lazy("Backgammon club manager — referees and admins")
admin.site.site_title = gettext_lazy("Backgammon club admin")
