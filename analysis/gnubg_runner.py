"""The module that drives GNU Backgammon's analysis (the ``gnubg`` package; ``gnubg_player``
asks it for the computer's choices).

``analyse_text`` hands gnubg a match file, lets it analyse the whole match at the chosen
ply and thresholds (``analyse match``), and takes gnubg's figures: its own statistics
(``show statistics match``, read by ``analysis.core.statistics``) and the analysed match it
saves as SGF (read through the engine's SGF reader into the decisions, each with gnubg's
mark). gnubg's own conversion from match winning chances to normalised equity (``mwc2eq``)
is used for the cube decisions. (The module's ``gnubg.match(analysis=1, statistics=1)``
hands back neither the analysis nor the statistics in the version we use, 1.1.0a16: only
the moves.)

gnubg holds global state and is not thread-safe: call this from one thread of a worker
process (Celery's prefork pool), never inside a web request. ``set threads 1`` is needed
inside the Python module, or ``analyse match`` never returns.

gnubg is imported inside the functions, never at the top: ``set threads 1`` starts a thread,
and a process forked after that (Celery's prefork parent forking its children) would
inherit gnubg's state without the thread. Only the worker children ever load it.
"""

import tempfile
from collections.abc import Callable
from pathlib import Path

from games.engine import matchfile, sgf
from games.engine.errors import EngineError

from .core.decisions import DecisionPoint, Thresholds, player_names, read_decisions
from .core.errors import AnalysisFileError
from .core.report import MatchAnalysis
from .core.statistics import read_statistics
from .gnubg_session import gnubg_command, gnubg_session

PLIES = (0, 1, 2, 3)
#: gnubg's own thresholds today (doubtful 0.03, bad 0.06, very bad 0.12 EMG)
GNUBG_THRESHOLDS = Thresholds()
_LAST_IMPORT: dict[str, str] = {}  # the text last imported -> gnubg's checksum of it


class AnalysisInputError(ValueError):
    """gnubg cannot read this match (the file, not the machine, is at fault)."""


def gnubg_version() -> str:
    import gnubg

    return str(gnubg.version)


def analyse_text(data: str | bytes, *, name: str = "", plies: int = 0,
                 thresholds: Thresholds = GNUBG_THRESHOLDS,
                 progress: Callable[[int], None] | None = None) -> MatchAnalysis:
    """Analyse a match file (the text format or SGF) at ``plies`` (0 or 2 in practice),
    gnubg marking errors at ``thresholds``; ``progress`` hears a percentage now and then."""
    if plies not in PLIES:
        raise ValueError(f"plies must be one of {PLIES}, not {plies!r}")
    report = progress or (lambda percent: None)
    parsed = _parse(data, name)
    text = data if isinstance(data, str) else data.decode(parsed.encoding, errors="replace")
    text = text.lstrip("\ufeff")
    mat_text = text if not sgf.is_sgf(text[:512], name) else matchfile.write_match_file(parsed)
    with tempfile.TemporaryDirectory(prefix="gnubg-") as folder:
        games, table = _analysed_games(Path(folder), mat_text, parsed, plies, thresholds,
                                       report)
    try:
        decisions = read_decisions(games, to_emg=_to_emg)
        names = player_names(games)
        players = read_statistics(table)
    except (ValueError, LookupError) as exc:  # AnalysisFileError and the engine's SgfError
        raise AnalysisFileError(f"gnubg's analysis could not be read: {exc}") from exc
    report(95)
    return MatchAnalysis(gnubg_version=gnubg_version(), plies=plies, names=names,
                         match_length=parsed.match_length, decisions=tuple(decisions),
                         players=players, thresholds=thresholds)


def _parse(text: str | bytes, name: str) -> matchfile.MatchFile:
    try:
        return sgf.parse_record(text, name=name)
    except (EngineError, ValueError) as exc:
        raise AnalysisInputError(f"not a readable match file: {exc}") from exc


def _analysed_games(folder: Path, mat_text: str, parsed, plies: int, thresholds: Thresholds,
                    report) -> tuple[list[list[sgf.SgfNode]], str]:
    """The analysed match's game trees as gnubg saved them, and its statistics table."""
    gnubg = gnubg_session()
    _configure(gnubg, plies, thresholds)
    report(5)
    games = _import(gnubg, folder, mat_text, parsed)
    report(10)
    output = gnubg_command(gnubg, "analyse match")
    report(90)
    table = gnubg_command(gnubg, "show statistics match")
    saved = folder / "analysed.sgf"
    gnubg_command(gnubg, f'save match "{saved}"')
    if not saved.exists():
        raise AnalysisFileError(f"gnubg saved no analysis: {output[-500:]}")
    try:
        result = sgf.game_trees(saved.read_text(encoding="utf-8", errors="replace"))
    except sgf.SgfError as exc:
        raise AnalysisFileError(f"gnubg's analysis could not be read: {exc}") from exc
    if len(result) != games:
        raise AnalysisFileError(f"gnubg saved {len(result)} games of {games}")
    return result, table


def _configure(gnubg, plies: int, thresholds: Thresholds) -> None:
    for command in (
        "set output digits 6",
        f"set analysis threshold doubtful {thresholds.doubtful}",
        f"set analysis threshold bad {thresholds.bad}",
        f"set analysis threshold verybad {thresholds.very_bad}",
        "set analysis moves on", "set analysis cube on", "set analysis luck on",
        f"set analysis chequerplay evaluation plies {plies}",
        f"set analysis cubedecision evaluation plies {plies}",
    ):
        gnubg_command(gnubg, command)


def _import(gnubg, folder: Path, mat_text: str, parsed) -> int:
    """Import the text; if gnubg reads another number of games than our engine does (a
    dialect it reads differently), import our engine's rewrite in gnubg's own layout."""
    expected = len(parsed.games)
    for attempt, text in enumerate((mat_text, matchfile.write_match_file(parsed))):
        path = folder / f"match{attempt}.mat"
        path.write_text(text, encoding="utf-8")
        before = _checksum(gnubg)
        output = gnubg_command(gnubg, f'import mat "{path}"')
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


def _to_emg(mwc: float, point: DecisionPoint) -> float:
    """gnubg's normalised equity for a match winning chance (money: already equity)."""
    if not point.score.length:
        return mwc
    import gnubg

    owner = -1 if point.cube.owner is None else point.cube.owner
    info = gnubg.cubeinfo(point.cube.value, owner, point.mover, point.score.length,
                          point.score.scores, int(point.crawford_game), 0)
    return float(gnubg.mwc2eq(mwc, info))


def _last_lines(output: str, count: int = 3) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()
             and not line.startswith((" |", " +", "v|", "^|"))]
    return " / ".join(lines[-count:]) or "no message"
