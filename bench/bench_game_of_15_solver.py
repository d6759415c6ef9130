"""Benchmark: the Game of 15 perfect-play solver against OpenSpiel's alpha-beta on tic-tac-toe.

The Game of 15 is tic-tac-toe in disguise (the digits 1-9 on a 3x3 magic
square), so both searches below settle the same game.  Timed in one run:

* our full solve -- ``Solver().solve_reachable()``, a fresh solver (empty
  transposition table) each repetition, all 5,478 reachable positions;
* OpenSpiel's ``open_spiel.python.algorithms.minimax.alpha_beta_search`` on
  ``pyspiel.load_game("tic_tac_toe")`` from the initial state (root value only);
* for interest: ``evaluate()`` of the mid-game position ``5/2 O`` with a warm
  table, and a cold ``Solver().evaluate(...)`` of it (the position is parsed
  once, outside the timer).

Timing uses :func:`timeit.repeat` (which switches the garbage collector off while
timing) after one untimed warm-up call; we report the best and the median run.
The full solve and the OpenSpiel search are interleaved (3 solves, then 1 search,
7 rounds) so that both see the same machine noise and their ratio stays fair.
Checks (PASS/FAIL lines): full solve under 10 ms, at least 4x faster than
OpenSpiel's root search, and both root values 0 (a draw).  OpenSpiel is only a
benchmark dependency (``bench/requirements.txt``); without it the OpenSpiel rows
are skipped and our solver is still timed.

Run it through ``python bench/run.py`` (which puts the kit on ``sys.path``).
"""

from __future__ import annotations

import platform
import statistics
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from fifteen_kit.game_of_15 import Round
from fifteen_kit.game_of_15.solver import Solver

