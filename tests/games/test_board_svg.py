"""The board as SVG (games/board/svg.py): geometry, direction, moves, no Django, no DB."""

import re

import pytest

from games.board.svg import BoardView, _column, render_board
from games.engine import Position

START = Position.start()


def view(**kwargs) -> BoardView:
    sides = kwargs.pop("sides", (START.mover, START.opponent))
    return BoardView(sides=sides, **kwargs)


def circles(svg: str, player: int) -> list[tuple[float, float]]:
    pattern = rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" class="ck ck{player}'
    return [(float(x), float(y)) for x, y in re.findall(pattern, svg)]


@pytest.mark.parametrize(("point", "home", "column", "bottom"), [
    (1, "right", 11, True),   # home board bottom right: the 1-point in the far right corner
    (12, "right", 0, True),
    (13, "right", 0, False),
    (24, "right", 11, False),
    (1, "left", 0, True),     # mirrored
    (24, "left", 0, False),
])
def test_points_sit_where_the_board_direction_puts_them(point, home, column, bottom):
    assert _column(point, home) == (column, bottom)


def test_starting_position_draws_fifteen_checkers_a_side():
    svg = render_board(view())
    # A stack of five is drawn in full; no point of the start holds more.
    assert len(circles(svg, 0)) == 15 and len(circles(svg, 1)) == 15


def test_home_board_left_mirrors_the_board():
    right, left = render_board(view(home="right")), render_board(view(home="left"))
    width = 2 * 10 + 12 * 40 + 40 + 46
    xs_right = sorted(x for x, _ in circles(right, 0))
    xs_left = sorted(x for x, _ in circles(left, 0))
    assert 'data-home="left"' in left and 'data-home="right"' in right
    # Player 0's six-point stack: right of centre with the home on the right, left of it
    # when the home is on the left.
    assert max(xs_right) > width / 2 > min(xs_left)


def test_tall_stack_shows_its_count():
    mover = (0, 14, *([0] * 23), 1)  # 14 on the 1-point, one on the bar
    svg = render_board(view(sides=(mover, START.opponent)))
    assert ">14</text>" in svg


def test_moves_are_arrows_and_an_illegal_move_is_marked():
    legal = render_board(view(moves=((24, 18), (13, 11)), dice=(6, 2)))
    assert legal.count("marker-end") == 2 and "mv-illegal" not in legal
    assert legal.count("ck-moved") == 2  # the top checker of each source point
    illegal = render_board(view(moves=((13, 9),), dice=(3, 1), illegal=True))
    assert "mv-illegal" in illegal and "ck-illegal" in illegal


def test_point_numbers_follow_the_player_whose_action_is_shown():
    mine = render_board(view(actor=0))
    theirs = render_board(view(actor=1))
    first_label = re.compile(r'class="b-num">(\d+)</text>')
    assert first_label.findall(mine)[0] == "1" and first_label.findall(theirs)[0] == "24"


def test_dice_cube_and_label_are_drawn_and_escaped():
    svg = render_board(view(dice=(5, 3), cube_value=4, cube_owner=1, label='Ann <"x">'))
    assert svg.count('class="die die0"') == 2
    assert ">4</text></g>" in svg
    assert "Ann &lt;&quot;x&quot;&gt;" in svg and '<"x">' not in svg


def test_centred_cube_shows_64_and_an_offer_shows_the_new_value():
    assert ">64</text></g>" in render_board(view())
    assert ">4</text></g>" in render_board(view(cube_value=2, cube_offered=True))


def test_a_live_board_has_a_target_per_point_named_from_the_actors_side():
    from games.board.svg import BoardView, render_board
    from games.engine import Position

    start = Position.start()
    sides = (start.mover, start.opponent)
    plain = render_board(BoardView(sides=sides))
    assert 'class="tap"' not in plain
    svg = render_board(BoardView(sides=sides, actor=1, targets=True))
    assert svg.count('class="tap"') == 26
    assert 'data-point="25"' in svg and 'data-point="0"' in svg
    # player 1's 24-point is player 0's 1-point, bottom right with the home board right
    first = svg.index('class="tap" data-point="24"')
    assert first > svg.index('class="taps"')
