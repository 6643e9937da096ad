"""A real SMTP server for the mail tests: aiosmtpd on a free local port, keeping what it
receives; the Django settings point at it for the test."""

import asyncio
import socket

import pytest


class _Inbox:
    """Keeps every message. ``slow`` holds delays (seconds): the next messages are kept at
    once but answered only after their delay (a server answering after the timeout)."""

    def __init__(self):
        self.messages, self.slow = [], []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook
        self.messages.append(envelope)
        if self.slow:
            await asyncio.sleep(self.slow.pop(0))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp_port():
    return free_port()


@pytest.fixture
def smtp_settings(settings, smtp_port):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", smtp_port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    return settings


class SmtpServer:
    """A real SMTP server on ``port``; ``stop()`` and ``start()`` take it down and up (a
    new controller each time: aiosmtpd's cannot be restarted), the inbox kept."""

    def __init__(self, port: int):
        self.port, self.inbox, self._controller = port, _Inbox(), None

    def start(self):
        from aiosmtpd.controller import Controller

        self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def stop(self):
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


@pytest.fixture
def smtp_server(smtp_settings, smtp_port):
    server = SmtpServer(smtp_port)
    server.start()
    yield server
    server.stop()
