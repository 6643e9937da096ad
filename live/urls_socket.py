"""WebSocket routes (wired in config/asgi.py)."""

from django.urls import path

from .views_socket import LiveMatchSocket

websocket_urlpatterns = [
    path("ws/live/<int:pk>/", LiveMatchSocket.as_asgi()),
]
