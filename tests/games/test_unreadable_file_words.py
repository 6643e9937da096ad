"""A match file the readers refuse (on the upload page, or as a reported result's evidence)
is refused in the reader's language: what is wrong and where, from the catalogue, never the
reader's English detail (which stays for machines and logs)."""

import pytest
from django.utils import translation

from games.engine import matchfile
from games.engine.sgf import parse_record
from games.services.match_import import _UNREADABLE, MatchImportError, match_parse

FILES = [
    (b"hello world\nthis is not a match\n", "no_length", "expected comment lines"),
    (b"\x00\x01\x02binary\xff\xfe", "binary", "(NUL byte)"),
    (b"GMD-Gibbon\n", "other_format", "Gibbon GMD record"),
    (b" 7 point match\n", "no_games", "no games after the 'N point match' line"),
    (b"(;FF[4]GM[1])", "not_backgammon", "is not backgammon"),
    (b"(;FF[4]GM[6]", "sgf", "ends inside a game tree"),
]


@pytest.mark.parametrize("data, code, english", FILES)
def test_an_unreadable_file_is_refused_in_german_without_the_readers_english(data, code,
                                                                             english):
    with pytest.raises(matchfile.MatchFileError) as read:
        parse_record(data)
    assert read.value.code == code and english in read.value.reason
    with translation.override("de"), pytest.raises(MatchImportError) as refused:
        match_parse(data=data, filename="bad.mat")
    text = str(refused.value)
    with translation.override("de"):
        prefix = translation.gettext("Not a readable match file: %(reason)s") % {"reason": ""}
        reason = str(_UNREADABLE[code])
    assert text.startswith(prefix + reason), text
    assert english not in text and read.value.reason not in text


def test_the_admins_board_of_an_unreadable_position_is_no_engine_english():
    from games.admin.match import _board

    with translation.override("de"):
        text = str(_board("not-a-position"))
        expected = translation.gettext("The position ID %(id)s cannot be read.") % {
            "id": "not-a-position"}
    assert text == expected and "invalid Position ID" not in text
