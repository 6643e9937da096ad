"""Reads for the round-based formats (Swiss, MoreSwiss, round robin, groups): the pure
package's inputs built from the stored matches, standings with their tie-break columns,
pairings per round, crosstables. A fixed number of queries per page."""

from collections import defaultdict

from django.utils.translation import gettext, pgettext, pgettext_lazy

from tournaments.formats import standings as pure_standings
from tournaments.formats.round_robin import crosstable
from tournaments.formats.swiss import Game
from tournaments.models import Entry, Tournament, TournamentMatch
from tournaments.models_labels import place_label
from tournaments.selectors import forecasts_add

MatchStatus = TournamentMatch.Status
_UNDECIDED = (MatchStatus.WAITING, MatchStatus.READY, MatchStatus.IN_PROGRESS)
METRIC_LABELS = {"wins": pgettext_lazy("tie-break", "Wins"),
                 "losses": pgettext_lazy("tie-break", "Losses"),
                 "buchholz": pgettext_lazy("tie-break", "Buchholz"),
                 "median_buchholz": pgettext_lazy("tie-break", "Median B."),
                 "sonneborn_berger": pgettext_lazy("tie-break", "S-B"),
                 "head_to_head": pgettext_lazy("tie-break", "H2H"),
                 "points_difference": pgettext_lazy("tie-break", "+/-"),
                 "points_won": pgettext_lazy("tie-break", "Pts"),
                 "seed": pgettext_lazy("tie-break", "Seed")}


def settings_of(tournament: Tournament) -> dict:
    return tournament.options.get("format_settings") or {}


def _matches(tournament: Tournament, flight: str | None = None) -> list[TournamentMatch]:
    rows = tournament.matches.select_related("round", "player_a", "player_b", "winner") \
        .order_by("round_number", "index", "pk")
    if flight is not None:
        rows = rows.filter(flight=flight)
    return list(rows)


def entries_by_seed(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.select_related("player").order_by("seed", "pk"))


def swiss_games(rows: list[TournamentMatch]) -> list[list[Game]]:
    """The pure pairing's rounds: byes as ``b=None``, undecided matches without a winner."""
    by_round: dict[int, list[Game]] = defaultdict(list)
    for row in rows:
        if row.status == MatchStatus.SKIPPED or row.player_a_id is None:
            continue
        winner = row.winner_id if row.status in TournamentMatch.DECIDED else None
        by_round[row.round_number].append(Game(row.player_a_id, row.player_b_id, winner))
    return [by_round[n] for n in sorted(by_round)]


def results_of(rows: list[TournamentMatch]) -> list[pure_standings.Result]:
    out = []
    for row in rows:
        if row.status not in TournamentMatch.DECIDED or row.player_a_id is None:
            continue
        out.append(pure_standings.Result(
            row.player_a_id, row.player_b_id, row.winner_id, row.score_a, row.score_b,
            walkover=row.status == MatchStatus.WALKOVER))
    return out


def standings_rows(tournament: Tournament, entries: list[Entry], rows: list[TournamentMatch]
                   ) -> list[pure_standings.Row]:
    options = settings_of(tournament)
    metrics = tuple(options.get("tiebreaks") or tournament.kind.default_tiebreaks)
    ids = [e.player_id for e in entries]
    return pure_standings.standings(
        ids, results_of(rows), metrics=metrics, seeds={e.player_id: e.seed or 999 for e in
                                                       entries},
        walkovers_count=options.get("walkovers_count", True),
        bye_is_win=options.get("bye_is_win", True),
        bonus=_late_bonus(ids, rows) if options.get("late_half_points") else None)


def _late_bonus(ids: list[int], rows: list[TournamentMatch]) -> dict[int, float]:
    """Half a point per round a late entry missed (before the first round they played)."""
    rounds = sorted({r.round_number for r in rows})
    first: dict[int, int] = {}
    for row in rows:
        for player in (row.player_a_id, row.player_b_id):
            if player:
                first[player] = min(first.get(player, row.round_number), row.round_number)
    return {p: 0.5 * sum(1 for n in rounds if n < first.get(p, rounds[-1] + 1 if rounds
                                                            else 1)) for p in ids}


