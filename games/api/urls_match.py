from django.urls import path
from rest_framework.routers import SimpleRouter

from .match import MatchRecordViewSet, MatchUploadApi

router = SimpleRouter()
router.register("matches", MatchRecordViewSet, basename="match-record")

urlpatterns = [
    path("clubs/<slug:slug>/matches/", MatchUploadApi.as_view(), name="match-upload-api"),
    *router.urls,
]
