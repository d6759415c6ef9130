"""The play page "Your own player" (play/player.ipynb) as a pupil uses it, in Voila at 1024x768: type a player
into the lab, play it, watch one of its games on the replay board with the keyboard alone, and get a mistake
said in plain words while the page keeps working (issue 35).  Nothing is cut off, every control shows a focus
ring, and axe-core finds no serious or critical violation in the lab or the replay board.

Screenshots (artifacts/browser/player-*.png) are for a person to look at: the lab with its table, and the replay
board of the dice game and of Fifteens.
"""

from __future__ import annotations

import re

import pytest
from classroom import axe_violations
from lab_server import log
from playwright.sync_api import Locator, Page, expect

LAB = ".kit-lab"
REPLAY = ".kit-replay"

FIFTEENS_PLAYER = """def my_player(position):
    best = None
    for removal in removals(position):
        after = removals_left_after(position, removal)
        if best is None or after > best[0]:
            best = (after, removal)
    return best[1]
"""

DICE_PLAYER = """def my_player(position):
    dice = valid_dice(position)
    if dice:
        return "place " + " ".join(dice)
    if chance_of_bust(position) > 0.4:
        return "stop"
    return "roll"
"""


def _tab_to(page: Page, target: Locator, limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until ``target`` has the focus: the keyboard alone moves it."""
    for _ in range(limit):
        where = target.evaluate("""e => { const a = document.activeElement;
          if (e === a || e.contains(a)) return 0;
          return (a && a !== document.body && (a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING))
            ? -1 : 1; }""")
        if where == 0:
            ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement); "
                                 "return s.outlineStyle !== 'none' ? s.outlineWidth : s.boxShadow; }")
            assert ring not in ("0px", "none", ""), "no focus ring: the pupil cannot see where they are"
            return
        page.keyboard.press("Tab" if where > 0 else "Shift+Tab")
    raise AssertionError(f"Tab never reached {target}")


def _press(page: Page, target: Locator, key: str = "Enter") -> None:
    _tab_to(page, target)
    page.keyboard.press(key)


def _type_player(page: Page, code: str) -> None:
    box = page.locator(f"{LAB} textarea").first
    _tab_to(page, box)
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(code)
    expect(box).to_have_value(code)


def _fits(page: Page, selector: str) -> None:
    box = page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return {left: r.left, right: document.documentElement.clientWidth - r.right,
              sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth}; }""",
                        selector)
    assert box["left"] >= 0 and box["right"] >= 0 and box["sideways"] <= 1, f"{selector} is cut off: {box}"


@pytest.fixture
def lab_page(page, server):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{server.base}/voila/render/play/player.ipynb?token={server.token}", wait_until="commit",
              timeout=120_000)
    page.locator(LAB).first.wait_for(state="visible", timeout=120_000)
    page.wait_for_load_state("load", timeout=30_000)
    return page


def test_a_pupil_types_a_player_plays_and_replays_by_keyboard(lab_page, artifacts):
    page = lab_page
    lab = page.locator(LAB).first
    feedback = lab.locator(".kit-feedback").first
    assert page.title() == "Your own player"
    expect(feedback).to_contain_text("Press Play")
    # Fifteens, chosen and played with the keyboard
    _press(page, lab.get_by_role("button", name="Fifteens"), "Space")
    _type_player(page, FIFTEENS_PLAYER)
    games = lab.get_by_label("Games")
    _tab_to(page, games)
    page.keyboard.press("Control+A")
    page.keyboard.type("30")
    _press(page, lab.get_by_role("button", name="Play"))
    expect(feedback).to_contain_text("30 games played", timeout=120_000)
    table = lab.locator(".kit-lab-table").first
    expect(table).to_contain_text("win rate")
    for name in ("my_player", "random", "fewest", "most", "options"):
        expect(table).to_contain_text(name)
    _fits(page, LAB)
    page.screenshot(path=str(artifacts / "player-lab.png"))
    assert axe_violations(page, LAB) == []
    # watch its game 2 with the keyboard alone
    number = lab.get_by_label("game", exact=True)
    _tab_to(page, number)
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    _press(page, lab.get_by_role("button", name="Show this game"))
    board = page.locator(REPLAY).first
    message = board.locator(".kit-replay-msg").first
    expect(message).to_contain_text(re.compile(r"Move 1 of \d+: removed"), timeout=60_000)
    expect(board.locator(".f15p-card.f15p-hint").first).to_be_visible()  # the removal ringed on the table
    _press(page, board.get_by_role("button", name="Next"))
    expect(message).to_contain_text(re.compile(r"Move 2 of \d+"))
    page.keyboard.press("Enter")  # the focus stays on Next: each Enter is one move more
    expect(message).to_contain_text(re.compile(r"Move 3 of \d+"))
    _press(page, board.get_by_role("button", name="Back"))
    expect(message).to_contain_text(re.compile(r"Move 2 of \d+"))
    _press(page, board.get_by_role("button", name="Last"))
    expect(message).to_contain_text(re.compile(r"The end: (won! Every card is gone|lost, no removal is possible)"))
    expect(message).to_contain_text("Press First")
    board.scroll_into_view_if_needed()
    _fits(page, REPLAY)
    page.screenshot(path=str(artifacts / "player-replay-fifteens.png"))
    board.screenshot(path=str(artifacts / "player-replay-fifteens-board.png"))
    assert axe_violations(page, REPLAY) == []
    _press(page, board.get_by_role("button", name="Back"))
    _press(page, lab.get_by_role("button", name="Projector size"))
    expect(board).to_have_class(re.compile(r"\bkit-large\b"))
    board.scroll_into_view_if_needed()
    _fits(page, REPLAY)
    page.screenshot(path=str(artifacts / "player-replay-fifteens-large.png"))
    _press(page, board.get_by_role("button", name="First"))
    expect(message).to_contain_text("Move 1 of")
    assert page.console_errors == []


