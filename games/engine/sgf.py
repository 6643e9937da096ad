"""Reader and writer for GNU Backgammon's native match format, SGF ``GM[6]``.

The format is described in ``shared/docs/match-format.md``, Appendix A ("spec A" below).
The reader gives the same typed events as the text reader (:mod:`.matchfile`), so the
importer, the rules check and the replay work unchanged; the writer writes what gnubg
writes. Pure Python, standard library only (never imports Django).

* :func:`parse_sgf` (bytes or str -> :class:`~.matchfile.MatchFile`), raising
  :class:`SgfError` (a :class:`~.matchfile.MatchFileError`) naming the node.
* :func:`write_sgf` (MatchFile -> str); the plays are written hop by hop as the engine's
  replay found them.
* :func:`parse_record`: either format, told apart by content (an SGF file starts with
  ``(``), the file name deciding only for text that is neither.

Events from an SGF file carry the **node number** (1-based, counted through the whole
file) where a text file's events carry the line number; ``W`` is player 0 (the left
column of a .mat), ``B`` player 1. The result comes from the root's ``RE``: a ``Win``
event after the game's last node, as gnubg's own .mat export writes it (a resignation's
``R`` is not an event there either: the replay works resignations out).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import InvalidNotationError
from .matchfile import (
    MAX_MATCH_LENGTH,
    Beaver,
    Double,
    Drop,
    Event,
    GameRecord,
    MatchFile,
    MatchFileError,
    MatchTooLongError,
    ParseIssue,
    Raccoon,
    Resign,
    Roll,
    RollKind,
    Tags,
    Take,
    Win,
    _decode,
    parse_match_file,
)
from .moves import format_steps
from .notation import parse_moves
from .replay import replay

__all__ = ["SgfError", "SgfNode", "game_trees", "is_sgf", "letter_point", "parse_record",
           "parse_sgf", "write_sgf"]

#: Enough for any real game tree; deeper nesting is not a match record.
MAX_DEPTH = 100
_LETTERS = "abcdefghijklmnopqrstuvwx"
_BAR, _OFF = "y", "z"


class SgfError(MatchFileError):
    """The input cannot be read as an SGF match. ``line`` holds the node (0 = none)."""

    def __init__(self, message: str, node: int = 0, text_line: int = 0, *,
                 code: str = "sgf") -> None:
        where = f" (text line {text_line})" if text_line else ""
        super().__init__(message + where, node, code=code)
        self.node = node
        if node:
            self.args = (f"node {node}{where}: {message}",)

    def __str__(self) -> str:
        return str(self.args[0])


# ---------------------------------------------------------------------------------------
# Syntax: the collection of game trees
# ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Node:
    number: int
    line: int
    props: dict[str, list[str]] = field(default_factory=dict)

    def first(self, name: str, default: str = "") -> str:
        values = self.props.get(name)
        return values[0] if values else default


#: A node of an SGF game tree (its number in the file, its text line, its properties).
SgfNode = _Node

_IDENT = re.compile(r"[A-Za-z]+")


def _trees(text: str, issues: list[ParseIssue]) -> list[list[_Node]]:
    """The main line (first variation) of each top-level game tree, as node lists."""
    trees: list[list[_Node]] = []
    pos, depth, line, number = 0, 0, 1, 0
    current: list[_Node] = []
    taken = [False] * (MAX_DEPTH + 2)  # taken[d]: a variation below depth d was followed
    skipping = 0  # depth at which a later variation started (0 = not skipping)
    node: _Node | None = None
    length = len(text)
    while pos < length:
        char = text[pos]
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise SgfError(f"game trees nested more than {MAX_DEPTH} deep", number, line)
            taken[depth] = False
            if depth == 1:
                current, node = [], None
                trees.append(current)
            elif not skipping:
                if taken[depth - 1]:
                    skipping = depth  # a later variation: not the game as played
                    issues.append(ParseIssue("warning", number, "a variation was skipped"))
                taken[depth - 1] = True
            pos += 1
        elif char == ")":
            if depth == 0:
                raise SgfError("')' without a matching '('", number, line)
            if skipping == depth:
                skipping = 0
            depth -= 1
            pos += 1
        elif char == ";":
            if depth == 0:
                raise SgfError("';' outside a game tree", number, line)
            number += 1
            node = _Node(number, line)
            if not skipping:
                current.append(node)
            pos += 1
        elif char.isspace():
            line += char == "\n"
            pos += 1
        elif depth and (ident := _IDENT.match(text, pos)) is not None:
            name = "".join(c for c in ident.group() if c.isupper())
            pos = ident.end()
            if node is None:
                raise SgfError(f"property {ident.group()} before the first ';'", number, line)
            values = node.props.setdefault(name, []) if not skipping else []
            count = 0
            while True:
                while pos < length and text[pos].isspace():
                    line += text[pos] == "\n"
                    pos += 1
                if pos >= length or text[pos] != "[":
                    break
                value, pos, line = _value(text, pos + 1, line, number)
                values.append(value)
                count += 1
            if not count:
                raise SgfError(f"property {ident.group()} has no value", number, line)
        else:
            where = "" if depth else " outside a game tree"
            raise SgfError(f"unexpected character {char!r}{where}", number, line)
    if depth:
        raise SgfError("the file ends inside a game tree (a ')' is missing)", number, line)
    if not trees:
        raise SgfError("no game tree: an SGF file starts with '(;'", 0, line)
    return trees


def game_trees(text: str) -> list[list[SgfNode]]:
    """The main line of each game tree as nodes, every property kept as written (gnubg's
    analysis too: ``A`` the moves it weighed, ``DA`` its cube analysis, ``LU`` the luck,
    ``BM``/``DO``/``BC``/``DC`` its marks). Raises :class:`SgfError` naming the node."""
    return _trees(text.lstrip("\ufeff"), [])


_PLAIN = re.compile(r"[^\\\]]*")


def _value(text: str, pos: int, line: int, number: int) -> tuple[str, int, int]:
    out: list[str] = []
    start_line = line
    length = len(text)
    while pos < length:
        plain = _PLAIN.match(text, pos)
        assert plain is not None
        chunk = plain.group()
        out.append(chunk)
        line += chunk.count("\n")
        pos = plain.end()
        if pos >= length:
            break
        if text[pos] == "]":
            return "".join(out), pos + 1, line
        if pos + 1 < length:  # a backslash escapes the next character
            escaped = text[pos + 1]
            line += escaped == "\n"
            if escaped not in "\r\n":  # before a newline: a soft line break
                out.append(escaped)
        pos += 2
    raise SgfError("a property value is not closed (a ']' is missing)", number, start_line)


# ---------------------------------------------------------------------------------------
# Meaning: nodes -> events
# ---------------------------------------------------------------------------------------

_PLAYERS = {"W": 0, "B": 1}
_ROLL = re.compile(r"^([1-6])([1-6])([a-z]*)$")
_RESULT = re.compile(r"^([WB])\+(\d+)?(R|Resign)?$", re.IGNORECASE)
_MI = re.compile(r"^(\w+):(.*)$")
_SETUP = ("AE", "AB", "AW")


def letter_point(letter: str, player: int) -> int:
    """A point letter as a point number from the mover's side (spec A: a = White's 1)."""
    if letter == _BAR:
        return 25
    if letter == _OFF:
        return 0
    index = _LETTERS.index(letter)
    return index + 1 if player == 0 else 24 - index


_point = letter_point


def _letter(point: int, player: int) -> str:
    if point == 25:
        return _BAR
    if point == 0:
        return _OFF
    return _LETTERS[point - 1] if player == 0 else _LETTERS[24 - point]


class _GameReader:
    def __init__(self, nodes: list[_Node], issues: list[ParseIssue], game: int) -> None:
        self.nodes, self.issues, self.game = nodes, issues, game
        root = nodes[0]
        cube = root.first("CV", "1")
        self.cube = int(cube) if cube.isdigit() and 0 < int(cube) < 1 << 16 else 1
        self.offered: int | None = None  # the value on offer
        self.doubler: int | None = None
        self.beavered = False

    def warn(self, node: _Node, message: str, severity: str = "error") -> None:
        self.issues.append(ParseIssue(severity, node.number, message, self.game))

    def events(self) -> list[Event]:
        events: list[Event] = []
        for node in self.nodes:
            if any(name in node.props for name in _SETUP):
                self.warn(node, "a board set up by hand (AE/AB/AW) is not replayed; the "
                          "game is checked from the usual starting position")
            for colour, player in _PLAYERS.items():
                for value in node.props.get(colour, []):
                    event = self.move(node, player, value.strip())
                    if event is not None:
                        events.append(event)
        win = self.result(self.nodes[0], self.nodes[-1].number)
        if win is not None:
            events.append(win)
        return events

    def move(self, node: _Node, player: int, value: str) -> Event | None:
        low = value.lower()
        number = node.number
        if low == "double":
            if self.offered is not None and self.doubler != player:
                self.cube, self.offered = self.offered, self.offered * 2
                self.doubler = player
                kind = Raccoon if self.beavered else Beaver
                self.beavered = True
                return kind(player, self.offered, number)
            self.offered, self.doubler, self.beavered = self.cube * 2, player, False
            return Double(player, self.offered, number)
        if low == "take":
            if self.offered is not None:
                self.cube, self.offered = self.offered, None
            return Take(player, number)
        if low == "drop":
            self.offered = None
            return Drop(player, number)
        if low.startswith("resign"):
            return Resign(player, "", number)
        if low in ("accept", "reject"):
            return None  # Gibbon: the answer to a resignation; the result says the rest
        roll = _ROLL.match(value)
        if not roll or len(roll.group(3)) % 2 or not set(roll.group(3)) <= set(_LETTERS + "yz"):
            self.warn(node, f"cannot read the move {value[:40]!r}, ignored")
            return None
        if self.offered is not None:  # rolled while a double waited: an implied take
            self.cube, self.offered = self.offered, None
        dice = (int(roll.group(1)), int(roll.group(2)))
        letters = roll.group(3)
        if not letters:
            return Roll(player, dice, RollKind.EMPTY, "", number)
        hops = [(_point(letters[i], player), _point(letters[i + 1], player))
                for i in range(0, len(letters), 2)]
        return Roll(player, dice, RollKind.PLAY, format_steps(hops), number)

    def result(self, root: _Node, last: int) -> Win | None:
        text = root.first("RE").strip()
        if not text or text in ("?", "0", "Void"):
            return None
        found = _RESULT.match(text)
        if not found or not found.group(2):
            self.warn(root, f"cannot read the result RE[{text[:40]}], ignored")
            return None
        points = int(found.group(2))
        if not 0 < points < 1 << 16:
            self.warn(root, f"result RE[{text[:40]}]: points out of range, ignored")
            return None
        return Win(_PLAYERS[found.group(1).upper()], points, False, last)


def _match_info(root: _Node) -> dict[str, str]:
    info = {}
    for value in root.props.get("MI", []):
        found = _MI.match(value.strip())
        if found:
            info[found.group(1).lower()] = found.group(2).strip()
    return info


def _number(info: dict[str, str], key: str, root: _Node, limit: int) -> int:
    value = info.get(key, "0") or "0"
    if key == "length" and value.isdigit() and int(value) > limit:
        raise MatchTooLongError(int(value), root.line)
    if not value.isdigit() or int(value) > limit:
        raise SgfError(f"MI[{key}:{value[:20]}] is not a number from 0 to {limit}", root.number,
                       root.line)
    return int(value)


def _tags(root: _Node, length: int) -> tuple[tuple[str, str], ...]:
    """Root properties as the text format's header tags (spec §4), so ``rules_for`` reads
    the rules of an SGF match as it reads XG's tags."""
    tags: list[tuple[str, str]] = []
    for prop, tag in (("PC", "Site"), ("EV", "Event"), ("RO", "Round"), ("AN", "Transcriber")):
        if root.first(prop).strip():
            tags.append((tag, _one_line(root.first(prop))))
    date = root.first("DT").strip()
    if re.fullmatch(r"\d{4}-\d\d-\d\d", date):
        tags.append(("EventDate", date.replace("-", ".")))
    rules = {
        part.strip().lower() for value in root.props.get("RU", []) for part in value.split(":")
    }
    if length:
        tags.append(("Crawford", "On" if "crawford" in rules else "Off"))
    if "jacoby" in rules:
        tags.append(("Jacoby", "On"))
    if "nocube" in rules:
        tags.append(("CubeLimit", "1"))
    if "nackgammon" in rules:
        tags.append(("Variation", "NackGammon"))
    for n in "123":
        if f"hypergammon{n}" in rules:
            tags.append(("Variation", f"HyperGammon ({n})"))
    return tuple(tags)