POSITIONS = 5478
MID_GAME = "5/2 O"
FULL_SOLVE_TARGET_MS = 10.0
SPEEDUP_TARGET = 4.0
SOLVER_REPEAT = 21
OPENSPIEL_REPEAT = 7
WARM_EVAL_REPEAT = 7
WARM_EVAL_NUMBER = 2000
LABEL_WIDTH = 48


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the best and the median over ``runs`` timed runs."""

    label: str
    best: float
    median: float
    runs: int


def measure(label: str, func: Callable[[], object], *, repeat: int, number: int = 1) -> Timing:
    """Time ``func`` (one untimed warm-up call, then ``repeat`` runs of ``number`` calls each)."""
    func()
    totals = timeit.repeat(func, repeat=repeat, number=number)
    return summarise(label, [t / number for t in totals])


def measure_interleaved(cases: list[tuple[str, Callable[[], object], int]], *, rounds: int) -> list[Timing]:
    """Time several one-call cases in alternation: each round runs every case ``(label, func, runs)`` in turn.

    Interleaving makes the cases share the machine's slow and fast moments, which
    keeps their ratio steadier than timing them one after the other.
    """
    samples: list[list[float]] = [[] for _ in cases]
    for _, func, _ in cases:
        func()
    for _ in range(rounds):
        for times, (_, func, runs) in zip(samples, cases, strict=True):
            times.extend(timeit.repeat(func, repeat=runs, number=1))
    return [summarise(label, times) for (label, _, _), times in zip(cases, samples, strict=True)]


def summarise(label: str, per_call: list[float]) -> Timing:
    """Summarise per-call times by their best and median."""
    return Timing(label, min(per_call), statistics.median(per_call), len(per_call))


def fmt_seconds(seconds: float) -> str:
    """``'7.2 ms'`` for a millisecond or more, else ``'12.3 us'``."""
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} us"


def print_row(t: Timing) -> None:
    """One table row: label, best, median, number of runs."""
    print(f"  {t.label:<{LABEL_WIDTH}}{fmt_seconds(t.best):>11}{fmt_seconds(t.median):>11}{t.runs:>6}")


def check(ok: bool | None, text: str) -> int:
    """Print a PASS/FAIL line (SKIP when ``ok`` is None); return 1 for a FAIL, else 0."""
    status = "SKIP" if ok is None else "PASS" if ok else "FAIL"
    print(f"{status} {text}")
    return 1 if ok is False else 0


def load_openspiel() -> tuple[Any, Any, str] | str:
    """``(pyspiel, alpha_beta_search, version)``, or a one-line reason why OpenSpiel is unavailable."""
    try:
        import pyspiel
        from open_spiel.python.algorithms.minimax import alpha_beta_search
    except Exception as exc:  # ImportError, or a broken native extension (OSError, ...)
        return f"{type(exc).__name__}: {exc}"
    try:
        version = metadata.version("open-spiel")
    except metadata.PackageNotFoundError:
        version = "unknown version"
    return pyspiel, alpha_beta_search, version


def main() -> int:
    """Run the benchmark, print the table and the checks; return the number of failed checks."""
    position = Round.parse(MID_GAME)
    solver = Solver()
    solved = solver.solve_reachable()
    our_value = solver.score(Round())
    warm = Solver()
    warm.solve_reachable()

    full_label = f"full solve ({POSITIONS:,} positions)"
    loaded = load_openspiel()
    spiel: Timing | None = None
    spiel_value: float | None = None
    if isinstance(loaded, str):
        spiel_note = f"OpenSpiel: MISSING (pyspiel not importable -- {loaded}); pip install -r bench/requirements.txt"
        full = measure(full_label, lambda: Solver().solve_reachable(), repeat=SOLVER_REPEAT)
    else:
        pyspiel, alpha_beta_search, version = loaded
        spiel_note = f"OpenSpiel: open-spiel {version}"
        game = pyspiel.load_game("tic_tac_toe")

        def spiel_root() -> float:
            value, _ = alpha_beta_search(game, state=game.new_initial_state(), maximizing_player_id=0)
            return value

        spiel_value = spiel_root()
        per_round = SOLVER_REPEAT // OPENSPIEL_REPEAT
        full, spiel = measure_interleaved(
            [
                (full_label, lambda: Solver().solve_reachable(), per_round),
                ("OpenSpiel alpha_beta_search root (tic_tac_toe)", spiel_root, 1),
            ],
            rounds=OPENSPIEL_REPEAT,
        )
    cold = measure(f"cold Solver().evaluate('{MID_GAME}')", lambda: Solver().evaluate(position), repeat=SOLVER_REPEAT)
    hot = measure(
        f"warm-table evaluate('{MID_GAME}')",
        lambda: warm.evaluate(position),
        repeat=WARM_EVAL_REPEAT,
        number=WARM_EVAL_NUMBER,
    )

    print(f"Python {platform.python_version()} ({platform.python_implementation()}); {spiel_note}")
    print(f"  {'case':<{LABEL_WIDTH}}{'best':>11}{'median':>11}{'runs':>6}")
    for t in (full, cold, hot):
        print_row(t)
    if spiel is not None:
        print_row(spiel)
        ratio = spiel.best / full.best
        print(f"  {'ratio (OpenSpiel / full solve, best)':<{LABEL_WIDTH}}{ratio:>10.1f}x")
        print(f"  {'ratio (OpenSpiel / full solve, median)':<{LABEL_WIDTH}}{spiel.median / full.median:>10.1f}x")
    else:
        ratio = None
        print(f"  {'OpenSpiel alpha_beta_search root':<{LABEL_WIDTH}}{'missing':>11}")

    failures = 0
    failures += check(solved == POSITIONS, f"full solve visits {solved:,} positions (expected {POSITIONS:,})")
    failures += check(
        full.best * 1e3 < FULL_SOLVE_TARGET_MS,
        f"full solve < {FULL_SOLVE_TARGET_MS:g} ms (best {full.best * 1e3:.2f} ms)",
    )
    failures += check(
        None if ratio is None else ratio >= SPEEDUP_TARGET,
        f">= {SPEEDUP_TARGET:g}x faster than OpenSpiel root search "
        + ("(OpenSpiel missing)" if ratio is None else f"({ratio:.2f}x)"),
    )
    failures += check(our_value == 0, f"our root value is 0, a draw (got {our_value})")
    failures += check(
        None if spiel_value is None else spiel_value == 0,
        "OpenSpiel root value is 0, a draw "
        + ("(OpenSpiel missing)" if spiel_value is None else f"(got {spiel_value})"),
    )
    return failures


if __name__ == "__main__":
    raise SystemExit(main())
