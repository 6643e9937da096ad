"""The bracket: generated from the pure format package at the start, refreshed after every
result, withdrawal or correction.

The pure package (``tournaments.formats``) owns the format's rules: it builds the graph
and, given the results so far, says who plays in each match and which matches are decided
by byes or not needed. This module maps seeds to players, stores what it says, and never
overwrites a match that has started: a change there is flagged for the referee.
"""

from django.utils import timezone, translation

from config.refusals import refusal_text
from config.texts import english, stored
from tournaments import formats
from tournaments.models import Entry, Placing, Round, Tournament, TournamentMatch

from .errors import TournamentError
from .options import round_lengths, round_name
from .outcomes import publish, walkover_if_withdrawn

MatchStatus = TournamentMatch.Status
#: Matches whose players may still be (re)assigned by the bracket.
OPEN = (MatchStatus.WAITING, MatchStatus.READY, MatchStatus.SKIPPED, MatchStatus.BYE)


def _plan(tournament: Tournament, entrants: int):
    try:
        return formats.build(tournament.format, entrants,
                             reset=tournament.options.get("reset", True))
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def knockout_start(*, tournament: Tournament, ranked: list[Entry], by=None) -> None:
    """Lay out every match of every flight with its round's length, then let the byes and
    the first round through. The knockouts' handler's start (``registry``): entries are
    closed and numbered, the tournament is locked."""
    bracket = _plan(tournament, len(ranked))
    _lay_out(tournament, formats.to_json(bracket)["matches"],
             round_lengths(tournament.options, bracket))
    tournament.status, tournament.started_at = Tournament.Status.RUNNING, timezone.now()
    tournament.save(update_fields=["status", "started_at"])
    bracket_refresh(tournament=tournament, by=by)


def _lay_out(tournament: Tournament, plan: list[dict], lengths: dict) -> None:
    last = {}
    for match in plan:
        last[match["flight"]] = max(last.get(match["flight"], 0), match["round"])
    rounds = {}
    for (flight, number) in sorted({(m["flight"], m["round"]) for m in plan}):
        name = round_name(flight=flight, number=number, last=last[flight])
        rounds[flight, number] = Round.objects.create(
            tournament=tournament, flight=flight, number=number, name=english(name),
            name_message=stored(name), length=lengths[flight, number])
    index: dict[tuple, int] = {}
    rows = []
    for match in plan:
        key = (match["flight"], match["round"])
        index[key] = index.get(key, 0) + 1
        rows.append(TournamentMatch(
            tournament=tournament, round=rounds[key], key=match["id"], flight=key[0],
            round_number=key[1], index=index[key], slot_a=match["slots"][0],
            slot_b=match["slots"][1], length=rounds[key].length))
    TournamentMatch.objects.bulk_create(rows)


def bracket_refresh(*, tournament: Tournament, by=None) -> list[TournamentMatch]:
    """Bring every open match in line with the results; returns the matches flagged.

    The knockouts' handler's refresh (``registry``): runs inside the caller's transaction,
    with the tournament locked. Repeats until nothing changes, because a walkover (a
    withdrawn player) is itself a result.

    A match already started or played is never changed here. When a correction changes
    who should have played it, it is flagged for a referee and its result is held back:
    the later matches keep what it produced, or wait, never receiving a player who did not
    play it, until the referee rules (:func:`~.results.match_flag_clear`,
    :func:`~.results.match_replay`, :func:`~.results.match_result_resolve`). The
    bracket's own flags follow the corrections: rewritten, or cleared when moot.
    """
    flagged = []
    for _ in range(64):  # a walkover per pass at most; 64 passes covers 1024 entrants
        rows = {m.key: m for m in tournament.matches.select_for_update().order_by("pk")}
        seeds = dict(tournament.entries.values_list("seed", "player_id"))
        withdrawn = set(tournament.entries.exclude(status=Entry.Status.ACTIVE)
                        .values_list("player_id", flat=True))
        state = _state(tournament, rows, seeds)
        again = False
        for key, row in rows.items():
            want = state[key]
            players = tuple(seeds.get(seed) if seed else None for seed in want.seeds)
            if row.status in OPEN:
                _assign(row, players, want)
                again = walkover_if_withdrawn(row, withdrawn) or again
            elif row.status == MatchStatus.WALKOVER and (
                    (row.player_a_id, row.player_b_id) != players
                    or want.status != formats.Status.FINISHED):
                # Nobody played a walkover: it follows a correction like a match not
                # started (the next pass gives it its players, or a walkover again).
                _reopen(row)
                again = True
            elif _set_flag(row, _bracket_flag(row, want, players)):
                flagged.append(row)
        if not again:
            break
    _finish_if_done(tournament, state, seeds)
    return flagged


