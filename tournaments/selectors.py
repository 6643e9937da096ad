"""Tournament reads: lists, the bracket by flight and round, the day view, a player's next
match. Plain values for templates and the API, in a fixed number of queries."""

from collections import defaultdict

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from clubs.models import Club, Player
from ops.pagecache import version_read
from results.models import FinishedMatch
from results.selectors_rated import rated_forecasts
from tournaments.models import Entry, Placing, ResultReport, Tournament, TournamentMatch
from tournaments.models_formats import Division, DivisionMember, LadderRung
from tournaments.models_labels import competition_name, place_label

MatchStatus = TournamentMatch.Status
_UNDECIDED = (MatchStatus.READY, MatchStatus.IN_PROGRESS, MatchStatus.WAITING)
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


def bracket(*, tournament: Tournament, rows: list | None = None) -> list[dict]:
    """Flights in order, each with its rounds (name, length) and their matches. ``rows``:
    the event's matches when the caller has read them already (as in every selector
    here taking it)."""
    flights: dict[str, dict[int, dict]] = defaultdict(dict)
    for match in rows if rows is not None else matches(tournament=tournament):
        column = flights[match.flight].setdefault(match.round_number, {
            "name": match.round.display_name, "length": match.length, "matches": []})
        column["matches"].append(match)
    return [{"flight": flight, "rounds": [flights[flight][n] for n in sorted(flights[flight])]}
            for flight in FLIGHT_ORDER if flight in flights]


