"""The browser-only site, offline: every lesson runs cell by cell in Pyodide, every board plays a move, and every
chart a lesson reveals is drawn (its prediction answered), with no request leaving the site.

numpy and matplotlib are WebAssembly packages that only Pyodide's CDN serves (no registry reachable here has
them), so the site serves neither: its Pyodide lock lists only what the site holds, and the lessons' charts are
drawn as SVG by the kit (``fifteen_kit.barchart``) where matplotlib is missing.  A cell that still needed
numpy or matplotlib would be left out and named in ``artifacts/lite/skipped-cells.md``; none does.
"""

from __future__ import annotations

import base64
import json
import re
import time
import urllib.parse
from pathlib import Path

import pytest
from conftest import ROOT, SITE, StaticFiles
from lab_driver import Failure, Stalled, check, click, find_panel, log, open_url, scroll_to_top, text_of, wait_idle
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
BOARDS = sorted((ROOT / "play").glob("*.ipynb"))
WASM_ONLY = re.compile(r"\b(matplotlib|plt|numpy|np)\b")
WHY = "needs numpy or matplotlib, which the site does not serve (only Pyodide's CDN has their WebAssembly builds)"
REPORT: dict[str, list[str]] = {}
TIMINGS: dict[str, float] = {}

JS_RUN_CELLS = """(skip) => {
  const app = window.jupyterapp, p = window.__kitPanel, nb = p.content;
  const st = window.__kitCells = {done: false, current: null, ran: [], error: null};
  app.shell.activateById(p.id);
  (async () => {
    try {
      for (let i = 0; i < nb.widgets.length; i++) {
        if (nb.widgets[i].model.type !== 'code' || skip.includes(i)) continue;
        st.current = i;
        nb.deselectAll();
        nb.activeCellIndex = i;
        await app.commands.execute('notebook:run-cell');
        st.ran.push(i);
      }
    } catch (e) { st.error = String(e); }
    st.done = true;
  })();
  return true;
}"""

JS_COUNTS = """() => window.__kitPanel.content.widgets.map(
  c => c.model.type === 'code' ? c.model.executionCount : null)"""

def cells_to_skip(notebook) -> dict[int, str]:
    """{cell index: first line} of the cells that need numpy or matplotlib."""
    cells = json.loads(notebook.read_text())["cells"]
    return {i: "".join(c["source"]).splitlines()[0] for i, c in enumerate(cells)
            if c["cell_type"] == "code" and WASM_ONLY.search("".join(c["source"]))}


def code_cells(notebook) -> list[int]:
    return [i for i, c in enumerate(json.loads(notebook.read_text())["cells"]) if c["cell_type"] == "code"]


def open_in_site(page, site: str, rel: str, timeout: float = 240) -> str:
    """Open ``rel`` in the site's JupyterLab and wait for its Pyodide kernel; return the panel id."""
    try:
        return open_url(page, f"{site}/lab/index.html?path={urllib.parse.quote(rel)}", rel, timeout)
    except Stalled as why:
        raise Failure(f"{why}; blocked: {page.blocked}") from None


def run_cells(page, skip: list[int], cell_timeout: float = 180) -> list[int]:
    """Run every code cell but ``skip``, one at a time, waiting for each; return the indices run."""
    page.evaluate(JS_RUN_CELLS, skip)
    while True:
        st = page.evaluate("() => window.__kitCells")
        if st["error"]:
            raise Failure(f"running cell {st['current']} failed: {st['error']}")
        if st["done"]:
            return st["ran"]
        try:  # until the next cell starts, or the run ends
            page.wait_for_function("(i) => window.__kitCells.done || window.__kitCells.current !== i",
                                   arg=st["current"], timeout=cell_timeout * 1000, polling=100)
        except PlaywrightTimeoutError:
            raise Failure(f"cell {st['current']} still running after {cell_timeout} s; "
                          f"blocked: {page.blocked}") from None


