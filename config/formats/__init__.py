"""The formats of the site's languages (``FORMAT_MODULE_PATH``): each language's own, but the
inputs' first format is the machine's (ISO 8601): a form's widget writes its value in the
first one, and ``<input type=date>`` (``time``, ``datetime-local``) takes nothing else —
``27.11.2026`` would leave the field empty in Danish and German. What a person types in
their own format is still read (the language's formats follow). Numbers keep their ``.``:
a form field is not localized unless it says ``localize=True`` (none does; a test checks)."""

from importlib import import_module

from django.conf import global_settings

#: What the browser's date, time and date-time inputs send and take.
MACHINE = {
    "DATE_INPUT_FORMATS": ["%Y-%m-%d"],
    "TIME_INPUT_FORMATS": ["%H:%M:%S", "%H:%M"],
    "DATETIME_INPUT_FORMATS": ["%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"],
}


def machine_first(language: str) -> dict[str, list[str]]:
    """The input formats of ``language`` (Django's), the machine's put first."""
    try:
        own = import_module(f"django.conf.locale.{language}.formats")
    except ImportError:
        own = None
    formats = {}
    for name, first in MACHINE.items():
        theirs = getattr(own, name, None) or getattr(global_settings, name)
        formats[name] = first + [f for f in theirs if f not in first]
    return formats
