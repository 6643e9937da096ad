"""The ASGI application: Django for HTTP, Channels for the WebSockets of live play.

Served in production by ``bin/web`` (gunicorn with uvicorn workers), in development by
Daphne (``manage.py runserver`` with ``daphne`` installed). The WebSocket routes are the
apps' ``urls_socket`` modules; the session cookie signs the socket in, and its Origin must
be one of ALLOWED_HOSTS.
"""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if not settings.configured:
    # A server that loads this module first serves ASGI: on PostgreSQL its connections come
    # from a bounded pool (config/settings.py, DB_POOL). Not when the settings were loaded
    # before (runserver, the tests): those keep their connections as they were.
    os.environ.setdefault("DB_POOL", "true")
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
