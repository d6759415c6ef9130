"""Resource limits (issue 15): the slowest call each checked range accepts, in seconds and peak memory.

For every function of Fifteens, 5x15, counting, svg and SelfCheck whose cost grows with its arguments, time
the most expensive arguments it accepts (or, where the cost depends on the position, the hardest of many
deals).  Incidental sizes (counting, drawing, typed text) must stay near a second; the explicit work budgets
(solver nodes, study games) are reported with what their ceiling costs.
"""

from __future__ import annotations

import contextlib
import gc
import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def _measure(call: Callable[[], Any], memory: bool = False) -> tuple[float, float, Any]:
    """(seconds, peak MB traced or 0, result) of one call."""
    gc.collect()
    if memory:
        tracemalloc.start()
    t0 = time.perf_counter()
    result = call()
    seconds = time.perf_counter() - t0
    peak = 0.0
    if memory:
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return seconds, peak, result


def _line(name: str, seconds: float, peak: float = 0.0, note: str = "") -> None:
    mem = f"{peak:8.1f} MB" if peak else " " * 11
    print(f"  {name:<62} {seconds:8.3f} s {mem}  {note}")


def main() -> int:
    """Print the table; FAIL where an incidental size's slowest accepted call takes more than 2 s."""
    from fractions import Fraction

    from fifteen_kit.widgets import SelfCheck

    from fifteen_kit import counting, svg
    from fifteen_kit.fifteens import MAX_GAMES, Position, solve, study
    from fifteen_kit.five_by_15 import MAX_MOVES, MAX_NODES, best_first, depth_first, play_out
    from fifteen_kit.five_by_15 import Position as Tiles
    from fifteen_kit.game_of_15 import Round

    failed = 0

    def quick(name: str, call: Callable[[], Any], limit: float = 2.0) -> None:
        nonlocal failed
        seconds, _, _ = _measure(call)  # timed without tracemalloc, which slows Python code several-fold
        ok = seconds <= limit
        failed += not ok
        _line(name, seconds, 0.0, "PASS" if ok else f"FAIL (over {limit} s)")

    print("counting (sympy imported by the first call)")
    counting.compositions(15, 6)
    quick("compositions(400, 20, 0, 20)", lambda: counting.compositions(400, 20, 0, 20))
    quick("compositions(200, 20, 0, 20)", lambda: counting.compositions(200, 20, 0, 20))
    quick("compositions_by_stars_and_bars(200, 20, 0, 20)",
          lambda: counting.compositions_by_stars_and_bars(200, 20, 0, 20))
    for args in ((15, 5, 0, 14), (30, 6, 0, 9), (28, 7, 1, 7)):  # 759,375, 1,000,000, 823,543 tuples (cap 1M)
        quick(f"compositions_by_enumeration{args}", lambda args=args: counting.compositions_by_enumeration(*args))
    quick("partitions_bounded(200, 20, 0, 20)", lambda: counting.partitions_bounded(200, 20, 0, 20))
    counting._card_polynomial.cache_clear()
    quick("card_sets(None, with_suits=True), cold", lambda: counting.card_sets(None, True))
    quick("card_sets_by_enumeration(None, with_suits=True)", lambda: counting.card_sets_by_enumeration(None, True))
    counting.digit_set_polynomial.cache_clear()
    quick("digit_sets(22), cold", lambda: counting.digit_sets(22))

    print("svg and text (each call's cost is flat in its numbers; text is capped)")
    quick("tile_strip of 9 digits at MAX_SIZE", lambda: svg.tile_strip(range(1, 10), size=svg.MAX_SIZE))
    quick("round_board with a MAX_TEXT title",
          lambda: svg.round_board(Round.parse("258/46 I"), title="x" * svg.MAX_TEXT))
    quick("Position.parse of 1,000 characters (Fifteens)", lambda: _refused(Position.parse, "AS " * 333))
    quick("Position.parse of 1,000 characters (5x15)", lambda: _refused(Tiles.parse, "B1 " * 333))
    fraction = SelfCheck.fraction("q", Fraction(1, 6))
    number = SelfCheck.number("q", 8)

    def typed(q: SelfCheck, texts: tuple[str, ...]) -> None:
        for text in texts:
            q.answer.value = text
            q.check()

    quick("SelfCheck.fraction: '9'*10**6, '1e999', 100-digit / 99-digit",
          lambda: typed(fraction, ("9" * 10**6, "1e999", "9" * 50 + "/" + "7" * 49, "1e999999")))
    quick("SelfCheck.number: '9'*10**6, 100 digits, '10**10**10'",
          lambda: typed(number, ("9" * 10**6, "9" * 100, "10**10**10")))

    print("Fifteens: the solver (hardest of 1,000 deals) and a study")
    worst = (0.0, 0, -1)
    for seed in range(1_000):
        seconds, _, result = _measure(lambda seed=seed: solve(Position.deal(seed)))
        worst = max(worst, (seconds, result.nodes, seed))
    _line(f"solve: slowest of 1,000 deals (deal {worst[2]}, {worst[1]:,} states)", worst[0])
    seconds, peak, _ = _measure(lambda: study(games=20, seed=3, processes=1))
    _line(f"study(games=20), one process; x{MAX_GAMES // 20:,} for MAX_GAMES={MAX_GAMES:,}", seconds, peak,
          f"~{seconds * MAX_GAMES / 20 / 60:.0f} min at the ceiling on one core")

    print("5x15: the searches at their node ceiling, and play-outs")
    import resource

    def grown() -> float:  # the process's peak resident memory so far, MB (Linux reports KB)
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3

    deal = Tiles.deal(seed=6)  # level 1: depth-first search spends the whole budget on it
    before = grown()
    seconds, _, result = _measure(lambda: depth_first(deal, budget=MAX_NODES))
    _line(f"depth_first(budget=MAX_NODES={MAX_NODES:,}), deal 6", seconds, 0.0,
          f"{result.status}, {result.nodes:,} nodes, peak memory +{grown() - before:.0f} MB")
    slowest = (0.0, None)
    for seed in range(100, 110):
        before = grown()
        seconds, _, result = _measure(lambda seed=seed: best_first(Tiles.deal(seed, level=3), budget=MAX_NODES))
        slowest = max(slowest, (seconds, f"deal {seed}: {result.status}, {result.nodes:,} nodes, "
                                         f"peak memory +{grown() - before:.0f} MB"), key=lambda x: x[0])
    _line("best_first(budget=MAX_NODES), slowest of 10 level-3 deals", slowest[0], 0.0, slowest[1])
    longest = (0.0, 0)
    for seed in range(30):
        seconds, _, out = _measure(lambda seed=seed: play_out(Tiles.deal(seed), "random", seed=seed))
        longest = max(longest, (seconds, out.moves))
    _line(f"play_out random, slowest of 30 deals ({longest[1]} moves; MAX_MOVES={MAX_MOVES:,})", longest[0])
    if not failed:
        print("PASS every incidental size's slowest accepted call within 2 s")
    return failed


def _refused(parse: Callable[[str], Any], text: str) -> None:
    from fifteen_kit.errors import NotationError

    with contextlib.suppress(NotationError):
        parse(text)


if __name__ == "__main__":
    raise SystemExit(main())
