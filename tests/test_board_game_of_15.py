"""The Game of 15 board, driven through its widgets as a student would (no kernel needed)."""

import asyncio
import math
import re

import ipywidgets as ipw
import pytest
from fifteen_kit.widgets import GameOf15Board
from fifteen_kit.widgets import style as kit_style
from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS, TEXT_PX, contrast_ratio
from ipywidgets.widgets.widget import CallbackDispatcher

from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.game_of_15 import Reason, Round, Side, evaluate


@pytest.fixture(autouse=True)
def callbacks_raise(monkeypatch):
    """ipywidgets only logs an exception raised in a button callback: make it fail the test."""

    def call(self, *args, **kwargs):
        for callback in self.callbacks:
            callback(*args, **kwargs)

    monkeypatch.setattr(CallbackDispatcher, "__call__", call)


def click(board, *digits):
    for d in digits:
        board.pool_buttons[d].click()


def test_two_players_draft_alternately_and_tiles_leave_the_pool():
    b = GameOf15Board(opponent=None)
    click(b, 5, 2)
    assert b.match.round.notation() == "5/2 O"
    assert b.cell_state(5) == "taken" and b.cell_state(2) == "taken"
    assert b.cell_state(1) == "free"
    assert b.grid_buttons[5].description == "O" and b.grid_buttons[2].description == "I"
    assert "Onyx to draft" in b.status.value
    assert b.notation_text.value == "5/2 O"


def test_the_computer_replies_within_the_click():
    for name in ("random", "tactician", "perfect"):
        b = GameOf15Board(opponent=name, computer_side="I", seed=3)
        click(b, 5)
        assert b.match.round.drafts == 2 and b.match.round.to_move is Side.ONYX


def test_computer_moving_first():
    b = GameOf15Board(opponent="perfect", computer_side="O", first="O")
    assert b.match.round.drafts == 1 and b.match.round.to_move is Side.IVORY


def test_robust_to_any_click():
    b = GameOf15Board(opponent="perfect", computer_side="I")
    click(b, 5)
    taken = next(iter(b.match.round.ivory))
    before = b.match.state
    click(b, 5)
    assert b.message.value == ("5 is no longer in the pool: Onyx drafted it. "
                               "Onyx (you): click a tile to draft its digit.")
    click(b, taken)
    assert "no longer in the pool" in b.message.value and b.match.state == before
    b.grid_buttons[1].click()  # grid clicks are off
    assert "Play on the grid" in b.message.value and b.match.state == before
    b.next_round_button.click()  # the round is not over
    assert "Finish this round" in b.message.value
    # play to the end of a single round, then keep clicking everything
    while not b.match.is_over:
        if b.match.round.is_over:
            b.next_round_button.click()
        click(b, min(b.match.round.pool))
    assert b.match.is_over
    state = b.match.state
    for d in range(1, 10):
        b.pool_buttons[d].click()
        b.pool_buttons[d].click()  # double click
    b.next_round_button.click()
    b.claim_button.click()
    b.end_turn_button.click()
    assert b.match.state == state
    assert "New match" in b.message.value or "nothing" in b.message.value.lower() or b.message.value


def test_perfect_computer_never_loses_on_the_board():
    for seed in range(8):
        b = GameOf15Board(opponent="perfect", computer_side="I", seed=seed)
        while not b.match.round.is_over:
            r = b.match.round
            # the student plays the tactician's way
            from fifteen_kit.game_of_15.players import TacticianPlayer

            click(b, TacticianPlayer(seed).choose(r))
        assert b.match.round.winner is not Side.ONYX


