"""The history charts (a player's rating; above, the analysis's error rate): coordinates for
a server-rendered SVG (no JavaScript, no CDN).

The template (``ratings/public/_rating_chart.html``) draws what this returns; all the
arithmetic is here.
"""

from __future__ import annotations

from django.utils.translation import gettext

WIDTH, HEIGHT, PAD = 640, 220, 28


def series_chart(points: list[tuple], *, first: float | None = None, min_span: float,
                 label: str, empty: str, digits: int = 0, width: int = WIDTH,
                 height: int = HEIGHT) -> dict:
    """``points`` are (when, value, won, title) in order, drawn as dots on one line; the
    line starts at ``first`` when given (a start rating, no dot). The value axis spans at
    least ``min_span``. ``label`` names the chart, ``empty`` is said when there is no point."""
    values = ([] if first is None else [first]) + [p[1] for p in points]
    values = values or [0.0]
    low, high = min(values), max(values)
    if high - low < min_span:
        middle = (high + low) / 2
        low, high = middle - min_span / 2, middle + min_span / 2
    offset = 0 if first is None else 1
    steps = max(len(values) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + (width - 2 * PAD) * i / steps, 1)

    def y(value: float) -> float:
        return round(height - PAD - (height - 2 * PAD) * (value - low) / (high - low), 1)

    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    dots = [{"cx": x(i), "cy": y(p[1]), "won": p[2], "title": p[3]}
            for i, p in enumerate(points, start=offset)]
    return {"width": width, "height": height, "line": line, "dots": dots,
            "high": f"{high:.{digits}f}", "low": f"{low:.{digits}f}", "high_y": y(high) + 4,
            "low_y": y(low), "empty": not points, "pad": PAD, "label": label,
            "empty_text": empty,
            # The axis labels as numbers: the template formats them for the reader.
            "high_value": round(high, digits), "low_value": round(low, digits),
            "digits": digits}


def rating_chart(points: list[tuple], *, start: float, width: int = WIDTH,
                 height: int = HEIGHT) -> dict:
    """``points`` are (when, rating after, won, title) in order; the first point of the line
    is the start rating. Returns the polyline, the dots and the axis labels."""
    return series_chart(points, first=start, min_span=20, label=gettext("Rating history"),
                        empty=gettext("No rated matches yet."), width=width, height=height)


def histories_chart(series: list[dict], *, min_span: float = 20, width: int = WIDTH,
                    height: int = HEIGHT) -> dict:
    """Several rating histories on one chart (a club's list and the national lists): each
    series is ``{"label", "start", "points": [(when, rating after, won, title)]}``, drawn on
    one time axis and one rating axis, each line starting at its start rating just before
    its first match."""
    drawn = [s for s in series if s["points"]]
    if not drawn:
        return {"empty": True, "empty_text": gettext("No rated matches yet."),
                "label": gettext("Rating history"), "lines": []}
    values = [v for s in drawn for v in [s["start"]] + [p[1] for p in s["points"]]]
    low, high = min(values), max(values)
    if high - low < min_span:
        middle = (high + low) / 2
        low, high = middle - min_span / 2, middle + min_span / 2
    times = [p[0].timestamp() for s in drawn for p in s["points"]]
    first, last = min(times), max(times)
    span = max(last - first, 1.0)

    def x(when: float) -> float:
        return round(PAD + (width - 2 * PAD) * (when - first) / span, 1)

    def y(value: float) -> float:
        return round(height - PAD - (height - 2 * PAD) * (value - low) / (high - low), 1)

    lines = []
    for index, s in enumerate(drawn):
        start_x = x(s["points"][0][0].timestamp())
        coords = [f"{start_x},{y(s['start'])}"] + [
            f"{x(p[0].timestamp())},{y(p[1])}" for p in s["points"]]
        lines.append({"label": s["label"], "line": " ".join(coords), "series": index,
                      "dots": [{"cx": x(p[0].timestamp()), "cy": y(p[1]), "won": p[2],
                                "title": p[3]} for p in s["points"]]})
    return {"width": width, "height": height, "lines": lines, "empty": False, "pad": PAD,
            "label": gettext("Rating history"), "high_value": round(high), "high_y": y(high) + 4,
            "low_value": round(low), "low_y": y(low)}
