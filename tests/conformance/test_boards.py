"""Random clicks on every board, with time passing, and the screen checked against the engine after every action.

A student can click any enabled, visible button, pick any menu option, tick any box and type anything into any
text box, in any order.  The suite does that at random (seeded) on all five widgets.  Exceptions inside a
callback, which ipywidgets' dispatcher only logs (the student sees nothing), are made to fail the test (the
``swallowed`` fixture).  After every action the screen must agree with the engine: buttons enabled exactly when
the engine allows their action, the labels and the notation showing the engine's values, a message whenever
a game click changed nothing.  Time passes through the boards' own clocks (``tick``) and, in one episode per
board, through a running asyncio loop (the dice animation, the blitz timer).

Stateful machines then click moves and Undo on the three boards with undo: Undo returns exactly the engine
state from before the last move.  Counts scale with KIT_CONFORMANCE_SCALE.
"""

from __future__ import annotations

import asyncio
import html
import logging
import random
import re
from collections.abc import Callable
from typing import Any

import hypothesis.strategies as st
import ipywidgets as w
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from traitlets.log import get_logger

from .harness import COUNTS, limits, scaled, snapshot

#: What a student may type into a text box.
TYPED = ["5", " 7 ", "2 5 8", "258/46 I", "25/13 O", "", "   ", "0", "10", "-3", "٥", "５", "x", "9" * 5000,
         "1e999999", "1/0", "nan", "inf", "5/162", "0.031", "8", "2,4,6,8", "x" * 100_000, "🎲", "-/- O", "O",
         "B1 B2 -- B3 / O1 O2 O3 -- L1"]
#: What a student may type into a number box (ipywidgets IntText holds any Python int).
NUMBERS = [0, 1, 2, 7, 15, -1, -(10**9), 10**9, 10**30]

ACTION_SECONDS = 20.0  # an alarm against a hang in a single click (generous: the machine is shared)


def _visible(widget: w.Widget, hidden: set[int]) -> bool:
    return id(widget) not in hidden


