"""Reads for match records: the pages' data in few queries. Who may see which record is
the permission gates' question (``clubs.permissions``), asked by the callers."""

from django.db.models import Count, Prefetch, Q, QuerySet

from clubs.models import Club
from clubs.permissions import results_visible_q
from games.models import MatchRecord, MatchTurn, Violation


def _with_summary(records: QuerySet) -> QuerySet:
    return records.select_related(
        "club", "rules_check", "player_left", "player_right"
    ).annotate(
        error_count=Count("rules_check__violations",
                          filter=Q(rules_check__violations__severity="error")),
    )


def match_list(*, club: Club) -> QuerySet[MatchRecord]:
    """Every record of the club, newest first (the caller has passed the results gate)."""
    return _with_summary(MatchRecord.objects.filter(club=club)).order_by("-uploaded_at")


def match_list_visible(*, user) -> QuerySet[MatchRecord]:
    """Records of every club whose results the user may see (the API's list)."""
    return MatchRecord.objects.filter(results_visible_q(user=user)).select_related(
        "club", "rules_check", "player_left", "player_right"
    ).prefetch_related("games").order_by("-uploaded_at")


def match_get(*, pk: int) -> MatchRecord:
    return _with_summary(MatchRecord.objects.filter(pk=pk)).get()


def match_games_with_turns(*, record: MatchRecord):
    turns = MatchTurn.objects.order_by("index")
    return record.games.prefetch_related(Prefetch("turns", queryset=turns)).order_by("number")


def match_violations(*, record: MatchRecord) -> QuerySet[Violation]:
    return Violation.objects.filter(rules_check__record=record).order_by("line")
