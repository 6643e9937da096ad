"""A closed chouette evening tells each player who sat in it (with a login) their result
and whom they pay or who pays them, once, after the evening is closed; a notice that fails
never keeps the evening open."""

import datetime
from decimal import Decimal

import pytest

from accounts.models import OutboundMail
from chouette import services
from chouette.models import ChouetteSession
from notifications.models import Notification
from notifications.services import events
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _evening(club):
    """Ann, Ben, Cat and Dan (Ann and Ben with logins) and one game: the box won a single."""
    ann, ben, cat, dan = (MembershipFactory(club=club, player=PlayerFactory(
        name=name, user=UserFactory(username=name.lower(), email=f"{name.lower()}@example.org")
        if name in ("Ann", "Ben") else None)).player for name in ("Ann", "Ben", "Cat", "Dan"))
    session = services.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("2.00"),
                                              players=[ann, ben, cat, dan])
    services.chouette_order_roll(session=session, rolls={ann.pk: 6, ben.pk: 5, cat.pk: 4,
                                                         dan.pk: 3})
    session.refresh_from_db()
    game = services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, game=game, winner="box", kind="single")
    return session


def test_the_closed_evening_tells_each_seated_player_what_they_owe(
        club, django_capture_on_commit_callbacks, committed):
    session = _evening(club)
    assert not Notification.objects.exists()  # nothing until the evening is closed
    with django_capture_on_commit_callbacks(execute=True):
        services.chouette_session_close(session=session)
        assert not Notification.objects.exists()  # nothing before the commit
    notes = {n.user.username: n.text for n in Notification.objects.filter(
        kind="chouette_settled")}
    assert set(notes) == {"ann", "ben"}  # Cat and Dan have no login
    assert "you won 3 points (6.00" in notes["ann"] and "Ben pays you 2.00" in notes["ann"]
    assert "Cat pays you 2.00" in notes["ann"]
    assert "you lost 1 point (2.00" in notes["ben"] and "You pay Ann 2.00" in notes["ben"]
    assert sorted(OutboundMail.objects.values_list("to", flat=True)) == [
        "ann@example.org", "ben@example.org"]
    committed(session.save)  # saved again: nobody told twice
    assert Notification.objects.count() == 2


def test_the_close_does_not_work_out_the_notices_in_its_transaction(
        club, django_capture_on_commit_callbacks):
    session = _evening(club)
    with django_capture_on_commit_callbacks() as callbacks:
        services.chouette_session_close(session=session)
    assert len(callbacks) == 1  # one task enqueued, nothing computed yet
    assert not Notification.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_failing_notice_does_not_roll_back_closing_the_evening(club, monkeypatch, caplog):
    session = _evening(club)

    def broken(**kwargs):
        raise RuntimeError("the settlement plan failed")

    monkeypatch.setattr(events, "settlement", broken)
    services.chouette_session_close(session=session)  # commits, then the task fails
    assert ChouetteSession.objects.get(pk=session.pk).status == ChouetteSession.Status.CLOSED
    assert not Notification.objects.exists()
    assert "the settlement plan failed" in caplog.text
