"""Run All of every lesson, timed the way a class meets it: a fresh kernel, every cell in order (nbclient).

Writes ``bench/results/lesson_times.json`` (committed): per lesson the kernel start, the Run All time (every
cell, kernel start excluded), the slowest cell and its time; and writes the same times into the teacher guide
(its index table and each page's "takes N s of computing"), which tests/test_teacher_guide.py checks against
the file.  After a lesson changes, run ``make bench`` (or ``python bench/bench_lessons.py 03 05`` for some
lessons) and commit both.  Times are one run on the machine named in the file; a slower school laptop takes
longer, which is why the guide rounds up.
"""

from __future__ import annotations

import json
import os
import platform
import re
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
RESULTS = Path(__file__).resolve().parent / "results" / "lesson_times.json"
#: Issue 21's targets, in seconds, with nbclient on the project's two-core machine.
RUN_ALL_TARGET, CELL_TARGET = 5.0, 1.0
#: Issue 32's: the first board of a lesson within 3 s of Run All (a warm kernel), every cell before it under 1 s.
FIRST_BOARD_TARGET = 3.0
#: Lessons whose Run All reads a result stored in the kit instead of computing it: their "before" is not a
#: speed-up of the same work, and the table says so.
STORED = {"06_five_by_15": "lesson 06's player study is stored (fifteen_kit/five_by_15/_study.py), not played"}
#: A cell that makes a lesson's first board (or its gallery of boards).
BOARD = re.compile(r"\b(\w+Board|gallery|PairStudy|SetHunt|SquarePad)\(")


