"""Reads of the imports app: names matched to players, an import as the API shows it, and
a club's history in the import's columns (the export)."""

import csv
import datetime
import io
import unicodedata
from collections import defaultdict

from django.db.models import Case, IntegerField, When
from django.utils import timezone

from clubs.models import Club, Membership
from config.spreadsheets import spreadsheet_safe
from config.texts import StoredText, render
from federations.selectors import fellow_member_clubs
from ratings import core as rating_core
from ratings.models import RatingSettings
from results.models import SOURCE_KINDS, FinishedMatch

from .models import Import, ImportRow

#: Letters that are not a base letter with an accent, as written without them.
LETTERS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ß": "ss", "đ": "d",
                         "Đ": "D", "ł": "l", "Ł": "L", "œ": "oe", "Œ": "OE", "þ": "th"})


def name_key(name: str) -> str:
    """A name ignoring case, accents and spacing (as ``people`` compares them; Søren Kjær
    is soren kjaer)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name.translate(LETTERS))
                    if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


#: A finished match's kind of event, in the import's three words.
KIND_WORDS = {"league": "league", "team_league": "league", "friendly": "friendly",
              "ladder": "friendly", "tournament": "tournament"}


def _initial_key(name: str) -> tuple[str, str] | None:
    """("j", "smith") for "J. Smith", "J Smith" and "John Smith"."""
    parts = name_key(name).replace(".", " ").split()
    if len(parts) < 2:
        return None
    return parts[0][0], " ".join(parts[1:])


def federation_clubs(*, club: Club) -> list[int]:
    """The other clubs of the federations the club is a member of (their players may be
    named in its history, as visitors: ``results.services.club_visiting_clubs``)."""
    return fellow_member_clubs(club=club)


def _people(club: Club) -> tuple[list[tuple], set[int]]:
    """(player id, name, club name, own club?) of the club's members past and present, then
    of its federations' other member clubs' current members; and the own members' ids."""
    own = list(Membership.objects.filter(club=club).values_list("player_id", "player__name"))
    others = list(Membership.objects.active().filter(club_id__in=federation_clubs(club=club))
                  .exclude(player_id__in=[p for p, _ in own])
                  .values_list("player_id", "player__name", "club__name"))
    people = [(pk, name, club.name, True) for pk, name in own]
    people += [(pk, name, club_name, False) for pk, name, club_name in others]
    return people, {pk for pk, _ in own}


def names_match(*, club: Club, names: list[str]) -> dict[str, dict]:
    """Each name as written -> ``{"match": player id or None, "candidates": [...]}``:
    exact (one member of the club of that name), then ignoring case and accents (one
    member); the candidates are the members (and the federation's other clubs' players)
    of that name ignoring case and accents, or with the written initial ("J. Smith" ->
    John Smith)."""
    people, _ = _people(club)
    exact, loose, initials = defaultdict(list), defaultdict(list), defaultdict(list)
    for person in people:
        exact[person[1]].append(person)
        loose[name_key(person[1])].append(person)
        if (key := _initial_key(person[1])) is not None:
            initials[key].append(person)
    found = {}
    for name in names:
        own_exact = [p for p in exact.get(name, []) if p[3]]
        own_loose = [p for p in loose.get(name_key(name), []) if p[3]]
        match = (own_exact[0][0] if len(own_exact) == 1 else
                 own_loose[0][0] if not own_exact and len(own_loose) == 1 else None)
        seen, candidates = set(), []
        for p in (*own_exact, *loose.get(name_key(name), []),
                  *initials.get(_initial_key(name) or ("", ""), [])):
            if p[0] not in seen:
                seen.add(p[0])
                candidates.append({"player": p[0], "name": p[1], "club": p[2]})
        found[name] = {"match": match, "candidates": candidates[:10]}
    return found


def players_clubs(*, club: Club, ids: set[int]) -> dict[int, int]:
    """Of ``ids``, each player the club's import may name -> the club they play for: the
    club itself for its own members (past or present), else their federation club (where
    they are a current member: the first by name)."""
    own = set(Membership.objects.filter(club=club).values_list("player_id", flat=True))
    clubs = dict.fromkeys(ids & own, club.pk)
    for pk, club_id in (Membership.objects.active()
                        .filter(club_id__in=federation_clubs(club=club))
                        .order_by("club__name", "club_id").values_list("player_id", "club_id")):
        if pk in ids:
            clubs.setdefault(pk, club_id)
    return clubs


def choosable_players(*, club: Club, ids: set[int]) -> dict[int, bool]:
    """Of ``ids``, the players the club's import may name -> whether they are the club's
    own members (past or present); the others are its federations' clubs' players."""
    people, own = _people(club)
    allowed = {p[0] for p in people}
    return {pk: pk in own for pk in ids if pk in allowed}


def row_errors_shown(errors: list) -> list[str]:
    return [render(StoredText.from_json(e)) for e in errors]


def import_rows(*, batch: Import, verdict: str | None = None, errors_first: bool = False):
    """The import's rows as ``(number, verdict, data, errors)``, in file order (the errors
    first when asked), of one verdict when given: a query to slice (a page of them)."""
    rows = batch.rows.all()
    if verdict:
        rows = rows.filter(verdict=verdict)
    if errors_first:
        rows = rows.alias(ok=Case(When(verdict=ImportRow.Verdict.ERROR, then=0), default=1,
                                  output_field=IntegerField())).order_by("ok", "number")
    else:
        rows = rows.order_by("number")
    return rows.values_list("number", "verdict", "data", "errors")


