"""A zip of match files, filed at once: each file matched to a stored result of the club, or
creating one when the admin asks, or refused with its reason; a report row for each.

The zip is judged by its directory before anything in it is read (its size, how many files,
how much they unpack to: a zip bomb is refused whole, nothing stored); then its files are
read one at a time from memory (never extracted to disk), each through the one import path
(``match_import``: the rules check is queued after commit, and the analysis follows a
passed check, as for any upload). Each file is its own transaction: a refused file changes
nothing, and a worker that stops midway resumes after the last file reported.

Matching (a file to a stored ``FinishedMatch`` organised by the club): the two players (the
names in the file to the club's current members: exactly as written, then ignoring case and
accents), the day (the file's EventDate or Date tag; SGF's DT) and the score (the loser's
points, the winner, the length; a result stored without a score matches on its winner). A
matched file is stored as that result's evidence (``is_evidence``: it publishes no second
result) and linked to it (``MatchRecord.finished_match``).
"""

import hashlib
import io
import logging
import posixpath
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from clubs.permissions import club_players
from clubs.selectors.names import name_key
from config.refusals import Refusal
from games.engine import sgf
from games.engine.replay import replay, rules_for
from games.models import BulkFile, BulkUpload, MatchRecord
from ops.locks import lock_row
from ops.outage import enqueue
from results.models import FinishedMatch

from .match_import import MatchImportError, match_import, match_parse
from .match_results import played_on

log = logging.getLogger(__name__)

#: What a match file's name ends with (anything else in the zip is refused as not one).
TEXT_SUFFIXES, SGF_SUFFIXES = (".mat", ".txt"), (".sgf",)
Verdict = BulkFile.Verdict
#: An upload queued longer than this was not picked up: the requeue sends it again.
REQUEUE_AFTER = timedelta(minutes=2)


class MatchFilesError(Refusal):
    """The zip as a whole is refused (nothing stored); the reason says why."""


class _Refused(Exception):
    """One file refused: its report row says why (the file changes nothing)."""

    def __init__(self, reason: str, verdict: str = Verdict.REFUSED, record=None, result=None,
                 names: list[str] | None = None):
        super().__init__(reason)
        self.reason, self.verdict, self.record, self.result = reason, verdict, record, result
        self.names = names or []


def _size(value: int) -> str:
    return number_format(value, force_grouping=True)


# ------------------------------------------------------------------------ the zip, whole


def match_files_too_big(*, size: int, slack: int = 0) -> None:
    """Refuse an upload by its size alone (the request's declared length, with ``slack`` for
    the form around the file; the file's), before it is read."""
    if size > settings.BULK_MAX_BYTES + slack:
        raise MatchFilesError(gettext(
            "The upload is %(size)s bytes; the limit is %(limit)s bytes.")
            % {"size": _size(size), "limit": _size(settings.BULK_MAX_BYTES)})


def match_files_entries(*, data: bytes) -> list[zipfile.ZipInfo]:
    """The zip's files, judged by its directory alone (nothing is unpacked): refused when it
    is not a zip, too big, holds too many files or unpacks to too much (a zip bomb)."""
    match_files_too_big(size=len(data))
    try:
        infos = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise MatchFilesError(gettext("This is not a zip file (a .zip of .mat and .sgf "
                                      "files).")) from exc
    if len(infos) > settings.BULK_MAX_FILES:
        raise MatchFilesError(gettext(
            "The zip holds %(count)s files; the limit is %(limit)s.")
            % {"count": _size(len(infos)), "limit": _size(settings.BULK_MAX_FILES)})
    unpacked = sum(info.file_size for info in infos)
    if unpacked > settings.BULK_MAX_UNCOMPRESSED_BYTES:
        raise MatchFilesError(gettext(
            "The zip would unpack to %(size)s bytes; the limit is %(limit)s bytes. Nothing "
            "was read.") % {"size": _size(unpacked),
                            "limit": _size(settings.BULK_MAX_UNCOMPRESSED_BYTES)})
    files = [info for info in infos if not info.is_dir() and not _is_clutter(info.filename)]
    if not files:
        raise MatchFilesError(gettext("The zip holds no files."))
    return files


def _is_clutter(name: str) -> bool:
    """What archivers add beside the files (macOS's resource forks, hidden files)."""
    return name.startswith("__MACOSX/") or posixpath.basename(name).startswith(".")


