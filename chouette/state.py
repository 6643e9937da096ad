"""The stored chouette turned back into pure values: the session's lineup and a game's
state. Shared by the services (which then write) and the selectors (which only read), so
neither imports the other for them.
"""

from __future__ import annotations

from collections.abc import Iterable

from chouette.core import (
    Beaver,
    BoxDoubles,
    ChouetteGame,
    Drop,
    Lineup,
    Raccoon,
    RecordResult,
    Side,
    Take,
    TeamDoubles,
    replay,
)
from chouette.models import ChouetteCubeAction, ChouetteSeat, ChouetteSession
from chouette.models import ChouetteGame as GameRow

Seat = ChouetteSeat.Status
Kind = ChouetteCubeAction.Kind
#: The stored kind of a cube action -> the pure action it replays as.
ACTIONS = {Kind.BOX_DOUBLE: BoxDoubles, Kind.TEAM_DOUBLE: TeamDoubles, Kind.TAKE: Take,
           Kind.DROP: Drop, Kind.BEAVER: Beaver, Kind.RACCOON: Raccoon}
#: Actions that name several members' cubes at once (one row per member, one ``seq``).
MULTI = {Kind.BOX_DOUBLE, Kind.TEAM_DOUBLE, Kind.RACCOON}


def session_lineup(*, session: ChouetteSession, seats: Iterable[ChouetteSeat] | None = None
                   ) -> Lineup:
    """The session's current lineup, rebuilt from its seats."""
    seats = list(seats if seats is not None else session.seats.all())
    ordered = sorted(seats, key=lambda seat: (seat.position is None, seat.position, seat.pk))
    return Lineup(
        line=tuple(s.player_id for s in ordered if s.status == Seat.ACTIVE),
        sitting_out=tuple(s.player_id for s in ordered if s.status == Seat.SITTING_OUT),
        box_partner_from=session.box_partner_from,
    )

def game_state(*, game: GameRow, actions: Iterable[ChouetteCubeAction] | None = None
               ) -> ChouetteGame:
    """Rebuild the pure game from its starting lineup and its stored cube actions."""
    rows = actions if actions is not None else game.cube_actions.filter(undone=False)
    steps: list = []
    grouped: dict[int, list[ChouetteCubeAction]] = {}
    for row in rows:
        if not row.undone:
            grouped.setdefault(row.seq, []).append(row)
    for seq in sorted(grouped):
        group = grouped[seq]
        kind = group[0].kind
        if kind in MULTI:
            steps.append(ACTIONS[kind](tuple(r.member_id for r in group)))
        else:
            steps.append(ACTIONS[kind](group[0].member_id))
    if game.status != GameRow.Status.PLAYING and game.winner:
        steps.append(RecordResult(Side(game.winner), game.kind, game.resigned))
    return replay(game.start_lineup(), game.session.rule_settings(), steps,
                  automatic_double=game.automatic_double)

