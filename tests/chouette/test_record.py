"""A player's chouette record, read with grouped queries over the player's own games, agrees
with the straightforward reading (replay every finished game of the club, look the player up
in its lineup) on evenings with partners, sit-outs, cube drops, reversed and undone games.
"""

import datetime
import random
from decimal import Decimal

import pytest

from chouette import selectors, services
from chouette.core import ChouetteSettings
from chouette.models import ChouetteGame, ChouetteLedgerEntry
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db

ZERO = Decimal("0.00")


def reference_record(*, club, player) -> dict:
    """The record as the page used to compute it: every finished game of the club in Python."""
    games = (ChouetteGame.objects.filter(session__club=club, status=ChouetteGame.Status.FINISHED)
             .select_related("session").order_by("session__date", "number"))
    per_session = {}
    for game in games:
        lineup = game.start_lineup()
        role = ("box" if game.box_id == player.pk else "captain" if game.captain_id == player.pk
                else "member" if player.pk in lineup.team else
                "partner" if player.pk == game.partner_id else None)
        if role is None:
            continue
        row = per_session.setdefault(game.session_id, {
            "session": game.session_id, "box": 0, "captain": 0, "member": 0, "partner": 0,
            "points": 0, "amount": ZERO})
        row[role] += 1
    for entry in ChouetteLedgerEntry.objects.filter(session__club=club).values(
            "session_id", "box_id", "member_id", "points", "amount"):
        if player.pk not in (entry["box_id"], entry["member_id"]):
            continue
        sign = 1 if entry["box_id"] == player.pk else -1
        row = per_session.get(entry["session_id"])
        if row is not None:
            row["points"] += sign * entry["points"]
            row["amount"] += sign * entry["amount"]
    return per_session


def _play_evening(club, players, rng, *, day, partner_from=None):
    session = services.chouette_session_start(
        club=club, date=datetime.date(2026, 1, day), stake=Decimal("1.50"), players=players,
        settings=ChouetteSettings(box_partner_from=partner_from))
    services.chouette_order_roll(session=session, rng=rng)
    for number in range(1, 9):
        if number == 4:  # someone sits out for a game, then comes back
            sitter = rng.choice(players[2:])
            services.chouette_player_move(session=session, player=sitter, move="sit_out")
        if number == 6:
            services.chouette_player_move(session=session, player=sitter, move="return")
        game = services.chouette_game_start(session=session)
        if rng.random() < 0.4:
            services.chouette_cube_action(session=session, kind="box_double",
                                          members=[game.captain_id])
            services.chouette_cube_action(session=session, kind=rng.choice(["take", "drop"]),
                                          members=[game.captain_id])
        game.refresh_from_db()
        if game.status == ChouetteGame.Status.PLAYING:
            services.chouette_result_record(session=session, winner=rng.choice(["box", "team"]),
                                            kind=rng.choice(["single", "single", "gammon"]))
    services.chouette_game_undo(session=session, reason="Wrong result")
    return session


@pytest.fixture
def evenings(club, alice, bob, carol):
    rng = random.Random(13)
    extra = [MembershipFactory(club=club, player=PlayerFactory(name=n)).player
             for n in ("Dora", "Eve", "Fred", "Gus")]
    everyone = [alice.player, bob.player, carol.player, *extra]
    _play_evening(club, everyone, rng, day=2, partner_from=6)  # seven: a box partner
    _play_evening(club, everyone[:4], rng, day=9)
    session = _play_evening(club, everyone[2:], rng, day=16, partner_from=6)
    first = session.games.filter(status=ChouetteGame.Status.FINISHED).first()
    services.chouette_game_reverse(game=first, reversed_by=alice, reason="Scored twice")
    return everyone


def test_the_record_agrees_with_replaying_every_game(club, evenings):
    roles_seen = set()
    for player in evenings:
        expected = reference_record(club=club, player=player)
        record = selectors.player_record(club=club, player=player)
        got = {row["session"]["pk"]: {"session": row["session"]["pk"], **{
            key: row[key] for key in ("box", "captain", "member", "partner", "points",
                                      "amount")}} for row in record["rows"]}
        assert got == expected, player.name
        roles_seen |= {role for row in got.values()
                       for role in ("box", "captain", "member", "partner") if row[role]}
    assert roles_seen == {"box", "captain", "member", "partner"}  # the scenario covers all


def test_the_totals_add_up_the_evenings(club, evenings):
    record = selectors.player_record(club=club, player=evenings[2])
    assert len(record["rows"]) == 3
    assert record["totals"]["points"] == sum(r["points"] for r in record["rows"])
    assert record["totals"]["amount"] == sum(r["amount"] for r in record["rows"])
    # Money to the cent, as the ledger holds it (not "4" for 4.00).
    assert all(r["amount"].as_tuple().exponent == -2 for r in record["rows"])
    assert [r["session"]["date"] for r in record["rows"]] == sorted(
        r["session"]["date"] for r in record["rows"])


def test_another_clubs_games_are_not_counted(club, other_club, evenings, alice):
    """Alice also plays at Hilltop: her Riverside record does not change."""
    before = selectors.player_record(club=club, player=alice.player)
    hilltop = [alice.player] + [MembershipFactory(club=other_club, player=PlayerFactory()).player
                                for _ in range(2)]
    MembershipFactory(club=other_club, player=alice.player)
    _play_evening(other_club, hilltop, random.Random(1), day=23)
    assert selectors.player_record(club=club, player=alice.player) == before
