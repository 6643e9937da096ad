"""SGF wherever a .mat is accepted: the upload page, the API, import_matches, check_match;
and a record exported as .sgf and .mat (the page's links and the API)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games.engine import matchfile, sgf
from games.engine.replay import replay
from games.models import MatchRecord
from games.services.match_import import MatchImportError, match_import
from games.services.rules_check import rules_check_run
from tests.factories import SAMPLES, checked_record, sample_bytes

pytestmark = pytest.mark.django_db

GNUBG = "charlot1-charlot2_7p_2025-11-08-2305"
ROOT = Path(__file__).resolve().parents[2]


def _upload(name, data=None):
    return SimpleUploadedFile(name, data if data is not None else sample_bytes(name))


def test_member_uploads_an_sgf_on_the_club_page(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("games:match-upload", args=[club.slug]),
                           {"file": _upload(f"{GNUBG}.sgf")})
    record = MatchRecord.objects.get()
    assert response.status_code == 302
    assert (record.name_left, record.name_right, record.match_length) == ("charlot1",
                                                                          "charlot2", 7)
    assert record.games.count() == 4


def test_sgf_record_is_checked_like_its_mat_twin(club):
    from_sgf = checked_record(club, f"{GNUBG}.sgf")
    from_mat = checked_record(club, f"{GNUBG}.mat")
    assert from_sgf.rules_check.status == "passed" == from_mat.rules_check.status
    assert (from_sgf.score_left, from_sgf.score_right) == (9, 2)
    assert (from_sgf.score_left, from_sgf.score_right, from_sgf.winner) == (
        from_mat.score_left, from_mat.score_right, from_mat.winner)
    rows = lambda r: list(r.games.values_list("winner", "points", "ended_by", "crawford"))  # noqa: E731
    assert rows(from_sgf) == rows(from_mat)


def test_broken_sgf_upload_names_the_node(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("games:match-upload", args=[club.slug]),
                           {"file": _upload("x.sgf", b"(;GM[6]MI[length:7]\n;W[31hefe")})
    assert response.status_code == 400 and "node 2" in response.content.decode()
    assert not MatchRecord.objects.exists()


def test_sgf_uploaded_through_the_api(client, bob, club):
    client.force_login(bob)
    response = client.post(reverse("match-upload-api", args=[club.slug]),
                           {"file": _upload("7point.sgf")})
    assert response.status_code == 202
    assert MatchRecord.objects.get().games.count() == 9


def test_import_matches_picks_up_sgf_files(club, tmp_path):
    (tmp_path / "a.sgf").write_bytes(sample_bytes("7point.sgf"))
    (tmp_path / "b.mat").write_bytes(sample_bytes(f"{GNUBG}.mat"))
    (tmp_path / "notes.md").write_text("not a match")
    call_command("import_matches", club.slug, str(tmp_path))
    assert sorted(MatchRecord.objects.values_list("source_name", flat=True)) == ["a.sgf", "b.mat"]


def test_the_same_match_from_sgf_and_mat_is_not_a_duplicate_file(club):
    match_import(club=club, data=sample_bytes("7point.sgf"), filename="7point.sgf")
    with pytest.raises(MatchImportError, match="already imported"):
        match_import(club=club, data=sample_bytes("7point.sgf"), filename="again.sgf")


def _check_match(path):
    result = subprocess.run([sys.executable, "manage.py", "check_match", str(path), "--json"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    return result.returncode, json.loads(result.stdout)


def test_check_match_reads_sgf_and_reports_as_for_the_mat():
    if not SAMPLES.exists():
        pytest.skip("shared sample files not present")
    code, report = _check_match(SAMPLES / f"{GNUBG}.sgf")
    _, twin = _check_match(SAMPLES / f"{GNUBG}.mat")
    assert code == 0 and report == twin  # the same keys and values: the public contract


def test_check_match_names_the_node_of_a_broken_sgf(tmp_path):
    path = tmp_path / "x.sgf"
    path.write_bytes(b"(;GM[6]MI[length:7]\n;W[31hefe]\n;B[42")
    code, report = _check_match(path)
    assert code == 2 and report["error"].startswith("node 3")


@pytest.mark.parametrize("source", [f"{GNUBG}.mat", f"{GNUBG}.sgf", "7point.mat"])
def test_exported_sgf_and_mat_replay_to_the_stored_match(client, bob, club, source):
    record = checked_record(club, source)
    client.force_login(bob)
    page = client.get(record.get_absolute_url()).content.decode()
    assert reverse("games:match-export-sgf", args=[record.pk]) in page
    as_sgf = client.get(reverse("games:match-export-sgf", args=[record.pk]))
    as_mat = client.get(reverse("games:match-export", args=[record.pk]))
    assert as_sgf["Content-Disposition"].endswith(f'match-{record.pk}.sgf"')
    original = replay(sgf.parse_record(sample_bytes(source), name=source))
    for parsed in (sgf.parse_sgf(as_sgf.content), matchfile.parse_match_file(as_mat.content)):
        again = replay(parsed, original.rules)
        assert again.final_score == original.final_score
        assert [(g.winner, g.points, g.cube) for g in again.games] == [
            (g.winner, g.points, g.cube) for g in original.games]
        assert [t.position_id for g in again.games for t in g.turns
                if t.action != "resign"] == [t.position_id for g in original.games
                                             for t in g.turns if t.action != "resign"]


def test_api_exports_both_formats(client, bob, club):
    record = checked_record(club, f"{GNUBG}.mat")
    client.force_login(bob)
    detail = client.get(reverse("match-record-detail", args=[record.pk])).json()
    assert detail["export_sgf"].endswith(reverse("match-record-export-sgf", args=[record.pk]))
    assert detail["export_mat"].endswith(reverse("match-record-export-mat", args=[record.pk]))
    response = client.get(reverse("match-record-export-sgf", args=[record.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-go-sgf")
    assert response.content.startswith(b"(;FF[4]GM[6]")
    response = client.get(reverse("match-record-export-mat", args=[record.pk]))
    assert response.status_code == 200 and b" 7 point match" in response.content


def test_api_export_of_another_clubs_record_is_404(client, dave, club):
    record = checked_record(club, f"{GNUBG}.mat")
    client.force_login(dave)
    assert client.get(reverse("match-record-export-sgf", args=[record.pk])).status_code == 404


def test_violation_in_an_sgf_record_names_its_node(client, bob, club):
    # 5nqf…mat's illegal play (game 1: "13: 14/10 13/12") written as SGF: the hops survive.
    text = sgf.write_sgf(matchfile.parse_match_file(sample_bytes("5nqfGw9bWG3deTaU.mat")))
    record = match_import(club=club, data=text.encode(), filename="5nqf.sgf")
    rules_check_run(check_id=record.rules_check.pk)
    violation = record.rules_check.violations.get(rule="wrong_distance")
    node = text.split("\n").index(";W[13nj ml]".replace(" ", "")) + 1
    assert violation.line == node and violation.game_number == 1
    client.force_login(bob)
    html = client.get(record.get_absolute_url()).content.decode()
    assert f"Game 1, node {node}</strong>" in html
