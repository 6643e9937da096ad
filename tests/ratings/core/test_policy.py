"""Which matches are rated: always, never, and by the club's settings."""

import pytest

from ratings.core import MatchFacts, RatedMatchPolicy, SourceKind, is_rated

DEFAULT = RatedMatchPolicy()
STRICT = RatedMatchPolicy(one_point_matches=False, ladder=False, friendly=False)
GENEROUS = RatedMatchPolicy(one_point_matches=True, ladder=True, friendly=True)


def facts(source=SourceKind.TOURNAMENT, *, played=True, finished=True, length=5):
    return MatchFacts(source=source, played=played, finished=finished, length=length)


@pytest.mark.parametrize("source", [SourceKind.TOURNAMENT, SourceKind.LEAGUE])
@pytest.mark.parametrize("policy", [DEFAULT, STRICT, GENEROUS])
def test_tournament_and_league_matches_are_always_rated(source, policy):
    assert is_rated(facts(source), policy)


@pytest.mark.parametrize("source", list(SourceKind))
@pytest.mark.parametrize("policy", [DEFAULT, GENEROUS])
def test_walkovers_byes_and_forfeits_are_never_rated(source, policy):
    assert not is_rated(facts(source, played=False), policy)


@pytest.mark.parametrize("source", list(SourceKind))
def test_unfinished_matches_are_never_rated(source):
    assert not is_rated(facts(source, finished=False), GENEROUS)


def test_money_play_is_never_rated():
    assert not is_rated(facts(length=0), GENEROUS)


def test_one_point_matches_count_by_default_and_can_be_excluded():
    assert is_rated(facts(length=1), DEFAULT)
    assert not is_rated(facts(length=1), STRICT)
    assert is_rated(facts(length=3), STRICT)


def test_ladder_matches_count_by_default_and_can_be_excluded():
    assert is_rated(facts(SourceKind.LADDER), DEFAULT)
    assert not is_rated(facts(SourceKind.LADDER), STRICT)


def test_friendly_uploads_do_not_count_by_default_and_can_be_included():
    assert not is_rated(facts(SourceKind.MATCH_RECORD), DEFAULT)
    assert is_rated(facts(SourceKind.MATCH_RECORD), GENEROUS)


def test_the_source_may_be_given_as_its_string_value():
    assert is_rated(facts("league"), STRICT)
    assert not is_rated(facts("match_record"), DEFAULT)


def test_every_finished_match_source_but_an_import_is_known_to_the_policy():
    """A team league's board (and any source results may write) is judged, never a
    ValueError in the worker's replay (imports carry their own "rated" column)."""
    from results.models import FinishedMatch

    for source in set(FinishedMatch.Source.values) - {FinishedMatch.Source.IMPORT}:
        facts = MatchFacts(source=source, played=True, finished=True, length=5)
        assert is_rated(facts, RatedMatchPolicy(friendly=True))
