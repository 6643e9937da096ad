"""The one table from a format to its handler (tournaments/services/registry.py) and the
format's facts on the enum: every format has exactly one handler, and what a format is
agrees with what its handler does."""

import pytest

from tournaments.models import Tournament
from tournaments.services import registry

EventFormat = Tournament.Format


def test_every_format_has_a_handler():
    assert set(registry.HANDLERS) == set(EventFormat)


@pytest.mark.parametrize("format", list(EventFormat))
def test_a_round_based_format_has_a_round_based_handler(format):
    handler = registry.HANDLERS[format]
    assert isinstance(handler, registry.RoundBased) == format.is_round_based
    assert isinstance(handler, registry.Knockout) == (not format.is_round_based)


def test_the_facts_of_each_format():
    assert [f for f in EventFormat if f.is_round_based] == [
        EventFormat.SWISS, EventFormat.MORESWISS, EventFormat.ROUND_ROBIN, EventFormat.GROUPS]
    assert [f for f in EventFormat if f.is_paired_by_round] == [EventFormat.SWISS,
                                                                 EventFormat.MORESWISS]
    assert [f for f in EventFormat if f.is_grouped] == [EventFormat.GROUPS]
    assert [f for f in EventFormat if f.has_crosstable] == [EventFormat.ROUND_ROBIN,
                                                             EventFormat.GROUPS]
    assert all(f.default_tiebreaks for f in EventFormat if f.is_round_based)
    assert not any(f.default_tiebreaks for f in EventFormat if not f.is_round_based)


def test_a_tournament_s_kind_is_its_format_as_the_enum():
    assert Tournament(format="moreswiss").kind is EventFormat.MORESWISS
    assert Tournament(format="moreswiss").kind.is_paired_by_round


@pytest.mark.parametrize(("format", "over"), [(EventFormat.SWISS, None), (EventFormat.GROUPS, None),
                                              (EventFormat.ROUND_ROBIN, True)])
def test_who_ends_an_event_once_every_match_is_decided(format, over):
    """None: the director closes it; True: it ends by itself (a MoreSwiss asks its
    standings: tests/tournaments/test_swiss_event.py)."""
    assert registry.HANDLERS[format].over(Tournament(format=format)) is over
