"""Socket paths no route matches are refused cleanly, and a socket takes small frames only
(issue 31.5). Today's bug: Channels' router raised on an unroutable path and the server
answered 500 with an ASGI traceback in its log, anonymous clients included; and uvicorn
took 16 MiB frames on a socket that takes no input.

The first tests ask the ASGI application itself (Channels' communicator); the last ones a
real uvicorn server configured as ``bin/web``'s worker (``config.web_worker.WebWorker``)."""

import asyncio
import concurrent.futures
import logging
import socket
import threading
from contextlib import contextmanager

import pytest
import uvicorn
import websockets
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from config.web_worker import WS_MAX_SIZE, WebWorker
from tests.live.test_socket import _run

UNROUTABLE = ["/ws/live/9223372036854775808/", "/ws/live/abc/", "/ws/live/0", "/ws/nowhere/"]


def _in_a_loop_of_its_own(coroutine):
    """``asyncio.run`` in a thread of its own: a test before this one in the same worker may
    have left an event loop running in this thread (asyncio.run refuses to nest)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _headers(user=None) -> list:
    headers = [(b"origin", b"http://testserver")]
    if user is not None:
        client = Client()
        client.force_login(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return headers


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", UNROUTABLE)
@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "member"])
def test_an_unroutable_socket_path_is_refused_without_a_traceback(path, signed_in, bob,
                                                                  caplog):
    socket_ = WebsocketCommunicator(application, path,
                                    headers=_headers(bob if signed_in else None))

    async def scenario():
        connected, _ = await socket_.connect()
        assert not connected

    _run(scenario)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def _server(app):
    """``app`` served by uvicorn with bin/web's worker settings, in a thread."""
    port = _free_port()
    kwargs = {key: value for key, value in WebWorker.CONFIG_KWARGS.items()}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", **kwargs))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            threading.Event().wait(0.025)
        assert server.started, "uvicorn did not start"
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.mark.parametrize("path", UNROUTABLE)
def test_the_server_answers_an_unroutable_socket_path_with_403_not_500(path, caplog):
    async def handshake(url):
        with pytest.raises(websockets.InvalidStatus) as refused:
            async with websockets.connect(url + path, origin="http://testserver"):
                pass
        return refused.value.response.status_code

    with _server(application) as url:
        assert _in_a_loop_of_its_own(handshake(url)) == 403
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def _echo_length(scope, receive, send):
    """A socket that accepts and answers each message with its length."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] == "websocket.receive":
        data = message.get("text") or message.get("bytes") or ""
        await send({"type": "websocket.send", "text": str(len(data))})


def test_bin_webs_worker_takes_small_frames_only():
    assert WS_MAX_SIZE <= 64 * 1024

    async def scenario(url):
        async with websockets.connect(url + "/", max_size=None, compression=None) as ws:
            await ws.send("x" * 100)
            assert await ws.recv() == "100"
            await ws.send("x" * (WS_MAX_SIZE + 1))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 1009  # message too big

    with _server(_echo_length) as url:
        _in_a_loop_of_its_own(scenario(url))
