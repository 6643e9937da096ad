import pytest

from federations import services
from federations.models import FederationRole
from tests.factories import PlayerFactory, UserFactory


@pytest.fixture
def root(db):
    return UserFactory(username="root", is_superuser=True, is_staff=True)


@pytest.fixture
def federation(db):
    return services.federation_create(name="Danish Backgammon Federation", slug="dbgf",
                                      country="DK", formula="danish")


@pytest.fixture
def erik(federation):
    """The federation's admin (a member of no club)."""
    user = UserFactory(username="erik")
    player = PlayerFactory(name="Erik", user=user)
    FederationRole.objects.create(federation=federation, player=player, role="admin")
    return user


@pytest.fixture
def member(federation, club, alice, erik):
    """Riverside, a member of the federation."""
    services.federation_club_apply(federation=federation, club=club, actor=alice)
    return services.federation_club_accept(federation=federation, club=club, actor=erik)
