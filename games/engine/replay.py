"""Replay a parsed match file through the engine and collect every rules violation.

``replay(match, rules)`` walks each game of a :class:`~games.engine.matchfile.MatchFile`
with the engine and returns a :class:`MatchReport`: the verdict per game, the final score,
and *every* violation (not only the first), each with a severity, the game number, the
1-based line of the file, the rule it breaks and a message. After an illegal play the
replay goes on from the position as played (spec ``match-format.md`` §10.4; the referee's
"an error not called in time stands as played").

The replay reads and judges; it advances nothing itself. Each game is the engine's
:class:`~games.engine.game.Game` driven ``as_played`` (the board, the turn, the cube, the
result and its value), the scores and the Crawford game are the engine's
:class:`~games.engine.scoring.MatchScore`, and each action is judged by the engine's rules
(``is_legal``, ``match_play``, ``CubeState.can_double``...) before it is made.

``MatchReport.to_dict()`` is the JSON report of ``manage.py check_match --json``.

Pure Python, standard library only (never imports Django).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import (
    AmbiguousPlayError,
    CubeError,
    Game,
    GameResult,
    IllegalPlayError,
    InvalidNotationError,
    MatchScore,
    Move,
    Position,
    ResultKind,
    Rule,
    Rules,
    format_moves,
    is_legal,
    legal_plays,
    match_play,
    parse_moves,
)
from .matchfile import (
    Beaver,
    Double,
    Drop,
    Event,
    GameRecord,
    MatchFile,
    MatchFileError,
    Raccoon,
    Resign,
    Roll,
    RollKind,
    Take,
    Win,
)

__all__ = [
    "ExtraRule",
    "GameReport",
    "MatchReport",
    "Severity",
    "TurnDetail",
    "Violation",
    "replay",
    "report_unreadable",
    "rules_for",
]


class Severity(enum.StrEnum):
    FATAL = "fatal"  # the file cannot be read as a match (see report_unreadable)
    ERROR = "error"  # a rules violation or an inconsistent record
    WARNING = "warning"  # tolerated irregularity (hit marks, forced move left out, ...)


class ExtraRule(enum.StrEnum):
    """Rule names for record problems that ``Rule`` does not name."""

    INVALID_NOTATION = "invalid_notation"  # a play that cannot be read at all
    TURN_ORDER = "turn_order"  # a player acts when it is the other player's turn
    CUBE_VALUE = "cube_value"  # "Doubles => n" with n not twice the cube value
    RECORD_FORMAT = "record_format"  # actions after the end, missing "Wins", bad cells...
    EDITED_POSITION = "edited_position"  # Snowie "Illegal play (...)": board set by hand
    HIT_MARK = "hit_mark"  # "*" marks that do not match the hits (warning)
    FORCED_MOVE = "forced_move"  # the only legal play was left out and filled in (warning)
    OPENING_DOUBLET = "opening_doublet"  # a game opens with a doublet (warning)
    ENCODING = "encoding"  # not UTF-8 (warning)
    UNREADABLE = "unreadable"  # fatal: not a match file


# ---------------------------------------------------------------------------------------
# Report values
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Violation:
    severity: Severity
    game: int  # game number (0 = the file as a whole)
    line: int  # 1-based line of the file (0 = none)
    rule: str  # a Rule or ExtraRule value
    message: str

    def to_dict(self) -> dict:
        return {"game": self.game, "line": self.line, "rule": self.rule, "message": self.message}


@dataclass(frozen=True, slots=True)
class TurnDetail:
    """One action of a game, as the Django layer stores it."""

    line: int
    player: int  # 0 = left (first name on the score lines), 1 = right
    action: str  # "roll", "double", "beaver", "raccoon", "take", "drop", "resign"
    position_id: str  # before the action, seen from the acting player (gnubg Position ID)
    dice: tuple[int, int] | None = None  # as written
    play_text: str = ""  # as written ("Cannot Move", "????" and empty plays give "")
    roll_kind: str = ""  # RollKind value for rolls
    canonical: str | None = None  # the legal play found, in canonical notation
    cube_value: int | None = None  # the value offered by double / beaver / raccoon
    legal: bool = True  # False when this action broke a rule
    #: The cube before the action: (value, owner; None = centred). For the replay viewer;
    #: not part of ``to_dict`` (the stored and reported shape is unchanged).
    cube_before: tuple[int, int | None] = (1, None)

    def to_dict(self) -> dict:
        return {
            "line": self.line,
            "player": self.player,
            "action": self.action,
            "position_id": self.position_id,
            "dice": list(self.dice) if self.dice else None,
            "play_text": self.play_text,
            "roll_kind": self.roll_kind,
            "canonical": self.canonical,
            "cube_value": self.cube_value,
            "legal": self.legal,
        }


@dataclass(frozen=True, slots=True)
class GameReport:
    number: int
    line: int  # the "Game N" line
    written_scores: tuple[int, int]  # the score line
    scores: tuple[int, int]  # the scores before the game, following from the earlier games
    crawford: bool
    winner: int | None  # None when the game is unfinished
    points: int  # as scored (the written value when it is the real or the capped value)
    real_points: int | None  # cube x result (the resigned value for a resignation)
    written_points: int | None  # the "Wins n" value
    capped: bool  # written points = min(real, needed) < real
    result: ResultKind | None
    ended_by: str | None  # "bearoff", "resign", "drop"
    cube: int  # at the end; for a drop, the value before the refused double
    cube_owner: int | None  # None = centred
    counted: bool  # False for a game after the match was won
    turns: tuple[TurnDetail, ...]
    final_position_id: str | None  # the board at the end, seen from the player on roll
    final_on_roll: int | None = None  # that player (None: the game has no action)

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "winner": self.winner,
            "points": self.points,
            "result": self.result.value if self.result else None,
            "ended_by": self.ended_by,
            "cube": self.cube,
            "crawford": self.crawford,
        }

    def detail_dict(self) -> dict:
        """Everything, for storage: the report fields plus each turn."""
        return {
            **self.to_dict(),
            "line": self.line,
            "written_scores": list(self.written_scores),
            "scores": list(self.scores),
            "real_points": self.real_points,
            "written_points": self.written_points,
            "capped": self.capped,
            "cube_owner": self.cube_owner,
            "counted": self.counted,
            "final_position_id": self.final_position_id,
            "turns": [turn.to_dict() for turn in self.turns],
        }


@dataclass(frozen=True, slots=True)
class MatchReport:
    match_length: int
    players: tuple[str, str]
    rules: Rules | None
    games: tuple[GameReport, ...]
    final_score: tuple[int, int]
    winner: int | None  # the match winner (None: unfinished, or a money session)
    violations: tuple[Violation, ...]  # every severity, in file order

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is not Severity.WARNING)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    @property
    def passed(self) -> bool:
        return not self.errors

    @property
    def readable(self) -> bool:
        return not any(v.severity is Severity.FATAL for v in self.violations)

    def to_dict(self) -> dict:
        """The ``check_match --json`` report (issue 4); warnings in their own key."""
        return {
            "match_length": self.match_length,
            "games": [game.to_dict() for game in self.games],
            "final_score": list(self.final_score),
            "violations": [v.to_dict() for v in self.errors],
            "warnings": [v.to_dict() for v in self.warnings],
        }


def report_unreadable(error: MatchFileError) -> MatchReport:
    """A report for a file that cannot be read as a match (one fatal violation)."""
    violation = Violation(Severity.FATAL, 0, error.line, ExtraRule.UNREADABLE, error.reason)
    return MatchReport(0, ("", ""), None, (), (0, 0), None, (violation,))


# ---------------------------------------------------------------------------------------
# Rules from the file
# ---------------------------------------------------------------------------------------

_ON = {"on", "yes", "true", "1"}
_OFF = {"off", "no", "false", "0"}


def _flag(match: MatchFile, names: Sequence[str], default: bool) -> bool:
    for name in names:
        value = match.tags.get(name)
        if value is not None:
            word = value.strip().lower()
            if word in _ON:
                return True
            if word in _OFF:
                return False
    return default


def rules_for(
    match: MatchFile, *, jacoby: bool = False, beavers: bool = False, crawford: bool = True
) -> Rules:
    """The rules of a match file: the options, overridden by XG-style header tags.

    ``; [Crawford "Off"]``, ``; [Jacoby "On"]``, ``; [Beaver "On"]`` and
    ``; [CubeLimit "64"]`` win over the options, because they record what was played.
    """
    limit = None
    for name in ("CubeLimit", "Cube Limit"):
        value = match.tags.get(name, "").strip()
        if value.isdigit() and int(value) >= 1:
            limit = int(value)
            break
    return Rules(
        match_length=match.match_length,
        crawford=_flag(match, ("Crawford",), crawford),
        jacoby=_flag(match, ("Jacoby",), jacoby),
        beavers=_flag(match, ("Beaver", "Beavers"), beavers),
        cube_limit=limit,
    )


# ---------------------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------------------

_KIND_ORDER = (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)
#: A player this many pips behind is taken as the one who resigned a gammon or
#: backgammon, when the board lets either player lose one.
_FAR_BEHIND = 20
_NAMES = ("left", "right")


def replay(match: MatchFile, rules: Rules | None = None) -> MatchReport:
    """Replay every game of ``match`` and report every violation (see the module doc)."""
    if rules is None:
        rules = rules_for(match)
    return _MatchReplay(match, rules).run()


class _MatchReplay:
    def __init__(self, match: MatchFile, rules: Rules) -> None:
        self.match = match
        self.rules = rules
        self.violations: list[Violation] = []
        self.marks_hits = any(
            isinstance(e, Roll) and "*" in e.text for g in match.games for e in g.events
        )

    def add(self, severity: Severity, game: int, line: int, rule: str, message: str) -> None:
        self.violations.append(Violation(severity, game, line, str(rule), message))

    def run(self) -> MatchReport:
        match, rules = self.match, self.rules
        for issue in match.issues:
            rule = ExtraRule.ENCODING if "UTF-8" in issue.message else ExtraRule.RECORD_FORMAT
            severity = Severity.WARNING if issue.severity == "warning" else Severity.ERROR
            self.add(severity, issue.game, issue.line, rule, issue.message)
        variation = match.tags.get("Variation", "Backgammon").strip()
        if variation.lower() not in ("backgammon", "standard", ""):
            self.add(
                Severity.WARNING, 0, 0, ExtraRule.RECORD_FORMAT,
                f"variation {variation!r} is replayed as standard backgammon",
            )

        length = match.match_length
        score = MatchScore(length=length, scores=(0, 0), crawford=rules.crawford_in_force)
        reports: list[GameReport] = []
        for index, record in enumerate(match.games):
            scores = score.scores
            if index == 0 and record.scores != (0, 0):
                self.add(
                    Severity.ERROR, record.number, record.score_line, Rule.SCORE_MISMATCH,
                    f"the first game starts at {_score(record.scores)}, not 0-0",
                )
            elif index and record.scores != scores:
                self.add(
                    Severity.ERROR, record.number, record.score_line, Rule.SCORE_MISMATCH,
                    f"score line says {_score(record.scores)}, but the games before give "
                    f"{_score(scores)}",
                )
            over = score.is_over()
            if over:
                self.add(
                    Severity.ERROR, record.number, record.line, Rule.MATCH_OVER,
                    f"game {record.number} is played after the match was won "
                    f"({_score(scores)} in a {length}-point match)",
                )
            following = match.games[index + 1] if index + 1 < len(match.games) else None
            next_scores = following.scores if following is not None else None
            replayed = _GameReplay(self, record, score, next_scores)
            game = replayed.run()
            report = GameReport(
                number=record.number,
                line=record.line,
                written_scores=record.scores,
                scores=scores,
                crawford=replayed.game.crawford_game,
                counted=not over,
                **game,
            )
            reports.append(report)
            if report.winner is not None and not over and report.points > 0:
                score = score.after_game(report.winner, report.points)

        final = score.scores
        last = reports[-1] if reports else None
        if last is not None and last.winner is None and last.counted:
            self.add(
                Severity.ERROR, last.number, match.last_line, Rule.GAME_UNFINISHED,
                f"the file stops in the middle of game {last.number}",
            )
        elif length and not score.is_over():
            self.add(
                Severity.ERROR, last.number if last else 0, match.last_line,
                Rule.MATCH_UNFINISHED,
                f"the file stops at {_score(final)}, before anyone reached {length} points",
            )
        ordered = sorted(self.violations, key=lambda v: (v.line, v.severity != Severity.ERROR))
        return MatchReport(
            match_length=length,
            players=match.players,
            rules=rules,
            games=tuple(reports),
            final_score=(final[0], final[1]),
            winner=score.winner(),
            violations=tuple(ordered),
        )


def _score(scores: Sequence[int]) -> str:
    return f"{scores[0]}-{scores[1]}"


class _GameReplay:
    """One game of the record, read action by action into the engine's ``Game``.

    The Game (driven as played) holds the board, whose turn it is, the cube and how the
    game ended; this reads the record, judges each action and keeps the report.
    """

    def __init__(
        self,
        owner: _MatchReplay,
        record: GameRecord,
        score: MatchScore,
        next_scores: tuple[int, int] | None,
    ) -> None:
        self.owner = owner
        self.record = record
        self.score = score  # before the game
        self.next_scores = next_scores  # the next game's score line: who won a silent resign
        self.game = Game(owner.rules, score=score, as_played=True)
        self.started = False  # a player has rolled or doubled
        self.turns: list[TurnDetail] = []
        self.result: dict | None = None  # the "Wins" cell, read

    # -- helpers ----------------------------------------------------------------------

    def flag(self, line: int, rule: str, message: str, severity: Severity = Severity.ERROR):
        self.owner.add(severity, self.record.number, line, rule, message)

    def name(self, player: int) -> str:
        return f"{self.owner.match.players[player]} ({_NAMES[player]})"

    def take_turn(self, player: int, line: int, what: str) -> None:
        """Make ``player`` the one to act; flag it when it is the other player's turn."""
        game = self.game
        if not self.started:
            self.started = True
            game.begin(player)
        elif player != game.on_roll:
            self.flag(
                line, ExtraRule.TURN_ORDER,
                f"{self.name(player)} {what}, but it was {self.name(game.on_roll)}'s turn",
            )
            game.turn_to(player)

    # -- the game ---------------------------------------------------------------------

    def run(self) -> dict:
        events = self.record.events
        for index, event in enumerate(events):
            following = events[index + 1] if index + 1 < len(events) else None
            if self.result is not None:
                self.flag(
                    event.line, ExtraRule.RECORD_FORMAT,
                    f"{type(event).__name__.lower()} after the game's result",
                )
                continue
            ended = self.game.result
            if ended is not None and not isinstance(event, Win):
                self.flag(
                    event.line, ExtraRule.RECORD_FORMAT,
                    f"{type(event).__name__.lower()} after the game ended by {ended.ended_by}",
                )
                continue
            done, cube = len(self.turns), (self.game.cube.value, self.game.cube.owner)
            self.act(event, following)
            if len(self.turns) > done:
                self.turns[-1] = replace(self.turns[-1], cube_before=cube)
        return self.summary()

    def act(self, event: Event, following: Event | None) -> None:
        if isinstance(event, Roll):
            self.roll(event, following)
        elif isinstance(event, Double):
            self.double(event)
        elif isinstance(event, Beaver | Raccoon):
            self.beaver(event)
        elif isinstance(event, Take):
            self.take(event)
        elif isinstance(event, Drop):
            self.drop(event)
        elif isinstance(event, Resign):
            self.resign(event)
        elif isinstance(event, Win):
            self.win(event)

    def summary(self) -> dict:
        game = self.game
        final = {"turns": tuple(self.turns), "final_position_id": game.position.position_id(),
                 "final_on_roll": game.on_roll if self.started else None}
        if self.result is None:
            return {
                "winner": None, "points": 0, "real_points": None, "written_points": None,
                "capped": False, "result": None, "ended_by": None, "cube": game.cube.value,
                "cube_owner": game.cube.owner, **final,
            }
        return {**self.result, **final}

    # -- rolls ------------------------------------------------------------------------

    def roll(self, event: Roll, following: Event | None) -> None:
        player, dice, line = event.player, event.dice, event.line
        game = self.game
        opening = not self.started
        self.take_turn(player, line, "rolled")
        if game.cube.pending is not None:
            if not game.cube.beavers:
                self.flag(
                    line, ExtraRule.RECORD_FORMAT,
                    f"{self.name(player)} rolled while a double was waiting for an answer; "
                    "taken as a take",
                )
            game.take()
        if opening and dice[0] == dice[1] and all(1 <= d <= 6 for d in dice):
            self.flag(
                line, ExtraRule.OPENING_DOUBLET,
                f"the game opens with a doublet ({dice[0]}{dice[1]}); standard rules re-roll",
                Severity.WARNING,
            )
        before = game.position
        game.roll(dice)
        detail = TurnDetail(
            line=line, player=player, action="roll", position_id=before.position_id(),
            dice=dice, play_text=event.text if event.kind is RollKind.PLAY else "",
            roll_kind=event.kind.value,
        )
        if not all(1 <= d <= 6 for d in dice):
            self.flag(
                line, Rule.DICE_RANGE, f"dice {dice[0]}{dice[1]}: each die must be 1 to 6"
            )
            self.turns.append(replace(detail, legal=False))
            self.play_as_written(event)
            return

        kind = event.kind
        if kind is RollKind.PLAY:
            self.written_play(event, detail)
            return
        if kind is RollKind.HIDDEN:
            self.turns.append(detail)
            game.resign(player)
            if not isinstance(following, Win):
                self.flag(line, ExtraRule.RECORD_FORMAT, "'????' (resigned after rolling) "
                          "is not followed by the result")
            return
        if kind is RollKind.ILLEGAL:
            self.edited_position(event, detail)
            return
        plays = legal_plays(before, dice)
        if not plays[0].moves:  # no legal move: a dance
            self.turns.append(replace(detail, canonical=""))
            game.end_turn(plays[0].result)
            return
        if kind is RollKind.EMPTY and len(plays) == 1:
            play = plays[0]
            self.flag(
                line, ExtraRule.FORCED_MOVE,
                f"no play written for {dice[0]}{dice[1]}; the only legal play {play} was "
                "filled in",
                Severity.WARNING,
            )
            self.turns.append(replace(detail, canonical=str(play)))
            game.end_turn(play.result)
            return
        if kind is RollKind.EMPTY and (isinstance(following, Win | Resign) or following is None):
            # Rolled, then resigned without moving (gnubg: a bare roll with legal moves).
            self.turns.append(detail)
            game.resign(player)
            return
        self.flag(
            line, Rule.MUST_USE_BOTH_DICE,
            f"{self.name(player)} did not move with {dice[0]}{dice[1]}, but "
            f"{len(plays)} legal plays exist (e.g. {plays[0]})",
        )
        self.turns.append(replace(detail, legal=False))
        game.end_turn(game.position.swap())

    def written_play(self, event: Roll, detail: TurnDetail) -> None:
        player, dice, line, text = event.player, event.dice, event.line, event.text
        position = self.game.position
        try:
            result, canonical, hits = _resolve(position, dice, text)
        except InvalidNotationError as exc:
            self.flag(line, ExtraRule.INVALID_NOTATION, f"cannot read the play {text!r}: {exc}")
            self.turns.append(replace(detail, legal=False))
            self.game.end_turn(position.swap())
            return
        except IllegalPlayError as exc:
            rule = exc.rule.value if isinstance(exc.rule, Rule) else str(exc.rule)
            self.flag(
                line, rule,
                f"illegal play {dice[0]}{dice[1]}: {text} by {self.name(player)} in "
                f"position {exc.position_id}: {_illegal_reason(exc)}",
            )
            self.turns.append(replace(detail, legal=False))
            self.play_as_written(event)
            return
        except AmbiguousPlayError as exc:
            self.flag(
                line, ExtraRule.HIT_MARK,
                f"{text!r} could be {', '.join(exc.candidates)}; the first was taken",
                Severity.WARNING,
            )
            play = next(p for p in legal_plays(position, dice) if str(p) in exc.candidates)
            result, canonical = play.result, str(play)
            hits = sum(1 for move in play.moves if move.hit)
        if self.owner.marks_hits:
            written = text.count("*")
            if written != hits:
                self.flag(
                    line, ExtraRule.HIT_MARK,
                    f"{text!r} marks {written} hit(s), the play {canonical} hits {hits}",
                    Severity.WARNING,
                )
        self.turns.append(replace(detail, canonical=canonical))
        self.game.end_turn(result)

    def play_as_written(self, event: Roll) -> None:
        """Move the written checkers as far as the board physically allows; pass the turn."""
        moves: tuple[Move, ...] = ()
        if event.kind is RollKind.PLAY:
            try:
                moves = parse_moves(event.text)
            except InvalidNotationError:
                moves = ()
        self.game.end_turn(_apply_physically(self.game.position, moves, event.dice))

    def edited_position(self, event: Roll, detail: TurnDetail) -> None:
        self.turns.append(replace(detail, legal=False, play_text=event.text))
        position = _snowie_position(event.text)
        if position is None:
            self.flag(
                event.line, ExtraRule.EDITED_POSITION,
                "'Illegal play (...)': the recorded position cannot be read; the board is "
                "left as it was",
            )
            self.game.end_turn(self.game.position.swap())
            return
        self.flag(
            event.line, ExtraRule.EDITED_POSITION,
            f"'Illegal play': the board was set by hand to {position.swap().position_id()}",
        )
        self.game.end_turn(position)

    # -- cube -------------------------------------------------------------------------

    def double(self, event: Double) -> None:
        player, line, game = event.player, event.line, self.game
        self.take_turn(player, line, "doubled")
        cube = game.cube
        offered = cube.value * 2
        detail = TurnDetail(
            line=line, player=player, action="double",
            position_id=game.position.position_id(), cube_value=event.value,
        )
        legal = True
        rule = cube.can_double(player, rules=game.rules, crawford_game=game.crawford_game)
        if rule is not None:
            legal = False
            self.flag(line, rule.value if isinstance(rule, Rule) else str(rule),
                      _double_refusal(rule, self, player))
        if event.value is not None and event.value != offered:
            legal = False
            self.flag(
                line, ExtraRule.CUBE_VALUE,
                f"'Doubles => {event.value}' but the cube is at {cube.value}: "
                f"a double offers {offered}",
            )
        self.turns.append(replace(detail, legal=legal))
        game.double()  # as played: the double stands even when it was not allowed

    def beaver(self, event: Beaver | Raccoon) -> None:
        """Take a double and redouble at once, keeping the cube (money play); a second
        one in a row, by the original doubler, is a raccoon (spec §7.4)."""
        player, line, game = event.player, event.line, self.game
        cube = game.cube
        action = "raccoon" if isinstance(event, Raccoon) or cube.beavers else "beaver"
        detail = TurnDetail(
            line=line, player=player, action=action,
            position_id=game.position_for(player).position_id(), cube_value=event.value,
        )
        if cube.pending is None or cube.pending == player:
            self.flag(line, Rule.NO_DOUBLE_PENDING,
                      f"{self.name(player)} {action}s, but no double is waiting for them")
            self.turns.append(replace(detail, legal=False))
            return
        legal = True
        offered = cube.value * 4  # the double taken, then doubled again
        try:
            cube.beaver(player, rules=game.rules)  # judged on the cube value, not made
        except CubeError as exc:
            legal = False
            rule = exc.rule.value if isinstance(exc.rule, Rule) else str(exc.rule)
            self.flag(line, rule, f"{self.name(player)} {action}s: {exc}")
        if event.value is not None and event.value != offered:
            legal = False
            self.flag(line, ExtraRule.CUBE_VALUE,
                      f"'{action.capitalize()}s => {event.value}': the cube goes to {offered}")
        self.turns.append(replace(detail, legal=legal))
        game.beaver(player)  # as played

    def take(self, event: Take) -> None:
        player, line = event.player, event.line
        detail = TurnDetail(line=line, player=player, action="take",
                            position_id=self.game.position_for(player).position_id())
        pending = self.game.cube.pending
        if pending is None:
            self.flag(line, Rule.NO_DOUBLE_PENDING,
                      f"{self.name(player)} takes, but no double was offered")
            self.turns.append(replace(detail, legal=False))
            return
        if pending == player:
            self.flag(line, ExtraRule.TURN_ORDER,
                      f"{self.name(player)} takes their own double")
            self.turns.append(replace(detail, legal=False))
            return
        self.turns.append(detail)
        self.game.take()

    def drop(self, event: Drop) -> None:
        player, line = event.player, event.line
        detail = TurnDetail(line=line, player=player, action="drop",
                            position_id=self.game.position_for(player).position_id())
        pending = self.game.cube.pending
        if pending is None or pending == player:
            self.flag(line, Rule.NO_DOUBLE_PENDING,
                      f"{self.name(player)} drops, but no double was offered to them")
            self.turns.append(replace(detail, legal=False))
            return
        self.turns.append(detail)
        self.game.drop()

    def resign(self, event: Resign) -> None:
        self.turns.append(TurnDetail(
            line=event.line, player=event.player, action="resign",
            position_id=self.game.position_for(event.player).position_id(),
        ))
        self.game.resign(event.player)  # what was resigned is known from the "Wins" cell

    # -- the result -------------------------------------------------------------------

    def win(self, event: Win) -> None:
        line, written, game = event.line, event.points, self.game
        ended = game.result
        if ended is not None:  # a drop or a bear-off
            winner, kind, ended_by = ended.winner, ended.kind, ended.ended_by
            if event.player != winner:
                self.flag(
                    line, ExtraRule.RECORD_FORMAT,
                    f"the result is written in {self.name(event.player)}'s column, but "
                    f"{self.name(winner)} won by {ended_by}",
                    Severity.WARNING,
                )
            scored, capped = self.check_points(line, ended, written)
            self.finish(ended, scored, written, capped)
            return

        # No drop and no finished bear-off: a resignation (spec §7.5).
        cube = game.cube.value
        values = {kind: game.points_for(kind) for kind in _KIND_ORDER}
        if game.resignation is not None:
            winner = 1 - game.resignation[0]
        else:
            winner = self.silent_winner(event, values)
        need = self.score.points_needed(winner)
        exact = [kind for kind in _KIND_ORDER if values[kind] == written]
        if exact:
            kind, real, scored, capped = exact[0], written, written, False
        else:
            above = [kind for kind in _KIND_ORDER if values[kind] >= written]
            kind = above[0] if above else ResultKind.BACKGAMMON
            real = values[kind]
            if need is not None and written == need and above:
                scored, capped = written, True
            else:
                scored, capped = real, False
                self.flag(
                    line, Rule.RESULT_MISMATCH,
                    f"'Wins {written}' after a resignation on a {cube}-cube: a resignation "
                    f"is worth {', '.join(str(values[k]) for k in _KIND_ORDER)} "
                    "(single, gammon, backgammon)",
                )
        game.resign(1 - winner, kind)  # what was resigned, now that the result tells
        self.finish(game.accept_resignation(), scored, written, capped)

    def silent_winner(self, event: Win, values: dict) -> int:
        """Who won a resignation that the file does not mark (spec §7.6 rule 4).

        Most writers put "Wins" in the winner's column, but one server puts it in the
        resigner's (*B4_…* game 3). The column decides unless, in this order: the next
        game's score line fits only the other player; or the cell says "and the match"
        and only the other player's win ends the match; or the board shows that only the
        other player can win what was resigned (a gammon or backgammon needs a loser
        with nothing borne off; a loser far behind in the race).
        """
        column, points = event.player, event.points
        other = 1 - column
        reason = ""
        score = self.score
        if self.next_scores is not None:
            fits = [w for w in (0, 1) if self._scores_after(w, points) == self.next_scores]
            if fits == [other]:
                reason = "the next score line"
        elif event.and_match and score.length:
            ends = [w for w in (0, 1) if points >= score.points_needed(w)]
            if ends == [other]:
                reason = "'and the match', and only that win ends the match"
        wanted = next((k for k in _KIND_ORDER if values[k] == points), None)
        if not reason and wanted is not None and wanted is not ResultKind.SINGLE:
            possible = [w for w in (0, 1) if self._could_lose(1 - w, wanted)]
            if possible == [other]:
                reason = f"only {self.name(column)} can lose a {wanted.value} here"
            elif len(possible) == 2:
                pips = {w: self.game.position_for(w).pip_counts()[0] for w in (0, 1)}
                if pips[column] - pips[other] >= _FAR_BEHIND:
                    reason = (
                        f"{self.name(column)} is {pips[column] - pips[other]} pips behind"
                    )
        if not reason:
            return column
        self.flag(
            event.line, ExtraRule.RECORD_FORMAT,
            f"'Wins {points}' is written in {self.name(column)}'s column, but "
            f"{self.name(other)} won ({reason})",
            Severity.WARNING,
        )
        return other

    def _scores_after(self, winner: int, points: int) -> tuple[int, int] | None:
        """The match score if ``winner`` won ``points`` (None: no such game can count)."""
        if points < 1 or self.score.is_over():
            return None
        return self.score.after_game(winner, points).scores

    def _could_lose(self, loser: int, kind: ResultKind) -> bool:
        side = self.game.position_for(loser).mover
        if side[0]:
            return False  # has borne off: a single game at most
        if kind is ResultKind.GAMMON:
            return True
        # backgammon: a checker on the bar or in the winner's home board (points 19-24)
        return side[25] > 0 or any(side[point] for point in range(19, 25))

    def check_points(self, line: int, ended: GameResult, written: int) -> tuple[int, bool]:
        """(points scored, capped) for a drop or a bear-off written as "Wins ``written``":
        the real value, or the points the winner still needed when that is less."""
        real = ended.points
        if written == real:
            return written, False
        need = self.score.points_needed(ended.winner)
        if need is not None and written == min(real, need):
            return written, True
        accepted = f"{real}" if need is None or need >= real else f"{real} or {need}"
        self.flag(
            line, Rule.RESULT_MISMATCH,
            f"'Wins {written}' but the game was won by {ended.ended_by} as a "
            f"{ended.kind.value} on a {self.game.cube.value}-cube: worth {accepted}",
        )
        return real, False

    def finish(self, ended: GameResult, scored: int, written: int, capped: bool) -> None:
        cube = self.game.cube  # for a drop, the value before the refused double
        self.result = {
            "winner": ended.winner, "points": scored, "real_points": ended.points,
            "written_points": written, "capped": capped, "result": ended.kind,
            "ended_by": ended.ended_by, "cube": cube.value, "cube_owner": cube.owner,
        }


