"""Time a class tournament of 15 handed-in players in the browser-only site (JupyterLite, issue 35).

The same 15 entries as ``bench/tournament_15.py`` (which times them in the process sandbox), run by
``run_tournament`` in a Pyodide kernel of the built site (``make lite``), offline in Debian's Chromium: every
entry in its own Web Worker with its own Pyodide (:mod:`fifteen_kit.lite_sandbox`).  Run alone, with the test
tools of ``.venv`` (Playwright)::

    .venv/bin/python bench/lite_tournament.py [--site build/lite] [--games 100]
                                              [--output bench/results/lite_tournament.json]

For each game it records the wall-clock seconds the kernel reports (``Leaderboard.wall_seconds``), the seconds one
worker takes to start (Pyodide loaded, capabilities removed, the player's code loaded) and, where the process
sandbox works on this machine, the same tournament's seconds there and whether both leaderboards are the same.
A figure to report, never a pass/fail threshold.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests" / "lite"))
sys.path.insert(0, str(ROOT / "bench"))

from lab_driver import chromium  # noqa: E402
from lab_server import free_port  # noqa: E402
from lite_offline import offline_page  # noqa: E402
from static_host import StaticHost, serve  # noqa: E402
from test_tournament import JS_RUN  # noqa: E402
from tournament_15 import DICE, FIFTEENS  # noqa: E402

from fifteen_kit.sandbox import available  # noqa: E402
from fifteen_kit.tournament import run_tournament  # noqa: E402

KERNEL_CODE = """
import json, time
from fifteen_kit.lite_sandbox import WorkerPlayer
from fifteen_kit.tournament import run_tournament
began = time.monotonic()
probe = WorkerPlayer({first!r}, {game!r}, name="probe")
await probe.astart()
start = time.monotonic() - began
probe.close()
board = run_tournament({entries!r}, {game!r}, games={games}, seed=7)
print("BOARD" + json.dumps({{"start_s": round(start, 2), "wall_s": board.wall_seconds, "stopped": board.stopped,
    "rows": [[r.name, r.games, r.mean] for r in board.ranking]}}))
"""


def entries(game: str) -> dict[str, str]:
    """The 15 entries of bench/tournament_15.py for ``game``."""
    text = DICE if game == "dice" else FIFTEENS
    return {f"pair{k:02d}": text.format(k=k, c=round(0.1 + 0.05 * (k % 5), 2)) for k in range(15)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--output", type=Path, default=ROOT / "bench" / "results" / "lite_tournament.json")
    args = parser.parse_args(argv)
    results: dict[str, object] = {"games": args.games, "entries": 15, "cpus": os.cpu_count(),
                                  "load": round(os.getloadavg()[0], 1)}
    with serve(args.site.resolve(), StaticHost, free_port()) as site, chromium("/usr/bin/chromium") as browser:
        context, page = offline_page(browser, site, viewport={"width": 1300, "height": 900})
        page.set_default_timeout(3_600_000)
        page.goto(f"{site}/lab/index.html")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager")
        page.evaluate(JS_RUN, "import fifteen_kit")  # the kernel started and the kit imported
        for game in ("dice", "fifteens"):
            chosen = entries(game)
            began = time.perf_counter()
            out = page.evaluate(JS_RUN, KERNEL_CODE.format(first=next(iter(chosen.values())), game=game,
                                                           entries=chosen, games=args.games))
            if "BOARD" not in out:
                print(out)
                return 1
            lite = json.loads(out.split("BOARD", 1)[1])
            lite["browser_wall_s"] = round(time.perf_counter() - began, 1)
            if available():
                here = run_tournament(chosen, game, games=args.games, seed=7)
                lite["process_sandbox_wall_s"] = here.wall_seconds
                lite["process_sandbox_cpu_s"] = here.cpu_seconds
                rows = [[r.name, r.games, r.mean] for r in here.ranking]  # a stopped entry's mean is nan
                lite["same_leaderboard"] = json.dumps(rows) == json.dumps(lite["rows"]) and \
                    here.stopped == lite["stopped"]
            del lite["rows"]
            results[game] = lite
            print(game, json.dumps(lite))
        assert page.blocked == [], page.blocked
        context.close()
    args.output.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
