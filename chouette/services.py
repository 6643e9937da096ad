"""Chouette writes: session, order, lineup, games, cube actions, results, ledger, payments.

Every rule is asked of ``chouette.core`` (pure); these services load the stored state, ask
the pure logic for the next state (it refuses illegal input with a typed error), and store
the outcome. Keyword-only; permission gates run in the callers.

Concurrency: each write runs in one transaction that first bumps the session's ``version``
(an UPDATE: on PostgreSQL it takes the row lock, on SQLite the database write lock, so the
writers queue up there instead of failing halfway) and then reads the row with
``select_for_update``. Writers of one session are therefore serialized; the second of two
identical result posts sees the recorded result and is refused. SQLite may still answer
"database is locked" under heavy contention: the write is then retried a few times and, if
it keeps failing, refused with :class:`ChouetteBusyError`.
"""

from __future__ import annotations

import datetime
import functools
import random
import time
from collections.abc import Iterable, Mapping
from decimal import Decimal

from django.db import OperationalError, connection, transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop

from audit.models import AuditEntry
from audit.services import audit_record
from chouette.core import (
    ChouetteError,
    ChouetteGame,
    ChouetteSettings,
    Lineup,
    OpeningRoll,
    RecordResult,
    ResultAlreadyRecordedError,
    Side,
    ledger_amounts,
    roll_opening_order,
    settlement_plan,
)
from chouette.models import (
    ChouetteCubeAction,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSeat,
    ChouetteSession,
)
from chouette.models import ChouetteGame as GameRow
from chouette.selectors import outstanding_balances
from chouette.state import ACTIONS, MULTI, Kind, Seat, game_state, session_lineup
from clubs.models import Club, Player
from clubs.permissions import club_players
from clubs.services.players import player_rows_reassign
from config.refusals import Stale
from ops.locks import lock_row


class ChouetteServiceError(ValueError):
    """A request the chouette pages refuse before (or besides) the rules: closed session,
    stale page, unknown player... The rules' own refusals are ``chouette.core`` errors."""


class ChouetteBusyError(ChouetteServiceError):
    """The database stayed locked by another writer: nothing was changed, try again."""


class StaleStateError(ChouetteServiceError, Stale):
    """The scoreboard changed since the page was loaded (someone else recorded something):
    409, as every stale version."""


#: What the pages catch to show as a message (every door maps them: ``config.refusals``).
DOMAIN_ERRORS = (ChouetteError, ChouetteServiceError)


def _serialized(service):
    """Run ``service`` in a transaction; on SQLite's "database is locked", retry a few times."""

    @functools.wraps(service)
    def run(**kwargs):
        attempts = 1 if connection.in_atomic_block else 5
        for attempt in range(attempts):
            try:
                with transaction.atomic():
                    return service(**kwargs)
            except OperationalError as exc:
                if "locked" not in str(exc) or attempt == attempts - 1:
                    if "locked" in str(exc):
                        raise ChouetteBusyError(gettext(
                            "Another change to this chouette is being saved: try again."
                        )) from exc
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    return run


def _lock(session_id: int, *, expected_version: int | None = None,
          must_be_open: bool = True) -> ChouetteSession:
    """Lock the session row for this transaction (see the module docstring)."""
    session = lock_row(ChouetteSession, pk=session_id, bump="version", related=("club",))
    if expected_version is not None and session.version - 1 != expected_version:
        raise StaleStateError(
            gettext("The scoreboard changed in the meantime: check it and try again."))
    if must_be_open and not session.is_open:
        raise ChouetteServiceError(gettext("This chouette session is closed."))
    return session


# --------------------------------------------------------------------------- lineup storage


def _store_lineup(session: ChouetteSession, lineup: Lineup) -> None:
    seats = list(session.seats.all())
    for seat in seats:
        if seat.player_id in lineup.line:
            seat.status, seat.position = Seat.ACTIVE, lineup.line.index(seat.player_id)
        elif seat.player_id in lineup.sitting_out:
            seat.status = Seat.SITTING_OUT
            seat.position = lineup.sitting_out.index(seat.player_id)
        elif seat.status != Seat.ROLLING:
            seat.status, seat.position = Seat.LEFT, None
    ChouetteSeat.objects.bulk_update(seats, ["status", "position"])


