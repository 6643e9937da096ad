"""Beside the figures on the match page: the PR-like figure, gnubg's Snowie error rate, the
actual and the luck-adjusted results, checked against gnubg's own statistics of the match
(data/gnubg_statistics_5p.txt)."""

from pathlib import Path

import pytest

from analysis.core import stats
from analysis.models import Analysis

DATA = Path(__file__).parent / "data"


def test_the_pr_like_figure_is_500_times_the_error_per_decision():
    assert stats.performance_rating(89.119) == pytest.approx(44.5595)


def test_the_snowie_error_rate_divides_by_the_moves_of_both_players():
    # gnubg: alice's error total 5.25805 EMG, 65 and 64 moves: Snowie error rate 40.760
    assert stats.snowie_error_rate(5.25805, (65, 64)) == pytest.approx(40.760, abs=0.001)


def test_the_luck_adjusted_result_takes_off_the_luck_over_the_opponent():
    # gnubg: alice won (+50%) with luck -34.631% against dave's -78.133%: +6.50%
    assert stats.luck_adjusted_result(0.5, (-0.34631, -0.78133)) == pytest.approx(0.06498)


@pytest.mark.django_db
class TestTheMatchPage:
    @pytest.fixture
    def record(self, club, alice, bob, django_capture_on_commit_callbacks):
        pytest.importorskip("gnubg")
        from games.services.match_import import match_import

        with django_capture_on_commit_callbacks(execute=True):
            record = match_import(club=club, data=(DATA / "selfplay_5p.mat").read_bytes(),
                                  filename="selfplay_5p.mat")
        record.refresh_from_db()
        return record

    def _row(self, page: str, testid: str) -> str:
        start = page.index(f'data-testid="{testid}"')
        return page[start:page.index("</tr>", start)]

    def test_it_shows_gnubgs_luck_adjusted_result(self, client, bob, record):
        client.force_login(bob)
        page = client.get(record.get_absolute_url()).content.decode()
        row = self._row(page, "analysis-luck-adjusted")
        assert "+6.50%" in row and "-6.50%" in row

    def test_it_shows_the_pr_like_figure_and_the_snowie_error_rate(self, client, bob, record):
        client.force_login(bob)
        page = client.get(record.get_absolute_url()).content.decode()
        assert "44.6" in self._row(page, "analysis-pr")  # 89.119 / 2
        assert "40.8" in page and "46.9" in page  # gnubg: 40.760 and 46.876

    def test_an_analysis_stored_without_the_raw_luck_shows_no_adjusted_result(
            self, client, bob, record):
        analysis = Analysis.objects.get(record=record)
        analysis.decisions = [{k: v for k, v in row.items() if k != "luck_raw"}
                              for row in analysis.decisions]
        analysis.save(update_fields=["decisions"])
        client.force_login(bob)
        page = client.get(record.get_absolute_url()).content.decode()
        assert "%" not in self._row(page, "analysis-luck-adjusted")
