"""Reads for match records: who sees which records, and the pages' data in few queries."""

from django.db.models import Count, Q, QuerySet

from clubs.models import Club
from clubs.permissions import is_referee
from games.models import MatchRecord, MatchTurn, Violation


def _with_summary(records: QuerySet) -> QuerySet:
    return records.select_related(
        "club", "rules_check", "player_left__player", "player_right__player"
    ).annotate(
        error_count=Count("rules_check__violations",
                          filter=Q(rules_check__violations__severity="error")),
    )


def match_list_for(*, user, club: Club) -> QuerySet[MatchRecord]:
    """Referees and admins see every record of the club; a player sees their own."""
    records = MatchRecord.objects.filter(club=club)
    if not is_referee(user=user, club=club):
        mine = Q(player_left__player__user=user) | Q(player_right__player__user=user)
        records = records.filter(mine) if user.is_authenticated else records.none()
    return _with_summary(records).order_by("-uploaded_at")


def match_visible(*, user, record: MatchRecord) -> bool:
    if is_referee(user=user, club=record.club):
        return True
    players = {record.player_left.player.user_id, record.player_right.player.user_id}
    return user.is_authenticated and user.pk in players


def match_get(*, pk: int) -> MatchRecord:
    return _with_summary(MatchRecord.objects.filter(pk=pk)).get()


def match_games_with_turns(*, record: MatchRecord):
    from django.db.models import Prefetch

    turns = MatchTurn.objects.order_by("index")
    return record.games.prefetch_related(Prefetch("turns", queryset=turns)).order_by("number")


def match_violations(*, record: MatchRecord) -> QuerySet[Violation]:
    return Violation.objects.filter(rules_check__record=record).order_by("line")
