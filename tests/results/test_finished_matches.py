"""The table of finished matches: match records write their row through the rules check and
rulings; the service refuses what cannot be a finished match between two club members; the
reads cost one query whatever the number of matches."""

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import MatchRecord, Ruling
from games.services.rulings import ruling_record
from results.models import FinishedMatch
from results.selectors import head_to_head, player_results
from results.services import FinishedMatchError, finished_match_record
from tests.factories import MembershipFactory, PlayerFactory, checked_record, sample_bytes

pytestmark = pytest.mark.django_db

#: charlot1 v charlot2, 7 points, games (winner, points): L1 R1 R2 R2 L2 R2 -> 3-7.
SEVEN = "gnubg_selfplay_drops_7p.mat"


def _checked(club, data: bytes, left=None, right=None) -> MatchRecord:
    return checked_record(club, data=data, filename="match.mat", left=left, right=right)


def _row(record: MatchRecord) -> FinishedMatch | None:
    return FinishedMatch.objects.filter(source="match_record", source_id=record.pk).first()


@pytest.fixture
def record(club, alice, bob):
    return _checked(club, sample_bytes(SEVEN), left=alice.player, right=bob.player)


def test_a_checked_match_record_is_a_finished_match(record, club, alice, bob):
    row = _row(record)
    assert (row.club, row.player_a, row.player_b, row.winner) == (
        club, alice.player, bob.player, bob.player)
    assert (row.length, row.score_a, row.score_b) == (7, 3, 7)
    assert (row.source, row.outcome) == (FinishedMatch.Source.MATCH_RECORD,
                                         FinishedMatch.Outcome.PLAYED)
    assert timezone.localtime(row.finished_at).date() == datetime.date(2026, 9, 24)  # EventDate


def test_a_money_session_has_no_row(club):
    money = _checked(club, sample_bytes("B4_SrGcsKAQmoTyHlgJCbM.mat"))
    assert money.is_money and _row(money) is None


def test_an_unfinished_match_has_no_row(club):
    text = sample_bytes(SEVEN).decode()
    unfinished = text[:text.index(" Game 6")]  # 3-5 after five games: nobody reached 7
    record = _checked(club, unfinished.encode())
    assert record.winner is None and record.rules_check.status != "error"
    assert _row(record) is None


def test_a_correction_updates_the_row_in_place(record, carol, alice):
    before = _row(record)
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.CORRECT, game_number=6,
                  winner=0, points=4, reason="The last game was a gammon for the left player")
    after = _row(record)
    assert after.pk == before.pk and FinishedMatch.objects.count() == 1
    assert (after.score_a, after.score_b, after.winner) == (7, 5, alice.player)
    assert after.outcome == FinishedMatch.Outcome.PLAYED


def test_voiding_the_deciding_game_marks_the_row_void_and_keeps_it(record, carol):
    before = _row(record)
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID, game_number=6,
                  reason="Game 6 was played with the wrong dice")
    after = _row(record)
    assert after.pk == before.pk
    assert (after.outcome, after.winner) == (FinishedMatch.Outcome.VOID, None)


def test_a_ruling_that_lets_the_play_stand_changes_nothing(record, carol):
    before = _row(record)
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.STANDS, reason="Checked")
    after = _row(record)
    assert (after.score_a, after.score_b, after.winner_id, after.updated_at) == (
        before.score_a, before.score_b, before.winner_id, before.updated_at)


# --------------------------------------------------------------------------- the service


def _record(club, a, b, *, winner, source_id=1, **extra):
    values = {"club": club, "source": FinishedMatch.Source.LEAGUE, "source_id": source_id,
              "player_a": a, "player_b": b, "length": 5, "winner": winner,
              "finished_at": timezone.now(), "score_a": 5, "score_b": 2, **extra}
    return finished_match_record(**values)


def test_the_service_refuses_a_player_from_another_club(club, alice, dave):
    with pytest.raises(FinishedMatchError, match="not a member"):
        _record(club, alice.player, dave.player, winner=alice.player)
    assert not FinishedMatch.objects.exists()


def test_the_service_refuses_a_winner_who_did_not_play(club, alice, bob, carol):
    with pytest.raises(FinishedMatchError, match="winner"):
        _record(club, alice.player, bob.player, winner=carol.player)
    assert not FinishedMatch.objects.exists()


def test_the_service_refuses_the_same_player_twice(club, alice):
    with pytest.raises(FinishedMatchError, match="two different players"):
        _record(club, alice.player, alice.player, winner=alice.player)
    assert not FinishedMatch.objects.exists()


def test_one_source_match_has_one_row(club, alice, bob):
    first = _record(club, alice.player, bob.player, winner=alice.player)
    again = _record(club, alice.player, bob.player, winner=bob.player, score_a=3, score_b=5)
    assert again.pk == first.pk and FinishedMatch.objects.count() == 1
    values = {f.attname: getattr(first, f.attname) for f in FinishedMatch._meta.concrete_fields
              if f.attname != "id"}
    with pytest.raises(IntegrityError), transaction.atomic():
        FinishedMatch.objects.create(**values)
    assert FinishedMatch.objects.count() == 1


# --------------------------------------------------------------------------- the reads


@pytest.fixture
def many(club, alice, bob):
    """Head-to-head matches of Alice and Bob (Alice wins two in three), and others."""

    def make(count: int):
        other = MembershipFactory(club=club, player=PlayerFactory(name="Olga")).player
        for number in range(count):
            winner = alice.player if number % 3 else bob.player
            _record(club, alice.player, bob.player, winner=winner, source_id=number + 1,
                    score_a=5 if winner == alice.player else 1,
                    score_b=5 if winner == bob.player else 1)
            _record(club, other, alice.player, winner=other, source_id=1000 + number)
        return count

    return make


@pytest.mark.parametrize("count", [1, 30])
def test_a_players_results_cost_one_query_whatever_their_number(
        club, alice, many, count, django_assert_num_queries):
    many(count)
    # Guards an N+1 on the players and the winner of each row (select_related).
    with django_assert_num_queries(1):
        rows = [(m.player_a.name, m.player_b.name, m.winner.name)
                for m in player_results(club=club, player=alice.player)]
    assert len(rows) == 2 * count


@pytest.mark.parametrize("count", [1, 30])
def test_head_to_head_costs_one_query_whatever_the_number_of_meetings(
        club, alice, bob, many, count, django_assert_num_queries):
    many(count)
    with django_assert_num_queries(1):
        record = head_to_head(club=club, player=alice.player, opponent=bob.player)
        names = [(m.player_a.name, m.player_b.name, m.winner.name) for m in record.meetings]
    alice_wins = sum(1 for number in range(count) if number % 3)
    assert (record.matches, record.wins, record.losses) == (count, alice_wins,
                                                            count - alice_wins)
    assert record.points_for == 5 * alice_wins + (count - alice_wins)
    assert len(names) == count


def test_the_match_length_bound_is_the_engine_s_in_the_service_and_the_table(club, alice, bob):
    from games.engine.scoring import MAX_MATCH_LENGTH

    longest = _record(club, alice.player, bob.player, winner=alice.player,
                      length=MAX_MATCH_LENGTH, score_a=MAX_MATCH_LENGTH)
    assert longest.length == MAX_MATCH_LENGTH == 64
    with pytest.raises(FinishedMatchError, match="1 to 64 points, not 65"):
        _record(club, alice.player, bob.player, winner=alice.player, source_id=2, length=65)
    constraint = next(c for c in FinishedMatch._meta.constraints
                      if c.name == "results_finishedmatch_length")
    assert ("length__lte", MAX_MATCH_LENGTH) in constraint.condition.children