def run_notebook(page, site: str, notebook, rel: str) -> tuple[str, list[str]]:
    skip = cells_to_skip(notebook)
    panel = open_in_site(page, site, rel)
    ran = run_cells(page, sorted(skip))
    wait_idle(page, 120)  # also until the widget views have rendered (their models arrive after the cells)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # the file browser reopens as the site restores
    expected = [i for i in code_cells(notebook) if i not in skip]
    assert ran == expected
    counts = page.evaluate(JS_COUNTS)
    assert all(counts[i] for i in expected), f"cells without an execution count: {counts}"
    REPORT[rel] = [f"cell {i + 1} (`{first}`): {WHY}" for i, first in skip.items()]
    assert page.dialogs == []  # e.g. "Select Kernel": a student would be stuck there
    return panel, check(page, rel, page.console_errors)


@pytest.fixture(scope="module", autouse=True)
def report(artifacts):
    """Write which cells were left out, and the timings, when the module is done."""
    yield
    lines = ["# Cells the offline JupyterLite test could not run", ""]
    for rel, skipped in sorted(REPORT.items()):
        lines += [f"- **{rel}**: " + ("none" if not skipped else ""), *[f"  - {s}" for s in skipped]]
    (artifacts / "skipped-cells.md").write_text("\n".join(lines) + "\n")
    (artifacts / "timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")
    print("\n".join(lines))
    print("timings (s):", TIMINGS)


