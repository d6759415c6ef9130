"""Where a pupil's time goes on the browser-only site, from opening lesson 01 to its first board, cold and warm.

Run by ``make bench-lite`` (which builds the site first), or alone, with the test tools of ``.venv`` (Playwright)::

    .venv/bin/python bench/lite_start.py [--site after=build/lite] [--site before=build/lite-reference/site]
                                         [--rounds 3] [--output bench/results/lite_start.json]

Each site is served by a plain static file server on 127.0.0.1 (any free port, or one of ``KIT_PORTS``,
``first-last``, as the browser tests take theirs), and Debian's Chromium opens
it with every other address blocked (a request that leaves the site is counted and fails the run).  One round per
site, the sites interleaved (before, after, before, after, ...) so that the load of the machine falls on both:

* **cold**: a new Chromium with an empty profile on disk (empty cache, no service worker) opens
  ``lab/index.html?path=01...``; the times are taken from that moment: the page's HTML, JupyterLab restored,
  the Pyodide runtime asked for, the first package asked for, the kernel idle, the setup cell done (``%pip
  install``), the first board drawn.
* **warm**: then lesson 02 is opened in the same JupyterLab (as from its file browser; the browser's cache on
  disk holds what lesson 01 fetched): from that moment to its kernel idle, its setup cell and its first board.

CPU time is the Chromium processes' user + system time over each run (read from ``/proc`` by psutil): the work
the page did, whatever else the machine was doing.  The medians go to the output file with every run; the
last ``after`` and ``before`` medians also replace ``bench/results/lite_first_board.json``'s figures (which
``hub/school.py`` and ``bench/bench_lite.py`` read).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_driver import CHROMIUM_ARGS, find_panel  # noqa: E402
from lab_server import free_port  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from static_host import StaticHost  # noqa: E402

RESULTS = ROOT / "bench" / "results"
LESSONS = {"cold": ("01_magic_square.ipynb", 3, ".f15-board .f15-tile"),
           "warm": ("02_perfect_play.ipynb", 3, ".f15-board .f15-tile")}
MARKS = ("html_s", "lab_s", "pyodide_asked_s", "first_package_s", "kernel_idle_s", "setup_cell_s", "first_board_s")

JS_KERNEL = """(id) => {
  const panel = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.id === id);
  window.__kitPanel = panel;
  const s = panel.sessionContext;
  return new Promise(resolve => {
    const check = () => {
      if (s.session && s.session.kernel && s.kernelDisplayStatus === 'idle') { resolve(true); return true; }
      return false;
    };
    if (!check()) { const f = () => { if (check()) s.statusChanged.disconnect(f); }; s.statusChanged.connect(f); }
  });
}"""

JS_RUN_TO = """async (last) => {
  const app = window.jupyterapp, nb = window.__kitPanel.content, done = {};
  app.shell.activateById(window.__kitPanel.id);
  for (let i = 0; i <= last; i++) {
    if (nb.widgets[i].model.type !== 'code') continue;
    nb.deselectAll();
    nb.activeCellIndex = i;
    await app.commands.execute('notebook:run-cell');
    done[i] = performance.now();
  }
  return done;
}"""


class Site(StaticHost):
    """The static web host of tests/lite, noting when each path was first asked for and what it sent."""

    log: ClassVar[dict[str, Any]] = {}

    def send_head(self) -> Any:
        if self.path.split("?")[0] != "/jupyter-lite.json":
            return super().send_head()
        # the app exposed to the page as window.jupyterapp, for the measurement (as tests/lite does)
        config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text())
        config["jupyter-config-data"]["exposeAppInBrowser"] = True
        body = json.dumps(config).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = self.path.split("?")[0]
        self.log["first"].setdefault(path, time.perf_counter())
        start = source.tell()
        super().copyfile(source, outputfile)
        self.log["bytes"] += source.tell() - start


def serve(folder: Path, port: int) -> tuple[http.server.ThreadingHTTPServer, dict[str, Any]]:
    log: dict[str, Any] = {"first": {}, "bytes": 0}
    handler = type("SiteLog", (Site,), {"log": log})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, log


def chromium_cpu() -> dict[int, float]:
    """{pid: user + system CPU seconds} of this process's descendants (Chromium and its renderers) alive now."""
    times = {}
    for child in psutil.Process().children(recursive=True):
        try:
            t = child.cpu_times()
            times[child.pid] = t.user + t.system
        except psutil.Error:
            pass
    return times


