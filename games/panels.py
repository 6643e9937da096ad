"""Sections that apps above games add to the match page (games does not know them): an app
registers ``panel(request=, record=) -> {"template": ..., **context} | None`` in its
AppConfig.ready(); the match page includes each panel's template with its context."""

from collections.abc import Callable

MATCH_PAGE_PANELS: list[Callable] = []


def match_panel_register(panel: Callable) -> Callable:
    if panel not in MATCH_PAGE_PANELS:
        MATCH_PAGE_PANELS.append(panel)
    return panel


def match_panels(*, request, record) -> list[dict]:
    return [found for panel in MATCH_PAGE_PANELS
            if (found := panel(request=request, record=record)) is not None]
