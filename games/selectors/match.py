"""Reads for match records: the pages' data in few queries. Who may see which record is
the permission gates' question (``clubs.permissions``), asked by the callers."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import ngettext_lazy

from clubs.models import Club
from clubs.permissions import results_visible_q
from games.models import MatchRecord, MatchTurn, RulesCheck, Ruling, Violation
from ops.models import WorkerHeartbeat
from ops.pagecache import version_read


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


def records_version(*, club: Club | None) -> str:
    """A version of the club's match records list (None: every club's, the API's list): it
    moves with a record uploaded or deleted, a rules check run (its start and end), a
    referee's ruling. One raw query (the records by index, their checks): through the ORM
    its compiling costs more than the cached page. ``MAX(id + 0)`` where a filter picks the
    rows: PostgreSQL's ``MAX(id)`` would walk the whole primary key backwards for them."""
    if club is None:  # every record: each table on its own, no join
        sql = ("SELECT (SELECT COUNT(*) FROM {records}), (SELECT MAX(id) FROM {records}), "
               "(SELECT MAX(started_at) FROM {checks}), "
               "(SELECT MAX(finished_at) FROM {checks}), (SELECT MAX(id) FROM {rulings})")
        params = []
    else:
        sql = ("SELECT COUNT(x.id), MAX(x.id), MAX(c.started_at), MAX(c.finished_at), "
               "(SELECT MAX(g.id + 0) FROM {rulings} g WHERE g.record_id IN "
               "(SELECT y.id FROM {records} y WHERE y.club_id = %s)) "
               "FROM {records} x LEFT JOIN {checks} c ON c.record_id = x.id "
               "WHERE x.club_id = %s")
        params = [club.pk, club.pk]
    row = version_read(sql, params, records=MatchRecord, checks=RulesCheck, rulings=Ruling)
    return "|".join(str(value) for value in row)


def match_version(*, pk: int) -> tuple[int, str, str] | None:
    """(club id, check status, version) of a record, None if there is none. The version
    moves with what its page shows: the file, the check's end, the score (a referee's
    correction), the latest ruling. One raw query: compiling the record's joins through the
    ORM cost 3 ms, more than the cached page (the record itself is read when it is built)."""
    row = version_read("SELECT r.club_id, c.status, r.source_sha256, c.finished_at, "
                       "r.score_left, r.score_right, r.winner, (SELECT MAX(g.id + 0) FROM "
                       "{rulings} g WHERE g.record_id = r.id) FROM {records} r "
                       "LEFT JOIN {checks} c ON c.record_id = r.id WHERE r.id = %s", [pk],
                       rulings=Ruling, records=MatchRecord, checks=RulesCheck)
    if row is None:
        return None
    return row[0], row[1] or "", "|".join(str(value) for value in row[2:])


def match_list_visible(*, user) -> QuerySet[MatchRecord]:
    """Records of every club whose results the user may see (the API's list)."""
    return MatchRecord.objects.filter(results_visible_q(user=user)).select_related(
        "club", "rules_check", "player_left", "player_right"
    ).prefetch_related("games").order_by("-uploaded_at")


def match_get(*, pk: int) -> MatchRecord:
    """One record with its club, check and players (no violation count: the match page
    lists the violations; grouping for the count made this 6 ms instead of 3 ms)."""
    return MatchRecord.objects.select_related(
        "club", "rules_check", "player_left", "player_right").get(pk=pk)


def match_games_with_turns(*, record: MatchRecord):
    turns = MatchTurn.objects.order_by("index")
    return record.games.prefetch_related(Prefetch("turns", queryset=turns)).order_by("number")


def match_violations(*, record: MatchRecord) -> QuerySet[Violation]:
    return Violation.objects.filter(rules_check__record=record).order_by("line")


#: The units of a wait, largest first: (seconds, its words, the count filled in later).
_WAIT_UNITS = (
    (86400, ngettext_lazy("%(count)s day", "%(count)s days", "count")),
    (3600, ngettext_lazy("%(count)s hour", "%(count)s hours", "count")),
    (60, ngettext_lazy("%(count)s minute", "%(count)s minutes", "count")),
    (1, ngettext_lazy("%(count)s second", "%(count)s seconds", "count")),
)


@dataclass(frozen=True)
class CheckWait:
    """How long a check has waited, and whether a worker has been heard from since."""

    waited: timedelta
    stale: bool  # waited longer than RulesCheck.STALE_AFTER
    last_worker_sign: datetime | None  # a finished check or an answered heartbeat, if any
    asked_worker: bool = False  # whether last_worker_sign was looked up

    @property
    def waited_text(self) -> str:
        """"40 seconds", "14 minutes", "3 hours 5 minutes", "2 days 4 hours"."""
        seconds = int(self.waited.total_seconds())
        parts = []
        for size, unit in _WAIT_UNITS:
            count, seconds = divmod(seconds, size)
            if count:
                parts.append(unit % {"count": count})
        return " ".join(parts[:2]) or _WAIT_UNITS[-1][1] % {"count": 0}

    @property
    def worker_silent(self) -> bool:
        return self.asked_worker and self.stale and (self.last_worker_sign is None
                               or self.last_worker_sign < timezone.now() - self.waited)


def check_wait(*, check: RulesCheck | None, now: datetime | None = None,
               with_worker: bool = False) -> CheckWait | None:
    """For a check still queued or running: how long since it was queued; with
    ``with_worker``, the last sign of life of any worker (two queries: the newest finished
    check and the newest answered heartbeat, the health check's proof that a task went
    through the broker)."""
    if check is None or check.status not in (RulesCheck.Status.QUEUED,
                                             RulesCheck.Status.RUNNING):
        return None
    now = now or timezone.now()
    since = check.started_at if check.status == RulesCheck.Status.RUNNING else check.queued_at
    waited = max(now - (since or now), timedelta(0))
    sign = None
    if with_worker:
        signs = [
            RulesCheck.objects.aggregate(last=Max("finished_at"))["last"],
            WorkerHeartbeat.objects.aggregate(last=Max("processed_at"))["last"],
        ]
        sign = max((s for s in signs if s is not None), default=None)
    return CheckWait(waited=waited, stale=waited > RulesCheck.STALE_AFTER,
                     last_worker_sign=sign, asked_worker=with_worker)
