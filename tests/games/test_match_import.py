"""Importing match files: records, games and turns; bad input is refused whole."""

import pytest
from django.test import override_settings

from games.models import MatchGame, MatchRecord, MatchTurn, RulesCheck
from games.services.match_import import MatchImportError, RuleOptions, match_import
from tests.factories import sample_bytes

pytestmark = pytest.mark.django_db


def _import(club, name, **kwargs):
    return match_import(club=club, data=sample_bytes(name), filename=name, **kwargs)


def test_import_stores_games_turns_and_the_verbatim_text(club):
    record = _import(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")
    assert record.match_length == 7
    assert (record.name_left, record.name_right) == ("charlot1", "charlot2")
    assert record.games.count() == 4
    assert record.source_text == sample_bytes(
        "charlot1-charlot2_7p_2025-11-08-2305.mat").decode("utf-8")
    first = MatchTurn.objects.filter(game__record=record).order_by("game__number", "index")[0]
    assert first.kind == "roll" and first.die1 and first.text


def test_players_are_matched_to_members_by_name(club, bob):
    from clubs.models import Membership

    bob_member = Membership.objects.get(player__user=bob)
    bob_member.player.name = "charlot1"
    bob_member.player.save()
    record = _import(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")
    assert record.player_left == bob_member.player
    assert record.player_right.name == "charlot2"  # created as a new member


def test_import_queues_a_check_after_commit(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        record = _import(club, "gnubg_roll_then_resign_1p.mat")
    assert record.rules_check.status == RulesCheck.Status.QUEUED
    # One sends the check; the others leave the club's cached pages (the file's players
    # joined the club as new members).
    assert sum("match_import" in c.__qualname__ for c in callbacks) == 1


def test_the_same_file_twice_is_refused(club):
    _import(club, "gnubg_roll_then_resign_1p.mat")
    with pytest.raises(MatchImportError, match="already imported"):
        _import(club, "gnubg_roll_then_resign_1p.mat")
    assert MatchRecord.objects.count() == 1


@pytest.mark.parametrize("data, message", [
    (b"", "empty"),
    (b"hello world\nthis is not a match\n", "line"),
    (b"\x00\x01\x02binary\xff\xfe", "line"),
    (b"(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.08.003])", "node 1"),
])
def test_bad_files_are_refused_with_a_reason_and_nothing_saved(club, data, message):
    with pytest.raises(MatchImportError, match=message):
        match_import(club=club, data=data, filename="bad.mat")
    assert not MatchRecord.objects.exists() and not MatchGame.objects.exists()


@override_settings(MATCH_UPLOAD_MAX_BYTES=100)
def test_files_over_the_size_limit_are_refused(club):
    with pytest.raises(MatchImportError, match="limit"):
        _import(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")


def test_header_tags_decide_the_rules_over_options(club):
    record = _import(club, "match1.txt", options=RuleOptions(crawford=False))
    assert record.crawford is True  # the file says [Crawford "On"]


def test_truncated_file_keeps_nothing_half_saved(club):
    data = sample_bytes("charlot1-charlot2_7p_2025-11-08-2305.mat")
    cut = data[: len(data) // 2]
    record = match_import(club=club, data=cut, filename="cut.mat")
    assert record.games.count() >= 1  # saved whole; the check reports where it stops