def _snapshot(lineup: Lineup) -> dict:
    return {"line": list(lineup.line), "sitting_out": list(lineup.sitting_out)}


def _order_ready(session: ChouetteSession) -> bool:
    return not session.seats.filter(status=Seat.ROLLING).exists()


# --------------------------------------------------------------------------- session, order


def _club_player(club: Club, player: Player | int) -> Player:
    return club_players(club=club, players=[player], error=ChouetteServiceError)[0]


@transaction.atomic
def chouette_session_start(
    *, club: Club, date: datetime.date, stake: Decimal, players: Iterable[Player | int],
    settings: ChouetteSettings | None = None, created_by=None,
) -> ChouetteSession:
    """Open a session with its rule settings (fixed from now on) and the players who roll."""
    settings = settings if settings is not None else ChouetteSettings()
    if not isinstance(stake, Decimal) or not stake.is_finite() or stake <= 0:
        raise ChouetteServiceError(
            gettext("The stake per point must be a positive amount, not %(stake)s.")
            % {"stake": stake})
    if stake != stake.quantize(Decimal("0.01")):
        raise ChouetteServiceError(gettext("The stake per point has at most two decimals."))
    chosen = [_club_player(club, player) for player in players]
    OpeningRoll(players=tuple(p.pk for p in chosen))  # refuses duplicates and too few players
    session = ChouetteSession.objects.create(
        club=club, date=date, stake=stake, currency=club.currency, created_by=created_by,
        cube_mode=settings.cube_mode.value, jacoby=settings.jacoby, beavers=settings.beavers,
        raccoons=settings.raccoons, automatic_doubles=settings.automatic_doubles,
        consultation=settings.consultation.value, box_partner_from=settings.box_partner_from,
        box_answer_policy=settings.box_answer_policy.value, cube_limit=settings.cube_limit,
    )
    ChouetteSeat.objects.bulk_create(
        ChouetteSeat(session=session, player=player, position=index)
        for index, player in enumerate(chosen))
    return session


def _opening_roll(session: ChouetteSession) -> OpeningRoll:
    rolling = session.seats.filter(status=Seat.ROLLING).order_by("position", "pk")
    players = tuple(rolling.values_list("player_id", flat=True))
    rounds = tuple(tuple((pid, die) for pid, die in round_) for round_ in session.opening_rounds)
    return OpeningRoll(players=players, rounds=rounds)


@_serialized
def chouette_order_roll(
    *, session: ChouetteSession, rolls: Mapping[int, int] | None = None,
    rng: random.Random | None = None, expected_version: int | None = None,
) -> ChouetteSession:
    """One round of dice entered by the admin (``rolls``: player id -> die), or, without
    ``rolls``, the server rolls every die still needed with a fair source (SystemRandom)."""
    session = _lock(session.pk, expected_version=expected_version)
    if _order_ready(session):
        raise ChouetteServiceError(gettext("The order is already settled."))
    state = _opening_roll(session)
    if rolls is not None:
        state = state.add_round(dict(rolls))
    elif not state.rounds:
        state = roll_opening_order(state.players, rng=rng or random.SystemRandom())
    else:
        rng = rng or random.SystemRandom()
        while not state.is_complete:  # finish an admin-entered roll: only the tied re-roll
            state = state.add_round(
                {p: rng.randint(1, 6) for group in state.must_reroll() for p in group})
    session.opening_rounds = [[list(pair) for pair in round_] for round_ in state.rounds]
    session.save(update_fields=["opening_rounds"])
    if state.is_complete:
        session.seats.filter(status=Seat.ROLLING).update(status=Seat.ACTIVE)
        _store_lineup(session, state.lineup(box_partner_from=session.box_partner_from))
    return session


# --------------------------------------------------------------------------- lineup changes


def _playing_row(session: ChouetteSession) -> GameRow | None:
    return session.games.filter(status=GameRow.Status.PLAYING).first()


