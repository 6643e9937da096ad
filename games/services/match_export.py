"""Export a record back to the text match format."""

from games.engine import matchfile
from games.models import MatchRecord


def match_export(*, record: MatchRecord) -> str:
    """The record in gnubg's layout; importing it again gives the same match."""
    return matchfile.write_match_file(matchfile.parse_match_file(record.source_text))
