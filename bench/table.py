"""The headline table of ``make bench``: each figure issue 21 names, ours beside its reference and target.

Not a benchmark itself (no ``bench_`` prefix).  A benchmark module calls :func:`record` for each of its
headline figures; ``bench/run.py`` prints :func:`render` after every module has run and, when every module
ran, writes the table into docs/speed.md between the ``<!-- bench-table -->`` markers and into
``bench/results/bench_table.md``.  Timings are one run on one machine: the table says which.
"""

from __future__ import annotations

import os
import platform
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "docs" / "speed.md"
RESULT = Path(__file__).resolve().parent / "results" / "bench_table.md"
BEGIN, END = "<!-- bench-table -->", "<!-- /bench-table -->"


@dataclass(frozen=True)
class Row:
    """One headline figure: what was measured, our figure, the reference's, the target, and whether it is met."""

    area: str
    figure: str
    ours: str
    reference: str
    target: str
    ok: bool | None


ROWS: list[Row] = []


def record(area: str, figure: str, ours: str, reference: str = "", target: str = "", ok: bool | None = None) -> None:
    """Add one row to the headline table (``ok`` None: no target, or the target could not be checked)."""
    ROWS.append(Row(area, figure, ours, reference or "-", target or "-", ok))


def render() -> str:
    """The rows as a Markdown table, with a line naming the machine."""
    mark = {True: "yes", False: "**no**", None: "-"}
    lines = [
        f"Measured {datetime.now(timezone.utc):%Y-%m-%d} on {os.cpu_count()} cores, Python "
        f"{platform.python_version()} ({platform.system()}); one run, so expect a few percent of noise.",
        "",
        "| area | figure | fifteen-kit | reference | target | met |",
        "|---|---|---|---|---|---|",
    ]
    lines += [f"| {r.area} | {r.figure} | {r.ours} | {r.reference} | {r.target} | {mark[r.ok]} |" for r in ROWS]
    return "\n".join(lines) + "\n"


def _rows_of(table: str) -> list[Row]:
    """The rows of a table written by :func:`render` (the "met" column read back as True, False or None)."""
    met = {"yes": True, "**no**": False}
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if line.startswith("| ") and len(cells) == 6 and cells[0] not in ("area", "---"):
            rows.append(Row(*cells[:5], met.get(cells[5])))
    return rows


def merge_previous(result: Path = RESULT) -> None:
    """Keep the rows of the last full run that this (partial) run did not measure, in their places."""
    if not result.exists():
        return
    fresh = {(r.area, r.figure): r for r in ROWS}
    merged = [fresh.pop((r.area, r.figure), r) for r in _rows_of(result.read_text())]
    ROWS[:] = merged + list(fresh.values())


def write(readme: Path = README, result: Path = RESULT) -> None:
    """Write the table to ``result`` and between the markers in ``readme`` (which must hold both markers)."""
    table = render()
    result.parent.mkdir(parents=True, exist_ok=True)
    result.write_text(table)
    text = readme.read_text()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{readme} has no {BEGIN} ... {END} markers for the bench table")
    readme.write_text(pattern.sub(lambda _: f"{BEGIN}\n{table}{END}", text))
