"""The national list: one replay over every rated match of the member clubs, by each
player's one identity, kept in step in the worker from the first changed match on."""

import datetime

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Membership
from federations.models import FederationClub, RatedPolicy
from ratings import core
from ratings.models import Pool, Rating, RatingChange
from ratings.selectors.national import matches_fill, national_rows
from ratings.services.national import national_matches, national_recompute
from ratings.services.national_marks import national_recompute_request
from results.services import finished_match_record
from tests.factories import MembershipFactory, PlayerFactory
from tests.ratings.federation_world import at, build_federation, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(club, other_club):
    return build_federation(club, other_club)


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """Run the writes' on-commit steps (the receiver's mark, then the eager replay)."""
    def run(write):
        with django_capture_on_commit_callbacks(execute=True):
            return write()
    return run


def pool_of(w) -> Pool:
    return Pool.objects.get(owner_kind="federation", federation=w.federation)


def ratings_of(w) -> dict:
    return {r.player_id: (r.rating, r.experience, r.matches, r.wins)
            for r in Rating.objects.filter(pool=pool_of(w))}


def history_of(w) -> list:
    return list(RatingChange.objects.filter(pool=pool_of(w)).order_by(
        "finished_at", "match_id", "player_id").values_list(
        "match_id", "player_id", "opponent_id", "rating_before", "rating_after",
        "experience_before", "experience_after", "k", "p"))


def from_scratch(w) -> tuple:
    """The list replayed from the beginning (what any change must end equal to)."""
    national_recompute_request(federation_id=w.federation.pk)
    national_recompute(federation_id=w.federation.pk)
    return ratings_of(w), history_of(w)


def test_matches_of_two_member_clubs_enter_one_list(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1)))
    commit(lambda: play(w.other_club, w.cat, w.dan, w.dan, at(2026, 3, 2)))
    assert set(ratings_of(w)) == {w.ann.pk, w.ben.pk, w.cat.pk, w.dan.pk}
    assert ratings_of(w)[w.ann.pk][0] == pytest.approx(1522.3606797749979)


def test_a_player_at_two_clubs_has_one_national_rating(world, commit):
    w = world
    commit(lambda: play(w.club, w.fay, w.ann, w.fay, at(2026, 3, 1)))
    commit(lambda: play(w.other_club, w.fay, w.cat, w.fay, at(2026, 3, 2)))
    fay = ratings_of(w)[w.fay.pk]
    assert fay[1:] == (10, 2, 2)
    assert RatingChange.objects.get(pool=pool_of(w), player=w.fay,
                                    opponent=w.cat).rating_before > 1500


def test_a_federation_event_between_clubs_is_rated(world, commit):
    w = world
    commit(lambda: play(None, w.ann, w.cat, w.cat, at(2026, 3, 1), federation=w.federation,
                        source="team_league"))
    assert {w.ann.pk, w.cat.pk} == set(ratings_of(w))


def test_a_match_before_the_club_joined_is_not_in_the_list(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2024, 12, 31)))
    assert ratings_of(w) == {}


def test_a_club_that_left_keeps_its_matches_up_to_the_day_it_left(world, commit):
    w = world
    link = FederationClub.objects.get(federation=w.federation, club=w.club)
    link.status, link.left_on = "left", datetime.date(2026, 3, 1)
    commit(link.save)
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1, 21)))
    commit(lambda: play(w.club, w.ann, w.ben, w.ben, at(2026, 3, 2)))
    assert ratings_of(w)[w.ann.pk][2] == 1


def test_a_match_the_policy_does_not_rate_stays_out(world, commit):
    w = world
    commit(lambda: RatedPolicy.objects.create(federation=w.federation, min_length=3))
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=1))
    assert ratings_of(w) == {}


def test_a_clubs_narrowing_applies_to_its_own_events(world, commit):
    w = world
    commit(lambda: RatedPolicy.objects.create(club=w.club, min_length=5))
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=3))
    commit(lambda: play(w.other_club, w.cat, w.dan, w.cat, at(2026, 3, 1), length=3))
    assert set(ratings_of(w)) == {w.cat.pk, w.dan.pk}


def test_a_policy_change_replays_the_list(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=1))
    assert ratings_of(w)
    commit(lambda: RatedPolicy.objects.create(federation=w.federation, min_length=3))
    assert ratings_of(w) == {}