def test_the_dice_game_replayed_and_a_mistake_said_in_plain_words(lab_page, artifacts):
    page = lab_page
    lab = page.locator(LAB).first
    feedback = lab.locator(".kit-feedback").first
    # a syntax error: its line, in plain words; the page keeps working
    _type_player(page, "def my_player(position)\n    return 'roll'\n")
    _press(page, lab.get_by_role("button", name="Play"))
    expect(feedback).to_contain_text("line 1 of your code", timeout=60_000)
    expect(feedback).to_contain_text("Fix it, then press Play again")
    # an endless loop: stopped, with the move and the position
    _type_player(page, "def my_player(position):\n    while True:\n        pass\n")
    _press(page, lab.get_by_role("button", name="Play"))
    expect(feedback).to_contain_text("loop that never ends", timeout=60_000)
    expect(feedback).to_contain_text("at its move 1")
    _type_player(page, DICE_PLAYER)
    _press(page, lab.get_by_role("button", name="Play"))
    expect(feedback).to_contain_text("100 games played", timeout=120_000)
    table = lab.locator(".kit-lab-table").first
    for name in ("points per turn", "cautious", "greedy", "optimal (exact)"):
        expect(table).to_contain_text(name)
    _press(page, lab.get_by_role("button", name="Show this game"))
    board = page.locator(REPLAY).first
    message = board.locator(".kit-replay-msg").first
    expect(message).to_contain_text(re.compile(r"Move 1 of \d+: rolled"), timeout=60_000)
    _press(page, board.get_by_role("button", name="Next"))
    expect(message).to_contain_text(re.compile(r"Move 2 of \d+: placed"))
    board.scroll_into_view_if_needed()
    _fits(page, REPLAY)
    page.screenshot(path=str(artifacts / "player-replay-dice.png"))
    assert axe_violations(page, REPLAY) == []
    board.screenshot(path=str(artifacts / "player-replay-dice-board.png"))
    # projector size, for the class: the lab and the replay board grow and still fit the screen
    _press(page, lab.get_by_role("button", name="Projector size"))
    expect(board).to_have_class(re.compile(r"\bkit-large\b"))
    expect(message).to_have_css("font-size", "28px")
    board.scroll_into_view_if_needed()
    _fits(page, LAB)
    _fits(page, REPLAY)
    page.screenshot(path=str(artifacts / "player-replay-dice-large.png"))
    _press(page, board.get_by_role("button", name="Last"))
    expect(message).to_contain_text(re.compile(r"Score: \d+ points?"))
    log("player page: dice replay walked by keyboard")
    assert page.console_errors == []


def test_the_lab_in_jupyterlab_beside_the_file_browser(page, server, artifacts):
    """The lab as lesson 07 shows it: JupyterLab at 1024x768 with its file browser open, then projector size with
    it closed; a series played and a game shown: nothing cut, text large enough, no axe violation."""
    from classroom import file_browser, fit_problems, measure
    from fifteen_kit.widgets.palette import TEXT_PX
    from lab_driver import check, click, open_and_run

    open_and_run(page, server, "play/player.ipynb")
    page.set_viewport_size({"width": 1024, "height": 768})
    file_browser(page, True)
    click(page, f"{LAB} button", "Play")
    expect(page.locator(f"{LAB} .kit-lab-table").first).to_contain_text("points per turn", timeout=120_000)
    click(page, f"{LAB} button", "Show this game")
    expect(page.locator(f"{REPLAY} .kit-replay-msg").first).to_contain_text("Move 1 of", timeout=60_000)
    problems = []
    for sel in (LAB, REPLAY):
        problems += [f"{sel}, 1024x768: {p}" for p in fit_problems(measure(page, sel), TEXT_PX["normal"], False)]
        problems += [f"{sel}, axe: {v}" for v in axe_violations(page, sel)]
    page.locator(REPLAY).first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "player-jupyterlab.png"))
    file_browser(page, False)
    click(page, f"{LAB} button", "Projector size")
    expect(page.locator(f"{REPLAY} .kit-replay-msg").first).to_have_css("font-size", "28px")
    for sel in (LAB, REPLAY):
        problems += [f"{sel}, projector: {p}" for p in fit_problems(measure(page, sel), TEXT_PX["large"], False)]
    page.locator(REPLAY).first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "player-jupyterlab-projector.png"))
    for p in problems:
        log(f"PROBLEM (player lab): {p}"[:1200])
    assert problems == []
    assert check(page, "player lab", page.console_errors) == []