def test_front_door_opens_lesson_00(page, site):
    page.goto(f"{site}/", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    assert find_panel(page, "00_start_here.ipynb")
    assert page.blocked == []


def test_site_serves_the_kit_and_pyodide_itself():
    """Everything the lessons load comes from the site: the Pyodide lock names no other address."""
    import hashlib

    wheels = {p.name.split("-")[0].lower() for p in (SITE / "pypi").glob("*.whl")}
    assert {"fifteen_kit", "ipywidgets", "jupyterlab_widgets", "comm", "sympy", "mpmath"} <= wheels
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for name, entry in lock.items():
        assert "/" not in entry["file_name"], name  # a file of the site, never a URL
        served = SITE / "static" / "pyodide" / entry["file_name"]
        assert hashlib.sha256(served.read_bytes()).hexdigest() == entry["sha256"], name
        assert all(re.sub(r"[-_.]+", "-", d).lower() in lock for d in entry["depends"]), name
    assert lock["mpmath"]["version"] == "1.3.0"
    assert "numpy" not in lock and "matplotlib" not in lock  # only Pyodide's CDN has them: the charts are SVG
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    preloaded = kernel["loadPyodideOptions"]["packages"]  # loaded with Pyodide, from the lock, at once
    assert {"micropip", "piplite", "ipykernel", "pyodide-kernel", "ipywidgets", "fifteen-kit"} <= set(preloaded)
    assert set(preloaded) <= set(lock)
    # the lessons without their saved widget state: every widget is made anew when its cell runs
    for lesson in LESSONS:
        served = json.loads((SITE / "files" / lesson.name).read_text())
        assert "widgets" not in served["metadata"] and "widget-view" not in json.dumps(served["cells"])
        assert [c["source"] for c in served["cells"]] == [c["source"] for c in json.loads(lesson.read_text())["cells"]]
    # no answers in a pupil's file browser: the teacher guide is on the published site's own pages (issue 32)
    assert (SITE / "files" / "teacher").is_dir() and not (SITE / "files" / "teacher_guide").exists()
    assert not list((SITE / "files").rglob("*.work.json"))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_offline(page, site, artifacts, lesson):
    sent_before, t0 = StaticFiles.served_bytes, time.time()
    panel, errors = run_notebook(page, site, lesson, lesson.name)
    TIMINGS[lesson.stem] = round(time.time() - t0, 1)
    TIMINGS[f"{lesson.stem} downloaded (MB)"] = round((StaticFiles.served_bytes - sent_before) / 1e6, 1)
    log(f"{lesson.name}: opened and run in {TIMINGS[lesson.stem]} s; left out: {REPORT[lesson.name] or 'nothing'}")
    scroll_to_top(page)
    page.locator(f'[id="{panel}"]').screenshot(path=str(artifacts / f"lesson-{lesson.stem}.png"))
    assert page.blocked == []  # nothing but the site was asked for
    assert errors == []
    charts = CHART_REVEALS.get(lesson.stem[:2], ())
    for key in charts:
        reveal_chart(page, key)
    if charts:
        page.locator(f'[id="{panel}"]').screenshot(path=str(artifacts / f"charts-{lesson.stem}.png"))
    assert page.blocked == []
    assert check(page, f"{lesson.stem} charts", page.console_errors) == []


def test_teacher_notebook_runs_offline(page, site, artifacts):
    """The teacher's class results run offline too: the tables, and where the charts (matplotlib: not served) would
    be, a note saying where to see them; no error, nothing asked of another address."""
    notebook = ROOT / "lessons" / "teacher" / "class_results.ipynb"
    panel, errors = run_notebook(page, site, notebook, "teacher/class_results.ipynb")
    page.locator(f'[id="{panel}"]').screenshot(path=str(artifacts / "teacher-class_results.png"))
    assert page.blocked == []
    assert errors == []
    expect(page.locator(f'[id="{panel}"]').get_by_text("need matplotlib").first).to_be_attached()
    upload_to_the_class_view(page, panel, artifacts)


def upload_to_the_class_view(page, panel: str, artifacts) -> None:
    """The teacher uploads three pupils' results files to the class view (the first ClassView of the notebook,
    the teacher's own class) and clicks Show the class: the class table, the pupil-by-pupil table and the why
    answers show the three, a name with markup and maths shown as typed, and the example class stays apart."""
    import sys
    import tempfile

    sys.path.insert(0, str(ROOT / "tests"))
    from results_samples import pupil_results

    from fifteen_kit.results import PupilResults, results_file_name, to_json

    maths = PupilResults("04", "$\\foo$ <b>Zed</b>", (
        {"key": "04.w1", "kind": "why", "answer": "Because <i>bust</i> $x^$ scores the targets."},
        {"key": "04.q1", "kind": "check", "answer": "", "tries": 1, "correct": True, "first": True, "wrong": []}))
    pupils = [pupil_results("04", "Quinn and Rory", 0.7, 21), pupil_results("04", "Sam", 0.4, 22), maths]
    root = page.locator(f'[id="{panel}"]')
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for n, results in enumerate(pupils):
            path = Path(folder) / (results_file_name(results) if n < 2 else "results-04-zed.json")
            path.write_text(to_json(results))
            files.append(str(path))
        upload = root.locator(".widget-upload").first
        upload.scroll_into_view_if_needed()
        with page.expect_file_chooser() as chooser:  # the widget's file input is not in the page: its chooser
            upload.click()
        chooser.value.set_files(files)
        expect(upload).to_contain_text("(3)", timeout=30_000)  # the button counts the files it holds
    root.get_by_role("button", name="Show the class").first.click()
    view = root.locator(".widget-vbox").filter(has=page.locator(".widget-upload")).first
    expect(view.get_by_text("Lesson 04: 3 pupils or pairs").first).to_be_visible(timeout=120_000)
    expect(view.get_by_text("Pupil by pupil").first).to_be_visible()
    shown = view.inner_text()
    for name in ("Quinn and Rory", "Sam", "$\\foo$ <b>Zed</b>", "Exercise 1", "Why? 1",
                 "Because <i>bust</i> $x^$ scores the targets.", "need matplotlib"):
        assert name in shown, name
    assert view.locator(".kit-class-view b b, .kit-class-view i, mjx-container, .MathJax").count() == 0
    assert "Ana and Ben" not in shown  # the example class is never pooled with the teacher's
    view.locator(".kit-class-view").first.scroll_into_view_if_needed()
    view.screenshot(path=str(artifacts / "teacher-upload.png"))
    # Sam's and Quinn's codes pasted too (two codes in one line, Quinn's broken over two lines): the same results as
    # their files, so each is shown once, with a choice; showing all copies redraws the class at once
    from fifteen_kit.results import to_code

    quinn = to_code(pupils[0])
    view.locator("textarea").first.fill(f"{to_code(pupils[1])}  {quinn[:30]}\n{quinn[30:]}")
    view.get_by_role("button", name="Show the class").click()
    expect(view.get_by_text("Sam was handed in 2 times with the same results").first).to_be_visible(timeout=120_000)
    expect(view.get_by_text("Lesson 04: 3 pupils or pairs").first).to_be_visible()
    assert ("Sam was handed in 2 times with the same results (results-04-sam.json and code 1): shown once, from "
            "results-04-sam.json") in view.inner_text()
    choice = view.locator(".widget-dropdown").filter(has_text="04: Sam").locator("select")
    choice.scroll_into_view_if_needed()
    view.screenshot(path=str(artifacts / "teacher-twice.png"))
    choice.select_option(label="show all 2 copies side by side")
    choice.select_option(label="show all 2 copies side by side")  # (the first select after a redraw may only focus)
    expect(view.get_by_text("Lesson 04: 4 pupils or pairs").first).to_be_visible(timeout=120_000)  # no click
    expect(view).to_contain_text("Sam (2)", timeout=120_000)  # the tables are drawn after the count
    assert "Quinn and Rory (2)" not in view.inner_text()
    assert page.blocked == []


#: The predictions whose reveal draws a chart, by lesson (tests/test_barchart.py checks the list is complete).
CHART_REVEALS = {"02": ("02.p2",), "03": ("03.p2",), "04": ("04.p8", "04.p9", "04.p14", "04.p15"),
                 "05": ("05.p2", "05.p3"), "06": ("06.p6",)}


def reveal_chart(page, key: str) -> None:
    """Answer prediction ``key`` (the first choice, or the number 5) and wait for its chart, drawn as SVG by the kit
    (the class ``kit-chart``: not one of the kit's other drawings), the only one in the question."""
    from fifteen_kit.widgets.workbook import task

    t0 = time.time()
    asked = task(key).question  # a function when the record's words name computed numbers
    words = re.sub(r"[*_`]", "", asked() if callable(asked) else asked).split("?")[0][:40]
    question = page.locator(".kit-question").filter(has_text=words).first
    question.scroll_into_view_if_needed()
    # JupyterLab shows an image/svg+xml output as an <img> of the SVG; Voila and Notebook may draw it inline
    chart = question.locator('svg.kit-chart, img[src^="data:image/svg+xml"][src*="kit-chart"]')
    assert chart.count() == 0, key  # nothing drawn before the guess is locked
    options = question.locator(".widget-toggle-button")
    if options.count():
        options.first.click()
    else:
        question.locator("input").first.fill("5")
        question.locator("input").first.press("Tab")
    question.get_by_role("button", name=re.compile("Lock in my guess")).click()
    expect(chart.first).to_be_visible(timeout=240_000)
    expect(chart).to_have_count(1)
    TIMINGS[f"{key} chart"] = round(time.time() - t0, 1)


def _game_of_15(p) -> bool:
    click(p, ".f15-board .f15-tile", "5")  # you draft 5; the tactician replies at once
    return p.locator(".f15-board .f15-taken").count() == 2


def _dice(p) -> bool:
    before = text_of(p, ".n15-board")
    click(p, ".n15-board button", "Roll")
    # The dice spin for half a second (an asyncio task of the kernel); Roll is disabled once they land.
    expect(p.locator(".n15-board").first.get_by_role("button", name=re.compile(r"\bRoll$"))).to_be_disabled()
    return text_of(p, ".n15-board") != before


def _fifteens(p) -> bool:
    click(p, ".f15p-board button", "Hint")
    return bool(text_of(p, ".f15p-msg").strip())


def _five_by_15(p) -> bool:
    click(p, ".f5-board .f5-gap")
    click(p, ".f5-board .f5-ring")
    return text_of(p, ".f5-msg").startswith("Moved")


def _player(p) -> bool:
    # the example player plays its games in Pyodide (the budget counts steps: no thread, no signal), then one of
    # them is watched on the replay board
    click(p, ".kit-lab button", "Play")
    expect(p.locator(".kit-lab .kit-lab-table").first).to_contain_text("points per turn", timeout=240_000)
    click(p, ".kit-lab button", "Show this game")
    expect(p.locator(".kit-replay .kit-replay-msg").first).to_contain_text("Move 1 of", timeout=60_000)
    return True


# One real move per board, and what the page must show afterwards.
MOVES = {"game_of_15": (".f15-board", _game_of_15), "dice": (".n15-board", _dice),
         "fifteens": (".f15p-board", _fifteens), "five_by_15": (".f5-board", _five_by_15),
         "player": (".kit-lab", _player)}


@pytest.mark.parametrize("board", BOARDS, ids=[p.stem for p in BOARDS])
def test_board_plays_offline(page, site, artifacts, board):
    selector, move = MOVES[board.stem]
    _, errors = run_notebook(page, site, board, f"play/{board.name}")
    assert move(page)
    errors += check(page, board.stem, page.console_errors)
    page.set_viewport_size({"width": 1300, "height": 1700})
    page.locator(selector).first.screenshot(path=str(artifacts / f"board-{board.stem}.png"), animations="disabled")
    assert page.blocked == []
    assert errors == []


def test_results_are_handed_in_offline(page, site, artifacts):
    """Lesson 05 in the browser-only site: a pair runs its class experiment, presses Save my results, and the
    downloaded file (made in the page: no server) and the code hold the pair's wins (issue 19)."""
    from pathlib import Path

    from fifteen_kit.results import from_code, from_json

    lesson = next(p for p in LESSONS if p.name.startswith("05_"))
    _panel, errors = run_notebook(page, site, lesson, lesson.name)
    assert errors == []
    study = page.locator(".kit-question").filter(has_text="Your pair's experiment")
    study.scroll_into_view_if_needed()
    study.locator("input").fill("3")
    study.locator("input").press("Tab")
    t0 = time.time()
    study.get_by_role("button", name=re.compile("Play 40 deals")).click()
    expect(study).to_contain_text("recorded for the class tally", timeout=180_000)
    TIMINGS["05 pair study (40 deals x 4 strategies)"] = round(time.time() - t0, 1)
    question = page.locator(".kit-question").filter(has_text="add up to 14 instead of 15")
    question.locator("input").fill("5")
    question.get_by_role("button", name="Check").click()
    expect(question).to_contain_text("✘")
    export = page.locator(".kit-export")
    export.scroll_into_view_if_needed()
    export.locator("input").fill("pair 3")
    export.get_by_role("button", name="Save my results").click()
    link = export.locator(".kit-download a")
    expect(link).to_have_count(1, timeout=60_000)
    with page.expect_download() as caught:
        link.click()
    saved = from_json(Path(caught.value.path()).read_text(encoding="utf-8"))
    pool = [r for r in saved.records if r["key"].startswith("05.pool_")]
    assert saved.pupil == "pair 3" and len(pool) == 4 and {r["seed"] for r in pool} == {3}
    decoded = from_code(export.locator(".kit-code-text").inner_text().strip())
    assert sorted(decoded.keys()) == sorted(saved.keys()) and [decoded.record(r["key"]) for r in pool] == pool
    assert saved.record("05.q1")["wrong"] == ["5"]
    export.screenshot(path=str(artifacts / "lite-results-export.png"))
    # the next lesson day in the same browser: the saved notebook, reopened in a fresh kernel, keeps the results
    page.keyboard.press("Control+s")
    page.wait_for_timeout(3000)
    page.reload()
    run_notebook(page, site, lesson, lesson.name)
    expect(question.locator("input")).to_have_value("5")
    export.scroll_into_view_if_needed()
    export.locator("input").fill("pair 3")
    export.get_by_role("button", name="Save my results").click()
    expect(link).to_have_count(1, timeout=60_000)
    with page.expect_download() as caught:
        link.click()
    again = from_json(Path(caught.value.path()).read_text(encoding="utf-8"))
    assert sorted(again.records, key=lambda r: r["key"]) == sorted(saved.records, key=lambda r: r["key"])
    assert page.blocked == []


def test_answers_are_kept_with_no_save_in_the_browser(page, site):
    """A Chromebook pupil answers lesson 00's exercise and closes the tab without saving: the answer is already in
    the site's browser storage (the lesson's work file, widgets/keep.py), and comes back when the lesson is run
    again."""
    lesson = next(p for p in LESSONS if p.name.startswith("00_"))
    run_notebook(page, site, lesson, lesson.name)
    question = page.locator(".kit-question").filter(has_text="Which three digits make that line")
    question.scroll_into_view_if_needed()
    question.locator("input").fill("2 4 9")
    question.get_by_role("button", name="Check").click()
    expect(question).to_contain_text("✔")
    work = lesson.name.replace(".ipynb", ".work.json")
    stored = None
    for _ in range(50):  # the kernel's write reaches the site's storage through the drive
        stored = page.evaluate("""async (name) => {
            try { const m = await window.jupyterapp.serviceManager.contents.get(name, {content: true});
                  return JSON.stringify({format: m.format, type: m.type, size: m.size, content: m.content}); }
            catch (e) { return null; } }""", work)
        if stored:
            break
        page.wait_for_timeout(200)
    assert stored, f"{work} is not in the site's storage"
    model = json.loads(stored)  # the drive keeps what the kernel wrote as a file of bytes (base64)
    text = base64.b64decode(model["content"]).decode() if model["format"] == "base64" else (
        json.dumps(model["content"]) if model["format"] == "json" else model["content"])
    assert json.loads(text)["records"]["00.q1"]["answer"] == "2 4 9"
    page.reload()  # the tab closed and opened again: a fresh kernel, nothing saved
    run_notebook(page, site, lesson, lesson.name)
    question = page.locator(".kit-question").filter(has_text="Which three digits make that line")
    expect(question.locator("input")).to_have_value("2 4 9")
    expect(question).to_contain_text("✔")


def test_an_unfinished_match_is_offered_back_after_a_reload(page, site):
    """A Chromebook pupil drafts a digit in lesson 02's match and the tab closes: the match is in the site's browser
    storage (widgets/resume.py), and when the lesson runs again the board offers it back; Continue puts it back."""
    lesson = next(p for p in LESSONS if p.name.startswith("02_"))
    run_notebook(page, site, lesson, lesson.name)
    board = page.locator(".f15-board").first
    board.scroll_into_view_if_needed()
    board.locator(".f15-tile").filter(has_text=re.compile(r"^\s*5\s*$")).first.click()
    expect(board.locator(".f15-taken")).to_have_count(2, timeout=60_000)  # 5, and the computer's reply
    work = lesson.name.replace(".ipynb", ".work.json")
    kept = None
    for _ in range(50):  # the kernel's write reaches the site's storage through the drive
        kept = page.evaluate("""async (name) => {
            try { const m = await window.jupyterapp.serviceManager.contents.get(name, {content: true});
                  return m.format === "base64" ? atob(m.content) : JSON.stringify(m.content); }
            catch (e) { return null; } }""", work)
        if kept and "02.game_open" in kept and '"digit"' in kept:
            break
        page.wait_for_timeout(200)
    assert kept and json.loads(kept)["records"]["02.game_open"]["state"]
    page.reload()  # the tab closed and opened again: a fresh kernel, nothing saved
    run_notebook(page, site, lesson, lesson.name)
    board = page.locator(".f15-board").first
    bar = board.locator(".kit-resume")
    expect(bar).to_be_visible()
    expect(board.locator(".f15-taken")).to_have_count(0)
    bar.get_by_role("button", name="Continue my game").click()
    expect(bar).to_be_hidden(timeout=60_000)
    expect(board.locator(".f15-taken")).to_have_count(2)
    assert page.blocked == []