def rows_shown(rows) -> list[dict]:
    """Rows of ``import_rows`` as the API and the page show them."""
    return [{"row": number, "verdict": verdict, "data": data,
             "errors": row_errors_shown(errors)} for number, verdict, data, errors in rows]


def import_names(*, batch: Import) -> list[dict]:
    """The import's names in order, each with its match and candidates."""
    return [{"name": name, "match": value.get("match"),
             "candidates": value.get("candidates", [])}
            for name, value in sorted(batch.names.items())]


def import_counts(*, batch: Import) -> dict:
    return {"total": batch.rows_total, "new": batch.rows_new, "same": batch.rows_same,
            "error": batch.rows_error}


def import_shown(*, batch: Import, rows=(), names: list[dict] | None = None) -> dict:
    """The import as the API and the page show it, with the rows given (a page of
    ``import_rows``) and the names given (a page of ``import_names``; all when None)."""
    return {
        "id": batch.pk, "club": batch.club.slug, "kind": batch.kind,
        "file_name": batch.file_name, "sha256": batch.sha256, "status": batch.status,
        "progress": batch.progress, "error": batch.error,
        "counts": import_counts(batch=batch),
        "names": import_names(batch=batch) if names is None else names,
        "rows": rows_shown(rows),
    }


def error_rows(*, batch: Import) -> list[dict]:
    """The rows with errors (the CSV to fix)."""
    return rows_shown(import_rows(batch=batch, verdict=ImportRow.Verdict.ERROR))


def imports_list(*, club: Club) -> list[Import]:
    return list(Import.objects.filter(club=club).defer("content")[:20])


def _rated_policy(club: Club):
    settings = RatingSettings.objects.filter(club=club).first()
    return (settings or RatingSettings(club=club)).as_pure().policy


def history_rows(*, club: Club) -> list[dict]:
    """The club's finished matches between two players, in the order they finished, in the
    import's columns (``rated``: whether the club's list counts it)."""
    policy = _rated_policy(club)
    rows = []
    matches = (FinishedMatch.objects.filter(club=club, outcome=FinishedMatch.Outcome.PLAYED,
                                            player_b__isnull=False)
               .order_by("finished_at", "pk")
               .values_list("finished_at", "player_a__name", "player_b__name", "length",
                            "score_a", "score_b", "event", "event_kind", "source",
                            "rated_agreed", "winner_id", "player_a_id"))
    for (at, a, b, length, score_a, score_b, event, event_kind, source, agreed, winner,
         a_id) in matches:
        if source == FinishedMatch.Source.IMPORT:
            rated = agreed
        else:
            rated = rating_core.is_rated(rating_core.MatchFacts(
                source=rating_core.SourceKind(source) if source in SOURCES
                else rating_core.SourceKind.LEAGUE, played=True, finished=True,
                length=length), policy)
        kind = event_kind or SOURCE_KINDS.get(source, source)
        winner_score = score_a if winner == a_id else score_b
        if score_a is None or score_b is None:  # no score kept: the winner's full length
            score_a, score_b = ((length, 0) if winner == a_id else (0, length))
            winner_score = length
        rows.append({
            "date": timezone.localtime(at, datetime.UTC).date().isoformat(),
            "player": a, "opponent": b, "length": length, "score_player": score_a,
            "score_opponent": score_b, "event": event,
            "kind": KIND_WORDS.get(kind, "tournament"), "rated": "yes" if rated else "no",
            "resigned": "yes" if (winner_score or 0) < length else "no"})
    return rows


SOURCES = {kind.value for kind in rating_core.SourceKind}

#: The export's columns: the import's, and ``resigned`` (a winner below the length).
HISTORY_COLUMNS = ("date", "player", "opponent", "length", "score_player", "score_opponent",
                   "event", "kind", "rated", "resigned")


def table_file(*, columns: tuple[str, ...] | list[str], rows: list[dict], file_format: str
               ) -> bytes:
    """Rows as a CSV (UTF-8) or XLSX file, every cell neutralised."""
    if file_format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([spreadsheet_safe(row.get(c, "")) for c in columns])
        return out.getvalue().encode("utf-8")
    import tablib

    data = tablib.Dataset(headers=list(columns))
    for row in rows:
        data.append([spreadsheet_safe(row.get(c, "")) for c in columns])
    return data.export("xlsx")


def history_file(*, club: Club, file_format: str) -> bytes:
    return table_file(columns=HISTORY_COLUMNS, rows=history_rows(club=club),
                      file_format=file_format)


def error_rows_file(*, batch: Import) -> bytes:
    """The rows with errors as a CSV to fix: the file's columns, then the errors."""
    rows = error_rows(batch=batch)
    columns = list(dict.fromkeys(c for row in rows for c in row["data"])) or ["row"]
    table = [{**row["data"], "row": row["row"], "errors": "; ".join(row["errors"])}
             for row in rows]
    return table_file(columns=["row", *[c for c in columns if c != "row"], "errors"],
                      rows=table, file_format="csv")
