import pytest


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``committed(service, **kwargs)``: the call as its request makes it, committed, then
    what waits for the commit (the notices' tasks: eager in tests)."""
    def run(call, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(**kwargs)
    return run


from tests.accounts.conftest import smtp_port, smtp_server, smtp_settings  # noqa: E402, F401