@_serialized
def chouette_player_join(*, session: ChouetteSession, player: Player | int,
                         expected_version: int | None = None) -> ChouetteSession:
    """A newcomer: to the bottom of the line (or to the opening roll before anyone rolled)."""
    session = _lock(session.pk, expected_version=expected_version)
    newcomer = _club_player(session.club, player)
    seat = session.seats.filter(player=newcomer).first()
    if seat is not None and seat.status != Seat.LEFT:
        raise ChouetteServiceError(
            gettext("%(player)s is already in this chouette.") % {"player": newcomer})
    if not _order_ready(session):
        if session.opening_rounds:
            raise ChouetteServiceError(
                gettext("The order is being rolled: join once it is settled."))
        count = session.seats.count()
        ChouetteSeat.objects.create(session=session, player=newcomer, position=count)
        return session
    lineup = session_lineup(session=session).join(newcomer.pk)
    if seat is None:
        ChouetteSeat.objects.create(session=session, player=newcomer, status=Seat.LEFT)
    _store_lineup(session, lineup)
    return session


@_serialized
def chouette_player_move(*, session: ChouetteSession, player: Player | int, move: str,
                         expected_version: int | None = None) -> ChouetteSession:
    """``move``: "sit_out", "return" or "leave" (the pure Lineup decides where they go)."""
    session = _lock(session.pk, expected_version=expected_version)
    player_id = player.pk if isinstance(player, Player) else player
    if not _order_ready(session):
        raise ChouetteServiceError(gettext("The order is not settled yet."))
    lineup = session_lineup(session=session)
    playing = _playing_row(session)
    if move == "return" and playing and player_id in (playing.box_id, playing.captain_id):
        # The game in progress rotates its own box and captain: they come back after it.
        raise ChouetteServiceError(
            gettext("The box or captain of the game in progress returns after it."))
    changes = {"sit_out": lineup.sit_out, "return": lineup.return_, "leave": lineup.leave}
    if move not in changes:
        raise ChouetteServiceError(
            gettext("Unknown lineup change %(move)s.") % {"move": repr(move)})
    _store_lineup(session, changes[move](player_id))
    return session


# --------------------------------------------------------------------------- games


@_serialized
def chouette_game_start(*, session: ChouetteSession, automatic_double: bool = False,
                        started_by=None, expected_version: int | None = None) -> GameRow:
    session = _lock(session.pk, expected_version=expected_version)
    if not _order_ready(session):
        raise ChouetteServiceError(gettext("Roll the order before the first game."))
    current = _playing_row(session)
    if current is not None:
        raise ChouetteServiceError(
            gettext("Game %(number)s is still being played.") % {"number": current.number})
    lineup = session_lineup(session=session)
    state = ChouetteGame.start(lineup, session.rule_settings(), automatic_double=automatic_double)
    last = session.games.order_by("-number").values_list("number", flat=True).first() or 0
    return GameRow.objects.create(
        session=session, number=last + 1, box_id=state.box, captain_id=state.captain,
        partner_id=state.partner, lineup=_snapshot(lineup), automatic_double=automatic_double,
        started_by=started_by)


def _locked_game(session: ChouetteSession, game: GameRow | None) -> GameRow:
    row = _playing_row(session) if game is None else session.games.filter(pk=game.pk).first()
    if row is None:
        raise ChouetteServiceError(gettext("No game is being played: start one first."))
    if row.status != GameRow.Status.PLAYING:
        raise ChouetteServiceError(
            gettext("Game %(number)s is over: its result is recorded.") % {"number": row.number})
    row.session = session
    return row


