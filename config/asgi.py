"""The ASGI application: Django for HTTP, Channels for the WebSockets of live play.

Served by Daphne (``manage.py runserver`` with ``daphne`` installed, or ``daphne
config.asgi:application``). The WebSocket routes are the apps' ``urls_socket`` modules; the
session cookie signs the socket in, and its Origin must be one of ALLOWED_HOSTS.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
http = get_asgi_application()  # first: it sets Django up before the routes are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from live.urls_socket import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": http,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
        websocket_urlpatterns))),
})
