"""bin/web's HTTP (issue 32.5): the ASGI application serves HTTP with Django's WSGI handler
in a worker thread (``config.web_http``), as a plain sync server does, and only the sockets
through Channels."""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator

from config.web_http import WsgiHttp, environ_from_scope


def _scope(path="/x/", method="GET", headers=(), query=b""):
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query, "root_path": "", "headers": list(headers),
            "client": ("10.1.2.3", 5555), "server": ("127.0.0.1", 8000)}


def _run(coroutine):
    """asyncio.run in a thread of its own: a test before may have left a loop running in
    this one (the browser tests' Playwright)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _call(app, scope, body_parts=(b"",)):
    async def run():
        communicator = ApplicationCommunicator(app, scope)
        parts = list(body_parts)
        for n, part in enumerate(parts):
            await communicator.send_input({"type": "http.request", "body": part,
                                           "more_body": n < len(parts) - 1})
        messages = []
        while True:
            message = await communicator.receive_output(timeout=10)
            messages.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                break
        await communicator.wait(timeout=10)
        return messages

    return _run(run())


def test_the_environ_is_a_wsgi_servers():
    environ = environ_from_scope(_scope(
        "/clubs/é/", "POST", [(b"content-type", b"text/plain"), (b"content-length", b"3"),
                              (b"x-forwarded-for", b"1.1.1.1"), (b"x-forwarded-for", b"2.2.2.2"),
                              (b"cookie", b"a=1")], b"q=1&r=%C3%A9"), None)
    assert environ["REQUEST_METHOD"] == "POST"
    assert environ["PATH_INFO"] == "/clubs/é/".encode().decode("latin-1")  # PEP 3333
    assert environ["QUERY_STRING"] == "q=1&r=%C3%A9"
    assert environ["CONTENT_TYPE"] == "text/plain" and environ["CONTENT_LENGTH"] == "3"
    assert environ["HTTP_X_FORWARDED_FOR"] == "1.1.1.1,2.2.2.2"
    assert environ["HTTP_COOKIE"] == "a=1"
    assert environ["REMOTE_ADDR"] == "10.1.2.3"  # the connection's: never a forwarded one
    assert (environ["SERVER_NAME"], environ["SERVER_PORT"]) == ("127.0.0.1", "8000")


def _app(wsgi) -> WsgiHttp:
    app = WsgiHttp(threads=2)
    app.wsgi = wsgi
    return app


def test_a_request_runs_in_a_worker_thread_and_its_body_and_close_reach_the_wsgi_app():
    seen = {}

    class Body(list):
        def close(self):
            seen["closed"] = True

    def wsgi(environ, start_response):
        seen["thread"] = threading.current_thread().name
        seen["body"] = environ["wsgi.input"].read()
        start_response("201 Created", [("Content-Type", "text/plain"), ("X-Two", "2")])
        return Body([b"made ", b"it"])

    messages = _call(_app(wsgi), _scope(method="POST"), [b"abc", b"def"])
    assert messages[0] == {"type": "http.response.start", "status": 201,
                           "headers": [(b"content-type", b"text/plain"), (b"x-two", b"2")]}
    assert messages[1]["body"] == b"made it"
    assert seen == {"thread": seen["thread"], "body": b"abcdef", "closed": True}
    assert seen["thread"].startswith("web-http")


def test_a_streaming_response_goes_out_chunk_by_chunk():
    class Streaming:
        streaming = True

        def __iter__(self):
            yield b"one,"
            yield b""
            yield b"two"

        def close(self):
            pass

    def wsgi(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/csv")])
        return Streaming()

    messages = _call(_app(wsgi), _scope())
    assert messages[0]["status"] == 200
    assert [m["body"] for m in messages[1:]] == [b"one,", b"two", b""]
    assert [m.get("more_body", False) for m in messages[1:]] == [True, True, False]


def test_async_to_sync_in_a_view_runs_on_the_servers_event_loop():
    """Live play's group_send: the channel layer's connections belong to the server's loop."""
    loops = {}

    async def where():
        return asyncio.get_running_loop()

    def wsgi(environ, start_response):
        loops["view"] = async_to_sync(where)()
        start_response("200 OK", [])
        return [b""]

    async def run():
        loops["server"] = asyncio.get_running_loop()
        communicator = ApplicationCommunicator(_app(wsgi), _scope())
        await communicator.send_input({"type": "http.request", "body": b""})
        await communicator.receive_output(timeout=10)
        await communicator.receive_output(timeout=10)

    _run(run())
    assert loops["view"] is loops["server"]


@pytest.mark.django_db
def test_the_asgi_application_answers_http_through_django_wsgi_handler():
    from django.core.handlers.wsgi import WSGIHandler

    from config import asgi

    assert isinstance(asgi.http, WsgiHttp) and isinstance(asgi.http.wsgi, WSGIHandler)
    messages = _call(asgi.application, _scope("/api/schema/", headers=[
        (b"host", b"testserver")]))
    assert messages[0]["status"] == 200