def match_files_upload(*, club: Club, data: bytes, filename: str, uploaded_by,
                       create: bool = False) -> BulkUpload:
    """Store the upload and read it: here and now when it is small
    (``BULK_INLINE_MAX_FILES``), else in the worker (after commit), with its progress on the
    row. The caller has gated the club (its admins)."""
    files = match_files_entries(data=data)
    inline = len(files) <= settings.BULK_INLINE_MAX_FILES
    upload = BulkUpload.objects.create(
        club=club, uploaded_by=uploaded_by, name=filename[:255], create=create, data=data,
        total=len(files))
    if inline:
        return match_files_run(upload_id=upload.pk) or upload
    transaction.on_commit(lambda: match_files_enqueue(upload_id=upload.pk), robust=True)
    return upload


def match_files_requeue(*, older_than: timedelta = REQUEUE_AFTER) -> list[int]:
    """The uploads still queued after ``older_than`` (their message lost: the broker was
    down): ``match_files_requeue_task`` sends them again (a second message is harmless: the
    claim and the rows already reported make the run resume, never repeat)."""
    return list(BulkUpload.objects.filter(
        status=BulkUpload.Status.QUEUED, created_at__lt=timezone.now() - older_than,
    ).values_list("pk", flat=True))


def match_files_enqueue(*, upload_id: int) -> None:
    """Send the upload to a worker (by the task's name: the tasks import this module)."""
    enqueue(current_app.tasks["games.tasks.match_files_run_task"], upload_id)


# ------------------------------------------------------------------------ the files, one by one


def match_files_claim(*, upload_id: int) -> bool:
    """Mark the upload running; False when it is finished or unknown (nothing to do)."""
    with transaction.atomic():
        upload = lock_row(BulkUpload.objects.filter(
            status__in=[BulkUpload.Status.QUEUED, BulkUpload.Status.RUNNING]),
            missing_ok=True, pk=upload_id)
        if upload is None:
            return False
        upload.status = BulkUpload.Status.RUNNING
        upload.save(update_fields=["status"])
    return True


def match_files_run(*, upload_id: int) -> BulkUpload | None:
    """Read every file not yet reported (a redelivered task resumes), then mark it done and
    let the zip go."""
    if not match_files_claim(upload_id=upload_id):
        return None
    upload = BulkUpload.objects.select_related("club", "uploaded_by").get(pk=upload_id)
    try:
        archive = zipfile.ZipFile(io.BytesIO(bytes(upload.data)))
        files = match_files_entries(data=bytes(upload.data))
    except MatchFilesError as exc:  # checked on upload: only a changed setting gets here
        return _finish(upload, BulkUpload.Status.FAILED, str(exc))
    reported = set(upload.files.values_list("index", flat=True))
    seen = _Seen.of(upload)
    for index, info in enumerate(files):
        if index not in reported:
            _file_report(upload, index, info.filename, lambda i=info: _member(archive, i), seen)
    return _finish(upload, BulkUpload.Status.DONE, "")


def _finish(upload: BulkUpload, status: str, error: str) -> BulkUpload:
    upload.refresh_from_db(fields=["done"])
    upload.status, upload.error = status, error
    if status != BulkUpload.Status.DONE or not _names_waiting(upload):
        upload.data = b""  # kept while a file waits for its players to be chosen
    upload.finished_at = timezone.now()
    upload.save(update_fields=["status", "error", "data", "finished_at"])
    return upload


def _names_waiting(upload: BulkUpload) -> list[BulkFile]:
    """The refused files that wait for the admin to choose a player for a name."""
    return [row for row in upload.files.filter(verdict=Verdict.REFUSED).order_by("index")
            if row.names]


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """One file's bytes, read from memory, never more than a match file may hold."""
    limit = settings.MATCH_UPLOAD_MAX_BYTES
    if info.file_size > limit:
        raise _Refused(gettext("The file is %(size)s bytes; the limit is %(limit)s bytes.")
                       % {"size": _size(info.file_size), "limit": _size(limit)})
    try:
        with archive.open(info) as member:
            data = member.read(limit + 1)
    except (zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
            ValueError) as exc:
        raise _Refused(gettext("The file could not be unpacked from the zip (damaged, "
                               "encrypted or compressed in an unknown way).")) from exc
    if len(data) > limit:  # a directory that lies about the size
        raise _Refused(gettext("The file is over the limit of %(limit)s bytes.")
                       % {"limit": _size(limit)})
    return data


