"""The one rule for a cell a spreadsheet would run (every CSV and XLSX the site writes)."""

import pytest

from config.spreadsheets import safe_row, spreadsheet_safe, unquoted


@pytest.mark.parametrize("text", ["=1+1", "+33 1", "-2", "@SUM(A1)", "\t=1", "\r=1"])
def test_text_a_spreadsheet_would_run_gets_an_apostrophe_and_reads_back(text):
    assert spreadsheet_safe(text) == "'" + text
    assert unquoted(spreadsheet_safe(text)) == text


def test_numbers_and_plain_text_are_kept():
    assert safe_row([-1, 2.5, "Ann", "O'Brien", None]) == [-1, 2.5, "Ann", "O'Brien", None]
    assert unquoted("'quoted") == "'quoted"  # an apostrophe of the name's own stays
