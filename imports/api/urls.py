"""API routes of a club's history imports (included under /api/)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views as api

urlpatterns = [
    path("clubs/<slug:slug>/imports/", api.ImportUploadApi.as_view(), name="import-upload-api"),
    path("imports/<id:import_id>/", api.ImportDetailApi.as_view(), name="import-api"),
    path("imports/<id:import_id>/confirm/", api.ImportConfirmApi.as_view(),
         name="import-confirm-api"),
    path("imports/<id:import_id>/errors.csv", api.ImportErrorsApi.as_view(),
         name="import-errors-api"),
    path("clubs/<slug:slug>/history.csv", api.HistoryExportApi.as_view(file_format="csv"),
         name="history-csv-api"),
    path("clubs/<slug:slug>/history.xlsx", api.HistoryExportApi.as_view(file_format="xlsx"),
         name="history-xlsx-api"),
]
