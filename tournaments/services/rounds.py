"""The round-based formats on the same models as the knockouts: Swiss and MoreSwiss (the
director pairs each round: preview, then publish), round robins and groups (every round laid
out at the start). Results go through the same report / confirm / dispute / correct flow
(``results.py``); the start, the refresh after a result and the close are the round-based
handlers' of ``registry.py``, built from the functions here."""

from collections.abc import Callable

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Player
from clubs.permissions import club_players
from config.refusals import refusal_text
from config.texts import StoredText, english, stored
from tournaments import selectors_rounds as reads
from tournaments.formats import DEFAULT_LENGTH, swiss
from tournaments.formats import groups as pure_groups
from tournaments.formats import standings as pure_standings
from tournaments.formats.round_robin import berger_rounds
from tournaments.models import Entry, Placing, Round, Tournament, TournamentMatch

from .errors import TournamentError, lock
from .outcomes import publish, walkover_if_withdrawn

MatchStatus = TournamentMatch.Status
EventFormat = Tournament.Format

#: Each round-based format's settings and their defaults (the tie-breaks: the format's own).
DEFAULTS = {
    EventFormat.SWISS: {"rounds": None, "bye_is_win": True, "late_half_points": False,
              "walkovers_count": True},
    EventFormat.MORESWISS: {"losses_out": 3, "bye_is_win": True, "late_half_points": False,
                  "walkovers_count": True},
    EventFormat.ROUND_ROBIN: {"cycles": 1, "walkovers_count": True},
    EventFormat.GROUPS: {"cycles": 1, "groups": 4, "qualifiers": 2, "walkovers_count": True,
               "knockout": None},
}
DEFAULTS = {format: {**given, "tiebreaks": list(format.default_tiebreaks)}
            for format, given in DEFAULTS.items()}
_CHECKS = {
    "rounds": lambda v: v is None or (_int(v) and 1 <= v <= 30),
    "losses_out": lambda v: _int(v) and 1 <= v <= 9,
    "cycles": lambda v: v in (1, 2),
    "groups": lambda v: _int(v) and 1 <= v <= 26,
    "qualifiers": lambda v: _int(v) and 1 <= v <= 8,
    "knockout": lambda v: v is None or _int(v),
    "tiebreaks": lambda v: isinstance(v, list) and bool(v),
}


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def format_settings(*, format: str, given: dict) -> dict:
    """The format's settings with defaults filled in (empty for the knockouts)."""
    if format not in DEFAULTS:
        if given:
            raise TournamentError(
                gettext("Format settings are for Swiss, round robins and groups."))
        return {}
    if not isinstance(given, dict):
        raise TournamentError(gettext("Format settings are a mapping of names to values."))
    unknown = set(given) - set(DEFAULTS[format])
    if unknown:
        raise TournamentError(gettext("Unknown setting(s) for %(format)s: %(names)s.") % {
            "format": format, "names": ", ".join(sorted(unknown))})
    merged = {**DEFAULTS[format], **given}
    for name, value in merged.items():
        check = _CHECKS.get(name, lambda v: isinstance(v, bool))
        if not check(value):
            raise TournamentError(gettext("The setting %(name)s cannot be %(value)s.") % {
                "name": name, "value": repr(value)})
    try:
        merged["tiebreaks"] = list(pure_standings.check_metrics(merged["tiebreaks"]))
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc
    return merged


def event_settings(tournament: Tournament) -> dict:
    """The event's format settings, defaults filled in."""
    return format_settings(format=tournament.format,
                           given=tournament.options.get("format_settings") or {})


def _round(tournament, *, flight: str, number: int, name: StoredText) -> Round:
    length = tournament.options.get("lengths", {}).get("main", DEFAULT_LENGTH)
    return Round.objects.create(tournament=tournament, flight=flight, number=number,
                                name=english(name), name_message=stored(name), length=length)


def _seed_map(tournament) -> dict[int, int]:
    return dict(tournament.entries.values_list("player_id", "seed"))


