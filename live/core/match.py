"""A live match, action by action, on the engine's ``Game`` (pure: no Django).

``LiveMatchPlay`` holds the games of one match or money session. Each accepted action goes to
the engine (the opening roll, the roll, the play, the cube, resignations); this module only
says whose action it is and writes the match file as it goes. Nothing here is a rule of the
game: the engine refuses what the rules forbid, and this module turns that into a reason.

Sides: 0 is player A (the left column of the match file, gnubg's player 0), 1 is player B.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field

from games.engine import (
    AmbiguousPlayError,
    CubeError,
    Game,
    GameStateError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidNotationError,
    MatchScore,
    Phase,
    ResultKind,
    Rule,
    Rules,
    format_steps,
    is_legal,
    normalize_dice,
    parse_moves,
)
from games.engine import matchfile as mf
from games.engine.scoring import MatchId

from .i18n import gettext_noop

KINDS = ("roll", "move", "double", "take", "drop", "beaver", "resign", "accept", "reject")
RESIGN_KINDS = {1: ResultKind.SINGLE, 2: ResultKind.GAMMON, 3: ResultKind.BACKGAMMON}


class Refused(ValueError):
    """An action the match does not accept now; ``reason`` says why (in English).
    ``template`` and ``params`` are the same reason for a translation: the template marked
    with ``gettext_noop``, its ``%(name)s`` values filled in after translating it (the
    values named in ``marked`` are marked sentences too, translated before).
    ``legal_plays`` lists the plays of the roll for an illegal play; ``out_of_turn`` marks an
    action by a side whose turn it is not."""

    def __init__(self, template: str, *, params: dict | None = None,
                 legal_plays: tuple[str, ...] = (), out_of_turn: bool = False,
                 marked: tuple[str, ...] = ()) -> None:
        self.template = template
        self.params = dict(params or {})
        self.marked = marked
        self.reason = template % self.params if self.params else template
        super().__init__(self.reason)
        self.legal_plays = legal_plays
        self.out_of_turn = out_of_turn

    def filled(self, template: str) -> str:
        """``template`` (or its translation: ``config.refusals.refusal_text``) with the values."""
        return template % self.params if self.params else template


@dataclass(frozen=True, slots=True)
class Action:
    """One accepted action. ``side`` None is an opening tie rolled by the server (digital
    dice); ``dice`` are as rolled or as the players wrote them; ``value`` is a resignation's
    1 (single), 2 (gammon) or 3 (backgammon)."""

    kind: str
    side: int | None
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    length: int = 0  # 0 = money play
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    names: tuple[str, str] = ("Player A", "Player B")
    tags: tuple[tuple[str, str], ...] = ()

    def rules(self) -> Rules:
        return Rules(match_length=self.length, crawford=self.crawford, jacoby=self.jacoby,
                     beavers=self.beavers)


@dataclass(slots=True)
class GameSheet:
    """One game: the engine's Game and the cells of the match file written so far."""

    number: int
    score: MatchScore  # before the game
    game: Game
    events: list[mf.Event] = field(default_factory=list)
    resigned_after_roll: bool = False  # a resignation offered once the dice were rolled
    written_dice: tuple[int, int] | None = None  # the last roll, in the order given


