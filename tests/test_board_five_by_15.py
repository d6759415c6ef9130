"""The 5x15 board, driven through its widgets."""

import random

from fifteen_kit.widgets import FiveBy15Board

from fifteen_kit.five_by_15 import Position


def test_gap_then_tile_makes_the_move():
    b = FiveBy15Board(seed=1)
    move = b.game.position.legal_moves()[0]
    b.cells[move.to].click()
    src = b.game.position.where(move.tile)
    assert "f5-ring" in b.cells[src]._dom_classes and "takes" in b.message.value
    b.cells[src].click()
    assert len(b.game.history) == 2 and "Moved" in b.message.value


def test_tile_then_gap_and_refusals():
    b = FiveBy15Board(seed=2)
    move = next(m for m in b.game.position.legal_moves() if m.kind == "fill")
    b.cells[b.game.position.where(move.tile)].click()
    assert "f5-ring" in b.cells[move.to]._dom_classes
    b.cells[move.to].click()
    assert len(b.game.history) == 2
    b.cells[(0, 0)].click()
    assert "never move" in b.message.value
    b.undo_button.click()
    assert len(b.game.history) == 1
    b.undo_button.click()
    assert "nothing to undo" in b.message.value.lower()


def test_shift_buttons_and_levels():
    b = FiveBy15Board()
    b.start_from("B1 O2 B3 B4 B5 B6 B7 -- / O1 B2 O3 O4 O5 O6 O7 -- L1")
    labels = [x.description for x in b.shifts.children]
    assert labels == ["Shift B5–7", "Shift B4–7", "Shift B3–7", "Shift O5–7", "Shift O4–7", "Shift O3–7"]
    b.shifts.children[0].click()
    assert len(b.game.history) == 2
    b.level_menu.value = 3
    b.seed_text.value = 7
    b.new_button.click()
    # a new deal keeps the shape of the board it replaces (here 2 colours x 1..7)
    assert b.game.position.level == 3 and b.game.position == Position.deal(7, level=3, colours=2, size=7)


def test_loop_is_announced():
    b = FiveBy15Board()
    b.start_from(Position.parse("B1 B2 -- B3 / O1 O3 -- O2 L1"))
    b.cells[(0, 2)].click()
    b.cells[(0, 1)].click()  # B2 into the gap: its only move now returns to the first position
    assert b.game.status == "loop" and "Loop" in b.banner.value
    b.cells[(0, 2)].click()
    assert "game is over" in b.message.value


def test_hint_and_any_click_sequence():
    b = FiveBy15Board(seed=3)
    b.hint_button.click()
    assert b.message.value.startswith(("Hint", "The solver", "No winning line"))
    rng = random.Random(1)
    buttons = [*b.cells.values(), b.undo_button, b.hint_button]
    for _ in range(300):
        rng.choice(buttons).click()
        tiles = [t for row in b.game.position.grid for t in row if t is not None]
        assert len(tiles) == 75 and len(set(tiles)) == 75


def test_junk_input_raises_kit_errors_and_changes_nothing():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError

    b = FiveBy15Board(seed=1)
    for cell in ("ab", (0, "1"), (0, 1.5), None, (0,), (-1, -1), (0, -1), (5, 0), (0, 16)):
        with pytest.raises(InvalidArgumentError):
            b.click_cell(cell)
    for first in (5, ("a", "b"), (0,), (9, 12), (0, "3"), (0.0, 4)):
        with pytest.raises(InvalidArgumentError):
            b.shift(first)
    import random

    for seed in (random.Random(1), -1, 1.5, None):
        with pytest.raises(InvalidArgumentError):
            FiveBy15Board(seed=seed)
    assert len(b.game.history) == 1
    b.new_deal(3, 3)
    assert (b.seed_text.value, b.level_menu.value) == (3, 3)


def test_following_the_hints_wins_the_counterexample():
    from fifteen_kit.five_by_15 import PREFIX_COUNTEREXAMPLE

    b = FiveBy15Board()
    b.start_from(PREFIX_COUNTEREXAMPLE)
    for _ in range(40):
        if b.game.status != "playing":
            break
        b.hint_button.click()
        assert b.message.value.startswith("Hint")
        move = b.planned_move()
        if move.kind == "fill":
            b.cells[b.game.position.where(move.tile)].click()  # the hint chose the gap; click the tile
        else:
            b.shift(move.tile)
    assert b.game.status == "won" and "1 to 6" in b.banner.value


def test_a_hint_without_a_line_still_suggests_a_move(monkeypatch):
    from fifteen_kit.widgets import five_by_15 as board_module

    monkeypatch.setattr(board_module, "HINT_BUDGET", (1, None))  # no search can finish: the greedy fallback
    b = FiveBy15Board(seed=1)
    b.hint_button.click()
    assert b.message.value.startswith("No winning line found") and "useful-looking move" in b.message.value
    gap = b._chosen[1]
    assert any("f5-ring" in b.cells[c]._dom_classes for c in b.cells) and b.game.position.grid[gap[0]][gap[1]] is None