def test_winning_line_is_highlighted_in_both_views():
    b = GameOf15Board(opponent=None, expert=True)
    click(b, 2, 1, 5, 3, 8)
    assert b.match.round.winner is Side.ONYX
    for d in (2, 5, 8):
        assert b.cell_state(d) == "winning"
    assert b.cell_state(1) == "taken" and b.cell_state(4) == "free"
    # the rack names the winning digits (a highlight star would be a 7 px glyph at the rack's size, issue 17)
    assert "Onyx — wins with 2 + 5 + 8" in b.racks[Side.ONYX].value and "★" not in b.racks[Side.ONYX].value
    assert "flawless" in b.message.value


def test_grid_clicks_draft_when_enabled():
    b = GameOf15Board(opponent=None, grid_clicks=True)
    b.grid_buttons[4].click()
    assert b.match.round.onyx == {4}
    assert b.grid_buttons[4].disabled and not b.grid_buttons[5].disabled  # taken cells are not clickable


def test_manual_claims_with_the_fifteen_button():
    b = GameOf15Board(opponent="random", computer_side="I", auto_claim=False, position="25/13 O", seed=1)
    click(b, 8)
    assert not b.match.round.is_over and "End turn" in b.message.value
    click(b, 4)  # must claim or end the turn first
    assert "first" in b.message.value and b.match.round.drafts == 5
    b.claim_text.value = "2 5 x"
    b.claim_button.click()  # not digits: a clear message, nothing changes
    assert "digits" in b.message.value and b.match.turn_open
    b.claim_text.value = "2 5 8"
    b.claim_button.click()
    assert b.match.round.winner is Side.ONYX


def test_false_claim_forfeits():
    b = GameOf15Board(opponent=None, auto_claim=False)
    click(b, 2, 1, 5, 3, 9)
    b.claim("2 5 9")
    assert b.match.round.result.reason is Reason.FALSE_CLAIM and "False claim" in b.message.value


def test_end_turn_lets_the_computer_move():
    b = GameOf15Board(opponent="perfect", computer_side="I", auto_claim=False)
    click(b, 5)
    assert b.match.round.drafts == 1
    b.end_turn_button.click()
    assert b.match.round.drafts == 2


def test_blind_mode_hides_the_pool_and_defaults_on_a_taken_digit():
    b = GameOf15Board(opponent="perfect", computer_side="I", blind=True)
    assert b.pool_panel.layout.display == "none" and b.blind_panel.layout.display == ""
    b.blind_text.value = "5"  # typing and pressing Enter drafts
    assert b.match.turn_open  # blind players state their combination: claims are manual
    b.end_turn_button.click()
    assert b.match.round.drafts == 2 and "says" in b.message.value
    b.blind_button.click()  # nothing typed: a hint, not a default
    assert "Type a digit" in b.message.value and not b.match.is_over
    b.blind_text.value = "5"
    assert b.match.is_over and b.match.winner is Side.IVORY and "default" in b.message.value
    assert b.undo_button.disabled  # touch and take: a blind default loss stays


def test_blitz_countdown_and_time_forfeit():
    b = GameOf15Board(opponent=None, blitz=30)
    assert "0:30.0" in b.clock_view.value
    b.tick(12.5)
    assert "0:17.5" in b.clock_view.value
    b.tick(20)
    assert b.match.round.result.reason is Reason.TIME and "time ran out" in b.message.value


def test_hints_show_every_digits_value_and_the_threats():
    b = GameOf15Board(opponent=None, hints=True, position="29/5 I")
    texts = {d: b.hint_labels[d].value for d in b.match.round.pool}
    assert "draw" in texts[4] and all("loss" in t for d, t in texts.items() if d != 4)
    assert "Onyx threatens: 4" in b.threats_view.value
    b.hints_box.value = False
    assert all(label.value == "" for label in b.hint_labels.values())


def test_undo_takes_back_the_move_and_the_computers_reply():
    b = GameOf15Board(opponent="perfect", computer_side="I")
    click(b, 5)
    b.undo_button.click()
    assert b.match.round.drafts == 0 and b.match.round.to_move is Side.ONYX
    b.undo_button.click()
    assert b.message.value.startswith("Nothing to undo")


