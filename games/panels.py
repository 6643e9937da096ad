"""Sections that apps above games add to the match page (games does not know them): an app
registers ``panel(request=, record=) -> {"template": ..., **context} | None`` in its
AppConfig.ready(); the match page includes each panel's template with its context.

The match page is kept per version of what it shows (``ops.pagecache``): a panel gives
``version(request=, record_id=, club=) -> str``, which moves whenever its section would
change (a cheap read); a panel registered without one makes the page built every time."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

MATCH_PAGE_PANELS: list[Callable] = []
#: A panel's version function, when it has one.
PANEL_VERSIONS: dict[Callable, Callable] = {}


def match_panel_register(panel: Callable, *, version: Callable | None = None) -> Callable:
    if panel not in MATCH_PAGE_PANELS:
        MATCH_PAGE_PANELS.append(panel)
    if version is not None:
        PANEL_VERSIONS[panel] = version
    return panel


def match_panels_version(*, request, record_id: int, club) -> str | None:
    """The versions of every section of a record's page, or None when a section has none
    (the page is then built every time)."""
    parts = []
    for panel in MATCH_PAGE_PANELS:
        version = PANEL_VERSIONS.get(panel)
        if version is None:
            return None
        parts.append(str(version(request=request, record_id=record_id, club=club)))
    return ":".join(parts)


def match_panels(*, request, record) -> list[dict]:
    return [found for panel in MATCH_PAGE_PANELS
            if (found := panel(request=request, record=record)) is not None]


# ------------------------------------------------------------------ marks on the replay


@dataclass(frozen=True, slots=True)
class ReplayMark:
    """A note an app above games puts on one turn of the replay (the analysis: an error).
    The turn is found by its game, its line (node) and who acted; ``actions`` are the
    frame actions it may sit on (a roll, a double, a take, a drop)."""

    game: int
    line: int
    player: int
    actions: tuple[str, ...]
    severe: bool  # kept by the "severe only" filter
    css: str  # a class for the mark's colour
    title: str  # "Very bad chequer play"
    details: tuple[tuple[str, str], ...] = ()  # (term, description) rows


#: ``marker(request=, record=) -> list[ReplayMark]``. A marker draws on data whose changes a
#: panel's version already follows (the match page is kept per those versions).
REPLAY_MARKERS: list[Callable] = []
#: What the viewer calls the marks and their filter (the last registered marker's words).
#: Give them marked lazily (``gettext_lazy``): the page shows them in the reader's language;
#: ``plural`` is the noun after a count other than one (the noun + "s" when not given).
REPLAY_MARK_WORDS = {"noun": gettext_lazy("mark"), "plural": gettext_lazy("marks"),
                     "severe": gettext_lazy("severe only")}


def replay_marker_register(marker: Callable, *, noun: str, severe: str,
                           plural: str | None = None) -> Callable:
    if marker not in REPLAY_MARKERS:
        REPLAY_MARKERS.append(marker)
    REPLAY_MARK_WORDS.update(noun=noun, severe=severe,
                             plural=plural if plural is not None else f"{noun}s")
    return marker


def replay_marks(*, request, record) -> list[ReplayMark]:
    return [mark for marker in REPLAY_MARKERS for mark in marker(request=request, record=record)]
