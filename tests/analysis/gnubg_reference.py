"""GNU Backgammon's own figures for a match: run the ``gnubg`` package in a fresh process
(``import mat``, ``analyse match``, ``show statistics match``, luck on, gnubg's own
thresholds unless others are given) and read the table it prints, with a parser of its own
(not the app's). The tests hold ``analyse_match --json`` against these."""

import re
import subprocess
import sys

SCRIPT = r"""
import sys, gnubg
plies, path, thresholds = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
marks = [f"set analysis threshold {name} {value}"
         for name, value in zip(("doubtful", "bad", "verybad"), thresholds)]
for command in ["set threads 1", "set display off", "set output digits 6", *marks,
                "set analysis luck on",
                f"set analysis chequerplay evaluation plies {plies}",
                f"set analysis cubedecision evaluation plies {plies}",
                f'import mat "{path}"', "analyse match", "show statistics match"]:
    gnubg.command(command)
info = gnubg.match(analysis=0, boards=0)["match-info"]
print("\nNAMES\t" + info["X"]["name"] + "\t" + info["O"]["name"])
"""

COUNTS = {"Total moves": "moves", "Unforced moves": "unforced_moves",
          "Moves marked doubtful": "doubtful", "Moves marked bad": "bad",
          "Moves marked very bad": "very_bad"}
SECTIONS = {"Chequerplay statistics": "chequer_error", "Cube statistics": "cube_error",
            "Overall statistics": "error"}
_AMOUNT = re.compile(r"([+-]?\d+\.\d+)\s*\(")


def printed_statistics(path: str, plies: int = 0, thresholds: tuple[float, ...] = ()
                       ) -> dict[str, dict[str, float]]:
    """{player name: {contract key: value}}, errors made positive as in the contract."""
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(plies), path,
                          *(str(value) for value in thresholds)], check=True,
                         capture_output=True, text=True, timeout=600)
    return parse_statistics(run.stdout)


def parse_statistics(text: str) -> dict[str, dict[str, float]]:
    table = text[text.index("Player "):]
    names = table[table.index("\nNAMES\t") + 7:].splitlines()[0].split("\t")
    figures: list[dict[str, float]] = [{}, {}]
    section = ""
    for line in table.splitlines():
        label = re.split(r"\s{2,}", line.strip())[0] if line.strip() else ""
        if label in SECTIONS or label == "Luck statistics":
            section = label
        values: list[float] = []
        if label in COUNTS:
            values = [float(v) for v in re.findall(r"\s(\d+)(?=\s|$)", line[len(label):])]
            key = COUNTS[label]
        elif label.startswith(("Error total", "Error rate")) and section in SECTIONS:
            key = SECTIONS[section] + ("_total" if "total" in label else "_rate")
            values = [-float(v) for v in _AMOUNT.findall(line)]
        elif label.startswith(("Luck total", "Luck rate")):
            key = "luck_total" if "total" in label else "luck_rate"
            values = [float(v) for v in _AMOUNT.findall(line)]
        for player, value in enumerate(values[:2]):
            figures[player][key] = value
    return dict(zip(names, figures, strict=True))
