"""The WebSocket a live board listens on: it says "version n" whenever the match changes,
and the page fetches the state (the same small JSON it polls when the socket is down)."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.exceptions import PermissionDenied
from django.http import Http404

from live.selectors import live_match_get
from live.services import live_group


@database_sync_to_async
def _version(user, pk: int) -> int | None:
    """The match's version if ``user`` may follow it, else None."""
    try:
        return live_match_get(user=user, pk=pk).version
    except (Http404, PermissionDenied):
        return None


class LiveMatchSocket(AsyncJsonWebsocketConsumer):
    async def connect(self):
        pk = self.scope["url_route"]["kwargs"]["pk"]
        version = await _version(self.scope.get("user"), pk)
        if version is None:
            await self.close(code=4403)
            return
        self.group = live_group(pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"version": version})  # a page that reconnects catches up

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def live_changed(self, event):
        await self.send_json({"version": event["version"]})
