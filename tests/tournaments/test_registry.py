"""The one table from a format to its handler (tournaments/services/registry.py) and the
format's facts on the enum: every format has exactly one handler, and what a format is
agrees with what its handler does."""

import pytest

from tournaments.models import Tournament
from tournaments.services import registry

F = Tournament.Format


def test_every_format_has_a_handler():
    assert set(registry.HANDLERS) == set(F)


@pytest.mark.parametrize("format", list(F))
def test_a_round_based_format_has_a_round_based_handler(format):
    handler = registry.HANDLERS[format]
    assert isinstance(handler, registry.RoundBased) == format.is_round_based
    assert isinstance(handler, registry.Knockout) == (not format.is_round_based)


def test_the_facts_of_each_format():
    assert [f for f in F if f.is_round_based] == [F.SWISS, F.MORESWISS, F.ROUND_ROBIN,
                                                 F.GROUPS]
    assert [f for f in F if f.is_paired_by_round] == [F.SWISS, F.MORESWISS]
    assert [f for f in F if f.is_grouped] == [F.GROUPS]
    assert [f for f in F if f.has_crosstable] == [F.ROUND_ROBIN, F.GROUPS]
    assert all(f.default_tiebreaks for f in F if f.is_round_based)
    assert not any(f.default_tiebreaks for f in F if not f.is_round_based)


def test_a_tournament_s_kind_is_its_format_as_the_enum():
    assert Tournament(format="moreswiss").kind is F.MORESWISS
    assert Tournament(format="moreswiss").kind.is_paired_by_round


@pytest.mark.parametrize(("format", "over"), [(F.SWISS, None), (F.GROUPS, None),
                                              (F.ROUND_ROBIN, True)])
def test_who_ends_an_event_once_every_match_is_decided(format, over):
    """None: the director closes it; True: it ends by itself (a MoreSwiss asks its
    standings: tests/tournaments/test_swiss_event.py)."""
    assert registry.HANDLERS[format].over(Tournament(format=format)) is over
