"""The stored ratings of the hand-worked small club (tests/ratings/conftest.py), the
recompute after a correction and a policy change, and the master points."""

import math

import pytest

from ratings.models import MasterPointAward, Rating, RatingChange, RatingSettings
from ratings.services.recompute import ratings_recompute
from ratings.services.updates import (
    RatingSettingsError,
    rating_settings_update,
    ratings_recompute_request,
)
from results.models import FinishedMatch
from results.services import finished_match_record, finished_match_void

pytestmark = pytest.mark.django_db


def fibs(winner, loser, n):
    """One result worked by hand from the FIBS page: (winner after, loser after)."""
    (rw, ew), (rl, el) = winner, loser
    upset = 1 / (10 ** (abs(rw - rl) * math.sqrt(n) / 2000) + 1)
    p = upset if rw >= rl else 1 - upset
    kw, kl = max(1, 5 - ew / 100), max(1, 5 - el / 100)
    return ((rw + 4 * kw * math.sqrt(n) * p, ew + n), (rl - 4 * kl * math.sqrt(n) * p, el + n))


def expected_small_club():
    s = {name: (1500.0, 0) for name in ("ann", "ben", "cat", "dan")}
    for winner, loser, n in (("ann", "ben", 5), ("ben", "cat", 3), ("ann", "ben", 5),
                             ("cat", "dan", 5), ("ann", "cat", 7)):
        s[winner], s[loser] = fibs(s[winner], s[loser], n)
    return s


def stored(w) -> dict:
    names = {w.ann.pk: "ann", w.ben.pk: "ben", w.cat.pk: "cat", w.dan.pk: "dan"}
    return {names[r.player_id]: (r.rating, r.experience)
            for r in Rating.objects.filter(pool__club=w.club)}


def test_the_first_match_moves_equal_newcomers_by_ten_root_five(small_club):
    first = RatingChange.objects.get(match=small_club.m1, player=small_club.ann)
    assert first.rating_before == 1500 and first.experience_before == 0
    assert first.change == pytest.approx(10 * math.sqrt(5))  # 4 x K 5 x sqrt 5 x P 1/2
    assert first.rating_after == pytest.approx(1522.36, abs=0.005)


def test_the_stored_ratings_are_the_hand_worked_ones(small_club):
    expected = expected_small_club()
    got = stored(small_club)
    assert set(got) == set(expected)
    for name, (rating, experience) in expected.items():
        assert got[name][0] == pytest.approx(rating, abs=1e-9), name
        assert got[name][1] == experience, name


def test_walkovers_and_friendlies_get_no_history_rows(small_club):
    rated = set(RatingChange.objects.values_list("match_id", flat=True))
    assert small_club.walkover.pk not in rated and small_club.friendly.pk not in rated
    assert len(rated) == 5 and RatingChange.objects.count() == 10


def test_the_recompute_clears_its_marker_and_a_second_run_does_nothing(small_club):
    settings = RatingSettings.objects.get(club=small_club.club)
    assert settings.recompute_from_at is None and settings.recomputed_at is not None
    rows = list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after"))
    assert ratings_recompute(club_id=small_club.club.pk) == 0
    assert list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after")) == rows


def test_a_result_marks_the_ratings_stale_until_the_task_runs(small_club,
                                                              django_capture_on_commit_callbacks):
    w = small_club
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        finished_match_record(club=w.club, source="league", source_id=1, player_a=w.ann,
                              player_b=w.ben, length=5, winner=w.ben,
                              finished_at=w.m1.finished_at, score_a=2, score_b=5)
    assert len(callbacks) == 1
    assert not RatingSettings.objects.get(club=w.club).recompute_pending
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m1.finished_at,
                              from_match_id=w.m1.pk)
    assert RatingSettings.objects.get(club=w.club).recompute_pending


def _full_replay_matches(w) -> dict:
    """What a recompute from the very start gives, for comparison."""
    RatingSettings.objects.filter(club=w.club).update(
        recompute_from_at="1900-01-01T00:00:00Z", recompute_from_match=0)
    ratings_recompute(club_id=w.club.pk)
    return stored(w)


def test_a_correction_recomputes_from_the_corrected_match_on(small_club,
                                                             django_capture_on_commit_callbacks):
    w = small_club
    untouched = RatingChange.objects.get(match=w.m1, player=w.ann).pk
    with django_capture_on_commit_callbacks(execute=True):
        # The second league match was won by Cat, not Ben.
        finished_match_record(club=w.club, source="league", source_id=2, player_a=w.ben,
                              player_b=w.cat, length=3, winner=w.cat,
                              finished_at=w.m2.finished_at, score_a=1, score_b=3)
    s = {name: (1500.0, 0) for name in ("ann", "ben", "cat", "dan")}
    for winner, loser, n in (("ann", "ben", 5), ("cat", "ben", 3), ("ann", "ben", 5),
                             ("cat", "dan", 5), ("ann", "cat", 7)):
        s[winner], s[loser] = fibs(s[winner], s[loser], n)
    got = stored(w)
    for name, (rating, experience) in s.items():
        assert got[name] == (pytest.approx(rating, abs=1e-9), experience), name
    # The rows before the corrected match were kept, not rewritten.
    assert RatingChange.objects.filter(pk=untouched).exists()
    assert _full_replay_matches(w) == got