class LiveMatchPlay:
    """The games of one live match; ``apply`` takes one action or raises ``Refused``.

    A refused action leaves everything as it was (the engine raises before it changes a
    game), and the callers rebuild the match from the stored actions anyway.

    Once ``published`` (the process cache of the readers), a match is a snapshot: it
    refuses every action, so a page rendering it never sees it change under it (ASGI runs
    requests on several threads); an action is applied to a ``copy``.
    """

    published = False

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rules = settings.rules()
        self.score = MatchScore(settings.length, crawford=self.rules.crawford_in_force)
        self.sheets: list[GameSheet] = [self._new_sheet()]

    @classmethod
    def replayed(cls, settings: Settings, actions) -> LiveMatchPlay:
        match = cls(settings)
        for action in actions:
            match.apply(action)
        return match

    # --- reading ----------------------------------------------------------------------

    @property
    def sheet(self) -> GameSheet:
        return self.sheets[-1]

    @property
    def game(self) -> Game:
        return self.sheet.game

    @property
    def finished(self) -> bool:
        return self.score.is_over()

    @property
    def game_over(self) -> bool:
        return self.game.phase is Phase.OVER

    @property
    def opening(self) -> bool:
        """The next roll is a game's opening roll (either player may post it)."""
        return self.game.phase in (Phase.OPENING, Phase.OVER) and not self.finished

    def turn(self) -> int | None:
        """The side that must act now; None before an opening roll or once it is over."""
        if self.opening or self.finished:
            return None
        return self.game.turn

    def legal_plays(self) -> tuple[str, ...]:
        if self.game.phase is not Phase.MOVE:
            return ()
        return tuple(str(play) for play in self.game.legal_plays())

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each side's checkers seen from that side (index 1-24, 25 the bar, 0 off)."""
        game = self.game
        return game.position_for(0).mover, game.position_for(1).mover

    def position_id(self) -> str:
        return self.game.position.position_id()

    def match_id(self) -> str:
        if self.game_over:  # between games: the next game, not rolled yet
            return MatchId(game_state=0, match_length=self.settings.length,
                           scores=self.score.scores, on_roll=self.game.on_roll,
                           turn=self.game.on_roll,
                           jacoby_off=not self.rules.jacoby_in_force).encode()
        return self.game.match_id()

    def winner(self) -> int | None:
        return self.score.winner()

    # --- snapshots --------------------------------------------------------------------

    def publish(self) -> LiveMatchPlay:
        """This match as a snapshot readers share: never changed from now on."""
        self.published = True
        return self

    def copy(self) -> LiveMatchPlay:
        """A match of its own to act on, the same as this one (a snapshot stays as it is).

        Only the game being played is copied: an action changes nothing else in place (the
        score is an immutable value, replaced; a finished game's sheet is never touched
        again, a new game appends a sheet). So the cost of an action's copy is one game's,
        not the whole match's."""
        twin = copy.copy(self)
        sheet = self.sheets[-1]
        game = copy.copy(sheet.game)  # its values are immutable (positions, cube, score)...
        game.rng = copy.deepcopy(sheet.game.rng)  # ...but for its dice generator
        twin.sheets = [*self.sheets[:-1],
                       dataclasses.replace(sheet, game=game, events=list(sheet.events))]
        twin.published = False
        return twin

    # --- acting -----------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        if self.published:
            raise RuntimeError("a published live match is a snapshot: act on its copy()")
        if action.kind not in KINDS:
            raise Refused(gettext_noop("Unknown action %(action)s: one of %(kinds)s."),
                          params={"action": repr(action.kind), "kinds": ", ".join(KINDS)})
        if self.finished:
            raise Refused(gettext_noop("The match is over."))
        if action.kind == "roll":
            self._roll(action)
            return
        if self.opening:
            raise Refused(gettext_noop("Roll first: the game starts with the opening roll."))
        getattr(self, "_" + action.kind)(action)

    def _roll(self, action: Action) -> None:
        dice = _dice(action.dice)
        if self.opening:
            self._opening_roll(action.side, dice)
            return
        game = self._expect(action.side, Phase.ROLL, "roll")
        game.roll(dice)
        self.sheet.written_dice = dice
        plays = game.legal_plays()
        if not plays[0].moves:  # "the player loses his turn": the roll passes it by itself
            self.sheet.events.append(mf.Roll(action.side, dice, mf.RollKind.EMPTY))
            game.play(plays[0])

    def _opening_roll(self, side: int | None, dice: tuple[int, int]) -> None:
        """``side`` None: the server's dice, player A's die then player B's; the engine's
        ``Game`` says who starts (or that both roll again). A side given: the players
        wrote the dice of the roll its player won (real dice)."""
        if self.game_over:
            self.sheets.append(self._new_sheet())
        game = self.game
        if side is None:
            if game.roll_opening(dice):
                self.sheet.written_dice = game.dice
            return
        if side not in (0, 1):
            raise Refused(gettext_noop("Say who won the opening roll."))
        try:
            game.roll_opening_won(side, dice)
        except GameStateError as exc:
            if exc.rule is not Rule.OPENING_DOUBLET:
                raise
            raise Refused(gettext_noop("An opening roll is never a doublet: both players roll "
                                       "again.")) from exc
        self.sheet.written_dice = dice

    def _move(self, action: Action) -> None:
        game = self._expect(action.side, Phase.MOVE, "move")
        dice, before = self.sheet.written_dice, game.position
        try:
            play = game.play(action.play)
        except (IllegalPlayError, InvalidNotationError, AmbiguousPlayError) as exc:
            template, params = _play_refusal(exc, action.play)
            raise Refused(template, params=params, legal_plays=self.legal_plays(),
                          marked=tuple(set(params) & {"rule", "reason"})) from exc
        text = _written(before, dice, action.play, play)
        self.sheet.events.append(mf.Roll(action.side, dice, mf.RollKind.PLAY, text))
        self._maybe_over()

    def _double(self, action: Action) -> None:
        game = self._expect(action.side, Phase.ROLL, "double")
        try:
            game.double()
        except CubeError as exc:
            template, params = _cube_refusal(exc)
            raise Refused(template, params=params) from exc
        self.sheet.events.append(mf.Double(action.side, game.cube.value * 2))

    def _take(self, action: Action) -> None:
        game = self._expect(action.side, Phase.DOUBLE, "take")
        beavered = game.cube.beavers > 0
        game.take()
        if not beavered:  # gnubg writes no take after a beaver (the columns alternate)
            self.sheet.events.append(mf.Take(action.side))

    def _drop(self, action: Action) -> None:
        game = self._expect(action.side, Phase.DOUBLE, "drop")
        game.drop()
        self.sheet.events.append(mf.Drop(action.side))
        self._maybe_over()

    def _beaver(self, action: Action) -> None:
        game = self._expect(action.side, Phase.DOUBLE, "beaver")
        try:
            game.beaver(action.side)
        except CubeError as exc:
            template, params = _cube_refusal(exc, beaver=True)
            raise Refused(template, params=params) from exc
        self.sheet.events.append(mf.Beaver(action.side, game.cube.value * 2))

    def resign_refusal(self, side: int | None) -> Refused | None:
        """Why ``side`` may not offer a resignation now (None: it may): on one's own turn,
        or before the opponent has rolled (then the opponent answers)."""
        game = self.game
        if side not in (0, 1):
            return Refused(gettext_noop("Say who resigns."))
        if self.opening or self.finished:
            return Refused(_phase_refusal(game, "resign"), out_of_turn=True)
        refusal = game.resign_refusal(side)  # the rule is the engine's
        if refusal is None:
            return None
        if refusal.rule is Rule.RESIGN_TURN:
            return Refused(gettext_noop("Wait until your opponent has played to resign."),
                           out_of_turn=True)
        return Refused(_phase_refusal(game, "resign"), out_of_turn=True)

    def _resign(self, action: Action) -> None:
        game = self.game
        kind = RESIGN_KINDS.get(action.value)
        if kind is None:
            raise Refused(gettext_noop("Resign 1 (a single game), 2 (a gammon) or 3 (a "
                                       "backgammon)."))
        refusal = self.resign_refusal(action.side)
        if refusal is not None:
            raise refusal
        self.sheet.resigned_after_roll = game.phase is Phase.MOVE
        game.resign(action.side, kind)

    def _accept(self, action: Action) -> None:
        game = self._expect(action.side, Phase.RESIGN, "accept")
        sheet = self.sheet
        if sheet.resigned_after_roll:  # the dice rolled before it, as gnubg writes them
            sheet.events.append(mf.Roll(game.on_roll, sheet.written_dice, mf.RollKind.EMPTY))
        game.accept_resignation()
        self._maybe_over()

    def _reject(self, action: Action) -> None:
        self._expect(action.side, Phase.RESIGN, "reject").reject_resignation()
        self.sheet.resigned_after_roll = False

    # --- helpers ----------------------------------------------------------------------

    def _expect(self, side: int | None, phase: Phase, what: str) -> Game:
        game = self.game
        if game.phase is not phase:
            raise Refused(_phase_refusal(game, what), out_of_turn=side != game.turn)
        if side != game.turn:
            raise Refused(gettext_noop("It is %(name)s's turn."),
                          params={"name": self.settings.names[game.turn]}, out_of_turn=True)
        return game

    def _maybe_over(self) -> None:
        result = self.game.result
        if result is None:
            return
        self.sheet.events.append(mf.Win(result.winner, result.points))
        self.score = self.game.score_after()

    def _new_sheet(self) -> GameSheet:
        number = len(getattr(self, "sheets", ())) + 1
        return GameSheet(number, self.score, Game(self.rules, score=self.score))

    # --- the match file ---------------------------------------------------------------

    def match_file(self) -> mf.MatchFile:
        games = tuple(
            mf.GameRecord(number=sheet.number, scores=sheet.score.scores,
                          events=tuple(sheet.events), names=self.settings.names)
            for sheet in self.sheets if sheet.events or sheet.number == 1)
        tags = list(self.settings.tags)
        if self.settings.length:
            tags.append(("Crawford", "On" if self.settings.crawford else "Off"))
        else:
            tags += [("Jacoby", "On" if self.settings.jacoby else "Off"),
                     ("Beaver", "On" if self.settings.beavers else "Off")]
        return mf.MatchFile(tags=mf.Tags(tuple(tags)), notes=(),
                            match_length=self.settings.length,
                            players=self.settings.names, games=games)

    def match_text(self) -> str:
        return mf.write_match_file(self.match_file()) + "\n"


