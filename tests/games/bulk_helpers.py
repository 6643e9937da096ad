"""Zips of real match files (shared/data/matches), built in memory for the bulk tests, and the
club's stored results they are matched to."""

import datetime
import io
import zipfile

from django.utils import timezone

from results.models import FinishedMatch
from results.services import finished_match_record
from tests.factories import MembershipFactory, PlayerFactory, sample_bytes

CHARLOT_MAT = "charlot1-charlot2_7p_2025-11-08-2305.mat"
CHARLOT_SGF = "charlot1-charlot2_7p_2025-11-08-2305.sgf"
SELFPLAY = "gnubg_selfplay_drops_7p.mat"


def zip_of(files: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def samples_zip(*names: str, **renamed: str) -> bytes:
    """A zip of sample files (``renamed``: a name in the zip -> the sample's name)."""
    files = {name: sample_bytes(name) for name in names}
    files.update({inside: sample_bytes(sample) for inside, sample in renamed.items()})
    return zip_of(files)


def members(club, *names: str):
    return [MembershipFactory(club=club, player=PlayerFactory(name=name)).player
            for name in names]


def stored_result(club, a, b, *, day, score_a, score_b, length=7, source_id=1):
    """A result entered without its file (as a spreadsheet import stores one)."""
    at = timezone.make_aware(datetime.datetime.combine(day, datetime.time(20)))
    return finished_match_record(
        club=club, source=FinishedMatch.Source.IMPORT, source_id=source_id, player_a=a,
        player_b=b, length=length, winner=a if score_a > score_b else b, score_a=score_a,
        score_b=score_b, finished_at=at)