def _state(tournament: Tournament, rows: dict, seeds: dict, *, stands=()):
    """The format's state from the results stored, each with who played it (a result
    played by others than the bracket now gives is held back unless it stands)."""
    seed_of = {player: seed for seed, player in seeds.items()}
    decided = [row for row in rows.values()
               if row.status in (MatchStatus.FINISHED, MatchStatus.WALKOVER)]
    results = {row.key: formats.Winner(seed_of[row.winner_id]) for row in decided}
    played = {row.key: (seed_of[row.player_a_id], seed_of[row.player_b_id])
              for row in decided}
    stands = {*stands, *(row.key for row in rows.values() if row.result_stands)}
    return formats.resolve(_plan(tournament, len(seeds)), results, strict=False,
                           played=played, stands=stands)


def bracket_due(*, tournament: Tournament, match: TournamentMatch, stands: bool = False):
    """What the bracket now gives ``match``: ``(status, (player_a, player_b), elsewhere)``,
    ``elsewhere`` the match's own players who are due in another match still to play (not
    one its result feeds) if its result stood (read inside the caller's transaction)."""
    rows = {m.key: m for m in tournament.matches.all()}
    seeds = dict(tournament.entries.values_list("seed", "player_id"))
    seed_of = {player: seed for seed, player in seeds.items()}
    state = _state(tournament, rows, seeds, stands=[match.key] if stands else ())
    want = state[match.key]
    players = tuple(seeds.get(seed) if seed else None for seed in want.seeds)
    own = {seed_of[p] for p in (match.player_a_id, match.player_b_id) if p in seed_of}
    return want.status, players, {seeds[s] for s in state.due_elsewhere(match.key, own)}


def match_players_due(*, match: TournamentMatch) -> tuple:
    """The players the bracket now gives ``match`` (a flagged one: who should play it)."""
    return bracket_due(tournament=match.tournament, match=match)[1]


#: How every flag the bracket raises begins (a dispute's or a match file's never does): the
#: bracket rewrites or clears its own flags as corrections come and go.
BRACKET_FLAG = "After a correction, "


def is_bracket_flag(flag: str) -> bool:
    return flag.startswith(BRACKET_FLAG)


def _bracket_flag(row: TournamentMatch, want, players: tuple) -> str:
    """Why a referee must look at a match started or played ('' when nothing is wrong)."""
    if want.status in (formats.Status.WAITING, formats.Status.SKIPPED, formats.Status.BYE):
        return _not_needed(row, want)
    if {row.player_a_id, row.player_b_id} != set(players) and not row.result_stands:
        return _mismatch(row, players)
    return ""


def _set_flag(row: TournamentMatch, flag: str) -> bool:
    """Store the bracket's flag (never over a dispute's); True when a new one is raised."""
    if (row.flag and not is_bracket_flag(row.flag)) or row.flag == flag:
        return False
    row.flag, row.flag_message = flag, []  # the bracket's own flags: English, as written
    row.save(update_fields=["flag", "flag_message"])
    return bool(flag)


def _winner_slot(row: TournamentMatch) -> int:
    return 0 if row.winner_id == row.player_a_id else 1


