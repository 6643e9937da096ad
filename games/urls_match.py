from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from .views import bulk, replay
from .views import match as views

urlpatterns = [
    path("clubs/<slug:slug>/matches/", views.match_list, name="match-list"),
    path("clubs/<slug:slug>/matches/upload/", views.match_upload, name="match-upload"),
    path("clubs/<slug:slug>/match-files/", bulk.match_files, name="match-files"),
    path("match-files/<id:pk>/", bulk.match_files_report, name="match-files-report"),
    path("matches/<id:pk>/", views.match_detail, name="match-detail"),
    path("matches/<id:pk>/export.mat", views.match_download, name="match-export"),
    path("matches/<id:pk>/export.sgf", views.match_download_sgf, name="match-export-sgf"),
    path("matches/<id:pk>/replay/<str:key>/", replay.match_replay_frame,
         name="match-replay-frame"),
    path("replay/settings/", replay.replay_setting_update, name="replay-setting"),
]
