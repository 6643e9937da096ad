"""Importing a club's results through the API: the dry run, the errors, the fix, the
confirmation, and the same file again."""

import pytest

from clubs.models import Membership, Player
from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory

from .helpers import confirm, csv_bytes, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(club):
    made = {}
    for name in ("John Smith", "Ann Lee", "Søren Kjær"):
        made[name] = MembershipFactory(club=club, player=PlayerFactory(name=name)).player
    return made


GOOD = [["2019-03-01", "John Smith", "Ann Lee", 5, 5, 2, "Spring cup", "tournament", "yes"],
        ["2019-03-08", "Ann Lee", "Søren Kjær", 7, 3, 7, "League", "league", "yes"]]


def test_dry_run_gives_every_row_a_verdict_and_saves_no_match(client, alice, members):
    client.force_login(alice)
    answer = upload(client, "riverside", csv_bytes(GOOD))
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["status"] == "ready"
    assert [(r["row"], r["verdict"]) for r in body["rows"]] == [(2, "new"), (3, "new")]
    assert {n["name"]: n["match"] for n in body["names"]} == {
        "John Smith": members["John Smith"].pk, "Ann Lee": members["Ann Lee"].pk,
        "Søren Kjær": members["Søren Kjær"].pk}
    assert not FinishedMatch.objects.exists()


def test_confirm_stores_the_matches_marked_imported_with_their_row(client, alice, members):
    client.force_login(alice)
    body = upload(client, "riverside", csv_bytes(GOOD)).json()
    answer = confirm(client, body["id"])
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "imported"
    matches = list(FinishedMatch.objects.order_by("finished_at"))
    assert [m.source for m in matches] == ["import", "import"]
    assert matches[0].winner == members["John Smith"]
    assert matches[1].winner == members["Søren Kjær"]
    assert matches[0].event == "Spring cup" and matches[0].event_kind == "tournament"
    assert matches[0].rated_agreed is True


