"""Board geometry -> SVG: a backgammon board drawn on the server, no JavaScript needed.

Pure (standard library and the engine's values only). Player 0 (the first-named player,
the left column of a .mat, SGF's White) sits at the bottom and moves towards their home
board, drawn bottom right or bottom left (seed 002: "your inner board is at the bottom
right. You can change this in the settings"). Points are numbered from the player whose
action is shown, so the labels match the notation of the play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .i18n import gettext_noop

__all__ = ["BoardView", "Geometry", "render_board"]

BAR, OFF = 25, 0
#: The tap targets' names of the bar and the tray (marked: a page passes them translated).
BAR_TITLE, OFF_TITLE = gettext_noop("bar"), gettext_noop("off")


@dataclass(frozen=True, slots=True)
class BoardView:
    """What to draw. ``sides[p]`` is player p's checkers seen from p (index 1-24 points,
    25 the bar, 0 borne off), as the engine's ``Position.mover`` holds them."""

    sides: tuple[tuple[int, ...], tuple[int, ...]]
    home: str = "right"  # where player 0's home board is: "right" or "left"
    actor: int = 0  # whose action is shown: the point labels and moves are from their side
    dice: tuple[int, int] | None = None
    cube_value: int = 1
    cube_owner: int | None = None  # None = centred
    cube_offered: bool = False
    moves: tuple[tuple[int, int], ...] = ()  # (source, destination) from the actor's side
    illegal: bool = False  # the moves broke a rule: drawn in the warning colour
    label: str = ""  # the accessible name of the picture
    #: Draw a transparent target over each point, the bar and the tray, named by the
    #: actor's point number (``data-point``; 25 the bar, 0 off): a live board is played by
    #: tapping them.
    targets: bool = False
    bar_title: str = BAR_TITLE
    off_title: str = OFF_TITLE


@dataclass(frozen=True, slots=True)
class Geometry:
    margin: int = 24  # the frame around the felt, where the point numbers are written
    point: int = 40  # width of a point
    bar: int = 40
    tray: int = 46
    checker: int = 36  # diameter
    height: int = 468  # the felt: 420 high, two stacks of five and the bar between

    @property
    def width(self) -> int:
        return 2 * self.margin + 12 * self.point + self.bar + self.tray

    @property
    def stack(self) -> int:
        return 5  # checkers drawn on a point before a count is written


G = Geometry()


def _column(point: int, home: str) -> tuple[int, bool]:
    """Column 0-11 (left to right, the bar between 5 and 6) and whether the point is on the
    bottom row, for player 0's point 1-24."""
    bottom = point <= 12
    column = 12 - point if bottom else point - 13
    if home == "left":
        column = 11 - column
    return column, bottom


def _tray_left(home: str) -> bool:
    return home == "left"


def _board_left(home: str) -> int:
    return G.margin + (G.tray if _tray_left(home) else 0)


def _x(column: int, home: str) -> float:
    left = _board_left(home) + column * G.point + (G.bar if column >= 6 else 0)
    return left + G.point / 2


def _bar_x(home: str) -> float:
    return _board_left(home) + 6 * G.point + G.bar / 2


def _tray_x(home: str) -> float:
    if _tray_left(home):
        return G.margin + G.tray / 2
    return _board_left(home) + 12 * G.point + G.bar + G.tray / 2


def _stack_y(bottom: bool, index: int) -> float:
    r = G.checker / 2
    if bottom:
        return G.height - G.margin - r - index * G.checker
    return G.margin + r + index * G.checker


def _absolute(point: int, player: int) -> int:
    """A point of ``player`` as player 0's point number."""
    return point if player == 0 or point in (BAR, OFF) else 25 - point


def _anchor(point: int, player: int, home: str, count: int) -> tuple[float, float]:
    """Where an arrow to or from ``point`` of ``player`` ends (top of its stack)."""
    if point == BAR:
        return _bar_x(home), G.height / 2 + (-G.checker if player == 0 else G.checker)
    if point == OFF:
        bottom = player == 0
        return _tray_x(home), G.height - G.margin - 60 if bottom else G.margin + 60
    column, bottom = _column(_absolute(point, player), home)
    return _x(column, home), _stack_y(bottom, min(max(count - 1, 0), G.stack - 1))


