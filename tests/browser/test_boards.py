"""Every board, opened from play/, played for a few clicks in a real browser: the page shows what the engine says."""

from __future__ import annotations

from lab_driver import check, click, open_and_run, text_of


def _ready(page, server, name):
    open_and_run(page, server, f"play/{name}.ipynb")


def _finish(page, artifacts, name, board: str):
    errors = check(page, name, page.console_errors)
    page.set_viewport_size({"width": 1300, "height": 1700})  # tall enough for the whole board
    page.wait_for_timeout(500)
    page.locator(board).first.screenshot(path=str(artifacts / f"board-{name}.png"), animations="disabled")
    assert errors == []
    assert page.dialogs == []


def test_game_of_15(page, server, artifacts):
    _ready(page, server, "game_of_15")
    assert page.locator(".f15-board .f15-taken").count() == 0
    click(page, ".f15-board .f15-tile", "5")  # you draft 5; the tactician replies at once
    assert page.locator(".f15-board .f15-taken").count() == 2
    click(page, ".f15-board button", "Undo")
    undone = page.locator(".f15-board .f15-taken").count()
    assert undone < 2
    click(page, ".f15-board .f15-tile", "2")  # a different opening: the computer answers again
    assert page.locator(".f15-board .f15-taken").count() == undone + 2
    _finish(page, artifacts, "game_of_15", ".f15-board")


def test_dice(page, server, artifacts):
    _ready(page, server, "dice")
    before = text_of(page, ".n15-board")
    click(page, ".n15-board button", "Roll")
    after = text_of(page, ".n15-board")
    assert after != before
    if page.locator(".n15-board .n15-valid").count():  # place a die that fits, as the board offers it
        click(page, ".n15-board .n15-valid")
        assert page.locator(".n15-board .n15-placed").count() >= 1
    page.locator(".n15-board").get_by_text("Players and variants", exact=True).click()  # open the settings
    page.wait_for_timeout(400)
    click(page, ".n15-board button", "New game")
    _finish(page, artifacts, "dice", ".n15-board")


def test_fifteens(page, server, artifacts):
    _ready(page, server, "fifteens")
    click(page, ".f15p-board button", "Hint")
    assert text_of(page, ".f15p-msg").strip()
    cards_before = text_of(page, ".f15p-board")
    click(page, ".f15p-board button", "Remove")
    assert "Remove" not in text_of(page, ".f15p-msg") or text_of(page, ".f15p-board") != cards_before
    _finish(page, artifacts, "fifteens", ".f15p-board")


def test_five_by_15(page, server, artifacts):
    _ready(page, server, "five_by_15")
    click(page, ".f5-board .f5-gap")
    assert "gap" in text_of(page, ".f5-msg").lower()
    if page.locator(".f5-board .f5-ring").count():
        click(page, ".f5-board .f5-ring")
        assert text_of(page, ".f5-msg").startswith("Moved")
        click(page, ".f5-board button", "Undo")
        assert "taken back" in text_of(page, ".f5-msg")
    click(page, ".f5-board button", "Hint")
    assert text_of(page, ".f5-msg").startswith(("Hint", "The solver", "No winning line"))
    _finish(page, artifacts, "five_by_15", ".f5-board")


def test_five_by_15_as_an_app_under_voila(page, server, artifacts):
    """The app mode: Voila renders play/five_by_15.ipynb without code cells, and the board plays."""
    offline = []  # Voila's page asks a CDN for extras (this machine has no internet); the board needs none
    page.on("requestfailed", lambda r: offline.append(r.url) if "127.0.0.1" not in r.url else None)
    page.goto(f"{server.base}/voila/render/play/five_by_15.ipynb?token={server.token}", timeout=120_000)
    board = page.locator(".f5-board")
    board.wait_for(state="visible", timeout=120_000)
    assert "from fifteen_kit.widgets import" not in page.content()  # no code on show
    page.locator(".f5-board .f5-gap").first.click()
    page.wait_for_timeout(500)
    assert "gap" in page.locator(".f5-msg").first.inner_text().lower()
    page.locator(".f5-board .f5-ring").first.click()
    page.wait_for_function("() => document.querySelector('.f5-msg').innerText.startsWith('Moved')", timeout=10_000)
    print("outside requests that failed:", offline)
    errors = [t for t in page.console_errors if "ERR_NAME_NOT_RESOLVED" not in t or not offline]
    page.screenshot(path=str(artifacts / "voila-five_by_15.png"), full_page=True)
    assert errors == []
