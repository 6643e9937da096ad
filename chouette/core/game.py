"""One chouette game: each member's own money game against the box, all on one board.

Model (issue 5, seed 002 "The Chouette").  A :class:`ChouetteGame` is an immutable state:
the lineup at the start, the settings, and one :class:`MemberGame` per team member (captain
first, then the team in order) holding that member's :class:`MemberCube` and status.  Every
transition is a method returning a new state, or raising an :class:`~.errors.ActionRefused`
subclass whose ``reason`` names the broken rule; the state it was called on never changes.
The same transitions exist as action values (:class:`BoxDoubles`, :class:`TeamDoubles`,
:class:`Take`, :class:`Drop`, :class:`Beaver`, :class:`Raccoon`, :class:`RecordResult`) so a
web layer can store the actions and rebuild the state with :func:`replay`.

Cubes.  Each member has a cube: the engine's ``CubeState`` (the one cube model: value, owner,
the double waiting for an answer, ``turned`` for Jacoby), with the box as player 0 and the
member as player 1, seen here as ``Side.BOX`` / ``Side.TEAM``; plus whether a raccoon may
answer a beaver.  Doubles, takes, drops and beavers are the engine's transitions.

- The box doubles any subset of members whose cube it may turn (centred or its own).  Each
  doubled member answers alone: take (cube x2, on the member's side), drop (pays the value
  before the double and is out of the game), or beaver when beavers are on.
- Per-member cubes (the default): members double the box on their own cubes, one or several at
  once; the box answers each cube.  When two or more cubes come at once the session's
  ``box_answer_policy`` constrains the answers (see ``settings.BoxAnswerPolicy``).  A dropped
  member cube "cashes" the member: the box pays the value before the double.
- One team cube (``cube_mode="team"``): the cube moves for the whole team.  The box doubles
  every member still playing, and each member answers alone (seed 002: "each team member may
  individually decide whether to accept or refuse the cube").  A team double needs every member
  still playing ("must always be unanimous within the team"), and the box answers it as one
  cube: the same answer for every member.  Values stay per member because a member who
  beavered holds a bigger cube; the owner is always the same for everyone still playing.
- Beaver (money play): the doubled side takes and at once turns the cube again, keeping it:
  value x4, owned by the beaver.  The doubler cannot refuse a beaver.  Raccoon (when on): the
  original doubler answers the beaver by turning the cube once more; the cube stays with the
  beaver (value x8).  A raccoon must come before the next double or the result.
- Only one cube turn at a time: while any double waits for an answer, nobody doubles and no
  result is recorded.  The cube limit bounds every double, beaver and raccoon.
- Automatic doubles (at most one, the box's choice): the game starts with every cube centred
  on 2; an automatic double does not count as turned for Jacoby.

Acting captain.  The captain is the first member; while the captain still plays they roll.
When the captain drops (or is cashed), the next member in team order still playing plays on as
**acting captain** (:attr:`ChouetteGame.acting_captain`).  The rotation still follows the
original captain's own result: a captain who dropped lost to the box, a captain cashed by the
box beat the box, otherwise the board's result decides.

Result and points.  The board's result is recorded once: the winning side, the kind (single,
gammon, backgammon) and whether it came by resignation (at that kind).  Each member still
playing scores ``games.engine.game_points(cube=<their cube>, kind, rules, cube_turned=...)``
with the session's engine ``Rules`` (the engine applies Jacoby to unturned cubes); members who
dropped or were cashed keep what they settled then.  :meth:`ChouetteGame.outcome` gives the
box's points against each member (positive: the member pays the box); the box's total is minus
the sum of the members', so every game balances to zero.  When every member has settled before
the end of the board, the game is over without a result.

Box partner.  When the lineup has a partner (see ``order``), the partner plays no checkers
and makes no cube decisions; they share the box's total equally, an odd point going to the box
(``partner_share`` is the total halved toward zero: +5 → box +3, partner +2; -5 → box -3,
partner -2).  Rotation of the partner: the partner is always the player at the bottom of the
line after the rotation (``order`` module docstring).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from chouette.core.errors import (
    AnswerPolicyError,
    AutomaticDoubleNotAllowedError,
    BeaverNotAllowedError,
    CubeLimitError,
    DoublePendingError,
    EmptyActionError,
    GameNotOverError,
    GameOverError,
    LineupError,
    LineupMismatchError,
    MemberOutError,
    NoDoublePendingError,
    NotCubeOwnerError,
    NotInGameError,
    NotUnanimousError,
    RaccoonNotAllowedError,
    ResultAlreadyRecordedError,
    TeamCubeError,
)
from chouette.core.i18n import gettext_noop
from chouette.core.order import Lineup
from chouette.core.settings import BoxAnswerPolicy, ChouetteSettings, CubeMode
from games.engine import CubeState, ResultKind, game_points

Player = Hashable


class Side(StrEnum):
    """The box, or the team (for a member's cube: that member)."""

    BOX = "box"
    TEAM = "team"

    @property
    def other(self) -> Side:
        return Side.TEAM if self is Side.BOX else Side.BOX


class MemberStatus(StrEnum):
    """Where a member stands in this game."""

    PLAYING = "playing"
    DROPPED = "dropped"  # passed the box's double: paid the value before it, out of the game
    CASHED = "cashed"  # the box passed this member's double: the box paid, member out


class Answer(StrEnum):
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"


#: The engine's players on a member's cube: the box is 0, the member (the team side) 1.
_PLAYER = {Side.BOX: 0, Side.TEAM: 1}
_SIDE = (Side.BOX, Side.TEAM)


@dataclass(frozen=True, slots=True)
class MemberCube:
    """One member's cube against the box: the engine's cube state, seen by sides."""

    state: CubeState = CubeState()
    raccoon_open: bool = False  # just beavered: the original doubler may raccoon

    @property
    def value(self) -> int:
        return self.state.value

    @property
    def owner(self) -> Side | None:
        """None: centred."""
        return None if self.state.owner is None else _SIDE[self.state.owner]

    @property
    def pending(self) -> Side | None:
        """The side whose double waits for the other side's answer."""
        return None if self.state.pending is None else _SIDE[self.state.pending]

    @property
    def turned(self) -> bool:
        """A double was accepted on this cube (Jacoby)."""
        return self.state.turned

    @property
    def centred(self) -> bool:
        return self.state.owner is None

    def may_double(self, side: Side) -> bool:
        return self.state.available_to(_PLAYER[side])


@dataclass(frozen=True, slots=True)
class MemberGame:
    """One member's money game against the box."""

    member: Player
    cube: MemberCube = MemberCube()
    status: MemberStatus = MemberStatus.PLAYING
    settled: int | None = None  # the box's points against this member when they left the game

    @property
    def playing(self) -> bool:
        return self.status is MemberStatus.PLAYING


@dataclass(frozen=True, slots=True)
class Volley:
    """The doubles offered together in one cube turn, and the answers given so far."""

    doubler: Side
    members: tuple[Player, ...]
    captain: Player | None  # the acting captain when the double was offered
    answers: tuple[tuple[Player, Answer], ...] = ()

    def answer_of(self, member: Player) -> Answer | None:
        for who, answer in self.answers:
            if who == member:
                return answer
        return None


@dataclass(frozen=True, slots=True)
class GameResult:
    """The board's result: who won, how much (single / gammon / backgammon), by resignation?"""

    winner: Side
    kind: ResultKind
    resigned: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "winner", Side(self.winner))
        object.__setattr__(self, "kind", ResultKind(self.kind))
        if not isinstance(self.resigned, bool):
            raise ValueError(f"resigned must be True or False, not {self.resigned!r}")


