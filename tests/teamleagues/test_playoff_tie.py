"""A playoff card that ends level (an even number of boards, two each): the league's rule
decides it, the top board's count-back, and the season's close uses it."""

import pytest

from teamleagues import services
from teamleagues.models import Fixture, TeamLeague

from .conftest import lineup_of, make_world, win_all

pytestmark = pytest.mark.django_db
LENGTHS = (3, 5, 7, 9)


def four(w, team) -> list[int]:
    """The squad of three and one more of the club's players (any member may play)."""
    squad = lineup_of(w, team)
    extra = next(p.pk for p in w.players[team.club_id] if p.pk not in squad)
    return [*squad, extra]


def play(w, fixture, boards):
    for team in (fixture.home, fixture.away):
        services.lineup_submit(fixture=fixture, team=team, players=four(w, team),
                               by=w.captains[team.pk])
    services.card_enter(fixture=fixture, boards=boards, by=w.captains[fixture.home_id])
    return services.card_confirm(fixture=fixture, by=w.captains[fixture.away_id])


def level_card(top: str) -> list[dict]:
    """Two boards each: ``top`` wins boards 1 and 4, the other side boards 2 and 3."""
    other = "away" if top == "home" else "home"
    boards = []
    for n, length in enumerate(LENGTHS, start=1):
        side = top if n in (1, 4) else other
        boards.append({"board": n, "winner": side,
                       "score_home": length if side == "home" else 0,
                       "score_away": length if side == "away" else 0, "walkover": False})
    return boards


@pytest.mark.parametrize("top", ["home", "away"])
def test_a_level_playoff_goes_to_the_top_boards_winner_at_the_close(top):
    w = make_world(boards=4, lengths=LENGTHS)
    for fixture in Fixture.objects.filter(league=w.league).order_by("round", "pk"):
        side = "home" if fixture.home_id < fixture.away_id else "away"
        play(w, fixture, win_all(boards=4, lengths=LENGTHS, side=side))
    first = services.team_league_close(league=w.league)
    assert first["playoffs"][0]["winner"] is None
    assert first["playoffs"][0]["decided_by"] is None
    playoff = Fixture.objects.get(pk=first["playoffs"][0]["fixture"])
    play(w, playoff, level_card(top))
    playoff.refresh_from_db()
    assert playoff.points_home == playoff.points_away == 2

    again = services.team_league_close(league=TeamLeague.objects.get(pk=w.league.pk))
    winner = playoff.home if top == "home" else playoff.away
    loser = playoff.away if top == "home" else playoff.home
    assert again["playoffs"][0]["winner"] == winner.pk
    assert again["playoffs"][0]["decided_by"] == "top_board"
    # The proposal follows: the winner plays in the Elite next season, the loser below.
    elite = again["proposal"][str(w.elite.pk)]
    assert winner.pk in elite and loser.pk not in elite
