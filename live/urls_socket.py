"""WebSocket routes (wired in config/asgi.py). The last one takes every other path and
refuses it at the handshake (403): without it, a path no route matches
(``/ws/live/abc/``, ``/ws/live/9223372036854775808/``, ``/ws/nowhere/``) raised in Channels'
router, and the server answered 500 with the traceback in its log (issue 31.5)."""

from django.urls import path, re_path

from config import converters  # noqa: F401  (registers <id:...>, a database id)

from .views_socket import LiveMatchSocket, NoSuchSocket

websocket_urlpatterns = [
    path("ws/live/<id:pk>/", LiveMatchSocket.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),  # last: any other path, refused
]
