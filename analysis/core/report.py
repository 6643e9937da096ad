"""The outcome of one match analysis, as plain values (what the runner returns, what the
service stores, what ``analyse_match --json`` prints)."""

from dataclasses import dataclass

from .decisions import Decision, Thresholds
from .stats import PlayerFigures

#: The keys of ``analyse_match --json`` per player (the public contract).
CONTRACT_KEYS = (
    "moves", "unforced_moves", "chequer_error_total", "chequer_error_rate", "cube_error_total",
    "cube_error_rate", "error_total", "error_rate", "doubtful", "bad", "very_bad",
    "luck_total", "luck_rate",
)


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    gnubg_version: str
    plies: int
    names: tuple[str, str]  # gnubg's players 0 and 1: the left and right columns of a .mat
    match_length: int
    decisions: tuple[Decision, ...]
    #: gnubg's "show statistics match" for players 0 and 1
    players: tuple[PlayerFigures, PlayerFigures]
    thresholds: Thresholds = Thresholds()

    def figures(self, player: int) -> PlayerFigures:
        return self.players[player]

    def contract(self) -> dict:
        """``{"players": {NAME: {...}}}`` with the contract's keys only."""
        players = {}
        for player, name in enumerate(self.names):
            figures = self.figures(player).to_dict()
            key = name if name not in players else f"{name} ({player + 1})"
            players[key] = {k: figures[k] for k in CONTRACT_KEYS}
        return {"players": players}
