"""Importing members; a large file checked and stored in the worker, its progress on the
import."""

import pytest

from clubs.models import Membership, Player
from imports.models import Import
from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory

from .helpers import confirm, csv_bytes, upload

pytestmark = pytest.mark.django_db

MEMBER_COLUMNS = ["Name", "Email", "Joined", "Notes"]


def test_members_dry_run_then_confirm_makes_each_member_once(client, alice, club):
    MembershipFactory(club=club, player=PlayerFactory(name="Ann Lee"))
    client.force_login(alice)
    rows = [["John Smith", "john@example.org", "2015-04-01", "x"],
            ["ann lee", "", "", ""],
            ["Bo Berg", "not an address", "2015-13-01", ""],
            ["john smith", "", "", ""]]
    body = upload(client, "riverside", csv_bytes(rows, MEMBER_COLUMNS), kind="members").json()
    verdicts = {r["row"]: r["verdict"] for r in body["rows"]}
    assert verdicts == {2: "new", 3: "same", 4: "error", 5: "error"}
    errors = {r["row"]: " ".join(r["errors"]) for r in body["rows"]}
    assert "not an email address" in errors[4] and "not a date" in errors[4]
    assert "same member as row 2" in errors[5]
    assert confirm(client, body["id"]).status_code == 400
    assert not Player.objects.filter(name="John Smith").exists()

    fixed = upload(client, "riverside", csv_bytes(rows[:2], MEMBER_COLUMNS),
                   kind="members").json()
    assert confirm(client, fixed["id"]).status_code == 200
    john = Player.objects.get(name="John Smith")
    membership = Membership.objects.get(club=club, player=john)
    assert membership.is_active and membership.joined_at.date().isoformat() == "2015-04-01"
    assert john.email == "john@example.org"
    assert Player.objects.filter(name__iexact="ann lee").count() == 1

    again = upload(client, "riverside", csv_bytes(rows[:2], MEMBER_COLUMNS),
                   kind="members").json()
    assert [r["verdict"] for r in again["rows"]] == ["same", "same"]
    confirm(client, again["id"])
    assert Player.objects.filter(name="John Smith").count() == 1


def test_a_large_file_is_checked_and_stored_in_the_worker(
        client, alice, club, settings, django_capture_on_commit_callbacks):
    settings.IMPORT_INLINE_BYTES = 10
    for name in ("John Smith", "Ann Lee"):
        MembershipFactory(club=club, player=PlayerFactory(name=name))
    rows = [[f"2019-03-{d:02d}", "John Smith", "Ann Lee", 5, 5, d % 5, "Night", "league",
             "yes"] for d in range(1, 29)]
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        made = upload(client, "riverside", csv_bytes(rows)).json()
    assert made["status"] == "checking" and made["rows"] == []
    seen = client.get(f"/api/imports/{made['id']}/").json()
    assert seen["status"] == "ready" and seen["progress"] == 100
    assert seen["counts"]["new"] == 28
    with django_capture_on_commit_callbacks(execute=True):
        answer = confirm(client, made["id"]).json()
    assert answer["status"] == "importing"
    assert client.get(f"/api/imports/{made['id']}/").json()["status"] == "imported"
    assert FinishedMatch.objects.count() == 28


def test_a_file_refused_in_the_worker_says_why(client, alice, club, settings,
                                               django_capture_on_commit_callbacks):
    settings.IMPORT_INLINE_BYTES = 10
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        made = upload(client, "riverside", csv_bytes([["2019-03-01", "A", "B"]],
                                                     ["date", "player", "opponent"])).json()
    seen = client.get(f"/api/imports/{made['id']}/").json()
    assert seen["status"] == "failed"
    assert "score_player" in seen["error"]
    assert not Import.objects.get().rows.exists()
