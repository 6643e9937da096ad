"""Chouette services: every refusal (clear message, nothing changed), the order roll, the
append-only ledger, undo and reversals, payments, team cube and box partner sessions."""

import datetime
import random
from decimal import Decimal

import pytest

from chouette import selectors, services
from chouette.core import (
    BeaverNotAllowedError,
    ChouetteSettings,
    DoublePendingError,
    InvalidRollError,
    NoDoublePendingError,
    NotCubeOwnerError,
    NotInGameError,
    NotUnanimousError,
    ResultAlreadyRecordedError,
    SettingsError,
)
from chouette.models import (
    ChouetteCubeAction,
    ChouetteGame,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSession,
    LedgerAppendOnlyError,
)
from chouette.services import ChouetteServiceError
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 6)


@pytest.fixture
def four(club):
    return [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
            for n in ("Ann", "Ben", "Cat", "Dan")]


def _session(club, players, *, roll=True, **settings):
    session = services.chouette_session_start(
        club=club, date=DAY, stake=Decimal("1.00"), players=players,
        settings=ChouetteSettings(**settings))
    if roll:  # in the given order: first is the box
        services.chouette_order_roll(
            session=session, rolls={p.pk: 6 - i for i, p in enumerate(players)})
    session.refresh_from_db()
    return session


def _unchanged(session, version):
    session.refresh_from_db()
    assert session.version == version


# --------------------------------------------------------------------------- session, order


@pytest.mark.parametrize("stake, message", [
    (Decimal("0"), "positive"), (Decimal("-1"), "positive"), (Decimal("0.125"), "two decimals"),
])
def test_a_bad_stake_is_refused(club, four, stake, message):
    with pytest.raises(ChouetteServiceError, match=message):
        services.chouette_session_start(club=club, date=DAY, stake=stake, players=four)
    assert not ChouetteSession.objects.exists()


def test_a_player_from_another_club_is_refused(club, other_club, four):
    stranger = MembershipFactory(club=other_club).player
    with pytest.raises(ChouetteServiceError, match="not an active member"):
        services.chouette_session_start(club=club, date=DAY, stake=Decimal(1),
                                        players=[*four, stranger])
    assert not ChouetteSession.objects.exists()


def test_a_player_listed_twice_or_alone_is_refused(club, four):
    with pytest.raises(ValueError, match="appears twice"):
        services.chouette_session_start(club=club, date=DAY, stake=Decimal(1),
                                        players=[four[0], four[0]])
    with pytest.raises(ValueError, match="at least 2 players"):
        services.chouette_session_start(club=club, date=DAY, stake=Decimal(1), players=four[:1])


def test_invalid_rule_settings_are_refused():
    with pytest.raises(SettingsError, match="raccoons need beavers"):
        ChouetteSettings(beavers=False, raccoons=True)


def test_the_session_takes_the_clubs_currency_and_fixes_its_settings(club, four):
    club.currency = "CHF"
    club.save()
    session = _session(club, four, roll=False, cube_mode="team", jacoby=False)
    assert session.currency == "CHF"
    assert session.rule_settings() == ChouetteSettings(cube_mode="team", jacoby=False)


def test_a_die_out_of_range_is_refused_and_changes_nothing(club, four):
    session = _session(club, four, roll=False)
    with pytest.raises(InvalidRollError, match="a die shows 1 to 6"):
        services.chouette_order_roll(session=session, rolls={p.pk: 7 for p in four})
    _unchanged(session, 0)
    assert session.opening_rounds == []


def test_the_server_rolls_the_order_and_reroll_only_the_tied(club, four):
    session = _session(club, four, roll=False)
    ann, ben, cat, dan = (p.pk for p in four)
    services.chouette_order_roll(session=session, rolls={ann: 4, ben: 4, cat: 2, dan: 1})
    services.chouette_order_roll(session=session, rng=random.Random(7))
    session.refresh_from_db()
    assert len(session.opening_rounds) >= 2
    assert all({p for p, _ in r} == {ann, ben} for r in session.opening_rounds[1:])
    line = services.session_lineup(session=session).line
    assert set(line[:2]) == {ann, ben} and line[2:] == (cat, dan)
    with pytest.raises(ChouetteServiceError, match="already settled"):
        services.chouette_order_roll(session=session)


