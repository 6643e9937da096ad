"""factory_boy factories with realistic defaults."""


import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):
        if create:
            instance.save(update_fields=["password"])


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Backgammon Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    city = "Riverside"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Faker("name")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.PLAYER


#: Real match files written by other programs (kept beside the repository, not in it:
#: see shared/data/matches/SOURCES.md for their sources and licences).
from tests.samples import SAMPLES  # noqa: E402


def sample_bytes(name: str) -> bytes:
    """A real match file; the test is skipped when the shared samples are not there."""
    import pytest

    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"sample match files not found at {SAMPLES}")
    return path.read_bytes()
