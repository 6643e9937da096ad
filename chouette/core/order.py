"""The order of play: the opening roll and the lineup (box, captain, team, partner, sitting out).

Opening roll (seed 002, "The Chouette"): every player rolls one die; the highest is the box,
the second the captain, the rest join the team in roll order.  Ties are re-rolled **only among
the tied players**, and only to order them among themselves: a re-roll never moves a player
past someone who beat them earlier.  Every tie is broken, not only the ones for the box and
the captain, because the roll also fixes the team order.  :class:`OpeningRoll` records the
rounds and says who must roll next; :func:`opening_order` folds a list of rounds;
:func:`roll_opening_order` rolls on the server with :class:`random.SystemRandom`.

Lineup: the **line** is every active player in order — the box first, the captain second,
then the team members in the order they will captain, and, when the box takes a partner, the
partner last.  Players sitting out wait aside.  The rules chosen where the issue leaves room:

- ``join``: a newcomer goes to the bottom of the line (the issue).
- ``sit_out``: the player leaves the line and loses their place; ``return_`` puts them back at
  the bottom of the line, like a newcomer.
- ``leave``: the player is removed (from the line or from those sitting out).  The line closes
  up, so when the **box** leaves between games the captain becomes the box and the next in
  line becomes captain; when the **captain** leaves, the next in line captains.
- **Box partner** (when ``box_partner_from`` is set and at least that many players are active):
  the partner is the player at the **bottom of the line**, the one with the longest wait to
  captain.  They do not play on the team; they share the box's result (see ``game``).  The
  rotation below works on the whole line, so after each game whoever lands at the bottom
  partners the box: when the box wins, the deposed captain; when the captain wins, the deposed
  box (who keeps half a stake in the box they just left).  The previous partner moves up to
  the bottom of the team.  A newcomer joining at the bottom becomes the partner.
- **Rotation** (seed 002 and the issue): box beats the captain → the box stays, the captain goes
  to the bottom, the next in line captains; captain beats the box → the captain becomes the
  box, the box goes to the bottom, the next in line captains.  Everyone else keeps their
  relative order.  The rotation is decided by the original captain's own result even when
  they dropped and someone else finished the game as acting captain.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from chouette.core.errors import (
    AlreadyPresentError,
    DuplicatePlayerError,
    InvalidRollError,
    LineupError,
    NotEnoughPlayersError,
    NotSittingOutError,
    OrderIncompleteError,
    UnknownPlayerError,
)
from chouette.core.i18n import gettext_noop
from chouette.core.settings import MIN_BOX_PARTNER_FROM

Player = Hashable

#: The fewest active players who can play a game (box and captain); a chouette usually has 3+.
MIN_PLAYERS = 2

_DIE_FACES = range(1, 7)


# --------------------------------------------------------------------------- opening roll


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The opening roll so far: the players and each round of one-die rolls.

    ``rounds`` holds each round as a tuple of ``(player, die)`` pairs.  The first round is rolled
    by everyone; each later round by one or more whole groups of tied players
    (see :meth:`must_reroll`).
    """

    players: tuple[Player, ...]
    rounds: tuple[tuple[tuple[Player, int], ...], ...] = ()

    def __post_init__(self) -> None:
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        _check_unique(
            players, gettext_noop("player %(player)s appears twice in the opening roll"))
        if len(players) < MIN_PLAYERS:
            raise NotEnoughPlayersError(
                gettext_noop("the opening roll needs at least %(least)s players, got %(count)s"),
                {"least": MIN_PLAYERS, "count": len(players)},
            )
        rounds = tuple(tuple(pairs) for pairs in self.rounds)
        if not rounds:
            object.__setattr__(self, "rounds", ())
            return
        # Validate by replaying: each round must be legal after the previous ones.
        state = OpeningRoll(players=players)
        for pairs in rounds:
            if len({player for player, _ in pairs}) != len(pairs):
                raise DuplicatePlayerError(gettext_noop("a player rolled twice in one round"))
            state = state.add_round(dict(pairs))
        object.__setattr__(self, "rounds", state.rounds)

    def histories(self) -> dict[Player, tuple[int, ...]]:
        """Each player's dice so far, in round order."""
        history: dict[Player, tuple[int, ...]] = {player: () for player in self.players}
        for pairs in self.rounds:
            for player, die in pairs:
                history[player] += (die,)
        return history

    def groups(self) -> tuple[tuple[Player, ...], ...]:
        """The players ranked best first; players still tied share a group."""
        history = self.histories()
        by_key: dict[tuple[int, ...], list[Player]] = {}
        for player in self.players:
            by_key.setdefault(history[player], []).append(player)
        # Tied players always roll together, so two histories of different groups differ at a
        # round both rolled: comparing the dice in order (highest first) ranks them.
        ranked = sorted(by_key, key=lambda dice: tuple(-die for die in dice))
        return tuple(tuple(by_key[key]) for key in ranked)

    def must_reroll(self) -> tuple[tuple[Player, ...], ...]:
        """The groups of players who must roll (again), best-ranked group first.

        Before the first round that is everyone; afterwards every group of two or more players
        with the same dice.  Empty when the order is complete.
        """
        if not self.rounds:
            return (self.players,)
        return tuple(group for group in self.groups() if len(group) > 1)

    @property
    def is_complete(self) -> bool:
        return not self.must_reroll()

    def add_round(self, rolls: Mapping[Player, int]) -> OpeningRoll:
        """Record one round: a die for every player of one or more groups that must roll."""
        rolls = dict(rolls)
        if not rolls:
            raise InvalidRollError(
                gettext_noop("a round of the opening roll needs at least one die"))
        for player, die in rolls.items():
            if player not in self.players:
                raise UnknownPlayerError(
                    gettext_noop("player %(player)s is not in this opening roll"),
                    {"player": repr(player)})
            if isinstance(die, bool) or not isinstance(die, int) or die not in _DIE_FACES:
                raise InvalidRollError(
                    gettext_noop("player %(player)s rolled %(die)s: a die shows 1 to 6"),
                    {"player": repr(player), "die": repr(die)})
        pending = self.must_reroll()
        if not pending:
            raise InvalidRollError(
                gettext_noop("the order is complete: nobody needs to roll again"))
        rolled = set(rolls)
        expected: set[Player] = set()
        for group in pending:
            inside = rolled.intersection(group)
            if inside and len(inside) != len(group):
                missing = [player for player in group if player not in rolled]
                raise InvalidRollError(
                    gettext_noop("players %(players)s are tied and re-roll together: "
                                 "missing a die for %(missing)s"),
                    {"players": repr(list(group)), "missing": repr(missing)},
                )
            if inside:
                expected.update(group)
        strays = [player for player in rolls if player not in expected]
        if strays:
            must = [list(group) for group in pending]
            raise InvalidRollError(
                gettext_noop("players %(players)s need not roll now; only the tied players "
                             "re-roll: %(tied)s"),
                {"players": repr(strays), "tied": repr(must)},
            )
        ordered = tuple((player, rolls[player]) for player in self.players if player in rolls)
        new = OpeningRoll.__new__(OpeningRoll)
        object.__setattr__(new, "players", self.players)
        object.__setattr__(new, "rounds", self.rounds + (ordered,))
        return new

    def order(self) -> tuple[Player, ...]:
        """The final order, box first; raises :class:`OrderIncompleteError` while ties remain."""
        pending = self.must_reroll()
        if pending:
            raise OrderIncompleteError(
                gettext_noop("the order is not settled yet: %(players)s must roll (again)"),
                pending,
                {"players": repr([list(group) for group in pending])},
            )
        return tuple(group[0] for group in self.groups())

    def lineup(self, *, box_partner_from: int | None = None) -> Lineup:
        """The lineup this roll gives: box, captain, then the team in roll order."""
        return Lineup(line=self.order(), box_partner_from=box_partner_from)


