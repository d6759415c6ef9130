"""Time a class tournament of 15 handed-in players (issue 35): CPU and wall-clock seconds, dice and Fifteens.

Run alone (not part of ``make bench``): ``.venv/bin/python bench/tournament_15.py [dice|fifteens] [games]``.
The 15 entries are rule-based players of the kind lesson 07 asks for (stopping thresholds for the dice game;
first/last removal or "leave the most removals" for Fifteens), each in its own sandbox (fifteen_kit.sandbox).
"""

from __future__ import annotations

import sys

from fifteen_kit.tournament import run_tournament

DICE = """from fifteen_kit.pupil_players import valid_dice, points_if_stop, chance_of_bust
def my_player(turn):
    if valid_dice(turn):
        return "place " + " ".join(valid_dice(turn))
    if points_if_stop(turn) >= {k} or (points_if_stop(turn) > 0 and chance_of_bust(turn) > {c}):
        return "stop"
    return "roll"
"""
FIFTEENS = """from fifteen_kit.pupil_players import removals, removals_left_after
def my_player(position):
    moves = removals(position)
    if {k} < 5:
        return moves[{k} % len(moves)]
    return max(moves, key=lambda m: (removals_left_after(position, m), len(m) * ({k} % 2 * 2 - 1)))
"""


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "dice"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    text = DICE if game == "dice" else FIFTEENS
    entries = {f"pair{k:02d}": text.format(k=k, c=round(0.1 + 0.05 * (k % 5), 2)) for k in range(15)}
    board = run_tournament(entries, game, games=games, seed=7)
    print(board)
    print(f"15 players x {games} games of {game}: CPU {board.cpu_seconds:.1f} s, wall {board.wall_seconds:.1f} s")


if __name__ == "__main__":
    main()