def _lay_out(tournament, round_: Round, pairs, *, key: str) -> list[TournamentMatch]:
    """Matches of one round: pairs of player ids, ``b`` None for a bye (decided at once)."""
    seeds, now, rows = _seed_map(tournament), timezone.now(), []
    for i, (a, b) in enumerate(pairs, start=1):
        bye = b is None
        rows.append(TournamentMatch(
            tournament=tournament, round=round_, key=f"{key}{round_.number}-{i}",
            flight=round_.flight, round_number=round_.number, index=i,
            slot_a={"seed": seeds[a]}, slot_b={"bye": True} if bye else {"seed": seeds[b]},
            player_a_id=a, player_b_id=b, length=round_.length,
            status=MatchStatus.BYE if bye else MatchStatus.READY, winner_id=a if bye else None,
            ready_at=now, finished_at=now if bye else None))
    TournamentMatch.objects.bulk_create(rows)
    for row in rows:
        if row.status == MatchStatus.BYE:
            row.tournament = tournament
            publish(row)
    return rows


def rounds_running(tournament: Tournament) -> None:
    tournament.status, tournament.started_at = Tournament.Status.RUNNING, timezone.now()
    tournament.save(update_fields=["status", "started_at"])


def round_robin_lay_out(tournament: Tournament, players: list[int], settings: dict) -> None:
    """Every round of a round robin (once or twice through), laid out at the start."""
    try:
        _lay_out_round_robin(tournament, players, flight="rr", group="",
                             cycles=settings["cycles"])
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def groups_lay_out(tournament: Tournament, players: list[int], settings: dict) -> None:
    """The players snaked into groups (by seed), each group a round robin of its own."""
    try:
        for g, members in enumerate(pure_groups.snake(players, settings["groups"])):
            label = pure_groups.group_label(g)
            _lay_out_round_robin(tournament, members, flight=label, group=label,
                                 cycles=settings["cycles"])
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def _round_robin_name(group: str, number: int) -> StoredText:
    if group:
        return StoredText.gettext("Group %(group)s round %(number)s", group=group, number=number)
    return StoredText.gettext("Round %(number)s", number=number)


def _lay_out_round_robin(tournament, players, *, flight, group, cycles) -> None:
    for fixtures in berger_rounds(players, cycles=cycles):
        number = fixtures[0].round
        round_ = _round(tournament, flight=flight, number=number,
                        name=_round_robin_name(group, number))
        # A round robin's bye is no match and no win: it is simply not laid out.
        _lay_out(tournament, round_, [(f.a, f.b) for f in fixtures if f.b is not None],
                 key="R" if flight == "rr" else flight)


# --------------------------------------------------------------------------- Swiss


def _swiss_inputs(tournament: Tournament):
    entries = [e for e in reads.entries_by_seed(tournament) if e.status == Entry.Status.ACTIVE]
    rows = [m for m in tournament.matches.order_by("round_number", "index")]
    return [(e.player_id, e.seed) for e in entries], reads.swiss_games(rows), rows


def swiss_round_preview(*, tournament: Tournament) -> dict:
    """The next round's pairs (player ids), without storing anything."""
    tournament = Tournament.objects.select_related("club").get(pk=tournament.pk)
    if not tournament.kind.is_paired_by_round:
        raise TournamentError(gettext("Only a Swiss or MoreSwiss is paired round by round."))
    if tournament.status != Tournament.Status.RUNNING:
        raise TournamentError(gettext("Start the tournament before pairing a round."))
    players, games, rows = _swiss_inputs(tournament)
    if any(r.status not in (*TournamentMatch.DECIDED, MatchStatus.SKIPPED) for r in rows):
        raise TournamentError(gettext("Every match of the current round needs its result first."))
    options = event_settings(tournament)
    if options.get("rounds") and len(games) >= options["rounds"]:
        raise TournamentError(gettext("All %(rounds)s rounds are played: close the event.") % {
            "rounds": options["rounds"]})
    try:
        # Only a MoreSwiss has the setting: a Swiss's settings refuse it.
        pairing = swiss.pair(players, games, losses_out=options.get("losses_out"),
                             bye_is_win=options["bye_is_win"],
                             late_half_points=options["late_half_points"])
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc
    if not pairing.pairs:
        raise TournamentError(gettext("Only one player is left: close the event."))
    return {"round": len(games) + 1, "pairs": [list(p) for p in pairing.pairs],
            "rematches": swiss.rematch_pairs(pairing.pairs, games)}


