"""Beside the figures on the match page: the PR-like figure (ours), and gnubg's own Snowie
error rate, actual and luck-adjusted results (as its statistics of the match print them,
data/gnubg_statistics_5p.txt)."""

from pathlib import Path

import pytest

from analysis.core import stats
from analysis.models import PlayerAnalysis

DATA = Path(__file__).parent / "data"


def test_the_pr_like_figure_is_500_times_the_error_per_decision():
    assert stats.performance_rating(89.119) == pytest.approx(44.5595)


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

    def test_an_analysis_stored_before_gnubgs_results_were_kept_shows_none(
            self, client, bob, record):
        PlayerAnalysis.objects.filter(analysis__record=record).update(
            snowie_error_rate=None, actual_result=None, luck_adjusted_result=None)
        client.force_login(bob)
        page = client.get(record.get_absolute_url()).content.decode()
        assert "%" not in self._row(page, "analysis-luck-adjusted")
        assert "40.8" not in page

    def test_it_says_at_which_thresholds_gnubg_marked(self, client, bob, record):
        client.force_login(bob)
        page = client.get(record.get_absolute_url()).content.decode()
        assert "above 0.03, 0.06 and 0.12 EMG" in page
