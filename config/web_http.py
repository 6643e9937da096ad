"""HTTP at a plain WSGI server's speed inside the ASGI application (issue 32.5).

Django's own ASGI handler runs every request's sync middleware and view through
``sync_to_async`` hops (the request signals, the middleware chain, the response), and the
pages, all sync, paid about half their rate for it: ``bin/web`` answered 111 requests/s where
gunicorn's sync workers answered 221 on the same machine. Here an HTTP request goes to
Django's WSGI handler, the one a sync server calls, in one hop to a worker thread; only the
WebSockets (``config.asgi``) go through Channels.

- One thread per process by default (``threads``): as Django's ASGI handler did (every sync
  view in the one thread-sensitive thread) and as a sync worker does, a process runs one
  request's Python at a time, while its event loop keeps the sockets going.
- The call runs inside asgiref's ``SyncToAsync``, so an ``async_to_sync`` in a view (live
  play's ``group_send``) runs on the server's event loop, with its channel layer's
  connections, as before.
- A response is sent whole when it is not streaming (one hop back); a streaming one (a file,
  a CSV) is sent chunk by chunk from the thread, each chunk waiting for the socket.
- The request body is read before the view runs, in memory up to
  ``FILE_UPLOAD_MAX_MEMORY_SIZE`` and in a temporary file above, as Django's ASGI handler
  reads it.
"""

from __future__ import annotations

import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import AsyncToSync, SyncToAsync
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler


def environ_from_scope(scope: dict, body) -> dict:
    """The WSGI environ of an ASGI HTTP scope (PEP 3333), ``body`` a file at its start."""
    script_name = scope.get("root_path", "")
    path = scope["path"]
    if script_name and path.startswith(script_name):
        path = path[len(script_name):]
    server = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] if server[1] is not None else 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    client = scope.get("client")
    if client:
        environ["REMOTE_ADDR"] = client[0]
        environ["REMOTE_PORT"] = str(client[1])
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_LENGTH":
            key = "CONTENT_LENGTH"
        elif name == "CONTENT_TYPE":
            key = "CONTENT_TYPE"
        else:
            key = f"HTTP_{name}"
        if key in environ:  # a repeated header, joined as a WSGI server joins it
            value = f"{environ[key]},{value}"
        environ[key] = value
    return environ


class _Start:
    """WSGI's start_response, keeping the status and the headers as ASGI sends them."""

    __slots__ = ("status", "headers")

    def __init__(self):
        self.status = 500
        self.headers: list[tuple[bytes, bytes]] = []

    def __call__(self, status: str, headers, exc_info=None):
        self.status = int(status.split(" ", 1)[0])
        self.headers = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                        for name, value in headers]
        return self._write

    @staticmethod
    def _write(data: bytes) -> None:  # pragma: no cover - Django never calls write()
        raise NotImplementedError("write() is not supported; return an iterable instead")


class WsgiHttp:
    """An ASGI application for ``http`` scopes that serves them with Django's WSGI handler
    in ``threads`` worker threads of this process."""

    def __init__(self, threads: int = 1):
        self.wsgi = WSGIHandler()
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="web-http")
        self._serve = SyncToAsync(self._serve_sync, thread_sensitive=False,
                                  executor=self.executor)

    async def __call__(self, scope, receive, send):
        body = await self._read_body(receive)
        if body is None:
            return  # the client went away before its request was complete
        try:
            answer = await self._serve(scope, body, send)
        finally:
            body.close()
        if answer is not None:
            status, headers, content = answer
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": content})

    @staticmethod
    async def _read_body(receive):
        body = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE,
                                             mode="w+b")
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                body.close()
                return None
            body.write(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body.seek(0)
        return body

    def _serve_sync(self, scope, body, send):
        """In the worker thread: the whole answer of a plain response, or None once a
        streaming one has been sent from here."""
        start = _Start()
        response = self.wsgi(environ_from_scope(scope, body), start)
        try:
            if not getattr(response, "streaming", False):
                return start.status, start.headers, b"".join(response)
            send_sync = AsyncToSync(send)
            started = False
            for chunk in response:
                if not started:
                    send_sync({"type": "http.response.start", "status": start.status,
                               "headers": start.headers})
                    started = True
                if chunk:
                    send_sync({"type": "http.response.body", "body": chunk,
                               "more_body": True})
            if not started:
                send_sync({"type": "http.response.start", "status": start.status,
                           "headers": start.headers})
            send_sync({"type": "http.response.body", "body": b""})
            return None
        finally:
            close = getattr(response, "close", None)
            if close is not None:
                close()  # request_finished: the database connection goes back

