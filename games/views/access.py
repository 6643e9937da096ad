"""The match record a request may see: the one lookup the match and replay pages share.

Its own module so that ``match`` (which shows the replay) and ``replay`` (its frames) both
build on it without importing each other.
"""

from django.http import Http404
from django.utils.translation import gettext

from clubs.permissions import match_record_for_viewer
from games.models import MatchRecord
from games.selectors import match as selectors


def viewable_record(request, pk: int) -> MatchRecord:
    """The record ``pk`` if this visitor may see it (404 when there is none, else the gate)."""
    try:
        record = selectors.match_get(pk=pk)
    except MatchRecord.DoesNotExist:
        raise Http404(gettext("No such match record.")) from None
    return match_record_for_viewer(user=request.user, record=record)
