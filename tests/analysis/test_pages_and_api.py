"""The analysis on the match page (figures, errors, progress, the admins' "analyse again")
and in the API (a match record's analysis, a player's series)."""


import pytest
from django.urls import reverse

from analysis import services
from analysis.models import Analysis

pytestmark = pytest.mark.django_db
pytest.importorskip("gnubg")



def test_the_match_page_shows_both_players_figures_and_the_errors(client, bob, record):
    client.force_login(bob)
    page = client.get(record.get_absolute_url()).content.decode()
    assert 'data-testid="analysis-figures"' in page
    assert "Error rate (mEMG per decision)" in page
    assert "90.4" in page  # alice's chequer-play error rate, as gnubg prints it
    assert 'data-testid="analysis-errors"' in page and "Very bad" in page
    assert "?game=1&amp;line=" in page  # each error links to its turn in the replay
    assert "Analyse again" not in page  # players do not restart analyses


def test_the_bad_only_filter_hides_doubtful_decisions(client, bob, record):
    client.force_login(bob)
    errors = client.get(record.get_absolute_url() + "?errors=bad").content.decode()
    table = errors[errors.index('data-testid="analysis-errors"'):]
    assert "Very bad" in table and "Doubtful" not in table


def test_a_running_analysis_shows_its_progress(client, bob, record):
    Analysis.objects.filter(record=record).update(status=Analysis.Status.RUNNING, progress=40)
    client.force_login(bob)
    page = client.get(reverse("analysis:panel", args=[record.pk])).content.decode()
    assert "Analysing… 40%" in page and 'data-running="1"' in page


def test_a_failed_analysis_says_why(client, bob, record):
    Analysis.objects.filter(record=record).update(status=Analysis.Status.FAILED,
                                                  error="gnubg could not read it")
    client.force_login(bob)
    assert "gnubg could not read it" in client.get(record.get_absolute_url()).content.decode()


def test_a_club_admin_has_the_match_analysed_again_at_two_ply(client, alice, record,
                                                               monkeypatch):
    monkeypatch.setattr(services, "analysis_enqueue", lambda analysis_id: None)
    client.force_login(alice)
    assert "Analyse again" in client.get(record.get_absolute_url()).content.decode()
    response = client.post(reverse("analysis:restart", args=[record.pk]), {"plies": "2"})
    assert response.status_code == 302
    analysis = Analysis.objects.get(record=record)
    assert (analysis.status, analysis.plies) == (Analysis.Status.QUEUED, 2)


def test_an_unknown_level_is_a_400_and_changes_nothing(client, alice, record):
    client.force_login(alice)
    response = client.post(reverse("analysis:restart", args=[record.pk]), {"plies": "9"})
    assert response.status_code == 400
    assert Analysis.objects.get(record=record).status == Analysis.Status.DONE


def test_a_player_cannot_have_a_match_analysed_again(client, bob, record):
    client.force_login(bob)
    response = client.post(reverse("analysis:restart", args=[record.pk]), {"plies": "2"})
    assert response.status_code == 403
    assert Analysis.objects.get(record=record).plies == 0


def test_the_api_gives_the_analysis_of_a_match_record(client, bob, record):
    client.force_login(bob)
    body = client.get(reverse("match-analysis-api", args=[record.pk])).json()
    assert body["status"] == "done" and body["plies"] == 0
    assert [p["name"] for p in body["players"]] == ["alice", "dave"]
    assert body["players"][0]["very_bad"] == 12  # at gnubg's own thresholds:
    assert body["thresholds"] == {"doubtful": 0.03, "bad": 0.06, "very_bad": 0.12}
    assert any(d["mark"] == "very_bad" for d in body["decisions"])
    alice, dave = body["summary"]  # gnubg: luck-adjusted +6.50% / -6.50%, Snowie 40.760
    assert (alice["side"], alice["actual"]) == (0, 0.5)
    assert alice["luck_adjusted"] == pytest.approx(0.065, abs=5e-5)
    assert dave["luck_adjusted"] == pytest.approx(-0.065, abs=5e-5)
    assert alice["snowie"] == 40.7601
    assert alice["pr"] == pytest.approx(body["players"][0]["error_rate"] / 2)


def test_a_record_not_analysed_is_a_404(client, bob, record):
    Analysis.objects.filter(record=record).delete()
    client.force_login(bob)
    assert client.get(reverse("match-analysis-api", args=[record.pk])).status_code == 404


def test_a_players_series_lists_the_matches_the_viewer_may_see(client, bob, record):
    player = record.player_left
    url = reverse("player-analysis-api", args=[player.pk])
    client.force_login(bob)
    series = client.get(url).json()
    assert [m["record"] for m in series["matches"]] == [record.pk]
    assert series["matches"][0]["error_rate"] == pytest.approx(89.119, abs=0.01)
    client.logout()  # the club's results are not public
    assert client.get(url).json()["matches"] == []


def test_the_section_costs_the_same_queries_however_many_errors(client, bob, record,
                                                                 django_assert_num_queries):
    """Not one query per decision or per error row (the players' names are read once)."""
    client.force_login(bob)
    url = reverse("analysis:panel", args=[record.pk])
    client.get(url)
    # session, user, the record (with its club, players and check), the gates' membership
    # roles, the analysis, its players' figures with their names (one prefetch)
    with django_assert_num_queries(PANEL_QUERIES):
        client.get(url)


PANEL_QUERIES = 6


def test_the_kept_match_page_follows_the_analysis_as_it_moves(client, bob, record):
    # The match page is kept per version of the record and of its sections (games.panels):
    # the analysis section gives its own, so a restart or a progress step shows at once.
    client.force_login(bob)
    page = client.get(record.get_absolute_url()).content.decode()
    assert 'data-testid="analysis-figures"' in page
    Analysis.objects.filter(record=record).update(status=Analysis.Status.RUNNING, progress=40)
    assert "Analysing… 40%" in client.get(record.get_absolute_url()).content.decode()
    Analysis.objects.filter(record=record).update(progress=70)
    assert "Analysing… 70%" in client.get(record.get_absolute_url()).content.decode()
