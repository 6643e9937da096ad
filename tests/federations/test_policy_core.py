"""The rated-match policy as rules (pure, no database): what is never rated, each reason
names whose policy decided, and a club's narrowing never rates what its federation's does
not (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from federations.core.policy import (
    EVENT_KINDS,
    FRIENDLY,
    Facts,
    Rules,
    narrow,
    rules_errors,
    verdict,
    verdict_under,
    widenings,
)


def facts(**changes) -> Facts:
    values = {"kind": "swiss", "outcome": "played", "finished": True, "length": 7,
              "venue": "board", "rated_agreed": False}
    return Facts(**{**values, **changes})


rules = st.builds(Rules, min_length=st.integers(1, 25),
                  event_kinds=st.frozensets(st.sampled_from(EVENT_KINDS)),
                  friendly_if_agreed=st.booleans(), live=st.booleans(), online=st.booleans())
all_facts = st.builds(Facts, kind=st.sampled_from((*EVENT_KINDS, FRIENDLY, "chouette")),
                      outcome=st.sampled_from(("played", "bye", "walkover", "forfeit", "void")),
                      finished=st.booleans(), length=st.integers(1, 25),
                      venue=st.sampled_from(("board", "site")), rated_agreed=st.booleans())


def test_default_rules_rate_a_played_swiss_match():
    found = verdict(facts(), Rules(), owner="DBgF")
    assert found.rated
    assert found.reason == ("rated: %(owner)s's policy", {"owner": "DBgF"})


def test_a_short_match_names_the_length_and_the_owner():
    found = verdict(facts(length=1), Rules(min_length=3), owner="Riverside")
    assert not found.rated
    msgid, params = found.reason
    assert msgid % params == "1-point match: Riverside's policy"


def test_never_rated_whatever_the_policy_says():
    wide = Rules(friendly_if_agreed=True)
    for changes in ({"kind": "chouette"}, {"outcome": "bye"}, {"outcome": "walkover"},
                    {"outcome": "forfeit"}, {"outcome": "void"}, {"finished": False}):
        assert not verdict(facts(**changes), wide, owner="X").rated, changes


def test_a_friendly_needs_the_policy_and_the_players_agreement():
    assert not verdict(facts(kind=FRIENDLY, rated_agreed=True), Rules(), owner="X").rated
    agreed = Rules(friendly_if_agreed=True)
    assert not verdict(facts(kind=FRIENDLY), agreed, owner="X").rated
    assert verdict(facts(kind=FRIENDLY, rated_agreed=True), agreed, owner="X").rated


def test_the_venue_follows_live_and_online():
    assert not verdict(facts(venue="site"), Rules(online=False), owner="X").rated
    assert not verdict(facts(venue="board"), Rules(live=False), owner="X").rated
    assert verdict(facts(venue="site"), Rules(live=False), owner="X").rated


def test_a_kind_of_event_not_listed_is_not_rated():
    found = verdict(facts(kind="ladder"), Rules(event_kinds=frozenset({"swiss"})), owner="X")
    assert not found.rated
    assert found.reason[1]["kind"] == "ladder"


def test_verdict_under_names_the_club_that_refused():
    found = verdict_under(facts(length=1), [(Rules(), "DBgF"), (Rules(min_length=3), "Riverside")])
    assert found.reason[1]["owner"] == "Riverside"
    assert verdict_under(facts(), [(Rules(), "DBgF"), (Rules(), "Riverside")]).reason[1] == {
        "owner": "DBgF"}


def test_widenings_name_each_way_the_club_widens():
    federation = Rules(min_length=3, event_kinds=frozenset({"swiss"}), live=False)
    club = Rules(min_length=1, event_kinds=frozenset({"swiss", "ladder"}),
                 friendly_if_agreed=True)
    assert len(widenings(federation, club)) == 4
    assert widenings(federation, narrow(federation, club)) == []


def test_rules_errors_name_an_unknown_kind():
    assert rules_errors(min_length=1, event_kinds=["swiss"]) == []
    [(msgid, params)] = rules_errors(min_length=1, event_kinds=["blitz"])
    assert params["kinds"] == "blitz"
    assert rules_errors(min_length=0, event_kinds=[])


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(rules, rules, all_facts)
def test_a_narrowed_policy_never_rates_what_the_federation_does_not(federation, club, match):
    if verdict(match, narrow(federation, club), owner="club").rated:
        assert verdict(match, federation, owner="federation").rated


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(rules, rules)
def test_a_narrowed_policy_never_widens(federation, club):
    assert widenings(federation, narrow(federation, club)) == []


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(rules, rules, all_facts)
def test_a_policy_without_widenings_rates_nothing_more(federation, club, match):
    if not widenings(federation, club) and verdict(match, club, owner="c").rated:
        assert verdict(match, federation, owner="f").rated
