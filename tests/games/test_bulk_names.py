"""A zip whose files name players the club does not know: the files wait for the admin to
choose a player for each name (a member, or "new": a guest made once), then are filed
again; bad choices are refused whole, nothing made."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Membership, Player
from games.models import BulkFile, MatchRecord

from .bulk_helpers import CHARLOT_MAT, SELFPLAY, members, samples_zip

pytestmark = pytest.mark.django_db

URL = "/api/clubs/riverside/match-files/"


def _upload(client, *names, create="true"):
    answer = client.post(URL, {"file": SimpleUploadedFile("old.zip", samples_zip(*names)),
                               "create": create})
    assert answer.status_code == 201, answer.content
    return answer.json()


def _names(client, upload_id, names):
    return client.post(f"/api/match-files/{upload_id}/names/", {"names": names},
                       content_type="application/json")


@pytest.fixture
def waiting(client, alice, club):
    """charlot1 is a member; charlot2 is nobody the club knows: both files wait."""
    members(club, "charlot1")
    client.force_login(alice)
    return _upload(client, CHARLOT_MAT, SELFPLAY)


def test_files_naming_an_unknown_player_wait_with_the_name(waiting):
    assert [(f["verdict"], f["names"]) for f in waiting["files"]] == [
        ("refused", ["charlot2"]), ("refused", ["charlot2"])]
    assert "charlot2" in waiting["files"][0]["reason"]
    assert not MatchRecord.objects.exists()


def test_new_makes_one_guest_for_every_file_of_the_name(client, club, waiting):
    answer = _names(client, waiting["id"], {"charlot2": "new"})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert [(f["verdict"], f["names"]) for f in body["files"]] == [
        ("created", []), ("created", [])]
    guest = Player.objects.get(name="charlot2")
    assert body["names"] == {"charlot2": guest.pk}
    assert Membership.objects.get(club=club, player=guest).is_active is False
    assert MatchRecord.objects.filter(player_right=guest).count() == 2
    assert body["done"] == body["total"] == 2


def test_the_name_chosen_again_makes_nobody_twice(client, waiting):
    _names(client, waiting["id"], {"charlot2": "new"})
    again = _names(client, waiting["id"], {"charlot2": "new"})
    assert again.status_code == 400
    assert Player.objects.filter(name="charlot2").count() == 1


def test_a_name_may_be_a_member_of_the_club(client, club, waiting):
    other = members(club, "Charles Lot")[0]
    body = _names(client, waiting["id"], {"charlot2": other.pk}).json()
    assert {f["verdict"] for f in body["files"]} == {"created"}
    assert set(MatchRecord.objects.values_list("player_right", flat=True)) == {other.pk}
    assert not Player.objects.filter(name="charlot2").exists()


def test_a_new_upload_of_the_guests_name_reuses_them_when_chosen(client, club, waiting):
    _names(client, waiting["id"], {"charlot2": "new"})
    guest = Player.objects.get(name="charlot2")
    MatchRecord.objects.all().delete()
    second = _upload(client, CHARLOT_MAT)
    refused = _names(client, second["id"], {"charlot2": "new"})
    assert refused.status_code == 400 and f"#{guest.pk}" in refused.json()["detail"]
    assert _names(client, second["id"], {"charlot2": guest.pk}).json()["files"][0][
        "verdict"] == "created"
    assert Player.objects.filter(name="charlot2").count() == 1


@pytest.mark.parametrize("choice", ["someone", True, None, 1.5])
def test_a_choice_that_is_not_an_id_or_new_is_a_400(client, waiting, choice):
    answer = _names(client, waiting["id"], {"charlot2": choice})
    assert answer.status_code == 400
    assert not Player.objects.filter(name="charlot2").exists()


def test_a_name_no_file_waits_for_is_refused_and_nothing_is_made(client, waiting):
    answer = _names(client, waiting["id"], {"charlot2": "new", "Nobody": "new"})
    assert answer.status_code == 400 and "Nobody" in answer.json()["detail"]
    assert not Player.objects.filter(name__in=["charlot2", "Nobody"]).exists()
    assert set(BulkFile.objects.values_list("verdict", flat=True)) == {"refused"}


def test_a_player_of_another_club_is_refused(client, dave, waiting):
    answer = _names(client, waiting["id"], {"charlot2": dave.player.pk})
    assert answer.status_code == 400
    assert not MatchRecord.objects.exists()


def test_another_clubs_admin_cannot_choose(client, dave, waiting):
    client.force_login(dave)
    assert _names(client, waiting["id"], {"charlot2": "new"}).status_code in (403, 404)
    assert not Player.objects.filter(name="charlot2").exists()


def test_a_player_of_the_club_cannot_choose(client, bob, waiting):
    client.force_login(bob)
    assert _names(client, waiting["id"], {"charlot2": "new"}).status_code == 403
    assert not Player.objects.filter(name="charlot2").exists()
