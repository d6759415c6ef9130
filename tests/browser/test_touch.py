"""The boards on tablets, touch only (issue 36): every control at least 44x44 CSS px, nothing cut at the tablets'
widths, and a game played by tapping.

Each board is opened from ``play/`` in JupyterLab with Chromium's emulation of a tablet (touch events, a
touch-first pointer, the tablet's CSS width; see ``touch.py``), the file browser closed.  The four tablet screens
are spread over the four boards (each board at one, every screen used once, the narrowest at 5x15, the widest
board) to keep the added test time small; ``KIT_ALL_TABLETS=1`` checks every board at every screen.
"""

from __future__ import annotations

import os
import re

import pytest
from classroom import file_browser, fit_problems, measure
from fifteen_kit.widgets.palette import PALETTE, TEXT_PX, contrast_ratio
from lab_driver import check, open_and_run, watch
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
    context = browser.new_context(**TABLETS[request.getfixturevalue("tablet")])
    p = watch(context.new_page())
    try:
        yield p
    finally:
        context.close()
        server.shutdown_kernels()


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
