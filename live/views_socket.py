"""The WebSocket a live board listens on: it says "version n" whenever the match changes,
and the page fetches the state (the same small JSON it polls when the socket is down).

It takes no input: whatever a client sends (a malformed frame, a deep array) is ignored,
never parsed. Who may listen is asked again when it may have changed: a membership ended or
a login closed tells that login's sockets at once (``live.receivers``, the login's own
group), and those refused close (4403). A push asks again only after
``LIVE_SOCKET_RECHECK_SECONDS`` (a backstop for whatever else could change it): asking at
every push put a database call in front of each socket's every message (one thread per
process runs them all), and under bench_live_load the opponent heard a move after 15.6 s
(p50) instead of 0.15 s. A push says only "version n"; the state it leads to comes over
HTTP, which asks every time.

Every ``ALIVE_SECONDS`` the socket sends itself a word through the channel layer and, heard,
passes ``{"alive": true}`` to the page: the proof that pushes still travel. A layer that is
away (Redis restarting) says nothing; the page, hearing nothing for two rounds and a bit,
reads the match over HTTP every second and a half until the socket speaks again
(static/js/live.js, ``SILENT_MS``)."""

import asyncio
import json
from time import monotonic

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from live.selectors import live_match_get
from live.services import live_group, live_viewer_group

REFUSED = 4403
#: How often a socket proves its channel layer carries messages (static/js/live.js counts
#: a socket silent for 2 of these and a second as not listening).
ALIVE_SECONDS = 3.0


@database_sync_to_async
def _version(user_id: int | None, pk: int) -> int | None:
    """The match's version if the login ``user_id`` (None: a visitor) may follow it now,
    else None. The login is read again: one closed meanwhile is no longer active."""
    user = AnonymousUser() if user_id is None else \
        get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return None
    try:
        return live_match_get(user=user, pk=pk).version
    except (Http404, PermissionDenied):
        return None


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any path no socket route matches: refused at the handshake (the server answers 403),
    for a visitor as for a member, with nothing read and nothing logged."""

    async def connect(self):
        await self.close()


class LiveMatchSocket(AsyncWebsocketConsumer):
    async def connect(self):
        self.pk = self.scope["url_route"]["kwargs"]["pk"]
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        version = await _version(self.user_id, self.pk)
        if version is None:
            await self.close(code=REFUSED)
            return
        self.asked_at = monotonic()
        self.groups_joined = [live_group(self.pk)]
        if self.user_id is not None:
            self.groups_joined.append(live_viewer_group(self.user_id))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self._send(version)  # a page that reconnects catches up
        self.alive = asyncio.ensure_future(self._keep_alive())

    async def disconnect(self, code):
        alive = getattr(self, "alive", None)
        if alive is not None:
            alive.cancel()
        for group in getattr(self, "groups_joined", ()):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # noqa: BLE001 - a layer that is away forgets it anyway
                pass

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(ALIVE_SECONDS)
            try:
                await self.channel_layer.send(self.channel_name, {"type": "live.alive"})
            except Exception:  # noqa: BLE001 - silent: the page reads over HTTP meanwhile
                pass

    async def live_alive(self, event):
        await self.send(text_data='{"alive": true}')

    async def receive(self, text_data=None, bytes_data=None):
        """The socket takes no input: every frame is ignored (not parsed, nothing logged)."""

    async def live_changed(self, event):
        if monotonic() - self.asked_at >= settings.LIVE_SOCKET_RECHECK_SECONDS:
            if not await self._may_still_follow():
                return
        await self._send(event["version"])

    async def live_recheck(self, event):
        await self._may_still_follow()

    async def _may_still_follow(self) -> bool:
        """Ask again; a login no longer allowed has its socket closed."""
        if await _version(self.user_id, self.pk) is None:
            await self.close(code=REFUSED)
            return False
        self.asked_at = monotonic()
        return True

    async def _send(self, version: int) -> None:
        await self.send(text_data=json.dumps({"version": version}))
