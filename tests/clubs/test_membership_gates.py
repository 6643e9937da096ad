"""One answer to "is this an active member?": the QuerySet vocabulary
(``Membership.objects.active()``, ``Player.objects.members_of(club)``), the user gates and
the player gate (``clubs.permissions.club_players``), and every write that names a player.

Each gate is tried with a member whose membership ended (``membership_end``): the writes
that start something refuse them, the history (finished matches, player pages) keeps them.
"""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from chouette.forms import SessionStartForm
from chouette.services import ChouetteServiceError, chouette_session_start
from clubs import permissions, selectors
from clubs.models import Membership, Player
from clubs.services import MembershipError, membership_end, membership_set_role, player_join
from games.forms_match import MatchUploadForm
from games.models import MatchRecord
from games.services.match_import import MatchImportError, match_import
from ratings.forms import WhatIfForm
from results.models import FinishedMatch
from results.services import FinishedMatchError, finished_match_record
from tests.factories import MembershipFactory, PlayerFactory, sample_bytes
from tournaments import services as tournaments
from tournaments.services import TournamentError, rounds
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 11, 28)


def _member(club, name, role="player"):
    return MembershipFactory(club=club, player=PlayerFactory(name=name), role=role).player


def _end(club, player):
    membership_end(membership=Membership.objects.get(club=club, player=player))


@pytest.fixture
def four(club):
    return [_member(club, name) for name in ("Ann", "Ben", "Cat", "Dan")]


@pytest.fixture
def gone(club):
    """Eve, whose membership of the club has ended."""
    eve = _member(club, "Eve")
    _end(club, eve)
    return eve


# --------------------------------------------------------------------------- the vocabulary


def test_active_leaves_out_ended_memberships(club, four, gone):
    active = set(Membership.objects.active().of_club(club).values_list("player_id", flat=True))
    assert active == {p.pk for p in four}
    assert list(Membership.objects.ended().values_list("player_id", flat=True)) == [gone.pk]


def test_members_of_is_the_current_members_and_past_too_adds_the_ended(club, four, gone):
    assert set(Player.objects.members_of(club)) == set(four)
    assert set(Player.objects.members_of(club, past_too=True)) == {*four, gone}


def test_admins_and_writers_name_the_roles(club, alice, bob, carol):
    mine = Membership.objects.of_club(club)
    assert {m.player.user for m in mine.admins()} == {alice}
    assert {m.player.user for m in mine.writers()} == {alice, carol}


def test_the_club_list_counts_current_members_only(club, four, gone):
    assert selectors.club_list().get(pk=club.pk).member_count == 4


def test_the_member_lists_leave_out_the_ended(club, four, gone):
    assert gone not in {m.player for m in selectors.club_members(club=club)}


# --------------------------------------------------------------------------- user gates


def test_an_ended_member_passes_no_club_gate(club, bob):
    assert permissions.club_for_member(user=bob, slug="riverside") == club
    _end(club, bob.player)
    bob = type(bob).objects.get(pk=bob.pk)  # the next request: roles read again
    with pytest.raises(PermissionDenied):
        permissions.club_for_member(user=bob, slug="riverside")


def test_an_ended_admin_loses_the_admin_and_referee_gates(club, alice, carol):
    _end(club, carol.player)
    membership_set_role(membership=Membership.objects.get(club=club, player=carol.player),
                        role="admin")  # an ended membership with the admin role
    for gate in (permissions.club_for_admin, permissions.club_for_referee):
        with pytest.raises(PermissionDenied):
            gate(user=carol, slug="riverside")


def test_the_club_scopes_leave_out_ended_memberships(club, alice, carol):
    assert list(permissions.clubs_administered(user=alice)) == [club]
    assert list(permissions.clubs_refereed(user=carol)) == [club]
    _end(club, carol.player)
    assert list(permissions.clubs_member_of(user=carol)) == []
    assert list(permissions.clubs_refereed(user=carol)) == []


def test_an_ended_admin_does_not_count_as_the_clubs_other_admin(club, alice, carol):
    membership_set_role(membership=Membership.objects.get(club=club, player=carol.player),
                        role="admin")
    _end(club, carol.player)  # Carol was an admin; Alice is now the only one
    with pytest.raises(MembershipError, match="at least one admin"):
        membership_end(membership=Membership.objects.get(club=club, player=alice.player))


def test_a_new_player_may_take_the_name_of_an_ended_member_not_of_a_current_one(
        club, four, gone):
    with pytest.raises(MembershipError):
        player_join(club=club, name="ann")
    assert player_join(club=club, name="eve").player != gone


# --------------------------------------------------------------------------- the player gate


def test_the_player_gate_returns_current_members_in_order(club, four):
    assert permissions.club_players(club=club, players=[four[2].pk, four[0]]) == [
        four[2], four[0]]


def test_the_player_gate_refuses_an_ended_member_with_the_callers_error(club, four, gone):
    with pytest.raises(TournamentError, match="not an active member"):
        permissions.club_players(club=club, players=[four[0], gone], error=TournamentError)
    assert permissions.club_players(club=club, players=[gone], past_too=True) == [gone]


def test_the_player_gate_does_not_name_another_clubs_player_given_by_id(club, other_club):
    stranger = _member(other_club, "Hilda Hilltopper")
    with pytest.raises(permissions.NotAMember) as refused:
        permissions.club_players(club=club.pk, players=[stranger.pk])
    assert "Hilda" not in str(refused.value)
    assert f"Player #{stranger.pk}" in str(refused.value)


# --------------------------------------------------------------------------- uploads


def _upload(club, name="gnubg_roll_then_resign_1p.mat", **players):
    return match_import(club=club, data=sample_bytes(name), filename=name, **players)