def _assign(row: TournamentMatch, players: tuple, want) -> bool:
    """Store the players and status the format says; True when anything changed."""
    status = {"waiting": MatchStatus.WAITING, "ready": MatchStatus.READY, "bye": MatchStatus.BYE,
              "skipped": MatchStatus.SKIPPED}[want.status]
    winner = None
    if status == MatchStatus.BYE:
        winner = players[0] or players[1]
        if winner is None:  # two byes: nothing to play, nobody advances
            status = MatchStatus.SKIPPED
    before = (row.player_a_id, row.player_b_id, row.status, row.winner_id)
    row.player_a_id, row.player_b_id = players
    row.status, row.winner_id = status, winner
    if status == MatchStatus.READY and row.ready_at is None:
        row.ready_at = timezone.now()
    if before == (row.player_a_id, row.player_b_id, row.status, row.winner_id):
        return False
    if status == MatchStatus.BYE:
        row.finished_at = row.finished_at or timezone.now()
    row.save()
    if MatchStatus.BYE in (status, before[2]):
        # A bye is kept in the table of finished matches, marked as not played; a
        # correction that changes who gets it (or takes it away) updates that row.
        publish(row)
    return True


def _reopen(row: TournamentMatch) -> None:
    """Undo a walkover whose match has changed: open again, its finished-match row voided."""
    row.status, row.winner_id, row.finished_at, row.flag = MatchStatus.WAITING, None, None, ""
    row.score_a = row.score_b = None
    row.result_stands = False
    row.save()
    publish(row)


def _not_needed(row: TournamentMatch, want) -> str:
    why = {formats.Status.SKIPPED: "is no longer needed",
           formats.Status.BYE: "is a bye now"}.get(want.status,
                                                   "waits again on an earlier match")
    return (f"{BRACKET_FLAG}this match {why}; it was "
            f"{_stored_status(row)}. A referee decides.")


def _mismatch(row: TournamentMatch, players: tuple) -> str:
    from clubs.models import Player

    names = dict(Player.objects.filter(pk__in=[p for p in players if p]).values_list("pk",
                                                                                      "name"))
    should = " v ".join(names.get(p, "?") if p else "?" for p in players)
    return (f"{BRACKET_FLAG}this match should be {should}; it was "
            f"{_stored_status(row)} with other players. A referee decides.")


def _stored_status(row: TournamentMatch) -> str:
    """The status's words in a stored flag: English, as the rest of the flag (which the
    services read back), whatever the language of the request that wrote it."""
    with translation.override("en"):
        return row.get_status_display().lower()


def _finish_if_done(tournament: Tournament, state, seeds: dict) -> None:
    """Finish the event when every match is decided (and store its placings); reopen it
    when a correction brings back a match to play."""
    open_matches = tournament.matches.exclude(status__in=[
        MatchStatus.FINISHED, MatchStatus.WALKOVER, MatchStatus.BYE, MatchStatus.SKIPPED])
    # A result held back for a referee leaves the format's state unfinished.
    done = state.finished and not open_matches.exists()
    if done:
        _store_placings(tournament, state, seeds)
    else:
        tournament.placings.all().delete()
    if tournament.status == Tournament.Status.RUNNING and done:
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
    elif tournament.status == Tournament.Status.FINISHED and not done:
        tournament.status, tournament.finished_at = Tournament.Status.RUNNING, None
        tournament.save(update_fields=["status", "finished_at"])


def _store_placings(tournament: Tournament, state, seeds: dict) -> None:
    """The format's placings per competition, seeds turned into players; rewritten whole."""
    rows = []
    for competition, places in formats.placings(state).items():
        field = sum(len(p.entrants) for p in places)
        rows += [Placing(tournament=tournament, competition=competition, player_id=seeds[seed],
                         place=p.place, shared=len(p.entrants), field_size=field)
                 for p in places for seed in p.entrants]
    tournament.placings.all().delete()
    Placing.objects.bulk_create(rows)
