"""The error pages (issue 33, point 7): 400, 403, 404 and 500 in the site's frame, in the
reader's language (the one rule: their choice, else their club's, else the browser's),
with a way back; DEBUG off. The 500 page renders with no request context and no query."""

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.test import Client
from django.urls import include, path, reverse
from django.utils import translation
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "da", "de", "it", "ja"]
HEADINGS = {400: "Bad request", 403: "Not allowed", 404: "Page not found",
            500: "Something went wrong"}


def _boom(request):
    raise RuntimeError("a bug")


def _suspicious(request):
    raise SuspiciousOperation("a forged request")


def _refused(request):
    raise PermissionDenied


urlpatterns = [path("boom/", _boom), path("suspicious/", _suspicious),
               path("refused/", _refused), path("", include("config.urls"))]


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__


def _check(response, status: int, language: str) -> str:
    page = response.content.decode()
    assert response.status_code == status
    assert f'<html lang="{language}"' in page
    assert 'class="topbar"' in page and "<footer>" in page  # the site's frame
    with translation.override(language):
        heading = translation.gettext(HEADINGS[status])
        back = translation.gettext("Back to the list of clubs")
    assert f"<h1>{heading}</h1>" in page
    assert f'<a href="{reverse("clubs:home")}">{back}</a>' in page  # the way back
    return page


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("url", "status"), [("/no-such-page/", 404), ("/refused/", 403),
                                             ("/suspicious/", 400), ("/boom/", 500)])
def test_a_visitor_reads_the_error_page_in_the_browsers_language(url, status, language):
    client = Client(raise_request_exception=False)
    _check(client.get(url, HTTP_ACCEPT_LANGUAGE=language), status, language)


@pytest.mark.parametrize("language", ["da", "de", "it", "ja"])
def test_a_member_reads_a_refusal_in_the_clubs_language(client, club, bob, language):
    club.language = language
    club.save()
    client.force_login(bob)
    response = client.get(reverse("clubs:manage", args=[club.slug]),
                          HTTP_ACCEPT_LANGUAGE="en")
    page = _check(response, 403, language)
    assert reverse("account_login") not in page  # signed in: no "Log in" offered


def test_a_visitor_refused_is_offered_to_log_in(client):
    page = _check(client.get("/refused/"), 403, "en")
    assert f'{reverse("account_login")}?next=/refused/' in page


def test_the_500_page_needs_no_request_context_and_no_query(rf, django_assert_num_queries):
    with django_assert_num_queries(0), translation.override("de"):
        response = server_error(rf.get("/"))
    _check(response, 500, "de")


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_form_sent_without_its_csrf_token_gets_the_sites_page(language):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("account_login"), {"login": "x", "password": "y"},
                           HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 403 and f'<html lang="{language}"' in page
    with translation.override(language):
        assert f"<h1>{translation.gettext('The form has expired')}</h1>" in page
