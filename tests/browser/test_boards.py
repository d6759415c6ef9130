"""Every board, opened from play/, played for a few clicks in a real browser: the page shows what the engine says."""

from __future__ import annotations

import re

from lab_driver import check, click, open_and_run, text_of
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
    click(page, ".f15p-board button", "Hint")
    expect(page.locator(".f15p-msg").first).not_to_be_empty()
    cards_before = text_of(page, ".f15p-board")
    click(page, ".f15p-board button", "Remove")
    assert "Remove" not in text_of(page, ".f15p-msg") or text_of(page, ".f15p-board") != cards_before
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
    offline = []  # Voila's page asks a CDN for extras (this machine has no internet); the board needs none
    page.on("requestfailed", lambda r: offline.append(r.url) if "127.0.0.1" not in r.url else None)
    # "commit", not "load": the load event also waits for the CDN requests, which can hang on a machine offline
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
    print("outside requests that failed:", offline)
    errors = [t for t in page.console_errors if "ERR_NAME_NOT_RESOLVED" not in t or not offline]
    page.screenshot(path=str(artifacts / "voila-five_by_15.png"), full_page=True)
    assert errors == []


def _tab_to(page, test: str, limit: int = 80) -> None:
    """Press Tab until the focused element passes ``test`` (JS on ``e``, the focused element)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!e && ({test}); }}"):
            return
    raise AssertionError(f"Tab never reached {test}")


def test_dice_played_to_the_end_by_keyboard_alone_under_voila(page, server, artifacts):
    """Tab and Enter/Space alone play a whole game of the dice board (Voila, 1024x768); the focused control shows
    an outline, and the end says who won and which button starts a new game."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{server.base}/voila/render/play/dice.ipynb?token={server.token}", wait_until="commit",
              timeout=120_000)
    page.locator(".n15-board").wait_for(state="visible", timeout=120_000)
    msg = page.locator(".n15-msg").first
    expect(msg).to_contain_text("press Roll")
    targets = {"Press Next player": "e.innerText.trim() === 'Next player'",
               "Click a ringed die": "e.classList.contains('n15-valid')",
               "press Roll to roll": "e.innerText.trim() === 'Roll'",
               "Stop and score": "e.innerText.trim() === 'Stop and score'"}
    outlined = False
    for step in range(400):
        text = msg.inner_text()
        if "The game is over" in text:
            break
        test = next((t for cue, t in targets.items() if cue in text), None)
        if test is None:  # dice rolling or a computer thinking
            page.wait_for_timeout(200)
            continue
        _tab_to(page, test)
        outlined = outlined or page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle !== 'none'")
        page.keyboard.press("Enter" if step % 2 else "Space")
        expect(msg).not_to_have_text(text, timeout=30_000)
    else:
        raise AssertionError(f"the game did not end: {msg.inner_text()}")
    assert outlined
    assert re.search(r"wins? \(|a tie between", text) and "Press New game" in text
    _tab_to(page, "e.innerText.trim() === 'New game'")
    page.screenshot(path=str(artifacts / "voila-dice-keyboard-end.png"))
    page.keyboard.press("Enter")
    expect(msg).to_contain_text("press Roll")
    assert [e for e in page.console_errors if "ERR_NAME_NOT_RESOLVED" not in e] == []
