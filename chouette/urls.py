"""Chouette pages (the paths they had under the games app)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

PREFIX = "clubs/<slug:slug>/chouette/"

app_name = "chouette"

urlpatterns = [
    path(PREFIX, views.session_list, name="list"),
    path(PREFIX + "new/", views.session_new, name="new"),
    path(PREFIX + "settlement/", views.settlement, name="settlement"),
    path(PREFIX + "settlement/paid/", views.mark_paid, name="mark-paid"),
    path(PREFIX + "settlement/payments/<id:pk>/undo/", views.payment_undo,
         name="payment-undo"),
    path(PREFIX + "players/<id:player_id>/", views.player_record, name="record"),
    path(PREFIX + "<id:pk>/", views.board, name="board"),
    path(PREFIX + "<id:pk>/state.json", views.board_state, name="state"),
    path(PREFIX + "<id:pk>/ledger.csv", views.ledger_csv, name="ledger-csv"),
    path(PREFIX + "<id:pk>/<slug:tap>/", views.board_tap, name="tap"),
]