@_serialized
def chouette_cube_action(
    *, session: ChouetteSession, kind: str, members: Iterable[int], game: GameRow | None = None,
    created_by=None, expected_version: int | None = None,
) -> GameRow:
    """A cube decision on one or several members' cubes (a double names a subset; an answer
    names one member). The pure game refuses what the rules do not allow."""
    session = _lock(session.pk, expected_version=expected_version)
    row = _locked_game(session, game)
    members = list(dict.fromkeys(members))
    if kind not in Kind.values:
        raise ChouetteServiceError(
            gettext("Unknown cube action %(kind)s.") % {"kind": repr(kind)})
    if kind not in MULTI and len(members) != 1:
        raise ChouetteServiceError(
            gettext("A %(kind)s answers one member's cube: name exactly one.") % {"kind": kind})
    before = game_state(game=row)
    action = ACTIONS[kind](tuple(members)) if kind in MULTI else ACTIONS[kind](members[0])
    after = before.apply(action)
    seq = (row.cube_actions.order_by("-seq").values_list("seq", flat=True).first() or 0) + 1
    ChouetteCubeAction.objects.bulk_create(
        ChouetteCubeAction(game=row, seq=seq, member_id=member, kind=kind, created_by=created_by,
                           side=_actor(before, kind, member), value=after.cube(member).value)
        for member in members)
    if after.is_over:  # every member settled by drops: the game ends without a board result
        _finish(session, row, after, by=created_by)
    return row


def _actor(state: ChouetteGame, kind: str, member: int) -> str:
    if kind == Kind.BOX_DOUBLE:
        return Side.BOX.value
    if kind == Kind.TEAM_DOUBLE:
        return Side.TEAM.value
    if kind == Kind.RACCOON:  # the raccoon answers the beaver: the original doubler acts
        return state.cube(member).owner.other.value
    return state.cube(member).pending.other.value  # the answer comes from the doubled side


@_serialized
def chouette_cube_action_undo(*, session: ChouetteSession, created_by=None,
                              expected_version: int | None = None) -> GameRow:
    """Take back the last tap of the game in progress (kept, marked undone)."""
    session = _lock(session.pk, expected_version=expected_version)
    row = _locked_game(session, None)
    last = row.cube_actions.filter(undone=False).order_by("-seq").first()
    if last is None:
        raise ChouetteServiceError(gettext("No cube action to take back in this game."))
    row.cube_actions.filter(seq=last.seq).update(undone=True)
    return row


@_serialized
def chouette_result_record(
    *, session: ChouetteSession, winner: str, kind: str, resigned: bool = False,
    game: GameRow | None = None, recorded_by=None, expected_version: int | None = None,
) -> GameRow:
    """The board's result, once: points per member, the ledger entries and the rotation."""
    session = _lock(session.pk, expected_version=expected_version)
    if game is not None:
        existing = session.games.filter(pk=game.pk).first()
        if existing is not None and existing.status != GameRow.Status.PLAYING:
            raise ResultAlreadyRecordedError(
                gettext_noop("game %(number)s's result is already recorded"),
                {"number": existing.number})
    if winner not in GameRow.Winner.values or kind not in GameRow.Kind.values:
        raise ChouetteServiceError(
            gettext("A result names the winner (box or team) and single, gammon or backgammon, "
                    "not %(winner)s / %(kind)s.") % {"winner": repr(winner), "kind": repr(kind)})
    if not isinstance(resigned, bool):
        raise ChouetteServiceError(gettext("resigned is true or false."))
    row = _locked_game(session, game)
    state = game_state(game=row).apply(RecordResult(Side(winner), kind, resigned))
    row.winner, row.kind, row.resigned = state.result.winner.value, state.result.kind.value, \
        state.result.resigned
    _finish(session, row, state, by=recorded_by)
    return row


def _finish(session: ChouetteSession, row: GameRow, state: ChouetteGame, *, by) -> None:
    outcome = state.outcome()
    lineup = session_lineup(session=session)
    following = state.next_lineup(lineup)
    now = timezone.now()
    # Conditional update: only a game still playing can finish (one result, ever).
    finished = GameRow.objects.filter(pk=row.pk, status=GameRow.Status.PLAYING).update(
        status=GameRow.Status.FINISHED, winner=row.winner, kind=row.kind, resigned=row.resigned,
        captain_won=outcome.captain_won, points=[list(line) for line in outcome.ledger_lines()],
        lineup_after=_snapshot(following), finished_at=now, finished_by=by)
    if finished != 1:
        raise ResultAlreadyRecordedError(
            gettext_noop("game %(number)s's result is already recorded"), {"number": row.number})
    lines = dict(outcome.ledger_lines())
    amounts = ledger_amounts(lines, session.stake)
    ChouetteLedgerEntry.objects.bulk_create(
        ChouetteLedgerEntry(session=session, game=row, box_id=outcome.box, member_id=member,
                            points=points, amount=amounts[member], created_by=by)
        for member, points in lines.items())
    _store_lineup(session, following)
    row.refresh_from_db()