def opening_order(rolls: Sequence[Mapping[Player, int]]) -> tuple[Player, ...]:
    """The order (box first, captain second, then the team) from successive rounds of rolls.

    ``rolls[0]`` has one die per player (it names the players); each later round has a die
    for every player of one or more tied groups.  Raises :class:`OrderIncompleteError` (with
    ``must_reroll``) while some players are still tied, :class:`InvalidRollError` when a round
    names players who need not roll.
    """
    if not rolls:
        raise InvalidRollError(gettext_noop("the opening order needs at least one round of rolls"))
    state = OpeningRoll(players=tuple(rolls[0]))
    for round_rolls in rolls:
        state = state.add_round(round_rolls)
    return state.order()


def roll_opening_order(
    players: Iterable[Player], *, rng: random.Random | None = None
) -> OpeningRoll:
    """Roll the opening order on the server: one fair die per player, ties re-rolled.

    Uses :class:`random.SystemRandom` (the operating system's entropy) unless ``rng`` is given
    (tests pass a seeded ``random.Random``).  The returned value keeps every round for the
    record; ``.order()`` and ``.lineup()`` give the result.
    """
    rng = rng if rng is not None else random.SystemRandom()
    state = OpeningRoll(players=tuple(players))
    while not state.is_complete:
        rolling = [player for group in state.must_reroll() for player in group]
        state = state.add_round({player: rng.randint(1, 6) for player in rolling})
    return state


# --------------------------------------------------------------------------- lineup

