"""How fast the "15" dice board reacts to clicks: placing a die, stopping, and passing the turn to an
optimal computer player that plays its whole turn (budget: well under 0.1 s per click)."""

from __future__ import annotations

import time


def main() -> int:
    """Time every click of 4 seeded games (human stops after 3 dice; the coach on); return failed checks."""
    from fifteen_kit.widgets import DiceBoard

    from fifteen_kit.nasty15 import Phase

    times: dict[str, list[float]] = {"place": [], "roll": [], "stop": [], "next (computer plays)": []}
    start = time.perf_counter()
    boards = [DiceBoard(players=[("You", "human"), ("Bot", "optimal")], seed=s, coach=True) for s in range(4)]
    setup = (time.perf_counter() - start) / len(boards)
    for b in boards:
        for _ in range(400):
            g = b.game
            if g.is_over:
                break
            t = g.turn
            if t.is_over:
                kind, button = "next (computer plays)", b.next_button
            elif t.phase is Phase.PLACE:
                kind, button = "place", b.dice[t.valid_colours()[0]]
            elif t.placed_count >= 3:
                kind, button = "stop", b.stop_button
            else:
                kind, button = "roll", b.roll_button
            t0 = time.perf_counter()
            button.click()
            times[kind].append(time.perf_counter() - t0)
    print(f"  new board (solves the 10 boards' policies): {setup * 1e3:.0f} ms")
    from timing import report_clicks

    failed = sum(report_clicks(f"click: {kind}", ts) for kind, ts in times.items())
    if not failed:
        print("PASS every kind of click (95th percentile) under 100 ms")
    return failed