def _resolve(position: Position, dice: tuple[int, int], text: str) -> tuple[Position, str, int]:
    """The play ``text`` describes: (position after it, canonical text, number of hits).

    When the writer gives every hop (gnubg's ``13/7 7/3``), the moves exactly as written
    are checked with ``is_legal`` and made on the board: that fixes the route, and so which
    blots were hit, even in files that never write ``*``, without generating every play.
    Otherwise (consolidated moves such as ``24/13``, ``(2)`` written as one token, moves
    that cannot be made in the order written) ``match_play`` searches the legal plays;
    its errors name the broken rule.
    """
    moves = parse_moves(text)
    if moves and is_legal(position, dice, moves):
        made = _make_moves(position, moves)
        if made is not None:
            return made
    play = match_play(position, dice, text)
    return play.result, str(play), sum(1 for move in play.moves if move.hit)


def _make_moves(
    position: Position, moves: Sequence[Move]
) -> tuple[Position, str, int] | None:
    """Make legal ``moves`` in the order written; None if that order does not work."""
    mover, opponent = list(position.mover), list(position.opponent)
    made: list[Move] = []
    hits = 0
    for move in moves:
        src, dst = move.src, move.dst
        if not mover[src]:
            return None
        hit = False
        if dst:
            there = opponent[25 - dst]
            if there > 1:
                return None
            if there:
                opponent[25 - dst] = 0
                opponent[25] += 1
                hit = True
                hits += 1
        mover[src] -= 1
        mover[dst] += 1
        made.append(Move(src, dst, hit))
    return Position(tuple(opponent), tuple(mover)), format_moves(made), hits