def _one_line(text: str) -> str:
    return " ".join(text.split()).replace('"]', '" ]')


def parse_sgf(data: bytes | str) -> MatchFile:
    """Read an SGF backgammon match (``GM[6]``). Raises :class:`SgfError` naming the node."""
    issues: list[ParseIssue] = []
    try:
        text, encoding = _decode(data, issues)
    except MatchFileError as exc:
        raise SgfError(exc.reason, code=exc.code or "sgf") from exc
    trees = _trees(text.lstrip("\ufeff"), issues)
    games: list[GameRecord] = []
    first = trees[0][0] if trees[0] else None
    if first is None:
        raise SgfError("an empty game tree '()'")
    game_kind = first.first("GM", "6").strip()
    if game_kind != "6":
        raise SgfError(f"GM[{game_kind[:10]}] is not backgammon (GM[6])", first.number,
                       first.line, code="not_backgammon")
    length = _number(_match_info(first), "length", first, MAX_MATCH_LENGTH)
    players = (first.first("PW").strip() or "White", first.first("PB").strip() or "Black")
    for index, nodes in enumerate(trees, 1):
        if not nodes:
            raise SgfError(f"game {index} is an empty game tree '()'")
        root = nodes[0]
        if root.first("GM", "6").strip() != "6":
            raise SgfError("not a backgammon game (GM[6])", root.number, root.line,
                           code="not_backgammon")
        info = _match_info(root)
        names = (root.first("PW").strip() or players[0], root.first("PB").strip() or players[1])
        if names != players:
            issues.append(ParseIssue("error", root.number, f"game {index} names the players "
                                     f"{names[0]} and {names[1]}, not {players[0]} and "
                                     f"{players[1]}", index))
        scores = (_number(info, "ws", root, 1 << 16), _number(info, "bs", root, 1 << 16))
        events = _GameReader(nodes, issues, index).events()
        games.append(GameRecord(
            number=index, scores=scores, events=tuple(events), line=root.number,
            score_line=root.number, names=names, last_line=nodes[-1].number,
        ))
    if not any(game.events for game in games):
        setup = any(name in node.props for nodes in trees for node in nodes for name in _SETUP)
        what = "a board set up by hand" if setup else "no move and no result"
        raise SgfError(f"{what}: not a match record", first.number, first.line)
    notes = tuple(line for line in first.first("GC").splitlines() if line.strip())
    return MatchFile(
        tags=Tags(_tags(first, length)), notes=notes, match_length=length, players=players,
        games=tuple(games), issues=tuple(issues), length_line=first.number,
        last_line=trees[-1][-1].number, encoding=encoding,
    )


