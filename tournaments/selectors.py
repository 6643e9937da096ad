"""Tournament reads: lists, the bracket by flight and round, the day view, a player's next
match. Plain values for templates and the API, in a fixed number of queries."""

from collections import defaultdict

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from clubs.models import Club
from tournaments.models import Entry, ResultReport, Tournament, TournamentMatch

M = TournamentMatch.Status
FLIGHT_ORDER = ("main", "losers", "final", "consolation", "last_chance")


def tournament_list(*, club: Club) -> QuerySet[Tournament]:
    return club.tournaments.annotate(
        entry_count=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE)),
    ).order_by("-starts_on", "-pk")


def tournament_get(*, club: Club, pk: int) -> Tournament:
    return Tournament.objects.select_related("club").get(club=club, pk=pk)


def entries(*, tournament: Tournament) -> QuerySet[Entry]:
    return tournament.entries.select_related("player").order_by("seed", "pk")


def matches(*, tournament: Tournament) -> list[TournamentMatch]:
    return list(tournament.matches.select_related("round", "player_a", "player_b", "winner")
                .order_by("pk"))


def bracket(*, tournament: Tournament) -> list[dict]:
    """Flights in order, each with its rounds (name, length) and their matches."""
    flights: dict[str, dict[int, dict]] = defaultdict(dict)
    for match in matches(tournament=tournament):
        column = flights[match.flight].setdefault(match.round_number, {
            "name": match.round.name, "length": match.length, "matches": []})
        column["matches"].append(match)
    return [{"flight": flight, "rounds": [flights[flight][n] for n in sorted(flights[flight])]}
            for flight in FLIGHT_ORDER if flight in flights]


def day_view(*, tournament: Tournament) -> dict:
    """The director's day: ready, in progress (with minutes), waiting; the end estimate."""
    rows = matches(tournament=tournament)
    now = timezone.now()
    pace = tournament.options.get("minutes_per_point", 11)
    in_progress = [{"match": m, "minutes": int((now - m.started_at).total_seconds() // 60)
                    if m.started_at else 0} for m in rows if m.status == M.IN_PROGRESS]
    ready = [m for m in rows if m.status == M.READY]
    waiting = [m for m in rows if m.status == M.WAITING]
    left = [m for m in rows if m.status in (M.READY, M.IN_PROGRESS, M.WAITING)]
    flagged = [m for m in rows if m.flag]
    # Matches of one round run side by side: the event ends after the longest path of
    # rounds still to play, each taking its length x the pace.
    per_round: dict[tuple, int] = {}
    for m in left:
        per_round[m.flight, m.round_number] = m.length
    minutes_left = sum(per_round.values()) * pace if per_round else 0
    return {"ready": ready, "in_progress": in_progress, "waiting": waiting,
            "flagged": flagged, "minutes_left": minutes_left,
            "ends_at": now + timezone.timedelta(minutes=minutes_left) if left else None}


def open_reports(*, tournament: Tournament) -> dict[int, ResultReport]:
    """The open report of each match (pending, disputed or flagged), by match id."""
    reports = ResultReport.objects.filter(
        match__tournament=tournament,
        status__in=[ResultReport.Status.PENDING, ResultReport.Status.DISPUTED,
                    ResultReport.Status.FLAGGED],
    ).select_related("reported_by", "winner")
    return {r.match_id: r for r in reports}


def placings(*, tournament: Tournament) -> list[dict]:
    """Winner and runner-up of each flight's final, once it is decided."""
    rows = matches(tournament=tournament)
    out = []
    for flight in FLIGHT_ORDER:
        decided = [m for m in rows if m.flight == flight and m.status in TournamentMatch.DECIDED]
        if not decided:
            continue
        last = max(m.round_number for m in rows if m.flight == flight)
        final = [m for m in decided if m.round_number == last]
        if flight == "final" and final:
            final = [max(decided, key=lambda m: m.round_number)]
        elif flight == "final":
            continue
        for match in final:
            loser = match.player_b if match.winner_id == match.player_a_id else match.player_a
            out.append({"flight": flight, "first": match.winner, "second": loser})
    return out


def my_matches(*, tournament: Tournament, user) -> list[TournamentMatch]:
    if not user.is_authenticated:
        return []
    return [m for m in matches(tournament=tournament)
            if user.pk in (getattr(m.player_a, "user_id", None),
                           getattr(m.player_b, "user_id", None))]
