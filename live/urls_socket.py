"""WebSocket routes (wired in config/asgi.py)."""

from django.urls import path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from .views_socket import LiveMatchSocket

websocket_urlpatterns = [
    path("ws/live/<id:pk>/", LiveMatchSocket.as_asgi()),
]