# --------------------------------------------------------------------------- reversals


def _reverse(session: ChouetteSession, row: GameRow, *, by, reason: str) -> None:
    reason = (reason or "").strip()
    if not reason:
        raise ChouetteServiceError(
            gettext("A reversal needs a reason (it is kept in the audit trail)."))
    if row.status != GameRow.Status.FINISHED:
        raise ChouetteServiceError(
            gettext("Game %(number)s is not a finished game: nothing to reverse.")
            % {"number": row.number})
    entries = list(row.ledger_entries.filter(reverses__isnull=True, reversed_by__isnull=True))
    ChouetteLedgerEntry.objects.bulk_create(
        ChouetteLedgerEntry(session=session, game=row, box_id=e.box_id, member_id=e.member_id,
                            points=-e.points, amount=-e.amount, reverses=e, reason=reason,
                            created_by=by)
        for e in entries)
    done = GameRow.objects.filter(pk=row.pk, status=GameRow.Status.FINISHED).update(
        status=GameRow.Status.REVERSED, reversed_at=timezone.now(), reversed_by=by,
        reverse_reason=reason)
    if done != 1:
        raise ChouetteServiceError(
            gettext("Game %(number)s is already reversed.") % {"number": row.number})
    audit_record(
        club_id=session.club_id, actor=by, action=AuditEntry.Action.CHOUETTE_GAME_REVERSED,
        target=row, reason=reason,
        before={"status": GameRow.Status.FINISHED, "points": row.points},
        after={"status": GameRow.Status.REVERSED,
               "reversing_entries": list(row.ledger_entries.filter(reverses__isnull=False)
                                         .values_list("pk", flat=True))},
    )


@_serialized
def chouette_game_undo(*, session: ChouetteSession, undone_by=None, reason: str = "Undo",
                       expected_version: int | None = None) -> GameRow:
    """Undo the last game: reversing entries, and the order goes back to before its rotation."""
    session = _lock(session.pk, expected_version=expected_version)
    last = session.games.order_by("-number").first()
    if last is None or last.status == GameRow.Status.REVERSED:
        raise ChouetteServiceError(gettext("There is no finished game to undo."))
    if last.status == GameRow.Status.PLAYING:
        raise ChouetteServiceError(
            gettext("Game %(number)s is in progress: undo its taps, not the previous game.")
            % {"number": last.number})
    current = session_lineup(session=session)
    after = last.lineup_after or {}
    if list(current.line) != after.get("line") or list(current.sitting_out) != after.get(
            "sitting_out"):
        raise ChouetteServiceError(
            gettext("The order changed after game %(number)s (a join, a sit-out or a leave): "
                    "it cannot be undone here; a referee can reverse it in the admin.")
            % {"number": last.number})
    _reverse(session, last, by=undone_by, reason=reason)
    before = last.start_lineup()
    # Back to the game's starting order, among the players still here.
    line = tuple(p for p in before.line if p in current.line)
    line += tuple(p for p in current.line if p not in line)
    _store_lineup(session, Lineup(line=line, sitting_out=current.sitting_out,
                                  box_partner_from=session.box_partner_from))
    return last


@_serialized
def chouette_game_reverse(*, game: GameRow, reversed_by, reason: str) -> GameRow:
    """A referee's ruling: the game's entries are reversed (the order is left as it is)."""
    session = _lock(game.session_id, must_be_open=False)
    row = session.games.get(pk=game.pk)
    _reverse(session, row, by=reversed_by, reason=reason)
    return row


