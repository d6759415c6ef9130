"""Lesson 01 on the browser-only site with a tablet, touch only (issue 36): opened, run by tapping the notebook's
"▶ Run this lesson" button (the shipped JupyterLab settings put it first in the toolbar), a tile drafted, a
prediction typed and locked in while the on-screen keyboard covers the lower part of the screen, the results saved
for handing in, and (on the iPad) the lesson run again by tapping Run ▸ Run All Cells in the menu bar (which the
kit's tablet extension, labextension/, makes answer a tap).  Every control of the lesson's questions and board is
measured (at least 44x44 CSS px).

Two tablets: an iPad in portrait and an Android tablet (Galaxy Tab S4) in landscape; each opens the site in a fresh
browser (Pyodide starts once per test).  The site opens with the file browser closed on these screens.
"""

from __future__ import annotations

import re
import time

import pytest
from lab_driver import open_url, wait_idle
from lite_offline import offline_page
from playwright.sync_api import Page, expect
from touch import TABLETS, small_controls  # tests/browser, on the path by conftest.py

LESSON = "01_magic_square.ipynb"
KEYBOARD_PX = 380  # how much of the screen an on-screen keyboard covers (about this on an iPad and a Galaxy Tab)
JS_COUNTS = """() => window.__kitPanel.content.widgets.filter(c => c.model.type === 'code')
                 .map(c => c.model.executionCount)"""
JS_IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  const s = (el.closest('.jp-WindowedPanel-outer') || document.documentElement).getBoundingClientRect();
  return r.top >= Math.max(0, s.top) - 1 && r.bottom <= Math.min(innerHeight, s.bottom) + 1; }"""


@pytest.fixture(params=["ipad-portrait", "galaxy-landscape"])
def tablet(request, browser, site):
    """(name, page): a fresh offline page emulating the tablet, the app exposed for the driver (as conftest's)."""
    context, p = offline_page(browser, site, **TABLETS[request.param])
    try:
        yield request.param, p
    finally:
        context.close()


def _type_on_screen(page: Page, box, text: str, button, what: str, problems: list[str]) -> None:
    """Tap ``box``, let the on-screen keyboard open, type ``text``; ``what`` goes to ``problems`` unless the box and
    its ``button`` are both still in view."""
    box.tap()
    _keyboard_opens(page)
    page.keyboard.type(text)
    if not (button.evaluate(JS_IN_VIEW) and box.evaluate(JS_IN_VIEW)):
        problems.append(f"with the keyboard open, {what} is out of view")


def _keyboard_opens(page: Page) -> None:
    """What a tablet does when the on-screen keyboard opens: the visible height shrinks and the browser scrolls
    the focused box into view (nothing else)."""
    size = page.viewport_size
    assert size is not None
    page.set_viewport_size({"width": size["width"], "height": size["height"] - KEYBOARD_PX})
    page.wait_for_timeout(300)
    page.evaluate("() => document.activeElement.scrollIntoView({block: 'nearest'})")
    page.wait_for_timeout(200)


def _keyboard_closes(page: Page, size: dict) -> None:
    page.set_viewport_size(size)
    page.wait_for_timeout(300)


def test_lesson_01_by_touch(tablet, site, artifacts):
    name, page = tablet
    t0 = time.time()
    open_url(page, f"{site}/lab/index.html?path={LESSON}", LESSON, 240)
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    # the file browser is closed at start (the kit's tablet extension), so the lesson gets the whole width
    page.wait_for_timeout(2000)  # JupyterLab opens it again as it shows the lesson, a second after its start
    assert page.evaluate("() => window.jupyterapp.shell.leftCollapsed"), "the file browser is open"
    run = page.locator(".jp-NotebookPanel-toolbar [data-jp-item-name=run-this-lesson]").filter(visible=True)
    button = run.locator("button, jp-button").first
    box = button.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    button.tap()
    page.wait_for_function(f"() => ({JS_COUNTS})().every(n => n)", timeout=300_000, polling=500)
    wait_idle(page, 120)
    ran_s = time.time() - t0
    counts = page.evaluate(JS_COUNTS)
    problems: list[str] = []
    sizes = small_controls(page, ".kit-question, .kit-export, .f15-board")
    problems += [f"under 44 px: {s}" for s in sizes["small"]]

    # the first board: draft a tile by tapping
    board = page.locator(".f15-board").first
    board.scroll_into_view_if_needed()
    tile = board.locator(".f15-tile:enabled").first
    tile.tap()
    expect(board.locator(".f15-tile:enabled")).not_to_have_count(9, timeout=60_000)

    # the first prediction: tap the box, the keyboard opens, type, the button is still in view, tap it
    question = page.locator(".kit-question").filter(has=page.get_by_role("button", name="Lock in my guess")).first
    question.scroll_into_view_if_needed()
    size = dict(page.viewport_size or {})
    guess = question.get_by_placeholder("your guess")
    lock = question.get_by_role("button", name="Lock in my guess")
    _type_on_screen(page, guess, "8", lock, f"the box or Lock in my guess ({name})", problems)
    page.screenshot(path=str(artifacts / f"touch-{name}-keyboard.png"))
    lock.tap()
    expect(guess).to_be_disabled(timeout=60_000)
    _keyboard_closes(page, size)

    # hand in: names typed, Save my results tapped, the download link and the code shown
    export = page.locator(".kit-export")
    export.scroll_into_view_if_needed()
    names = export.locator("input")
    save = export.get_by_role("button", name="Save my results")
    _type_on_screen(page, names, "Ana and Ben", save, f"the names box or Save my results ({name})", problems)
    save.tap()
    expect(export.locator(".kit-download a")).to_have_count(1, timeout=60_000)
    _keyboard_closes(page, size)
    export.screenshot(path=str(artifacts / f"touch-{name}-handed-in.png"))
    assert re.search(r"\S", export.locator(".kit-code-text").inner_text())
    # the menu, by tapping too (the tablet extension): Run ▸ Run All Cells runs the lesson again (one tablet: time)
    if name == "ipad-portrait":
        first = counts[0]
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).first.tap()
        page.locator(".lm-Menu-item", has_text="Run All Cells").first.tap()
        expect(page.locator(".lm-Menu")).to_have_count(0)
        page.wait_for_function(f"(n) => ({JS_COUNTS})().every(c => c && c > n)", arg=max(counts), timeout=300_000,
                               polling=500)
        wait_idle(page, 120)
        assert page.evaluate(JS_COUNTS)[0] > first
        # another lesson from the file browser: one tap opens it (singleClickNavigation), and the browser closes
        page.locator(".jp-SideBar .lm-TabBar-tab[data-id=filebrowser]").first.tap()
        page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed", timeout=10_000)
        page.locator(".jp-DirListing-item", has_text="00_start_here.ipynb").first.tap()
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.title.label === '00_start_here.ipynb'"
                               " && window.jupyterapp.shell.leftCollapsed", timeout=30_000)
    print(f"{name}: ran {len(counts)} code cells by one tap in {ran_s:.0f} s; 'Run this lesson' "
          f"{box['width']:.0f}x{box['height']:.0f} px; {sizes['count']} controls, lowest {sizes['lowest']} px")
    assert all(counts)
    assert page.blocked == []
    assert problems == [], problems