def swiss_pairs_swap(*, tournament: Tournament, pairs: list, first: int, second: int
                     ) -> dict:
    """Swap two players between their pairings (a manual change); the rematches it makes
    are returned for the director to see before publishing."""
    flat = [p for pair in pairs for p in pair]
    if first not in flat or second not in flat or first == second:
        raise TournamentError(gettext("Choose two different players of the proposed pairings."))
    swapped = [[second if p == first else first if p == second else p for p in pair]
               for pair in pairs]
    _, games, _ = _swiss_inputs(tournament)
    return {"round": len(games) + 1, "pairs": swapped,
            "rematches": swiss.rematch_pairs([tuple(p) for p in swapped], games)}


@transaction.atomic
def swiss_round_publish(*, tournament: Tournament, pairs: list, by=None) -> Round:
    """Store the next round's pairs (the preview's, maybe swapped): every player still in
    exactly once, at most one bye; rematches are allowed (the preview warned)."""
    tournament = lock(tournament.pk)
    preview = swiss_round_preview(tournament=tournament)  # the same preconditions
    expected = sorted(p for pair in preview["pairs"] for p in pair if p is not None)
    try:
        cleaned = [(int(a), None if b is None else int(b)) for a, b in pairs]
    except (TypeError, ValueError) as exc:
        raise TournamentError(gettext("Pairs are [player id, player id or null].")) from exc
    given = sorted(p for pair in cleaned for p in pair if p is not None)
    if given != expected:
        raise TournamentError(gettext("The pairings must name every player still in exactly once."))
    if sum(b is None for _, b in cleaned) != len(expected) % 2:
        raise TournamentError(gettext("Only an odd number of players has a bye, and only one."))
    cleaned.sort(key=lambda pair: pair[1] is None)
    _, games, _ = _swiss_inputs(tournament)
    round_ = _round(tournament, flight="swiss", number=preview["round"],
                    name=_round_robin_name("", preview["round"]))
    _lay_out(tournament, round_, cleaned, key="S")
    #: The rematches the director accepted (a manual swap), for the caller to show.
    round_.rematches = swiss.rematch_pairs(cleaned, games)
    return round_


@transaction.atomic
def entry_add_late(*, tournament: Tournament, player: Player | int) -> Entry:
    """A late entry into a running Swiss or MoreSwiss: they start with zero (or half a
    point per missed round, a setting) and are paired from the next round."""
    tournament = lock(tournament.pk)
    if not tournament.kind.is_paired_by_round or tournament.status != Tournament.Status.RUNNING:
        raise TournamentError(gettext("Late entries join a running Swiss or MoreSwiss only."))
    player_id = player.pk if isinstance(player, Player) else player
    club_players(club=tournament.club_id, players=[player_id], error=TournamentError)
    if tournament.entries.filter(player_id=player_id).exists():
        raise TournamentError(gettext("That player is already entered."))
    seed = (tournament.entries.aggregate(top=Max("seed"))["top"] or 0) + 1
    return Entry.objects.create(tournament=tournament, player_id=player_id, seed=seed)


# --------------------------------------------------------------------------- refresh, close


def rounds_refresh(*, tournament: Tournament, over: Callable[[Tournament], bool | None]
                   ) -> list:
    """After a result, a withdrawal or a correction: ready matches of withdrawn players
    become walkovers; an event that ends by itself (``over`` says True once every match is
    decided: a round robin, a MoreSwiss with one player left) finishes; a finished event's
    placings are rewritten, or it runs again when a correction says it is not over (False).
    ``over`` is None for an event the director closes. Nothing to re-pair: later rounds
    already published stay as they are (a correction changes the standings)."""
    withdrawn = set(tournament.entries.exclude(status=Entry.Status.ACTIVE)
                    .values_list("player_id", flat=True))
    rows = list(tournament.matches.select_for_update().order_by("pk"))
    for row in rows:
        walkover_if_withdrawn(row, withdrawn)
    open_rows = [r for r in rows if r.status not in (*TournamentMatch.DECIDED, MatchStatus.SKIPPED)]
    done = not open_rows and rows and over(tournament) is True
    if done and tournament.status == Tournament.Status.RUNNING:
        _finish(tournament)
    elif tournament.status == Tournament.Status.FINISHED:
        # A correction can bring a MoreSwiss player back in: more rounds to play.
        if open_rows or over(tournament) is False:
            tournament.status, tournament.finished_at = Tournament.Status.RUNNING, None
            tournament.save(update_fields=["status", "finished_at"])
            tournament.placings.all().delete()
        else:
            _store_placings(tournament)
    return []


