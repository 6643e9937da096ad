"""Read the SGF file GNU Backgammon saves after ``analyse match``: one game tree per game,
each a flat list of nodes, each node a dict of properties (name -> list of values).

Only what gnubg writes is read (no variations: gnubg saves the game as played). The
analysis properties are decoded in ``analysis.core.decisions``.
"""

from dataclasses import dataclass, field


class AnalysisFileError(ValueError):
    """The file gnubg saved could not be read (a bug or a gnubg change, never user input)."""


@dataclass(slots=True)
class Node:
    props: dict[str, list[str]] = field(default_factory=dict)

    def first(self, name: str, default: str = "") -> str:
        values = self.props.get(name)
        return values[0] if values else default


def read_games(text: str) -> list[list[Node]]:
    """The node lists of the top-level game trees, in file order."""
    games: list[list[Node]] = []
    pos, depth, length = 0, 0, len(text)
    node: Node | None = None
    while pos < length:
        char = text[pos]
        if char == "(":
            depth += 1
            if depth == 1:
                games.append([])
            pos += 1
        elif char == ")":
            depth -= 1
            pos += 1
        elif char == ";":
            if not games:
                raise AnalysisFileError("a node outside a game tree")
            node = Node()
            games[-1].append(node)
            pos += 1
        elif char.isspace():
            pos += 1
        elif char.isalpha() and node is not None:
            end = pos
            while end < length and text[end].isalpha():
                end += 1
            values = node.props.setdefault(text[pos:end], [])
            pos = end
            while True:
                while pos < length and text[pos].isspace():
                    pos += 1
                if pos >= length or text[pos] != "[":
                    break
                value, pos = _value(text, pos + 1)
                values.append(value)
        else:
            raise AnalysisFileError(f"unexpected character {char!r} at offset {pos}")
    if depth != 0 or not games:
        raise AnalysisFileError("the file is not a complete SGF collection")
    return games


def _value(text: str, pos: int) -> tuple[str, int]:
    """One ``[...]`` value from just after its ``[``; ``\\`` escapes the next character."""
    out: list[str] = []
    length = len(text)
    while pos < length:
        char = text[pos]
        if char == "\\" and pos + 1 < length:
            out.append(text[pos + 1])
            pos += 2
        elif char == "]":
            return "".join(out), pos + 1
        else:
            out.append(char)
            pos += 1
    raise AnalysisFileError("a property value is not closed")
