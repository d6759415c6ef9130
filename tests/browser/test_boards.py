"""Every board, opened from play/, played for a few clicks in a real browser: the page shows what the engine says."""

from __future__ import annotations

import re

from lab_driver import check, click, open_and_run
from playwright.sync_api import expect


def _ready(page, server, name):
    open_and_run(page, server, f"play/{name}.ipynb")


def _finish(page, artifacts, name, board: str):
    errors = check(page, name, page.console_errors)
    page.set_viewport_size({"width": 1300, "height": 1700})  # tall enough for the whole board
    page.locator(board).first.screenshot(path=str(artifacts / f"board-{name}.png"), animations="disabled")
    assert errors == []
    assert page.dialogs == []


def test_game_of_15(page, server, artifacts):
    _ready(page, server, "game_of_15")
    taken = page.locator(".f15-board .f15-taken")
    expect(taken).to_have_count(0)
    click(page, ".f15-board .f15-tile", "5")  # you draft 5; the tactician replies at once
    expect(taken).to_have_count(2)
    click(page, ".f15-board button", "Undo")
    expect(taken).not_to_have_count(2)
    undone = taken.count()
    assert undone < 2
    click(page, ".f15-board .f15-tile", "2")  # a different opening: the computer answers again
    expect(taken).to_have_count(undone + 2)
    _finish(page, artifacts, "game_of_15", ".f15-board")


def test_dice(page, server, artifacts):
    _ready(page, server, "dice")
    board = page.locator(".n15-board").first
    before = board.inner_text()
    click(page, ".n15-board button", "Roll")
    # The dice spin for half a second (an asyncio task of the kernel); Roll is disabled once they land.
    expect(board.get_by_role("button", name=re.compile(r"\bRoll$"))).to_be_disabled()
    expect(board).not_to_have_text(before, use_inner_text=True)
    placed = page.locator(".n15-board .n15-placed")
    if page.locator(".n15-board .n15-valid").count():  # place a die that fits, as the board offers it
        click(page, ".n15-board .n15-valid")
        expect(placed).not_to_have_count(0)
    board.get_by_text("Players and variants", exact=True).click()  # open the settings
    click(page, ".n15-board button", "New game")
    expect(placed).to_have_count(0)  # a new game: no die placed
    _finish(page, artifacts, "dice", ".n15-board")


def test_fifteens(page, server, artifacts):
    _ready(page, server, "fifteens")
    msg = page.locator(".f15p-msg").first
    expect(msg).to_contain_text("Click cards that sum to 15")  # the first step, from the start
    click(page, ".f15p-board button", "Hint")
    expect(msg).to_contain_text("Hint:")
    hinted = page.locator(".f15p-board .f15p-hint")
    for _ in range(hinted.count()):  # the ringed cards, as the hint says
        click(page, ".f15p-board .f15p-hint")
    expect(msg).to_contain_text("press Remove")
    click(page, ".f15p-board button", "Remove")
    expect(msg).to_have_text(re.compile(r"^Removed .* press Remove\.$"), use_inner_text=True)
    _finish(page, artifacts, "fifteens", ".f15p-board")


def test_five_by_15(page, server, artifacts):
    _ready(page, server, "five_by_15")
    msg = page.locator(".f5-msg").first
    click(page, ".f5-board .f5-gap")
    expect(msg).to_contain_text("gap", ignore_case=True)
    if page.locator(".f5-board .f5-ring").count():
        click(page, ".f5-board .f5-ring")
        expect(msg).to_have_text(re.compile(r"^Moved"), use_inner_text=True)
        click(page, ".f5-board button", "Undo")
        expect(msg).to_contain_text("taken back")
    click(page, ".f5-board button", "Hint")
    expect(msg).to_have_text(re.compile(r"^(Hint|The solver|No winning line)"), use_inner_text=True)
    _finish(page, artifacts, "five_by_15", ".f5-board")


def test_five_by_15_as_an_app_under_voila(page, server, artifacts):
    """The app mode: Voila renders play/five_by_15.ipynb without code cells, and the board plays."""
    offline = []  # the kit's Voila template asks nothing from outside (this machine has no internet)
    page.on("requestfailed", lambda r: offline.append(r.url) if "127.0.0.1" not in r.url else None)
    # "commit", not "load": Playwright's load wait is not what is tested (tests/browser/test_voila_app.py times it)
    page.goto(f"{server.base}/voila/render/play/five_by_15.ipynb?token={server.token}", wait_until="commit",
              timeout=120_000)
    board = page.locator(".f5-board")
    board.wait_for(state="visible", timeout=120_000)
    assert "from fifteen_kit.widgets import" not in page.content()  # no code on show
    msg = page.locator(".f5-msg").first
    page.locator(".f5-board .f5-gap").first.click()
    expect(msg).to_contain_text("gap", ignore_case=True)
    page.locator(".f5-board .f5-ring").first.click()
    expect(msg).to_have_text(re.compile(r"^Moved"), use_inner_text=True, timeout=10_000)
    page.screenshot(path=str(artifacts / "voila-five_by_15.png"), full_page=True)
    assert offline == []
    assert page.console_errors == []