def moreswiss_over(tournament: Tournament) -> bool:
    """One player (or none) is left with fewer losses than the limit."""
    players, games, _ = _swiss_inputs(tournament)
    losses_out = event_settings(tournament)["losses_out"]
    return len(swiss.active_players([p for p, _ in players], games,
                                    losses_out=losses_out)) <= 1


def _store_placings(tournament: Tournament) -> None:
    """The standings as placings: one competition ("main"), or one per group ("group A")."""
    entries = reads.entries_by_seed(tournament)
    rows = list(tournament.matches.all())
    if tournament.kind.is_grouped:
        parts = [(f"group {flight}", [r for r in rows if r.flight == flight])
                 for flight in sorted({r.flight for r in rows})]
    else:
        parts = [("main", rows)]
    placings = []
    for competition, matches in parts:
        inside = {p for r in matches for p in (r.player_a_id, r.player_b_id) if p}
        table = reads.standings_rows(tournament, [e for e in entries if e.player_id in inside
                                                  or competition == "main"], matches)
        shared = {}
        for row in table:
            shared[row.place] = shared.get(row.place, 0) + 1
        placings += [Placing(tournament=tournament, competition=competition,
                             player_id=row.player, place=row.place, shared=shared[row.place],
                             field_size=len(table)) for row in table]
    tournament.placings.all().delete()
    Placing.objects.bulk_create(placings)


def _finish(tournament: Tournament) -> None:
    _store_placings(tournament)
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, timezone.now()
    tournament.save(update_fields=["status", "finished_at"])


def rounds_close(*, tournament: Tournament) -> None:
    """The director closes the event (a Swiss after its last round, a MoreSwiss early, the
    group stage): every match must be decided; the placings are stored. The round-based
    handlers' close (``registry``), with the tournament locked."""
    if tournament.status != Tournament.Status.RUNNING:
        raise TournamentError(gettext("Only a running tournament is closed."))
    if tournament.matches.exclude(
            status__in=[*TournamentMatch.DECIDED, MatchStatus.SKIPPED]).exists():
        raise TournamentError(gettext("Some matches have no result yet."))
    _finish(tournament)


def group_stage_finish(*, tournament: Tournament) -> list[int]:
    """The group stage over (every group match decided): the knockout's entrants, best
    first: the top K of each group by its standings, crossing over (A1 v B2, B1 v A2...).
    The group stage closes with its placings. With the tournament locked."""
    if not tournament.kind.is_grouped or tournament.status != Tournament.Status.RUNNING:
        raise TournamentError(gettext("Only a running group stage sends players to a knockout."))
    if tournament.matches.exclude(
            status__in=[*TournamentMatch.DECIDED, MatchStatus.SKIPPED]).exists():
        raise TournamentError(gettext("Every group match needs its result first."))
    finishers = [[row["player_id"] for row in reads.standings_table(
        tournament=tournament, flight=flight)["rows"] if not row["withdrawn"]]
        for flight in reads.groups_of(tournament=tournament)]
    try:
        return pure_groups.knockout_seeds(finishers, event_settings(tournament)["qualifiers"])
    except ValueError as exc:
        raise TournamentError(refusal_text(exc)) from exc


def group_stage_link(*, tournament: Tournament, knockout: Tournament) -> None:
    """Point the group stage at its knockout, and close it."""
    tournament.options = {**tournament.options, "format_settings": {
        **tournament.options.get("format_settings", {}), "knockout": knockout.pk}}
    tournament.save(update_fields=["options"])
    _finish(tournament)
