"""The boards on tablets, touch only (issue 36): every control at least 44x44 CSS px, nothing cut at the tablets'
widths, and a game played by tapping.

Each board is opened from ``play/`` in JupyterLab with Chromium's emulation of a tablet (touch events, a
touch-first pointer, the tablet's CSS width; see ``touch.py``), the file browser closed.  The four tablet screens
are spread over the four boards (each board at one, every screen used once, the narrowest at 5x15, the widest
board) to keep the added test time small; ``KIT_ALL_TABLETS=1`` checks every board at every screen.

JupyterLab itself on a tablet (the kit's extension, ``labextension/``, as Binder, ``make lab`` and the school hub
install it): the file browser closed at start, and Run > Run All Cells answering a tap.
"""

from __future__ import annotations

import os
import re

import pytest
from classroom import file_browser, fit_problems, measure
from fifteen_kit.widgets.palette import PALETTE, TEXT_PX, contrast_ratio
from lab_driver import check, fresh_page, open_and_run, open_notebook, wait_idle
from lab_server import log
from playwright.sync_api import Page, expect
from test_classroom import BOARDS, open_every_panel
from touch import TABLETS, small_controls, tap

PAIRS = {"game_of_15": "ipad-portrait", "dice": "galaxy-landscape", "fifteens": "ipad-landscape",
         "five_by_15": "galaxy-portrait"}
CASES = [(g, t) for g in BOARDS for t in TABLETS] if os.environ.get("KIT_ALL_TABLETS") else list(PAIRS.items())


@pytest.fixture
def tablet_page(browser, server, request):
    """A fresh page emulating the tablet named by the test's ``tablet`` parameter."""
    with fresh_page(browser, server, **TABLETS[request.getfixturevalue("tablet")]) as p:
        yield p


def _play_by_tapping(page: Page, game: str) -> str:
    """Play by taps only; return what was played.  Game of 15: a whole round against the computer (tap the first
    free tile until none is free).  The others: their first moves (a roll and a die, a hint, a gap and a card)."""
    sel = BOARDS[game]
    board = page.locator(sel).first
    if game == "game_of_15":
        free = board.locator(".f15-tile:enabled")
        taps = 0
        while free.count() and taps < 9:  # at most the nine tiles
            tap(page, free.first)
            taps += 1
        expect(free).to_have_count(0)  # the round is over: no tile left to take
        return f"a whole round in {taps} taps: {board.locator('.f15-status').inner_text()!r}"
    if game == "dice":
        tap(page, board.get_by_role("button", name=re.compile(r"\bRoll$")))
        if board.locator(".n15-valid").count():
            tap(page, board.locator(".n15-valid").first)
        return "a roll and a die"
    if game == "fifteens":
        cards = board.locator(".f15p-card")
        for _ in range(3):  # three removals: Hint rings a legal one, tap its cards, tap Remove
            tap(page, board.get_by_role("button", name="Hint"))
            ringed = cards.evaluate_all("cs => cs.map((c, i) => c.matches('.f15p-hint') ? i : -1)"
                                        ".filter(i => i >= 0)")
            for i in ringed:
                tap(page, cards.nth(i))
            tap(page, board.get_by_role("button", name="Remove"))
        return "three removals (hint, its cards, Remove)"
    tap(page, board.locator(".f5-gap").first)
    if board.locator(".f5-ring").count():
        tap(page, board.locator(".f5-ring").first)
    tap(page, board.get_by_role("button", name="Hint"))
    return "a gap, a card and a hint"


