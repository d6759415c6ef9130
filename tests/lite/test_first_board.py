"""How long a pupil waits on the browser-only site, and how much it downloads, before lesson 01's first board.

From opening lesson 01's link in a fresh browser (empty cache) to the Game of 15 board drawn under its cell:
the page and JupyterLab, the Pyodide kernel starting, the first cell (``%pip install`` of the kit and its
libraries) and the board cell.  The figures, with the largest files served, go to
``artifacts/lite/first_board.json``; ``bench/bench_lite.py`` puts them in the headline table.
Timings are one run on whatever machine runs the test: a figure to report, never a pass/fail threshold.
"""

from __future__ import annotations

import json
import time

from conftest import StaticFiles
from lab_driver import open_url
from playwright.sync_api import expect
from test_site import run_cells

LESSON = "01_magic_square.ipynb"
BOARD_CELL = 3  # the notebook's cell index of the first board (code cell 2: GameOf15Board)


def test_first_board_of_lesson_01(page, site, artifacts):
    StaticFiles.served_files.clear()
    StaticFiles.first_served.clear()
    sent_before, t0 = StaticFiles.served_bytes, time.perf_counter()
    marks: dict[str, float] = {}
    open_url(page, f"{site}/lab/index.html?path={LESSON}", LESSON, 240)
    marks["kernel_ready_s"] = time.perf_counter() - t0
    marks["kernel_ready_mb"] = (StaticFiles.served_bytes - sent_before) / 1e6
    assert run_cells(page, [i for i in range(BOARD_CELL + 1, 1000)]) == [1, BOARD_CELL]
    expect(page.locator(".f15-board .f15-tile").first).to_be_visible(timeout=120_000)
    marks["first_board_s"] = time.perf_counter() - t0
    sent = StaticFiles.served_bytes - sent_before
    largest = sorted(StaticFiles.served_files.items(), key=lambda kv: -kv[1])[:20]
    timeline = sorted((t - t0, path) for path, t in StaticFiles.first_served.items() if not path.endswith(".js"))
    figures = {"lesson": LESSON, **{k: round(v, 1) for k, v in marks.items()},
               "first_board_mb": round(sent / 1e6, 1), "files": len(StaticFiles.served_files),
               "largest_files_kb": {path: round(n / 1e3) for path, n in largest},
               "first_asked_s": {path: round(t, 1) for t, path in timeline}}
    (artifacts / "first_board.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(json.dumps(figures, indent=1))
    assert page.blocked == []
