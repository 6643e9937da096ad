"""Chouette reads: sessions, the scoreboard, balances, the settlement plan, player records.

Values handed to templates and the API are plain dicts and lists; the game's state comes
from replaying its stored actions through ``chouette.core`` (no rule is re-implemented).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from decimal import Decimal

from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Coalesce
from django.utils.translation import gettext, gettext_lazy

from chouette.core import Lineup, MemberStatus, OpeningRoll, Side, settlement_plan
from chouette.models import (
    ChouetteGame,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSeat,
    ChouetteSession,
)
from chouette.state import game_state, session_lineup
from clubs.models import Club, Player
from ops.pagecache import version_read

ZERO = Decimal("0.00")
#: A player's roles in a chouette game, as counted on their record.
ROLES = ("box", "captain", "member", "partner")


def _count(queryset) -> Subquery:
    """The number of ``queryset``'s rows for the outer session (a correlated subquery)."""
    return Subquery(queryset.filter(session=OuterRef("pk")).order_by().values("session")
                    .annotate(n=Count("pk")).values("n"), output_field=IntegerField())


def session_list(*, club: Club):
    """The club's sessions, newest first, with their game and player counts.

    The counts are subqueries, computed for the rows of the page only (and left out of the
    paginator's count): grouping the club's every game and seat to show 25 sessions cost
    ~40 ms at 300 evenings."""
    return club.chouette_sessions.annotate(
        game_count=Coalesce(_count(ChouetteGame.objects.filter(
            status=ChouetteGame.Status.FINISHED)), 0),
        player_count=Coalesce(_count(ChouetteSeat.objects.all()), 0),
    ).order_by("-date", "-pk")


def chouette_version(*, club: Club) -> str:
    """A version of everything the club's chouette pages show: it changes with every write.

    Every write to a session bumps its ``version`` in the write's transaction
    (``chouette.services``: a seat, a cube action, a result, a reversal with its ledger
    rows, the close), so the sessions' count, latest id and sum of versions move with any
    of them; payments (and their undos) are new rows. One raw query of two index reads:
    through the ORM its compiling cost more than the reads (as the rating pages found)."""
    # MAX(p.id + 0): PostgreSQL's MAX(id) walks the whole table's primary key backwards
    # looking for the club's rows (all of it for a club without payments); so it reads
    # the club's payments by their index.
    row = version_read("SELECT COUNT(*), MAX(s.id), SUM(s.version), (SELECT MAX(p.id + 0) "
                       "FROM {payments} p WHERE p.club_id = %s) "
                       "FROM {sessions} s WHERE s.club_id = %s", [club.pk, club.pk],
                       payments=ChouettePayment, sessions=ChouetteSession)
    return "-".join(str(value or 0) for value in row)


def chouette_versions(*, club_ids: list[int]) -> str:
    """``chouette_version`` of several clubs at once (the API's lists across the viewer's
    clubs), in one raw query."""
    if not club_ids:
        return ""
    marks = ", ".join(["%s"] * len(club_ids))
    rows = version_read("SELECT s.club_id, COUNT(*), MAX(s.id), SUM(s.version), "
                        "(SELECT MAX(p.id + 0) FROM {payments} p WHERE p.club_id = s.club_id) "
                        f"FROM {{sessions}} s WHERE s.club_id IN ({marks}) "
                        "GROUP BY s.club_id ORDER BY s.club_id", club_ids, many=True,
                        payments=ChouettePayment, sessions=ChouetteSession)
    return ";".join("-".join(str(value or 0) for value in row) for row in rows)


def session_get(*, club: Club, pk: int) -> ChouetteSession:
    return ChouetteSession.objects.select_related("club").get(club=club, pk=pk)


# --------------------------------------------------------------------------- balances


