"""The analysis's errors on the replay viewer: each on its turn (the play made, the best,
the equity lost; the cube action and the right one), stepped through with "next error" and
"previous error", filtered to the bad and very bad ones."""

import re

import pytest
from django.urls import reverse

from analysis.models import Analysis

pytestmark = pytest.mark.django_db
pytest.importorskip("gnubg")



def _marked(record, marks=("doubtful", "bad", "very_bad")) -> list[dict]:
    rows = Analysis.objects.get(record=record).decisions
    return [r for r in rows if r["mark"] in marks and r["line"] is not None]


def _frame(html: str) -> str:
    return html[html.index('<div class="replay-frame'):]


def _next_error(html: str) -> str | None:
    found = re.search(r'data-turn="([^"]+)" data-step="next-mark"', html)
    return found.group(1) if found else None


def test_the_first_turn_links_to_the_first_error(client, bob, record):
    first = _marked(record)[0]
    client.force_login(bob)
    page = _frame(client.get(record.get_absolute_url(), {"at": "g1-t1"}).content.decode())
    target = _next_error(page)
    assert target is not None and target.startswith(f"g{first['game_number']}-")
    frame = client.get(reverse("games:match-replay-frame", args=[record.pk, target]))
    body = frame.content.decode()
    assert 'data-testid="replay-mark"' in body
    assert first["best"] in body and f"{first['equity_lost']:.3f} EMG" in body


def test_an_error_turn_shows_the_play_made_and_the_best(client, bob, record):
    move = next(r for r in _marked(record, ("very_bad",)) if r["kind"] == "move")
    client.force_login(bob)
    html = client.get(record.get_absolute_url(),
                      {"game": move["game_number"], "line": move["line"],
                       "player": move["side"]}).content.decode()
    frame = _frame(html)
    assert "Very bad chequer play" in frame
    assert f"<dd>{move['played']}</dd>" in frame and f"<dd>{move['best']}</dd>" in frame


def test_a_cube_error_shows_the_cube_action_and_the_right_one(client, bob, record):
    cube = next(r for r in _marked(record) if r["kind"] != "move")  # the match has some
    client.force_login(bob)
    frame = _frame(client.get(record.get_absolute_url(),
                              {"game": cube["game_number"], "line": cube["line"],
                               "player": cube["side"]})
                   .content.decode())
    assert "Right action" in frame and f"<dd>{cube['best']}</dd>" in frame


def test_the_bad_only_filter_steps_over_doubtful_errors(client, bob, record):
    everything, severe = _marked(record), _marked(record, ("bad", "very_bad"))
    assert len(severe) < len(everything)  # the match has doubtful ones to skip
    client.force_login(bob)
    page = client.get(record.get_absolute_url(), {"at": "g1-t1", "marks": "severe"})
    html = page.content.decode()
    assert f"{len(set((r['game_number'], r['line'], r['side']) for r in severe))} errors " \
           "(bad and very bad only)" in html
    target = _next_error(_frame(html))
    frame = client.get(reverse("games:match-replay-frame", args=[record.pk, target]),
                       {"marks": "severe"}).content.decode()
    assert "Doubtful" not in frame and ("Bad " in frame or "Very bad" in frame)
    # the stepping script asks for the frames with the filter on
    assert "/KEY/?marks=severe" in html


def test_previous_error_goes_back_to_the_error_before(client, bob, record):
    client.force_login(bob)
    first = _next_error(_frame(client.get(record.get_absolute_url(), {"at": "g1-t1"})
                               .content.decode()))
    frame = client.get(reverse("games:match-replay-frame", args=[record.pk, first])).content
    second = _next_error(frame.decode())
    back = client.get(reverse("games:match-replay-frame", args=[record.pk, second]))
    assert f'data-turn="{first}" data-step="prev-mark"' in back.content.decode()


def test_no_analysis_no_error_stepping(client, bob, record):
    Analysis.objects.filter(record=record).delete()
    client.force_login(bob)
    html = client.get(record.get_absolute_url()).content.decode()
    assert 'data-testid="replay-marks"' not in html


def test_a_replay_step_reads_the_decisions_once(client, bob, record, django_assert_num_queries):
    """The marks cost one query per step, however many errors the match has."""
    client.force_login(bob)
    url = reverse("games:match-replay-frame", args=[record.pk, "g1-t2"])
    client.get(url)
    # session, user, the record (club, players, check), the gates' roles, the viewer's
    # setting, rulings, the decisions
    with django_assert_num_queries(STEP_QUERIES):
        client.get(url)


STEP_QUERIES = 7