def controls(root: w.Widget) -> list[w.Widget]:
    """Every control a student can reach: visible, enabled buttons, menus, boxes and text fields."""
    out: list[w.Widget] = []

    def walk(x: w.Widget) -> None:
        layout = getattr(x, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            return
        if isinstance(x, (w.Button, w.Dropdown, w.ToggleButtons, w.Checkbox, w.Text, w.IntText,
                          w.BoundedIntText)) and not getattr(x, "disabled", False):
            out.append(x)
        for child in getattr(x, "children", ()):
            walk(child)

    walk(root)
    return out


def act(control: w.Widget, rng: random.Random) -> str:
    """Do one random student action on ``control``; returns a description for the failure report."""
    COUNTS["clicks made"] += 1
    if isinstance(control, w.Button):
        control.click()
        return f"click {control.description or control.tooltip!r}"
    if isinstance(control, (w.Dropdown, w.ToggleButtons)):
        options = [o[1] if isinstance(o, tuple) else o for o in control.options]
        value = rng.choice(options)
        control.value = value
        return f"choose {value!r} in {control.description or type(control).__name__}"
    if isinstance(control, w.Checkbox):
        control.value = not control.value
        return f"toggle {control.description!r}"
    if isinstance(control, (w.IntText, w.BoundedIntText)):
        value = rng.choice(NUMBERS)
        try:
            control.value = value
        except Exception as err:  # a BoundedIntText clamps; a trait error here is the widget library's own
            return f"type {value!r} in {control.description!r} (refused by ipywidgets: {type(err).__name__})"
        return f"type {value!r} in {control.description!r}"
    value = rng.choice(TYPED)
    control.value = value
    control._conformance_typed = value  # a text box may show what was typed until the board redraws it
    return f"type {value[:20]!r} in {control.description or control.placeholder!r}"


def drive(make_board: Callable[[], w.Widget], check: Callable[[w.Widget, Any, str], None],
          engine_state: Callable[[w.Widget], Any], game_controls: Callable[[w.Widget], set[int]],
          seed: int, steps: int, tick: Callable[[w.Widget, float], None] | None = None) -> None:
    """One episode of random actions; after each, ``check(board, state_before, action)``."""
    rng = random.Random(seed)
    board = make_board()
    check(board, None, "start")
    for step in range(steps):
        before = engine_state(board)
        if tick is not None and rng.random() < 0.15:
            seconds = rng.choice([0.3, 2.5, 11.0, 70.0])
            with limits(ACTION_SECONDS, 1 << 30):
                tick(board, seconds)
            what = f"tick({seconds})"
        else:
            choices = controls(board)
            control = rng.choice(choices)
            with limits(ACTION_SECONDS, 1 << 30):
                what = act(control, rng)
            if id(control) in game_controls(board) and engine_state(board) == before:
                assert board.message.value.strip(), f"step {step}: {what} changed nothing and said nothing"
        check(board, before, f"seed {seed}, step {step}: {what}")


# -- Game of 15 ----------------------------------------------------------------------------------------------
def _g15_state(b):
    return b.match.state


def _g15_game_controls(b):
    return {id(x) for x in (*b.pool_buttons.values(), *b.grid_buttons.values(), b.claim_button, b.end_turn_button,
                            b.undo_button, b.next_round_button)}


def _g15_check(b, _before, where: str) -> None:
    from fifteen_kit.game_of_15.rules import Side
    m = b.match
    r = m.round
    wins = m.round_wins
    assert f"Rounds won: Onyx {wins[Side.ONYX]} · Ivory {wins[Side.IVORY]}" in b.score.value, where
    points = f"Points: Onyx {m.scores[Side.ONYX]} · Ivory {m.scores[Side.IVORY]}"
    assert (points in b.score.value) is (b.controller.expert or m.rules.count == "points"), where
    assert html.escape(m.rules.describe()) in b.score.value, where
    # Undo is enabled when it takes back a person's move (not the computer's opening draft, replayed at once)
    assert b.undo_button.disabled == (not b.controller.may_undo), where
    assert b.undo_button.disabled or m.can_undo, where
    if not m.rules.practice:  # touch and take (2.9): a match has no undo
        assert b.undo_button.disabled and not m.can_undo, where
    assert b.next_round_button.disabled == (m.is_over or not r.is_over), where
    typed = getattr(b.notation_text, "_conformance_typed", None)  # shown until Load or the next redraw
    hidden = m.rules.blind and not r.is_over and not m.is_over  # blind play: no drafted digit is shown
    assert b.notation_text.value in ("" if hidden else r.notation(), typed), where
    # a tile or cell is enabled exactly when clicking it drafts: a human may draft it now (blind: typed only)
    may_draft = m.can_draft and r.to_move is not b.computer_side and not m.rules.blind
    for d in range(1, 10):
        owner = None if hidden else r.cell_owner(d)
        assert (b.cell_state(d) != "free") == (owner is not None), (where, d)
        assert b.grid_buttons[d].description == (owner.value if owner else str(d)), (where, d)
        assert b.pool_buttons[d].disabled == (not (may_draft and owner is None)), (where, d)
        assert b.grid_buttons[d].disabled == (not (b.grid_clicks_box.value and may_draft and owner is None)), \
            (where, d)
    if m.clock is not None:
        for side in Side:
            secs = m.clock[side]
            assert f"{side.title} {int(secs // 60)}:{secs % 60:04.1f}" in b.clock_view.value, where
    else:
        assert b.clock_view.value == "", where
    if b.computer_side is not None and not r.is_over and not m.is_over and not r.awaiting_claim \
            and not m.turn_open:
        assert r.to_move is not b.computer_side, f"{where}: the computer left its move undone"
    if m.is_over:
        said = f"{m.winner.title} wins" + ("" if m.rules.target == 1 else " the match")
        assert said in b.status.value, where


G15_SETUPS = [
    {"opponent": None},
    {"opponent": "perfect", "computer_side": "O"},
    {"opponent": "tactician", "auto_claim": False, "target": 3},
    {"opponent": None, "auto_claim": False, "blitz": 30},
    {"opponent": "random", "blind": True, "blitz": 20, "seed": 4},
    {"opponent": None, "grid_clicks": True, "hints": True, "view": "grid"},
    {"opponent": "tactician", "auto_claim": False, "target": 2, "mode": "practice"},
]


@pytest.mark.parametrize("setup", range(len(G15_SETUPS)))
def test_game_of_15_board_random_clicks(setup, swallowed):
    from fifteen_kit.widgets import GameOf15Board
    for episode in range(scaled(2)):
        drive(lambda: GameOf15Board(**G15_SETUPS[setup]), _g15_check, _g15_state, _g15_game_controls,
              seed=1000 * setup + episode, steps=scaled(40), tick=lambda b, s: b.tick(s))
    assert not swallowed


# -- the dice game -------------------------------------------------------------------------------------------
def _dice_state(b):
    return (snapshot(b.game.turn), len(b.game.pad), b.game.board_index, b.game.player_index)


def _dice_game_controls(b):
    return {id(x) for x in (*b.dice.values(), b.roll_button, b.stop_button, b.next_button)}


def _engine_allows(action: Callable[[], Any]) -> bool:
    from fifteen_kit.errors import FifteenKitError
    try:
        action()
    except FifteenKitError:
        return False
    return True


def _dice_check(b, _before, where: str) -> None:
    from fifteen_kit.nasty15.boards import COLOURS
    g = b.game
    t = g.turn
    human = not g.is_over and g.player not in b.computer_seats
    if not b.rolling:
        assert b.roll_button.disabled == (not (human and _engine_allows(t.continue_rolling))), where
        assert b.stop_button.disabled == (not (human and _engine_allows(t.stop))), where
        for i, c in enumerate(COLOURS):
            value = t.placed[i] if t.placed[i] is not None else t.rolled[i]
            assert b.dice[c].description.split()[0] == c.value, where
            assert (value is None) == (b.dice[c].description == c.value), (where, c)
            assert ("click to place" in b.dice[c].tooltip) == (c in t.valid_colours() and t.placed[i] is None), \
                (where, c)
            assert ("placed" in b.dice[c].tooltip) == (t.placed[i] is not None), (where, c)
    assert b.next_button.disabled == (g.is_over or not t.is_over), where
    totals = g.totals()
    # the pad: a row a player, its total last
    assert re.findall(r"<th>(-?\d+)</th></tr>", b.pad.value) == [str(totals[p]) for p in g.players], where
    cells = re.findall(r"<td class='[^']*'>(-?\d*)</td>", b.pad.value)
    assert sorted(int(c) for c in cells if c) == sorted(e.points for e in g.pad), where
    if g.is_over:
        assert "Game over" in b.status.value, where
    else:
        assert f"Board {g.board_number} of {g.rounds}" in b.status.value and g.player in b.status.value, where
        if t.is_over:  # a finished turn (stopped or bust) waits for Next player and says what it scored
            assert f"the turn scores {t.score}" in b.status.value, where
        else:
            assert f"stopping now scores {t.stop_score()}" in b.status.value, where


DICE_SETUPS = [
    {"players": [("You", "human"), ("Computer", "optimal")]},
    {"players": [("Ann", "human"), ("Bo", "human")], "handicap": True, "coach": True},
    {"players": [("Solo", "human")], "gambler": True, "coach": True},
    {"players": [("A", "human"), ("B", "cautious"), ("C", "greedy")], "seed": 9},
]


@pytest.mark.parametrize("setup", range(len(DICE_SETUPS)))
def test_dice_board_random_clicks(setup, swallowed):
    from fifteen_kit.widgets import DiceBoard
    for episode in range(scaled(2)):
        drive(lambda: DiceBoard(**DICE_SETUPS[setup]), _dice_check, _dice_state, _dice_game_controls,
              seed=2000 * setup + episode, steps=scaled(60))
    assert not swallowed


# -- Fifteens ------------------------------------------------------------------------------------------------
def _fifteens_state(b):
    return (b.position, len(b.history), frozenset(b.selected))


def _fifteens_game_controls(b):
    return {id(x) for x in (*b.cards, b.remove_button, b.undo_button)}


def _fifteens_check(b, _before, where: str) -> None:
    p = b.position
    for place, button in enumerate(b.cards):
        card = p.tableau[place]
        assert button.description == ("" if card is None else card.label), (where, place)
        assert (b.marks[place] == "selected") == (place in b.selected), (where, place)
    assert all(p.tableau[x] is not None for x in b.selected), f"{where}: an empty place is selected"
    assert b.undo_button.disabled == (len(b.history) == 1), where
    assert f"Stock: <b>{len(p.stock)}</b>" in b.info.value and f"waste: <b>{len(p.waste)}</b>" in b.info.value, where
    assert ("Won" in b.banner.value) == p.is_won and ("lost" in b.banner.value) == p.is_lost, where
    if not p.is_over:
        n = len(p.legal_moves())
        assert f"{n} legal removal{'' if n == 1 else 's'}" in b.banner.value, where  # plural right


@pytest.mark.parametrize("face_rule", ["four-of-a-kind", "one-each"])
def test_fifteens_board_random_clicks(face_rule, swallowed):
    from fifteen_kit.widgets import FifteensBoard
    for episode in range(scaled(3)):
        drive(lambda: FifteensBoard(seed=episode, face_rule=face_rule), _fifteens_check,  # noqa: B023
              _fifteens_state, _fifteens_game_controls, seed=3000 + episode, steps=scaled(60))
    assert not swallowed


# -- 5x15 ----------------------------------------------------------------------------------------------------
def _f5_state(b):
    return (tuple(b.game.history), len(b.game.moves))


def _f5_game_controls(b):
    return {id(x) for x in (*b.shifts.children, b.undo_button)}  # a cell click may only choose (and ring)


def _f5_check(b, _before, where: str) -> None:
    from fifteen_kit.five_by_15.rules import COLOUR_LETTERS, Shift
    g = b.game
    p = g.position
    for (r, c), button in b.cells.items():
        if r >= p.colours or c > p.size:
            assert button.layout.display == "none", (where, r, c)
            continue
        t = p.grid[r][c]
        gap = "◎" if (r, c) in b.marked("hint-to") else "·"  # a hinted move's gap shows a target
        assert button.description == (gap if t is None else f"{COLOUR_LETTERS[t[0]]}\n{t[1]}"), (where, r, c)
    assert b.undo_button.disabled == (len(g.history) == 1), where
    shifts = [m for m in p.legal_moves() if isinstance(m, Shift)]
    assert len(b.shifts.children) == len(shifts), where
    status = g.status
    words = {"won": "Won", "stuck": "Stuck", "loop": "Loop", "playing": f"level {p.level}"}
    assert words[status] in b.banner.value, (where, status)
    assert b.level_menu.value in (1, 2, 3)


F5_SETUPS = [{"seed": 1}, {"seed": 2, "level": 2}, {"seed": 3, "colours": 3, "numbers": 6},
             {"seed": 4, "colours": 2, "numbers": 5, "level": 3}, {"seed": 5, "size": "large"}]


@pytest.mark.parametrize("setup", range(len(F5_SETUPS)))
def test_five_by_15_board_random_clicks(setup, swallowed):
    from fifteen_kit.widgets import FiveBy15Board

    def clicky(b, _seconds):  # "time passing" on this board is a click on a ringed cell after choosing
        cells = b.marked("ring")
        if cells:
            b.cells[cells[0]].click()

    for episode in range(scaled(2)):
        drive(lambda: FiveBy15Board(**F5_SETUPS[setup]), _f5_check, _f5_state, _f5_game_controls,
              seed=4000 * setup + episode, steps=scaled(60), tick=clicky)
    assert not swallowed


# -- the self-check exercise ---------------------------------------------------------------------------------
def _selfcheck_expectation(kind: str, expected: Any, text: str) -> bool | None:
    """Whether ``text`` is a right answer, read independently of the widget (None: any verdict is fine)."""
    from fractions import Fraction
    t = text.strip()
    if kind == "number":
        return t == str(expected) or t == f"{expected:,}"
    if kind == "digits":
        parts = t.replace(",", " ").split()
        if all(p in "123456789" and len(p) == 1 for p in parts) and parts:
            return {int(p) for p in parts} == set(expected)
        return False if not parts or any(not p.isascii() for p in parts) else None
    if "/" in t:
        try:
            return Fraction(t) == expected
        except (ValueError, ZeroDivisionError):
            return False
    return None


SELF_CHECKS = [("number", 8), ("number", 12_345), ("digits", [2, 4, 6, 8]), ("fraction", "5/162")]


@pytest.mark.parametrize("which", range(len(SELF_CHECKS)))
def test_self_check_random_answers(which, swallowed):
    from fractions import Fraction

    from fifteen_kit.widgets import SelfCheck
    kind, expected = SELF_CHECKS[which]
    if kind == "fraction":
        expected = Fraction(expected)
    q = getattr(SelfCheck, kind)("a question", expected)
    rng = random.Random(which)
    answers = [*TYPED, str(expected) if kind != "digits" else " ".join(map(str, expected)), f" {expected} "]
    for step in range(scaled(40)):
        text = rng.choice(answers)
        q.answer.value = text
        with limits(ACTION_SECONDS, 1 << 30):
            q.check_button.click()
        COUNTS["clicks made"] += 1
        where = f"{kind} {expected!r}, step {step}: answer {text[:20]!r}"
        assert q.feedback.value.strip(), f"{where}: no feedback"
        right = _selfcheck_expectation(kind, expected, text)
        if right is not None:
            assert q.feedback.value.startswith("✔") == right, f"{where}: feedback {q.feedback.value[:60]!r}"
    q.answer.value = str(expected) if kind != "digits" else "8 6 4 2"
    q.check_button.click()
    assert q.feedback.value.startswith("✔"), "the right answer is not accepted"
    assert not swallowed


# -- time passing on a running event loop --------------------------------------------------------------------
def test_boards_with_a_running_event_loop(swallowed):
    """Clicks between awaits: the dice roll animation and the blitz clock run as asyncio tasks meanwhile."""
    from fifteen_kit.widgets import DiceBoard, GameOf15Board

    async def scenario():
        rng = random.Random(77)
        dice = DiceBoard(players=[("Ann", "human"), ("Bo", "human")], seed=5)
        blitz = GameOf15Board(opponent=None, blitz=5)
        for step in range(scaled(25)):
            for board, check in ((dice, _dice_check), (blitz, _g15_check)):
                choices = controls(board)
                what = act(rng.choice(choices), rng)
                check(board, None, f"async step {step}: {what}")
            await asyncio.sleep(rng.choice([0.0, 0.05, 0.2]))
        await asyncio.sleep(0.6)  # let the last roll land
        _dice_check(dice, None, "after the loop settled")
        _g15_check(blitz, None, "after the loop settled")
        assert not dice.rolling

    asyncio.run(scenario())
    assert not swallowed


# -- undo on the boards --------------------------------------------------------------------------------------
# No shrinking: a failure is reported as found (shrinking a board sequence can take many minutes).
BOARD_MACHINE = settings(max_examples=scaled(10), stateful_step_count=25, deadline=None, database=None,
                         derandomize=True, suppress_health_check=list(HealthCheck),
                         phases=[Phase.explicit, Phase.generate])


class _CallbackErrors(logging.Handler):
    """Keeps the exceptions ipywidgets caught in click handlers (outside IPython it logs them as warnings)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[BaseException] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append(record.exc_info[1])


def press(button: w.Button) -> None:
    """``button.click()``, re-raising any exception a click handler raised (ipywidgets would only log it)."""
    catcher = _CallbackErrors()
    log = get_logger()
    log.addHandler(catcher)
    try:
        button.click()
    finally:
        log.removeHandler(catcher)
    if catcher.errors:
        raise catcher.errors[0]


class _BoardUndo(RuleBasedStateMachine):
    """Clicks that may change the engine, and Undo: Undo returns the engine state from before the last change."""

    def make(self):  # pragma: no cover - each board defines it
        raise NotImplementedError

    def state(self):  # pragma: no cover
        raise NotImplementedError

    def __init__(self):
        super().__init__()
        self.board = self.make()
        self.stack: list = []

    def click(self, button: w.Button) -> None:
        before = self.state()
        COUNTS["clicks made"] += 1
        if not button.disabled:
            press(button)
        if self.state() != before:
            self.stack.append(before)

    @rule()
    def undo(self):
        COUNTS["clicks made"] += 1
        if not self.board.undo_button.disabled:
            press(self.board.undo_button)
        if self.stack:
            assert self.state() == self.stack.pop(), "Undo did not bring back the state before the last move"

    @invariant()
    def undo_button_matches(self):
        assert self.board.undo_button.disabled == (not self.stack)


class GameOf15BoardUndo(_BoardUndo):
    def make(self):  # undo is for practice; a match is touch and take (see test_game_of_15_board_match_has_no_undo)
        from fifteen_kit.widgets import GameOf15Board
        return GameOf15Board(opponent=None, auto_claim=False, target=2, mode="practice")

    def state(self):
        return self.board.match.state

    @rule(digit=st.integers(1, 9))
    def draft(self, digit):
        self.click(self.board.pool_buttons[digit])

    @rule(text=st.sampled_from(["2 5 8", "1 5 9", "4 5 6", "1 2 3", "9 9 9", "x"]))
    def claim(self, text):
        self.board.claim_text.value = text
        self.click(self.board.claim_button)

    @rule()
    def end_turn(self):
        self.click(self.board.end_turn_button)

    @rule()
    def next_round(self):
        self.click(self.board.next_round_button)


def test_game_of_15_board_match_has_no_undo(swallowed):
    """Touch and take (2.9): in match mode Undo is disabled, and undo() takes nothing back and says why."""
    from fifteen_kit.widgets import GameOf15Board
    b = GameOf15Board(opponent=None, auto_claim=False, target=2, mode="match")
    for d in (2, 1):
        b.click_digit(d)
        b.end_turn()
    b.click_digit(5)
    assert not b.practice and b.undo_button.disabled and not b.match.can_undo
    before = snapshot(b.match.state)
    b.undo()
    assert snapshot(b.match.state) == before
    assert b.message.value.strip()
    press(b.undo_button)
    assert snapshot(b.match.state) == before
    assert not swallowed


class FifteensBoardUndo(_BoardUndo):
    def make(self):
        from fifteen_kit.widgets import FifteensBoard
        return FifteensBoard(seed=11)

    def state(self):
        return self.board.position

    @rule(data=st.data())
    def remove_legal(self, data):
        removals = self.board.position.legal_moves()
        if not removals:
            return
        press(self.board.clear_button)
        for place in data.draw(st.sampled_from(removals)):
            press(self.board.cards[place])
        self.click(self.board.remove_button)

    @rule(places=st.sets(st.integers(0, 15), min_size=1, max_size=4))
    def remove_any(self, places):
        press(self.board.clear_button)
        for place in places:
            press(self.board.cards[place])
        self.click(self.board.remove_button)


class FiveBy15BoardUndo(_BoardUndo):
    def make(self):
        from fifteen_kit.widgets import FiveBy15Board
        return FiveBy15Board(seed=5, colours=3, numbers=6)

    def state(self):
        return (tuple(self.board.game.history), tuple(self.board.game.moves))

    @rule(data=st.data())
    def move(self, data):
        b = self.board
        moves = b.game.fresh_moves() if b.game.status == "playing" else ()
        if not moves:
            return
        from fifteen_kit.five_by_15 import Shift
        m = data.draw(st.sampled_from(moves))
        if isinstance(m, Shift):
            buttons = [x for x in b.shifts.children if f"{'BOGPY'[m.tile[0]]}{m.tile[1]}–" in x.description]
            assert buttons, f"no shift button for {m}"
            self.click(buttons[0])
        else:
            self.click(b.cells[m.to])  # choose the gap (this may complete an earlier choice), then the tile
            self.click(b.cells[b.game.position.where(m.tile)])

    @rule(r=st.integers(0, 2), c=st.integers(0, 6))
    def click_any(self, r, c):
        self.click(self.board.cells[(r, c)])


TestGameOf15BoardUndo = GameOf15BoardUndo.TestCase
TestGameOf15BoardUndo.settings = BOARD_MACHINE
TestFifteensBoardUndo = FifteensBoardUndo.TestCase
TestFifteensBoardUndo.settings = BOARD_MACHINE
TestFiveBy15BoardUndo = FiveBy15BoardUndo.TestCase
TestFiveBy15BoardUndo.settings = BOARD_MACHINE
