"""A big import is answered a page at a time: its rows and its names paged as the project's
other lists are (``page``, ``page_size``; ``count``, ``next``, ``previous``), and a refused
confirmation gives the first page of the rows with errors and the counts, not every row."""

import datetime

import pytest

from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory

from .helpers import confirm, csv_bytes, upload

pytestmark = pytest.mark.django_db

ROWS = 1100
START = datetime.date(2000, 1, 1)


@pytest.fixture
def members(club):
    for name in ("John Smith", "Ann Lee"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))


def _rows(errors_every: int = 0) -> list[list]:
    """ROWS results on as many days; every ``errors_every``-th score does not finish."""
    return [[(START + datetime.timedelta(days=n)).isoformat(), "John Smith", "Ann Lee", 5,
             3 if errors_every and n % errors_every == 0 else 5, 2, "Night", "league", "yes"]
            for n in range(ROWS)]


@pytest.fixture
def big(client, alice, members):
    client.force_login(alice)
    answer = upload(client, "riverside", csv_bytes(_rows(errors_every=2)))
    assert answer.status_code == 201
    return answer.json()


def test_the_upload_answers_with_the_first_page_of_rows(big):
    assert big["counts"] == {"total": ROWS, "new": ROWS // 2, "same": 0, "error": ROWS // 2}
    assert big["count"] == ROWS and len(big["rows"]) == 25
    assert [r["row"] for r in big["rows"]] == list(range(2, 27))
    assert big["next"].endswith(f"/api/imports/{big['id']}/?page=2")
    assert big["previous"] is None


def test_a_page_of_rows_and_its_links(client, big):
    answer = client.get(f"/api/imports/{big['id']}/", {"page": 3, "page_size": 100}).json()
    assert [r["row"] for r in answer["rows"]] == list(range(202, 302))
    assert answer["count"] == ROWS
    assert "page=4" in answer["next"] and "page=2" in answer["previous"]
    assert answer["id"] == big["id"] and answer["status"] == "dry_run"


def test_the_rows_of_one_verdict_are_paged(client, big):
    answer = client.get(f"/api/imports/{big['id']}/", {"verdict": "error"}).json()
    assert answer["count"] == ROWS // 2
    assert {r["verdict"] for r in answer["rows"]} == {"error"}
    assert "verdict=error" in answer["next"]


def test_a_page_size_over_the_most_gives_the_most(client, big):
    answer = client.get(f"/api/imports/{big['id']}/", {"page_size": 50000}).json()
    assert len(answer["rows"]) == 1000


def test_an_unknown_verdict_is_a_clear_400(client, big):
    answer = client.get(f"/api/imports/{big['id']}/", {"verdict": "maybe"})
    assert answer.status_code == 400
    assert "verdict" in answer.json()["errors"]


def test_a_refused_confirm_gives_the_first_page_of_errors_and_the_counts(client, big):
    answer = confirm(client, big["id"])
    assert answer.status_code == 400
    body = answer.json()
    assert body["counts"]["error"] == ROWS // 2 and body["count"] == ROWS // 2
    assert len(body["rows"]) == 25 and {r["verdict"] for r in body["rows"]} == {"error"}
    assert [r["row"] for r in body["rows"][:2]] == [2, 4]
    assert "verdict=error" in body["next"] and "page=2" in body["next"]
    assert not FinishedMatch.objects.exists()


def test_the_names_are_paged_too(client, alice, members):
    client.force_login(alice)
    rows = [[(START + datetime.timedelta(days=n)).isoformat(), f"Stranger {n:02d}", "Ann Lee",
             5, 5, 2, "", "league", "yes"] for n in range(30)]
    made = upload(client, "riverside", csv_bytes(rows)).json()
    assert made["names_count"] == 31 and len(made["names"]) == 25
    assert "names_page=2" in made["names_next"]
    second = client.get(f"/api/imports/{made['id']}/", {"names_page": 2}).json()
    assert [n["name"] for n in second["names"]] == [f"Stranger {n:02d}" for n in range(24, 30)]
    assert second["names_previous"] is not None and second["names_next"] is None
