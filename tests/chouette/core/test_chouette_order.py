"""The opening roll and the lineup: join, sit out, return, leave, rotate."""

import random

import pytest

from chouette.core import (
    AlreadyPresentError,
    DuplicatePlayerError,
    InvalidRollError,
    Lineup,
    LineupError,
    NotEnoughPlayersError,
    NotSittingOutError,
    OpeningRoll,
    OrderIncompleteError,
    UnknownPlayerError,
    opening_order,
    roll_opening_order,
)

A, B, C, D, E = 1, 2, 3, 4, 5


# --------------------------------------------------------------------------- opening roll


def test_highest_is_box_second_captain_rest_in_roll_order():
    assert opening_order([{A: 2, B: 6, C: 4, D: 1}]) == (B, C, A, D)


def test_a_tie_for_the_box_rerolls_only_the_tied_players():
    rolls = OpeningRoll(players=(A, B, C)).add_round({A: 6, B: 6, C: 5})
    assert rolls.must_reroll() == ((A, B),)
    with pytest.raises(InvalidRollError, match="need not roll"):
        rolls.add_round({A: 3, B: 4, C: 6})
    # A re-roll only orders the tied players: C stays third whatever it shows.
    assert rolls.add_round({A: 1, B: 4}).order() == (B, A, C)


def test_tied_players_reroll_together():
    rolls = OpeningRoll(players=(A, B, C)).add_round({A: 6, B: 6, C: 5})
    with pytest.raises(InvalidRollError, match=r"missing a die for \[2\]"):
        rolls.add_round({A: 3})


def test_separate_ties_may_reroll_in_separate_rounds():
    rolls = OpeningRoll(players=(A, B, C, D)).add_round({A: 4, B: 4, C: 2, D: 2})
    rolls = rolls.add_round({C: 1, D: 5})
    assert rolls.must_reroll() == ((A, B),)
    rolls = rolls.add_round({A: 2, B: 2}).add_round({A: 3, B: 1})
    assert rolls.order() == (A, B, D, C)
    assert rolls.histories() == {A: (4, 2, 3), B: (4, 2, 1), C: (2, 1), D: (2, 5)}


def test_incomplete_order_names_who_must_reroll():
    with pytest.raises(OrderIncompleteError) as error:
        opening_order([{A: 3, B: 3, C: 1}])
    assert error.value.must_reroll == ((A, B),)
    assert "must roll" in str(error.value)


def test_bad_rolls_are_refused():
    rolls = OpeningRoll(players=(A, B, C))
    with pytest.raises(InvalidRollError, match="1 to 6"):
        rolls.add_round({A: 7, B: 1, C: 2})
    with pytest.raises(InvalidRollError):
        rolls.add_round({A: True, B: 1, C: 2})
    with pytest.raises(UnknownPlayerError):
        rolls.add_round({A: 1, B: 2, C: 3, D: 4})
    with pytest.raises(InvalidRollError, match="missing"):
        rolls.add_round({A: 1, B: 2})
    with pytest.raises(InvalidRollError, match="complete"):
        rolls.add_round({A: 1, B: 2, C: 3}).add_round({A: 1})
    with pytest.raises(InvalidRollError):
        opening_order([])
    with pytest.raises(DuplicatePlayerError):
        OpeningRoll(players=(A, A, B))
    with pytest.raises(NotEnoughPlayersError):
        OpeningRoll(players=(A,))
    with pytest.raises(DuplicatePlayerError):
        OpeningRoll(players=(A, B), rounds=(((A, 1), (A, 2), (B, 3)),))


def test_rounds_given_at_construction_are_validated():
    good = OpeningRoll(players=(A, B), rounds=(((A, 2), (B, 2)), ((A, 5), (B, 1))))
    assert good.order() == (A, B)
    with pytest.raises(InvalidRollError):
        OpeningRoll(players=(A, B), rounds=(((A, 2), (B, 3)), ((A, 5), (B, 1))))


def test_the_server_rolls_with_a_fair_source_until_no_tie_remains():
    rolls = roll_opening_order((A, B, C, D, E), rng=random.Random(7))
    assert rolls.is_complete
    assert sorted(rolls.order()) == [A, B, C, D, E]
    first = dict(rolls.rounds[0])
    order = rolls.order()
    # Whoever rolled higher in the first round is ahead in the order.
    for i, x in enumerate(order):
        for y in order[i + 1 :]:
            assert first[x] >= first[y]
    default = roll_opening_order((A, B, C))  # random.SystemRandom
    assert sorted(default.order()) == [A, B, C]


