"""Formatting for the printed pages: a link as a QR code (segno, inline SVG: no image file,
no network)."""

import segno
from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def qr(url: str) -> str:
    """``url`` as a QR code, an inline ``<svg>``."""
    svg = segno.make(str(url), error="m").svg_inline(scale=3, border=2)
    return mark_safe(svg)  # noqa: S308 - segno's own SVG of the URL (escaped by segno)


#: A4 portrait less the page's side margins (``templates/printing/_base.html``), in mm.
SHEET_WIDTH_MM = 186.0


@register.simple_tag
def games_grid(rows: int, columns: int = 7, row_mm: float = 6.2) -> str:
    """A scoresheet's empty game rows as one inline ``<svg>`` (the numbered rows under the
    header's ``columns`` equal columns): lines and numbers, not a table of empty cells.

    Measured (tests/benchmarks/bench_print.py, 20 sheets of 13 rows, CPU): the rows as
    table cells took 2.4 s of the 4.5 s of the sheets (each cell's style, layout and four
    collapsed borders); as one SVG each, 0.3 s."""
    width, height = SHEET_WIDTH_MM, rows * row_mm
    column = width / columns
    path = "".join([*(f"M0 {y * row_mm:.2f}H{width}" for y in range(1, rows + 1)),
                    *(f"M{x * column:.2f} 0V{height:.2f}" for x in range(columns + 1))])
    numbers = [f'<text x="{column - 2:.2f}" y="{(n - 0.3) * row_mm:.2f}">{n}</text>'
               for n in range(1, rows + 1)]
    return mark_safe(  # noqa: S308 - numbers and lines of our own making
        f'<svg class="games-rows" xmlns="http://www.w3.org/2000/svg" width="{width}mm" '
        f'height="{height:.2f}mm" viewBox="0 0 {width} {height:.2f}">'
        f'<path d="{path}" stroke="#000" stroke-width="0.4" fill="none"/>'
        f'<g font-family="DejaVu Sans, sans-serif" font-size="3.175" text-anchor="end">'
        f'{"".join(numbers)}</g></svg>')
