"""Sections that apps above games add to the match page (games does not know them): an app
registers ``panel(request=, record=) -> {"template": ..., **context} | None`` in its
AppConfig.ready(); the match page includes each panel's template with its context.

The match page is kept per version of what it shows (``clubs.pagecache``): a panel gives
``version(request=, record_id=, club=) -> str``, which moves whenever its section would
change (a cheap read); a panel registered without one makes the page built every time."""

from collections.abc import Callable

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
