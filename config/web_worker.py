"""The worker class of ``bin/web``: HTTP as a threaded WSGI server serves it, the live boards'
WebSockets on an event loop, one port (issue 32.5).

gunicorn's threaded worker (``gthread``) reads, parses and answers each HTTP request in one of
its ``--threads`` threads with Django's WSGI handler: what a plain sync server does, with
keep-alive, and nothing else. A request asking to become a WebSocket (``Upgrade:
websocket``) is handed over with its socket to the process's event loop (uvloop, in a thread
of its own) and from there to uvicorn's WebSocket protocol and the ASGI application's sockets
(Channels, ``config.asgi``), as uvicorn's own HTTP protocol hands an upgrade over. Uvicorn's
worker served HTTP on the event loop too, each request hopping to a thread and back: a page
cost 1.2-1.4x the CPU of a sync server's and came at 0.68-0.79x its rate (docs/benchmarks.md).

- The application given to gunicorn is ``config.asgi:application``: its ``http`` is a
  ``config.web_http.WsgiHttp`` whose WSGI handler answers the HTTP here; the application
  itself answers the sockets. So whether the database pool is on is still decided by
  ``config.asgi`` alone.
- ``async_to_sync`` in a view (live play's ``group_send``) runs on the process's event loop,
  with its channel layer's connections (asgiref's ``main_event_loop`` of each HTTP thread).
- Stopping (SIGTERM, a restart): the threads finish their requests as gthread's do; then
  each socket is closed with 1012 (service restart; the board reconnects to the next
  process), as uvicorn's worker closed them.
- Small WebSocket frames (``CONFIG_KWARGS``, uvicorn's settings for the sockets): the live
  board's socket takes no input (it only says "version n"), yet uvicorn's default takes
  messages of up to 16 MiB, read, reassembled and decompressed before the consumer ignores
  them. ``WS_MAX_SIZE`` bytes is plenty for anything a browser sends on it (nothing); a
  larger message closes the socket (1009). No per-message compression: it saves nothing on
  messages of a few bytes, and a compressed frame is where a small upload grows large.
- No proxy headers: the client's address and scheme are the connection's (gunicorn's
  ``--forwarded-allow-ips ""`` for HTTP, ``proxy_headers`` off for the sockets) and Django
  alone reads X-Forwarded-For/-Proto, as far as NUM_PROXIES says
  (accounts.throttling.client_address, SECURE_PROXY_SSL_HEADER).
- No TLS: bin/web serves plain HTTP behind the proxy that terminates it (a socket wrapped in
  TLS by gunicorn could not be handed to the event loop).
"""

from __future__ import annotations

import asyncio
import logging
import mmap
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync
from gunicorn.workers.gthread import ThreadWorker

#: The largest WebSocket message a client may send (bytes).
WS_MAX_SIZE = 4096

#: uvicorn's settings for the sockets (``uvicorn.Config``): no lifespan (Django's application
#: does not speak it), no proxy headers, small frames, no compression.
CONFIG_KWARGS = {
    "lifespan": "off",
    "proxy_headers": False,
    "ws_max_size": WS_MAX_SIZE,
    "ws_per_message_deflate": False,
}

#: How long a stopping worker waits for its sockets to close after saying 1012 (seconds).
SOCKETS_CLOSE_TIMEOUT = 5.0

#: ``handle_request``'s answer when the connection went to the event loop: not kept alive
#: by gthread, not closed either.
HANDED_OVER = object()

#: A process holding more connections than another waits this long before it accepts a new
#: one, so that the other (awake on the same listening socket) takes it.
ACCEPT_DEFER = 0.020

#: Each process's count of HTTP connections, for its siblings to read: (pid, count) in a
#: slot per process (its age, modulo the slots), in memory shared by the processes forked
#: from the master (which imports this module before forking).
BOARD_SLOTS = 64
_BOARD = mmap.mmap(-1, BOARD_SLOTS * 16)


def is_websocket_upgrade(headers) -> bool:
    """Whether a request's headers (gunicorn's: upper-case names) ask for a WebSocket."""
    upgrade = connection = False
    for name, value in headers:
        if name == "UPGRADE":
            upgrade = upgrade or value.strip().lower() == "websocket"
        elif name == "CONNECTION":
            connection = connection or any(
                token.strip().lower() == "upgrade" for token in value.split(",")
            )
    return upgrade and connection


