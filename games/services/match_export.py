"""Export a record as a text match file (.mat) or as GNU Backgammon's SGF."""

from games.engine import matchfile, sgf
from games.engine.replay import replay
from games.models import MatchRecord

from .rules_check import rules_for_record


def _parsed(record: MatchRecord) -> matchfile.MatchFile:
    return sgf.parse_record(record.source_text, name=record.source_name)


def match_export(*, record: MatchRecord) -> str:
    """The record in gnubg's text layout; importing it again gives the same match."""
    return matchfile.write_match_file(_parsed(record))


def match_export_sgf(*, record: MatchRecord) -> str:
    """The record as SGF (``GM[6]``), plays hop by hop as the engine's replay read them;
    importing it again gives the same games, plays, cube actions and score."""
    parsed = _parsed(record)
    return sgf.write_sgf(parsed, replay(parsed, rules_for_record(record)))
