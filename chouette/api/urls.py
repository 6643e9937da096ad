"""Chouette API routes (included under /api/)."""

from django.urls import path

from config.converters import IdRouter  # (and <id:...>, a database id)

from . import views as api

router = IdRouter()  # detail routes take database ids only
router.register("chouette/sessions", api.ChouetteSessionViewSet, basename="chouette-session")
router.register("chouette/games", api.ChouetteGameViewSet, basename="chouette-game")

urlpatterns = [
    path("clubs/<slug:slug>/chouette/sessions/", api.ChouetteSessionStartApi.as_view(),
         name="chouette-session-start-api"),
    path("clubs/<slug:slug>/chouette/settlement/", api.ChouetteSettlementApi.as_view(),
         name="chouette-settlement-api"),
    path("clubs/<slug:slug>/chouette/payments/", api.ChouettePaymentApi.as_view(),
         name="chouette-payment-api"),
    path("clubs/<slug:slug>/chouette/payments/<id:pk>/undo/",
         api.ChouettePaymentUndoApi.as_view(), name="chouette-payment-undo-api"),
    path("chouette/sessions/<id:pk>/order/", api.ChouetteOrderRollApi.as_view(),
         name="chouette-order-api"),
    path("chouette/sessions/<id:pk>/lineup/", api.ChouetteLineupApi.as_view(),
         name="chouette-lineup-api"),
    path("chouette/sessions/<id:pk>/games/", api.ChouetteGameStartApi.as_view(),
         name="chouette-game-start-api"),
    path("chouette/sessions/<id:pk>/undo/", api.ChouetteGameUndoApi.as_view(),
         name="chouette-undo-api"),
    path("chouette/games/<id:pk>/cube-actions/", api.ChouetteCubeActionApi.as_view(),
         name="chouette-cube-action-api"),
    path("chouette/games/<id:pk>/result/", api.ChouetteResultApi.as_view(),
         name="chouette-result-api"),
    *router.urls,
]
