"""The project's URLs plus the minimal Django views the page benchmarks compare with.

They are served by the project's settings (``bench_settings``: the same middleware stack,
sessions, authentication, messages, CSRF) so that a page's ratio to them measures the page's
own work. ``minimal_user`` also reads the session's user, as every page for a signed-in
member does: with a session cookie that is the session and user queries a member's page
cannot avoid."""

from django.http import HttpResponse
from django.urls import include, path
from rest_framework.response import Response
from rest_framework.views import APIView


def minimal(request):
    return HttpResponse("ok")


def minimal_user(request):
    return HttpResponse(request.user.get_username() or "ok")


BIG = ("<tr><td>" + "x" * 220 + "</td></tr>\n") * 500  # a rating list's size, as a constant


def minimal_big(request):
    return HttpResponse(BIG)


class MinimalApi(APIView):
    """The API's floor: Django REST framework's authentication, throttles and JSON, no
    work (``bench_pages`` shows its ratio beside the API lists')."""

    def get(self, request):
        return Response({"user": request.user.get_username()})


urlpatterns = [path("bench/minimal/", minimal), path("bench/minimal-user/", minimal_user),
               path("bench/minimal-api/", MinimalApi.as_view()),
               path("bench/minimal-big/", minimal_big), path("", include("config.urls"))]
