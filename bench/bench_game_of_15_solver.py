"""Benchmark: the Game of 15 perfect-play solver against a numpy retrograde analysis and OpenSpiel's alpha-beta.

The Game of 15 is tic-tac-toe in disguise (the digits 1-9 on a 3x3 magic
square), so every search below settles the same game.  Timed in one run:

* our full solve -- ``Solver().solve_reachable()``, a fresh solver each repetition, all 5,478 reachable
  positions (one backward pass over their 765 symmetry classes; the position graph is loaded once per process);
* the reference ``bench/reference_game_of_15.py``: a plain numpy retrograde analysis (its index arrays built
  once, untimed; the timed part is the backward pass), every value checked equal to ours;
* the previous solver (``bench/previous_game_of_15.py``: negamax with a fresh 2**18-slot table), the
  "before" of issue 21, every value checked equal to ours;
* OpenSpiel's ``open_spiel.python.algorithms.minimax.alpha_beta_search`` on
  ``pyspiel.load_game("tic_tac_toe")`` from the initial state (root value only);
* cold start: a fresh Python process timing the kit's Game of 15 package import, then the solver's own
  imports and first full solve (ours, the previous solver's and the numpy reference's, interleaved), median
  of several processes; the whole process is mostly the package import, the same for all three;
* for interest: ``evaluate()`` of the mid-game position ``5/2 O`` with a warm
  table, and a cold ``Solver().evaluate(...)`` of it (the position is parsed
  once, outside the timer).

Timing uses :func:`timeit.repeat` with ``time.process_time`` as its timer -- CPU time of this process, so a busy
machine does not inflate the figures -- (it switches the garbage collector off while timing) after one untimed
warm-up call; we report the best (minimum) and the median run.  The full solve values the 765 symmetry
classes; reading all 5,478 positions' values out (``full_table()``, a fresh solve and its ``table``) is timed
too, as its own row.  Cold starts time the child process's own CPU time.
The warm solves are interleaved (3 of each, then 1 OpenSpiel search, 7 rounds) so that all see the same
machine noise and their ratios stay fair.  Checks (PASS/FAIL lines): full solve under 1 ms (median), at
least 4x faster than OpenSpiel's root search, the cold start no slower than the previous solver's, and
equal values.  OpenSpiel and numpy are only benchmark dependencies (``bench/requirements.txt``); without
them their rows are skipped and our solver is still timed.

Run it through ``python bench/run.py`` (which puts the kit on ``sys.path``).
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from previous_game_of_15 import PreviousSolver
from table import record

from fifteen_kit.game_of_15 import Round
from fifteen_kit.game_of_15.solver import Solver, full_table

BENCH = Path(__file__).resolve().parent
COLD_PROCESSES = 7
#: Each pair runs in a fresh interpreter: the imports every Game of 15 program makes (the kit's package), then
#: the solver's own part -- its imports not yet made and its first full solve.  The process prints the seconds
#: of the whole (both parts) and of the solver's own part.
COLD_CODE = {
    "ours": ("import fifteen_kit.game_of_15",
             "from fifteen_kit.game_of_15.solver import Solver\nSolver().solve_reachable()"),
    "previous solver": ("import fifteen_kit.game_of_15",
                        "from previous_game_of_15 import PreviousSolver\nPreviousSolver().solve_reachable()"),
    "numpy reference": ("import fifteen_kit.game_of_15",
                        "import reference_game_of_15 as r\nr.solve(r.build())"),
}

POSITIONS = 5478
MID_GAME = "5/2 O"
FULL_SOLVE_TARGET_MS = 1.0
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
    totals = timeit.repeat(func, repeat=repeat, number=number, timer=time.process_time)
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
            times.extend(timeit.repeat(func, repeat=runs, number=1, timer=time.process_time))
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


def cold_starts(processes: int = COLD_PROCESSES) -> dict[str, tuple[Timing, Timing]]:
    """Time each :data:`COLD_CODE` pair in ``processes`` fresh interpreters (interleaved): (whole, solver's part)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(BENCH.parent), str(BENCH)]))
    whole: dict[str, list[float]] = {name: [] for name in COLD_CODE}
    own: dict[str, list[float]] = {name: [] for name in COLD_CODE}
    for _ in range(processes):
        for name, (common, solver) in COLD_CODE.items():
            timed = (f"import time\nstart = time.process_time()\n{common}\nmiddle = time.process_time()\n{solver}\n"
                     "end = time.process_time()\nprint(end - start, end - middle)")
            out = subprocess.run([sys.executable, "-c", timed], capture_output=True, text=True, env=env, cwd=BENCH)
            if out.returncode == 0:
                total, part = map(float, out.stdout.split()[-2:])
                whole[name].append(total)
                own[name].append(part)
    return {name: (summarise(f"cold start, whole process: {name}", whole[name]),
                   summarise(f"cold start, solver's part: {name}", own[name]))
            for name in COLD_CODE if whole[name]}


def load_reference() -> Any:
    """The numpy reference module, or None when numpy is missing."""
    try:
        import reference_game_of_15
    except ImportError:
        return None
    return reference_game_of_15


def main() -> int:
    """Run the benchmark, print the table and the checks; record the headline rows; return the failed checks."""
    position = Round.parse(MID_GAME)
    solver = Solver()
    solved = solver.solve_reachable()
    our_value = solver.score(Round())
    ours_table = full_table()
    previous = PreviousSolver()
    previous.solve_reachable()
    previous_equal = all(previous.scores[k] == v for k, v in ours_table.items())
    previous_equal &= previous.solve_reachable() == solved
    warm = Solver()
    warm.solve_reachable()

    full_label = f"full solve (765 classes of {POSITIONS:,} positions)"
    per_round = SOLVER_REPEAT // OPENSPIEL_REPEAT
    cases: list[tuple[str, Callable[[], object], int]] = [
        (full_label, lambda: Solver().solve_reachable(), per_round),
        ("previous solver (negamax + table)", lambda: PreviousSolver().solve_reachable(), per_round),
        (f"all {POSITIONS:,} values (full_table())", full_table, 1),
    ]
    reference = load_reference()
    reference_equal: bool | None = None
    if reference is not None:
        tables = reference.build()
        values = reference.solve(tables)
        reference_equal = all(int(values[k]) == v for k, v in ours_table.items())
        cases.append(("numpy retrograde reference", lambda: reference.solve(tables), per_round))
    loaded = load_openspiel()
    spiel_value: float | None = None
    if isinstance(loaded, str):
        spiel_note = f"OpenSpiel: MISSING (pyspiel not importable -- {loaded}); pip install -r bench/requirements.txt"
    else:
        pyspiel, alpha_beta_search, version = loaded
        spiel_note = f"OpenSpiel: open-spiel {version}"
        game = pyspiel.load_game("tic_tac_toe")

        def spiel_root() -> float:
            value, _ = alpha_beta_search(game, state=game.new_initial_state(), maximizing_player_id=0)
            return value

        spiel_value = spiel_root()
        cases.append(("OpenSpiel alpha_beta_search root (tic_tac_toe)", spiel_root, 1))
    timings = measure_interleaved(cases, rounds=OPENSPIEL_REPEAT)
    by_label = {t.label: t for t in timings}
    full = by_label[full_label]
    before = by_label["previous solver (negamax + table)"]
    numpy_ref = by_label.get("numpy retrograde reference")
    spiel = by_label.get("OpenSpiel alpha_beta_search root (tic_tac_toe)")
    cold = measure(f"cold Solver().evaluate('{MID_GAME}')", lambda: Solver().evaluate(position), repeat=SOLVER_REPEAT)
    hot = measure(
        f"warm-table evaluate('{MID_GAME}')",
        lambda: warm.evaluate(position),
        repeat=WARM_EVAL_REPEAT,
        number=WARM_EVAL_NUMBER,
    )
    starts = cold_starts()

    print(f"Python {platform.python_version()} ({platform.python_implementation()}); {spiel_note}")
    print(f"  {'case':<{LABEL_WIDTH}}{'best':>11}{'median':>11}{'runs':>6}")
    for t in (*timings, cold, hot, *(t for pair in starts.values() for t in pair)):
        print_row(t)
    for other in (before, numpy_ref, spiel):
        if other is not None:
            print(f"  {'ratio (' + other.label.split(' (')[0] + ' / ours, median)':<{LABEL_WIDTH}}"
                  f"{other.median / full.median:>10.1f}x")
    ratio = None if spiel is None else spiel.best / full.best

    failures = 0
    failures += check(solved == POSITIONS, f"full solve visits {solved:,} positions (expected {POSITIONS:,})")
    failures += check(
        full.median * 1e3 < FULL_SOLVE_TARGET_MS,
        f"full solve < {FULL_SOLVE_TARGET_MS:g} ms (median {full.median * 1e3:.2f} ms, best {full.best * 1e3:.2f} ms)",
    )
    failures += check(
        None if ratio is None else ratio >= SPEEDUP_TARGET,
        f">= {SPEEDUP_TARGET:g}x faster than OpenSpiel root search "
        + ("(OpenSpiel missing)" if ratio is None else f"({ratio:.2f}x)"),
    )
    ours_cold, before_cold = starts.get("ours"), starts.get("previous solver")
    cold_ok = None
    if ours_cold is not None and before_cold is not None:
        cold_ok = ours_cold[1].median <= before_cold[1].median and ours_cold[0].median <= before_cold[0].median * 1.05
    medians = "?" if ours_cold is None or before_cold is None else (
        f"{fmt_seconds(ours_cold[1].median)} and {fmt_seconds(before_cold[1].median)}")
    failures += check(cold_ok, "cold start no slower than the previous solver's: the solver's own imports and first "
                      f"full solve (medians {medians}), and the whole process within noise (5%)")
    failures += check(previous_equal, "every value equal to the previous solver's")
    failures += check(reference_equal, "every value equal to the numpy reference's"
                      + (" (numpy missing)" if reference_equal is None else ""))
    failures += check(our_value == 0, f"our root value is 0, a draw (got {our_value})")
    failures += check(
        None if spiel_value is None else spiel_value == 0,
        "OpenSpiel root value is 0, a draw "
        + ("(OpenSpiel missing)" if spiel_value is None else f"(got {spiel_value})"),
    )

    refs = [f"numpy retrograde {fmt_seconds(numpy_ref.median)}" if numpy_ref else "numpy missing",
            f"OpenSpiel root search {fmt_seconds(spiel.median)}" if spiel else "OpenSpiel missing",
            f"previous solver {fmt_seconds(before.median)}"]
    every = by_label[f"all {POSITIONS:,} values (full_table())"]
    record("Game of 15", "full solve, warm: values of the 765 symmetry classes of all 5,478 positions (CPU, "
           f"min / median of {full.runs}, interleaved)", f"{fmt_seconds(full.best)} / {fmt_seconds(full.median)}",
           "; ".join(refs) + " (CPU medians; OpenSpiel: root value only)", f"< {FULL_SOLVE_TARGET_MS:g} ms",
           full.median * 1e3 < FULL_SOLVE_TARGET_MS)
    record("Game of 15", f"all {POSITIONS:,} positions' values, a fresh solve read out through its table (CPU, "
           f"min / median of {every.runs})", f"{fmt_seconds(every.best)} / {fmt_seconds(every.median)}",
           "OpenSpiel all states: not run here", "-")
    if ours_cold is not None:
        numpy_cold = starts.get("numpy reference")
        cold_refs = [f"previous solver {fmt_seconds(before_cold[1].median)} (whole process "
                     f"{fmt_seconds(before_cold[0].median)})" if before_cold else "previous: failed",
                     f"numpy retrograde {fmt_seconds(numpy_cold[1].median)}" if numpy_cold else "numpy missing"]
        record("Game of 15", "cold start: the solver's imports + first full solve in a fresh process (CPU of the "
               "child process, median)",
               f"{fmt_seconds(ours_cold[1].median)} (whole process {fmt_seconds(ours_cold[0].median)})",
               "; ".join(cold_refs), "no slower than the previous solver", cold_ok)
    return failures


if __name__ == "__main__":
    raise SystemExit(main())