def test_the_server_roll_uses_the_systems_random_source(club, four, monkeypatch):
    used = []

    class Spy(random.SystemRandom):
        def randint(self, a, b):
            used.append((a, b))
            return super().randint(a, b)

    monkeypatch.setattr(services.random, "SystemRandom", Spy)
    session = _session(club, four, roll=False)
    services.chouette_order_roll(session=session)
    assert len(used) >= 4 and set(used) == {(1, 6)}
    assert len(services.session_lineup(session=session).line) == 4


# --------------------------------------------------------------------------- lineup


def test_join_goes_to_the_bottom_and_joining_twice_is_refused(club, four):
    session = _session(club, four[:3])
    services.chouette_player_join(session=session, player=four[3])
    assert services.session_lineup(session=session).line[-1] == four[3].pk
    with pytest.raises(ChouetteServiceError, match="already in this chouette"):
        services.chouette_player_join(session=session, player=four[3])


def test_a_player_who_left_can_come_back_at_the_bottom(club, four):
    session = _session(club, four)
    services.chouette_player_move(session=session, player=four[1].pk, move="leave")
    services.chouette_player_join(session=session, player=four[1])
    assert services.session_lineup(session=session).line == tuple(
        p.pk for p in (four[0], four[2], four[3], four[1]))


def test_sitting_out_twice_or_returning_from_the_line_is_refused(club, four):
    session = _session(club, four)
    services.chouette_player_move(session=session, player=four[2].pk, move="sit_out")
    version = session.version + 1
    with pytest.raises(ValueError, match="already sitting out"):
        services.chouette_player_move(session=session, player=four[2].pk, move="sit_out")
    with pytest.raises(ValueError, match="in the line, not sitting out"):
        services.chouette_player_move(session=session, player=four[0].pk, move="return")
    _unchanged(session, version)


def test_the_box_of_the_game_in_progress_returns_only_after_it(club, four):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    services.chouette_player_move(session=session, player=four[0].pk, move="sit_out")
    with pytest.raises(ChouetteServiceError, match="returns after it"):
        services.chouette_player_move(session=session, player=four[0].pk, move="return")
    # The game still finishes and rotates: the box sat out, so the captain boxes.
    services.chouette_result_record(session=session, winner="box", kind="single")
    assert services.session_lineup(session=session).line == tuple(
        p.pk for p in (four[2], four[3], four[1]))


# --------------------------------------------------------------------------- games, cubes


def test_a_game_needs_the_order_and_one_game_at_a_time(club, four):
    session = _session(club, four, roll=False)
    with pytest.raises(ChouetteServiceError, match="Roll the order"):
        services.chouette_game_start(session=session)
    session = _session(club, four)
    services.chouette_game_start(session=session)
    with pytest.raises(ChouetteServiceError, match="still being played"):
        services.chouette_game_start(session=session)
    assert ChouetteGame.objects.filter(session=session).count() == 1