def _dice(dice) -> tuple[int, int]:
    if dice is None:
        raise Refused(gettext_noop("Give the two dice rolled, e.g. [5, 1]."))
    try:
        first, second = dice
        pair = (int(first), int(second))
        normalize_dice(pair)
    except (TypeError, ValueError, InvalidDiceError) as exc:
        raise Refused(gettext_noop("The dice are two numbers from 1 to 6, e.g. [5, 1].")) \
            from exc
    return pair


def _written(position, dice, text: str, play) -> str:
    """The play for the match file, one checker step per die as gnubg writes it (25 the bar,
    0 off): the steps as the player gave them when they can be made in that order (so the
    file keeps which checker went where), else the engine's. No hit marks: the board tells
    (some writers never write them; gnubg ignores them)."""
    moves = parse_moves(text)
    if not is_legal(position, dice, moves):
        moves = play.moves
    return format_steps(moves)


def _play_refusal(exc: Exception, text: str) -> tuple[str, dict]:
    """The refusal of a play (a template and its values; the engine's own words stay)."""
    if isinstance(exc, InvalidNotationError):
        reason = _NOTATION_REFUSALS.get(exc.code, _NOTATION_REFUSALS["token"])
        return (gettext_noop("%(play)s is not a play: %(reason)s. Write it like 13/8 6/5."),
                {"play": repr(text), "reason": reason})
    if isinstance(exc, AmbiguousPlayError):
        return (gettext_noop("%(play)s could be %(candidates)s: say which."),
                {"play": repr(text), "candidates": " or ".join(exc.candidates)})
    code = getattr(exc.rule, "value", str(exc.rule))
    rule = _PLAY_REFUSALS.get(code, _PLAY_REFUSALS["wrong_distance"])
    return (gettext_noop("%(play)s is not a legal play here: %(rule)s."),
            {"play": repr(text), "rule": rule})


