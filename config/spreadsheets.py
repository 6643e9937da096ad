"""Cells a spreadsheet will not run: the one rule for every CSV and XLSX the site writes.

A text cell beginning with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage return, which
some spreadsheets skip before reading the rest) is a formula to Excel, LibreOffice and Google
Sheets: a player named ``=HYPERLINK(...)`` would run in the admin's spreadsheet (OWASP's "CSV
injection"). Such a cell gets an apostrophe before it; :func:`unquoted` takes it off again
when the site reads its own export back (the import).
"""

RUNS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """``value`` as a cell: text that a spreadsheet would run gets a leading apostrophe;
    numbers, dates and other text are kept as they are."""
    if isinstance(value, str) and value[:1] in RUNS:
        return "'" + value
    return value


def unquoted(text: str) -> str:
    """A cell read back: the apostrophe :func:`spreadsheet_safe` put there taken off."""
    return text[1:] if text[:1] == "'" and text[1:2] in RUNS else text


def safe_row(values) -> list:
    return [spreadsheet_safe(value) for value in values]