_CURRENT = object()


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who is where: the active line (box, captain, team, partner) and those sitting out.

    Immutable: every change returns a new ``Lineup``.
    """

    line: tuple[Player, ...] = ()
    sitting_out: tuple[Player, ...] = ()
    box_partner_from: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "line", tuple(self.line))
        object.__setattr__(self, "sitting_out", tuple(self.sitting_out))
        _check_unique(self.line + self.sitting_out,
                      gettext_noop("player %(player)s appears twice in the lineup"))
        if self.box_partner_from is not None and (
            isinstance(self.box_partner_from, bool)
            or not isinstance(self.box_partner_from, int)
            or self.box_partner_from < MIN_BOX_PARTNER_FROM
        ):
            raise LineupError(
                gettext_noop("box_partner_from must be None or >= %(least)s, not %(value)s"),
                {"least": MIN_BOX_PARTNER_FROM, "value": repr(self.box_partner_from)},
            )

    # -- who is where

    @property
    def box(self) -> Player | None:
        return self.line[0] if self.line else None

    @property
    def captain(self) -> Player | None:
        return self.line[1] if len(self.line) > 1 else None

    @property
    def has_partner(self) -> bool:
        return self.box_partner_from is not None and len(self.line) >= self.box_partner_from

    @property
    def partner(self) -> Player | None:
        """The box's partner (the bottom of the line) when enabled, else ``None``."""
        return self.line[-1] if self.has_partner else None

    @property
    def members(self) -> tuple[Player, ...]:
        """Everyone playing against the box this game: the captain first, then the team."""
        end = len(self.line) - 1 if self.has_partner else len(self.line)
        return self.line[1:end]

    @property
    def team(self) -> tuple[Player, ...]:
        """The team members after the captain, in the order they will captain."""
        return self.members[1:]

    @property
    def players(self) -> tuple[Player, ...]:
        """Every player of the session still present (active first, then sitting out)."""
        return self.line + self.sitting_out

    def __contains__(self, player: object) -> bool:
        return player in self.line or player in self.sitting_out

    # -- changes between games

    def join(self, player: Player) -> Lineup:
        """A newcomer takes their place at the bottom of the line."""
        _check_player(player)
        if player in self:
            message = (gettext_noop("player %(player)s is already in the line")
                       if player in self.line
                       else gettext_noop("player %(player)s is already sitting out"))
            raise AlreadyPresentError(message, {"player": repr(player)})
        return self._replace(line=self.line + (player,))

    def sit_out(self, player: Player) -> Lineup:
        """The player steps out of the line (losing their place) and waits aside."""
        if player in self.sitting_out:
            raise AlreadyPresentError(gettext_noop("player %(player)s is already sitting out"),
                                      {"player": repr(player)})
        if player not in self.line:
            raise UnknownPlayerError(gettext_noop("player %(player)s is not in this lineup"),
                                     {"player": repr(player)})
        line = tuple(p for p in self.line if p != player)
        return self._replace(line=line, sitting_out=self.sitting_out + (player,))

    def return_(self, player: Player) -> Lineup:
        """A player who sat out comes back at the bottom of the line."""
        if player not in self.sitting_out:
            if player in self.line:
                raise NotSittingOutError(
                    gettext_noop("player %(player)s is in the line, not sitting out"),
                    {"player": repr(player)})
            raise UnknownPlayerError(gettext_noop("player %(player)s is not in this lineup"),
                                     {"player": repr(player)})
        sitting = tuple(p for p in self.sitting_out if p != player)
        return self._replace(line=self.line + (player,), sitting_out=sitting)

    def leave(self, player: Player) -> Lineup:
        """The player leaves the session; the line closes up (box → captain boxes, and so on)."""
        if player not in self:
            raise UnknownPlayerError(gettext_noop("player %(player)s is not in this lineup"),
                                     {"player": repr(player)})
        return self._replace(
            line=tuple(p for p in self.line if p != player),
            sitting_out=tuple(p for p in self.sitting_out if p != player),
        )

    def rotate(
        self, captain_won: bool, *, box: Player = _CURRENT, captain: Player = _CURRENT
    ) -> Lineup:
        """The lineup for the next game after the captain won (``True``) or lost (``False``).

        ``box`` and ``captain`` default to this lineup's; pass the game's own when players may
        have left or sat out during the game (they are then rotated as if present and dropped
        from the line, so the rotation and the leave both apply).
        """
        box = self.box if box is _CURRENT else box
        captain = self.captain if captain is _CURRENT else captain
        if box is None or captain is None or box == captain:
            raise NotEnoughPlayersError(gettext_noop("a rotation needs a box and a captain"))
        rest = [p for p in self.line if p != box and p != captain]
        head, tail = (captain, box) if captain_won else (box, captain)
        line = [head] if head in self.line else []
        line += rest
        if tail in self.line:
            line.append(tail)
        return self._replace(line=tuple(line))

    def check_playable(self) -> None:
        """Raise :class:`NotEnoughPlayersError` unless a game can start with this line."""
        if len(self.line) < MIN_PLAYERS:
            raise NotEnoughPlayersError(
                gettext_noop("a game needs at least %(least)s active players, the line has "
                             "%(count)s"),
                {"least": MIN_PLAYERS, "count": len(self.line)},
            )

    def _replace(self, **changes: object) -> Lineup:
        values = {
            "line": self.line,
            "sitting_out": self.sitting_out,
            "box_partner_from": self.box_partner_from,
        }
        values.update(changes)
        return Lineup(**values)  # type: ignore[arg-type]


def _check_player(player: object) -> None:
    if player is None:
        raise LineupError("None is not a player id")
    try:
        hash(player)
    except TypeError:
        raise LineupError(f"player ids must be hashable, not {player!r}") from None


def _check_unique(players: Sequence[Player], message: str) -> None:
    seen: set[Player] = set()
    for player in players:
        _check_player(player)
        if player in seen:
            raise DuplicatePlayerError(message, {"player": repr(player)})
        seen.add(player)