def _net(entries, key_points: str = "points", key_amount: str = "amount") -> dict:
    """Each player's net (points, money) from ledger rows: the box wins what members pay."""
    net: dict[int, list] = defaultdict(lambda: [0, ZERO])
    as_box = entries.values("box_id").annotate(p=Sum(key_points), a=Sum(key_amount))
    as_member = entries.values("member_id").annotate(p=Sum(key_points), a=Sum(key_amount))
    for row in as_box.order_by():
        net[row["box_id"]][0] += row["p"]
        net[row["box_id"]][1] += row["a"]
    for row in as_member.order_by():
        net[row["member_id"]][0] -= row["p"]
        net[row["member_id"]][1] -= row["a"]
    return net


def session_balances(*, session: ChouetteSession) -> list[dict]:
    """Per player of the session: net points and money (they sum to zero)."""
    net = _net(ChouetteLedgerEntry.objects.filter(session=session))
    seats = session.seats.select_related("player").order_by("player__name")
    return [{"player_id": s.player_id, "name": s.player.name, "points": net[s.player_id][0],
             "amount": net[s.player_id][1]} for s in seats]


def outstanding_balances(*, club: Club) -> dict[int, Decimal]:
    """All-time money per player in the club, minus what was marked paid (+ : receives)."""
    net = _net(ChouetteLedgerEntry.objects.filter(session__club=club))
    balances = {player: values[1] for player, values in net.items()}
    payments = ChouettePayment.objects.filter(club=club)
    for row in payments.values("payer_id").annotate(a=Sum("amount")).order_by():
        balances[row["payer_id"]] = balances.get(row["payer_id"], ZERO) + row["a"]
    for row in payments.values("payee_id").annotate(a=Sum("amount")).order_by():
        balances[row["payee_id"]] = balances.get(row["payee_id"], ZERO) - row["a"]
    return {player: amount for player, amount in sorted(balances.items()) if amount != 0}


def recent_payments(*, club: Club, limit: int = 20) -> list[ChouettePayment]:
    """The club's latest payments and undos, newest first, with whether each was undone."""
    return list(ChouettePayment.objects.filter(club=club)
                .select_related("payer", "payee", "created_by")
                .annotate(undone=Exists(ChouettePayment.objects.filter(reverses=OuterRef("pk"))))
                .order_by("-created_at", "-pk")[:limit])


def settlement(*, club: Club) -> dict:
    """Outstanding balances by name and the fewest-payments plan that settles them."""
    balances = outstanding_balances(club=club)
    names = dict(Player.objects.filter(pk__in=balances).values_list("pk", "name"))
    plan = settlement_plan(balances)
    return {
        "balances": [{"player_id": p, "name": names[p], "amount": a}
                     for p, a in sorted(balances.items(), key=lambda item: names[item[0]])],
        "plan": [{"payer_id": payer, "payer": names[payer], "payee_id": payee,
                  "payee": names[payee], "amount": amount} for payer, payee, amount in plan],
    }


def ledger_rows(*, session: ChouetteSession):
    return (ChouetteLedgerEntry.objects.filter(session=session)
            .select_related("game", "box", "member", "created_by").order_by("pk"))


# --------------------------------------------------------------------------- scoreboard


def _names(session: ChouetteSession, seats) -> dict[int, str]:
    return {seat.player_id: seat.player.name for seat in seats}


def _cube_row(state, member_game, names, acting) -> dict:
    cube = member_game.cube
    playing = member_game.status is MemberStatus.PLAYING
    pending = cube.pending.value if cube.pending else ""
    return {
        "player_id": member_game.member, "name": names[member_game.member],
        "status": member_game.status.value, "acting_captain": member_game.member == acting,
        "cube": cube.value, "owner": cube.owner.value if cube.owner else "centre",
        "pending": pending, "answerer": cube.pending.other.value if cube.pending else "",
        "settled": member_game.settled, "raccoon_open": cube.raccoon_open and playing,
        "box_may_double": playing and state.volley is None and cube.may_double(Side.BOX),
        "team_may_double": playing and state.volley is None and cube.may_double(Side.TEAM),
    }