# ---------------------------------------------------------------------------------------
# Either format
# ---------------------------------------------------------------------------------------


def is_sgf(data: bytes | str, name: str = "") -> bool:
    """An SGF file starts with ``(`` (after a BOM and blanks); a ``.sgf`` name decides for
    text that does not look like a text match file either (to report SGF errors)."""
    head = data[:512]
    if not isinstance(head, str):
        head = bytes(head).decode("latin-1")
    head = head.lstrip("\ufeff\xef\xbb\xbf \t\r\n")
    if head.startswith("("):
        return True
    looks_like_mat = re.search(r"point\s+match", head, re.IGNORECASE) or head[:1] in ";#"
    return name.lower().endswith(".sgf") and not looks_like_mat


def parse_record(data: bytes | str, *, name: str = "") -> MatchFile:
    """Read a match in either format (SGF or the text format); errors name node or line."""
    return parse_sgf(data) if is_sgf(data, name) else parse_match_file(data)


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def write_sgf(match: MatchFile, report=None, *, application: str = "bgclub") -> str:
    """``match`` as gnubg writes SGF: one game tree per game, one node per action.

    ``report`` is the engine's replay of ``match`` (:func:`.replay.replay`; made here when
    not given): plays are written hop by hop as the replay resolved them, a game's result
    (``RE``, with ``R`` for a resignation) and the Crawford game come from it. A play that
    cannot be read is written as a bare roll.
    """
    if report is None:
        report = replay(match)
    out: list[str] = []
    for index, game in enumerate(match.games):
        summary = report.games[index] if index < len(report.games) else None
        details = {(t.line, t.player, t.action): t for t in summary.turns} if summary else {}
        out.append("(" + _root(match, game, index, summary, application))
        for event in game.events:
            node = _node(event, details)
            if node:
                out.append(node)
        out[-1] += ")"
    return "\n".join(out) + "\n"


