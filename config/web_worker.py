"""The worker class of ``bin/web``: uvicorn's gunicorn worker, for Django's ASGI application.

- No lifespan protocol: Django's application does not speak it (uvicorn would log so).
- No proxy headers: uvicorn would take the client's address and scheme from
  X-Forwarded-For/-Proto when the connection comes from 127.0.0.1. The address stays the
  connection's and Django alone reads those headers, as far as NUM_PROXIES says
  (accounts.throttling.client_address, SECURE_PROXY_SSL_HEADER).
"""

from uvicorn_worker import UvicornWorker


class WebWorker(UvicornWorker):
    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "lifespan": "off", "proxy_headers": False}
