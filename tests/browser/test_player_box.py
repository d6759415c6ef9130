"""A player task in a real JupyterLab (issue 35): the pupil types a player in the monospaced code box, it is kept
with the notebook the moment it changes, and Play shows the table (or what went wrong) without breaking the
page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from classroom import axe_violations
from fifteen_kit.widgets.palette import TEXT_PX
from lab_driver import check, click, open_and_run, wait_idle
from lab_server import pupil_lab
from playwright.sync_api import expect

NOTEBOOK = Path(__file__).parent / "notebooks" / "player_box.ipynb"
PLAYER = ("from fifteen_kit.pupil_players import points_if_stop, valid_dice\n"
          "def my_player(turn):\n"
          "    if valid_dice(turn):\n"
          "        return 'place ' + ' '.join(valid_dice(turn))\n"
          "    return 'stop' if points_if_stop(turn) >= 8 else 'roll'\n")


@pytest.fixture
def pupil_server():
    with pupil_lab(NOTEBOOK, "kit-player-") as lab:
        yield lab


def test_a_pupil_writes_a_player_and_tries_it(browser, pupil_server, artifacts):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    try:
        open_and_run(page, pupil_server, NOTEBOOK.name)
        box = page.locator(".kit-code textarea")
        expect(box).to_be_visible()
        font = page.evaluate("() => getComputedStyle(document.querySelector('.kit-code textarea')).fontFamily")
        assert "mono" in font.lower(), font
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                             "'.kit-code textarea')).fontSize)")
        assert size >= TEXT_PX["normal"]
        box.fill(PLAYER)
        click(page, ".kit-question button", "Play")
        result = page.locator(".kit-question .kit-feedback")
        table = page.locator(".kit-lab-table")
        expect(table).to_contain_text("points per turn", timeout=60_000)
        expect(table).to_contain_text("cautious")
        page.screenshot(path=str(artifacts / "player_box_tried.png"), full_page=True)
        assert axe_violations(page, ".kit-question") == []

        box.fill("def my_player(turn):\n    return turn.legal_moves()[99]\n")
        click(page, ".kit-question button", "Play")
        expect(result).to_contain_text("Your player was stopped", timeout=60_000)
        expect(result).to_contain_text("IndexError")
        page.screenshot(path=str(artifacts / "player_box_stopped.png"), full_page=True)

        box.fill(PLAYER)  # the last code is what is kept
        wait_idle(page, 30)
        page.locator(".kit-question-text").first.click()  # (a key pressed in a widget's text box stays in the box)
        page.keyboard.press("Control+s")
        kept: list[dict] = []
        for _ in range(50):
            saved = json.loads((pupil_server.root / NOTEBOOK.name).read_text())
            kept = [r for c in saved["cells"] for o in c.get("outputs", []) if (r := o.get("metadata", {})
                                                                                  .get("fifteen_kit"))]
            if kept:
                break
            page.wait_for_timeout(200)
        assert kept and kept[-1]["kind"] == "player" and kept[-1]["source"] == PLAYER, kept
        assert check(page, NOTEBOOK.name, console) == []
    finally:
        page.close()
