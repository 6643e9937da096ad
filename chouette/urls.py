"""Chouette pages (the paths they had under the games app)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from . import views

P = "clubs/<slug:slug>/chouette/"

app_name = "chouette"

urlpatterns = [
    path(P, views.session_list, name="list"),
    path(P + "new/", views.session_new, name="new"),
    path(P + "settlement/", views.settlement, name="settlement"),
    path(P + "settlement/paid/", views.mark_paid, name="mark-paid"),
    path(P + "settlement/payments/<id:pk>/undo/", views.payment_undo,
         name="payment-undo"),
    path(P + "players/<id:player_id>/", views.player_record, name="record"),
    path(P + "<id:pk>/", views.board, name="board"),
    path(P + "<id:pk>/state.json", views.board_state, name="state"),
    path(P + "<id:pk>/ledger.csv", views.ledger_csv, name="ledger-csv"),
    path(P + "<id:pk>/<slug:tap>/", views.board_tap, name="tap"),
]
