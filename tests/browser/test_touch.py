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
from fifteen_kit.widgets.palette import TEXT_PX
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
    assert check(page, game, page.console_errors) == []
    for p in problems:
        log(f"PROBLEM ({game}, {tablet}): {p}"[:600])
    assert problems == []
