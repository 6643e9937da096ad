"""Which placings and match wins earn master points: a group stage's standings are not a
final placing; a double elimination's losers' bracket is part of the main event."""

import datetime
import math

import pytest

from ratings.models import MasterPointAward
from ratings.services.recompute import master_points_store
from results.models import FinishedMatch
from results.services import finished_match_record
from tournaments.models import Placing, Round, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db


def _won(w, tournament, flight, a, b, when):
    round_ = Round.objects.create(tournament=tournament, flight=flight, number=1,
                                  name=f"{flight} 1", length=5)
    row = TournamentMatch.objects.create(
        tournament=tournament, round=round_, key=f"{flight}-1", flight=flight, round_number=1,
        index=1, slot_a={}, slot_b={}, player_a=a, player_b=b, length=5, status="finished",
        winner=a, score_a=5, score_b=1, finished_at=when)
    finished_match_record(club=w.club, source=FinishedMatch.Source.TOURNAMENT, source_id=row.pk,
                          player_a=a, player_b=b, length=5, winner=a, finished_at=when,
                          score_a=5, score_b=1)


def _award(w, tournament, player):
    return {a.competition: a for a in MasterPointAward.objects.filter(
        club=w.club, tournament=tournament, player=player)}


def test_a_groups_standings_earn_no_placement_points(small_club):
    w = small_club
    cup = Tournament.objects.create(club=w.club, name="Group Cup", format="groups",
                                    starts_on=datetime.date(2026, 3, 7), status="finished")
    _won(w, cup, "A", w.ben, w.dan, datetime.datetime(2026, 3, 7, 12, tzinfo=datetime.UTC))
    Placing.objects.create(tournament=cup, competition="group A", player=w.ben, place=1,
                           shared=1, field_size=4)
    master_points_store(club_id=w.club.pk)
    got = _award(w, cup, w.ben)
    assert set(got) == {"main"}  # the group match won counts, with the main weight
    assert got["main"].placement_points == 0
    assert got["main"].match_points == pytest.approx(math.sqrt(5) / 3)


def test_a_losers_bracket_win_counts_in_the_main_event_with_the_main_weight(small_club):
    w = small_club
    double = Tournament.objects.create(
        club=w.club, name="Double Cup", starts_on=datetime.date(2026, 3, 8), status="finished",
        options={"master_points": {"main": 1.0, "consolation": 0.7}})
    _won(w, double, "losers", w.dan, w.ben, datetime.datetime(2026, 3, 8, 12,
                                                              tzinfo=datetime.UTC))
    master_points_store(club_id=w.club.pk)
    got = _award(w, double, w.dan)
    assert set(got) == {"main"}
    assert got["main"].match_points == pytest.approx(math.sqrt(5) / 3)
