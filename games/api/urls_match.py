from django.urls import path

from config.converters import IdRouter  # (and <id:...>, a database id)

from .bulk import MatchFilesDetailApi, MatchFilesNamesApi, MatchFilesUploadApi
from .match import MatchRecordViewSet, MatchUploadApi

router = IdRouter()  # detail routes take database ids only
router.register("matches", MatchRecordViewSet, basename="match-record")

urlpatterns = [
    path("clubs/<slug:slug>/matches/", MatchUploadApi.as_view(), name="match-upload-api"),
    path("clubs/<slug:slug>/match-files/", MatchFilesUploadApi.as_view(),
         name="match-files-upload-api"),
    path("match-files/<id:pk>/", MatchFilesDetailApi.as_view(), name="match-files-api"),
    path("match-files/<id:pk>/names/", MatchFilesNamesApi.as_view(),
         name="match-files-names-api"),
    *router.urls,
]
