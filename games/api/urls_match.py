from django.urls import path

from config.converters import IdRouter  # (and <id:...>, a database id)

from .match import MatchRecordViewSet, MatchUploadApi

router = IdRouter()  # detail routes take database ids only
router.register("matches", MatchRecordViewSet, basename="match-record")

urlpatterns = [
    path("clubs/<slug:slug>/matches/", MatchUploadApi.as_view(), name="match-upload-api"),
    *router.urls,
]
