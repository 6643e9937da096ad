"""Pair the next round of a Swiss or MoreSwiss from a JSON state file (no database needed).

    python manage.py swiss_pair STATE.json        (or "-" for standard input)

STATE: ``{"players": [{"id": ..., "rank": k}], "rounds": [[{"a": id, "b": id|null,
"winner": id|null}], ...], "losses_out": null|L}`` (b null = a bye; players not listed
have withdrawn). Prints ``{"pairs": [[id, id|null], ...]}``: the higher score group first,
the bye last. The criteria are in tournaments/formats/README.md.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.formats.swiss import Game, SwissError, pair

KEYS = {"players", "rounds", "losses_out"}


def _id(value, where: str):
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise CommandError(f"{where}: a player id is a number or a string, not {value!r}.")
    return value


def parse_state(data) -> tuple[list, list, int | None]:
    """The players, rounds and losses_out of a state document, or a CommandError."""
    if not isinstance(data, dict):
        raise CommandError("The state must be a JSON object with players, rounds, losses_out.")
    unknown = set(data) - KEYS
    if unknown:
        raise CommandError(f"Unknown key(s): {', '.join(sorted(unknown))}.")
    players = data.get("players")
    if not isinstance(players, list):
        raise CommandError("\"players\" must be a list of {\"id\": ..., \"rank\": k}.")
    parsed = []
    for i, player in enumerate(players):
        if not isinstance(player, dict) or set(player) != {"id", "rank"}:
            raise CommandError(f"players[{i}] must be {{\"id\": ..., \"rank\": k}}.")
        rank = player["rank"]
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise CommandError(f"players[{i}]: the rank must be a whole number.")
        parsed.append((_id(player["id"], f"players[{i}]"), rank))
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise CommandError("\"rounds\" must be a list of rounds, each a list of matches.")
    games = []
    for r, matches in enumerate(rounds, start=1):
        games.append([_game(m, f"round {r}, match {i}") for i, m in enumerate(matches, 1)])
        seen = [p for g in games[-1] for p in (g.a, g.b) if p is not None]
        twice = sorted({str(p) for p in seen if seen.count(p) > 1})
        if twice:
            raise CommandError(f"Round {r}: {twice[0]} plays twice.")
    losses_out = data.get("losses_out")
    if losses_out is not None and (isinstance(losses_out, bool) or not isinstance(
            losses_out, int) or losses_out < 1):
        raise CommandError("\"losses_out\" must be null or a whole number of losses, 1 or more.")
    return parsed, games, losses_out


def _game(match, where: str) -> Game:
    if not isinstance(match, dict) or not {"a", "b"} <= set(match) <= {"a", "b", "winner"}:
        raise CommandError(f"{where} must be {{\"a\": id, \"b\": id|null, \"winner\": id|null}}.")
    a = _id(match["a"], where)
    b = None if match["b"] is None else _id(match["b"], where)
    winner = match.get("winner")
    if b is None and winner not in (None, a):
        raise CommandError(f"{where}: a bye's winner can only be {a!r}.")
    if b is not None and winner is not None and winner not in (a, b):
        raise CommandError(f"{where}: the winner {winner!r} did not play.")
    if a == b:
        raise CommandError(f"{where}: a player cannot play themselves.")
    return Game(a, b, winner)


class Command(BaseCommand):
    help = "Pair the next Swiss (or MoreSwiss) round from a JSON state file."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("state", help="The state file (JSON), or - for standard input.")
        parser.add_argument("--indent", type=int, default=None, help="Pretty-print the JSON.")

    def handle(self, *args, **options):
        path = options["state"]
        try:
            text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from exc
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise CommandError(f"{path} is not valid JSON: {exc}.") from exc
        players, rounds, losses_out = parse_state(data)
        try:
            result = pair(players, rounds, losses_out=losses_out)
        except SwissError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(json.dumps({"pairs": [list(p) for p in result.pairs]},
                                     indent=options["indent"]))
