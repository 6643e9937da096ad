from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

app_name = "imports"

urlpatterns = [
    path("clubs/<slug:slug>/manage/imports/", views.import_list, name="list"),
    path("clubs/<slug:slug>/manage/imports/<id:import_id>/", views.import_detail,
         name="detail"),
    path("clubs/<slug:slug>/manage/imports/<id:import_id>/confirm/", views.import_confirm,
         name="confirm"),
    path("clubs/<slug:slug>/manage/imports/<id:import_id>/errors.csv",
         views.import_errors_csv, name="errors"),
]