@dataclass
class _Seen:
    """What this zip has filed so far: the same file twice, or the same match twice (a
    .mat and an .sgf of one match), is a duplicate of the first."""

    digests: dict[str, str]
    matches: dict[tuple, str]

    @classmethod
    def of(cls, upload: BulkUpload) -> "_Seen":
        seen = cls({}, {})
        for row in upload.files.exclude(match_record=None).select_related("match_record"):
            seen.digests.setdefault(row.match_record.source_sha256, row.name)
        return seen


def _file_report(upload: BulkUpload, index: int, name: str, read: Callable[[], bytes],
                 seen: _Seen) -> BulkFile:
    """File one zip member and write its report row, in one transaction (or, refused, the
    row alone)."""
    row = BulkFile(upload=upload, index=index, name=name[:255])
    try:
        with transaction.atomic():
            row.match_record, row.finished_match, row.verdict, row.reason = _file(
                upload, name, read(), seen)
            _row_save(row)
    except _Refused as refused:
        _refused_save(row, refused)
    except (OperationalError, InterfaceError):
        raise  # the database went away: the task retries, resuming at this file
    except Exception:  # a bug, or a file no reader foresaw: said on its row, the rest go on
        log.exception("bulk upload %s: file %s failed", upload.pk, name)
        _refused_save(row, _Refused(gettext(
            "This file could not be filed: an error on our side (it is logged). Nothing of "
            "it was stored.")))
    return row


def _refused_save(row: BulkFile, refused: _Refused, *, counted: bool = True) -> None:
    row.verdict, row.reason, row.names = refused.verdict, refused.reason, refused.names
    row.match_record, row.finished_match = refused.record, refused.result
    with transaction.atomic():
        _row_save(row, counted=counted)


def _row_save(row: BulkFile, *, counted: bool = True) -> None:
    row.save()
    if counted:  # a file filed again (its names chosen) was counted the first time
        BulkUpload.objects.filter(pk=row.upload_id).update(done=F("done") + 1)


def _file(upload: BulkUpload, name: str, data: bytes, seen: _Seen):
    """(record, result, verdict, reason) for one file, or ``_Refused``."""
    club = upload.club
    parsed = _parsed(name, data)
    digest = hashlib.sha256(data).hexdigest()
    if digest in seen.digests:
        raise _Refused(gettext("The same file as %(name)s in this zip.")
                       % {"name": seen.digests[digest]}, Verdict.DUPLICATE)
    stored = MatchRecord.objects.filter(club=club, source_sha256=digest).first()
    if stored is not None:
        raise _Refused(gettext("This file was already imported as record #%(id)s.")
                       % {"id": stored.pk}, Verdict.DUPLICATE, record=stored,
                       result=stored.finished_match)
    left, right = _players(upload, parsed.players)
    if left.pk == right.pk:
        raise _Refused(gettext("Both names in the file are %(name)s.") % {"name": left.name})
    day, result = _file_result(parsed)
    key = (day, frozenset([(left.pk, result[0]), (right.pk, result[1])]))
    if key in seen.matches:
        raise _Refused(gettext("The same match as %(name)s in this zip.")
                       % {"name": seen.matches[key]}, Verdict.DUPLICATE)
    summary = _summary(parsed, day, left, right, result)
    found = _stored_result(club, day, left, right, result, parsed.match_length)
    if found is None and not upload.create:
        raise _Refused(gettext("No stored result matches (%(match)s); ask for results to be "
                               "created to add it.") % {"match": summary})
    record = _import(upload, name, data, left, right, evidence=found is not None)
    seen.digests[digest], seen.matches[key] = name, name
    if found is None:
        return record, None, Verdict.CREATED, gettext(
            "Created: %(match)s (its result is stored once its rules check has run).") % {
            "match": summary}
    MatchRecord.objects.filter(pk=record.pk).update(finished_match=found)
    return record, found, Verdict.MATCHED, gettext("Matched to the stored result: %(match)s.") % {
        "match": summary}


def _parsed(name: str, data: bytes):
    """The file read as what its name says it is, or refused: the line (or SGF node) and
    why, or that it is not what its name says."""
    lower = name.lower()
    if not lower.endswith(TEXT_SUFFIXES + SGF_SUFFIXES):
        raise _Refused(gettext("Not a match file: only .mat, .txt and .sgf files are read."))
    is_sgf = sgf.is_sgf(data)
    if lower.endswith(SGF_SUFFIXES) and not is_sgf:
        raise _Refused(gettext("The file is named .sgf but is not an SGF file."))
    if lower.endswith(TEXT_SUFFIXES) and is_sgf:
        raise _Refused(gettext("The file is named %(suffix)s but is an SGF file.")
                       % {"suffix": posixpath.splitext(lower)[1]})
    try:
        parsed = match_parse(data=data, filename=name)
    except MatchImportError as exc:
        raise _Refused(str(exc)) from exc
    if not parsed.match_length:
        raise _Refused(gettext("A money session has no result to file."))
    return parsed