@pytest.mark.parametrize("steps, bad, error, message", [
    ([], ("take", [1]), NoDoublePendingError, "no double is waiting"),
    ([("box_double", [1]), ("take", [1])], ("box_double", [1]), NotCubeOwnerError,
     "cannot double"),
    ([("box_double", [1])], ("team_double", [2]), DoublePendingError, "still waits"),
    ([], ("box_double", [0]), NotInGameError, "is the box"),
    ([], ("box_double", [99999]), NotInGameError, "not a team member"),
    ([("box_double", [1]), ("drop", [1])], ("take", [1]), ValueError, "out of this game"),
    ([], ("take", [1, 2]), ChouetteServiceError, "name exactly one"),
    ([], ("surrender", [1]), ChouetteServiceError, "Unknown cube action"),
    ([], ("box_double", []), ValueError, "name at least one member"),
])
def test_illegal_cube_actions_are_refused_and_change_nothing(club, four, steps, bad, error,
                                                             message):
    session = _session(club, four)
    ids = [p.pk for p in four]

    def members(indexes):
        return [ids[i] if i < len(ids) else i for i in indexes]

    services.chouette_game_start(session=session)
    for kind, who in steps:
        services.chouette_cube_action(session=session, kind=kind, members=members(who))
    session.refresh_from_db()
    count = ChouetteCubeAction.objects.count()
    with pytest.raises(error, match=message):
        services.chouette_cube_action(session=session, kind=bad[0], members=members(bad[1]))
    _unchanged(session, session.version)
    assert ChouetteCubeAction.objects.count() == count


def test_beavers_are_refused_when_the_session_plays_without(club, four):
    session = _session(club, four, beavers=False)
    services.chouette_game_start(session=session)
    services.chouette_cube_action(session=session, kind="box_double", members=[four[1].pk])
    with pytest.raises(BeaverNotAllowedError):
        services.chouette_cube_action(session=session, kind="beaver", members=[four[1].pk])


def test_a_team_cube_double_must_be_unanimous(club, four):
    session = _session(club, four, cube_mode="team")
    services.chouette_game_start(session=session)
    with pytest.raises(NotUnanimousError, match="unanimous"):
        services.chouette_cube_action(session=session, kind="team_double",
                                      members=[four[1].pk, four[2].pk])
    services.chouette_cube_action(session=session, kind="team_double",
                                  members=[p.pk for p in four[1:]])
    assert ChouetteCubeAction.objects.filter(kind="team_double").count() == 3


def test_the_result_is_refused_while_a_double_waits(club, four):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    services.chouette_cube_action(session=session, kind="box_double", members=[four[1].pk])
    with pytest.raises(DoublePendingError, match="before the result"):
        services.chouette_result_record(session=session, winner="box", kind="single")
    assert not ChouetteLedgerEntry.objects.exists()


def test_a_result_recorded_twice_is_refused(club, four):
    session = _session(club, four)
    game = services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, game=game, winner="box", kind="single")
    with pytest.raises(ResultAlreadyRecordedError, match="already recorded"):
        services.chouette_result_record(session=session, game=game, winner="team",
                                        kind="gammon")
    assert ChouetteLedgerEntry.objects.count() == 3


@pytest.mark.parametrize("winner, kind", [("nobody", "single"), ("box", "double gammon")])
def test_a_malformed_result_is_refused(club, four, winner, kind):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    with pytest.raises(ChouetteServiceError, match="names the winner"):
        services.chouette_result_record(session=session, winner=winner, kind=kind)


def test_a_closed_session_refuses_writes(club, four):
    session = _session(club, four)
    services.chouette_session_close(session=session)
    with pytest.raises(ChouetteServiceError, match="closed"):
        services.chouette_game_start(session=session)


def test_a_session_with_a_game_on_the_board_cannot_close(club, four):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    with pytest.raises(ChouetteServiceError, match="Finish game 1"):
        services.chouette_session_close(session=session)


def test_a_stale_version_is_refused(club, four):
    session = _session(club, four)
    with pytest.raises(services.StaleStateError):
        services.chouette_game_start(session=session, expected_version=session.version - 1)
    services.chouette_game_start(session=session, expected_version=session.version)


def test_the_last_tap_can_be_taken_back(club, four):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    services.chouette_cube_action(session=session, kind="box_double", members=[four[1].pk])
    services.chouette_cube_action_undo(session=session)
    # The double is gone: the member may double the box now.
    services.chouette_cube_action(session=session, kind="team_double", members=[four[1].pk])
    assert ChouetteCubeAction.objects.filter(undone=True).count() == 1


