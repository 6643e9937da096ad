"""Match record pages, API and admin."""

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import MatchRecord, Ruling
from games.services.match_import import match_import
from games.services.rules_check import rules_check_run
from games.views.match import RECORDS_PER_PAGE
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db

NAME = "charlot1-charlot2_7p_2025-11-08-2305.mat"


def _upload(name=NAME, data=None):
    return SimpleUploadedFile(name, data if data is not None else sample_bytes(name))


def test_member_uploads_on_the_club_page(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("games:match-upload", args=[club.slug]), {"file": _upload()})
    record = MatchRecord.objects.get()
    assert response.status_code == 302 and response["Location"] == record.get_absolute_url()


def test_bad_upload_shows_the_reason_and_saves_nothing(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("games:match-upload", args=[club.slug]),
                           {"file": _upload("x.mat", b"not a match\n")})
    assert response.status_code == 400 and "line" in response.content.decode()
    assert not MatchRecord.objects.exists()


def test_outsider_cannot_upload(client, dave, club):
    client.force_login(dave)
    response = client.post(reverse("games:match-upload", args=[club.slug]), {"file": _upload()})
    assert response.status_code == 403 and not MatchRecord.objects.exists()


def test_api_upload_answers_202_with_url_and_status(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("match-upload-api", args=[club.slug]), {"file": _upload()})
    assert response.status_code == 202
    body = response.json()
    assert body["check_status"] in {"queued", "passed"}
    assert response["Location"].endswith(f"/api/matches/{body['id']}/")
    assert type(response["Location"]) is str  # wsgiref refuses str subclasses (a 500)


@pytest.mark.parametrize("data", [b"", b"garbage\n\x00\x01", b" 7 point match\n Game 1\n"])
def test_api_bad_file_is_400_not_500(client, bob, club, data):
    client.force_login(bob)
    response = client.post(reverse("match-upload-api", args=[club.slug]),
                           {"file": _upload("bad.mat", data)})
    body = response.json()
    assert response.status_code == 400 and (body.get("detail") or body.get("file"))
    assert not MatchRecord.objects.exists()


def test_api_missing_file_is_400(client, bob, club):
    client.force_login(bob)
    assert client.post(reverse("match-upload-api", args=[club.slug]), {}).status_code == 400


@pytest.fixture
def checked(club, bob):
    from clubs.models import Membership

    member = Membership.objects.get(player__user=bob)
    member.player.name = "charlot1"
    member.player.save()
    record = match_import(club=club, data=sample_bytes("5nqfGw9bWG3deTaU.mat"),
                          player_left=member.player)
    rules_check_run(check_id=record.rules_check.pk)
    return record


def test_player_sees_own_record_with_violations_and_board(client, bob, checked):
    client.force_login(bob)
    page = client.get(checked.get_absolute_url()).content.decode()
    assert "Violations" in page and 'class="board"' in page


def test_admin_of_another_club_cannot_see_a_record(client, dave, checked):
    client.force_login(dave)
    assert client.get(checked.get_absolute_url()).status_code == 403


def test_match_list_constant_queries(client, carol, checked, club,
                                     django_assert_max_num_queries):
    for name in ["gnubg_roll_then_resign_1p.mat", "gnubg_selfplay_drops_7p.mat"]:
        match_import(club=club, data=sample_bytes(name))
    client.force_login(carol)
    # session, user, club, roles, records with players and checks: no query per record.
    with django_assert_max_num_queries(6):
        response = client.get(reverse("games:match-list", args=[club.slug]))
    assert response.content.decode().count("badge") == 3


def test_api_detail_lists_games_and_violations(client, bob, checked):
    client.force_login(bob)
    body = client.get(reverse("match-record-detail", args=[checked.pk])).json()
    assert body["games"] and body["violations"]


def test_export_reimports_as_the_same_match(client, bob, checked, club):
    client.force_login(bob)
    text = client.get(reverse("games:match-export", args=[checked.pk])).content
    again = match_import(club=club, data=text, filename="export.mat")
    rules_check_run(check_id=again.rules_check.pk)
    again.refresh_from_db()
    checked.refresh_from_db()
    assert again.games.count() == checked.games.count()
    assert (again.score_left, again.score_right) == (checked.score_left, checked.score_right)