def test_the_upload_service_refuses_an_ended_member(club, four, gone):
    with pytest.raises(MatchImportError, match="not an active member"):
        _upload(club, player_left=gone, player_right=four[0])
    assert not MatchRecord.objects.exists()


def test_the_upload_service_refuses_an_ended_member_matched_by_name(club, gone):
    gone.name = "charlot1"  # the file's first player, whose membership ended
    gone.save()
    with pytest.raises(MatchImportError, match="charlot1 is not an active member"):
        _upload(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")
    assert not MatchRecord.objects.exists()


def test_the_upload_service_picks_the_current_member_over_an_ended_namesake(club, gone):
    gone.name = "charlot1"
    gone.save()
    current = player_join(club=club, name="charlot1").player  # free: Eve has left
    record = _upload(club, "charlot1-charlot2_7p_2025-11-08-2305.mat")
    assert record.player_left == current


def test_the_upload_api_refuses_an_ended_member(client, club, bob, four, gone):
    client.force_login(bob)
    name = "gnubg_roll_then_resign_1p.mat"
    response = client.post(reverse("match-upload-api", args=["riverside"]), {
        "file": SimpleUploadedFile(name, sample_bytes(name)), "player_left": gone.pk,
        "player_right": four[0].pk})
    assert response.status_code == 400
    assert "not an active member" in str(response.json()["errors"]["player"])
    assert not MatchRecord.objects.exists()


def test_the_upload_form_offers_no_ended_member(club, four, gone):
    form = MatchUploadForm(club=club)
    assert gone not in form.fields["player_left"].queryset
    assert four[0] in form.fields["player_left"].queryset


# --------------------------------------------------------------------------- chouette


def test_a_chouette_evening_refuses_an_ended_member(club, four, gone):
    with pytest.raises(ChouetteServiceError, match="not an active member"):
        chouette_session_start(club=club, date=DAY, stake=Decimal(1), players=[*four, gone])


def test_the_chouette_and_what_if_forms_offer_no_ended_member(club, four, gone):
    assert gone not in SessionStartForm(club=club).fields["players"].queryset
    assert four[0] in SessionStartForm(club=club).fields["players"].queryset
    assert gone not in WhatIfForm(club=club).fields["player_a"].queryset


# --------------------------------------------------------------------------- tournaments


def _tournament(club, fmt="single_elimination"):
    return tournaments.tournament_create(club=club, name="Open", starts_on=DAY, format=fmt,
                                         options={"lengths": {"main": 5}})


def test_a_tournament_entry_refuses_an_ended_member(club, four, gone):
    tournament = _tournament(club)
    with pytest.raises(TournamentError, match="not an active member"):
        tournaments.entry_add(tournament=tournament, player=gone.pk)
    assert tournaments.entry_add(tournament=tournament, player=four[0].pk)


def test_a_late_swiss_entry_refuses_an_ended_member(club, four, gone):
    tournament = _tournament(club, "swiss")
    for player in four:
        tournaments.entry_add(tournament=tournament, player=player)
    tournaments.tournament_start(tournament=tournament)
    with pytest.raises(TournamentError, match="not an active member"):
        rounds.entry_add_late(tournament=tournament, player=gone)


def test_a_ladder_refuses_an_ended_member(club, four, gone):
    ladder = ladders.ladder_create(club=club, name="Ladder")
    with pytest.raises(TournamentError, match="not an active member"):
        ladders.ladder_join(ladder=ladder, player=gone)
    assert ladders.ladder_join(ladder=ladder, player=four[0])


def test_a_league_division_refuses_an_ended_member(club, four, gone):
    with pytest.raises(TournamentError, match="not an active member"):
        leagues.season_create(club=club, name="2027", starts_on=DAY,
                              ends_on=DAY + datetime.timedelta(days=90),
                              divisions=[[four[0].pk, four[1].pk], [four[2].pk, gone.pk]])


# --------------------------------------------------------------------------- history


def _finished(club, a, b):
    return finished_match_record(club=club, source=FinishedMatch.Source.TOURNAMENT,
                                 source_id=1, player_a=a, player_b=b, length=5, winner=a,
                                 finished_at=datetime.datetime(2026, 11, 28, tzinfo=datetime.UTC))


def test_a_finished_match_keeps_a_player_whose_membership_ended(club, four, gone):
    """A ruling or a correction after a player left still lands on their match."""
    assert _finished(club, gone, four[0]).player_a == gone


def test_a_finished_match_refuses_a_player_who_never_was_a_member(club, other_club, four):
    stranger = _member(other_club, "Hilda")
    with pytest.raises(FinishedMatchError, match="not a member"):
        _finished(club, stranger, four[0])


@pytest.mark.parametrize("page", ["clubs:player", "chouette:record"])
def test_a_past_members_pages_stay_readable_and_a_strangers_are_404(
        client, club, other_club, bob, gone, page):
    client.force_login(bob)
    assert client.get(reverse(page, args=["riverside", gone.pk])).status_code == 200
    stranger = _member(other_club, "Hilda")
    assert client.get(reverse(page, args=["riverside", stranger.pk])).status_code == 404


def test_the_api_player_filter_lists_current_members_only(client, club, bob, four, gone):
    client.force_login(bob)
    body = client.get(reverse("player-list"), {"club": "riverside"}).json()
    rows = body["results"] if isinstance(body, dict) else body
    names = {row["name"] for row in rows}
    assert "Eve" not in names and "Ann" in names


def test_an_id_no_database_holds_is_not_a_member_rather_than_an_overflow(club):
    """A player id past 64 bits (an API body can carry any integer) is refused as nobody,
    not sent to the database, where it overflowed (a 500)."""
    with pytest.raises(permissions.NotAMember, match="Player #171563082648441159680"):
        permissions.club_players(club=club, players=[171563082648441159680])