def standings_table(*, tournament: Tournament, flight: str | None = None) -> dict:
    """Rows best first with the player, place label, the tie-break values (in the event's
    order) and what is marked (walkovers, withdrawn); plus the column headings."""
    entries = entries_by_seed(tournament)
    rows = _matches(tournament, flight)
    if flight is not None:
        inside = {p for r in rows for p in (r.player_a_id, r.player_b_id) if p}
        entries = [e for e in entries if e.player_id in inside]
    table = standings_rows(tournament, entries, rows)
    by_player = {e.player_id: e for e in entries}
    metrics = list(table[0].values) if table else []
    return {
        "columns": [str(METRIC_LABELS[m]) for m in metrics],
        "rows": [{"label": r.label, "place_label": place_label(r.label),
                  "player": by_player[r.player].player,
                  "withdrawn": by_player[r.player].status != Entry.Status.ACTIVE,
                  "values": [r.values[m] for m in metrics], "wins": r.wins,
                  "losses": r.losses, "byes": r.byes, "walkovers": r.walkovers,
                  "played": r.played, "player_id": r.player} for r in table],
    }


def standings_tables(*, tournament: Tournament) -> list[dict]:
    """The standings per group (one table when the event has no groups), each with its
    crosstable when everyone meets everyone."""
    kind = tournament.kind
    flights = groups_of(tournament=tournament) if kind.is_grouped else [None]
    return [{"flight": f, "standings": standings_table(tournament=tournament, flight=f),
             "crosstable": crosstable_for(tournament=tournament, flight=f)
             if kind.has_crosstable else None} for f in flights]


def pairings_by_round(*, tournament: Tournament) -> list[dict]:
    """Each round's matches (byes included), latest round first."""
    by_round: dict[tuple, dict] = {}
    for row in _matches(tournament):
        column = by_round.setdefault((row.flight, row.round_number), {
            "name": row.round.name, "display_name": row.round.display_name,
            "flight": row.flight, "number": row.round_number,
            "length": row.length, "matches": []})
        column["matches"].append(row)
    return [by_round[k] for k in sorted(by_round, key=lambda k: (k[0], -k[1]))]


def rounds_forecast(*, tournament: Tournament, rounds: list[dict]) -> list[dict]:
    """The rounds (``pairings_by_round``), each still to play (a match waiting, ready or in
    progress) with its forecast: whether its matches will be rated, and why."""
    to_play = [column for column in rounds
               if any(m.status in _UNDECIDED for m in column["matches"])]
    for column in to_play:
        column["kind"] = tournament.format
    forecasts_add(club=tournament.club, items=to_play)
    return rounds


def crosstable_for(*, tournament: Tournament, flight: str | None = None) -> dict:
    """The grid of results (rows and columns in seed order)."""
    rows = _matches(tournament, flight)
    entries = entries_by_seed(tournament)
    if flight is not None:
        inside = {p for r in rows for p in (r.player_a_id, r.player_b_id) if p}
        entries = [e for e in entries if e.player_id in inside]
    ids = [e.player_id for e in entries]
    grid = crosstable(ids, results_of(rows))
    won_text, lost_text = pgettext("wins", "W"), pgettext("losses", "L")
    walkover_text = gettext("(wo)")
    cells = []
    for i, entry in enumerate(entries):
        line = []
        for j in range(len(entries)):
            results = grid[i][j]
            line.append(None if results is None else [
                (won_text if won else lost_text)
                + (f" {mine}-{theirs}" if mine is not None else "")
                + (f" {walkover_text}" if walkover else "")
                for won, mine, theirs, walkover in results])
        cells.append({"player": entry.player, "cells": line})
    return {"players": [e.player for e in entries], "rows": cells}


def groups_of(*, tournament: Tournament) -> list[str]:
    return sorted(set(tournament.matches.values_list("flight", flat=True)))


def round_plan(*, tournament: Tournament) -> dict:
    """Rounds published so far, the rounds set for the event (if any) and the standard
    suggestion: ceil(log2 N) for a Swiss, more for a MoreSwiss."""
    from tournaments.formats.swiss import suggested_rounds

    options = settings_of(tournament)
    active = tournament.entries.filter(status=Entry.Status.ACTIVE).count()
    losses = options.get("losses_out")  # a MoreSwiss's setting only
    played = tournament.rounds.count() if tournament.kind.is_paired_by_round else 0
    return {"played": played, "planned": options.get("rounds"),
            "suggested": suggested_rounds(active, losses_out=losses)}