def _player(club: Club, written: str) -> Player:
    """The club's current member the file names: exactly as written, else ignoring case and
    accents; refused when none, or more than one, answers to the name."""
    members = list(Player.objects.members_of(club).filter(name=written.strip()))
    if not members:
        key = name_key(written)
        members = [player for player in Player.objects.members_of(club)
                   if name_key(player.name) == key]
    if len(members) == 1:
        return members[0]
    if not members:
        raise _Refused(gettext("No member of the club is named “%(name)s”.")
                       % {"name": written})
    raise _Refused(gettext("%(count)s members of the club are named “%(name)s”.")
                   % {"count": len(members), "name": written})


def _players(upload: BulkUpload, written: list[str]) -> list[Player]:
    """The two players the file names: the admin's choice for a name (``upload.names``),
    else the club's member of that name; refused with every name no member answers to
    (kept on the file's row, for the admin to choose)."""
    found, reasons, unknown = [], [], []
    for name in written:
        if name in upload.names:
            found.append(Player.objects.get(pk=upload.names[name]))
            continue
        try:
            found.append(_player(upload.club, name))
        except _Refused as refused:
            reasons.append(refused.reason)
            unknown.append(name)
    if unknown:
        raise _Refused(" ".join([*reasons, gettext(
            "Choose a player for the name, or a new guest, and the file is filed again.")]),
            names=unknown)
    return found


def _file_result(parsed):
    """(the day, (left's score, right's score)) the file says, or refused."""
    day = played_on(parsed.tags)
    if day is None:
        raise _Refused(gettext("The file names no date (an EventDate or Date tag)."))
    report = replay(parsed, rules_for(parsed))
    if report.winner is None:
        raise _Refused(gettext("The match in the file is not finished (%(left)s–%(right)s "
                               "of %(length)s points).") % {
            "left": report.final_score[0], "right": report.final_score[1],
            "length": parsed.match_length})
    return day, tuple(report.final_score)


def _summary(parsed, day, left: Player, right: Player, result) -> str:
    event = ", ".join(v for v in (parsed.tags.get("Event", ""), parsed.tags.get("Round", ""))
                      if v.strip())
    match = gettext("%(left)s %(score_left)s–%(score_right)s %(right)s on %(day)s, "
                    "%(length)s points") % {
        "left": left.name, "right": right.name, "score_left": result[0],
        "score_right": result[1], "day": date_format(day), "length": parsed.match_length}
    return f"{match} ({event})" if event else match


def _stored_result(club: Club, day, left: Player, right: Player, result, length: int
                   ) -> FinishedMatch | None:
    """The club's stored result of this match not yet given a file, locked (two uploads of
    one match: the second waits, then finds it taken). A match file's own result (another
    file of the same match) is a duplicate."""
    winner = left if result[0] > result[1] else right
    scores = {left.pk: result[0], right.pk: result[1]}
    rows = FinishedMatch.objects.filter(
        Q(player_a=left, player_b=right) | Q(player_a=right, player_b=left), club=club,
        finished_at__date=day, length=length, winner=winner,
    ).exclude(outcome=FinishedMatch.Outcome.VOID).order_by("finished_at", "pk")
    for row in rows:
        if not _same_score(row, scores, winner.pk, length):
            continue
        if row.source == FinishedMatch.Source.MATCH_RECORD:
            raise _Refused(gettext("The same match is stored as record #%(id)s.")
                           % {"id": row.source_id}, Verdict.DUPLICATE, result=row)
        row = lock_row(FinishedMatch, pk=row.pk)
        if not _has_file(row):
            return row
    return None


def _has_file(row: FinishedMatch) -> bool:
    return MatchRecord.objects.filter(finished_match=row).exists()


def _same_score(row: FinishedMatch, scores: dict[int, int], winner_id: int, length: int
                ) -> bool:
    """The loser's points the same, and the winner's (or both at least the length: one
    writer caps the last game's points at what was needed); no score stored: the winner."""
    if row.score_a is None or row.score_b is None:
        return True
    stored = {row.player_a_id: row.score_a, row.player_b_id: row.score_b}
    loser_id = next(pk for pk in scores if pk != winner_id)
    won = stored[winner_id] == scores[winner_id] or min(stored[winner_id],
                                                        scores[winner_id]) >= length
    return stored[loser_id] == scores[loser_id] and won