def test_match_play_scoreboard_and_next_round():
    b = GameOf15Board(opponent=None, target=3, expert=True)
    click(b, 2, 1, 5, 3, 8)
    assert "Rounds won: Onyx 1 · Ivory 0" in b.score.value and "Points: Onyx 2 · Ivory 0" in b.score.value
    assert not b.next_round_button.disabled
    b.next_round_button.click()
    assert b.match.round_number == 2 and b.match.round.to_move is Side.IVORY


def test_load_a_position_and_refuse_garbage():
    b = GameOf15Board(opponent="perfect", computer_side="I")
    b.notation_text.value = "25/13 O"
    b.load_button.click()
    assert b.match.round.notation() == "25/13 O"
    b.notation_text.value = "nonsense"
    b.load_button.click()
    assert "Cannot load" in b.message.value and b.match.round.notation() == "25/13 O"


def test_puzzle_mode():
    b = GameOf15Board()
    b.puzzle_menu.value = 1
    b.puzzle_button.click()
    puzzle = b.controller.puzzle
    assert puzzle is not None and b.match.round.to_move is puzzle.position.to_move and "win in 1" in b.message.value
    click(b, puzzle.solutions[0])
    assert "Solved" in b.message.value


def test_puzzle_slip_is_reported():
    b = GameOf15Board()
    b.new_puzzle(2)
    puzzle = b.controller.puzzle
    wrong = [d for d in b.match.round.pool if d not in puzzle.solutions]
    click(b, wrong[0])
    assert "slip" in b.message.value or b.match.round.is_over


def test_view_switch_and_settings():
    b = GameOf15Board(opponent=None)
    b.view_menu.value = "grid"
    assert b.pool_panel.layout.display == "none" and b.grid_panel.layout.display == ""
    b.opponent_menu.value = "Computer: perfect"
    assert b.computer_side is Side.IVORY
    b.computer_side_menu.value = "O"  # the computer takes over Onyx, to move now
    assert b.match.round.drafts == 1
    with pytest.raises(InvalidArgumentError):
        GameOf15Board(opponent="grandmaster")


def test_new_match_applies_the_settings():
    b = GameOf15Board(opponent=None)
    b.length_menu.value = "Best of 7"
    b.claims_menu.value = False
    b.new_match_button.click()
    assert b.match.rules.target == 4 and not b.match.rules.auto_claim
    assert b.claim_panel.layout.display == ""


def test_value_shown_matches_the_solver():
    b = GameOf15Board(opponent=None, hints=True, position="25/13 O")
    assert "win 1" in b.hint_labels[8].value  # the solver's describe(), "in" left out to fit under a tile
    assert evaluate(Round.parse("25/13 O")).best_moves == (8,)


def test_blitz_clock_runs_on_the_event_loop():
    import asyncio

    async def scenario():
        b = GameOf15Board(opponent=None, blitz=5)
        assert b.clock_running  # started by asyncio, no thread
        await asyncio.sleep(0.7)
        left = b.match.clock[Side.ONYX]
        assert 3.9 < left < 4.8 and b.match.clock[Side.IVORY] == 5.0
        click(b, 5)
        await asyncio.sleep(0.5)
        assert b.match.clock[Side.IVORY] < 5.0
        b.match.tick(10)  # run out Ivory's time directly; the timer stops with the round
        await asyncio.sleep(0.5)
        assert not b.clock_running

    asyncio.run(scenario())


# -- the four board bugs of issue 14, each from a fresh board --------------------------------------
def test_bug_blitz_computer_clock_does_not_run_while_the_human_decides_a_claim():
    b = GameOf15Board(opponent="tactician", computer_side="I", auto_claim=False, blitz=60)
    click(b, 5)
    assert b.match.turn_open and b.match.acting_side is Side.ONYX and "▶ Onyx" in b.clock_view.value
    b.tick(61)  # the human waits: its own clock runs out, not the computer's
    assert b.match.round.result.reason is Reason.TIME and b.match.round.winner is Side.IVORY
    assert b.match.clock[Side.IVORY] == 60.0


