"""The browser-only site (JupyterLite): how long a pupil waits for lesson 01's first board, and the download.

Measured by the offline browser test ``tests/lite/test_first_board.py`` (``make test-lite``, about a minute
alone: ``KIT_LITE_SITE=build/lite .venv/bin/python -m pytest tests/lite/test_first_board.py``), which writes
``artifacts/lite/first_board.json``.  This module does not start a browser: it reads that file, when there is
one, into ``bench/results/lite_first_board.json`` (committed, under ``"after"``) and puts the figures in the
headline table beside ``"before"``, the same test run on the site as it was built before issue 21.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from table import record

ROOT = Path(__file__).resolve().parent.parent
MEASURED = ROOT / "artifacts" / "lite" / "first_board.json"
RESULTS = Path(__file__).resolve().parent / "results" / "lite_first_board.json"
FIGURES = (("first_board_s", "s", "time from opening lesson 01 to its first board"),
           ("kernel_ready_s", "s", "of which the Pyodide kernel starting"),
           ("first_board_mb", "MB", "downloaded before the first board"))
#: Written by bench/lite_start.py only: the next lesson's first board, the browser's cache kept.
WARM = ("warm_first_board_s", "s", "time from opening lesson 02 next (cache kept) to its first board")
#: Issue 30's targets, in seconds on a quiet machine: lesson 01 cold, the next lesson warm.
TARGETS = {"first_board_s": 15.0, "warm_first_board_s": 8.0}


def load() -> dict[str, Any]:
    """The committed results, with a fresh measurement from ``artifacts/lite/`` (if any) as ``"after"``."""
    data: dict[str, Any] = json.loads(RESULTS.read_text())
    if MEASURED.exists():
        fresh = json.loads(MEASURED.read_text())
        data["after"] = {k: fresh[k] for k in ("lesson", "kernel_ready_s", "kernel_ready_mb", "first_board_s",
                                               "first_board_mb", "files")}
        RESULTS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return data


def main() -> int:
    """Print and record the before/after figures of the JupyterLite site; return 0 (no pass/fail here)."""
    data = load()
    before, after = data["before"], data["after"]
    source = "this run's make test-lite" if MEASURED.exists() else f"{RESULTS.relative_to(ROOT)} (no fresh test run)"
    print(f"JupyterLite, lesson 01 offline in Chromium ({source}):")
    machine = f" (load {after['load']} on {after['cpus']} cores)" if "load" in after else ""
    figures = FIGURES + ((WARM,) if WARM[0] in after and WARM[0] in before else ())
    for key, unit, what in figures:
        ratio = before[key] / after[key] if after[key] else float("inf")
        print(f"  {what:<48} before {before[key]:5.1f} {unit:<2}  after {after[key]:5.1f} {unit:<2}  (x{ratio:.2f})")
        if key in TARGETS:  # issue 30's targets, on a quiet machine
            record("JupyterLite", what, f"{after[key]:.1f} {unit}{machine}", f"{before[key]:.1f} {unit} (before)",
                   f"< {TARGETS[key]:g} {unit}", after[key] < TARGETS[key])
        elif key != "kernel_ready_s":
            record("JupyterLite", what, f"{after[key]:.1f} {unit}", f"{before[key]:.1f} {unit} (before)",
                   "less than before", after[key] < before[key])
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
