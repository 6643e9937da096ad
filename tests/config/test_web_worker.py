"""bin/web's worker (issue 32.5): a WebSocket upgrade is told from a plain request, and the
request handed to the sockets' event loop is the one the client sent, header names as ASGI
gives them (Channels looks for ``origin``; gunicorn keeps names upper-case)."""

from types import SimpleNamespace

from config.web_worker import is_websocket_upgrade, request_bytes


def test_a_websocket_upgrade_is_told_from_a_plain_request():
    assert is_websocket_upgrade([("UPGRADE", "websocket"), ("CONNECTION", "Upgrade")])
    assert is_websocket_upgrade([("CONNECTION", "keep-alive, Upgrade"), ("UPGRADE", "WebSocket")])
    assert not is_websocket_upgrade([("CONNECTION", "keep-alive")])
    assert not is_websocket_upgrade([("UPGRADE", "websocket")])  # no Connection: upgrade
    assert not is_websocket_upgrade([("UPGRADE", "h2c"), ("CONNECTION", "Upgrade")])


def test_the_handed_over_request_has_lower_case_names():
    req = SimpleNamespace(
        method="GET",
        uri="/ws/live/7/?a=1",
        version=(1, 1),
        headers=[
            ("HOST", "club.example"),
            ("ORIGIN", "http://club.example"),
            ("SEC-WEBSOCKET-KEY", "dGhlIHNhbXBsZSBub25jZQ=="),
        ],
    )
    assert request_bytes(req) == (
        b"GET /ws/live/7/?a=1 HTTP/1.1\r\nhost: club.example\r\n"
        b"origin: http://club.example\r\n"
        b"sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
