"""How fast the Game of 15 board reacts to a click, the computer's reply included.

Budget: well under 0.1 s per click.  Measured without a kernel (widget trait
updates are not sent anywhere), so it times the board's own work: the engine
move, the computer's choice and the full redraw.
"""

from __future__ import annotations

import time


def _time_clicks(opponent: str, hints: bool, games: int = 20) -> list[float]:
    from fifteen_kit.widgets import GameOf15Board

    times = []
    for seed in range(games):
        board = GameOf15Board(opponent=opponent, computer_side="I", hints=hints, seed=seed)
        while not board.match.round.is_over:
            digit = min(board.match.round.pool)
            start = time.perf_counter()
            board.pool_buttons[digit].click()
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    """Time clicks against each computer player, with and without hints; return failed checks."""
    from timing import report_clicks

    failed = 0
    for opponent in ("random", "tactician", "perfect"):
        for hints in (False, True):
            label = f"click + {opponent} reply" + (" + hints" if hints else "")
            failed += report_clicks(label, _time_clicks(opponent, hints))
    if not failed:
        print("PASS every click (95th percentile) under 100 ms")
    return failed
