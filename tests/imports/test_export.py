"""The club's history exported in the import's columns, cells neutralised; exported then
imported into an empty club it gives the same results and the same ratings; an import
replays the club's list once."""

import csv
import datetime
import io

import pytest
from openpyxl import load_workbook

from ratings.models import Rating
from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .helpers import confirm, upload

pytestmark = pytest.mark.django_db


def _at(day: int) -> datetime.datetime:
    return datetime.datetime(2020, 1, 1, 12, tzinfo=datetime.UTC) + datetime.timedelta(days=day)


@pytest.fixture
def history(club, django_capture_on_commit_callbacks):
    names = ["John Smith", "Ann Lee", "=HYPERLINK(\"http://x\")", "Bo Berg"]
    people = [MembershipFactory(club=club, player=PlayerFactory(name=n)).player for n in names]
    plays = [(0, 1, 5, 5, 2, "tournament"), (1, 2, 7, 7, 3, "league"),
             (2, 3, 3, 1, 3, "tournament"), (3, 0, 5, 5, 4, "match_record"),
             (0, 2, 9, 9, 8, "league"), (1, 3, 5, 2, 5, "tournament")]
    with django_capture_on_commit_callbacks(execute=True):
        for n, (a, b, length, score_a, score_b, source) in enumerate(plays):
            finished_match_record(
                club=club, source=source, source_id=n + 1, player_a=people[a],
                player_b=people[b], length=length, score_a=score_a, score_b=score_b,
                winner=people[a] if score_a > score_b else people[b], finished_at=_at(n),
                event="-Winter cup" if n == 0 else "Night",
                event_kind="knockout" if source == "tournament" else "")
    return people


def _ratings(club) -> dict[str, float]:
    return {r.player.name: round(r.rating, 6) for r in Rating.objects.filter(
        pool__club=club).select_related("player")}


def test_csv_export_has_the_import_columns_in_order(client, alice, history):
    client.force_login(alice)
    answer = client.get("/api/clubs/riverside/history.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert list(rows[0]) == ["date", "player", "opponent", "length", "score_player",
                             "score_opponent", "event", "kind", "rated", "resigned"]
    assert [r["date"] for r in rows] == [_at(n).date().isoformat() for n in range(6)]
    assert rows[0]["kind"] == "tournament" and rows[1]["kind"] == "league"
    assert rows[3]["kind"] == "friendly" and rows[3]["rated"] == "no"
    assert rows[0]["rated"] == "yes"


def test_export_neutralises_cells_a_spreadsheet_would_run(client, alice, history):
    client.force_login(alice)
    text = client.get("/api/clubs/riverside/history.csv").content.decode()
    assert "'=HYPERLINK" in text and ",=HYPERLINK" not in text
    assert "'-Winter cup" in text
    book = load_workbook(io.BytesIO(client.get("/api/clubs/riverside/history.xlsx").content))
    cells = [c.value for row in book.active.iter_rows() for c in row]
    assert "'=HYPERLINK(\"http://x\")" in cells
    assert not any(isinstance(c, str) and c.startswith("=") for c in cells)


@pytest.mark.parametrize("file_format", ["csv", "xlsx"])
def test_round_trip_into_an_empty_club_gives_the_same_results_and_ratings(
        client, alice, club, history, file_format, django_capture_on_commit_callbacks):
    client.force_login(alice)
    exported = client.get(f"/api/clubs/riverside/history.{file_format}").content
    empty = ClubFactory(name="Empty Club", slug="empty")
    admin = UserFactory(username="erik")
    MembershipFactory(club=empty, player=PlayerFactory(name="Erik", user=admin), role="admin")
    client.force_login(admin)
    made = upload(client, "empty", exported, name=f"history.{file_format}").json()
    assert made["counts"]["error"] == 6  # nobody known yet: every row names a stranger
    with django_capture_on_commit_callbacks(execute=True):
        answer = confirm(client, made["id"], {n["name"]: "new" for n in made["names"]})
    assert answer.status_code == 200, answer.json()

    def results(c):
        return [(m.player_a.name, m.player_b.name, m.length, m.score_a, m.score_b,
                 m.winner.name, m.finished_at.date(), m.event)
                for m in FinishedMatch.objects.filter(club=c).order_by("finished_at", "pk")]

    assert results(empty) == results(club)
    assert _ratings(empty) == _ratings(club) != {}


def test_an_import_replays_the_clubs_list_once(client, alice, club, monkeypatch,
                                               django_capture_on_commit_callbacks):
    for name in ("John Smith", "Ann Lee"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))
    calls = []
    monkeypatch.setattr("ratings.receivers.ratings_recompute_request",
                        lambda **kw: calls.append(kw))
    lines = ["date,player,opponent,length,score_player,score_opponent,event,kind,rated"]
    lines += [f"2019-03-{d:02d},John Smith,Ann Lee,5,5,{d % 5},Night,league,yes"
              for d in range(1, 29)]
    client.force_login(alice)
    made = upload(client, "riverside", "\n".join(lines).encode()).json()
    with django_capture_on_commit_callbacks(execute=True):
        assert confirm(client, made["id"]).status_code == 200
    assert FinishedMatch.objects.count() == 28
    assert len(calls) == 1
    first = FinishedMatch.objects.order_by("finished_at", "pk").first()
    assert calls[0]["from_at"] == first.finished_at