def test_bug_blitz_clock_restarts_and_undo_is_refused_in_blitz():
    async def scenario():
        b = GameOf15Board(opponent=None, blitz=5, target=2, expert=True)
        assert b.clock_running
        click(b, 2, 1, 5, 3, 8)  # Onyx wins the round
        await asyncio.sleep(0.5)
        assert not b.clock_running
        b.undo_button.click()  # touch and take: no undo in blitz, so no live round without a clock
        assert b.match.round.is_over and "Touch and take" in b.message.value and b.undo_button.disabled
        b.next_round_button.click()
        assert b.clock_running  # every live blitz round has a running clock
        await asyncio.sleep(0.6)
        assert b.match.clock[Side.IVORY] < 5.0
        b.match.tick(10)
        await asyncio.sleep(0.5)
        assert not b.clock_running

    asyncio.run(scenario())


def test_bug_blind_position_box_and_board_show_no_drafted_digit():
    b = GameOf15Board(opponent="tactician", computer_side="I", blind=True)
    empty_racks = {side: html.value for side, html in b.racks.items()}
    b.blind_text.value = "5"
    b.end_turn_button.click()  # the computer answers
    assert b.match.round.drafts == 2 and not b.match.round.is_over
    assert b.notation_text.value == "" and b.position_row.layout.display == "none"
    assert all(b.cell_state(d) == "free" and "drafted by" not in t.tooltip for d, t in b.pool_buttons.items())
    assert all(c.description.isdigit() for c in b.grid_buttons.values())
    assert not re.search(r"drafts \d", b.log_view.value)
    assert {side: html.value for side, html in b.racks.items()} == empty_racks
    assert "memory" in b.blind_racks.value
    assert "says" in b.message.value  # the computer's statement is heard once


def test_bug_puzzle_warning_survives_the_computers_reply():
    for seed in range(3, 8):
        b = GameOf15Board(opponent=None, seed=seed)
        b.new_puzzle(2)
        puzzle = b.controller.puzzle
        side = puzzle.position.to_move
        wrong = [d for d in sorted(b.match.round.pool) if d not in puzzle.solutions]
        click(b, wrong[0])  # a move that lets the forced win slip
        if not b.match.round.is_over:
            assert "slip" in b.message.value and f"{side.other.title} drafts" in b.message.value


# -- practice and match (2.9), points target (2.8), achievements (1.4) --------------------------------
def test_2_9_practice_and_match_modes_are_visible():
    p = GameOf15Board(opponent=None)
    assert p.practice and "Practice" in p.mode_view.value and p.position_row.layout.display == ""
    click(p, 5)
    assert not p.undo_button.disabled
    m = GameOf15Board(opponent=None, target=3, expert=True)
    assert not m.practice and "touch and take" in m.mode_view.value
    click(m, 5)
    assert m.undo_button.disabled and "2.9" in m.undo_button.tooltip
    assert m.hints_box.disabled and m.position_row.layout.display == "none"
    m.undo()
    assert m.match.round.drafts == 1 and "Touch and take" in m.message.value
    for kwargs in (dict(blind=True), dict(blitz=30)):
        with pytest.raises(InvalidArgumentError):
            GameOf15Board(mode="practice", **kwargs)
        assert not GameOf15Board(**kwargs).practice


def test_2_9_settings_follow_each_other():
    b = GameOf15Board(opponent=None)
    b.blind_box.value = True
    assert b.mode_menu.value.startswith("Match") and b.claims_menu.value is False
    b.mode_menu.value = "Practice (undo, hints, positions)"
    assert not b.blind_box.value and not b.blitz_box.value


