"""Who may see a live match and for which side one may act (the club's gates decide the
roles; this reads the match's own players).

- reading: the club's members, or anyone when the club shows its results to everyone; a
  team league's board: whoever may read its card (the card's own gate), since its two
  players come from two clubs;
- acting: each player for their own side; for a tournament match, the club's admins for
  either side (the director at the table); on a match started for one device (a tablet
  passed across the table), the player who started it for both sides; nobody else (a team
  board's captains and league admins start it, its two players play it).
"""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from clubs.permissions import is_club_admin, is_member
from live.models import LiveMatch
from teamleagues.permissions import fixture_for_reader


def live_match_for_viewer(*, user, match: LiveMatch) -> LiveMatch:
    if match.team_fixture_id is not None:
        fixture_for_reader(user=user, pk=match.team_fixture_id)
        return match
    live_club_for_viewer(user=user, club=match.club)
    return match


def live_club_for_viewer(*, user, club):
    """The club whose live matches ``user`` may follow (its members; everyone when the club
    shows its results to everyone)."""
    if not (club.results_public or is_member(user=user, club=club)):
        raise PermissionDenied(gettext("Only members of this club can follow its live matches."))
    return club


def live_sides_for(*, user, match: LiveMatch) -> frozenset[int]:
    """The sides ``user`` may act for (0 = player A, 1 = player B); raises if none. ``user``
    None is the computer: player B of a practice match, nothing else."""
    if user is None:
        if match.is_practice:
            return frozenset({1})
        raise PermissionDenied(gettext("The computer plays only practice matches."))
    sides = set()
    if user.is_authenticated:
        for side, player in enumerate((match.player_a, match.player_b)):
            if player is not None and player.user_id == user.pk:
                sides.add(side)
        if sides and match.one_device and match.created_by_id == user.pk:
            sides |= {0, 1}
        if match.tournament_match_id and is_club_admin(user=user, club=match.club):
            sides |= {0, 1}
    if not sides:
        raise PermissionDenied(
            gettext("Only the two players act in this match (and the club's admins).")
            if match.tournament_match_id else gettext("Only the two players act in this match."))
    return frozenset(sides)
