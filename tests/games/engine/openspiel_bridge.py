"""Reading OpenSpiel backgammon states as engine Positions (development cross-checks only).

OpenSpiel keeps an absolute board: player 0 moves from index 0 up to 23 (its own point
24 - index), player 1 from 23 down to 0 (its own point index + 1). Bar and borne-off
counts are read from the state's text.
"""

from __future__ import annotations

import re

from games.engine import Position

_BAR = re.compile(r"^Bar:(.*)$", re.M)
_SCORES = re.compile(r"^Scores, X: (\d+), O: (\d+)$", re.M)


def side(state, player: int) -> tuple[int, ...]:
    text = state.to_string()
    bar = _BAR.search(text).group(1)
    scores = _SCORES.search(text)
    counts = [0] * 26
    for index in range(24):
        point = 24 - index if player == 0 else index + 1
        counts[point] = state.board(player, index)
    counts[25] = bar.count("x" if player == 0 else "o")
    counts[0] = int(scores.group(1 + player))
    return tuple(counts)


def position(state, player: int | None = None) -> Position:
    """The board seen from ``player`` (default: the player to move)."""
    player = state.current_player() if player is None else player
    return Position(side(state, player), side(state, 1 - player))


def dice_of(state) -> tuple[int, int]:
    match = re.search(r"^Dice: (\d)(\d)", state.to_string(), re.M)
    return int(match.group(1)), int(match.group(2))


def distinct_results(state) -> set[str]:
    """Position IDs after each full turn from this decision node, seen by the opponent."""
    player = state.current_player()
    out: set[str] = set()
    for action in state.legal_actions():
        child = state.child(action)
        if not child.is_terminal() and not child.is_chance_node() \
                and child.current_player() == player:
            out |= distinct_results(child)
        else:
            out.add(position(child, 1 - player).position_id())
    return out


# --- seeded sampling of varied positions by playing OpenSpiel games ---------------------

def _after(state, action, player: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    child = state.child(action)
    return side(child, player), side(child, 1 - player)


def _hitter(own, other) -> int:
    return other[25] * 10 - sum(i * own[i] for i in range(26))


def _runner(own, other) -> int:
    return own[0] * 30 - sum(i * own[i] for i in range(26))


def _blocker(own, other) -> int:
    return sum(own[p] >= 2 for p in range(1, 7)) * 20 + other[25] * 15 - own[25] * 5


POLICIES = {"hitter": _hitter, "runner": _runner, "blocker": _blocker}


def choose(state, rng, policy: str | None):
    actions = state.legal_actions()
    if policy is None or len(actions) == 1 or rng.random() < 0.15:
        return rng.choice(actions)
    player = state.current_player()
    score = POLICIES[policy]
    scored = [(score(*_after(state, action, player)), rng.random(), action)
              for action in actions]
    return max(scored)[2]


def play_games(rng, games: int):
    """Yield (OpenSpiel decision state, Position, dice) at each turn's first decision."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    names = [None, *POLICIES]
    for _ in range(games):
        policies = (rng.choice(names), rng.choice(names))
        state = game.new_initial_state()
        previous = None
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, weights = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                previous = None
                continue
            player = state.current_player()
            if previous != player:
                yield state.clone(), position(state), dice_of(state)
                previous = player
            state.apply_action(choose(state, rng, policies[player]))