@_serialized
def chouette_session_close(*, session: ChouetteSession, closed_by=None,
                           expected_version: int | None = None) -> ChouetteSession:
    session = _lock(session.pk, expected_version=expected_version)
    current = _playing_row(session)
    if current is not None:
        raise ChouetteServiceError(
            gettext("Finish game %(number)s before closing the session.")
            % {"number": current.number})
    session.status, session.closed_at = ChouetteSession.Status.CLOSED, timezone.now()
    session.save(update_fields=["status", "closed_at"])
    return session


# --------------------------------------------------------------------------- payments


def _lock_club(club: Club) -> Club:
    return lock_row(Club, pk=club.pk, touch="currency")  # no counter: a write onto itself


@transaction.atomic
def chouette_payment_record(*, club: Club, payer: int, payee: int, amount: Decimal,
                            session: ChouetteSession | None = None,
                            created_by=None) -> ChouettePayment:
    """Mark a payment made: it may not exceed what the payer owes or the payee is owed."""
    club = _lock_club(club)
    if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
        raise ChouetteServiceError(gettext("A payment is a positive amount."))
    balances = outstanding_balances(club=club)
    if payer == payee:
        raise ChouetteServiceError(gettext("A player cannot pay themselves."))
    if balances.get(payer, 0) > -amount or balances.get(payee, 0) < amount:
        raise ChouetteServiceError(
            gettext("This payment (%(amount)s) is more than the payer owes or the payee is "
                    "owed.") % {"amount": number_format(amount, decimal_pos=2)})
    return ChouettePayment.objects.create(club=club, session=session, payer_id=payer,
                                          payee_id=payee, amount=amount, currency=club.currency,
                                          created_by=created_by)


@transaction.atomic
def chouette_payment_reverse(*, club: Club, payment_id: int, reason: str,
                             created_by=None) -> ChouettePayment:
    """Undo a payment marked by mistake: the same amount back the other way, with a reason.

    The original row stays (the record is append-only); a payment is undone at most once
    and an undo is not itself undone (mark the payment paid again instead).
    """
    club = _lock_club(club)
    reason = (reason or "").strip()
    if not reason:
        raise ChouetteServiceError(gettext("Give a reason for undoing the payment."))
    try:
        original = ChouettePayment.objects.get(pk=payment_id, club=club)
    except ChouettePayment.DoesNotExist:
        raise ChouetteServiceError(gettext("No such payment in this club.")) from None
    if original.reverses_id:
        raise ChouetteServiceError(gettext("This is an undo; mark the payment paid again instead."))
    if ChouettePayment.objects.filter(reverses=original).exists():
        raise ChouetteServiceError(gettext("This payment was already undone."))
    undo = ChouettePayment.objects.create(
        club=club, session=original.session, payer_id=original.payee_id,
        payee_id=original.payer_id, amount=original.amount, currency=original.currency,
        reverses=original, reason=reason, created_by=created_by)
    audit_record(
        club_id=club.pk, actor=created_by, action=AuditEntry.Action.CHOUETTE_PAYMENT_UNDONE,
        target=original, reason=reason, before={"undone": False},
        after={"undone": True, "undo_payment": undo.pk, "amount": str(undo.amount)},
    )
    return undo


@transaction.atomic
def chouette_plan_mark_paid(*, club: Club, session: ChouetteSession | None = None,
                            created_by=None) -> list[ChouettePayment]:
    """Every payment of the current plan, marked paid: all balances are then settled."""
    club = _lock_club(club)
    plan = settlement_plan(outstanding_balances(club=club))
    if not plan:
        raise ChouetteServiceError(gettext("Every balance is already settled."))
    return [ChouettePayment.objects.create(club=club, session=session, payer_id=payer,
                                           payee_id=payee, amount=amount,
                                           currency=club.currency, created_by=created_by)
            for payer, payee, amount in plan]


def chouette_players_reassign(*, dropped: Player, kept: Player) -> int:
    """A merge of two rows of one person (issue 32): seats, games and the ledger move to
    the kept row."""
    return player_rows_reassign(app_label="chouette", dropped=dropped, kept=kept)
