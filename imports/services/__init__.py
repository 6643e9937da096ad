"""Importing a club's history (issue 36): upload and dry run, names to people, confirm,
store. Nothing of the club changes until the confirmation, and then all of it or none.

A file up to ``IMPORT_INLINE_BYTES`` is checked and stored in the request; a larger one in
the worker (``imports.tasks``), its progress kept on the import row. The tasks are found
by name (they import this module: importing them back would be a cycle).
"""

import datetime
import hashlib

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from config.refusals import Refusal
from config.texts import StoredText
from imports import selectors
from imports.models import Import, ImportRow
from imports.selectors import name_key
from ops.locks import lock_row
from ops.outage import enqueue
from results.models import FinishedMatch
from results.services import finished_matches_import

from .checks import member_row_check, plain, result_key, result_row_check
from .files import ImportFileError, content_check, rows_read

NEW = "new"
_ = StoredText.gettext
BATCH = 2000


class ImportRefused(Refusal):
    """An import step refused (its reason says why)."""


def _enqueue(task: str, import_id: int) -> None:
    transaction.on_commit(lambda: enqueue(current_app.tasks[f"imports.tasks.{task}"],
                                          import_id))


def _inline(batch: Import) -> bool:
    return len(batch.content) <= settings.IMPORT_INLINE_BYTES


def import_upload(*, club: Club, kind: str, name: str, data: bytes, by) -> Import:
    """Keep the file and check it (the dry run), here for a small file, else in the
    worker. A file refused as a whole (its type, its size, its columns) saves nothing."""
    if kind not in Import.Kind.values:
        raise ImportRefused(gettext("An import is of members or of results."))
    content_check(name=name, data=data)
    with transaction.atomic():
        batch = Import.objects.create(
            club=club, kind=kind, file_name=name[:200], content=data, uploaded_by=by,
            sha256=hashlib.sha256(data).hexdigest())
        if _inline(batch):
            _check(batch)
        else:
            _enqueue("import_check_task", batch.pk)
    return batch


def import_check(*, import_id: int) -> None:
    """The dry run of a large file, in the worker (a redelivery finds it done)."""
    batch = Import.objects.filter(pk=import_id, status=Import.Status.CHECKING).first()
    if batch is None:
        return
    try:
        _check(batch)  # not in one transaction: the progress is seen as it moves
    except ImportFileError as exc:
        Import.objects.filter(pk=import_id).update(status=Import.Status.FAILED,
                                                   error=str(exc.reason), progress=100)


def _progress(batch: Import, percent: int) -> None:
    batch.progress = min(99, percent)
    Import.objects.filter(pk=batch.pk).update(progress=batch.progress)