def render_board(view: BoardView) -> str:
    home = view.home if view.home in ("right", "left") else "right"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {G.width} {G.height}" '
        f'class="board-svg" role="img" data-home="{home}" aria-label="{escape(view.label)}">',
        f"<title>{escape(view.label)}</title>",
        _defs(),
        _frame(home),
        _points(home, view.actor),
        _checkers(view, home),
        _cube(view, home),
        _dice(view, home),
        _arrows(view, home),
        _targets(view, home) if view.targets else "",
        "</svg>",
    ]
    return "".join(parts)


def _defs() -> str:
    return (
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
        'fill="context-stroke"/></marker>'
        "</defs>"
    )


def _frame(home: str) -> str:
    left = _board_left(home)
    inner = 12 * G.point + G.bar
    tray_x = G.margin if _tray_left(home) else left + inner
    return (
        f'<rect x="0" y="0" width="{G.width}" height="{G.height}" class="b-frame"/>'
        f'<rect x="{left}" y="{G.margin}" width="{inner}" height="{G.height - 2 * G.margin}" '
        'class="b-felt"/>'
        f'<rect x="{left + 6 * G.point}" y="{G.margin}" width="{G.bar}" '
        f'height="{G.height - 2 * G.margin}" class="b-bar"/>'
        f'<rect x="{tray_x}" y="{G.margin}" width="{G.tray}" '
        f'height="{G.height - 2 * G.margin}" class="b-tray"/>'
    )


def _points(home: str, actor: int) -> str:
    out = []
    tip = G.stack * G.checker - 6
    for point in range(1, 25):
        column, bottom = _column(point, home)
        x0 = _x(column, home) - G.point / 2
        x1, xm = x0 + G.point, x0 + G.point / 2
        if bottom:
            base, end = G.height - G.margin, G.height - G.margin - tip
            label_y = G.height - G.margin / 2  # centred in the frame (dominant-baseline)
        else:
            base, end = G.margin, G.margin + tip
            label_y = G.margin / 2
        shade = "b-dark" if (column % 2) == (0 if bottom else 1) else "b-light"
        out.append(f'<path d="M{x0},{base}L{xm},{end}L{x1},{base}z" class="{shade}"/>')
        number = point if actor == 0 else 25 - point
        out.append(f'<text x="{xm}" y="{label_y}" class="b-num">{number}</text>')
    return "".join(out)


def _checker(x: float, y: float, player: int, extra: str = "") -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{G.checker / 2 - 1}" '
            f'class="ck ck{player}{extra}"/>')


def _count(x: float, y: float, count: int, player: int) -> str:
    return f'<text x="{x}" y="{y + 5}" class="ck-count ck-count{player}">{count}</text>'


def _checkers(view: BoardView, home: str) -> str:
    out = []
    sources = {_absolute(src, view.actor) for src, _ in view.moves}
    for player in (0, 1):
        side = view.sides[player]
        for point in range(1, 25):
            count = side[point]
            if not count:
                continue
            absolute = _absolute(point, player)
            column, bottom = _column(absolute, home)
            x = _x(column, home)
            for index in range(min(count, G.stack)):
                top = index == min(count, G.stack) - 1
                mark = (" ck-moved" + (" ck-illegal" if view.illegal else "")
                        if top and player == view.actor and absolute in sources else "")
                out.append(_checker(x, _stack_y(bottom, index), player, mark))
            if count > G.stack:
                out.append(_count(x, _stack_y(bottom, G.stack - 1), count, player))
        out.append(_bar_and_off(side, player, home, view))
    return "".join(out)


def _bar_and_off(side: Sequence[int], player: int, home: str, view: BoardView) -> str:
    out = []
    on_bar = side[BAR]
    if on_bar:
        x = _bar_x(home)
        step = -G.checker if player == 0 else G.checker
        y0 = G.height / 2 + step
        moved = player == view.actor and any(src == BAR for src, _ in view.moves)
        mark = " ck-moved" + (" ck-illegal" if view.illegal else "") if moved else ""
        for index in range(min(on_bar, 3)):
            out.append(_checker(x, y0 + index * step, player, mark if index == 0 else ""))
        if on_bar > 1:
            out.append(_count(x, y0, on_bar, player))
    off = side[OFF]
    if off:
        x = _tray_x(home)
        for index in range(off):
            y = (G.height - G.margin - 4 - index * 9) if player == 0 else (G.margin + 4 + index * 9)
            out.append(f'<rect x="{x - 16}" y="{y - (8 if player == 0 else 0)}" width="32" '
                       f'height="8" rx="2" class="ck ck{player} off"/>')
    return "".join(out)