def test_2_8_points_target_match_on_the_board():
    b = GameOf15Board(opponent=None)
    b.length_menu.value = "First to N points"
    assert b.points_box.layout.display == ""
    b.points_box.value = 7
    b.new_match_button.click()
    assert b.match.rules.count == "points" and b.match.rules.target == 7 and "first to 7 points" in b.score.value
    assert GameOf15Board(opponent=None, target=42, count="points").match.rules.target == 42


def test_2_6_1_best_of_counts_round_victories_on_the_board():
    b = GameOf15Board(opponent=None, target=2)  # best of 3
    click(b, 2, 1, 5, 3, 8)  # flawless: 2 points, 1 round
    assert not b.match.is_over and not b.next_round_button.disabled


def test_1_4_achievements_shown_at_the_end_of_a_match():
    b = GameOf15Board(opponent=None, target=2, expert=True)
    click(b, 2, 1, 5, 3, 8)
    assert b.achievements_view.value == ""
    b.next_round_button.click()
    click(b, 1, 2, 3, 4, 5, 6, 8, 9)  # Ivory first; Onyx 2, 4, 9
    assert b.match.is_over
    text = b.achievements_view.value
    assert "Achievements" in text and "flawless match set" in text and "★ yes" in text


def test_2_7_wrong_statement_on_the_board():
    b = GameOf15Board(opponent=None, auto_claim=False)
    for d in (2, 1, 5, 3):
        click(b, d)
        b.end_turn_button.click()
    click(b, 8)
    b.claim("2 5 9")
    assert "Wrong statement" in b.message.value and not b.match.round.is_over
    assert b.match.acting_side is Side.IVORY


def test_2_7_false_claim_on_the_board():
    b = GameOf15Board(opponent=None, auto_claim=False)
    for d in (1, 3, 2, 5, 4, 6):
        click(b, d)
        b.end_turn_button.click()
    click(b, 8)
    b.claim("9 6")
    assert b.match.round.result.reason is Reason.FALSE_CLAIM and "False claim" in b.message.value


# -- issue 15: bad arguments raise kit errors and build nothing --------------------------------------
@pytest.mark.parametrize("kwargs", [
    dict(first="x"), dict(first=5), dict(auto_claim="no"), dict(view="Both"), dict(blind="yes"),
    dict(blitz=math.nan), dict(blitz=math.inf), dict(blitz=0), dict(blitz=3), dict(blitz=-5), dict(blitz=2.7),
    dict(blitz=1000), dict(blitz=True), dict(seed="x"), dict(seed=-1), dict(seed=2.5), dict(target=0),
    dict(target=100), dict(target="3"), dict(computer_side="X"), dict(computer_side=None), dict(opponent=5),
    dict(grid_clicks=1), dict(hints="yes"), dict(mode="rated"), dict(count="games"), dict(false_claim="x"),
    dict(position=5), dict(position="x" * 1000), dict(opponent=None, target=3, position="25/13 O"),
])
def test_issue_15_bad_constructor_arguments(kwargs):
    with pytest.raises(InvalidArgumentError):
        GameOf15Board(**kwargs)


def test_issue_15_seed_none_and_lower_case_sides_are_accepted():
    b = GameOf15Board(seed=None, first="o", computer_side="ivory")
    assert b.match.round.to_move is Side.ONYX and b.computer_side is Side.IVORY
    with pytest.raises(FifteenKitError):
        GameOf15Board(position="garbage")


def test_issue_15_blitz_in_range_is_kept_exactly():
    for seconds in (5, 60, 600):
        assert GameOf15Board(blitz=seconds).match.rules.clock == seconds