def _double_refusal(rule: object, replayed: _GameReplay, player: int) -> str:
    name, value = replayed.name, getattr(rule, "value", str(rule))
    if value == Rule.CRAWFORD_NO_DOUBLE.value:
        return f"{name(player)} doubles in the Crawford game"
    if value == Rule.CUBE_NOT_OWNED.value:
        return f"{name(player)} doubles, but the cube belongs to {name(1 - player)}"
    if value == Rule.CUBE_LIMIT.value:
        limit = replayed.game.rules.cube_limit
        return f"{name(player)} doubles past the cube limit ({limit})"
    return f"{name(player)} may not double here ({value})"


def _illegal_reason(exc: IllegalPlayError) -> str:
    detail = getattr(exc, "detail", "")
    rule = exc.rule.value if isinstance(exc.rule, Rule) else str(exc.rule)
    return f"{rule} ({detail})" if detail else rule


def _apply_physically(
    position: Position, moves: Sequence[Move], dice: Sequence[int]
) -> Position:
    """The board after ``moves``, each made if the board allows it (the source holds a
    checker of the mover, the destination is not held by two or more opposing
    checkers); a single opposing checker is hit. Returns the board seen by the opponent.
    """
    mover, opponent = list(position.mover), list(position.opponent)
    for move in moves:
        src, dst = move.src, move.dst
        if not 0 <= dst < src <= 25 and not (0 < src < dst <= 24):
            continue  # the bar is no destination and off is no source
        if mover[src] == 0:
            continue
        if dst:
            there = opponent[25 - dst]
            if there >= 2:
                continue
            if there == 1:
                opponent[25 - dst] = 0
                opponent[25] += 1
        mover[src] -= 1
        mover[dst] += 1
    try:
        return Position(tuple(opponent), tuple(mover))
    except ValueError:  # e.g. both sides on the bar against closed boards
        return position.swap()


def _snowie_position(text: str) -> Position | None:
    """The board in a Snowie position string (spec Appendix B.3), seen by the opponent of
    the player on roll in it, or None if it cannot be read."""
    fields = [f.strip() for f in text.split(";")]
    if len(fields) < 38:
        return None
    try:
        mover = [0] * 26
        opponent = [0] * 26
        mover[25] = int(fields[12])
        for point in range(1, 25):
            count = int(fields[12 + point])
            if count > 0:
                mover[point] = count
            elif count < 0:
                opponent[25 - point] = -count
        opponent[25] = abs(int(fields[37]))
        mover[0] = 15 - sum(mover)
        opponent[0] = 15 - sum(opponent)
        # The recorded position has the next player on roll: the one after the mover.
        return Position(tuple(mover), tuple(opponent))
    except ValueError:
        return None