def test_an_automatic_double_starts_every_cube_on_two(club, four):
    session = _session(club, four, automatic_doubles=1)
    services.chouette_game_start(session=session, automatic_double=True)
    services.chouette_result_record(session=session, winner="box", kind="gammon")
    # Jacoby: an automatic double is not a turned cube, so the gammon counts single (x2).
    assert set(ChouetteLedgerEntry.objects.values_list("points", flat=True)) == {2}


def test_a_box_partner_shares_the_box_result(club, four):
    extra = [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
             for n in ("Eve", "Fay")]
    session = _session(club, [*four, *extra], box_partner_from=6)
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    # Four members pay 1 each (+4 for the box side); the partner Fay gets half: 2.
    lines = {e.member.name: e.points for e in ChouetteLedgerEntry.objects.all()}
    assert lines == {"Ben": 1, "Cat": 1, "Dan": 1, "Eve": 1, "Fay": -2}
    net = {row["name"]: row["points"] for row in selectors.session_balances(session=session)}
    assert net["Ann"] == 2 and net["Fay"] == 2 and sum(net.values()) == 0


# --------------------------------------------------------------------------- ledger


def _played(club, four):
    session = _session(club, four)
    services.chouette_game_start(session=session)
    services.chouette_result_record(session=session, winner="box", kind="single")
    return session


def test_ledger_entries_cannot_be_changed_or_deleted(club, four):
    _played(club, four)
    entry = ChouetteLedgerEntry.objects.first()
    entry.points = 100
    with pytest.raises(LedgerAppendOnlyError):
        entry.save()
    with pytest.raises(LedgerAppendOnlyError):
        entry.delete()
    with pytest.raises(LedgerAppendOnlyError):
        ChouetteLedgerEntry.objects.filter(pk=entry.pk).update(points=100)
    with pytest.raises(LedgerAppendOnlyError):
        ChouetteLedgerEntry.objects.all().delete()
    entry.refresh_from_db()
    assert entry.points == 1


def test_undo_needs_a_finished_last_game(club, four):
    session = _session(club, four)
    with pytest.raises(ChouetteServiceError, match="no finished game"):
        services.chouette_game_undo(session=session)
    services.chouette_game_start(session=session)
    with pytest.raises(ChouetteServiceError, match="in progress"):
        services.chouette_game_undo(session=session)


def test_undo_is_refused_once_the_order_changed(club, four):
    session = _played(club, four)
    services.chouette_player_move(session=session, player=four[3].pk, move="sit_out")
    with pytest.raises(ChouetteServiceError, match="order changed"):
        services.chouette_game_undo(session=session)
    assert not ChouetteLedgerEntry.objects.filter(reverses__isnull=False).exists()


def test_a_referee_reversal_needs_a_reason_and_happens_once(club, four, carol):
    session = _played(club, four)
    game = session.games.get()
    with pytest.raises(ChouetteServiceError, match="needs a reason"):
        services.chouette_game_reverse(game=game, reversed_by=carol, reason="  ")
    services.chouette_game_reverse(game=game, reversed_by=carol, reason="wrong board")
    with pytest.raises(ChouetteServiceError, match="not a finished game"):
        services.chouette_game_reverse(game=game, reversed_by=carol, reason="again")
    assert ChouetteLedgerEntry.objects.filter(reverses__isnull=False).count() == 3
    assert selectors.outstanding_balances(club=club) == {}
    # The order is left as it is (the rotation stands).
    assert services.session_lineup(session=session).line[0] == four[0].pk


# --------------------------------------------------------------------------- payments