def test_voiding_a_rated_match_takes_it_off_the_list(small_club,
                                                     django_capture_on_commit_callbacks):
    w = small_club
    with django_capture_on_commit_callbacks(execute=True):
        finished_match_void(source="tournament", source_id=FinishedMatch.objects.get(
            pk=w.final.pk).source_id)
    assert not RatingChange.objects.filter(match=w.final).exists()
    assert stored(w)["ann"][1] == 10


def test_rating_friendlies_is_a_policy_change_that_recomputes_everything(
        small_club, django_capture_on_commit_callbacks):
    w = small_club
    with django_capture_on_commit_callbacks(execute=True):
        rating_settings_update(club=w.club, rate_friendly=True)
    assert RatingChange.objects.filter(match=w.friendly).count() == 2
    expected = expected_small_club()
    expected["ann"], expected["dan"] = fibs(expected["ann"], expected["dan"], 1)
    assert stored(w)["dan"] == (pytest.approx(expected["dan"][0]), expected["dan"][1])


def test_turning_the_ramp_off_gives_everyone_k_one(small_club,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        rating_settings_update(club=small_club.club, experience_ramp=False)
    first = RatingChange.objects.get(match=small_club.m1, player=small_club.ann)
    assert first.k == 1 and first.change == pytest.approx(2 * math.sqrt(5))


def test_a_leaderboard_column_change_needs_no_recompute(small_club):
    row = rating_settings_update(club=small_club.club, leaderboard_columns=["points"])
    assert row.leaderboard_columns == ["points"] and not row.recompute_pending


def test_unknown_leaderboard_columns_are_refused(small_club):
    with pytest.raises(RatingSettingsError):
        rating_settings_update(club=small_club.club, leaderboard_columns=["shoe_size"])


# --------------------------------------------------------------------------- master points


def awards(w) -> dict:
    names = {w.ann.pk: "ann", w.ben.pk: "ben", w.cat.pk: "cat", w.dan.pk: "dan"}
    return {names[a.player_id]: a.match_points + a.placement_points
            for a in MasterPointAward.objects.filter(club=w.club)}


def test_master_points_follow_the_usbgf_formulas(small_club):
    got = awards(small_club)
    # Ann: wins of 5 and 7 points, 1st of 4: (sqrt 5 + sqrt 7) / 3 + 0.6 x log2 4 x 1.0
    assert got["ann"] == pytest.approx((math.sqrt(5) + math.sqrt(7)) / 3 + 1.2)
    # Cat: a 5-point win, 2nd: sqrt 5 / 3 + 0.6 x 2 x 0.7
    assert got["cat"] == pytest.approx(math.sqrt(5) / 3 + 0.84)
    # Ben and Dan share 3rd and 4th: 0.6 x 2 x (1/2 + 1/3) / 2 = 0.5 each
    assert got["ben"] == pytest.approx(0.5) and got["dan"] == pytest.approx(0.5)


def test_master_point_weights_come_from_the_tournament_options(
        small_club, django_capture_on_commit_callbacks):
    w = small_club
    w.open.options = {"master_points": {"event": 2.0}}
    w.open.save()
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m1.finished_at,
                              from_match_id=w.m1.pk)
    ratings_recompute(club_id=w.club.pk)
    assert awards(w)["ben"] == pytest.approx(1.0)


def test_the_task_recomputes_by_club_id_and_a_redelivery_is_harmless(small_club):
    from ratings.tasks import ratings_recompute_task

    w = small_club
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m2.finished_at,
                              from_match_id=w.m2.pk)
    before = stored(w)
    ratings_recompute_task(w.club.pk)
    ratings_recompute_task(w.club.pk)  # delivered twice: nothing pending the second time
    assert stored(w) == before
    assert not RatingSettings.objects.get(club=w.club).recompute_pending
    assert RatingChange.objects.filter(pool__club=w.club).count() == 10


def test_a_recompute_whose_message_was_lost_is_sent_again(small_club):
    """The mark is made, its message never runs (here: no commit, so no on_commit); the
    periodic requeue sends it, and the club's ratings are fresh again."""
    from ratings.tasks import ratings_recompute_requeue_task

    w = small_club
    before = stored(w)
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m2.finished_at,
                              from_match_id=w.m2.pk)
    assert RatingSettings.objects.get(club=w.club).recompute_pending
    ratings_recompute_requeue_task()  # the workers run it at once in the tests
    assert not RatingSettings.objects.get(club=w.club).recompute_pending
    assert stored(w) == before
    from django.conf import settings

    assert {"task": "ratings.tasks.ratings_recompute_requeue_task", "schedule": 300.0} in \
        settings.CELERY_BEAT_SCHEDULE.values()


def test_a_corrected_tournament_result_moves_the_match_win_points(
        small_club, django_capture_on_commit_callbacks):
    w = small_club
    final = FinishedMatch.objects.get(pk=w.final.pk)
    with django_capture_on_commit_callbacks(execute=True):
        # The referee's correction: Cat won the final 7-5.
        finished_match_record(club=w.club, source="tournament", source_id=final.source_id,
                              player_a=w.ann, player_b=w.cat, length=7, winner=w.cat,
                              finished_at=final.finished_at, score_a=5, score_b=7)
    got = {a.player_id: a for a in MasterPointAward.objects.filter(club=w.club)}
    assert got[w.ann.pk].match_points == pytest.approx(math.sqrt(5) / 3)
    assert got[w.cat.pk].match_points == pytest.approx((math.sqrt(5) + math.sqrt(7)) / 3)
    assert got[w.cat.pk].match_wins == 2
