"""The project's URLs plus the minimal Django views the page benchmarks compare with.

They are served by the project's settings (``bench_settings``: the same middleware stack,
sessions, authentication, messages, CSRF) so that a page's ratio to them measures the page's
own work. ``minimal_user`` also reads the session's user, as every page for a signed-in
member does: with a session cookie that is the session and user queries a member's page
cannot avoid."""

from django.http import HttpResponse
from django.urls import include, path


def minimal(request):
    return HttpResponse("ok")


def minimal_user(request):
    return HttpResponse(request.user.get_username() or "ok")


BIG = ("<tr><td>" + "x" * 220 + "</td></tr>\n") * 500  # a rating list's size, as a constant


def minimal_big(request):
    return HttpResponse(BIG)


urlpatterns = [path("bench/minimal/", minimal), path("bench/minimal-user/", minimal_user),
               path("bench/minimal-big/", minimal_big), path("", include("config.urls"))]