def test_a_payment_larger_than_the_debt_is_refused(club, four):
    _played(club, four)  # Ann (box) +3; Ben, Cat, Dan -1 each
    ann, ben = four[0].pk, four[1].pk
    with pytest.raises(ChouetteServiceError, match="more than the payer owes"):
        services.chouette_payment_record(club=club, payer=ben, payee=ann,
                                         amount=Decimal("1.01"))
    with pytest.raises(ChouetteServiceError, match="cannot pay themselves"):
        services.chouette_payment_record(club=club, payer=ben, payee=ben, amount=Decimal(1))
    services.chouette_payment_record(club=club, payer=ben, payee=ann, amount=Decimal("1.00"))
    assert selectors.outstanding_balances(club=club) == {
        ann: Decimal("2.00"), four[2].pk: Decimal("-1.00"), four[3].pk: Decimal("-1.00")}


def test_balances_carry_over_to_the_next_evening_until_paid(club, four):
    _played(club, four)
    _played(club, four)
    plan = selectors.settlement(club=club)["plan"]
    assert sorted((p["payer"], p["payee"], p["amount"]) for p in plan) == [
        ("Ben", "Ann", Decimal("2.00")), ("Cat", "Ann", Decimal("2.00")),
        ("Dan", "Ann", Decimal("2.00"))]
    services.chouette_plan_mark_paid(club=club)
    assert selectors.settlement(club=club)["plan"] == []
    with pytest.raises(ChouetteServiceError, match="already settled"):
        services.chouette_plan_mark_paid(club=club)


def test_an_undone_payment_brings_the_balances_back(club, four):
    _played(club, four)  # Ann (box) +3; Ben, Cat, Dan -1 each
    ann, ben = four[0].pk, four[1].pk
    before = selectors.outstanding_balances(club=club)
    payment = services.chouette_payment_record(club=club, payer=ben, payee=ann,
                                               amount=Decimal("1.00"))
    with pytest.raises(ChouetteServiceError, match="Give a reason"):
        services.chouette_payment_reverse(club=club, payment_id=payment.pk, reason=" ")
    undo = services.chouette_payment_reverse(club=club, payment_id=payment.pk,
                                             reason="paid by mistake")
    assert (undo.payer_id, undo.payee_id, undo.amount, undo.reverses_id) == (
        ann, ben, Decimal("1.00"), payment.pk)
    assert selectors.outstanding_balances(club=club) == before
    with pytest.raises(ChouetteServiceError, match="already undone"):
        services.chouette_payment_reverse(club=club, payment_id=payment.pk, reason="again")
    with pytest.raises(ChouetteServiceError, match="This is an undo"):
        services.chouette_payment_reverse(club=club, payment_id=undo.pk, reason="undo the undo")
    with pytest.raises(LedgerAppendOnlyError):
        undo.delete()


def test_a_payment_of_another_club_cannot_be_undone(club, other_club, four):
    _played(club, four)
    payment = services.chouette_payment_record(club=club, payer=four[1].pk, payee=four[0].pk,
                                               amount=Decimal("1.00"))
    with pytest.raises(ChouetteServiceError, match="No such payment"):
        services.chouette_payment_reverse(club=other_club, payment_id=payment.pk, reason="x")


def test_one_payment_has_at_most_one_undo_in_the_database(club, four):
    from django.db import IntegrityError, transaction

    _played(club, four)
    payment = services.chouette_payment_record(club=club, payer=four[1].pk, payee=four[0].pk,
                                               amount=Decimal("1.00"))
    services.chouette_payment_reverse(club=club, payment_id=payment.pk, reason="mistake")
    with pytest.raises(IntegrityError), transaction.atomic():
        ChouettePayment.objects.create(club=club, payer_id=four[0].pk, payee_id=four[1].pk,
                                       amount=Decimal("1.00"), currency="EUR",
                                       reverses=payment, reason="a second undo")
    with pytest.raises(IntegrityError), transaction.atomic():
        ChouettePayment.objects.create(club=club, payer_id=four[0].pk, payee_id=four[1].pk,
                                       amount=Decimal("1.00"), currency="EUR",
                                       reverses=ChouettePayment.objects.first(), reason="")