#: A game's result in words, by (winner, kind).
RESULT_TEXTS = {
    ("box", "single"): gettext_lazy("The box wins single game"),
    ("box", "gammon"): gettext_lazy("The box wins gammon"),
    ("box", "backgammon"): gettext_lazy("The box wins backgammon"),
    ("team", "single"): gettext_lazy("The team wins single game"),
    ("team", "gammon"): gettext_lazy("The team wins gammon"),
    ("team", "backgammon"): gettext_lazy("The team wins backgammon"),
}


def _result_text(game: ChouetteGame) -> str:
    if not game.winner:
        return gettext("every member settled by the cube") if game.finished_at else ""
    text = str(RESULT_TEXTS[game.winner, game.kind])
    return gettext("%(result)s (resigned)") % {"result": text} if game.resigned else text


def _game_summary(game: ChouetteGame, names: dict[int, str]) -> dict:
    return {
        "id": game.pk, "number": game.number, "status": game.status,
        "box": names.get(game.box_id, "?"), "captain": names.get(game.captain_id, "?"),
        "result": _result_text(game),
        "captain_won": game.captain_won,
        "points": _own_points(game, names),
        "reverse_reason": game.reverse_reason,
    }


def _own_points(game: ChouetteGame, names: dict[int, str]) -> list[dict]:
    """Each player's own points for the game, signed as in "points tonight": the box wins
    what its counterparties pay (the stored lines are the box's against each of them)."""
    if not game.points:
        return []
    box = {"name": names.get(game.box_id, "?"), "points": sum(pts for _, pts in game.points),
           "box": True}
    return [box] + [{"name": names.get(p, "?"), "points": -pts, "box": False}
                    for p, pts in game.points]


def _order_block(session, seats, names) -> dict:
    rolling = [s for s in seats if s.status == ChouetteSeat.Status.ROLLING]
    if not rolling:
        return {"ready": True, "must_roll": [], "rounds": _rounds(session, names)}
    roll = OpeningRoll(players=tuple(s.player_id for s in rolling),
                       rounds=tuple(tuple((p, d) for p, d in r) for r in session.opening_rounds))
    return {"ready": False, "rounds": _rounds(session, names),
            "must_roll": [{"player_id": p, "name": names[p]}
                          for group in roll.must_reroll() for p in group]}


def _rounds(session, names) -> list[str]:
    return [", ".join(f"{names.get(p, '?')} {d}" for p, d in r) for r in session.opening_rounds]


def scoreboard(*, session: ChouetteSession) -> dict:
    """Everything the live scoreboard shows, as plain values (JSON-ready)."""
    seats = list(session.seats.select_related("player"))
    names = _names(session, seats)
    games = list(session.games.order_by("-number"))
    lineup: Lineup = session_lineup(session=session, seats=seats)
    running = _net(ChouetteLedgerEntry.objects.filter(session=session))
    playing = next((g for g in games if g.status == ChouetteGame.Status.PLAYING), None)
    board = {
        "session": {"id": session.pk, "date": session.date.isoformat(), "status": session.status,
                    "stake": str(session.stake), "currency": session.currency,
                    "cube_mode": session.get_cube_mode_display(), "version": session.version},
        "order": _order_block(session, seats, names),
        "lineup": {
            "box": _who(lineup.box, names), "captain": _who(lineup.captain, names),
            "team": [_who(p, names) for p in lineup.team],
            "partner": _who(lineup.partner, names),
            "sitting_out": [_who(p, names) for p in lineup.sitting_out],
            "left": [_who(s.player_id, names) for s in seats
                     if s.status == ChouetteSeat.Status.LEFT],
        },
        "running": sorted(
            ({"player_id": p, "name": names[p], "points": running[p][0],
              "amount": str(running[p][1])} for p in names),
            key=lambda row: (-row["points"], row["name"])),
        "game": None,
        "games": [_game_summary(g, names) for g in games if g is not playing][:12],
        "can_undo": bool(games) and games[0].status == ChouetteGame.Status.FINISHED,
    }
    if playing is not None:
        playing.session = session
        actions = list(playing.cube_actions.all())
        state = game_state(game=playing, actions=[a for a in actions if not a.undone])
        acting = state.acting_captain
        board["game"] = {
            "id": playing.pk, "number": playing.number, "box": _who(state.box, names),
            "captain": _who(state.captain, names), "acting_captain": _who(acting, names),
            "partner": _who(state.partner, names),
            "members": [_cube_row(state, mg, names, acting) for mg in state.member_games],
            "double_pending": state.volley is not None,
            "taps": [{"kind": a.get_kind_display(), "name": names.get(a.member_id, "?"),
                      "value": a.value} for a in actions if not a.undone][-8:],
        }
    return board


