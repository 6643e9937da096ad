"""The import pages: upload, the dry run's table, the names chosen, confirm, the same file
again; another club's admin sees none of it."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Player
from imports.models import Import
from results.models import FinishedMatch
from tests.factories import MembershipFactory, PlayerFactory

from .helpers import csv_bytes

pytestmark = pytest.mark.django_db

LIST = "/clubs/riverside/manage/imports/"


@pytest.fixture
def smith(club):
    MembershipFactory(club=club, player=PlayerFactory(name="Ann Lee"))
    return MembershipFactory(club=club, player=PlayerFactory(name="John Smith")).player


def _upload(client, rows):
    return client.post(LIST, {"file": SimpleUploadedFile("h.csv", csv_bytes(rows)),
                              "kind": "results"}, follow=True)


def test_the_manage_page_links_to_the_imports(client, alice):
    client.force_login(alice)
    assert LIST.encode() in client.get("/clubs/riverside/manage/").content


def test_upload_shows_the_dry_run_with_errors_then_names_and_confirm(client, alice, smith):
    client.force_login(alice)
    rows = [["2019-03-01", "J. Smith", "Ann Lee", 5, 5, 2, "Cup", "tournament", "yes"],
            ["2019-03-02", "Ann Lee", "Olga Visitor", 5, 5, 2, "Cup", "tournament", "yes"]]
    page = _upload(client, rows)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Olga Visitor is not a member of the club" in text
    assert "J. Smith matches no player for certain" in text
    assert "errors.csv" in text
    batch = Import.objects.get()
    names = sorted(batch.names)  # the form's fields follow the names' order
    choices = {f"name-{names.index('J. Smith')}": str(smith.pk),
               f"name-{names.index('Olga Visitor')}": "new"}
    done = client.post(f"{LIST}{batch.pk}/confirm/", choices, follow=True)
    assert "Imported." in done.content.decode()
    assert FinishedMatch.objects.count() == 2
    assert Player.objects.filter(name="Olga Visitor").count() == 1

    again = _upload(client, [rows[0]])
    assert "already stored" in again.content.decode()
    batch = Import.objects.order_by("-pk").first()
    client.post(f"{LIST}{batch.pk}/confirm/", {"name-0": str(smith.pk)})
    assert FinishedMatch.objects.count() == 2


def test_confirm_with_a_name_left_says_why_and_saves_nothing(client, alice, smith):
    client.force_login(alice)
    _upload(client, [["2019-03-02", "Ann Lee", "Olga Visitor", 5, 5, 2, "", "league", "no"]])
    batch = Import.objects.get()
    page = client.post(f"{LIST}{batch.pk}/confirm/", {}, follow=True)
    assert "Nothing was imported" in page.content.decode()
    assert not FinishedMatch.objects.exists()


def test_a_bad_file_is_refused_on_the_form(client, alice, smith):
    client.force_login(alice)
    page = client.post(LIST, {"file": SimpleUploadedFile("h.xlsx", b"date,player\n"),
                              "kind": "results"})
    assert page.status_code == 200
    assert "is not an XLSX spreadsheet" in page.content.decode()
    assert not Import.objects.exists()


def test_another_clubs_admin_sees_none_of_it(client, alice, dave, smith):
    client.force_login(alice)
    _upload(client, [["2019-03-01", "John Smith", "Ann Lee", 5, 5, 2, "", "league", "no"]])
    batch = Import.objects.get()
    client.force_login(dave)
    assert client.get(LIST).status_code == 403
    assert client.get(f"{LIST}{batch.pk}/").status_code == 404
    assert client.get(f"{LIST}{batch.pk}/errors.csv").status_code == 404
    assert client.post(f"{LIST}{batch.pk}/confirm/").status_code == 404
    assert client.get(f"/clubs/hilltop/manage/imports/{batch.pk}/").status_code == 404
    assert not FinishedMatch.objects.exists()
