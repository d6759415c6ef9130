"""Every lesson in Notebook 7 (``jupyter notebook``, pinned in binder/requirements.txt, which Binder's image also
ships): opened at ``/notebooks/<path>``, all cells run, every board drawn and played for one move, with no error
output, no dialog and no error in the browser console.  Each board is also measured at 1024x768: nothing cut off,
text of the kit's normal size.

Notebook 7 is JupyterLab's notebook in a page of its own: the same server, settings, widget manager and notebook
commands, so :mod:`lab_driver` drives it unchanged (``Server(app="notebook")``).
"""

from __future__ import annotations

import re

import pytest
from classroom import fit_problems, measure
from conftest import ROOT
from fifteen_kit.widgets.palette import TEXT_PX
from lab_driver import check, click, open_and_run, panel_of
from lab_server import log
from playwright.sync_api import Locator, Page, expect

LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))
BOARDS = {"game_of_15": ".f15-board", "dice": ".n15-board", "fifteens": ".f15p-board", "five_by_15": ".f5-board"}


def one_move(page: Page, game: str, board: Locator) -> None:
    """Play one move on ``board`` by mouse, as a pupil would, and wait until the board shows it."""
    before = board.inner_text()
    if game == "game_of_15":
        click(page, board.locator(".f15-tile:not(.f15-taken):not([disabled])"))
    elif game == "dice":
        roll = board.get_by_role("button", name=re.compile(r"\bRoll$"))
        if roll.is_enabled():
            click(page, roll)
            expect(roll).to_be_disabled()  # the dice have landed
            if board.locator(".n15-valid").count():
                click(page, board.locator(".n15-valid"))
        else:  # a computer's turn or a worked example, shown step by step
            click(page, board.locator("button:enabled").filter(has_text=re.compile(r"Next (step|move|player)")))
    elif game == "fifteens":
        click(page, board.locator("button").filter(has_text=re.compile(r"^\s*Hint\s*$")))
        for _ in range(board.locator(".f15p-hint").count()):
            click(page, board.locator(".f15p-hint"))
    elif game == "five_by_15":
        click(page, board.locator(".f5-gap"))
        if board.locator(".f5-ring").count():
            click(page, board.locator(".f5-ring"))
    expect(board).not_to_have_text(before, use_inner_text=True)


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_and_plays_in_notebook7(notebook_page, notebook_server, artifacts, lesson):
    page = notebook_page
    open_and_run(page, notebook_server, f"lessons/{lesson.name}")
    console = list(page.console_errors)
    errors = check(page, f"notebook7 {lesson.stem}", page.console_errors)
    played: dict[str, int] = {}
    for game, sel in BOARDS.items():
        boards = panel_of(page).locator(sel).filter(visible=True)
        for i in range(boards.count()):
            board = boards.nth(i)
            board.scroll_into_view_if_needed()
            one_move(page, game, board)
            played[game] = played.get(game, 0) + 1
    log(f"notebook7 {lesson.stem}: one move on each board: {played or 'no board'}")
    console += page.console_errors
    errors += check(page, f"notebook7 {lesson.stem}, after the moves", page.console_errors)
    page.screenshot(path=str(artifacts / f"notebook7-{lesson.stem}.png"))
    assert errors == []
    assert kit_errors(page, console) == []
    assert page.dialogs == []


def kit_errors(page: Page, console: list[str]) -> list[str]:
    """The browser console's errors less those of Notebook 7 and Voila themselves (``conftest.NOTEBOOK7_OWN``,
    checked by its stack, and ``conftest.TREE_OWN`` on ``/tree``, by where they are logged)."""
    upstream = list(page.upstream_errors)
    return [c for c in console if c not in upstream or upstream.remove(c)]


@pytest.mark.parametrize("game", BOARDS)
def test_board_fits_1024x768_in_notebook7(notebook_page, notebook_server, artifacts, game):
    """A board from play/ on a school projector's screen in Notebook 7: nothing cut off, the kit's normal text size,
    the whole board on one screen, and it plays."""
    page = notebook_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_and_run(page, notebook_server, f"play/{game}.ipynb")
    board = panel_of(page).locator(BOARDS[game]).first
    board.evaluate("e => e.scrollIntoView({block: 'start'})")
    m = measure(page, BOARDS[game])
    problems = fit_problems(m, TEXT_PX["normal"], whole_screen=True)
    log(f"notebook7 {game} at 1024x768: board {m['board']['width']}x{m['board']['height']} in an area of "
        f"{m['area']['width']}x{m['area']['height']}, smallest text {m['minFont']} px; problems: {problems}")
    page.screenshot(path=str(artifacts / f"notebook7-{game}-1024x768.png"), animations="disabled", caret="hide")
    one_move(page, game, board)
    errors = check(page, f"notebook7 {game}", console := list(page.console_errors))
    assert problems == []
    assert errors == []
    assert kit_errors(page, console) == []
    assert page.dialogs == []


def test_tree_lists_and_opens_the_lessons_in_notebook7(notebook_page, notebook_server):
    """Notebook 7's file browser (``/tree``) lists every lesson, and a double click opens one in a new tab."""
    page = notebook_page
    page.goto(f"{notebook_server.base}/tree/lessons?token={notebook_server.token}", wait_until="domcontentloaded")
    listing = page.locator(".jp-DirListing-content")
    for lesson in LESSONS:
        expect(listing.get_by_text(lesson.name, exact=True)).to_be_visible(timeout=60_000)
    with page.context.expect_page() as opened:
        listing.get_by_text(LESSONS[0].name, exact=True).dblclick()
    tab = opened.value
    tab.wait_for_url(f"**/notebooks/lessons/{LESSONS[0].name}*", timeout=60_000)
    expect(tab.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=60_000)
    tab.close()
    console = list(page.console_errors)
    for c in console:
        log(f"browser console (notebook7 /tree): {c[:300]}")
    assert kit_errors(page, console) == []
    assert page.dialogs == []