def test_referee_rules_from_the_admin_with_a_reason(client, carol, checked, staff_permissions):
    staff_permissions(carol, "view_violation", "change_violation", "view_matchrecord")
    client.force_login(carol)
    violation = checked.rules_check.violations.first()
    url = reverse("admin:games_violation_changelist")
    data = {"action": "rule_void", "_selected_action": [violation.pk]}
    form_page = client.post(url, data)
    assert form_page.status_code == 200 and "reason" in form_page.content.decode()
    assert not Ruling.objects.exists()
    client.post(url, {**data, "apply": "1", "reason": "Called in time", "game_number": 1})
    ruling = Ruling.objects.get()
    assert ruling.referee == carol and ruling.kind == "void"


def test_referee_queue_filters_by_rule_and_shows_the_board(client, carol, checked,
                                                           staff_permissions):
    staff_permissions(carol, "view_violation", "change_violation")
    client.force_login(carol)
    violation = checked.rules_check.violations.exclude(position_id="").first()
    page = client.get(reverse("admin:games_violation_changelist"), {"rule": violation.rule})
    assert page.status_code == 200
    detail = client.get(reverse("admin:games_violation_change", args=[violation.pk]))
    assert "<pre" in detail.content.decode()


def test_other_clubs_referee_sees_nothing_in_the_queue(client, dave, checked, staff_permissions):
    staff_permissions(dave, "view_violation", "change_violation")
    client.force_login(dave)
    page = client.get(reverse("admin:games_violation_changelist")).content.decode()
    assert "0 violations" in page or "0 of" in page or "5nqf" not in page


def _copies(record, count):
    """Rows like ``record`` (the list shows rows, not moves)."""
    MatchRecord.objects.bulk_create([MatchRecord(
        club=record.club, player_left=record.player_left, player_right=record.player_right,
        name_left=record.name_left, name_right=record.name_right,
        match_length=record.match_length, source_text="", source_sha256=f"copy-{n}")
        for n in range(count)])


def test_match_list_shows_a_page_in_the_same_queries_at_any_size(
        client, carol, checked, club, django_assert_num_queries):
    url = reverse("games:match-list", args=[club.slug])
    client.force_login(carol)
    client.get(url)
    cache.clear()
    # Built: session, user, club with roles, the records' version, the pager's count, a
    # page of records with players and checks (no query per record: the N+1 of a lazy
    # record.player_left or record.rules_check), the club's language (an empty cache).
    with django_assert_num_queries(7):
        small = client.get(url).content.decode()
    assert small.count('class="badge') == 1
    _copies(checked, RECORDS_PER_PAGE + 40)  # new records: a new version
    with django_assert_num_queries(6):
        large = client.get(url).content.decode()
    assert large.count('class="badge') == RECORDS_PER_PAGE
    assert "page 1 of 3" in large
    # Kept until a record, a check or a ruling moves: session, user, club, the version.
    with django_assert_num_queries(4):
        cached = client.get(url).content.decode()
    assert cached.split("<main>")[1] == large.split("<main>")[1]


def test_match_list_shows_a_check_as_soon_as_it_ends(client, carol, club):
    url = reverse("games:match-list", args=[club.slug])
    client.force_login(carol)
    record = match_import(club=club, data=sample_bytes("gnubg_roll_then_resign_1p.mat"))
    assert "Queued" in client.get(url).content.decode()
    rules_check_run(check_id=record.rules_check.pk)
    assert "Queued" not in client.get(url).content.decode()


def _long_match(points: int) -> bytes:
    return sample_bytes(NAME).replace(b" 7 point match", f" {points} point match".encode(), 1)


@pytest.mark.parametrize("door", ["games:match-upload", "match-upload-api"])
def test_a_match_over_the_engine_s_bound_is_refused_in_words_not_the_database_s(
        client, bob, club, door):
    client.force_login(bob)
    response = client.post(reverse(door, args=[club.slug]),
                           {"file": _upload("long.mat", _long_match(65))})
    text = response.content.decode()
    assert response.status_code == 400
    assert "A match is at most 64 points long; this file&#x27;s match is 65 points." in text \
        or "A match is at most 64 points long; this file's match is 65 points." in text
    assert "CHECK" not in text and "constraint" not in text
    assert not MatchRecord.objects.exists()


def test_a_match_at_the_bound_is_stored(client, bob, club):
    client.force_login(bob)
    client.post(reverse("games:match-upload", args=[club.slug]),
                {"file": _upload("long.mat", _long_match(64))})
    assert MatchRecord.objects.get().match_length == 64