def _who(player_id, names) -> dict | None:
    if player_id is None:
        return None
    return {"player_id": player_id, "name": names.get(player_id, "?")}


# --------------------------------------------------------------------------- player record


def player_record(*, club: Club, player: Player) -> dict:
    """A player's chouette across evenings: games as box / captain / member, net results.

    Two grouped queries over the player's own games and ledger rows (never the club's
    other games): the cost follows how much the player played, not the club's history.
    A member of a game is a counterparty of the box in its ledger (one line each, the
    partner too), so the roles are read from the game's columns and its ledger.
    """
    me = player.pk
    in_game = Q(box=me) | Q(captain=me) | Q(partner=me) | Exists(
        ChouetteLedgerEntry.objects.filter(game=OuterRef("pk"), member=me,
                                           reverses__isnull=True))
    as_member = ~Q(box=me) & ~Q(captain=me) & (Q(partner__isnull=True) | ~Q(partner=me))
    roles = (ChouetteGame.objects
             .filter(in_game, session__club=club, status=ChouetteGame.Status.FINISHED)
             .values("session_id", "session__date", "session__currency")
             .annotate(as_box=Count("pk", filter=Q(box=me)),
                       as_captain=Count("pk", filter=Q(captain=me)),
                       as_partner=Count("pk", filter=Q(partner=me)),
                       as_member=Count("pk", filter=as_member))
             .order_by("session__date", "session_id"))
    # The box wins what a counterparty pays: + for the player as box, - as the counterparty.
    signed = {field: Sum(Case(When(box=me, then=F(field)), default=-F(field)))
              for field in ("points", "amount")}
    money = {row["session_id"]: row for row in (
        ChouetteLedgerEntry.objects.filter(Q(box=me) | Q(member=me), session__club=club)
        .values("session_id").annotate(**signed).order_by())}
    rows = []
    for row in roles:
        net = money.get(row["session_id"], {})
        rows.append({
            "session": {"pk": row["session_id"], "date": row["session__date"],
                        "currency": row["session__currency"]},
            **{role: row[f"as_{role}"] for role in ROLES},
            # Quantized: SQLite hands a sum of decimals back without its places ("4").
            "points": net.get("points") or 0, "amount": (net.get("amount") or ZERO).quantize(ZERO)})
    totals = {key: sum(r[key] for r in rows) for key in (*ROLES, "points")}
    totals["amount"] = sum((r["amount"] for r in rows), ZERO)
    return {"player": player, "rows": rows, "totals": totals}


def evenings_sat_in(*, club: Club, since: datetime.date, until: datetime.date
                    ) -> list[tuple[int, datetime.date]]:
    """(player id, date) for each of the club's chouette evenings from ``since`` to
    ``until`` (both included) and each player who had a seat at it (one query)."""
    return list(ChouetteSeat.objects.filter(session__club=club, session__date__gte=since,
                                            session__date__lte=until)
                .values_list("player_id", "session__date").distinct().order_by())


def ledger_lines_of(*, user, player=None) -> list[dict]:
    """The ledger lines where ``player`` is the box or a counterparty (a data export)."""
    if player is None:
        return []
    rows = (ChouetteLedgerEntry.objects.filter(Q(box=player) | Q(member=player))
            .select_related("session__club", "box", "member").order_by("created_at", "pk"))
    return [{"club": row.session.club.slug, "session": row.session_id, "game": row.game_id,
             "box": row.box.name, "member": row.member.name, "points": row.points,
             "amount": str(row.amount), "reverses": row.reverses_id, "reason": row.reason,
             "created_at": row.created_at.isoformat()} for row in rows]