def request_bytes(req) -> bytes:
    """The request line and headers of gunicorn's parsed request, as the client sent them
    but for the names' case: lower, as ASGI gives them (gunicorn keeps them upper-case; the
    socket's protocol passes them on as they come, and Channels looks for ``origin``)."""
    lines = [f"{req.method} {req.uri} HTTP/{req.version[0]}.{req.version[1]}"]
    lines += [f"{name.lower()}: {value}" for name, value in req.headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class WebWorker(ThreadWorker):
    #: Kept for the tests that run uvicorn with bin/web's socket settings.
    CONFIG_KWARGS = CONFIG_KWARGS

    @classmethod
    def check_config(cls, cfg, log):
        super().check_config(cfg, log)
        if cfg.is_ssl:
            raise RuntimeError(
                "bin/web serves plain HTTP: terminate TLS in the proxy in front of it"
            )

    # --- start: the application, the event loop, the threads

    def load_wsgi(self):
        super().load_wsgi()  # self.wsgi: the ASGI application of the command line
        self.asgi = self.wsgi
        mapping = getattr(self.asgi, "application_mapping", {})
        handler = getattr(mapping.get("http"), "wsgi", None)
        if handler is None:
            raise RuntimeError(
                "config.web_worker.WebWorker serves an ASGI application whose "
                "'http' is config.web_http.WsgiHttp (config.asgi:application)"
            )
        self.wsgi = handler

    def run(self):
        self._start_sockets()
        try:
            super().run()
        finally:
            self._board[self._slot] = self._board[self._slot + 1] = 0
            self._stop_sockets()

    def get_thread_pool(self):
        return ThreadPoolExecutor(
            max_workers=self.cfg.threads,
            thread_name_prefix="web-http",
            initializer=self._http_thread,
        )

    def _http_thread(self):
        # async_to_sync in a view runs its coroutine on the sockets' loop (asgiref looks for
        # it here, as in a thread SyncToAsync started from that loop).
        SyncToAsync.threadlocal.main_event_loop = self.loop
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()

    def _start_sockets(self):
        import uvicorn
        from uvicorn.server import ServerState

        for name, log in (
            ("uvicorn.error", self.log.error_log),
            ("uvicorn.access", self.log.access_log),
        ):
            logger = logging.getLogger(name)
            logger.handlers = log.handlers
            logger.setLevel(log.level)
            logger.propagate = False
        self.uvicorn = uvicorn.Config(
            self.asgi, log_config=None, timeout_keep_alive=self.cfg.keepalive, **CONFIG_KWARGS
        )
        self.uvicorn.load()
        self.server_state = ServerState()
        protocol_class = self.uvicorn.ws_protocol_class
        config, state = self.uvicorn, self.server_state

        class HandedOver(protocol_class):
            """uvicorn's WebSocket protocol on a connection whose request was read already."""

            def __init__(self, request: bytes):
                super().__init__(config=config, server_state=state, app_state={})
                self.request = request

            def connection_made(self, transport):
                super().connection_made(transport)
                self.data_received(self.request)

        self.protocol = HandedOver
        try:
            import uvloop

            self.loop = uvloop.new_event_loop()
        except ImportError:  # pragma: no cover - uvicorn[standard] brings it
            self.loop = asyncio.new_event_loop()
        self.loop_thread = threading.Thread(target=self._run_loop, name="web-sockets", daemon=True)
        self.loop_thread.start()

    def _run_loop(self):
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    # --- connections: to the idlest process

    def init_process(self):
        self._board = memoryview(_BOARD).cast("q")
        self._slot = 2 * (self.age % BOARD_SLOTS)
        self._accept_paused_until = 0.0
        self._waited = False
        self._publish()
        super().init_process()

    def _publish(self):
        self._board[self._slot] = self.pid
        self._board[self._slot + 1] = self.nr_conns

    def _fewest_elsewhere(self):
        """The fewest connections a sibling process holds (None: no sibling)."""
        fewest = None
        board = self._board
        for slot in range(0, len(board), 2):
            pid = board[slot]
            if not pid or pid == self.pid or slot == self._slot:
                continue
            try:
                os.kill(pid, 0)
            except OSError:  # gone (a worker killed without cleaning up)
                continue
            count = board[slot + 1]
            fewest = count if fewest is None else min(fewest, count)
        return fewest

    def accept(self, listener):
        """A connection goes to whichever process takes it first, and a kept-alive one
        stays there: left to chance, one process of two may hold every connection of a
        client and leave the other idle (a process runs one thread's Python at a time).
        A process that holds more connections than a sibling pauses before accepting, so
        that the sibling takes it; after the pause it takes what is still waiting."""
        if not self._waited:
            fewest = self._fewest_elsewhere()
            if fewest is not None and fewest < self.nr_conns:
                self._accept_paused_until = time.monotonic() + ACCEPT_DEFER
                self.set_accept_enabled(False)
                return
        self._waited = False
        super().accept(listener)
        self._publish()

    def set_accept_enabled(self, enabled):
        if enabled and self._accept_paused_until:
            return  # wait_for_and_dispatch_events ends the pause
        super().set_accept_enabled(enabled)

    def wait_for_and_dispatch_events(self, timeout):
        if self._accept_paused_until:
            pause = self._accept_paused_until - time.monotonic()
            if pause > 0:
                timeout = min(timeout, pause)
            else:
                self._accept_paused_until = 0.0
                if self.alive and self.nr_conns < self.worker_connections:
                    # The connection is this process's if no other took it meanwhile.
                    self._waited = True
                    self.set_accept_enabled(True)
        waited = self._waited
        super().wait_for_and_dispatch_events(timeout)
        if waited:
            self._waited = False
        self._publish()

    # --- HTTP: a WebSocket upgrade leaves for the loop; the rest as gthread serves it

    def handle_request(self, req, conn):
        if is_websocket_upgrade(req.headers):
            self._hand_over(req, conn)
            return HANDED_OVER
        fewest = self._fewest_elsewhere()
        if fewest is not None and self.nr_conns >= fewest + 2:
            # Two connections more than a sibling: this answer says "Connection: close", and
            # the client's next connection goes to the sibling (``accept``).
            req.must_close = True
        return super().handle_request(req, conn)

    def _keepalive_after(self, conn, keepalive):
        if keepalive is HANDED_OVER:
            return HANDED_OVER
        return super()._keepalive_after(conn, keepalive)

    def finish_request(self, conn, fs):
        if not fs.cancelled() and fs.exception() is None and fs.result() is HANDED_OVER:
            self.nr_conns -= 1  # the loop's now: not closed here, not kept alive
            return
        super().finish_request(conn, fs)

    def _hand_over(self, req, conn):
        request = request_bytes(req) + conn.parser.unreader.take_buffered()
        sock = conn.sock
        sock.setblocking(False)
        self.nr += 1
        self.loop.call_soon_threadsafe(self._adopt, sock, request)

    def _adopt(self, sock, request: bytes):
        """On the loop: serve the socket with uvicorn's WebSocket protocol."""
        task = self.loop.create_task(
            self.loop.connect_accepted_socket(lambda: self.protocol(request), sock)
        )
        task.add_done_callback(self._adopted)

    def _adopted(self, task):
        if not task.cancelled() and task.exception() is not None:
            self.log.error("A WebSocket could not be served: %r", task.exception())

    # --- stop: each socket says 1012, then the loop ends

    def _stop_sockets(self):
        if not getattr(self, "loop", None) or not self.loop.is_running():
            return
        done = asyncio.run_coroutine_threadsafe(self._close_sockets(), self.loop)
        try:
            done.result(SOCKETS_CLOSE_TIMEOUT + 1)
        except Exception:  # noqa: BLE001 - stopping anyway
            self.log.warning("The sockets did not all close in %s s", SOCKETS_CLOSE_TIMEOUT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.loop_thread.join(2)

    async def _close_sockets(self):
        for connection in list(self.server_state.connections):
            connection.shutdown()
        deadline = self.loop.time() + SOCKETS_CLOSE_TIMEOUT
        while (
            self.server_state.connections or self.server_state.tasks
        ) and self.loop.time() < deadline:
            await asyncio.sleep(0.05)
        for task in list(self.server_state.tasks):
            task.cancel()
