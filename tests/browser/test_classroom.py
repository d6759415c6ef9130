"""Every board on a classroom screen: it fits, nothing is cut, the text is large enough, axe-core finds no serious
accessibility fault, and it looks as it did when a person last looked (reference screenshots).

Each board is opened from ``play/`` in JupyterLab with the file browser open, at 1024x768 (a school projector)
and at 1280x800 with 150% zoom; then in projector size; then after a few moves with every panel open; and as a
Voila app at 1024x768.  Keyboard-only play is in ``test_keyboard.py``.
"""

from __future__ import annotations

import re

import pytest
from classroom import (
    ARTIFACTS,
    SCREENS,
    axe_violations,
    compare_screenshot,
    file_browser,
    fit_problems,
    measure,
    visible_part,
)
from fifteen_kit.widgets.palette import TEXT_PX
from lab_driver import check, click, open_and_run
from lab_server import log
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOARDS = {"game_of_15": ".f15-board", "dice": ".n15-board", "fifteens": ".f15p-board", "five_by_15": ".f5-board"}
PROJECTOR = "Projector size"


def a_few_moves(page: Page, game: str) -> None:
    """Two or three moves by mouse, so that the board shows a game in progress (its log, hints, messages)."""
    sel = BOARDS[game]
    if game == "game_of_15":
        click(page, f"{sel} .f15-tile", "5")
        click(page, f"{sel} .f15-tile", "1")
    elif game == "dice":
        click(page, f"{sel} button", "Roll")
        expect(page.locator(sel).get_by_role("button", name=re.compile(r"\bRoll$"))).to_be_disabled()
        if page.locator(f"{sel} .n15-valid").count():
            click(page, f"{sel} .n15-valid")
    elif game == "fifteens":
        click(page, f"{sel} button", "Hint")
    elif game == "five_by_15":
        click(page, f"{sel} .f5-gap")
        if page.locator(f"{sel} .f5-ring").count():
            click(page, f"{sel} .f5-ring")
        click(page, f"{sel} button", "Hint")


def open_every_panel(page: Page, sel: str) -> None:
    """Open each of the board's panels: the toggle buttons that show one (Settings, Move log, For experts, ...)
    and any collapsed accordion; "Projector size" is left as it is."""
    closed = page.locator(f"{sel} .widget-toggle-button:not(.mod-active)").filter(visible=True).filter(
        has_not_text=PROJECTOR)
    headers = page.locator(f"{sel} .jupyter-widget-Collapse:not(.jupyter-widget-Collapse-open) "
                           f"> .jupyter-widget-Collapse-header").filter(visible=True)
    for _ in range(12):
        if closed.count():
            click(page, closed.first)
        elif headers.count():
            headers.first.click()
            page.wait_for_timeout(200)
        else:
            return


def _to_top(board: Locator) -> None:
    """Scroll the page so that the board's top is at the top of the screen (as a teacher shows it).

    JupyterLab lays a notebook out in steps (its windowed panel sizes cells as they render), so one scroll can land
    short of the top, with the board lower on the screen than a teacher would show it: scroll again until the
    board's top is at the notebook scroller's top (or the whole board is on the screen), for up to 5 s."""
    for _ in range(50):
        off = board.evaluate("""e => {
            e.scrollIntoView({block: 'start'});
            const s = e.closest('.jp-WindowedPanel-outer') || e.closest('.jp-Notebook');
            if (!s) return [0, true];
            const b = e.getBoundingClientRect(), a = s.getBoundingClientRect();
            return [b.top - a.top, b.top >= a.top && b.bottom <= a.bottom];
        }""")
        board.page.wait_for_timeout(100)
        if abs(off[0]) <= 2 or off[1]:  # at the top, or wholly on the screen
            return


def _check_screen(page: Page, game: str, where: str, min_font: float, whole_screen: bool, report: dict,
                  shot: str | None = None) -> list[str]:
    """Measure the board, log and return its problems; with ``shot``, also compare the part on screen with the
    reference screenshot of that name."""
    m = measure(page, BOARDS[game])
    report[where] = {"board": f"{m['board']['width']}x{m['board']['height']}", "area": m["area"]["height"],
                     "min font": m["minFont"]}
    problems = [f"{where}: {p}" for p in fit_problems(m, min_font, whole_screen)]
    if shot:
        lower = m["board"]["top"] > m["area"]["top"] + 2  # the board's top is on the screen, not cut
        problems += [d for d in [compare_screenshot(page, shot, ARTIFACTS, visible_part(m), top_part=lower)] if d]
    for p in problems:
        log(f"{game}: {p}"[:400])
    return problems