@pytest.mark.parametrize("call", [
    lambda b: b.load(None), lambda b: b.load(5), lambda b: b.load("1" * 201), lambda b: b.click_digit(0),
    lambda b: b.click_digit("5"), lambda b: b.click_digit(5, from_grid="yes"), lambda b: b.claim(5),
    lambda b: b.claim("1" * 201), lambda b: b.new_puzzle(4), lambda b: b.new_puzzle(None),
    lambda b: b.tick(-1), lambda b: b.tick(math.nan), lambda b: b.tick("1"),
])
def test_issue_15_bad_method_arguments_change_nothing(call):
    b = GameOf15Board(opponent=None)
    click(b, 5)
    before = (b.match.state, b.message.value)
    with pytest.raises(InvalidArgumentError):
        call(b)
    assert (b.match.state, b.message.value) == before


def test_issue_15_long_typed_text_is_refused_quickly():
    b = GameOf15Board(opponent=None, auto_claim=False)
    click(b, 5)
    b.claim_text.value = "5" * 1_000_000
    b.claim_button.click()
    assert "longer than" in b.message.value and b.match.turn_open
    b.notation_text.value = "2" * 1_000_000
    b.load_button.click()
    assert "longer than" in b.message.value and b.match.turn_open
    blind = GameOf15Board(opponent=None, blind=True)
    blind.blind_text.value = "7" * 1_000_000
    assert "longer than" in blind.message.value and blind.match.round.drafts == 0


# -- issue 17: a board for a classroom wall ------------------------------------------------------------
def _walk(widget, hidden=False):
    """Every widget under ``widget`` with whether it is hidden (itself or an ancestor: display none, or a
    closed accordion/tab page)."""
    hidden = hidden or getattr(getattr(widget, "layout", None), "display", None) == "none"
    yield widget, hidden
    children = getattr(widget, "children", ())
    selected = getattr(widget, "selected_index", None) if isinstance(widget, (ipw.Accordion, ipw.Tab)) else None
    for i, child in enumerate(children):
        closed = isinstance(widget, (ipw.Accordion, ipw.Tab)) and selected != i
        yield from _walk(child, hidden or closed)


def _shown(board, target):
    return any(w is target and not hidden for w, hidden in _walk(board))


def test_issue_17_message_never_empty_and_says_what_to_do_first():
    for kwargs in (dict(), dict(opponent=None), dict(computer_side="O"), dict(blind=True), dict(blitz=30),
                   dict(auto_claim=False), dict(target=3), dict(grid_clicks=True), dict(position="25/13 O")):
        b = GameOf15Board(**kwargs)
        msg = b.message.value
        assert msg.strip() and msg.endswith(b.prompt().replace("'", "&#x27;")), (kwargs, msg)
        side = b.match.acting_side
        assert side.title in msg and ("click a tile" in msg or "type a digit" in msg), (kwargs, msg)
        assert "Your turn, You" not in msg
    b = GameOf15Board(opponent=None)
    click(b, 2, 1, 5, 3, 8)
    assert b.message.value.startswith("Onyx wins with 2 + 5 + 8 = 15") and "Press New match" in b.message.value


def test_issue_17_size_option_and_projector_toggle():
    b = GameOf15Board()
    assert b.size == "normal" and not b.size_toggle.value and b.size_toggle.description == "Projector size"
    assert "kit-board" in b._dom_classes and "kit-large" not in b._dom_classes
    b.size_toggle.value = True
    assert b.size == "large" and "kit-large" in b._dom_classes
    assert b.message.style.font_size == "22px" and b.grid_buttons[5].layout.width == "78px"
    b.size = "normal"
    assert not b.size_toggle.value and "kit-large" not in b._dom_classes and b.message.style.font_size == "16px"
    big = GameOf15Board(size="large")
    assert big.size == "large" and big.size_toggle.value and "kit-large" in big._dom_classes
    for bad in ("huge", "Large", None, 22):
        with pytest.raises(InvalidArgumentError):
            GameOf15Board(size=bad)
        with pytest.raises(InvalidArgumentError):
            b.size = bad
    assert b.size == "normal"


def _px(value):
    return float(value[:-2]) if value.endswith("px") else None


