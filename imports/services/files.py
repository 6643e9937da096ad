"""Reading an uploaded spreadsheet (CSV, XLSX, ODS) into rows of strings, refusing a file
that is not what its name says, too large, a zip bomb, or without the required columns.

XLSX is read with openpyxl in read-only mode (it streams the sheet: 50,000 rows in a few
seconds and little memory), ODS through tablib (odfpy), CSV with the standard library.
"""

import csv
import datetime
import io
import zipfile
from collections.abc import Iterator

from django.conf import settings
from django.utils.translation import gettext

from config.refusals import Refusal

#: The columns each kind needs (a header row names them, in any order and case).
REQUIRED = {
    "members": ("name", "email", "joined"),
    "results": ("date", "player", "opponent", "length", "score_player", "score_opponent",
                "event", "kind", "rated"),
}
#: Columns read when present (the rest are ignored).
OPTIONAL = {"members": (), "results": ("resigned",)}
FORMATS = ("csv", "xlsx", "ods")
#: What an ODS zip's ``mimetype`` member says.
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"


class ImportFileError(Refusal):
    """A file refused as a whole (nothing is read from it)."""


def file_format(name: str) -> str:
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix not in FORMATS:
        raise ImportFileError(gettext("%(name)s is not a CSV, XLSX or ODS file.")
                              % {"name": name})
    return suffix


def size_check(*, size: int) -> None:
    """Refused by size before anything is read."""
    if size > settings.IMPORT_MAX_BYTES:
        raise ImportFileError(gettext(
            "The file is %(size)s bytes; at most %(most)s bytes are read.")
            % {"size": size, "most": settings.IMPORT_MAX_BYTES})


def declared_size_check(*, meta: dict) -> None:
    """Refused by the size the request declares, before its body is read (by the CSRF
    check or the form's parser): the file and the form's few fields around it."""
    declared = str(meta.get("CONTENT_LENGTH") or "0")
    if declared.isdigit() and int(declared) > settings.IMPORT_MAX_BYTES + 65536:
        size_check(size=int(declared))


def content_check(*, name: str, data: bytes) -> str:
    """The file's format, if its content is what its name says; a spreadsheet's zip is
    measured before it is opened (a zip bomb is refused by its unpacked size)."""
    size_check(size=len(data))
    kind = file_format(name)
    if kind == "csv":
        if data.startswith(b"PK\x03\x04") or b"\x00" in data[:65536]:
            raise ImportFileError(gettext("%(name)s is not a CSV text file.") % {"name": name})
        return kind
    if not data.startswith(b"PK\x03\x04"):
        raise ImportFileError(gettext("%(name)s is not an %(format)s spreadsheet.")
                              % {"name": name, "format": kind.upper()})
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            names = {m.filename for m in members}
            unpacked = sum(m.file_size for m in members)
            mimetype = archive.read("mimetype") if "mimetype" in names else b""
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, KeyError) as exc:
        raise ImportFileError(gettext("%(name)s is not an %(format)s spreadsheet.")
                              % {"name": name, "format": kind.upper()}) from exc
    if unpacked > settings.IMPORT_MAX_UNZIPPED_BYTES or len(members) > 10_000:
        raise ImportFileError(gettext(
            "%(name)s unpacks to %(size)s bytes; at most %(most)s bytes are read.")
            % {"name": name, "size": unpacked, "most": settings.IMPORT_MAX_UNZIPPED_BYTES})
    looks = ("xl/workbook.xml" in names if kind == "xlsx"
             else mimetype.strip() == ODS_MIMETYPE)
    if not looks:
        raise ImportFileError(gettext("%(name)s is not an %(format)s spreadsheet.")
                              % {"name": name, "format": kind.upper()})
    return kind


def _cell(value) -> str:
    """A cell as text: a date as ISO, a whole number without its ``.0``."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        return (value.date().isoformat() if value.time() == datetime.time()
                else value.isoformat())
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _raw_rows(kind: str, data: bytes) -> Iterator[list]:
    if kind == "csv":
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportFileError(gettext("The CSV file is not UTF-8 text.")) from exc
        yield from csv.reader(io.StringIO(text, newline=""))
    elif kind == "xlsx":
        from openpyxl import load_workbook

        try:
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except Exception as exc:  # noqa: BLE001 - any reader error: not a readable sheet
            raise ImportFileError(gettext("The XLSX file cannot be read.")) from exc
        try:
            yield from book.worksheets[0].iter_rows(values_only=True)
        finally:
            book.close()
    else:
        import tablib

        try:
            book = tablib.Databook().load(data, format="ods")
            sheet = book.sheets()[0]
        except Exception as exc:  # noqa: BLE001 - any reader error: not a readable sheet
            raise ImportFileError(gettext("The ODS file cannot be read.")) from exc
        yield list(sheet.headers or [])
        yield from sheet


def rows_read(*, name: str, data: bytes, kind: str) -> Iterator[tuple[int, dict]]:
    """Each row of the file as ``(line, {column: text})`` for the columns the kind knows
    (empty rows skipped); refused as a whole when a required column is missing."""
    rows = _raw_rows(content_check(name=name, data=data), data)
    header = [_cell(h).lower() for h in next(rows, [])]
    missing = [column for column in REQUIRED[kind] if column not in header]
    if missing:
        raise ImportFileError(gettext("The file has no column %(columns)s (its first row "
                                      "names the columns).")
                              % {"columns": ", ".join(missing)}, fields={"missing": missing})
    wanted = {column: header.index(column) for column in (*REQUIRED[kind], *OPTIONAL[kind])
              if column in header}
    for number, row in enumerate(rows, start=2):
        cells = [_cell(v) for v in row]
        if not any(cells):
            continue
        yield number, {column: cells[i] if i < len(cells) else ""
                       for column, i in wanted.items()}
