"""Reader and writer for the JellyFish / GNU Backgammon text match format (.mat / .txt).

The format is specified in ``shared/docs/match-format.md`` (cited below as "spec §N").
This module only reads and writes the *record*: it turns a file into typed, immutable
events and back. Whether the record is legal is decided by :mod:`games.engine.replay`.

Pure Python, standard library only (never imports Django).

Public API:

* :func:`parse_match_file` (bytes or str -> :class:`MatchFile`), raising
  :class:`MatchFileError` (a ``ValueError``) naming the line for anything that is not a
  readable match file.
* :func:`write_match_file` (:class:`MatchFile` -> str, in gnubg's layout, spec §12).
* Events: :class:`Roll`, :class:`Double`, :class:`Beaver`, :class:`Raccoon`,
  :class:`Take`, :class:`Drop`, :class:`Resign`, :class:`Win`. Every event has ``player``
  (0 = left column, the player named first on the score lines; 1 = right column) and
  ``line`` (1-based line number in the file). Line numbers are left out of equality, so
  the events of ``parse(write(parse(x)))`` compare equal to those of ``parse(x)``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .scoring import MAX_MATCH_LENGTH

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_LINE_CHARS",
    "MAX_MATCH_LENGTH",
    "Beaver",
    "Double",
    "Drop",
    "Event",
    "GameRecord",
    "MatchFile",
    "MatchFileError",
    "MatchTooLongError",
    "ParseIssue",
    "Raccoon",
    "Resign",
    "Roll",
    "RollKind",
    "Tags",
    "Take",
    "Win",
    "parse_match_file",
    "write_match_file",
]

#: Upload limit. A long 25-point match is about 100 KB and a long money session a few
#: hundred KB; anything bigger than this is not a hand- or program-written match record.
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Longest line accepted (spec §2: gnubg reads 1023 bytes; "limit to about 1-4 KB").
MAX_LINE_CHARS = 4096

LEFT, RIGHT = 0, 1


class MatchFileError(ValueError):
    """The input cannot be read as a match file at all. ``line`` is 1-based (0 = none).
    ``code`` names what is wrong for a reader to say in its words (``message`` is the English,
    for machines and logs): ``too_large``, ``binary``, ``other_format``, ``empty``,
    ``no_length``, ``no_games``, ``line_too_long``, ``score_line``, ``sgf`` (an SGF record
    that cannot be read), ``not_backgammon``, ``too_long`` (the match); "" for the rest."""

    def __init__(self, message: str, line: int = 0, code: str = "") -> None:
        self.line = line
        self.code = code
        self.reason = message
        super().__init__(f"line {line}: {message}" if line else message)


class MatchTooLongError(MatchFileError):
    """A match longer than :data:`MAX_MATCH_LENGTH` points (the one bound, refused by the
    readers before anything is stored)."""

    def __init__(self, length: int, line: int = 0) -> None:
        self.length = length
        super().__init__(f"match length {length} is over the limit of {MAX_MATCH_LENGTH}", line,
                         code="too_long")


@dataclass(frozen=True, slots=True)
class ParseIssue:
    """A problem that does not stop reading: ``severity`` is "error" or "warning"."""

    severity: str
    line: int
    message: str
    game: int = 0


# ---------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------


class RollKind(enum.StrEnum):
    """What follows the dice of a roll cell (spec §7.1, §7.3)."""

    PLAY = "play"  # moves written, e.g. "24/18 13/11"
    EMPTY = "empty"  # nothing written: dance, missing forced move or resignation after rolling
    CANNOT_MOVE = "cannot_move"  # "Cannot Move" (XG, BG Studio)
    HIDDEN = "hidden"  # "????": rolled, then resigned (XG)
    ILLEGAL = "illegal"  # "Illegal play (snowie position)" (Snowie text)


@dataclass(frozen=True, slots=True)
class Roll:
    player: int
    dice: tuple[int, int]  # in the order written; the order carries no meaning (spec §7.1)
    kind: RollKind = RollKind.PLAY
    #: The play as written (blanks normalised) for PLAY; the Snowie position for ILLEGAL.
    text: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Double:
    player: int
    value: int | None  # the value written after "=>", None when missing
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Beaver:
    player: int
    value: int | None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Raccoon:
    player: int
    value: int | None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Take:
    player: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Drop:
    player: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Resign:
    player: int
    #: "" for "Resigns", "game" / "match" for "Resigned Game" / "Resigned Match".
    scope: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Win:
    """A ``Wins n point(s) [and the match]`` cell.

    ``player`` is the column the cell was written in. That is the winner for most
    writers, but not always (spec §7.6): the replay decides the real winner.
    """

    player: int
    points: int
    and_match: bool = False
    line: int = field(default=0, compare=False)


Event = Roll | Double | Beaver | Raccoon | Take | Drop | Resign | Win


# ---------------------------------------------------------------------------------------
# Match file
# ---------------------------------------------------------------------------------------


class Tags(Mapping[str, str]):
    """Header tags: an immutable mapping with case-insensitive keys.

    Iteration yields the names as spelled in the file, in file order.
    """

    __slots__ = ("_items", "_index")

    def __init__(self, items: tuple[tuple[str, str], ...] = ()) -> None:
        self._items = tuple(items)
        index: dict[str, str] = {}
        for name, value in self._items:
            index[name.casefold()] = value  # a repeated tag: the last one wins
        self._index = index

    def __getitem__(self, key: str) -> str:
        return self._index[key.casefold()]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key.casefold() in self._index

    def __iter__(self) -> Iterator[str]:
        seen: set[str] = set()
        for name, _ in self._items:
            if name.casefold() not in seen:
                seen.add(name.casefold())
                yield name

    def __len__(self) -> int:
        return len(self._index)

    def items_as_written(self) -> tuple[tuple[str, str], ...]:
        return self._items

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tags):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"Tags({self._items!r})"


@dataclass(frozen=True, slots=True)
class GameRecord:
    number: int  # as written on the "Game N" line
    scores: tuple[int, int]  # score line: (left, right) before the game
    events: tuple[Event, ...]
    line: int = field(default=0, compare=False)  # line of the "Game N" header
    score_line: int = field(default=0, compare=False)
    names: tuple[str, str] = ("", "")  # names on this game's score line (rating split off)
    notes: tuple[str, ...] = ()  # comment lines inside the game
    last_line: int = field(default=0, compare=False)  # last non-blank line of the game


@dataclass(frozen=True, slots=True)
class MatchFile:
    tags: Tags
    notes: tuple[str, ...]  # preamble comment lines that are not tags
    match_length: int  # 0 = money session
    players: tuple[str, str]  # (left, right), from the first score line
    games: tuple[GameRecord, ...]
    ratings: tuple[str | None, str | None] = (None, None)  # ",1666" suffixes (spec §6.2)
    issues: tuple[ParseIssue, ...] = field(default=(), compare=False)
    length_line: int = field(default=0, compare=False)
    last_line: int = field(default=0, compare=False)  # last non-blank line of the file
    encoding: str = field(default="utf-8", compare=False)


# ---------------------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------------------

_BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _decode(data: bytes | str, issues: list[ParseIssue]) -> tuple[str, str]:
    if isinstance(data, str):
        if len(data) > MAX_FILE_BYTES:
            raise MatchFileError(f"file too large: more than {MAX_FILE_BYTES} characters",
                                 code="too_large")
        return data.removeprefix("\ufeff"), "str"
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"parse_match_file() wants bytes or str, not {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_FILE_BYTES:
        raise MatchFileError(
            f"file too large: {len(data)} bytes, the limit is {MAX_FILE_BYTES} bytes",
            code="too_large")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        # Windows editors save "Unicode" text as UTF-16 with a BOM.
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError as exc:
            raise MatchFileError("not a match file: invalid UTF-16 text", 1,
                                 code="binary") from exc
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        if b"\x00" in data:
            raise MatchFileError("binary data (NUL byte), not a text match file", line,
                                 code="binary") from exc
        # Legacy 8-bit files (spec §2): cp1252, with latin-1 for its five undefined bytes.
        text = "".join(
            chunk.decode("cp1252", errors="strict") if chunk not in _CP1252_GAPS
            else chunk.decode("latin-1")
            for chunk in _byte_chunks(data)
        )
        issues.append(
            ParseIssue(
                "warning",
                line,
                f"not valid UTF-8 (byte 0x{data[exc.start]:02X}); decoded as cp1252",
            )
        )
        return text, "cp1252"


_CP1252_GAPS = frozenset(bytes([b]) for b in (0x81, 0x8D, 0x8F, 0x90, 0x9D))


def _byte_chunks(data: bytes) -> Iterator[bytes]:
    """Split ``data`` into runs, each undefined cp1252 byte on its own."""
    start = 0
    for index, byte in enumerate(data):
        if bytes([byte]) in _CP1252_GAPS:
            if start < index:
                yield data[start:index]
            yield data[index : index + 1]
            start = index + 1
    if start < len(data):
        yield data[start:]


# ---------------------------------------------------------------------------------------
# Line patterns
# ---------------------------------------------------------------------------------------

_TAG = re.compile(r'^[;#]\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"^(\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^game\s+(\d+)$", re.IGNORECASE)
_SCORE = re.compile(r"^(?P<n1>[^:]*?)\s*:\s*(?P<s1>\d+)\s+(?P<n2>[^:]*?)\s*:\s*(?P<s2>\d+)$")
_RATING = re.compile(r"^(?P<name>.*?),(?P<rating>\d+(?:\.\d+)?)$")
_TURN = re.compile(r"^\s*(\d+)\)(.*)$")
_ROLL_TOKEN = re.compile(r"^(\d)(\d):(.*)$")
_WINS = re.compile(r"^wins\s+(\d+)\s+points?(\s+and\s+the\s+match)?$", re.IGNORECASE)
_INT = re.compile(r"^\d+$")

#: Words that start a cell (gnubg compares them by prefix, case-insensitively: spec §7.4).
_KEYWORDS = ("double", "beaver", "raccoon", "take", "drop", "resign", "win")

#: A lone cell preceded by at least this many blanks after "N)" is in the right column.
#: Left cells start 1-2 blanks after ")"; right cells start at column 33 or later.
_RIGHT_GAP = 8
#: An unnumbered result line indented at least this much is in the right column
#: (left: 1, 3 or 6 blanks; right: 32-44 blanks).
_RIGHT_INDENT = 16


def _keyword(token: str) -> str | None:
    low = token.lower()
    for word in _KEYWORDS:
        if low.startswith(word):
            return word
    return None


def _is_cell_start(token: str) -> bool:
    return bool(_ROLL_TOKEN.match(token)) or _keyword(token) is not None


# ---------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------


_OTHER_FORMATS = (
    ("(;", "an SGF game record (.sgf), not a text match file"),
    ("GMD-", "a Gibbon GMD record (.gmd), not a text match file"),
    ("JavaFIBS", "a JavaFIBS match record (.match), not a text match file"),
)


def parse_match_file(data: bytes | str) -> MatchFile:
    """Read a text match file. Raises :class:`MatchFileError` naming the line."""
    issues: list[ParseIssue] = []
    text, encoding = _decode(data, issues)
    text = text.rstrip("\x1a")  # DOS end-of-file mark
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return _Parser(lines, issues, encoding).parse()


class _Parser:
    def __init__(self, lines: list[str], issues: list[ParseIssue], encoding: str) -> None:
        self.raw = lines
        self.issues = issues
        self.encoding = encoding
        self.lines: list[tuple[int, str]] = []  # (1-based number, text) of non-blank lines
        for number, raw in enumerate(lines, 1):
            if raw.strip():
                for prefix, what in _OTHER_FORMATS:
                    if raw.strip().startswith(prefix):
                        raise MatchFileError(what, number, code="other_format")
                break
        for number, raw in enumerate(lines, 1):
            if len(raw) > MAX_LINE_CHARS:
                raise MatchFileError(
                    f"line too long ({len(raw)} characters; the limit is {MAX_LINE_CHARS})",
                    number, code="line_too_long")
            if _BINARY.search(raw):
                raise MatchFileError("binary data (control characters) in a text file", number,
                                     code="binary")
            line = raw.replace("\t", " ").replace("\f", " ").rstrip()
            if line:
                self.lines.append((number, line))

    def warn(self, line: int, message: str, game: int = 0) -> None:
        self.issues.append(ParseIssue("warning", line, message, game))

    def error(self, line: int, message: str, game: int = 0) -> None:
        self.issues.append(ParseIssue("error", line, message, game))

    # -- preamble --------------------------------------------------------------------

    def parse(self) -> MatchFile:
        if not self.lines:
            raise MatchFileError("empty file: no 'N point match' line", 1, code="empty")
        tags: list[tuple[str, str]] = []
        notes: list[str] = []
        pos = 0
        length = None
        length_line = 0
        while pos < len(self.lines):
            number, line = self.lines[pos]
            pos += 1
            stripped = line.strip()
            if stripped[0] in ";#":
                tag = _TAG.match(stripped)
                if tag:
                    tags.append((tag.group(1), tag.group(2)))
                else:
                    notes.append(stripped[1:].strip())
                continue
            match = _LENGTH.match(stripped)
            if match:
                length = int(match.group(1))
                length_line = number
                break
            for prefix, what in _OTHER_FORMATS:
                if stripped.startswith(prefix):
                    raise MatchFileError(what, number, code="other_format")
            if _GAME.match(stripped):
                raise MatchFileError("'Game' line before the 'N point match' line", number,
                                     code="no_length")
            raise MatchFileError(
                f"not a match file: expected comment lines and then 'N point match', "
                f"found {_quote(stripped)}",
                number, code="no_length")
        if length is None:
            raise MatchFileError("no 'N point match' line", self.lines[-1][0], code="no_length")
        if length > MAX_MATCH_LENGTH:
            raise MatchTooLongError(length, length_line)

        games: list[GameRecord] = []
        players: tuple[str, str] | None = None
        ratings: tuple[str | None, str | None] = (None, None)
        # Skip to the first game header; anything else in between is noted.
        while pos < len(self.lines):
            number, line = self.lines[pos]
            stripped = line.strip()
            if _GAME.match(stripped):
                break
            if stripped[0] in ";#":
                notes.append(stripped[1:].strip())
            else:
                self.warn(number, f"text before the first game ignored: {_quote(stripped)}")
            pos += 1
        if pos >= len(self.lines):
            raise MatchFileError("no games after the 'N point match' line", length_line,
                                 code="no_games")

        while pos < len(self.lines):
            game, pos, names, game_ratings = self.parse_game(pos)
            if players is None:
                players, ratings = names, game_ratings
            elif names != players:
                self.error(
                    game.score_line,
                    f"score line names {names[0]!r} / {names[1]!r} differ from the first "
                    f"game's {players[0]!r} / {players[1]!r}",
                    game.number,
                )
            games.append(game)
        assert players is not None
        return MatchFile(
            tags=Tags(tuple(tags)),
            notes=tuple(notes),
            match_length=length,
            players=players,
            games=tuple(games),
            ratings=ratings,
            issues=tuple(self.issues),
            length_line=length_line,
            last_line=self.lines[-1][0],
            encoding=self.encoding,
        )

    # -- games ------------------------------------------------------------------------

    def parse_game(
        self, pos: int
    ) -> tuple[GameRecord, int, tuple[str, str], tuple[str | None, str | None]]:
        header_no, header = self.lines[pos]
        number = int(_GAME.match(header.strip()).group(1))  # type: ignore[union-attr]
        pos += 1
        if pos >= len(self.lines):
            raise MatchFileError(f"game {number}: the file ends after the game header", header_no)
        score_no, score_text = self.lines[pos]
        score = _SCORE.match(score_text.strip())
        if not score or not score.group("n1") or not score.group("n2"):
            raise MatchFileError(
                f"game {number}: cannot read the score line {_quote(score_text.strip())} "
                "(expected 'name : score   name : score')",
                score_no, code="score_line")
        pos += 1
        (n1, r1), (n2, r2) = _split_rating(score.group("n1")), _split_rating(score.group("n2"))
        events: list[Event] = []
        notes: list[str] = []
        cells = _CellReader(self, number)
        last = score_no
        while pos < len(self.lines):
            line_no, line = self.lines[pos]
            stripped = line.strip()
            if _GAME.match(stripped):
                break
            pos += 1
            last = line_no
            if stripped[0] in ";#":
                notes.append(stripped[1:].strip())
                continue
            turn = _TURN.match(line)
            if turn:
                cells.turn_line(line_no, int(turn.group(1)), turn.group(2), events)
            elif _keyword(stripped.split()[0]) is not None:
                indent = len(line) - len(line.lstrip())
                cells.result_line(line_no, indent, stripped, events)
            else:
                self.error(line_no, f"line not understood, ignored: {_quote(stripped)}", number)
        record = GameRecord(
            number=number,
            scores=(int(score.group("s1")), int(score.group("s2"))),
            events=tuple(events),
            line=header_no,
            score_line=score_no,
            names=(n1, n2),
            notes=tuple(notes),
            last_line=last,
        )
        return record, pos, (n1, n2), (r1, r2)


def _split_rating(name: str) -> tuple[str, str | None]:
    """``zoonk,1666`` -> ("zoonk", "1666"); only a numeric suffix is a rating (spec §6.2)."""
    name = name.strip()
    match = _RATING.match(name)
    if match and match.group("name").strip():
        return match.group("name").strip(), match.group("rating")
    return name, None


def _quote(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


class _CellReader:
    """Splits turn lines into cells and gives each cell its owner (spec §6.3)."""

    def __init__(self, parser: _Parser, game: int) -> None:
        self.parser = parser
        self.game = game
        self.next_player: int | None = None  # whose action comes next (alternation)

    def turn_line(self, line_no: int, turn: int, rest: str, events: list[Event]) -> None:
        tokens = rest.split()
        if not tokens:
            return  # an empty numbered line ("12)") means nothing (spec §7.7)
        gap = len(rest) - len(rest.lstrip())
        cells = self.split_cells(line_no, tokens)
        if not cells:
            return
        if len(cells) > 2:
            self.parser.error(
                line_no,
                f"{len(cells)} cells on one turn line; a line holds two at most",
                self.game,
            )
        first_is_win = _keyword(cells[0][0]) == "win"
        if len(cells) == 1 and gap >= _RIGHT_GAP:
            # The left cell is empty: no writer leaves 8 blanks before a left cell. This
            # is how line 1 shows that the right player opened (spec §6.3), and how a
            # result or an action written alone in the right column looks.
            owner = RIGHT
        elif len(cells) == 1 and first_is_win:
            owner = LEFT  # a result in the left column (the winner's, spec §7.6)
        elif self.next_player is None:
            owner = LEFT  # two cells on the first line: left, then right
        else:
            owner = self.next_player
            if len(cells) == 2 and owner == RIGHT and not first_is_win:
                self.parser.error(
                    line_no,
                    "two cells on a line where the right player was expected to act first",
                    self.game,
                )
        for index, cell in enumerate(cells):
            player = owner if index == 0 else 1 - owner
            if index == 1 and len(cells) == 2:
                player = RIGHT  # the second cell of a line is always the right column
            self.add(line_no, player, cell, events)

    def result_line(self, line_no: int, indent: int, text: str, events: list[Event]) -> None:
        cells = self.split_cells(line_no, text.split())
        for index, cell in enumerate(cells):
            if index == 0 and _keyword(cell[0]) == "win":
                player = RIGHT if indent >= _RIGHT_INDENT else LEFT
            elif self.next_player is not None:
                player = self.next_player
            else:
                player = RIGHT if indent >= _RIGHT_INDENT else LEFT
            self.add(line_no, player, cell, events)

    def add(self, line_no: int, player: int, cell: list[str], events: list[Event]) -> None:
        event = self.parse_cell(line_no, player, cell)
        if event is not None:
            events.append(event)
            self.next_player = 1 - player

    def split_cells(self, line_no: int, tokens: list[str]) -> list[list[str]]:
        """Cut a token list where a new cell starts (spec §6.3, "a better rule")."""
        cells: list[list[str]] = []
        index = 0
        while index < len(tokens):
            token = tokens[index]
            roll = _ROLL_TOKEN.match(token)
            word = None if roll else _keyword(token)
            if roll:
                cell = [f"{roll.group(1)}{roll.group(2)}:"]
                if roll.group(3):
                    cell.append(roll.group(3))  # "31:8/5" written without a blank
                index += 1
                if index < len(tokens) and tokens[index].lower() == "illegal":
                    # "Illegal play (...)": the parenthesis may contain blanks.
                    while index < len(tokens):
                        cell.append(tokens[index])
                        index += 1
                        if cell[-1].endswith(")"):
                            break
                while index < len(tokens) and not _is_cell_start(tokens[index]):
                    cell.append(tokens[index])
                    index += 1
            elif word is not None:
                cell = [token]
                index += 1
                if word in ("double", "beaver", "raccoon"):
                    while (
                        index < len(tokens)
                        and len(cell) < 3
                        and (tokens[index] == "=>" or _INT.match(tokens[index]))
                    ):
                        cell.append(tokens[index])
                        index += 1
                elif word == "resign":
                    if index < len(tokens) and tokens[index].lower() in ("game", "match"):
                        cell.append(tokens[index])
                        index += 1
                elif word == "win":
                    while index < len(tokens) and not _is_cell_start(tokens[index]):
                        cell.append(tokens[index])
                        index += 1
            else:
                # Text that starts no cell: collect it up to the next cell start.
                junk = [token]
                index += 1
                while index < len(tokens) and not _is_cell_start(tokens[index]):
                    junk.append(tokens[index])
                    index += 1
                self.parser.error(
                    line_no, f"text not understood, ignored: {_quote(' '.join(junk))}", self.game
                )
                continue
            cells.append(cell)
        return cells

    def parse_cell(self, line_no: int, player: int, cell: list[str]) -> Event | None:
        head = cell[0]
        roll = _ROLL_TOKEN.match(head)
        if roll:
            dice = (int(roll.group(1)), int(roll.group(2)))
            rest = cell[1:]
            joined = " ".join(rest)
            low = joined.lower()
            if not rest:
                return Roll(player, dice, RollKind.EMPTY, "", line_no)
            if low == "cannot move":
                return Roll(player, dice, RollKind.CANNOT_MOVE, "", line_no)
            if set(joined) == {"?"} and len(joined) >= 3:
                return Roll(player, dice, RollKind.HIDDEN, "", line_no)
            if low.startswith("illegal"):
                inner = re.match(r"^illegal\s+play\s*\((.*)\)$", joined, re.IGNORECASE)
                if not inner:
                    self.parser.error(
                        line_no, f"cannot read {_quote(joined)} (Illegal play (...))", self.game
                    )
                    return Roll(player, dice, RollKind.ILLEGAL, joined, line_no)
                return Roll(player, dice, RollKind.ILLEGAL, inner.group(1).strip(), line_no)
            return Roll(player, dice, RollKind.PLAY, joined, line_no)
        word = _keyword(head)
        if word in ("double", "beaver", "raccoon"):
            value = None
            numbers = [t for t in cell[1:] if _INT.match(t)]
            if numbers:
                value = int(numbers[0])
            else:
                self.parser.warn(line_no, f"no cube value after {head!r}", self.game)
            kind = {"double": Double, "beaver": Beaver, "raccoon": Raccoon}[word]
            return kind(player, value, line_no)
        if word == "take":
            return Take(player, line_no)
        if word == "drop":
            return Drop(player, line_no)
        if word == "resign":
            scope = cell[1].lower() if len(cell) > 1 else ""
            return Resign(player, scope, line_no)
        if word == "win":
            text = " ".join(cell)
            match = _WINS.match(text)
            if not match:
                self.parser.error(
                    line_no,
                    f"cannot read the result {_quote(text)} (expected 'Wins N points')",
                    self.game,
                )
                return None
            return Win(player, int(match.group(1)), bool(match.group(2)), line_no)
        return None  # pragma: no cover - split_cells only yields known cells


# ---------------------------------------------------------------------------------------
# Writing (gnubg's layout, spec §12)
# ---------------------------------------------------------------------------------------


def format_event(event: Event, play_text: str | None = None) -> str:
    """The text of one cell, as gnubg writes it (cube words with one leading blank)."""
    if isinstance(event, Roll):
        dice = f"{event.dice[0]}{event.dice[1]}:"
        if event.kind is RollKind.PLAY:
            return f"{dice} {play_text if play_text is not None else event.text}"
        if event.kind is RollKind.CANNOT_MOVE:
            return f"{dice} Cannot Move"
        if event.kind is RollKind.HIDDEN:
            return f"{dice} ????"
        if event.kind is RollKind.ILLEGAL:
            return f"{dice} Illegal play ({event.text})"
        return dice
    if isinstance(event, Double):
        return " Doubles" + (f" => {event.value}" if event.value is not None else "")
    if isinstance(event, Beaver):
        return " Beavers" + (f" => {event.value}" if event.value is not None else "")
    if isinstance(event, Raccoon):
        return " Raccoons" + (f" => {event.value}" if event.value is not None else "")
    if isinstance(event, Take):
        return " Takes"
    if isinstance(event, Drop):
        return " Drops"
    if isinstance(event, Resign):
        return " Resigns" if not event.scope else f" Resigned {event.scope.capitalize()}"
    if isinstance(event, Win):
        unit = "point" if event.points == 1 else "points"
        return f" Wins {event.points} {unit}" + (" and the match" if event.and_match else "")
    raise TypeError(f"not a match event: {event!r}")  # pragma: no cover


def write_match_file(
    match: MatchFile, play_texts: Mapping[tuple[int, int], str] | None = None
) -> str:
    """Write ``match`` in gnubg's layout (spec §12), with LF line endings.

    ``play_texts`` may give another text for some plays, keyed by (game index, event
    index), e.g. the canonical notation from a replay; otherwise plays are written as
    recorded. Reading the result back gives the same events.
    """
    out: list[str] = []
    for name, value in match.tags.items_as_written():
        out.append(f'; [{name} "{value}"]')
    for note in match.notes:
        out.append(f"; {note}" if note else ";")
    if out:
        out.append("")
    out.append(f" {match.match_length} point match")
    out.append("")
    left_name, right_name = match.players
    for game_index, game in enumerate(match.games):
        left, right = _with_rating(left_name, match.ratings[0]), _with_rating(
            right_name, match.ratings[1]
        )
        out.append(f" Game {game.number}")
        part = f"{left} : {game.scores[0]}"
        part = part.ljust(31) if len(part) <= 30 else part + " "
        out.append(f" {part}{right} : {game.scores[1]}")
        for note in game.notes:
            out.append(f"; {note}")
        out.extend(_game_lines(game, game_index, play_texts or {}))
        out.append("")
    return "\n".join(out)


def _with_rating(name: str, rating: str | None) -> str:
    return f"{name},{rating}" if rating else name


def _game_lines(game: GameRecord, game_index: int, texts: Mapping[tuple[int, int], str]) -> list:
    lines: list[str] = []
    turn = 0
    left: str | None = None  # left cell of the line being built
    left_is_drop = False
    open_line = False

    def flush() -> None:
        nonlocal left, open_line, left_is_drop
        if open_line:
            lines.append(f"{turn:3d}) {left or ''}".rstrip())
        left, open_line, left_is_drop = None, False, False

    for event_index, event in enumerate(game.events):
        text = format_event(event, texts.get((game_index, event_index)))
        if isinstance(event, Win):
            if event.player == RIGHT and open_line and left_is_drop:
                lines.append(f"{turn:3d}) {left.ljust(27)} {text}")  # type: ignore[union-attr]
                left, open_line, left_is_drop = None, False, False
            else:
                flush()
                lines.append((" " * 5 if event.player == LEFT else " " * 33) + text)
            continue
        if event.player == LEFT:
            flush()
            turn += 1
            left, open_line, left_is_drop = text, True, isinstance(event, Drop)
        else:
            if not open_line:
                turn += 1
                left = ""
            cell = (left or "").ljust(27)
            lines.append(f"{turn:3d}) {cell} {text}")
            left, open_line, left_is_drop = None, False, False
    flush()
    return lines