def _cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used so far (Linux /proc; 0.0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_lesson(path: Path, timeout: int = 300) -> dict[str, Any]:
    """Run every cell of the notebook at ``path`` in a fresh kernel (working folder lessons/); times in seconds."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}})
    cells: list[float] = []
    board: dict[str, float] = {}
    t0 = time.perf_counter()
    with client.setup_kernel():
        pid = getattr(getattr(client.km, "provisioner", None), "process", None)
        pid = pid.pid if pid is not None else 0
        started, cpu0 = time.perf_counter(), _cpu_seconds(pid)
        for index, cell in enumerate(nb.cells):
            t = time.perf_counter()
            client.execute_cell(cell, index)
            if cell.cell_type == "code":
                cells.append(time.perf_counter() - t)
                if not board and BOARD.search(cell.source):
                    board = {"first_board_s": round(time.perf_counter() - started, 2),
                             "first_board_cpu_s": round(_cpu_seconds(pid) - cpu0, 2),
                             "before_board_slowest_s": round(max(cells[:-1], default=0.0), 2),
                             "first_board_code_cell": len(cells)}
    run_all = time.perf_counter() - started
    slowest = max(range(len(cells)), key=cells.__getitem__)
    return {"kernel_start_s": round(started - t0, 1), "run_all_s": round(run_all, 1),
            "slowest_cell_s": round(cells[slowest], 1), "slowest_code_cell": slowest + 1, "code_cells": len(cells),
            **board}


def warm_up() -> None:
    """One untimed kernel that imports what the lessons import, so the files are read from memory, not disk.

    A class's Run All follows the teacher's own run before the lesson (the guide asks for one); the first
    import of sympy from a venv never read before took twice as long.
    """
    import nbformat
    from nbclient import NotebookClient

    source = "import ipywidgets, sympy, matplotlib.pyplot, fifteen_kit.widgets.workbook"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}}).execute()


def main(argv: list[str] | None = None) -> int:
    """Time the lessons whose number is in ``argv`` (all if none) and merge them into the results file."""
    wanted = argv if argv is not None else []
    paths = [p for p in sorted(LESSONS.glob("0*.ipynb")) if not wanted or p.name[:2] in wanted]
    data: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    lessons = data.setdefault("lessons", {})
    # An installed kit has its bytecode compiled (pip does it when it installs; Binder's build too), so compile
    # the kit here as well: where PYTHONDONTWRITEBYTECODE is set, every kernel would otherwise compile it again.
    import compileall

    from table import record

    for folder in ("fifteen_kit", "widgets"):
        compileall.compile_dir(ROOT / folder, quiet=1)
    warm_up()
    failed = 0
    for path in paths:
        before = lessons.get(path.stem)
        lessons[path.stem] = row = time_lesson(path)
        print(f"  {path.stem:<22} kernel {row['kernel_start_s']:5.1f} s  Run All {row['run_all_s']:5.1f} s  "
              f"slowest cell {row['slowest_cell_s']:5.1f} s (code cell {row['slowest_code_cell']})")
        ok = row["run_all_s"] < RUN_ALL_TARGET and row["slowest_cell_s"] < CELL_TARGET
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {path.stem}: Run All under {RUN_ALL_TARGET:g} s, every cell under "
              f"{CELL_TARGET:g} s")
        baseline = data.get("before_issue_21", {}).get(path.stem, before)
        was = (f"{baseline['run_all_s']} s / {baseline['slowest_cell_s']} s "
               f"({'before issue 21' if baseline is not before else 'previous file'})" if baseline else "")
        if path.stem in STORED and was:
            was = f"stored result, not a speed-up: {STORED[path.stem]}; played live: {was}"
        record("lessons", f"{path.stem} Run All / slowest cell (wall, fresh kernel, as a pupil waits)",
               f"{row['run_all_s']} s / {row['slowest_cell_s']} s", was,
               f"< {RUN_ALL_TARGET:g} s / < {CELL_TARGET:g} s", ok)
        if "first_board_s" in row:
            quick = row["first_board_s"] <= FIRST_BOARD_TARGET and row["before_board_slowest_s"] < CELL_TARGET
            failed += not quick
            print(f"{'PASS' if quick else 'FAIL'} {path.stem}: first board after {row['first_board_s']} s "
                  f"({row['first_board_cpu_s']} s of the kernel's CPU), slowest cell before it "
                  f"{row['before_board_slowest_s']} s")
            record("lessons", f"{path.stem} first board (wall / kernel CPU) / slowest cell before it",
                   f"{row['first_board_s']} s / {row['first_board_cpu_s']} s / {row['before_board_slowest_s']} s",
                   "", f"<= {FIRST_BOARD_TARGET:g} s / - / < {CELL_TARGET:g} s", quick)
    data["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version(), "system": platform.system(),
                       "measured": datetime.now(timezone.utc).strftime("%Y-%m-%d")}
    data["note"] = ("One Run All per lesson in a fresh kernel (nbclient), kernel start excluded; times in seconds "
                    "(wall, as a pupil waits; first_board_cpu_s is the kernel's own CPU time until the first board); "
                    "written by bench/bench_lessons.py (make bench).")
    data["lessons"] = dict(sorted(lessons.items()))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"  written to {RESULTS.relative_to(ROOT)}")
    update_guide(data["lessons"])
    return failed


def update_guide(lessons: dict[str, Any]) -> None:
    """Write the measured times into the teacher guide: its index table and each page's "takes N s of computing".

    tests/test_teacher_guide.py checks the guide against the results file, so the two are rewritten together.
    """
    import re

    guide = LESSONS / "teacher_guide"
    index = guide / "README.md"
    text = index.read_text()
    for stem, row in lessons.items():
        number = stem[:2]
        text = re.sub(rf"^(\| {number} [a-z0-9 ]+ \| )[\d.]+ s \| [\d.]+ s \|$",
                      lambda m, row=row: f"{m.group(1)}{row['run_all_s']} s | {row['slowest_cell_s']} s |", text,
                      flags=re.M)
        page = guide / f"{stem}.md"
        if page.exists():
            page.write_text(re.sub(r"takes [\d.]+ s of computing", f"takes {row['run_all_s']} s of computing",
                                   page.read_text()))
    index.write_text(text)
    print(f"  teacher guide updated: {index.relative_to(ROOT)} and each lesson's page")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