def _cube(view: BoardView, home: str) -> str:
    size = 32
    x = _tray_x(home) - size / 2
    if view.cube_owner is None:
        y = G.height / 2 - size / 2
    elif view.cube_owner == 0:
        y = G.height - G.margin - 5 * G.checker
    else:
        y = G.margin + 5 * G.checker - size
    face = 64 if view.cube_value == 1 else view.cube_value
    if view.cube_offered:
        face = view.cube_value * 2
    offered = " cube-offered" if view.cube_offered else ""
    return (f'<g class="cube{offered}"><rect x="{x}" y="{y}" width="{size}" height="{size}" '
            f'rx="4"/><text x="{x + size / 2}" y="{y + size / 2 + 6}">{face}</text></g>')


_PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(view: BoardView, home: str) -> str:
    if not view.dice:
        return ""
    size, gap = 30, 8
    # On the actor's right-hand half, as rolled: the half away from the tray for player 0.
    half = 6 * G.point
    left = _board_left(home)
    right_half = left + 6 * G.point + G.bar
    x0 = (right_half if home == "right" else left) + half / 2 - size - gap / 2
    y = G.height / 2 - size / 2
    out = ['<g class="dice">']
    for index, die in enumerate(view.dice):
        x = x0 + index * (size + gap)
        out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" '
                   f'class="die die{view.actor}"/>')
        for dx, dy in _PIPS.get(die, ()):
            out.append(f'<circle cx="{x + size / 2 + dx * 8}" cy="{y + size / 2 + dy * 8}" '
                       f'r="3" class="pip pip{view.actor}"/>')
        out.append(f'<text x="{x + size / 2}" y="{y - 3}" class="die-num">{die}</text>')
    out.append("</g>")
    return "".join(out)


def _arrows(view: BoardView, home: str) -> str:
    if not view.moves:
        return ""
    side = list(view.sides[view.actor])
    colour = "mv-illegal" if view.illegal else "mv"
    out = [f'<g class="{colour}">']
    for src, dst in view.moves:
        if not (0 <= dst <= 24 and 1 <= src <= 25):
            continue
        x1, y1 = _anchor(src, view.actor, home, side[src])
        side[src] = max(side[src] - 1, 0)
        side[dst] += 1
        x2, y2 = _anchor(dst, view.actor, home, side[dst])
        bend = -40 if (y1 > G.height / 2) else 40
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2 + (bend if abs(y1 - y2) < 60 else 0)
        out.append(f'<path d="M{x1:.0f},{y1:.0f}Q{mx:.0f},{my:.0f} {x2:.0f},{y2:.0f}" '
                   'marker-end="url(#arrow)"/>')
    out.append("</g>")
    return "".join(out)


def _targets(view: BoardView, home: str) -> str:
    out = ['<g class="taps">']
    half = G.height / 2
    for point in range(1, 25):
        column, bottom = _column(point, home)
        x = _x(column, home) - G.point / 2
        y = half if bottom else G.margin
        number = point if view.actor == 0 else 25 - point
        out.append(f'<rect x="{x}" y="{y}" width="{G.point}" height="{half - G.margin}" '
                   f'class="tap" data-point="{number}"><title>{number}</title></rect>')
    bar_left = _bar_x(home) - G.bar / 2
    out.append(f'<rect x="{bar_left}" y="{G.margin}" width="{G.bar}" '
               f'height="{G.height - 2 * G.margin}" class="tap" data-point="{BAR}">'
               f"<title>{escape(view.bar_title)}</title></rect>")
    tray_left = _tray_x(home) - G.tray / 2
    out.append(f'<rect x="{tray_left}" y="{G.margin}" width="{G.tray}" '
               f'height="{G.height - 2 * G.margin}" class="tap" data-point="{OFF}">'
               f"<title>{escape(view.off_title)}</title></rect>")
    out.append("</g>")
    return "".join(out)