def cpu_since(before: dict[int, float]) -> float:
    """CPU seconds spent since ``before`` by the processes alive now (new ones in full)."""
    return sum(max(0.0, t - before.get(pid, 0.0)) for pid, t in chromium_cpu().items())


def visit(page: Any, base: str, log: dict[str, Any], lesson: str, board_cell: int, board: str,
          warm: bool) -> dict[str, Any]:
    """Open ``lesson`` (cold: by its link in ``page``; warm: from the JupyterLab already in ``page``) and run it
    to its first board; the marks (seconds from opening), bytes served and Chromium's CPU time."""
    log["first"].clear()
    sent = log["bytes"]
    cpu0, t0 = chromium_cpu(), time.perf_counter()
    marks: dict[str, float | None] = {}
    if warm:  # the next lesson in the same JupyterLab, as a pupil opens it from the file browser
        page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", lesson)
    else:
        page.goto(f"{base}/lab/index.html?path={lesson}", wait_until="domcontentloaded", timeout=120_000)
        marks["html_s"] = time.perf_counter() - t0
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
        page.evaluate("() => window.jupyterapp.restored")
        marks["lab_s"] = time.perf_counter() - t0
    panel = find_panel(page, lesson, 120)
    page.evaluate(JS_KERNEL, panel)
    start_ms = page.evaluate("() => performance.now()")  # the page's clock: the setup cell's end is read on it
    marks["kernel_idle_s"] = time.perf_counter() - t0
    kernel_mb = (log["bytes"] - sent) / 1e6
    done = page.evaluate(JS_RUN_TO, board_cell)
    first_code = min(int(i) for i in done)
    marks["setup_cell_s"] = marks["kernel_idle_s"] + (done[str(first_code)] - start_ms) / 1000
    page.locator(f'[id="{panel}"] {board}').first.wait_for(state="visible", timeout=180_000)
    marks["first_board_s"] = time.perf_counter() - t0
    cpu = cpu_since(cpu0)
    first = log["first"]
    wasm = [t for p, t in first.items() if p.endswith("pyodide.asm.wasm")]
    wheels = [t for p, t in first.items() if p.endswith(".whl")]
    marks["pyodide_asked_s"] = min(wasm) - t0 if wasm else None
    marks["first_package_s"] = min(wheels) - t0 if wheels else None
    out: dict[str, Any] = {k: (round(v, 2) if v is not None else None) for k, v in marks.items()}
    out.update(cpu_s=round(cpu, 1), mb=round((log["bytes"] - sent) / 1e6, 1), kernel_mb=round(kernel_mb, 1),
               files=len(first),
               sent=sorted(first))
    return out