def _root(match: MatchFile, game: GameRecord, index: int, summary, application: str) -> str:
    names = game.names if all(game.names) else match.players
    parts = [
        f"FF[4]GM[6]CA[UTF-8]AP[{_escape(application)}]",
        f"MI[length:{match.match_length}][game:{index}][ws:{game.scores[0]}]"
        f"[bs:{game.scores[1]}]",
        f"PW[{_escape(names[0])}]PB[{_escape(names[1])}]",
    ]
    tags = match.tags
    if index == 0:
        date = tags.get("EventDate", "").strip()
        if re.fullmatch(r"\d{4}[.-]\d\d[.-]\d\d", date):
            parts.append(f"DT[{date[:4]}-{date[5:7]}-{date[8:10]}]")
        for tag, prop in (("Event", "EV"), ("Round", "RO"), ("Site", "PC"),
                          ("Transcriber", "AN")):
            if tags.get(tag, "").strip():
                parts.append(f"{prop}[{_escape(tags[tag])}]")
        if match.notes:
            parts.append(f"GC[{_escape(chr(10).join(match.notes))}]")
    rules = []
    crawford_off = tags.get("Crawford", "").strip().lower() in ("off", "no", "false", "0")
    if match.match_length and not crawford_off:
        rules.append("Crawford")
        if summary is not None and summary.crawford:
            rules.append("CrawfordGame")
    if tags.get("Jacoby", "").strip().lower() in ("on", "yes", "true", "1"):
        rules.append("Jacoby")
    if tags.get("CubeLimit", tags.get("Cubelimit", "")).strip() == "1":
        rules.append("NoCube")
    if rules:
        parts.append(f"RU[{':'.join(rules)}]")
    result = _result(game, summary)
    if result:
        parts.append(f"RE[{result}]")
    return ";" + "".join(parts)


