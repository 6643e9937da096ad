"""Chouette pages, under the ``games`` namespace."""

from django.urls import path

from .views import chouette as views

P = "clubs/<slug:slug>/chouette/"

urlpatterns = [
    path(P, views.session_list, name="chouette-list"),
    path(P + "new/", views.session_new, name="chouette-new"),
    path(P + "settlement/", views.settlement, name="chouette-settlement"),
    path(P + "settlement/paid/", views.mark_paid, name="chouette-mark-paid"),
    path(P + "settlement/payments/<int:pk>/undo/", views.payment_undo,
         name="chouette-payment-undo"),
    path(P + "players/<int:player_id>/", views.player_record, name="chouette-record"),
    path(P + "<int:pk>/", views.board, name="chouette-board"),
    path(P + "<int:pk>/state.json", views.board_state, name="chouette-state"),
    path(P + "<int:pk>/ledger.csv", views.ledger_csv, name="chouette-ledger-csv"),
    path(P + "<int:pk>/<slug:tap>/", views.board_tap, name="chouette-tap"),
]
