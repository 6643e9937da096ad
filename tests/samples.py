"""Where the real match files written by other programs are (``shared/data/matches``).

They are not copied into this repository (their licences differ from ours; SOURCES.md
there names each file's source). Looked up, first found wins: ``SAMPLE_MATCHES_DIR``,
then ``shared/data/matches`` beside the checkout, then the workplace's ``/work/shared``
(so a clone anywhere on a development machine finds them). Django-free: the engine's
tests import it too.
"""

import os
from pathlib import Path

_CANDIDATES = [
    os.environ.get("SAMPLE_MATCHES_DIR", ""),
    str(Path(__file__).resolve().parents[2] / "shared" / "data" / "matches"),
    "/work/shared/data/matches",
]

SAMPLES = next((Path(c) for c in _CANDIDATES if c and Path(c).is_dir()), Path(_CANDIDATES[1]))
