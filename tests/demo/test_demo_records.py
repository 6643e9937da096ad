"""The demo's match records: uploaded once, checked by the worker after the commit, and then
queued for analysis on the ``analysis`` queue (bin/serve starts a worker for it)."""

import pytest
from django.core.management import call_command

from analysis import services as analysis_services
from analysis.models import Analysis
from games.models import MatchRecord, RulesCheck

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch, settings):
    """The analyses sent to the broker (the analysis itself is tested in tests/analysis)."""
    settings.ANALYSIS_AFTER_CHECK = True
    ids: list[int] = []
    monkeypatch.setattr(analysis_services, "analysis_enqueue",
                        lambda analysis_id: ids.append(analysis_id))
    return ids


def test_the_demo_records_pass_their_check_and_are_queued_for_analysis(
        sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data", verbosity=0)
    records = MatchRecord.objects.filter(club__slug="riverside")
    assert records.count() == 3
    assert set(records.values_list("rules_check__status", flat=True)) == {
        RulesCheck.Status.PASSED}
    analyses = Analysis.objects.filter(record__in=records)
    assert analyses.count() == 3 and set(analyses.values_list("status", flat=True)) == {
        Analysis.Status.QUEUED}
    assert sorted(sent) == sorted(analyses.values_list("pk", flat=True))


def test_each_demo_record_is_named_after_the_two_who_played_it(sent):
    """Not "alice contro dave" three times: the files' names are the players'."""
    call_command("demo_data", verbosity=0)
    for record in MatchRecord.objects.filter(club__slug="riverside").select_related(
            "player_left", "player_right"):
        assert (record.name_left, record.name_right) == (
            record.player_left.name, record.player_right.name)


def test_a_second_run_uploads_nothing_again(sent):
    call_command("demo_data", verbosity=0)
    call_command("demo_data", verbosity=0)
    assert MatchRecord.objects.filter(club__slug="riverside").count() == 3


def test_the_demo_shows_its_error_rate_leaderboard_and_keeps_later_choices(sent):
    from analysis.models import AnalysisSetting, PlayerChoice

    call_command("demo_data", verbosity=0)
    assert AnalysisSetting.objects.get(club__slug="riverside").leaderboard
    chosen = PlayerChoice.objects.filter(on_leaderboard=True)
    assert sorted(chosen.values_list("player__name", flat=True)) == [
        "Alice Archer", "Bob Brown", "Dave Dubois", "Erin Eriksen"]
    AnalysisSetting.objects.update(leaderboard=False)  # the admins turned it off since
    PlayerChoice.objects.filter(player__name="Bob Brown").update(on_leaderboard=False)
    call_command("demo_data", verbosity=0)
    assert not AnalysisSetting.objects.get(club__slug="riverside").leaderboard
    assert not PlayerChoice.objects.get(player__name="Bob Brown").on_leaderboard


def test_the_analysis_worker_consumes_the_analysis_queue(settings):
    serve = (settings.BASE_DIR / "bin" / "serve").read_text()
    assert '-Q "${CELERY_ANALYSIS_QUEUE:-analysis}"' in serve
    assert settings.CELERY_TASK_ROUTES["analysis.tasks.*"]["queue"] == "analysis"
