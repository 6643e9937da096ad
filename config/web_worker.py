"""The worker class of ``bin/web``: uvicorn's gunicorn worker, for Django's ASGI application.

- No lifespan protocol: Django's application does not speak it (uvicorn would log so).
- Small WebSocket frames: the live board's socket takes no input (it only says "version
  n"), yet uvicorn's default takes messages of up to 16 MiB, read, reassembled and
  decompressed before the consumer ignores them. ``WS_MAX_SIZE`` bytes is plenty for
  anything a browser sends on it (nothing); a larger message closes the socket (1009).
  No per-message compression: it saves nothing on messages of a few bytes, and a
  compressed frame is where a small upload grows large.
- No proxy headers: uvicorn would take the client's address and scheme from
  X-Forwarded-For/-Proto when the connection comes from 127.0.0.1. The address stays the
  connection's and Django alone reads those headers, as far as NUM_PROXIES says
  (accounts.throttling.client_address, SECURE_PROXY_SSL_HEADER).
"""

from uvicorn_worker import UvicornWorker

#: The largest WebSocket message a client may send (bytes).
WS_MAX_SIZE = 4096


class WebWorker(UvicornWorker):
    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "lifespan": "off", "proxy_headers": False,
                     "ws_max_size": WS_MAX_SIZE, "ws_per_message_deflate": False}
