"""The rating history chart: coordinates for a server-rendered SVG (no JavaScript, no CDN).

The template draws what this returns; all the arithmetic is here.
"""

from __future__ import annotations

WIDTH, HEIGHT, PAD = 640, 220, 28


def rating_chart(points: list[tuple], *, start: float, width: int = WIDTH,
                 height: int = HEIGHT) -> dict:
    """``points`` are (when, rating after, won, title) in order; the first point of the line
    is the start rating. Returns the polyline, the dots and the axis labels."""
    values = [start] + [p[1] for p in points]
    low, high = min(values), max(values)
    if high - low < 20:
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    steps = max(len(values) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + (width - 2 * PAD) * i / steps, 1)

    def y(value: float) -> float:
        return round(height - PAD - (height - 2 * PAD) * (value - low) / (high - low), 1)

    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    dots = [{"cx": x(i), "cy": y(p[1]), "won": p[2], "title": p[3]}
            for i, p in enumerate(points, start=1)]
    return {"width": width, "height": height, "line": line, "dots": dots,
            "high": f"{high:.0f}", "low": f"{low:.0f}", "high_y": y(high) + 4,
            "low_y": y(low), "empty": not points, "pad": PAD}