def day_view(*, tournament: Tournament, now=None, rows: list | None = None) -> dict:
    """The director's day: ready, in progress (with minutes), waiting (on which matches);
    when the rounds being played and the event should end."""
    rows = rows if rows is not None else matches(tournament=tournament)
    now = now or timezone.now()
    ends = match_ends(rows, now=now, pace=tournament.options.get("minutes_per_point", 11))
    by_key = {m.key: m for m in rows}
    in_progress = [{"match": m, "minutes": int((now - m.started_at).total_seconds() // 60)
                    if m.started_at else 0} for m in rows if m.status == MatchStatus.IN_PROGRESS]
    waiting = [{"match": m, "on": [by_key[k] for k in _feeders(m) if k in by_key
                                   and not by_key[k].is_decided]}
               for m in rows if m.status == MatchStatus.WAITING]
    playing: dict[int, dict] = {}
    for m in rows:
        if m.status in (MatchStatus.READY, MatchStatus.IN_PROGRESS):
            playing.setdefault(m.round_id, {"name": m.round.display_name, "ends_at": now})
    for m in rows:  # a round ends with its last match, one still waiting for players too
        if m.round_id in playing and m.status in _UNDECIDED:
            column = playing[m.round_id]
            column["ends_at"] = max(column["ends_at"], ends[m.key])
    left = [ends[m.key] for m in rows if m.status in _UNDECIDED]
    ends_at = max(left) if left else None
    return {"ready": [m for m in rows if m.status == MatchStatus.READY], "in_progress": in_progress,
            "waiting": waiting, "flagged": [m for m in rows if m.flag],
            "rounds": list(playing.values()), "ends_at": ends_at,
            "minutes_left": int((ends_at - now).total_seconds() // 60) if ends_at else 0}


def _feeders(match: TournamentMatch) -> list[str]:
    """The matches this one waits for, each once (a grand final's reset takes both the
    winner and the loser of the first final)."""
    return list(dict.fromkeys(slot.get("winner_of") or slot.get("loser_of")
                              for slot in (match.slot_a, match.slot_b)
                              if slot.get("winner_of") or slot.get("loser_of")))


def match_ends(rows: list[TournamentMatch], *, now, pace: float) -> dict:
    """When each match should end, at ``pace`` minutes per point of its length: a decided
    match when it ended; one in progress when its time is up (or now, if overdue); one ready
    now plus its time; one waiting its time after the later of the matches it waits for.
    Flights and boards run side by side, so the event ends with its longest chain of
    matches. ``rows`` are in the graph's order (every match after those it waits for)."""
    ends = {}
    for m in rows:
        minutes = timezone.timedelta(minutes=m.length * pace)
        if m.is_decided or m.status == MatchStatus.SKIPPED:
            ends[m.key] = m.finished_at or now
        elif m.status == MatchStatus.IN_PROGRESS:
            ends[m.key] = max(now, (m.started_at or now) + minutes)
        elif m.status == MatchStatus.READY:
            ends[m.key] = now + minutes
        else:
            ends[m.key] = max([ends.get(k, now) for k in _feeders(m)] + [now]) + minutes
    return ends


def open_reports(*, tournament: Tournament) -> dict[int, ResultReport]:
    """The open report of each match (pending, disputed or flagged), by match id."""
    reports = ResultReport.objects.filter(
        match__tournament=tournament,
        status__in=[ResultReport.Status.PENDING, ResultReport.Status.DISPUTED,
                    ResultReport.Status.FLAGGED],
    ).select_related("match", "reported_by__player", "winner")
    return {r.match_id: r for r in reports}


COMPETITIONS = {"main": "Main", "consolation": "Consolation", "last_chance": "Last chance"}


def placings(*, tournament: Tournament, rows: list | None = None) -> list[dict]:
    """The final placings of each competition (main, consolation, last chance), stored when
    the event finished: [{"competition": "Main", "places": [{"label": "3rd=", "players":
    [...]}, ...]}, ...]. Before the end: the winner and runner-up of each flight whose final
    is decided."""
    stored = list(Placing.objects.filter(tournament=tournament).select_related("player")
                  .order_by("place", "player__name"))
    if stored:
        out = []
        for key in COMPETITIONS:
            places: dict[str, list] = {}
            for p in stored:
                if p.competition == key:
                    places.setdefault(p.label, []).append(p.player)
            if places:
                out.append({"competition": competition_name(key), "places": [
                    {"label": place_label(k), "players": v}
                    for k, v in places.items()]})
        return out
    return _flight_finals(rows if rows is not None else matches(tournament=tournament))


def _flight_finals(rows: list[TournamentMatch]) -> list[dict]:
    out = []
    for flight in FLIGHT_ORDER:
        decided = [m for m in rows if m.flight == flight and m.status in TournamentMatch.DECIDED]
        if not decided or flight in ("losers", "final"):
            continue
        last = max(m.round_number for m in rows if m.flight == flight)
        for match in (m for m in decided if m.round_number == last):
            loser = match.player_b if match.winner_id == match.player_a_id else match.player_a
            out.append({"competition": competition_name(flight), "places": [
                {"label": place_label("1st"), "players": [match.winner]},
                {"label": place_label("2nd"), "players": [loser]}]})
    return out


def my_matches(*, tournament: Tournament, user, rows: list | None = None
               ) -> list[TournamentMatch]:
    if not user.is_authenticated:
        return []
    return [m for m in (rows if rows is not None else matches(tournament=tournament))
            if user.pk in (getattr(m.player_a, "user_id", None),
                           getattr(m.player_b, "user_id", None))]


def my_entry(*, tournament: Tournament, user) -> Entry | None:
    """The user's active entry in the tournament, if any."""
    if not user.is_authenticated:
        return None
    return tournament.entries.select_related("player").filter(
        player__user_id=user.pk, status=Entry.Status.ACTIVE).first()


def player_history(*, club: Club, user) -> list[dict]:
    """The user's tournaments in the club, newest first: each with the entry, every match
    played or to play (from the player's side: opponent, score, won or lost) and the
    placings. Four queries, however many events and matches."""
    mine = set(Player.objects.filter(user_id=user.pk).values_list("pk", flat=True)) \
        if user.is_authenticated else set()
    if not mine:
        return []
    entries = list(Entry.objects.filter(player_id__in=mine, tournament__club=club)
                   .select_related("tournament").order_by("-tournament__starts_on", "-pk"))
    ids = [e.tournament_id for e in entries]
    rows = (TournamentMatch.objects.filter(tournament_id__in=ids)
            .filter(Q(player_a_id__in=mine) | Q(player_b_id__in=mine))
            .select_related("round", "player_a", "player_b").order_by("pk"))
    by_event: dict[int, list] = defaultdict(list)
    for m in rows:
        by_event[m.tournament_id].append(_from_my_side(m, mine))
    places: dict[int, list] = defaultdict(list)
    for p in Placing.objects.filter(tournament_id__in=ids, player_id__in=mine):
        places[p.tournament_id].append(p)
    return [{"tournament": e.tournament, "entry": e, "matches": by_event[e.tournament_id],
             "placings": places[e.tournament_id]} for e in entries]


def _from_my_side(m: TournamentMatch, mine: set) -> dict:
    me_first = m.player_a_id in mine
    opponent = m.player_b if me_first else m.player_a
    scores = (m.score_a, m.score_b) if me_first else (m.score_b, m.score_a)
    decided = m.status in TournamentMatch.DECIDED and m.status != MatchStatus.BYE
    return {"match": m, "opponent": opponent, "round": m.round.display_name,
            "score": f"{scores[0]}–{scores[1]}" if None not in scores else "",
            "won": m.winner_id in mine if decided else None,
            "open": m.status in (MatchStatus.READY, MatchStatus.IN_PROGRESS)}


def next_matches(*, history: list[dict]) -> list[dict]:
    """Every match ready or in progress in the running events (newest event first), each
    with its report waiting for a confirmation, if any (``report``; one query)."""
    rows = [{**row, "tournament": event["tournament"], "report": None} for event in history
            if event["tournament"].status == Tournament.Status.RUNNING
            for row in event["matches"] if row["open"]]
    if rows:
        pending = ResultReport.objects.filter(
            match_id__in=[row["match"].pk for row in rows],
            status=ResultReport.Status.PENDING).select_related("reported_by__player", "winner")
        by_match = {r.match_id: r for r in pending}
        for row in rows:
            row["report"] = by_match.get(row["match"].pk)
    return rows


def forecasts_add(*, club: Club, items: list[dict]) -> list[dict]:
    """Each item (``{"kind", "length", ...}``: a round to play, a player's next match) with
    ``rated``: whether its matches will be rated on each list, and why, before they start
    (``results.selectors_rated.rated_forecasts``: two or three queries for them all)."""
    cases = [(item["kind"], item["length"], FinishedMatch.Venue.BOARD) for item in items]
    found = rated_forecasts(club=club, cases=cases)
    for item, case in zip(items, cases, strict=True):
        item["rated"] = found[case]
    return items


def next_matches_forecast(*, club: Club, rows: list[dict]) -> list[dict]:
    """A player's next matches (``next_matches``), each with its forecast."""
    return forecasts_add(club=club, items=[
        {**row, "kind": row["tournament"].format, "length": row["match"].length}
        for row in rows])


# --------------------------------------------------------------------------- page versions


def events_version(*, club: Club | None, model) -> str:
    """A version of the club's list of events of ``model`` (tournaments, ladders, league
    seasons; None: every club's): every write to an event bumps its ``version``
    (``services.errors.lock_event``), so the count, the latest id and the sum of versions
    move with any of them. Raw, one index read: through the ORM its compiling cost more
    than a cached page."""
    where, params = ("WHERE club_id = %s", [club.pk]) if club is not None else ("", [])
    row = version_read(f"SELECT COUNT(*), MAX(id), SUM(version) FROM {{events}} {where}",
                       params, events=model)
    return "-".join(str(value or 0) for value in row)


#: Where a player takes part in an event, by its kind: (table, the event's column) or, for a
#: league season, its divisions' members.
_TAKING_PART = {
    "tournament": (Entry, "tournament_id"),
    "ladder": (LadderRung, "ladder_id"),
}


def viewer_part(*, user, event: str, pk: int) -> str:
    """What an event's page shows of the viewer: "" for a visitor or a login without a
    player, "0" for a player who takes no part in the event (the page is the same for all of
    them), else the player's id (their forms, their next match). One raw query."""
    if not user.is_authenticated:
        return ""
    if event == "league":
        tables = {"members": DivisionMember, "divisions": Division}
        taking_part = ("SELECT 1 FROM {members} x JOIN {divisions} d ON d.id = x.division_id "
                       "WHERE d.season_id = %s AND x.player_id = p.id")
    else:
        model, column = _TAKING_PART[event]
        tables = {"rows": model}
        taking_part = f"SELECT 1 FROM {{rows}} x WHERE x.{column} = %s AND x.player_id = p.id"
    row = version_read(f"SELECT p.id, EXISTS({taking_part}) FROM {{players}} p "
                       "WHERE p.user_id = %s", [pk, user.pk], players=Player, **tables)
    if row is None:
        return ""
    return str(row[0]) if row[1] else "0"
