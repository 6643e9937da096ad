"""A match whose rules check passes in the worker is analysed there too: the analysis task
travels through the real broker on its own queue to a worker process running gnubg."""

import pytest

from analysis.models import Analysis
from games.services.match_import import match_import
from tests.factories import sample_bytes

from .conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
pytest.importorskip("gnubg")


def test_worker_analyses_a_match_after_its_rules_check(celery_worker_process, club):
    name = "charlot1-charlot2_7p_2025-11-08-2305.mat"
    record = match_import(club=club, data=sample_bytes(name), filename=name)

    def done():
        row = Analysis.objects.filter(record_id=record.pk).first()
        return row if row and row.status in ("done", "failed") else None

    analysis = wait_for(done, timeout=180)
    assert analysis.status == "done", analysis.error
    assert analysis.players.count() == 2 and analysis.decisions