def _coach_box_in_dark_theme(page: Page, sel: str, artifacts) -> list[str]:
    """JupyterLab's dark theme: the dice board's Coach checkbox, unticked, is a light box on the navy board (its
    inside against the board at least 3:1, WCAG's least for a control), as in the light theme."""
    import io

    from PIL import Image

    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=30_000)
    page.wait_for_timeout(500)
    box = page.locator(sel).first.get_by_role("checkbox", name="Coach")
    shot = Image.open(io.BytesIO(box.screenshot(animations="disabled"))).convert("RGB")
    shot.save(artifacts / "touch-dice-coach-dark.png")
    inside = "#{:02x}{:02x}{:02x}".format(*shot.getpixel((shot.width // 2, shot.height // 2)))
    ratio = contrast_ratio(inside, PALETTE["slate"])
    log(f"dice, dark theme: the Coach box is {inside} inside, {ratio:.1f}:1 on the board")
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    return [] if ratio >= 3 else [f"dark theme: the Coach box ({inside}) is {ratio:.1f}:1 on the board, under 3:1"]


@pytest.mark.parametrize(("game", "tablet"), CASES)
def test_board_on_a_tablet(tablet_page, server, game, tablet, artifacts):
    page, sel = tablet_page, BOARDS[game]
    open_and_run(page, server, f"play/{game}.ipynb")
    file_browser(page, False)
    board = page.locator(sel).first
    board.scroll_into_view_if_needed()
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    problems: list[str] = []
    sizes = small_controls(page, sel)
    problems += [f"under 44 px: {s}" for s in sizes["small"]]
    problems += fit_problems(measure(page, sel), TEXT_PX["normal"], whole_screen=False)
    played = _play_by_tapping(page, game)
    open_every_panel(page, sel)  # Settings, Move log, For experts...: their controls too
    after = small_controls(page, sel)
    problems += [f"under 44 px after play: {s}" for s in after["small"]]
    # the move log scrolls by design (8 lines high) once a whole round is in it
    problems += [p for p in fit_problems(measure(page, sel), TEXT_PX["normal"], whole_screen=False)
                 if not p.startswith("scrollbar inside the board")]
    board.screenshot(path=str(artifacts / f"touch-{game}-{tablet}.png"), animations="disabled")
    log(f"{game} on {tablet}: {sizes['count']} controls, lowest {sizes['lowest']} px; with every panel open "
        f"{after['count']}, lowest {after['lowest']} px; played {played}")
    if game == "dice":
        problems += _coach_box_in_dark_theme(page, sel, artifacts)
    assert check(page, game, page.console_errors) == []
    for p in problems:
        log(f"PROBLEM ({game}, {tablet}): {p}"[:600])
    assert problems == []


@pytest.mark.parametrize("tablet", ["galaxy-portrait"])
@pytest.mark.parametrize("game", BOARDS)
def test_voila_app_at_712_px(tablet_page, server, game, tablet, artifacts):
    """The app a teacher links to, on the narrowest tablet (712 CSS px, an Android tablet in portrait): nothing cut
    or scrolling sideways, every control at least 44 px."""
    page, sel = tablet_page, BOARDS[game]
    page.goto(f"{server.base}/voila/render/play/{game}.ipynb?token={server.token}", wait_until="commit",
              timeout=120_000)
    board = page.locator(sel).first
    board.wait_for(state="visible", timeout=120_000)
    expect(page.get_by_text("Loading widget...")).to_have_count(0, timeout=60_000)
    m = measure(page, sel)
    problems = fit_problems(m, TEXT_PX["normal"], whole_screen=False)
    wide = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    if wide > 0:
        problems.append(f"the page scrolls {wide} px sideways")
    if m["board"]["right"] > m["area"]["right"] - 8:
        problems.append(f"the board runs to the screen's right edge: {m['board']}")
    problems += [f"under 44 px: {s}" for s in small_controls(page, sel)["small"]]
    board.screenshot(path=str(artifacts / f"touch-voila-{game}-{tablet}.png"), animations="disabled")
    log(f"{game} in Voila at 712 px: board {m['board']}, area {m['area']}")
    for p in problems:
        log(f"PROBLEM ({game}, Voila, {tablet}): {p}"[:600])
    assert problems == []


JS_COUNTS = """() => window.__kitPanel.content.widgets.filter(c => c.model.type === 'code')
                 .map(c => c.model.executionCount)"""


def _file_browser_at_start(page: Page, server) -> bool:
    """Whether JupyterLab's file browser is open once JupyterLab has started on a fresh workspace, no document
    open (as Binder's JupyterLab starts; a notebook's own address, /lab/tree/..., opens with it closed anyway)."""
    page.goto(f"{server.base}/lab?reset&token={server.token}", wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.evaluate("() => window.jupyterapp.restored")
    page.wait_for_timeout(1500)  # JupyterLab opens the file browser as it lays out the restored workspace
    return not page.evaluate("() => window.jupyterapp.shell.leftCollapsed")


@pytest.mark.parametrize("tablet", ["ipad-portrait"])
def test_jupyterlab_by_tapping(tablet_page, server, tablet, artifacts):
    """JupyterLab on an iPad, touch only, with the kit's tablet extension: the file browser is closed at start,
    "Run this lesson" is at least 44x44 px, and tapping Run > Run All Cells runs every cell (a menu needs a
    pointer move a finger never makes; the extension supplies it)."""
    page = tablet_page
    assert _file_browser_at_start(page, server) is False, "the file browser is open at start"
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    open_notebook(page, server, "play/game_of_15.ipynb")
    assert page.evaluate(JS_COUNTS) == [None, None]  # nothing has run yet
    # the toolbar's "Run this lesson" (binder/overrides.json) is large enough for a finger (the extension's CSS)
    run = page.locator(".jp-NotebookPanel-toolbar [data-jp-item-name=run-this-lesson]").filter(visible=True)
    box = run.locator("button, jp-button").first.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).first.tap()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.tap()
    expect(page.locator(".lm-Menu")).to_have_count(0)  # the menu closed: the tap ran its item
    page.wait_for_function(f"() => ({JS_COUNTS})().every(n => n)", timeout=120_000, polling=250)
    wait_idle(page, 60)
    page.screenshot(path=str(artifacts / f"touch-jupyterlab-{tablet}.png"))
    assert check(page, "JupyterLab on a tablet", page.console_errors) == []


def test_jupyterlab_on_a_desktop_keeps_the_file_browser(page, server):
    """A desktop screen (1300 px, a mouse): the extension leaves JupyterLab's file browser open, as usual."""
    assert _file_browser_at_start(page, server) is True, "the file browser was closed"
    assert page.locator(".jp-FileBrowser").first.is_visible()
