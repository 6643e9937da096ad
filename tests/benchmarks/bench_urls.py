"""The project's URLs plus the minimal Django view the page benchmarks compare with."""

from django.http import HttpResponse
from django.urls import include, path


def minimal(request):
    return HttpResponse("ok")


urlpatterns = [path("bench/minimal/", minimal), path("", include("config.urls"))]
