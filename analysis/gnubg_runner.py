"""The module that drives GNU Backgammon's analysis (the ``gnubg`` package; ``gnubg_player``
asks it for the computer's choices).

``analyse_text`` hands gnubg a match file, lets it analyse the whole match at the chosen
ply (``analyse match``), has it save the analysed match as SGF and reads that back into
plain values (``analysis.core``). gnubg's own conversion from match winning chances to
normalised equity (``mwc2eq``) is used for the cube decisions.

gnubg holds global state and is not thread-safe: call this from one thread of a worker
process (Celery's prefork pool), never inside a web request. ``set threads 1`` is needed
inside the Python module, or ``analyse match`` never returns.

gnubg is imported inside the functions, never at the top: ``set threads 1`` starts a thread,
and a process forked after that (Celery's prefork parent forking its children) would
inherit gnubg's state without the thread. Only the worker children ever load it.
"""

import os
import sys
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from games.engine import matchfile, sgf
from games.engine.errors import EngineError

from .core.decisions import CubeState, Thresholds, player_names, read_decisions
from .core.report import MatchAnalysis
from .core.sgf import AnalysisFileError, read_games

PLIES = (0, 1, 2, 3)
_LAST_IMPORT: dict[str, str] = {}  # the text last imported -> gnubg's checksum of it
THRESHOLDS = Thresholds()


class AnalysisInputError(ValueError):
    """gnubg cannot read this match (the file, not the machine, is at fault)."""


def gnubg_version() -> str:
    import gnubg

    return str(gnubg.version)


def analyse_text(data: str | bytes, *, name: str = "", plies: int = 0,
                 progress: Callable[[int], None] | None = None) -> MatchAnalysis:
    """Analyse a match file (the text format or SGF) at ``plies`` (0 or 2 in practice);
    ``progress`` hears a percentage now and then."""
    if plies not in PLIES:
        raise ValueError(f"plies must be one of {PLIES}, not {plies!r}")
    report = progress or (lambda percent: None)
    parsed = _parse(data, name)
    text = data if isinstance(data, str) else data.decode(parsed.encoding, errors="replace")
    text = text.lstrip("\ufeff")
    mat_text = text if not sgf.is_sgf(text[:512], name) else matchfile.write_match_file(parsed)
    with tempfile.TemporaryDirectory(prefix="gnubg-") as folder:
        games = _analysed_games(Path(folder), mat_text, parsed, plies, report)
    try:
        decisions = read_decisions(games, to_emg=_to_emg, thresholds=THRESHOLDS,
                                   to_raw=_luck_raw)
        names = player_names(games)
    except (AnalysisFileError, ValueError, LookupError) as exc:
        raise AnalysisFileError(f"gnubg's analysis could not be read: {exc}") from exc
    report(95)
    return MatchAnalysis(gnubg_version=gnubg_version(), plies=plies, names=names,
                         match_length=parsed.match_length, decisions=tuple(decisions))


def _parse(text: str | bytes, name: str) -> matchfile.MatchFile:
    try:
        return sgf.parse_record(text, name=name)
    except (EngineError, ValueError) as exc:
        raise AnalysisInputError(f"not a readable match file: {exc}") from exc


def _analysed_games(folder: Path, mat_text: str, parsed, plies: int, report):
    import gnubg

    _configure(gnubg, plies)
    report(5)
    games = _import(gnubg, folder, mat_text, parsed)
    report(10)
    output = _command(gnubg, "analyse match")
    report(90)
    saved = folder / "analysed.sgf"
    _command(gnubg, f'save match "{saved}"')
    if not saved.exists():
        raise AnalysisFileError(f"gnubg saved no analysis: {output[-500:]}")
    result = read_games(saved.read_text(encoding="utf-8", errors="replace"))
    if len(result) != games:
        raise AnalysisFileError(f"gnubg saved {len(result)} games of {games}")
    return result


def _configure(gnubg, plies: int) -> None:
    for command in (
        "set threads 1", "set display off", "set sound enable off", "set confirm new off",
        "set automatic game off",
        f"set analysis threshold doubtful {THRESHOLDS.doubtful}",
        f"set analysis threshold bad {THRESHOLDS.bad}",
        f"set analysis threshold verybad {THRESHOLDS.very_bad}",
        "set analysis moves on", "set analysis cube on", "set analysis luck on",
        f"set analysis chequerplay evaluation plies {plies}",
        f"set analysis cubedecision evaluation plies {plies}",
    ):
        _command(gnubg, command)


def _import(gnubg, folder: Path, mat_text: str, parsed) -> int:
    """Import the text; if gnubg reads another number of games than our engine does (a
    dialect it reads differently), import our engine's rewrite in gnubg's own layout."""
    expected = len(parsed.games)
    for attempt, text in enumerate((mat_text, matchfile.write_match_file(parsed))):
        path = folder / f"match{attempt}.mat"
        path.write_text(text, encoding="utf-8")
        before = _checksum(gnubg)
        output = _command(gnubg, f'import mat "{path}"')
        after = _checksum(gnubg)
        # a failed import leaves the last match loaded: the checksum tells (unless this very
        # text was the last one imported, which gives the same match again)
        read = after is not None and (after != before or _LAST_IMPORT.get(text) == after)
        match = gnubg.match(analysis=0, boards=0) if read else None
        if match and len(match.get("games", ())) == expected and "Invalid" not in output:
            _LAST_IMPORT.clear()
            _LAST_IMPORT[text] = after
            return expected
    raise AnalysisInputError(
        f"GNU Backgammon could not read this match ({expected} games expected): "
        f"{_last_lines(output)}")


def _checksum(gnubg) -> str | None:
    try:
        return gnubg.matchchecksum()
    except Exception:  # no match loaded yet  # noqa: BLE001
        return None


def _to_emg(mwc: float, state: CubeState) -> float:
    """gnubg's normalised equity for a match winning chance (money: already equity)."""
    if not state.length:
        return mwc
    import gnubg

    info = gnubg.cubeinfo(state.cube, state.owner, state.mover, state.length, state.score,
                          int(state.crawford), 0)
    return float(gnubg.mwc2eq(mwc, info))


def _luck_raw(emg: float, state: CubeState) -> float:
    """A roll's luck unnormalised: in match play the match winning chance it moved (gnubg's
    ``eq2mwc`` at the roll's cube and score, less that of no luck); in money play the cube's
    value times it."""
    if not state.length:
        return emg * state.cube
    import gnubg

    info = gnubg.cubeinfo(state.cube, state.owner, state.mover, state.length, state.score,
                          int(state.crawford), 0)
    return float(gnubg.eq2mwc(emg, info)) - float(gnubg.eq2mwc(0.0, info))


def _command(gnubg, command: str) -> str:
    """Run one gnubg command with its terminal output (boards, messages) captured."""
    with _captured() as read:
        gnubg.command(command)
    return read()


@contextmanager
def _captured():
    """Send file descriptors 1 and 2 to a temporary file (gnubg's C code prints there)."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(1), os.dup(2)
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        text: list[str] = []
        try:
            yield lambda: "".join(text)
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            text.append(sink.read().decode("utf-8", "replace"))


def _last_lines(output: str, count: int = 3) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()
             and not line.startswith((" |", " +", "v|", "^|"))]
    return " / ".join(lines[-count:]) or "no message"