@pytest.mark.parametrize("size", ["normal", "large"])
def test_issue_17_every_font_size_is_at_least_the_sizes_text(size):
    least = TEXT_PX[size]
    b = GameOf15Board(size=size, hints=True, auto_claim=False)
    click(b, 5)
    for widget, _hidden in _walk(b):
        style = getattr(widget, "style", None)
        value = getattr(style, "font_size", "") if style is not None else ""
        if value:  # a font size set through the public trait
            assert _px(value) is not None and _px(value) >= least, (widget, value)
    # the style sheet: every font size is the board's text variable (times 1 or more) or at least 16 px ...
    css = kit_style._GAME_OF_15
    for value in re.findall(r"font-size:([^;}]+)", css):
        value = value.strip()
        scaled = re.fullmatch(r"calc\(var\(--f15-text\) \* ([\d.]+)\)", value)
        assert value == "var(--f15-text)" or (scaled and float(scaled.group(1)) >= 1) or \
            (_px(value) is not None and _px(value) >= TEXT_PX["normal"]), value
    # ... and the variable is 16 px on every board, 22 px with kit-large; ipywidgets' controls use it too
    assert f".f15-board{{--f15-text:{TEXT_PX['normal']}px;" in css
    assert f".f15-board.kit-large{{--f15-text:{TEXT_PX['large']}px;" in css
    assert "--jp-widgets-font-size:var(--f15-text)" in css
    assert ":focus-visible" in css and PALETTE["white"] in css  # keyboard focus shows, in white (sky marks hints)


def test_issue_17_colours_come_from_the_palette_in_checked_pairs():
    css = kit_style._GAME_OF_15
    assert "color:#F0E442" not in css.split(".f15-msg")[0]  # no light base colour before the message rule
    assert re.search(r"\.f15-msg\S*\{--jp-widgets-color:" + PALETTE["yellow"], css)
    assert re.search(r"\.f15-log\S*\{--jp-widgets-color:" + PALETTE["ink"], css)  # the log: ink on ivory
    assert ".f15-board .widget-html-content{color" not in css  # no base colour rule beats the classes
    pairs = {(PALETTE[f], PALETTE[g]) for f, g in TEXT_PAIRS}
    b = GameOf15Board(opponent=None)
    click(b, 5, 2)
    for d, cell in b.grid_buttons.items():
        assert (cell.style.text_color, cell.style.button_color) in pairs, d
    assert contrast_ratio(b.grid_buttons[1].style.text_color, b.grid_buttons[1].style.button_color) >= 4.5


def test_issue_17_end_of_match_button_is_in_view():
    b = GameOf15Board(opponent=None)  # first to 1, as the Voila app
    assert b.settings_panel.layout.display == "none"  # settings start closed
    click(b, 2, 1, 5, 3, 8)
    assert b.match.is_over and "Press New match" in b.message.value
    assert b.new_match_button.layout.display != "none" and _shown(b, b.new_match_button)
    assert not b.new_match_button.disabled and "f15-now" in b.new_match_button._dom_classes
    b.new_match_button.click()
    assert b.match.round.drafts == 0 and "f15-now" not in b.new_match_button._dom_classes


def test_issue_17_expert_controls_live_in_their_own_closed_panel():
    b = GameOf15Board()
    for control in (b.notation_text, b.load_button, b.puzzle_menu, b.puzzle_button, b.opponent_menu):
        assert not _shown(b, control)
    for control in (*b.pool_buttons.values(), b.undo_button, b.next_round_button, b.new_match_button):
        assert _shown(b, control)
    b.panel_toggles["For experts"].value = True
    assert _shown(b, b.load_button) and _shown(b, b.puzzle_button) and not _shown(b, b.opponent_menu)
    b.panel_toggles["For experts"].value = False
    assert not _shown(b, b.load_button)


