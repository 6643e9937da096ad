import pytest


@pytest.fixture(autouse=True)
def _analysis_on(_no_analysis, settings):
    """The analysis tests hear the rules checks again (the root conftest turns it off)."""
    settings.ANALYSIS_AFTER_CHECK = True
