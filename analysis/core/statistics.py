"""gnubg's own figures for a match: the table ``show statistics match`` prints, read back
into each player's ``PlayerFigures``. Nothing is added up here: every figure is gnubg's.

The columns are gnubg's players 0 and 1 (``PW`` and ``PB`` of the SGF it saves). Names
are not read from the table (a name may hold spaces); the values are read by row, in
their section (three sections have an "Error total" row). Errors are printed negative and
become positive amounts of equity lost; the actual and luck-adjusted results are a match
winning chance gained from 50% (``+50.00%`` reads 0.5) in match play, points in money play.
"""

import re

from .errors import AnalysisFileError
from .stats import PlayerFigures

_SECTIONS = {"Chequerplay statistics": "chequer", "Luck statistics": "luck",
             "Cube statistics": "cube", "Overall statistics": "overall"}
#: (section, the row's label or its start) -> the figure
_ROWS = {
    ("chequer", "Total moves"): "moves",
    ("chequer", "Unforced moves"): "unforced_moves",
    ("chequer", "Moves marked doubtful"): "doubtful",
    ("chequer", "Moves marked bad"): "bad",
    ("chequer", "Moves marked very bad"): "very_bad",
    ("chequer", "Error total"): "chequer_error_total",
    ("chequer", "Error rate"): "chequer_error_rate",
    ("luck", "Luck total"): "luck_total",
    ("luck", "Luck rate"): "luck_rate",
    ("cube", "Total cube decisions"): "cube_decisions",
    ("cube", "Close or actual cube decisions"): "close_cube_decisions",
    ("cube", "Error total"): "cube_error_total",
    ("cube", "Error rate"): "cube_error_rate",
    ("overall", "Error total"): "error_total",
    ("overall", "Error rate"): "error_rate",
    ("overall", "Snowie error rate"): "snowie_error_rate",
    ("overall", "Actual result"): "actual_result",
    ("overall", "Luck adjusted result"): "luck_adjusted_result",
}
_COUNTS = {"moves", "unforced_moves", "doubtful", "bad", "very_bad", "cube_decisions",
           "close_cube_decisions"}
_ERRORS = {"chequer_error_total", "chequer_error_rate", "cube_error_total",
           "cube_error_rate", "error_total", "error_rate", "snowie_error_rate"}
#: Figures gnubg may print as "n/a" (a match not over has no result).
_OPTIONAL = {"actual_result", "luck_adjusted_result"}
_BRACKETS = re.compile(r"\([^()]*\)")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?%?")


def read_statistics(text: str) -> tuple[PlayerFigures, PlayerFigures]:
    """Both players' figures from the printed table; AnalysisFileError if one is missing."""
    found: list[dict] = [{}, {}]
    section = ""
    for line in text.splitlines():
        label, rest = _split(line)
        section = _SECTIONS.get(label, section)
        key = _key(section, label)
        if key is None:
            continue
        for player, value in enumerate(_values(rest)[:2]):
            found[player][key] = _figure(key, value)
    return _figures(found[0]), _figures(found[1])


def _split(line: str) -> tuple[str, str]:
    """The row's label and the rest (two spaces or more between them)."""
    parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _key(section: str, label: str) -> str | None:
    for (where, start), key in _ROWS.items():
        if where == section and (label == start or label.startswith(start + " ")):
            return key
    return None


def _values(rest: str) -> list[str]:
    while _BRACKETS.search(rest):  # the MWC or points beside each figure
        rest = _BRACKETS.sub(" ", rest)
    return _NUMBER.findall(rest)


def _figure(key: str, value: str) -> float | int:
    if key in _COUNTS:
        return int(value)
    number = float(value.rstrip("%")) / (100 if value.endswith("%") else 1)
    return 0.0 - number if key in _ERRORS else number


def _figures(values: dict) -> PlayerFigures:
    missing = [key for key in _ROWS.values() if key not in values and key not in _OPTIONAL]
    if missing:
        raise AnalysisFileError(f"gnubg's statistics lack {', '.join(missing)}")
    return PlayerFigures(**{key: values.get(key) for key in _ROWS.values()})