#: The engine's rule codes (``games.engine.rules.Rule``) as a refused play's reason: the
#: engine's own detail (English, for machines and logs) is not shown.
_PLAY_REFUSALS = {
    "bar_first": gettext_noop("checkers on the bar must enter first"),
    "must_use_both_dice": gettext_noop(
        "both dice (all four numbers of a doublet) must be played when they can be"),
    "higher_die": gettext_noop(
        "when only one die can be played, the higher one must be played if it can"),
    "blocked_point": gettext_noop("the point is blocked by two or more of the opponent's "
                                  "checkers"),
    "bearoff_not_allowed": gettext_noop(
        "bearing off is allowed only when every checker is in the home board"),
    "no_checker": gettext_noop("there is no checker of yours on that point"),
    "wrong_distance": gettext_noop("the move does not match the dice"),
}


#: What is wrong with a play that cannot be read (``InvalidNotationError.code``): the
#: engine's own reason (English, for machines and logs) is not shown.
_NOTATION_REFUSALS = {
    "token": gettext_noop("a part of it is not a move"),
    "pair": gettext_noop("each move needs the point it starts from and the point it ends on"),
    "point": gettext_noop("a part of it is not a point"),
    "bar_destination": gettext_noop("a checker never moves to the bar"),
    "off_source": gettext_noop("a checker never moves from off the board"),
    "range": gettext_noop("the points are numbered 1 to 24 (and bar, off)"),
}


