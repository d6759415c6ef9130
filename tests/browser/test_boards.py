"""Every board, opened from play/, played for a few clicks in a real browser: the page shows what the engine says."""

from __future__ import annotations

import re

from lab_driver import check, click, open_and_run, panel_of, wait_idle
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


def _press(page, key: str) -> None:
    """Press ``key`` on the focused element and wait until the kernel has handled it (as :func:`click` does)."""
    panel = panel_of(page)
    handled = panel.get_attribute("data-kit-idle")
    page.keyboard.press(key)
    expect(panel).not_to_have_attribute("data-kit-idle", handled or "", timeout=60_000)
    wait_idle(page, 60)


def _tab_to(page, text: str, key: str = "Tab", most: int = 40) -> None:
    """Press ``key`` (Tab or Shift+Tab) until the focused element's text is ``text``."""
    for _ in range(most):
        if page.evaluate("() => (document.activeElement && document.activeElement.innerText || '').trim()") == text:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {text!r}")


def test_fifteens_played_to_the_end_with_the_keyboard_alone(page, server, artifacts):
    """Deal 1 (the play notebook's) won along the solver's line with Tab, Shift+Tab, Space and Enter only: cards
    and buttons are native buttons, the focus ring shows, and the end names a button that is there."""
    from fifteen_kit.fifteens import Position, solve

    _ready(page, server, "fifteens")
    board, msg = page.locator(".f15p-board").first, page.locator(".f15p-msg").first
    expect(msg).to_contain_text("Click cards that sum to 15, then press Remove")
    page.locator(".f15p-board .f15p-toggle").first.focus()  # where a pupil's first Tab into the board lands
    position = Position.deal(1)
    for n, removal in enumerate(solve(position).line):
        for i, place in enumerate(removal):
            _tab_to(page, position.tableau[place].label, "Tab" if i else "Shift+Tab" if n else "Tab")
            _press(page, "Space")
        if n == 0:
            outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth")
            assert outline == "4px", outline  # the focus ring shows where the keyboard is
        expect(msg).to_contain_text("press Remove")
        _tab_to(page, "Remove")
        _press(page, "Enter")
        position = position.play(removal)
        expect(msg).to_contain_text("Removed")
    expect(board.locator(".f15p-banner")).to_contain_text("Won")
    expect(msg).to_contain_text("Press New deal")
    _tab_to(page, "New deal")
    _press(page, "Enter")
    expect(msg).to_contain_text("Deal 1. Click cards")
    page.set_viewport_size({"width": 1300, "height": 1700})
    board.screenshot(path=str(artifacts / "board-fifteens-keyboard.png"), animations="disabled")
    assert check(page, "fifteens by keyboard", page.console_errors) == [] and page.dialogs == []
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