def test_a_back_dated_result_ends_where_a_replay_from_scratch_ends(world, commit):
    w = world
    for day, (a, b, winner) in enumerate([(w.ann, w.ben, w.ann), (w.cat, w.dan, w.cat),
                                          (w.fay, w.ann, w.fay), (w.fay, w.cat, w.cat)]):
        organiser = w.club if a in (w.ann, w.ben) or b == w.ann else w.other_club
        commit(lambda o=organiser, a=a, b=b, winner=winner, day=day:
               play(o, a, b, winner, at(2026, 3, day + 2)))
    commit(lambda: play(w.club, w.ann, w.fay, w.ann, at(2026, 3, 1), length=7))
    incremental = ratings_of(w), history_of(w)
    assert incremental == from_scratch(w)


def test_a_void_replays_from_its_date(world, commit):
    w = world
    first = commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), source_id=7))
    commit(lambda: play(w.club, w.ann, w.ben, w.ben, at(2026, 3, 2)))
    commit(lambda: finished_match_record(
        club=w.club, source="league", source_id=7, player_a=w.ann, player_b=w.ben, length=5,
        winner=None, finished_at=first.finished_at, outcome="void"))
    assert ratings_of(w)[w.ann.pk][2] == 1
    assert (ratings_of(w), history_of(w)) == from_scratch(w)


def test_the_danish_formula_moves_n_times_one_minus_the_winners_chance(club, other_club,
                                                                        commit):
    w = build_federation(club, other_club, formula="danish", start_rating=1000.0)
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=5))
    assert ratings_of(w)[w.ann.pk][0] == 1002.5
    assert ratings_of(w)[w.ben.pk][0] == 997.5


def test_a_new_formula_replays_the_whole_list(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=5))
    w.federation.formula = "danish"
    commit(w.federation.save)
    assert ratings_of(w)[w.ann.pk][0] == 1502.5


def test_the_replay_reads_each_match_once_in_finishing_order(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 2)))
    commit(lambda: play(w.club, w.ben, w.ann, w.ben, at(2026, 3, 1)))
    keys = [m[0][1] for m in national_matches(federation=w.federation)]
    assert keys == sorted(keys) and len(keys) == 2


@pytest.mark.django_db(transaction=True)
def test_the_matches_are_read_outside_a_transaction_too(club, other_club):
    """On PostgreSQL the reading is a server-side cursor of its own: in autocommit it is
    declared WITH HOLD (without it: "DECLARE CURSOR can only be used in transaction
    blocks")."""
    w = build_federation(club, other_club)
    play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 2))
    assert len(national_matches(federation=w.federation)) == 1


# --------------------------------------------------------------------------- listing rules


def listed(w, day):
    rows = national_rows(federation=w.federation, as_of=day)
    return {r["player"]: r for r in matches_fill(rows, pool_id=pool_of(w).pk, as_of=day)}


def test_a_guest_is_rated_but_listed_only_once_they_join_a_member_club(world, commit):
    w = world
    guest_link = MembershipFactory(club=w.club, player=w.eve)
    commit(lambda: play(w.club, w.eve, w.ann, w.eve, at(2026, 3, 1)))
    Membership.objects.filter(pk=guest_link.pk).update(is_active=False)
    assert w.eve.pk in ratings_of(w)
    assert w.eve.pk not in listed(w, datetime.date(2026, 3, 5))
    joined = MembershipFactory(club=w.other_club, player=w.eve)
    Membership.objects.filter(pk=joined.pk).update(joined_at=at(2026, 3, 4))
    assert listed(w, datetime.date(2026, 3, 5))[w.eve.pk]["clubs"] == ["hilltop"]
    assert w.eve.pk not in listed(w, datetime.date(2026, 3, 3))  # a guest on that day


def test_a_player_who_moved_is_listed_with_the_club_of_that_day(world, commit):
    """Ben left Riverside for Hilltop on 20 March: the list as of a day before shows
    Riverside, after it Hilltop, and the day itself both (the day he left is still his)."""
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1)))
    Membership.objects.filter(player=w.ben, club=w.club).update(
        is_active=False, ended_at=at(2026, 3, 20, 9))
    moved = MembershipFactory(club=w.other_club, player=w.ben)
    Membership.objects.filter(pk=moved.pk).update(joined_at=at(2026, 3, 20, 18))
    assert listed(w, datetime.date(2026, 3, 5))[w.ben.pk]["clubs"] == ["riverside"]
    assert listed(w, datetime.date(2026, 3, 20))[w.ben.pk]["clubs"] == ["hilltop",
                                                                        "riverside"]
    assert listed(w, datetime.date(2026, 3, 25))[w.ben.pk]["clubs"] == ["hilltop"]