def _result(game: GameRecord, summary) -> str:
    win = next((e for e in game.events if isinstance(e, Win)), None)
    if win is None:
        return ""
    winner = summary.winner if summary is not None and summary.winner is not None else win.player
    resigned = summary is not None and summary.ended_by == "resign"
    return f"{'WB'[winner]}+{win.points}{'R' if resigned else ''}"


def _node(event: Event, details: dict) -> str:
    colour = "WB"[event.player]
    if isinstance(event, Double | Beaver | Raccoon):
        return f";{colour}[double]"
    if isinstance(event, Take):
        return f";{colour}[take]"
    if isinstance(event, Drop):
        return f";{colour}[drop]"
    if not isinstance(event, Roll):
        return ""  # Win goes into RE; a resignation is RE's "R"
    dice = f"{event.dice[0]}{event.dice[1]}"
    if not all(1 <= d <= 6 for d in event.dice):
        return ""
    detail = details.get((event.line, event.player, "roll"))
    return f";{colour}[{dice}{''.join(_hops(event, detail))}]"


def _hops(event: Roll, detail) -> Iterator[str]:
    text = event.text if event.kind is RollKind.PLAY else ""
    if detail is not None and detail.legal and detail.canonical:
        text = detail.canonical
    try:
        moves = parse_moves(text) if text else ()
    except InvalidNotationError:
        moves = ()
    for move in _hits_first(list(moves)):
        if 0 <= move.dst <= 24 and 1 <= move.src <= 25:
            yield _letter(move.src, event.player) + _letter(move.dst, event.player)


def _hits_first(moves: list) -> list:
    """SGF does not mark hits: the first checker to land on a blot hits it. Put a hitting
    hop before the other hops to the same point, so the same checker hits when the game
    is read back (``8/3 6/3*`` stays that play, not ``8/3* 6/3``)."""
    for j, move in enumerate(moves):
        if not move.hit:
            continue
        for i in range(j):
            earlier = moves[i]
            if earlier.dst == move.dst and not earlier.hit:
                if all(m.dst != move.src for m in moves[i:j]):
                    moves.insert(i, moves.pop(j))
                break
    return moves
