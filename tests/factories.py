"""factory_boy factories with realistic defaults, and the common worlds built from them."""

import datetime

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


class FederationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "federations.Federation"
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Backgammon Federation {n}")
    slug = factory.Sequence(lambda n: f"federation-{n}")
    country = "DK"


class FederationClubFactory(factory.django.DjangoModelFactory):
    """A club's link to a federation: a member since 2026-01-01 unless told otherwise."""

    class Meta:
        model = "federations.FederationClub"

    federation = factory.SubFactory(FederationFactory)
    club = factory.SubFactory(ClubFactory)
    status = "member"
    joined_on = datetime.date(2026, 1, 1)


# --------------------------------------------------------------------------- common worlds
#
# The worlds many test files build: a member (a player with a login and a membership), a
# club's members by the dozen, a checked match record, a started tournament with its
# entrants, a ladder with its players, a federation with its member clubs. Each is built
# through the services a club uses (entries, starts, imports), so a test of a later step
# starts where a real club would be.

#: ``member(..., username=NO_LOGIN)``: a player without a login (a guest, a name only).
NO_LOGIN = None


def member(club, name: str, *, role: str = "player", username: str | None = "",
           staff: bool = False, **player_fields):
    """A player of ``club`` (a membership with ``role``), with a login called ``username``
    (``name`` in lower case unless told; ``NO_LOGIN`` for none; its address
    <username>@example.org). Returns the Player."""
    if "user" not in player_fields and username is not NO_LOGIN:
        player_fields["user"] = UserFactory(username=username or name.lower(), is_staff=staff)
    player = PlayerFactory(name=name, **player_fields)
    MembershipFactory(club=club, player=player, role=role)
    return player


def members(club, count: int, *, start: int = 1, name: str = "Seed {:02d}",
            username: str | None = "s{}") -> list:
    """``count`` members of ``club`` numbered from ``start``: "Seed 01" with the login
    "s1", and so on (``username=NO_LOGIN`` for players without logins)."""
    return [member(club, name.format(number),
                   username=username.format(number) if username else NO_LOGIN)
            for number in range(start, start + count)]


def members_named(club, *names: str, role: str = "player") -> list:
    """Members of ``club`` called ``names``, each with their name in lower case as login."""
    return [member(club, name, role=role) for name in names]


def club_with_members(count: int, **club_fields):
    """A club and ``count`` members (``club.members``, in order: "Seed 01", logins
    "<club's slug>-s1", …, so two such clubs share no login)."""
    club = ClubFactory(**club_fields)
    club.members = members(club, count, username=f"{club.slug}-s{{}}")
    return club


def tournament_of(club, players, *, name: str = "Cup", format: str = "single_elimination",
               starts_on: datetime.date = datetime.date(2026, 11, 28), options=None,
               start: bool = True):
    """A tournament of ``club`` with ``players`` entered in that order (the seeds), started
    unless ``start=False``."""
    from tournaments import services

    event = services.tournament_create(club=club, name=name, format=format,
                                       starts_on=starts_on, options=options)
    for player in players:
        services.entry_add(tournament=event, player=player)
    if start:
        services.tournament_start(tournament=event)
        event.refresh_from_db()
    return event


def ladder_of(club, players, *, name: str = "Ladder", **options):
    """A ladder of ``club`` with ``players`` joined in that order (top first)."""
    from tournaments.services import ladder as ladders

    made = ladders.ladder_create(club=club, name=name, **options)
    for player in players:
        ladders.ladder_join(ladder=made, player=player)
    return made


def checked_record(club, sample: str = "5nqfGw9bWG3deTaU.mat", *, data: bytes | None = None,
                   filename: str | None = None, left=None, right=None, **import_options):
    """A match file imported into ``club`` and its rules check run, as the worker would
    (``sample``: a file of the shared samples; or ``data``). 5nqfGw9bWG3deTaU.mat, the
    default, has an illegal play in game 1 (line 11, "13: 14/10 13/12")."""
    from games.services.match_import import match_import
    from games.services.rules_check import rules_check_run

    if data is None:
        data = sample_bytes(sample)
    record = match_import(club=club, data=data, filename=sample if filename is None else filename,
                          player_left=left, player_right=right, **import_options)
    rules_check_run(check_id=record.rules_check.pk)
    record.refresh_from_db()
    return record


def federation_with_clubs(*clubs, joined_on=datetime.date(2026, 1, 1), left_on=None,
                          **federation_fields):
    """A federation and ``clubs`` as its members since ``joined_on`` (and until
    ``left_on``, when given: then they have left)."""
    federation = FederationFactory(**federation_fields)
    for club in clubs:
        FederationClubFactory(federation=federation, club=club, joined_on=joined_on,
                              left_on=left_on, status="left" if left_on else "member")
    return federation


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
