"""The notifications tests' fixtures: a change committed with its on-commit work, the SMTP
server, and their shared match (a two-player knockout's final, Bob against Ann)."""

import datetime

import pytest

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import TournamentMatch


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``committed(service, **kwargs)``: the call as its request makes it, committed, then
    what waits for the commit (the notices' tasks: eager in tests)."""
    def run(call, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(**kwargs)
    return run


@pytest.fixture
def final(club, bob):
    """Bob against Ann in a started two-player knockout."""
    cup = services.tournament_create(club=club, name="Notify Cup",
                                     starts_on=datetime.date(2026, 11, 28))
    ann = PlayerFactory(name="Ann", user=UserFactory(username="ann", email="ann@example.org"))
    MembershipFactory(club=club, player=ann)
    services.entry_add(tournament=cup, player=bob.player)
    services.entry_add(tournament=cup, player=ann)
    services.tournament_start(tournament=cup)
    return TournamentMatch.objects.get(tournament=cup, key="M1-1")


from tests.accounts.conftest import smtp_port, smtp_server, smtp_settings  # noqa: E402, F401