# --------------------------------------------------------------------------- actions


def _members_tuple(members: Iterable[Player]) -> tuple[Player, ...]:
    if isinstance(members, (str, bytes)) or not isinstance(members, Iterable):
        raise TypeError(f"members must be a collection of player ids, not {members!r}")
    unique: list[Player] = []
    for member in members:
        if member not in unique:
            unique.append(member)
    return tuple(unique)


@dataclass(frozen=True, slots=True)
class BoxDoubles:
    """The box doubles these members (any subset with per-member cubes; all with a team cube)."""

    members: tuple[Player, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", _members_tuple(self.members))


@dataclass(frozen=True, slots=True)
class TeamDoubles:
    """These members double the box on their own cubes (all of them with a team cube)."""

    members: tuple[Player, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", _members_tuple(self.members))


@dataclass(frozen=True, slots=True)
class Take:
    """The double waiting on ``member``'s cube is taken (by the member, or by the box)."""

    member: Player


@dataclass(frozen=True, slots=True)
class Drop:
    """The double waiting on ``member``'s cube is dropped (by the member, or by the box)."""

    member: Player


@dataclass(frozen=True, slots=True)
class Beaver:
    """The double waiting on ``member``'s cube is beavered by whoever was doubled."""

    member: Player


@dataclass(frozen=True, slots=True)
class Raccoon:
    """The original doubler answers the beaver on these members' cubes with a raccoon."""

    members: tuple[Player, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", _members_tuple(self.members))


@dataclass(frozen=True, slots=True)
class RecordResult:
    """The board's result, recorded once."""

    winner: Side
    kind: ResultKind
    resigned: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "winner", Side(self.winner))
        object.__setattr__(self, "kind", ResultKind(self.kind))


Action = BoxDoubles | TeamDoubles | Take | Drop | Beaver | Raccoon | RecordResult


# --------------------------------------------------------------------------- outcome


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The points of a finished game, all from the box's viewpoint (box against member)."""

    box: Player
    captain: Player
    partner: Player | None
    member_points: tuple[tuple[Player, int], ...]  # +n: the member pays the box n points
    captain_won: bool
    result: GameResult | None
    partner_share: int = 0  # the partner's half of the box's total (same sign, toward zero)

    @property
    def box_total(self) -> int:
        """The box's points against the whole team (before sharing with a partner)."""
        return sum(points for _, points in self.member_points)

    def ledger_lines(self) -> tuple[tuple[Player, int], ...]:
        """One line per counterparty of the box: the box's points against them.

        One line per member, plus a line for the partner (the box passes them their share:
        ``-partner_share``).  The box's own net is the sum of the lines; each counterparty's
        net is minus their line, so the lines balance to zero by construction.
        """
        lines = self.member_points
        if self.partner is not None:
            lines = lines + ((self.partner, -self.partner_share),)
        return lines

    def net_points(self) -> dict[Player, int]:
        """Each player's net points for this game (they sum to zero)."""
        net = {self.box: self.box_total - self.partner_share}
        if self.partner is not None:
            net[self.partner] = self.partner_share
        for member, points in self.member_points:
            net[member] = -points
        return net


def split_with_partner(total: int) -> int:
    """The partner's share of the box's total: half, the odd point staying with the box."""
    half = abs(total) // 2
    return half if total >= 0 else -half


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class ChouetteGame:
    """The state of one chouette game.  Build with :meth:`start`; change with the actions."""

    settings: ChouetteSettings
    lineup: Lineup
    member_games: tuple[MemberGame, ...]
    automatic_double: bool = False
    volley: Volley | None = None
    result: GameResult | None = None
    history: tuple[Action, ...] = ()

    # -- construction

    @classmethod
    def start(
        cls,
        lineup: Lineup,
        settings: ChouetteSettings | None = None,
        *,
        automatic_double: bool = False,
    ) -> ChouetteGame:
        """A new game for this lineup: every cube centred (on 2 after an automatic double)."""
        settings = settings if settings is not None else ChouetteSettings()
        lineup.check_playable()
        if lineup.box_partner_from != settings.box_partner_from:
            raise LineupError(
                f"the lineup's box_partner_from ({lineup.box_partner_from!r}) differs from the "
                f"session's ({settings.box_partner_from!r})"
            )
        cube = CubeState()
        if automatic_double:
            if settings.automatic_doubles < 1:
                raise AutomaticDoubleNotAllowedError(
                    gettext_noop("this session plays without automatic doubles"))
            if settings.cube_limit is not None and settings.cube_limit < 2:
                raise CubeLimitError(gettext_noop("the cube limit is %(limit)s"),
                                     {"limit": settings.cube_limit})
            cube = cube.automatic_double()
        games = tuple(MemberGame(member, MemberCube(cube)) for member in lineup.members)
        return cls(
            settings=settings,
            lineup=lineup,
            member_games=games,
            automatic_double=automatic_double,
        )

    # -- who is who

    @property
    def box(self) -> Player:
        return self.lineup.box

    @property
    def captain(self) -> Player:
        return self.lineup.captain

    @property
    def partner(self) -> Player | None:
        return self.lineup.partner

    @property
    def members(self) -> tuple[Player, ...]:
        return tuple(game.member for game in self.member_games)

    @property
    def playing(self) -> tuple[Player, ...]:
        """The members still in the game, in team order."""
        return tuple(game.member for game in self.member_games if game.playing)

    @property
    def acting_captain(self) -> Player | None:
        """Who rolls for the team: the captain, or the next member in order still playing."""
        playing = self.playing
        return playing[0] if playing else None

    def member_game(self, member: Player) -> MemberGame:
        for game in self.member_games:
            if game.member == member:
                return game
        raise NotInGameError(self._not_member_text(member), {"player": repr(member)})

    def cube(self, member: Player) -> MemberCube:
        return self.member_game(member).cube

    @property
    def is_over(self) -> bool:
        return self.result is not None or not self.playing

    @property
    def captain_won(self) -> bool | None:
        """The original captain's own result against the box (``None`` while undecided)."""
        captain = self.member_game(self.captain)
        if captain.status is MemberStatus.DROPPED:
            return False
        if captain.status is MemberStatus.CASHED:
            return True
        if self.result is None:
            return None
        return self.result.winner is Side.TEAM

    # -- transitions

    def apply(self, action: Action) -> ChouetteGame:
        """Apply one action value (see :data:`Action`)."""
        if isinstance(action, BoxDoubles):
            return self._double(Side.BOX, action.members, action)
        if isinstance(action, TeamDoubles):
            return self._double(Side.TEAM, action.members, action)
        if isinstance(action, Take):
            return self._answer(action.member, Answer.TAKE, action)
        if isinstance(action, Drop):
            return self._answer(action.member, Answer.DROP, action)
        if isinstance(action, Beaver):
            return self._answer(action.member, Answer.BEAVER, action)
        if isinstance(action, Raccoon):
            return self._raccoon(action.members, action)
        if isinstance(action, RecordResult):
            return self._record(action)
        raise TypeError(f"not a chouette action: {action!r}")

    def box_doubles(self, members: Iterable[Player]) -> ChouetteGame:
        return self.apply(BoxDoubles(tuple(members)))

    def team_doubles(self, members: Iterable[Player]) -> ChouetteGame:
        return self.apply(TeamDoubles(tuple(members)))

    def take(self, member: Player) -> ChouetteGame:
        return self.apply(Take(member))

    def drop(self, member: Player) -> ChouetteGame:
        return self.apply(Drop(member))

    def beaver(self, member: Player) -> ChouetteGame:
        return self.apply(Beaver(member))

    def raccoon(self, *members: Player) -> ChouetteGame:
        return self.apply(Raccoon(members))

    def answer_all(self, answer: Answer | str) -> ChouetteGame:
        """Give the same answer to every double still waiting (e.g. the box to a team double)."""
        answer = Answer(answer)
        if self.volley is None:
            self._check_open()
            raise NoDoublePendingError(gettext_noop("no double is waiting for an answer"))
        state = self
        action = {Answer.TAKE: Take, Answer.DROP: Drop, Answer.BEAVER: Beaver}[answer]
        for member in self.volley.members:
            if self.volley.answer_of(member) is None:
                state = state.apply(action(member))
        return state

    def record_result(
        self, winner: Side | str, kind: ResultKind | str, *, resigned: bool = False
    ) -> ChouetteGame:
        return self.apply(RecordResult(Side(winner), ResultKind(kind), resigned))

    # -- results

    def outcome(self) -> GameOutcome:
        """The points of the finished game (raises :class:`GameNotOverError` before the end)."""
        if not self.is_over:
            raise GameNotOverError(gettext_noop("the game is not over: record the result first"))
        rules = self.settings.to_engine_rules()
        points: list[tuple[Player, int]] = []
        for game in self.member_games:
            if game.settled is not None:
                points.append((game.member, game.settled))
                continue
            assert self.result is not None  # a member still playing means the board finished
            value = game_points(
                cube=game.cube.value,
                kind=self.result.kind,
                rules=rules,
                cube_turned=game.cube.turned,
            )
            points.append((game.member, value if self.result.winner is Side.BOX else -value))
        total = sum(value for _, value in points)
        captain_won = self.captain_won
        assert captain_won is not None
        return GameOutcome(
            box=self.box,
            captain=self.captain,
            partner=self.partner,
            member_points=tuple(points),
            captain_won=captain_won,
            result=self.result,
            partner_share=split_with_partner(total) if self.partner is not None else 0,
        )

    def next_lineup(self, lineup: Lineup | None = None) -> Lineup:
        """The lineup for the next game: ``lineup`` (default: this game's) after the rotation.

        Pass the session's current lineup when players joined, sat out or left during the game;
        the rotation then moves this game's box and captain within it.
        """
        if not self.is_over:
            raise GameNotOverError(
                gettext_noop("the rotation needs the captain's result: the game is not over"))
        lineup = lineup if lineup is not None else self.lineup
        line = lineup.line
        if self.box in line and line[0] != self.box:
            raise LineupMismatchError(
                f"the lineup's box is {lineup.box!r}, this game's box is {self.box!r}"
            )
        if self.box in line and self.captain in line and line[1] != self.captain:
            raise LineupMismatchError(
                f"the lineup's captain is {lineup.captain!r}, this game's is {self.captain!r}"
            )
        captain_won = self.captain_won
        assert captain_won is not None
        return lineup.rotate(captain_won, box=self.box, captain=self.captain)

    # -- internals

    def _not_member_text(self, member: Player) -> str:
        """The message template (``%(player)s``) of a refusal naming a non-member."""
        if member == self.box:
            return gettext_noop("player %(player)s is the box, not a team member")
        if member is not None and member == self.partner:
            return gettext_noop("player %(player)s is the box's partner, not a team member")
        return gettext_noop("player %(player)s is not a team member of this game")

    def _check_open(self) -> None:
        if self.result is not None:
            raise GameOverError(gettext_noop("the game is over: its result is recorded"))
        if not self.playing:
            raise GameOverError(gettext_noop("the game is over: every member has settled"))

    def _playing_game(self, member: Player) -> MemberGame:
        game = self.member_game(member)
        if not game.playing:
            raise MemberOutError(
                gettext_noop("member %(player)s is out of this game (%(status)s, settled "
                             "%(points)s for the box)"),
                {"player": repr(member), "status": game.status.value,
                 "points": f"{game.settled:+d}"},
            )
        return game

    def _with(
        self, changed: dict[Player, MemberGame], action: Action, **fields: object
    ) -> ChouetteGame:
        games = tuple(changed.get(game.member, game) for game in self.member_games)
        return replace(self, member_games=games, history=self.history + (action,), **fields)

    def _check_limit(self, member: Player, value: int) -> None:
        limit = self.settings.cube_limit
        if limit is not None and value > limit:
            raise CubeLimitError(
                gettext_noop("member %(player)s's cube would reach %(value)s, above the limit "
                             "of %(limit)s"),
                {"player": repr(member), "value": value, "limit": limit},
            )

    def _double(self, doubler: Side, members: Sequence[Player], action: Action) -> ChouetteGame:
        self._check_open()
        if not members:
            raise EmptyActionError(
                gettext_noop("the box doubles nobody: name at least one member")
                if doubler is Side.BOX
                else gettext_noop("the team doubles nobody: name at least one member"))
        if self.volley is not None:
            waiting = [m for m in self.volley.members if self.volley.answer_of(m) is None]
            raise DoublePendingError(
                gettext_noop("a double still waits for an answer on the cubes of %(players)s"),
                {"players": repr(waiting)},
            )
        games = [self._playing_game(member) for member in members]
        for game in games:
            if not game.cube.may_double(doubler):
                if doubler is Side.BOX:  # the member owns it
                    message = gettext_noop("the box cannot double on member %(player)s's "
                                           "cube: member %(player)s owns it")
                else:
                    message = gettext_noop("the team cannot double on member %(player)s's "
                                           "cube: the box owns it")
                raise NotCubeOwnerError(message, {"player": repr(game.member)})
            self._check_limit(game.member, game.cube.value * 2)
        if self.settings.cube_mode is CubeMode.TEAM and set(members) != set(self.playing):
            missing = [m for m in self.playing if m not in members]
            if doubler is Side.BOX:
                raise TeamCubeError(
                    gettext_noop("with one team cube the box doubles the whole team: "
                                 "%(players)s missing"),
                    {"players": repr(missing)},
                )
            raise NotUnanimousError(
                gettext_noop("with one team cube a team double must be unanimous: "
                             "%(players)s did not agree"),
                {"players": repr(missing)},
            )
        rules = self.settings.to_engine_rules()
        changed = {}
        for game in self.member_games:
            cube = game.cube
            if game.member in members:
                cube = MemberCube(cube.state.double(_PLAYER[doubler], rules=rules))
            elif cube.raccoon_open:
                cube = replace(cube, raccoon_open=False)
            if cube is not game.cube:
                changed[game.member] = replace(game, cube=cube)
        ordered = tuple(m for m in self.members if m in members)
        volley = Volley(doubler=doubler, members=ordered, captain=self.acting_captain)
        return self._with(changed, action, volley=volley)

    def _answer(self, member: Player, answer: Answer, action: Action) -> ChouetteGame:
        self._check_open()
        game = self._playing_game(member)
        cube = game.cube
        if cube.pending is None or self.volley is None:
            raise NoDoublePendingError(
                gettext_noop("no double is waiting on member %(player)s's cube"),
                {"player": repr(member)})
        answerer = cube.pending.other
        if answer is Answer.BEAVER:
            if not self.settings.beavers:
                raise BeaverNotAllowedError(gettext_noop("this session plays without beavers"))
            self._check_limit(member, cube.value * 4)
            if answerer is Side.BOX and self.settings.cube_mode is CubeMode.TEAM:
                # The box beavers the team cube as one: it must fit every member's cube, or
                # the box could not give the same answer to the others.
                for other in self.volley.members:
                    if self.volley.answer_of(other) is None:
                        self._check_limit(other, self.cube(other).value * 4)
        elif answer is Answer.TAKE:
            self._check_limit(member, cube.value * 2)
        if answerer is Side.BOX:
            self._check_box_answer(member, answer)
        if answer is Answer.DROP:
            # "Players who refuse concede the current stake" (seed 002): the value before
            # the double, paid to the doubler.
            winner, stake = cube.state.drop()
            settled = stake if _SIDE[winner] is Side.BOX else -stake
            status = MemberStatus.DROPPED if answerer is Side.TEAM else MemberStatus.CASHED
            left = MemberCube(replace(cube.state, pending=None))  # no double waits any more
            new_game = replace(game, cube=left, status=status, settled=settled)
        elif answer is Answer.TAKE:
            new_game = replace(game, cube=MemberCube(cube.state.take()))
        else:
            # The doubler cannot refuse a beaver here: the beaver is taken at once.
            rules = self.settings.to_engine_rules()
            beavered = cube.state.beaver(_PLAYER[answerer], rules=rules).take()
            new_game = replace(game, cube=MemberCube(beavered, self.settings.raccoons))
        volley = replace(self.volley, answers=self.volley.answers + ((member, answer),))
        if len(volley.answers) == len(volley.members):
            volley = None
        return self._with({member: new_game}, action, volley=volley)

    def _check_box_answer(self, member: Player, answer: Answer) -> None:
        volley = self.volley
        assert volley is not None
        given = [a for _, a in volley.answers]
        if self.settings.cube_mode is CubeMode.TEAM:
            if given and given[0] is not answer:
                raise TeamCubeError(
                    gettext_noop("with one team cube the box answers the team's double as "
                                 "one: it already chose %(chosen)s, not %(answer)s"),
                    {"chosen": given[0].value, "answer": answer.value},
                )
            return
        count = len(volley.members)
        if count < 2:
            return
        policy = self.settings.box_answer_policy
        if policy is BoxAnswerPolicy.TAKE_AT_LEAST_HALF and answer is Answer.DROP:
            drops = given.count(Answer.DROP) + 1
            if drops > count // 2:
                raise AnswerPolicyError(
                    gettext_noop("the box must take at least half of the %(count)s cubes "
                                 "offered together: it may drop at most %(drops)s"),
                    {"count": count, "drops": count // 2},
                )
        if policy is BoxAnswerPolicy.TAKE_CAPTAINS and volley.captain in volley.members:
            captain = volley.captain
            if member == captain and answer is Answer.DROP:
                if any(a is not Answer.DROP for a in given):
                    raise AnswerPolicyError(
                        gettext_noop("the box took another cube, so it must take the "
                                     "captain's (%(player)s) too"),
                        {"player": repr(captain)},
                    )
            elif answer is not Answer.DROP and volley.answer_of(captain) is Answer.DROP:
                raise AnswerPolicyError(
                    gettext_noop("the box dropped the captain's (%(player)s) cube, so it must "
                                 "drop every cube offered with it"),
                    {"player": repr(captain)},
                )

    def _raccoon(self, members: Sequence[Player], action: Action) -> ChouetteGame:
        self._check_open()
        if not members:
            raise EmptyActionError(gettext_noop("a raccoon names at least one member's cube"))
        if not self.settings.raccoons:
            raise RaccoonNotAllowedError(gettext_noop("this session plays without raccoons"))
        games = [self._playing_game(member) for member in members]
        for game in games:
            if not game.cube.raccoon_open:
                raise RaccoonNotAllowedError(
                    gettext_noop("no beaver on member %(player)s's cube to answer with a "
                                 "raccoon"),
                    {"player": repr(game.member)},
                )
            self._check_limit(game.member, game.cube.value * 2)
        if self.settings.cube_mode is CubeMode.TEAM:
            # The team raccoons a box's beaver of its team double: that is a team decision.
            team_side = [
                g.member
                for g in self.member_games
                if g.playing and g.cube.raccoon_open and g.cube.owner is Side.BOX
            ]
            chosen = [g.member for g in games if g.cube.owner is Side.BOX]
            if chosen and set(chosen) != set(team_side):
                missing = [m for m in team_side if m not in chosen]
                raise NotUnanimousError(
                    gettext_noop("with one team cube a team raccoon must be unanimous: "
                                 "%(players)s missing"),
                    {"players": repr(missing)},
                )
        # The beaver was taken at once (``_answer``), so the raccoon turns a cube the beaver
        # already owns: once more, ownership staying with the beaver (``CubeState.take`` after
        # the engine's raccoon gives the same cube).
        changed = {
            game.member: replace(game, cube=MemberCube(
                replace(game.cube.state, value=game.cube.value * 2)))
            for game in games
        }
        return self._with(changed, action)

    def _record(self, action: RecordResult) -> ChouetteGame:
        if self.result is not None:
            raise ResultAlreadyRecordedError(
                gettext_noop("the result is already recorded (%(winner)s wins %(kind)s)"),
                {"winner": self.result.winner.value, "kind": self.result.kind.value},
            )
        self._check_open()
        if self.volley is not None:
            waiting = [m for m in self.volley.members if self.volley.answer_of(m) is None]
            raise DoublePendingError(
                gettext_noop("answer the double on the cubes of %(players)s before the result"),
                {"players": repr(waiting)},
            )
        changed = {
            game.member: replace(game, cube=replace(game.cube, raccoon_open=False))
            for game in self.member_games
            if game.cube.raccoon_open
        }
        result = GameResult(action.winner, action.kind, action.resigned)
        return self._with(changed, action, result=result)


def replay(
    lineup: Lineup,
    settings: ChouetteSettings,
    actions: Iterable[Action],
    *,
    automatic_double: bool = False,
) -> ChouetteGame:
    """Rebuild a game from its stored actions (raises the first refusal)."""
    game = ChouetteGame.start(lineup, settings, automatic_double=automatic_double)
    for action in actions:
        game = game.apply(action)
    return game