def _check(batch: Import) -> None:
    """Read, check, keep the rows: the progress says 30 once read, 50 once checked, then
    moves with the rows kept."""
    read = list(rows_read(name=batch.file_name, data=bytes(batch.content), kind=batch.kind))
    _progress(batch, 30)
    if batch.kind == Import.Kind.RESULTS:
        written = sorted({plain(d.get(c, "")) for _, d in read for c in ("player", "opponent")}
                         - {""})
        batch.names = selectors.names_match(club=batch.club, names=written)
    verdicts = _verdicts(batch, read)
    _progress(batch, 50)
    batch.rows.all().delete()  # a redelivered check replaces its rows wholesale
    made = [ImportRow(batch=batch, number=number, data=data, verdict=verdict, errors=errors)
            for (number, data), (verdict, errors) in zip(read, verdicts, strict=True)]
    for start in range(0, len(made), BATCH):
        ImportRow.objects.bulk_create(made[start:start + BATCH])
        _progress(batch, 50 + (start + BATCH) * 50 // len(made))
    _counted(batch, [v for v, _ in verdicts])
    batch.progress = 100
    batch.save(update_fields=["names", "status", "progress", "rows_total", "rows_new",
                              "rows_same", "rows_error"])


def _counted(batch: Import, verdicts: list[str]) -> None:
    batch.rows_total = len(verdicts)
    batch.rows_new = verdicts.count(ImportRow.Verdict.NEW)
    batch.rows_same = verdicts.count(ImportRow.Verdict.SAME)
    batch.rows_error = verdicts.count(ImportRow.Verdict.ERROR)
    batch.status = Import.Status.DRY_RUN if batch.rows_error else Import.Status.READY


def _verdicts(batch: Import, read: list[tuple[int, dict]]) -> list[tuple[str, list]]:
    today = timezone.localdate()
    if batch.kind == Import.Kind.MEMBERS:
        return _member_verdicts(batch.club, read, today)
    return _result_verdicts(batch, read, today)


def _member_verdicts(club: Club, read, today) -> list[tuple[str, list]]:
    known = {name_key(n) for n in Membership.objects.filter(club=club).values_list(
        "player__name", flat=True)}
    seen: dict[str, int] = {}
    verdicts = []
    for number, data in read:
        errors, values = member_row_check(data, today)
        if values is not None:
            key = name_key(values["name"])
            if key in seen:
                errors.append(_("The same member as row %(row)s.", row=seen[key]))
            seen.setdefault(key, number)
            if not errors and key in known:
                verdicts.append((ImportRow.Verdict.SAME, []))
                continue
        verdicts.append(_verdict(errors))
    return verdicts


def _verdict(errors: list) -> tuple[str, list]:
    if errors:
        return ImportRow.Verdict.ERROR, [e.as_json() for e in errors]
    return ImportRow.Verdict.NEW, []


def _stored_results(club: Club) -> set[tuple]:
    """The club's stored matches between two players, as ``result_key`` sees a row."""
    keys = set()
    for at, a, b, length, score_a, score_b in FinishedMatch.objects.filter(
            club=club, player_b__isnull=False).exclude(outcome=FinishedMatch.Outcome.VOID
                                                      ).values_list(
            "finished_at", "player_a_id", "player_b_id", "length", "score_a", "score_b"):
        keys.add(result_key({"date": timezone.localtime(at, datetime.UTC).date(),
                             "length": length, "score_a": score_a, "score_b": score_b}, a, b))
    return keys


def _person(batch: Import, name: str):
    """The player a written name stands for: an id, ("new", name), or None."""
    match = batch.names.get(name, {}).get("match")
    return (NEW, name) if match == NEW else match


def _result_verdicts(batch: Import, read, today) -> list[tuple[str, list]]:
    stored = _stored_results(batch.club)
    seen: dict[tuple, int] = {}
    verdicts = []
    for number, data in read:
        errors, values = result_row_check(data, today)
        people = []
        for name in (values["player"], values["opponent"]):
            person = _person(batch, name) if name else None
            if name and person is None:
                errors.append(
                    _("%(name)s matches no player for certain: choose one of the suggestions.",
                      name=name)
                    if batch.names.get(name, {}).get("candidates") else
                    _("%(name)s is not a member of the club: choose a player, or a new "
                      "guest.", name=name))
            people.append(person if person is not None else ("?", name))
        if people[0] == people[1] and values["player"] != values["opponent"]:
            errors.append(_("%(name)s cannot play against themself.", name=values["player"]))
        if errors:
            verdicts.append(_verdict(errors))
            continue
        key = result_key(values, *people)
        if key in seen:
            errors.append(_("The same match as row %(row)s.", row=seen[key]))
        seen.setdefault(key, number)
        if not errors and key in stored:
            verdicts.append((ImportRow.Verdict.SAME, []))
        else:
            verdicts.append(_verdict(errors))
    return verdicts


# --------------------------------------------------------------------------- confirm


def _names_chosen(batch: Import, names: dict) -> None:
    """The admin's choices (a player id or "new") over the suggestions; refused for a
    name not in the file or a player the club's import may not name."""
    ids = set()
    for name, choice in names.items():
        if name not in batch.names:
            raise ImportRefused(gettext("%(name)s is not a name in this file.")
                               % {"name": repr(name)})
        if choice != NEW:
            if isinstance(choice, bool) or not isinstance(choice, int):
                raise ImportRefused(gettext("Choose a player's id or \"new\" for %(name)s.")
                                   % {"name": repr(name)})
            ids.add(choice)
    allowed = selectors.choosable_players(club=batch.club, ids=ids)
    for name, choice in names.items():
        if choice != NEW and choice not in allowed:
            raise ImportRefused(gettext("Player %(id)s is not a member of this club or of "
                                       "its federation's clubs.") % {"id": choice})
        batch.names[name] = {**batch.names[name], "match": choice}


def import_confirm(*, batch: Import, names: dict) -> Import:
    """Confirm the dry run with the admin's choice of names: refused (with the rows)
    while an error or an unmatched name is left; else the import, once."""
    with transaction.atomic():
        batch = lock_row(Import, pk=batch.pk)
        if batch.status not in (Import.Status.DRY_RUN, Import.Status.READY):
            raise ImportRefused(gettext("This import cannot be confirmed: it is %(status)s.")
                               % {"status": batch.get_status_display().lower()})
        if names:
            _names_chosen(batch, names)
        rows = list(batch.rows.order_by("number").values_list("pk", "number", "data",
                                                              "verdict", "errors"))
        verdicts = _verdicts(batch, [(number, data) for _, number, data, *_ in rows])
        changed = [ImportRow(pk=pk, verdict=verdict, errors=errors)
                   for (pk, _, _, *before), (verdict, errors) in zip(rows, verdicts, strict=True)
                   if before != [verdict, errors]]
        ImportRow.objects.bulk_update(changed, ["verdict", "errors"], batch_size=BATCH)
        _counted(batch, [v for v, _ in verdicts])
        batch.save(update_fields=["names", "status", "rows_total", "rows_new", "rows_same",
                                  "rows_error"])
    if batch.rows_error:
        # the choices and verdicts are kept (the page shows them); nothing else changed
        raise ImportRefused(gettext("Rows with errors: %(count)s. Nothing was imported.")
                           % {"count": batch.rows_error},
                           fields={"counts": selectors.import_counts(batch=batch)})
    with transaction.atomic():
        batch = lock_row(Import, pk=batch.pk)
        if batch.status != Import.Status.READY:
            raise ImportRefused(gettext("This import cannot be confirmed: it is %(status)s.")
                               % {"status": batch.get_status_display().lower()})
        batch.status, batch.progress = Import.Status.IMPORTING, 0
        batch.save(update_fields=["status", "progress"])
        if _inline(batch):
            _store(batch)
        else:
            _enqueue("import_run_task", batch.pk)
    return batch


def import_run(*, import_id: int) -> None:
    """Store a confirmed import, in the worker (a redelivery finds it done)."""
    with transaction.atomic():
        batch = lock_row(Import, missing_ok=True, pk=import_id, status=Import.Status.IMPORTING)
        if batch is not None:
            _store(batch)


def _store(batch: Import) -> None:
    if batch.kind == Import.Kind.MEMBERS:
        _members_store(batch)
    else:
        _results_store(batch)
    batch.status, batch.progress = Import.Status.IMPORTED, 100
    batch.imported_at = timezone.now()
    batch.save(update_fields=["status", "progress", "imported_at"])


def _members_store(batch: Import) -> None:
    rows = list(batch.rows.filter(verdict=ImportRow.Verdict.NEW).order_by("number"))
    today = timezone.localdate()
    for row in rows:
        values = member_row_check(row.data, today)[1]
        row.player = Player.objects.create(name=values["name"], email=values["email"])
        membership = Membership.objects.create(club=batch.club, player=row.player)
        if values["joined"]:
            Membership.objects.filter(pk=membership.pk).update(joined_at=datetime.datetime.combine(
                values["joined"], datetime.time(12), datetime.UTC))
    ImportRow.objects.bulk_update(rows, ["player"], batch_size=BATCH)


def _guests(batch: Import) -> dict[str, tuple[int, int]]:
    """Each written name -> (its player, the club they played for): a new guest made for
    "new" (a past member of the club, so its results are the club's); a federation club's
    player plays as a visitor for their own club and gets no membership here (the results'
    rule: ``results.services.club_visiting_clubs``). Nobody is made twice: one guest per
    name as written."""
    people = {}
    chosen = {v["match"] for v in batch.names.values() if isinstance(v.get("match"), int)}
    clubs = selectors.players_clubs(club=batch.club, ids=chosen)
    for name, value in batch.names.items():
        match = value.get("match")
        if match == NEW:
            guest = Player.objects.create(name=name[:120])
            Membership.objects.create(club=batch.club, player=guest, is_active=False)
            match, clubs[guest.pk] = guest.pk, batch.club.pk
        if match is not None:
            people[name] = (match, clubs.get(match, batch.club.pk))
            batch.names[name] = {**value, "match": match}
    batch.save(update_fields=["names"])
    return people


def _results_store(batch: Import) -> None:
    people = _guests(batch)
    today = timezone.localdate()
    rows = []
    for pk, data in batch.rows.filter(verdict=ImportRow.Verdict.NEW).order_by(
            "number").values_list("pk", "data"):
        values = result_row_check(data, today)[1]
        (a, a_club), (b, b_club) = people[values["player"]], people[values["opponent"]]
        rows.append({
            "source_id": pk, "player_a": a, "player_b": b, "player_a_club": a_club,
            "player_b_club": b_club,
            "winner": a if values["score_a"] > values["score_b"] else b,
            "length": values["length"], "score_a": values["score_a"],
            "score_b": values["score_b"], "event": values["event"],
            "event_kind": values["kind"], "rated_agreed": values["rated"],
            "finished_at": datetime.datetime.combine(values["date"], datetime.time(12),
                                                     datetime.UTC)})
    finished_matches_import(club=batch.club, rows=rows)
