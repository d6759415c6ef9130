"""Run every benchmark in this folder: each ``bench/bench_*.py`` module's ``main()``, in name order.

Usage (from the repository root)::

    python bench/run.py                  # every benchmark
    python bench/run.py game_of_15       # only modules whose name contains "game_of_15"
    python bench/run.py --strict         # exit with status 1 if any check printed FAIL

After the modules, the headline table (``bench/table.py``: each figure beside its reference and target) is
printed and written into docs/speed.md and ``bench/results/bench_table.md``; a partial run (with filters) replaces
only the rows it measured, keeping the others from the last run.

The repository root is put on ``sys.path``, so the kit needs no installing.  A
benchmark's ``main()`` prints its own table and PASS/FAIL/SKIP lines and returns
how many checks failed.  Timings are noisy, so by default a FAIL does not change
the exit status; ``--strict`` makes it do so.  To add a benchmark, drop a
``bench_<name>.py`` with a ``main() -> int`` next to this file.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent


def discover(filters: list[str]) -> list[str]:
    """Names of the ``bench_*`` modules in this folder (sorted), keeping those matching any filter."""
    names = sorted(p.stem for p in BENCH_DIR.glob("bench_*.py"))
    if filters:
        names = [n for n in names if any(f in n for f in filters)]
    return names


def run(names: list[str]) -> int:
    """Import each module and call its ``main()``; return the total number of failed checks."""
    for path in (REPO_ROOT, BENCH_DIR):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    failures = 0
    for name in names:
        print(f"=== {name} ===")
        module = importlib.import_module(name)
        entry: Callable[[], int | None] = module.main
        failures += entry() or 0
        print()
    return failures


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; the return value is the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("filters", nargs="*", help="run only modules whose name contains one of these")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 if any check failed")
    args = parser.parse_args(argv)
    names = discover(args.filters)
    if not names:
        print(f"no benchmark matches {args.filters}", file=sys.stderr)
        return 2
    failures = run(names)
    import table

    if args.filters:  # a partial run: the rows it measured replace theirs in the last full run's table
        table.merge_previous()
    print("=== headline table ===")
    print(table.render())
    table.write()
    print(f"table written to {table.RESULT.relative_to(REPO_ROOT)} and docs/speed.md")
    print(f"{len(names)} benchmark module(s) run, {failures} check(s) failed")
    return 1 if args.strict and failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