_CUBE_REFUSALS = {
    "crawford_no_double": gettext_noop("no doubling in the Crawford game."),
    "cube_not_owned": gettext_noop("the cube is your opponent's."),
    "cube_limit": gettext_noop("the cube is at its limit."),
    "beaver_not_allowed": gettext_noop("beavers are not played here."),
}
_BEAVER_REFUSALS = {
    "crawford_no_double": gettext_noop("No beaver here: no doubling in the Crawford game."),
    "cube_not_owned": gettext_noop("No beaver here: the cube is your opponent's."),
    "cube_limit": gettext_noop("No beaver here: the cube is at its limit."),
    "beaver_not_allowed": gettext_noop("No beaver here: beavers are not played here."),
}


def _cube_refusal(exc: CubeError, *, beaver: bool = False) -> tuple[str, dict]:
    rule = getattr(exc, "rule", None)
    value = getattr(rule, "value", str(rule))
    known = (_BEAVER_REFUSALS if beaver else _CUBE_REFUSALS).get(value)
    if known is not None:
        return known, {}
    # A rule without its own sentence: said plainly (the engine's detail is English).
    return _CANNOT["beaver" if beaver else "double"], {}


_CANNOT = {
    "roll": gettext_noop("You cannot roll now."),
    "move": gettext_noop("You cannot move now."),
    "double": gettext_noop("You cannot double now."),
    "take": gettext_noop("You cannot take now."),
    "drop": gettext_noop("You cannot drop now."),
    "beaver": gettext_noop("You cannot beaver now."),
    "resign": gettext_noop("You cannot resign now."),
    "accept": gettext_noop("You cannot accept now."),
    "reject": gettext_noop("You cannot reject now."),
}


def _phase_refusal(game: Game, what: str) -> str:
    phase = game.phase
    if phase is Phase.DOUBLE:
        if game.rules.beavers_in_force:
            return gettext_noop("A double waits for an answer: take, drop or beaver.")
        return gettext_noop("A double waits for an answer: take, drop it.")
    if phase is Phase.RESIGN:
        return gettext_noop("A resignation waits for an answer: accept or reject it.")
    if phase is Phase.MOVE:
        return gettext_noop("The dice are rolled: play them.") if what != "resign" else \
            gettext_noop("Wait until your opponent has played.")
    if phase is Phase.ROLL and what == "move":
        return gettext_noop("Roll the dice first.")
    if phase is Phase.OVER:
        return gettext_noop("The game is over: roll to start the next one.")
    return _CANNOT[what]


__all__ = ["KINDS", "RESIGN_KINDS", "Action", "GameSheet", "LiveMatchPlay", "Refused",
           "Settings"]