def test_every_error_of_every_row_is_gathered(client, alice, members):
    client.force_login(alice)
    rows = [["2019-13-01", "John Smith", "Nobody Known", 5, 5, 2, "", "tournament", "yes"],
            ["2019-03-01", "John Smith", "John Smith", 5, 5, 2, "", "tournament", "yes"],
            ["2019-03-01", "Ann Lee", "John Smith", 5, 3, 2, "", "tournament", "yes"],
            ["2999-03-01", "Ann Lee", "John Smith", 5, 5, 2, "", "cup", "maybe"],
            ["2019-03-02", "Ann Lee", "John Smith", 5, 5, 2, "", "league", "no"],
            ["2019-03-02", "John Smith", "Ann Lee", 5, 2, 5, "", "league", "no"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    assert body["status"] == "dry_run"
    errors = {r["row"]: " ".join(r["errors"]) for r in body["rows"]}
    assert "not a date" in errors[2] and "Nobody Known is not a member" in errors[2]
    assert "against themself" in errors[3]
    assert "does not finish" in errors[4]
    assert "future" in errors[5] and "kind" in errors[5] and "rated" in errors[5]
    assert body["rows"][4]["verdict"] == "new"
    assert "same match as row 6" in errors[7]
    assert body["counts"] == {"total": 6, "new": 1, "same": 0, "error": 5}


def test_resigned_lets_a_winner_below_the_length_through(client, alice, members):
    client.force_login(alice)
    data = csv_bytes([["2019-03-01", "John Smith", "Ann Lee", 7, 4, 2, "", "league", "yes",
                       "yes"]], columns=[*__import__("tests.imports.helpers", fromlist=[
                           "RESULT_COLUMNS"]).RESULT_COLUMNS, "resigned"])
    body = upload(client, "riverside", data).json()
    assert body["rows"][0]["verdict"] == "new", body["rows"]


def test_confirm_is_refused_with_the_rows_while_an_error_is_left(client, alice, members):
    client.force_login(alice)
    rows = [GOOD[0], ["2019-03-01", "Ann Lee", "John Smith", 5, 3, 2, "", "tournament", "yes"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    answer = confirm(client, body["id"])
    assert answer.status_code == 400
    assert [r["row"] for r in answer.json()["rows"]] == [3]
    assert not FinishedMatch.objects.exists()


def test_fixed_file_uploaded_again_imports(client, alice, members):
    client.force_login(alice)
    bad = [GOOD[0], ["2019-03-01", "Ann Lee", "John Smith", 5, 3, 2, "", "tournament", "yes"]]
    first = upload(client, "riverside", csv_bytes(bad)).json()
    errors = client.get(f"/api/imports/{first['id']}/errors.csv")
    assert errors.status_code == 200 and b"does not finish" in errors.content
    fixed = [GOOD[0], ["2019-03-01", "Ann Lee", "John Smith", 5, 5, 2, "", "tournament", "yes"]]
    second = upload(client, "riverside", csv_bytes(fixed)).json()
    assert confirm(client, second["id"]).status_code == 200
    assert FinishedMatch.objects.count() == 2


def test_the_same_file_again_changes_nothing(client, alice, members):
    client.force_login(alice)
    first = upload(client, "riverside", csv_bytes(GOOD)).json()
    confirm(client, first["id"])
    stored = list(FinishedMatch.objects.values_list("pk", "updated_at"))
    again = upload(client, "riverside", csv_bytes(GOOD)).json()
    assert [r["verdict"] for r in again["rows"]] == ["same", "same"]
    assert confirm(client, again["id"]).status_code == 200
    assert list(FinishedMatch.objects.values_list("pk", "updated_at")) == stored


def test_a_second_confirm_is_refused(client, alice, members):
    client.force_login(alice)
    body = upload(client, "riverside", csv_bytes(GOOD)).json()
    assert confirm(client, body["id"]).status_code == 200
    answer = confirm(client, body["id"])
    assert answer.status_code == 400
    assert "imported" in answer.json()["detail"]
    assert FinishedMatch.objects.count() == 2


def test_initials_give_candidates_the_admin_confirms(client, alice, members):
    client.force_login(alice)
    rows = [["2019-03-01", "J. Smith", "Ann Lee", 5, 5, 2, "", "tournament", "yes"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    names = {n["name"]: n for n in body["names"]}
    assert names["J. Smith"]["match"] is None
    assert [c["player"] for c in names["J. Smith"]["candidates"]] == [
        members["John Smith"].pk]
    assert confirm(client, body["id"]).status_code == 400
    answer = confirm(client, body["id"], {"J. Smith": members["John Smith"].pk})
    assert answer.status_code == 200, answer.json()
    assert FinishedMatch.objects.get().player_a == members["John Smith"]


def test_case_and_accents_match_one_member(client, alice, members):
    client.force_login(alice)
    rows = [["2019-03-01", "soren kjaer", "ANN LEE", 5, 5, 2, "", "tournament", "yes"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    assert {n["name"]: n["match"] for n in body["names"]} == {
        "soren kjaer": members["Søren Kjær"].pk, "ANN LEE": members["Ann Lee"].pk}


def test_an_unknown_name_becomes_one_guest_only_when_the_admin_says_new(client, alice,
                                                                         club, members):
    client.force_login(alice)
    rows = [["2019-03-01", "Olga Visitor", "Ann Lee", 5, 5, 2, "", "friendly", "no"],
            ["2019-03-02", "Olga Visitor", "John Smith", 5, 1, 5, "", "friendly", "no"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    assert body["status"] == "dry_run"
    before = Player.objects.count()
    assert confirm(client, body["id"]).status_code == 400
    assert Player.objects.count() == before
    assert confirm(client, body["id"], {"Olga Visitor": "new"}).status_code == 200
    olga = Player.objects.get(name="Olga Visitor")
    assert Player.objects.count() == before + 1
    assert Membership.objects.get(club=club, player=olga).is_active is False
    assert FinishedMatch.objects.filter(player_a=olga).count() == 2


def test_two_names_chosen_as_one_player_are_a_player_against_themself(client, alice,
                                                                      members):
    client.force_login(alice)
    rows = [["2019-03-01", "J. Smith", "John Smith", 5, 5, 2, "", "league", "yes"]]
    body = upload(client, "riverside", csv_bytes(rows)).json()
    answer = confirm(client, body["id"], {"J. Smith": members["John Smith"].pk})
    assert answer.status_code == 400
    assert "against themself" in " ".join(answer.json()["rows"][0]["errors"])
    assert not FinishedMatch.objects.exists()
