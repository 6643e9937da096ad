from django.urls import path

from .views import match as views
from .views import replay

urlpatterns = [
    path("clubs/<slug:slug>/matches/", views.match_list, name="match-list"),
    path("clubs/<slug:slug>/matches/upload/", views.match_upload, name="match-upload"),
    path("matches/<int:pk>/", views.match_detail, name="match-detail"),
    path("matches/<int:pk>/export.mat", views.match_download, name="match-export"),
    path("matches/<int:pk>/export.sgf", views.match_download_sgf, name="match-export-sgf"),
    path("matches/<int:pk>/replay/<str:key>/", replay.match_replay_frame,
         name="match-replay-frame"),
    path("replay/settings/", replay.replay_setting_update, name="replay-setting"),
]
