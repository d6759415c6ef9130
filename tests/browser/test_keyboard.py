"""Every board played to the end with the keyboard alone: Tab / Shift+Tab to move, Enter or Space to press.

The mouse is never used once the notebook has run: the focus starts on the board's first button (as after a
pupil tabs into the output) and each move is reached with Tab.  A game ends when the engine says so on the
board; then the board's own "New ..." button, reached by keyboard, starts another game.
"""

from __future__ import annotations

import re

import pytest
from classroom import fit_problems, focused, measure, press, press_until_focused
from fifteen_kit.widgets.palette import TEXT_PX
from lab_driver import check, open_and_run
from lab_server import log
from playwright.sync_api import Locator, Page, expect

BOARDS = {"game_of_15": ".f15-board", "dice": ".n15-board", "fifteens": ".f15p-board", "five_by_15": ".f5-board"}
NEW = re.compile(r"^\W*(New (game|match|deal)|Next round)\b")


def _enabled(page: Page, selector: str) -> Locator:
    return page.locator(selector).filter(visible=True).and_(page.locator(":enabled"))


def _button(page: Page, sel: str, name: str | re.Pattern[str]) -> Locator:
    return page.locator(sel).first.get_by_role("button", name=name).filter(visible=True)


def _activate(page: Page, target: Locator, key: str = "Enter") -> None:
    press_until_focused(page, target.first)
    log(f"keyboard: {key} on {focused(page)!r}")
    ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                         "return s.outlineStyle !== 'none' ? s.outlineWidth : s.boxShadow; }")
    assert ring not in ("0px", "none", ""), f"no focus ring on {focused(page)!r}"  # the pupil sees where they are
    press(page, key)


def _marked(page: Page, every: str, marked: str) -> list[int]:
    """Indices, among the elements matching ``every``, of those also matching ``marked`` (a hint's marks vanish
    once the pupil acts on the first of them, so they are read before)."""
    return list(page.evaluate("([a, m]) => Array.from(document.querySelectorAll(a)).flatMap((e, i) => "
                              "e.matches(m) ? [i] : [])", [every, marked]))


def _message(page: Page, sel: str) -> str:
    return page.locator(sel).first.inner_text()


def play_game_of_15(page: Page, sel: str) -> None:
    for _ in range(10):
        tiles = _enabled(page, f"{sel} .f15-tile")
        if not tiles.count():
            return
        _activate(page, tiles)
    raise AssertionError("the Game of 15 did not end in ten of my moves")


#: The dice board's message cue -> the control it asks for (checked in this order).
DICE_CUES = {"Press Next player": "button:text-is('Next player')", "Click a ringed die": ".n15-valid",
             "press Roll": "button:text-is('Roll')", "Stop and score": "button:text-is('Stop and score')"}


def play_dice(page: Page, sel: str) -> None:
    msg = page.locator(f"{sel} .n15-msg").first
    for _ in range(400):
        text = msg.inner_text()
        if "The game is over" in text:
            return
        cue = next((c for c in DICE_CUES if c in text), None)
        target = _enabled(page, f"{sel} {DICE_CUES[cue]}") if cue else None
        if target is None or not target.count():  # the dice are rolling, or a computer plays
            page.wait_for_timeout(200)
            continue
        _activate(page, target)
    raise AssertionError(f"the dice game did not end: {msg.inner_text()}")


def play_fifteens(page: Page, sel: str) -> None:
    for _ in range(40):
        hint = _button(page, sel, re.compile(r"Hint")).and_(page.locator(":enabled"))
        if not hint.count():
            return
        _activate(page, hint)
        cards = f"{sel} .f15p-card"
        hinted = _marked(page, cards, ".f15p-hint")
        if not hinted:
            return
        for i in hinted:
            _activate(page, page.locator(cards).nth(i), "Space")
        _activate(page, _button(page, sel, re.compile(r"Remove")))
    raise AssertionError("Fifteens did not end in 40 removals")


def play_five_by_15(page: Page, sel: str) -> None:
    """Hint, then the hinted tile (one press plays the hinted move), until the board says the game is over."""
    for _ in range(60):
        if re.search(r"You won|game is over|no move", _message(page, sel), re.I):
            return
        _activate(page, _button(page, sel, re.compile(r"Hint")))
        cells = f"{sel} .f5-cell"
        source = _marked(page, cells, ".f5-hint-from")
        if not source:
            return
        _activate(page, page.locator(cells).nth(source[0]))
    raise AssertionError("5x15 did not end in 60 moves")


PLAY = {"game_of_15": play_game_of_15, "dice": play_dice, "fifteens": play_fifteens, "five_by_15": play_five_by_15}


@pytest.mark.parametrize("game", BOARDS)
def test_played_to_the_end_by_keyboard(page, server, game):
    sel = BOARDS[game]
    # 5x15 on a small table (3 colours, 1 to 6: about 25 moves; the full deal takes 184 by the hints)
    open_and_run(page, server, "tests/browser/notebooks/five_by_15_small.ipynb" if game == "five_by_15"
                 else f"play/{game}.ipynb")
    page.locator(sel).first.locator("button:enabled").first.focus()  # a pupil has tabbed into the board
    PLAY[game](page, sel)
    end = _message(page, sel)
    log(f"{game}: the game ended by keyboard; the board says: {end[:300]!r}")
    # the end of a game shows more (achievements, scores): still nothing cut, in both sizes, at 1024x768
    page.set_viewport_size({"width": 1024, "height": 768})
    cut = fit_problems(measure(page, sel), TEXT_PX["normal"], whole_screen=False)
    _activate(page, _button(page, sel, "Projector size"))
    cut += fit_problems(measure(page, sel), TEXT_PX["large"], whole_screen=False)
    _activate(page, _button(page, sel, "Projector size"))
    assert cut == [], cut
    again = _button(page, sel, NEW).and_(page.locator(":enabled"))
    expect(again.first).to_be_visible()
    _activate(page, again)
    expect(page.locator(sel).first).not_to_have_text(end, use_inner_text=True)
    assert check(page, game, page.console_errors) == []
