"""Every chouette test starts and ends in the default language: a page request activates
the visitor's language for its thread, and a service called outside a request afterwards
would otherwise answer in it (the refusals are translated when raised)."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language():
    translation.deactivate()
    yield
    translation.deactivate()
