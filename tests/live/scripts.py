"""A recorded match turned into the actions two players would send, one by one (for the
tests that replay a real match file through the live match)."""

from games.engine import ResultKind, matchfile
from games.engine.replay import replay

RESIGN_VALUE = {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 3}


def actions_of(text: str) -> list[dict]:
    """Each action as ``{"action": ..., "side": 0|1, ...}`` (side 0 = the left column), in
    the API's shape; the opening roll is posted by the player who won it, dances pass by
    themselves, a resignation is offered by the loser and accepted by the winner."""
    parsed = matchfile.parse_match_file(text)
    report = replay(parsed)
    out: list[dict] = []
    for record, game in zip(parsed.games, report.games, strict=True):
        turns = iter(game.turns)
        for event in record.events:
            if isinstance(event, matchfile.Win):
                if game.ended_by == "resign":
                    loser = 1 - game.winner
                    out.append({"action": "resign", "side": loser,
                                "value": RESIGN_VALUE[game.result]})
                    out.append({"action": "accept", "side": game.winner})
                continue
            turn = next(turns)
            if isinstance(event, matchfile.Roll):
                out.append({"action": "roll", "side": event.player, "dice": list(event.dice)})
                if turn.canonical:  # "" is a dance, None a roll then a resignation
                    out.append({"action": "move", "side": event.player, "play": event.text})
            elif isinstance(event, matchfile.Resign):
                continue
            else:
                out.append({"action": type(event).__name__.lower(), "side": event.player})
    return out


def summary(text: str) -> dict:
    """What must survive a round trip: each game's actions (who, what, the dice, the play in
    canonical notation, the cube offered), its result, and the final score."""
    report = replay(matchfile.parse_match_file(text))
    return {
        "games": [
            {"turns": [(t.player, t.action, t.dice, t.canonical, t.cube_value)
                       for t in game.turns],
             "result": (game.winner, game.points, game.result, game.ended_by, game.cube)}
            for game in report.games],
        "score": report.final_score,
        "violations": [v.message for v in report.errors],
    }