def test_a_player_below_the_threshold_is_provisional(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1), length=5))
    commit(lambda: play(w.club, w.ann, w.fay, w.ann, at(2026, 3, 2), length=5))
    rows = listed(w, datetime.date(2026, 3, 5))
    assert rows[w.ann.pk]["provisional"] is False  # 10 experience, threshold 10
    assert rows[w.ben.pk]["provisional"] is True


def test_a_player_without_a_rated_match_for_a_year_is_inactive(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2025, 3, 1)))
    assert w.ann.pk in listed(w, datetime.date(2026, 2, 28))
    assert w.ann.pk not in listed(w, datetime.date(2026, 3, 1))


def test_the_list_as_of_a_day_reads_the_history_up_to_that_day(world, commit):
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1)))
    commit(lambda: play(w.club, w.ann, w.ben, w.ben, at(2026, 3, 10)))
    row = listed(w, datetime.date(2026, 3, 5))[w.ann.pk]
    assert (row["matches"], row["experience"]) == (1, 5)
    assert row["rating"] == pytest.approx(1522.3606797749979)


def test_the_list_is_read_once_per_replay_and_day(world, commit,
                                                   django_assert_max_num_queries):
    """The standings of a day are kept per replay of the list: a second read asks the
    history nothing, and a replay (a new result) is read again at once."""
    w = world
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1)))
    day = datetime.date(2026, 3, 5)
    first = listed(w, day)[w.ann.pk]
    with django_assert_max_num_queries(5) as again:
        assert listed(w, day)[w.ann.pk] == first
    assert not [q for q in again.captured_queries if "ratingchange" in q["sql"].lower()
                or "clubs_rating" in q["sql"].lower()]
    commit(lambda: play(w.club, w.ann, w.ben, w.ben, at(2026, 3, 2)))
    after = listed(w, day)[w.ann.pk]
    assert (after["matches"], after["experience"]) == (2, 10)
    assert after["rating"] < first["rating"]


# --------------------------------------------------------------------------- the property

steps = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 60), st.integers(1, 9),
                           st.booleans(), st.sampled_from(["add", "add", "void", "move"])),
                 min_size=2, max_size=10)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps)
def test_any_sequence_of_changes_ends_where_a_replay_from_scratch_ends(world, commit, moves):
    w = world
    pairs = [(w.ann, w.ben), (w.ben, w.fay), (w.cat, w.dan), (w.fay, w.cat)]
    with transaction.atomic():
        made = []
        for pair, day, length, first_wins, action in moves:
            a, b = pairs[pair]
            organiser = w.club if pair < 2 else w.other_club
            when = at(2026, 1, 1) + datetime.timedelta(days=day)
            if action == "add" or not made:
                made.append(commit(lambda o=organiser, a=a, b=b, f=first_wins, w_=when,
                                   n=length: play(o, a, b, a if f else b, w_, length=n)))
                continue
            row = made[day % len(made)]
            outcome = "void" if action == "void" else row.outcome
            moved = when if action == "move" else row.finished_at
            commit(lambda r=row, o=outcome, m=moved: finished_match_record(
                club=r.club, source=r.source, source_id=r.source_id, player_a=r.player_a,
                player_b=r.player_b, length=r.length,
                winner=None if o == "void" else (r.winner or r.player_a), finished_at=m,
                outcome=o))
        incremental = ratings_of(w), history_of(w)
        assert incremental == from_scratch(w)
        expected = core.replay([core.RatedMatch(a, b, n, won, key=key) for key, a, b, n, won
                                in national_matches(federation=w.federation)],
                               core.RatingSettings())
        assert {p: s.rating for p, s in expected.standings.items()} == {
            p: v[0] for p, v in ratings_of(w).items()}
        transaction.set_rollback(True)


def test_a_merge_ends_where_a_replay_from_scratch_ends(world, commit):
    from people.services import player_merge

    w = world
    twin = PlayerFactory(name="Ann again")
    MembershipFactory(club=w.other_club, player=twin)
    commit(lambda: play(w.club, w.ann, w.ben, w.ann, at(2026, 3, 1)))
    commit(lambda: play(w.other_club, twin, w.cat, twin, at(2026, 3, 2)))
    commit(lambda: play(w.club, w.ben, w.fay, w.fay, at(2026, 3, 3)))
    commit(lambda: play(w.other_club, w.cat, w.dan, w.cat, at(2026, 3, 4)))
    commit(lambda: player_merge(club=w.club, dropped=twin, kept=w.ann))
    assert ratings_of(w)[w.ann.pk][2] == 2
    assert (ratings_of(w), history_of(w)) == from_scratch(w)
