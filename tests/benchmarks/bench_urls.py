"""The project's URLs plus the minimal Django view the page benchmarks compare with."""

from django.http import HttpResponse
from django.urls import include, path


def minimal(request):
    return HttpResponse("ok")


BIG = ("<tr><td>" + "x" * 220 + "</td></tr>\n") * 500  # a rating list's size, as a constant


def minimal_big(request):
    return HttpResponse(BIG)


urlpatterns = [path("bench/minimal/", minimal), path("bench/minimal-big/", minimal_big),
               path("", include("config.urls"))]