def test_issue_17_undo_when_the_computer_moves_first():
    b = GameOf15Board(opponent="tactician", computer_side="O", first="O")
    opening = b.match.round.notation()
    assert b.undo_button.disabled and "computer's first move" in b.undo_button.tooltip
    b.undo()
    assert b.match.round.notation() == opening and "Nothing of yours" in b.message.value
    human = next(d for d in range(1, 10) if d in b.match.round.pool)
    click(b, human)
    assert b.match.round.drafts == 3 and not b.undo_button.disabled
    b.undo_button.click()
    assert b.match.round.notation() == opening and b.match.round.to_move is Side.IVORY
    assert b.message.value.startswith("Move taken back.") and b.undo_button.disabled


def test_issue_17_number_boxes_say_when_they_clamp():
    b = GameOf15Board(opponent=None)
    b.length_menu.value = "First to N points"
    b.points_box.value = 500
    assert b.points_box.value == 99 and "500 was set to 99" in b.message.value
    b.blitz_seconds.value = 2
    assert b.blitz_seconds.value == 5 and "2 was set to 5" in b.message.value
    b.points_box.value = 7
    assert "apply from the next match" in b.message.value
    b.new_match_button.click()
    assert b.match.rules.target == 7


def test_issue_17_square_only_view_drafts_on_the_square():
    b = GameOf15Board(opponent=None)
    b.view_menu.value = "grid"
    assert b.grid_clicks_box.value and not b.grid_buttons[5].disabled
    b.grid_buttons[5].click()
    assert b.match.round.drafts == 1 and "a cell of the square" in b.message.value


def test_a_lesson_board_speaks_plainly_and_an_expert_board_keeps_the_rulebook_terms():
    """Issue 32: a lesson's board says "draw" (the lesson's word), shows no section numbers, ledger points or
    achievements table; ``expert=True`` (the play/ boards) keeps them."""
    for expert in (False, True):
        b = GameOf15Board(opponent=None, target=2, expert=expert)
        for d in (1, 2, 4, 3, 5, 6, 7, 9, 8):  # a drawn round: nobody makes fifteen
            b.click_digit(d)
        assert b.match.round.is_over and b.match.round.winner is None
        words = b.message.value + b.mode_view.value + b.undo_button.tooltip + b.score.value
        assert ("Stalemate" in words) is expert and ("A draw" in b.message.value) is not expert
        assert ("2.9" in words or "touch and take" in words.lower()) is expert
        assert ("Points:" in b.score.value) is expert
        flawless = []
        while not b.match.is_over:  # the first drafter makes 2 + 5 + 8 each round (a flawless win: a bonus point)
            b.next_round_button.click()
            for d in (2, 1, 5, 3, 8):
                b.click_digit(d)
            flawless.append("flawless" in b.message.value)
        assert all(flawless) is expert and any(flawless) is expert
        assert bool(b.achievements_view.value) is expert
        b.panel_toggles["Move log"].value = True
        assert ("Stalemate" in b.log_view.value) is expert and ("Draw" in b.log_view.value) is not expert


def test_a_lesson_hint_board_waits_for_the_questions_its_hints_answer():
    """Issue 32: lesson 02's hint board would show "= draw" under every digit before the pupil predicts who wins
    with perfect play; with ``hints_after`` its hints stay closed, and say why, until those questions are
    answered."""
    from fifteen_kit.widgets.results import Recorder, forget

    forget("91")
    b = GameOf15Board(opponent=None, hints=True, hints_after=("91.p1",))
    assert b.hints_box.disabled and "answered the questions above" in b.hints_box.tooltip
    assert all(not label.value.strip() for label in b.hint_labels.values())  # no value shown under any digit
    assert "Hints open when" in b.message.value
    Recorder("91.p1", "prediction").write(answer="the first player", truth="nobody: a draw")
    b.click_digit(5)  # the board looks again at the next click
    assert not b.hints_box.disabled and any("draw" in label.value for label in b.hint_labels.values())
    forget("91")
    with pytest.raises(InvalidArgumentError):
        GameOf15Board(hints_after="91.p1")
