"""The WebSocket a live board listens on (Django Channels, the in-memory layer): a page of
the club hears the version of every accepted action; someone outside the club is turned
away."""

import threading

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from tests.live.conftest import act, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _quiet_sockets(monkeypatch):
    """No {"alive": true} between the versions these tests wait for (its own tests below
    set a short interval)."""
    from live import views_socket

    monkeypatch.setattr(views_socket, "ALIVE_SECONDS", 3600)


def _socket(user, match_id: int) -> WebsocketCommunicator:
    client = Client()
    client.force_login(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    return WebsocketCommunicator(application, f"/ws/live/{match_id}/", headers=[
        (b"cookie", cookie), (b"origin", b"http://testserver")])


async def _following(socket: WebsocketCommunicator) -> None:
    """Connected, and told the match's version at once (0: nothing played yet)."""
    connected, _ = await socket.connect()
    assert connected
    assert await socket.receive_json_from() == {"version": 0}


def _run(scenario) -> None:
    """Run the scenario's event loop in a thread of its own: an earlier test's Playwright
    (its sync API) may have left a running loop in this thread, where AsyncToSync refuses."""
    errors = []

    def target():
        try:
            async_to_sync(scenario)()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test's thread
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the scenario did not finish"
    if errors:
        raise errors[0]


def test_a_following_page_hears_each_accepted_action(club, joe, snow, bob):
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        await sync_to_async(act)(joe.user, match_id, action="roll", dice=[3, 1])
        assert await socket.receive_json_from(timeout=3) == {"version": 1}
        refused = await sync_to_async(act)(joe.user, match_id, action="move", play="13/7")
        assert refused.status_code == 400
        await sync_to_async(act)(joe.user, match_id, action="move", play="8/5 6/5")
        assert await socket.receive_json_from(timeout=3) == {"version": 2}
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()

    _run(scenario)


def test_someone_outside_the_club_is_turned_away(club, joe, snow, dave):
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(dave, match_id)

    async def scenario():
        connected, code = await socket.connect()
        assert not connected and code == 4403

    _run(scenario)


@pytest.mark.parametrize("frame", ["{not json", "[" * 100_000, '{"version": 3}'])
def test_a_frame_from_the_client_is_ignored_without_a_traceback(club, joe, snow, bob, frame,
                                                                 caplog):
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        await socket.send_to(text_data=frame)
        await socket.send_to(bytes_data=frame.encode())
        assert await socket.receive_nothing(timeout=0.2)  # not closed, nothing said
        await sync_to_async(act)(joe.user, match_id, action="roll", dice=[3, 1])
        assert await socket.receive_json_from(timeout=3) == {"version": 1}
        await socket.disconnect()

    _run(scenario)
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")
                or r.exc_info]


def _stops_hearing(club, joe, snow, bob, leave) -> None:
    """Bob follows the match; ``leave`` takes him out; the next push closes his socket."""
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        await sync_to_async(leave)()
        await sync_to_async(act)(joe.user, match_id, action="roll", dice=[3, 1])
        assert await socket.receive_output(timeout=3) == {"type": "websocket.close",
                                                          "code": 4403}

    _run(scenario)


def test_a_member_removed_from_the_club_stops_hearing_the_match(club, joe, snow, bob):
    from clubs.models import Membership
    from clubs.services import membership_end

    def leave():
        membership_end(membership=Membership.objects.get(club=club, player__user=bob))

    _stops_hearing(club, joe, snow, bob, leave)


def test_a_closed_login_stops_hearing_the_match(club, joe, snow, bob):
    from accounts.services.closing import account_close

    def leave():
        bob.set_password("pw-of-bob-1")
        bob.save()
        account_close(user=bob, password="pw-of-bob-1")

    _stops_hearing(club, joe, snow, bob, leave)


def test_ending_a_membership_closes_its_sockets_without_waiting_for_a_push(club, joe, snow,
                                                                          bob):
    from clubs.models import Membership
    from clubs.services import membership_end

    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        await sync_to_async(membership_end)(
            membership=await sync_to_async(Membership.objects.get)(club=club,
                                                                   player__user=bob))
        assert await socket.receive_output(timeout=3) == {"type": "websocket.close",
                                                          "code": 4403}

    _run(scenario)


def test_a_push_asks_nothing_until_the_recheck_is_due(club, joe, snow, bob, monkeypatch):
    """Who may follow is asked at connect, when it may have changed (above), and by a push
    only once ``LIVE_SOCKET_RECHECK_SECONDS`` have passed: not a database call per push."""
    import live.views_socket as sockets

    now, asked = [1000.0], []
    ask = sockets._version
    monkeypatch.setattr(sockets, "monotonic", lambda: now[0])

    async def counted(user_id, pk):
        asked.append(pk)
        return await ask(user_id, pk)

    monkeypatch.setattr(sockets, "_version", counted)
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        await sync_to_async(act)(joe.user, match_id, action="roll", dice=[3, 1])
        assert await socket.receive_json_from(timeout=3) == {"version": 1}
        assert len(asked) == 1  # at connect only
        now[0] += sockets.settings.LIVE_SOCKET_RECHECK_SECONDS
        await sync_to_async(act)(joe.user, match_id, action="move", play="8/5 6/5")
        assert await socket.receive_json_from(timeout=3) == {"version": 2}
        assert len(asked) == 2  # due: asked again, still allowed
        await socket.disconnect()

    _run(scenario)



def test_an_open_socket_says_it_still_carries_pushes(club, joe, snow, bob, monkeypatch):
    """Every few seconds a word through the channel layer: a board that stops hearing it
    (Redis away) reads the match over HTTP until it does (static/js/live.js)."""
    from live import views_socket

    monkeypatch.setattr(views_socket, "ALIVE_SECONDS", 0.2)
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def scenario():
        await _following(socket)
        assert await socket.receive_json_from(timeout=3) == {"alive": True}
        assert await socket.receive_json_from(timeout=3) == {"alive": True}
        await socket.disconnect()

    _run(scenario)


def test_a_socket_whose_layer_is_away_says_nothing_and_stays_open(club, joe, snow, bob,
                                                                   monkeypatch, settings):
    from channels.layers import InMemoryChannelLayer

    from live import views_socket

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

    monkeypatch.setattr(views_socket, "ALIVE_SECONDS", 0.1)
    match_id = start(club, joe.user, joe, snow)
    socket = _socket(bob, match_id)

    async def refuse(self, channel, message):
        raise ConnectionError("Redis is away")

    async def scenario():
        await _following(socket)
        monkeypatch.setattr(InMemoryChannelLayer, "send", refuse)
        assert await socket.receive_nothing(timeout=0.5)  # silent, not closed
        await socket.disconnect()

    _run(scenario)
