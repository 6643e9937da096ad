"""Who may print what: the same gates as the pages that show it (``clubs.permissions``),
asked again for every print and every pack read.

- a tournament's bracket, pairings and standings: anyone, like its pages;
- its scoresheets and table cards (the director's paper for the night): the club's
  referees and admins;
- a chouette sheet: the club's members, like the scoreboard;
- the rating list and a season's standings: the results gate (members, or everyone when
  the club's results are public);
- a team league's match card: whoever may read the card (``teamleagues.permissions``),
  with only the line-ups that reader may see."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from chouette.models import ChouetteSession
from clubs.models import Club
from clubs.permissions import club_for_member, club_for_referee, club_for_results, club_for_viewer
from teamleagues import permissions as teamleagues
from teamleagues.models import Fixture as TeamFixture
from teamleagues.selectors import lineup_sides_shown
from tournaments.models import Tournament

#: A tournament's prints for its referees and admins only.
DIRECTOR_PRINTS = ("scoresheets", "tablecards")


def tournament_for_print(*, user, what: str, pk: int, slug: str | None = None) -> Tournament:
    """The tournament (of the club ``slug`` when given), if ``user`` may print ``what``."""
    tournament = Tournament.objects.select_related("club").filter(pk=pk).first()
    if tournament is None or (slug is not None and tournament.club.slug != slug):
        raise Http404(gettext("No such tournament."))
    gate = club_for_referee if what in DIRECTOR_PRINTS else club_for_viewer
    tournament.club = gate(user=user, club_id=tournament.club_id)
    return tournament


def chouette_session_for_print(*, user, pk: int, slug: str | None = None) -> ChouetteSession:
    session = ChouetteSession.objects.select_related("club").filter(pk=pk).first()
    if session is None or (slug is not None and session.club.slug != slug):
        raise Http404(gettext("No such chouette session."))
    session.club = club_for_member(user=user, club_id=session.club_id)
    return session


def club_for_ratings_print(*, user, slug: str) -> Club:
    return club_for_results(user=user, slug=slug)


def team_fixture_for_print(*, user, pk: int) -> tuple[TeamFixture, tuple[str, ...]]:
    """The fixture, if ``user`` may read its card, and the sides whose line-up they see."""
    fixture = teamleagues.fixture_for_reader(user=user, pk=pk)
    return fixture, lineup_sides_shown(fixture=fixture, user=user)


def pack_for_reader(*, user, pack):
    """The pack, if ``user`` may read what it prints (the gate of the thing, asked again)."""
    params = pack.params
    if pack.what == "teamcard":
        _fixture, shown = team_fixture_for_print(user=user, pk=params["fixture"])
        if not set(params.get("shown", ())) <= set(shown):
            raise PermissionDenied(gettext("That print shows a line-up still hidden from "
                                           "you."))
    elif pack.what == "chouette":
        chouette_session_for_print(user=user, pk=params["session"])
    elif pack.what in ("ratings", "season"):
        club_for_results(user=user, club_id=params["club"])
    else:
        tournament_for_print(user=user, what=pack.what, pk=params["tournament"])
    return pack