def one_round(pw: Any, chromium: str, name: str, base: str, log: dict[str, Any]) -> dict[str, Any]:
    """Lesson 01 in a new browser with an empty profile (cold), then lesson 02 in the same JupyterLab (warm)."""
    # A browser of its own with a profile on disk, as a pupil's: its cache keeps what the first lesson fetched
    # (Playwright's throw-away contexts hold no 19 MB file in their memory cache).  No request interception:
    # Playwright's routing turns the cache off.  Chromium resolves no host name but 127.0.0.1, and every request
    # the pages and their workers make is checked against the site's address.
    with tempfile.TemporaryDirectory(prefix="kit-lite-profile-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=chromium, viewport={"width": 1300, "height": 900},
            args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        outside: list[str] = []
        context.on("request", lambda r: None if r.url.startswith((base + "/", "data:", "blob:"))
                   else outside.append(r.url))
        try:
            page = context.pages[0] if context.pages else context.new_page()
            runs = {kind: visit(page, base, log, *LESSONS[kind], warm=kind == "warm") for kind in ("cold", "warm")}
        finally:
            context.close()
    if outside:
        raise SystemExit(f"{name}: the site asked for addresses outside it: {outside[:5]}")
    return runs


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = [*MARKS, "cpu_s", "mb", "kernel_mb", "files"]
    return {k: round(statistics.median(r[k] for r in runs), 2) for k in keys
            if all(r.get(k) is not None for r in runs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", action="append", default=[], metavar="NAME=FOLDER",
                        help="a built site to measure (default: after=build/lite); several are interleaved")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--output", type=Path, default=RESULTS / "lite_start.json")
    args = parser.parse_args(argv)
    sites = dict(s.split("=", 1) for s in args.site) or {"after": str(ROOT / "build" / "lite")}
    servers = {}
    for name, folder in sites.items():
        if not (Path(folder) / "index.html").exists():
            raise SystemExit(f"no site in {folder}: build it with `make lite`")
        server, log = serve(Path(folder), free_port())  # bound at once: the next free_port() skips it
        servers[name] = (f"http://127.0.0.1:{server.server_address[1]}", server, log)
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    try:
        with sync_playwright() as pw:
            for n in range(args.rounds):
                for name, (base, _server, log) in servers.items():
                    result = one_round(pw, args.chromium, name, base, log)
                    runs[name].append(result)
                    print(f"round {n + 1} {name}: cold {result['cold']['first_board_s']:.1f} s "
                          f"(CPU {result['cold']['cpu_s']:.1f} s), warm {result['warm']['first_board_s']:.1f} s "
                          f"(CPU {result['warm']['cpu_s']:.1f} s); load {psutil.getloadavg()[0]:.1f}", flush=True)
    finally:
        for _base, server, _log in servers.values():
            server.shutdown()
            server.server_close()
    summary = {name: {kind: median_of([r[kind] for r in rs]) for kind in ("cold", "warm")} for name, rs in runs.items()}
    data = {"note": "bench/lite_start.py: median of the rounds, sites interleaved; seconds from opening the lesson "
                    "(cold: lesson 01 in a fresh profile; warm: lesson 02 next, browser cache kept); cpu_s: "
                    "Chromium's user+system CPU seconds; mb: bytes the site served.",
            "load_average": [round(x, 1) for x in psutil.getloadavg()], "cpus": psutil.cpu_count(),
            "rounds": args.rounds, "sites": sites, "median": summary, "runs": runs}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
    first_board = RESULTS / "lite_first_board.json"
    if args.output.resolve().parent == RESULTS.resolve() and first_board.exists():
        record = json.loads(first_board.read_text())
        for name in ("before", "after"):
            if name in summary:
                cold = summary[name]["cold"]
                record[name] = {"lesson": LESSONS["cold"][0], "kernel_ready_s": cold["kernel_idle_s"],
                                "kernel_ready_mb": cold["kernel_mb"],
                                "first_board_s": cold["first_board_s"], "first_board_mb": cold["mb"],
                                "files": int(cold["files"]),
                                "warm_first_board_s": summary[name]["warm"]["first_board_s"],
                                "cpu_s": cold["cpu_s"], "warm_cpu_s": summary[name]["warm"]["cpu_s"],
                                "load": data["load_average"][0], "cpus": data["cpus"]}
        record["note"] = (f"bench/lite_start.py ({args.rounds} interleaved rounds, medians; machine load "
                          f"{data['load_average'][0]} on {data['cpus']} cores): from opening lesson 01 in an empty "
                          "browser to its first board (first_board_s), of which the kernel starting (kernel_ready_s), "
                          "the bytes served (first_board_mb), and the next lesson's first board with the cache kept "
                          "(warm_first_board_s); cpu_s: Chromium's CPU seconds. before: the reference site; after: "
                          "this branch's make lite.")
        first_board.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
