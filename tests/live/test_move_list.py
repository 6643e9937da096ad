"""The live board's move list: a dance reads as no move (never an empty "66:"), a bar move
in the engine's one notation ("bar/22", as the plays offered write it, never the match
file's "25/22"), and the cube and the result in the reader's language."""

import pytest
from django.utils import translation

from games.engine import matchfile as mf
from live.texts import event_text


def test_a_bar_move_reads_bar_not_25():
    assert event_text(mf.Roll(0, (3, 1), mf.RollKind.PLAY, "25/22 6/5")) == "31: bar/22 6/5"


@pytest.mark.parametrize("kind", [mf.RollKind.PLAY, mf.RollKind.EMPTY, mf.RollKind.CANNOT_MOVE])
def test_a_dance_reads_as_no_move(kind):
    assert event_text(mf.Roll(1, (6, 6), kind, "")) == "66: no move (dances)"


@pytest.mark.parametrize("language", ["da", "de", "it", "ja"])
def test_the_cube_and_the_result_are_in_the_readers_language(language):
    events = [mf.Double(0, 2), mf.Take(1), mf.Drop(1), mf.Win(0, 3, False),
              mf.Roll(1, (6, 6), mf.RollKind.EMPTY, "")]
    english = [event_text(e) for e in events]
    assert english == ["doubles to 2", "takes", "drops", "wins 3 points", "66: no move (dances)"]
    with translation.override(language):
        shown = [event_text(e) for e in events]
    assert all(a != b for a, b in zip(shown, english, strict=True)), shown
    assert not any("Wins" in text or "Doubles" in text for text in shown)
