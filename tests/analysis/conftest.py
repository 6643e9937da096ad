from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _analysis_on(_no_analysis, settings):
    """The analysis tests hear the rules checks again (the root conftest turns it off)."""
    settings.ANALYSIS_AFTER_CHECK = True


@pytest.fixture
def record(club, alice, bob, django_capture_on_commit_callbacks):
    """A 5-point gnubg self-play match (alice against dave, with errors), checked and
    analysed at 0 ply as the workers would."""
    from games.services.match_import import match_import

    with django_capture_on_commit_callbacks(execute=True):
        record = match_import(club=club, data=(DATA / "selfplay_5p.mat").read_bytes(),
                              filename="selfplay_5p.mat")
    record.refresh_from_db()
    return record
