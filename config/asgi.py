"""The ASGI application: Django for HTTP, Channels for the WebSockets of live play.

Served in production by ``bin/web``, whose worker (``config/web_worker.py``) answers HTTP
itself with this application's WSGI handler (``http.wsgi``) in its threads, as a plain
threaded WSGI server does, and gives only the sockets to this application. In development
Daphne serves it whole (``manage.py runserver`` with ``daphne`` installed): HTTP goes to
Django's WSGI handler in a worker thread (``config.web_http``), the sockets to Channels. The
WebSocket routes are the apps' ``urls_socket`` modules; the session cookie signs the socket
in, and its Origin must be one of ALLOWED_HOSTS.
"""

import os

import django
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if not settings.configured:
    # A server that loads this module first serves ASGI: on PostgreSQL its connections come
    # from a bounded pool (config/settings.py, DB_POOL). Not when the settings were loaded
    # before (runserver, the tests): those keep their connections as they were.
    os.environ.setdefault("DB_POOL", "true")
django.setup(set_prefix=False)  # first: Django is set up before the routes are imported

from config.web_http import WsgiHttp  # noqa: E402

#: HTTP's threads per process (bin/web's WEB_THREADS): requests a process runs at once, each
#: holding one of the pool's DB_POOL_MAX connections while it runs.
http = WsgiHttp(threads=max(1, int(os.environ.get("WEB_THREADS") or 8)))

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from live.urls_socket import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": http,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
        websocket_urlpatterns))),
})