def _import(upload: BulkUpload, name: str, data: bytes, left: Player, right: Player, *,
            evidence: bool) -> MatchRecord:
    try:
        return match_import(club=upload.club, data=data, filename=posixpath.basename(name),
                            uploaded_by=upload.uploaded_by, player_left=left,
                            player_right=right, evidence=evidence,
                            past_members=bool(upload.names))
    except MatchImportError as exc:
        raise _Refused(str(exc)) from exc


# ------------------------------------------------------------------------ names chosen


NEW = "new"


def match_files_names(*, upload_id: int, names: dict[str, int | str]) -> BulkUpload:
    """The admin's players for the names no member answered to (a player id of the club,
    past or present, or "new": a guest made once, a past member of the club), then the
    files waiting for those names filed again. Refused whole (nothing made) for a name no
    file of the zip waits for, a player not of the club, or "new" for a name a player of
    the club already bears."""
    with transaction.atomic():
        # the row alone (PostgreSQL locks no outer join's nullable side: the uploader)
        upload = lock_row(BulkUpload, pk=upload_id)
        if upload.status != BulkUpload.Status.DONE:
            raise MatchFilesError(gettext("The zip is still being read: choose the names "
                                          "once its report is done."))
        _names_record(upload, names)
    seen = _Seen.of(upload)
    archive = zipfile.ZipFile(io.BytesIO(bytes(upload.data))) if upload.data else None
    infos = {info.filename: info for info in archive.infolist()} if archive else {}
    for row in _names_waiting(upload):
        info = infos.get(row.name)
        if info is not None and all(n in upload.names for n in row.names):
            _file_again(upload, row, lambda i=info: _member(archive, i), seen)
    if not _names_waiting(upload):
        BulkUpload.objects.filter(pk=upload.pk).update(data=b"")
    upload.refresh_from_db(fields=["done"])
    return upload


def _names_record(upload: BulkUpload, names: dict) -> None:
    waiting = {n for row in _names_waiting(upload) for n in row.names}
    ids = []
    for name, choice in names.items():
        if name not in waiting:
            raise MatchFilesError(gettext("No file of this zip waits for a player named "
                                          "“%(name)s”.") % {"name": name})
        if choice != NEW:
            if isinstance(choice, bool) or not isinstance(choice, int):
                raise MatchFilesError(gettext('Choose a player\'s id or "new" for '
                                              '“%(name)s”.') % {"name": name})
            ids.append(choice)
    club_players(club=upload.club, players=ids, past_too=True, error=MatchFilesError)
    for name, choice in names.items():
        if choice == NEW:
            choice = _guest(upload.club, name)
        upload.names[name] = choice
    upload.save(update_fields=["names"])


def _guest(club: Club, name: str) -> int:
    """A guest for a name: a new player, a past member of the club. Refused when a player
    of the club (past or present) already bears the name: nobody is made twice."""
    key = name_key(name)
    for player in Player.objects.members_of(club, past_too=True).only("pk", "name"):
        if name_key(player.name) == key:
            raise MatchFilesError(gettext(
                "%(player)s (#%(id)s) is already a player of the club: choose them rather "
                "than a new guest.") % {"player": player.name, "id": player.pk})
    guest = Player.objects.create(name=name.strip()[:120])
    Membership.objects.create(club=club, player=guest, is_active=False)
    return guest.pk


def _file_again(upload: BulkUpload, row: BulkFile, read: Callable[[], bytes],
                seen: _Seen) -> None:
    """File a waiting file again with the names chosen: its row says what became of it."""
    try:
        with transaction.atomic():
            row.match_record, row.finished_match, row.verdict, row.reason = _file(
                upload, row.name, read(), seen)
            row.names = []
            _row_save(row, counted=False)
    except _Refused as refused:
        _refused_save(row, refused, counted=False)
    except (OperationalError, InterfaceError):
        raise
    except Exception:  # a bug, or a file no reader foresaw: said on its row
        log.exception("bulk upload %s: file %s failed when filed again", upload.pk, row.name)
        _refused_save(row, _Refused(gettext(
            "This file could not be filed: an error on our side (it is logged). Nothing of "
            "it was stored.")), counted=False)