@pytest.mark.parametrize("game", BOARDS)
def test_board_in_jupyterlab(page, server, artifacts, game):
    sel = BOARDS[game]
    open_and_run(page, server, f"play/{game}.ipynb")
    board = page.locator(sel).first
    problems: list[str] = []
    report: dict = {}
    file_browser(page, True)
    for screen, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        _to_top(board)
        problems += _check_screen(page, game, screen, TEXT_PX["normal"], screen == "1024x768", report,
                                  shot=f"{game}-{screen}")

    # projector size, on the whole 1024x768 screen (file browser closed, as a teacher presents)
    page.set_viewport_size({"width": 1024, "height": 768})
    file_browser(page, False)
    click(page, f"{sel} button", PROJECTOR)
    _to_top(board)
    # JupyterLab's own bars take 120 of the 768 px, so here the board need only fit the width (Voila: one screen)
    problems += _check_screen(page, game, "projector", TEXT_PX["large"], False, report, shot=f"{game}-projector")
    click(page, f"{sel} button", PROJECTOR)

    # a game in progress with every panel open, in both sizes: nothing cut, large enough, no axe violation
    file_browser(page, True)
    a_few_moves(page, game)
    open_every_panel(page, sel)
    problems += _check_screen(page, game, "1024x768, moves made, panels open", TEXT_PX["normal"], False, report)
    problems += [f"axe (normal size): {v}" for v in axe_violations(page, sel)]
    file_browser(page, False)
    click(page, f"{sel} button", PROJECTOR)
    problems += _check_screen(page, game, "projector, moves made, panels open", TEXT_PX["large"], False, report)
    problems += [f"axe (projector size): {v}" for v in axe_violations(page, sel)]
    board.screenshot(path=str(artifacts / f"{game}-projector-panels.png"), animations="disabled")
    log(f"{game}: {report}")
    assert check(page, game, page.console_errors) == []
    for p in problems:
        log(f"PROBLEM ({game}): {p}"[:1200])
    assert problems == []


@pytest.mark.parametrize("game", BOARDS)
def test_board_as_a_voila_app(page, server, artifacts, game):
    """The app a teacher opens from the Binder link: one screen at 1024x768, nothing cut, no axe violation."""
    sel = BOARDS[game]
    page.set_viewport_size({"width": 1024, "height": 768})
    board = page.locator(sel).first
    for attempt in (1, 2):
        # "commit", not "load": the load event also waits for outside requests, which can hang on a machine offline
        page.goto(f"{server.base}/voila/render/play/{game}.ipynb?token={server.token}", wait_until="commit",
                  timeout=120_000)
        try:
            board.wait_for(state="visible", timeout=90_000 if attempt == 1 else 120_000)
            break
        except PlaywrightTimeout:
            # seen once in about ten fresh runs on the loaded 2-core machine: the app's kernel never answered and
            # the page stayed on its loading card (the same notebook renders in 20 s when tried again)
            if attempt == 2:
                raise
            log(f"{game}: the Voila app showed no board in 90 s; ending its kernel and loading it once more")
            server.shutdown_kernels()
    expect(page.get_by_text("Loading widget...")).to_have_count(0, timeout=60_000)
    _to_top(board)
    report: dict = {}
    problems = _check_screen(page, game, "voila 1024x768", TEXT_PX["normal"], True, report, shot=f"voila-{game}")
    problems += [f"axe: {v}" for v in axe_violations(page, sel)]
    board.get_by_role("button", name=PROJECTOR).click()
    expect(board).to_have_class(re.compile(r"\bkit-large\b"))
    page.wait_for_timeout(300)
    _to_top(board)
    problems += _check_screen(page, game, "voila projector", TEXT_PX["large"], True, report,
                              shot=f"voila-{game}-projector")
    problems += [f"axe (projector size): {v}" for v in axe_violations(page, sel)]
    log(f"{game} in Voila: {report}")
    for p in problems:
        log(f"PROBLEM ({game}): {p}"[:1200])
    assert problems == []
