"""Shared makers for the import tests: a results CSV from rows, an upload through the API."""

import csv
import io

from django.core.files.uploadedfile import SimpleUploadedFile

RESULT_COLUMNS = ["date", "player", "opponent", "length", "score_player", "score_opponent",
                  "event", "kind", "rated"]


def csv_bytes(rows: list[list], columns: list[str] = RESULT_COLUMNS) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue().encode()


def upload(client, slug: str, data: bytes, name: str = "history.csv", kind: str = "results"):
    return client.post(f"/api/clubs/{slug}/imports/",
                       {"file": SimpleUploadedFile(name, data), "kind": kind})


def confirm(client, import_id: int, names: dict | None = None):
    return client.post(f"/api/imports/{import_id}/confirm/", {"names": names or {}},
                       content_type="application/json")
