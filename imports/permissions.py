"""Who may import a club's history and export it: the club's admins, and the rating
officers of a federation the club is a member of (issue 36). Anyone else meets a 403 for
the club, and a 404 for an import (its existence is not theirs to learn)."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from clubs.models import Club
from clubs.permissions import User, club_for_viewer, is_club_admin
from federations.models import FederationClub, FederationRole

from .models import Import


def is_rating_officer(*, user: User, club: Club) -> bool:
    """A rating officer of a federation the club is a (current) member of."""
    if not user.is_authenticated:
        return False
    federations = FederationClub.objects.members().filter(club=club).values("federation_id")
    return FederationRole.objects.filter(
        role=FederationRole.Role.RATING_OFFICER, player__user=user,
        federation_id__in=federations).exists()


def club_for_importer(*, user: User, slug: str | None = None, club_id: int | None = None
                      ) -> Club:
    """The club, if ``user`` may import (and export) its history."""
    club = club_for_viewer(user=user, slug=slug, club_id=club_id)
    if is_club_admin(user=user, club=club) or is_rating_officer(user=user, club=club):
        return club
    raise PermissionDenied(gettext("Only this club's admins and its federation's rating "
                                   "officers can import or export its history."))


def import_for_importer(*, user: User, import_id: int) -> Import:
    """The import, if ``user`` may import into its club (else 404: whose it is is not
    theirs to learn)."""
    batch = Import.objects.select_related("club").filter(pk=import_id).first()
    if batch is None:
        raise Http404(gettext("No such import."))
    try:
        club_for_importer(user=user, club_id=batch.club_id)
    except PermissionDenied as exc:
        raise Http404(gettext("No such import.")) from exc
    return batch