# --------------------------------------------------------------------------- lineup


LINE = Lineup(line=(A, B, C, D))


def test_lineup_roles():
    assert (LINE.box, LINE.captain, LINE.team, LINE.members) == (A, B, (C, D), (B, C, D))
    assert LINE.partner is None and not LINE.has_partner
    assert Lineup().box is None and Lineup(line=(A,)).captain is None


def test_join_goes_to_the_bottom():
    assert LINE.join(E).line == (A, B, C, D, E)
    with pytest.raises(AlreadyPresentError, match="already in the line"):
        LINE.join(C)
    with pytest.raises(AlreadyPresentError, match="already sitting out"):
        LINE.sit_out(C).join(C)


def test_sit_out_and_return_to_the_bottom():
    out = LINE.sit_out(B)
    assert (out.line, out.sitting_out) == ((A, C, D), (B,))
    assert out.captain == C
    back = out.return_(B)
    assert (back.line, back.sitting_out) == ((A, C, D, B), ())
    with pytest.raises(NotSittingOutError):
        LINE.return_(B)
    with pytest.raises(UnknownPlayerError):
        LINE.return_(E)
    with pytest.raises(AlreadyPresentError):
        out.sit_out(B)
    with pytest.raises(UnknownPlayerError):
        LINE.sit_out(E)


def test_box_leaves_the_captain_boxes_and_the_next_captains():
    after = LINE.leave(A)
    assert (after.box, after.captain, after.team) == (B, C, (D,))


def test_captain_leaves_the_next_in_line_captains():
    after = LINE.leave(B)
    assert (after.box, after.captain, after.team) == (A, C, (D,))


def test_leave_from_sitting_out_and_unknown_players():
    assert LINE.sit_out(C).leave(C) == Lineup(line=(A, B, D))
    with pytest.raises(UnknownPlayerError):
        LINE.leave(E)


def test_rotation_box_wins_captain_to_the_bottom():
    assert LINE.rotate(captain_won=False).line == (A, C, D, B)


def test_rotation_captain_wins_captain_boxes_box_to_the_bottom():
    assert LINE.rotate(captain_won=True).line == (B, C, D, A)


def test_rotation_leaves_those_sitting_out_alone():
    lineup = Lineup(line=(A, B, C), sitting_out=(D,))
    assert lineup.rotate(True) == Lineup(line=(B, C, A), sitting_out=(D,))


def test_rotation_with_players_who_left_during_the_game():
    # The box left during the game and the box won: rotate, then close the line up.
    lineup = LINE.leave(A)
    assert lineup.rotate(False, box=A, captain=B).line == (C, D, B)
    assert lineup.rotate(True, box=A, captain=B).line == (B, C, D)


def test_rotation_needs_a_box_and_a_captain():
    with pytest.raises(NotEnoughPlayersError):
        Lineup(line=(A,)).rotate(True)


def test_partner_is_the_bottom_of_the_line_from_n_players():
    five = Lineup(line=(A, B, C, D, E), box_partner_from=6)
    assert five.partner is None and five.members == (B, C, D, E)
    six = five.join(6)
    assert six.partner == 6 and six.members == (B, C, D, E) and six.team == (C, D, E)
    assert six.sit_out(C).partner is None  # back to five active players


def test_lineup_validation():
    with pytest.raises(DuplicatePlayerError, match="appears twice"):
        Lineup(line=(A, B, A))
    with pytest.raises(DuplicatePlayerError):
        Lineup(line=(A, B), sitting_out=(B,))
    with pytest.raises(LineupError, match=">= 6"):
        Lineup(line=(A, B), box_partner_from=4)
    with pytest.raises(LineupError, match="None"):
        Lineup(line=(A, None))
    with pytest.raises(LineupError, match="hashable"):
        Lineup(line=(A, [B]))
    with pytest.raises(NotEnoughPlayersError, match="at least 2"):
        Lineup(line=(A,)).check_playable()
    assert all(isinstance(e, ValueError) for e in (LineupError("x"), UnknownPlayerError("x")))
