"""The 5x15 board, driven through its widgets."""

import random

from fifteen_kit.widgets import FiveBy15Board

from fifteen_kit.five_by_15 import Fill, Position, Shift


def test_gap_then_tile_makes_the_move():
    b = FiveBy15Board(seed=1)
    move = b.game.position.legal_moves()[0]
    b.cells[move.to].click()
    src = b.game.position.where(move.tile)
    assert src in b.marked("ring") and "takes" in b.message.value
    b.cells[src].click()
    assert len(b.game.history) == 2 and "Moved" in b.message.value


def test_tile_then_gap_and_refusals():
    b = FiveBy15Board(seed=2)
    move = next(m for m in b.game.position.legal_moves() if isinstance(m, Fill))
    b.cells[b.game.position.where(move.tile)].click()
    assert move.to in b.marked("ring")
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
        if isinstance(move, Fill):
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
    move = b.hinted
    assert move is not None and isinstance(move, Fill) and b.game.position.grid[move.to[0]][move.to[1]] is None
    assert b.marked("hint-from") == [b.game.position.where(move.tile)] and b.marked("hint-to") == [move.to]
    assert b.marked("ring") == []


# -- regressions from the player's audit -------------------------------------------------------------------------
AUDIT = "B1 O4 B4 B5 B6 -- O5 / O1 O2 O3 -- O6 B2 B3 L1"


def _audit_board():
    b = FiveBy15Board(colours=2, numbers=6)
    b.start_from(AUDIT)
    return b


def _minimum_shift(b):
    """Every shift button offered moves at least the level's run length (the engine's rule)."""
    p = b.game.position
    lengths = [int(x.description.split("–")[1]) - int(x.description.split("–")[0][7:]) + 1 for x in b.shifts.children]
    return all(n >= p.run_length for n in lengths)


def test_level_menu_before_the_first_move_changes_the_game():
    b = _audit_board()
    assert [x.description for x in b.shifts.children] == ["Shift B4–6"]
    b.level_menu.value = 3
    p = b.game.position
    assert p.level == 3 and p.grid == Position.parse(AUDIT).grid and len(b.game.history) == 1
    assert b.shifts.children == () and "level 3" in b.banner.value and "Level 3" in b.message.value
    assert "at least 5 tiles" in b.message.value
    for level in (2, 1, 3, 2):  # banner, buttons and rules agree at every level
        b.level_menu.value = level
        assert b.game.position.level == level and f"level {level} ·" in b.banner.value and _minimum_shift(b)


def test_level_menu_after_a_move_is_the_next_deals_level():
    b = _audit_board()
    b.cells[(1, 3)].click()
    b.cells[(0, 1)].click()  # O4 into the orange gap
    assert len(b.game.history) == 2
    b.level_menu.value = 3
    assert b.game.position.level == 1 and len(b.game.history) == 2  # the game in progress is not changed
    assert "from the next deal" in b.message.value and "New deal" in b.message.value
    assert "level 1 (level 3 from the next deal)" in b.banner.value
    assert [x.description for x in b.shifts.children] == ["Shift B4–6"] and _minimum_shift(b)
    b.shifts.children[0].click()  # still legal: this game is at level 1
    assert "Moved: shift B4–6" in b.message.value
    b.new_button.click()
    assert b.game.position.level == 3 and "(level" not in b.banner.value
    b.level_menu.value = 1
    b.level_menu.value = 3
    assert b.game.position.level == 3


def test_hint_marks_exactly_the_suggested_move_and_following_it_plays_it(monkeypatch):
    from fifteen_kit.widgets import five_by_15 as board_module

    for budget in ((1, None), board_module.HINT_BUDGET):  # the greedy fallback and the winning line
        monkeypatch.setattr(board_module, "HINT_BUDGET", budget)
        for seed in range(2, 8):
            b = FiveBy15Board(seed=seed)
            b.hint()
            move = b.hinted
            if move is None:
                continue
            p = b.game.position
            assert move in p.legal_moves() and b.marked("ring") == []
            if isinstance(move, Fill):
                src = p.where(move.tile)
                assert b.marked("hint-from") == [src] and b.marked("hint-to") == [move.to]
                assert b.cells[move.to].tooltip.endswith(f"hint: {'BOGPY'[move.tile[0]]}{move.tile[1]} goes here")
                assert f"to row {move.to[0]}, column {move.to[1]}" in b.message.value
                b.cells[src].click()  # following the ring plays exactly the hinted move
            else:
                b.shift(move.tile)
            assert b.game.moves == [move]


def test_hint_gap_click_plays_it_and_another_click_drops_the_marks(monkeypatch):
    from fifteen_kit.widgets import five_by_15 as board_module

    monkeypatch.setattr(board_module, "HINT_BUDGET", (1, None))
    b = FiveBy15Board(seed=2)
    b.hint()
    move = b.hinted
    b.cells[move.to].click()
    assert b.game.moves == [move] and b.marked("hint-from") == [] and b.marked("hint-to") == []
    b.hint()
    b.cells[(0, 0)].click()
    assert len(b.game.moves) == 1 and b.marked("hint-from") == [] and "never move" in b.message.value


def _shift_hint_board():
    """A small board whose hint (public API only) is a shift: the first of a few small deals that has one."""
    for seed in range(200):
        b = FiveBy15Board(seed=seed, colours=2, numbers=6)
        b.hint()
        if isinstance(b.hinted, Shift):
            return b
    raise AssertionError("no small deal starts with a shift hint: pick another example")


def test_a_shift_hint_marks_its_run_gap_and_button():
    from fifteen_kit.widgets.palette import PALETTE

    b = _shift_hint_board()
    shift = b.hinted
    run, gap = b.game.position.move_cells(shift)
    assert b.marked("hint-from") == sorted(run) and b.marked("hint-to") == [gap]
    looks = {x.description: x.style.button_color for x in b.shifts.children}
    assert looks[f"Shift {'BOGPY'[shift.tile[0]]}{shift.tile[1]}–{shift.top}"] == PALETTE["sky"]
    assert [colour for colour in looks.values() if colour == PALETTE["sky"]] == [PALETTE["sky"]]
    b.cells[run[1]].click()  # a tile of the marked run plays the shift
    assert b.game.moves == [shift]


def _look(button):
    """How a shift button looks: 'offer' (yellow), 'hint' (sky) or 'plain' (ivory)."""
    from fifteen_kit.widgets.palette import PALETTE

    return {PALETTE["yellow"]: "offer", PALETTE["sky"]: "hint", PALETTE["ivory"]: "plain"}[button.style.button_color]


def test_a_tile_that_can_only_shift_offers_its_shift():
    b = _audit_board()
    for cell, name in (((0, 4), "B6"), ((0, 2), "B4"), ((0, 3), "B5")):
        b.cells[cell].click()
        text = b.message.value
        assert "cannot move" not in text and name in text and "Shift B4–6" in text
        assert [_look(x) for x in b.shifts.children] == ["offer"]
    b.cells[(1, 4)].click()  # O6: no fill, no shift
    assert "O6 cannot move now" in b.message.value and [_look(x) for x in b.shifts.children] == ["plain"]
    b.cells[(0, 5)].click()  # the gap after B6: O4 fits, and the run can shift into it
    assert "takes O4" in b.message.value and "Shift B4–6" in b.message.value
    assert [_look(x) for x in b.shifts.children] == ["offer"]


def test_message_always_says_what_to_do_and_counts_are_plural():
    b = FiveBy15Board(colours=2, numbers=6)
    assert b.message.value.startswith("Click a gap")
    b.start_from(AUDIT)
    assert "Click a gap" in b.message.value and "Shift button" in b.message.value
    b.cells[(1, 3)].click()  # takes O4 or O5
    assert "O4 or O5" in b.message.value and "click one of the ringed tiles" in b.message.value
    b.start_from("B1 -- O2 O3 / O1 -- B3 B2 L1")
    assert "Click a gap" in b.message.value and "Shift" not in b.message.value  # no shift offered here
    b.cells[(1, 3)].click()  # B2 fits either gap
    text = b.message.value
    assert "either ringed gap" in text and "row 0, column 1" in text and "row 1, column 1" in text
    assert "click one of them" in text and b.marked("ring") == [(0, 1), (1, 1)]
    b.cells[(0, 1)].click()  # B2 to 0,1: O2 then has one gap
    assert b.message.value == ("Moved: B2 to row 0, column 1. Click a gap to see which tiles fit it, "
                               "then click a ringed tile.")
    assert repr(b) == "FiveBy15Board(level 1, 1 move, playing)"
    b.cells[(0, 2)].click()
    assert b.message.value == "O2 may go to the ringed gap at row 1, column 1: click it."
    b.start_from("B1 B4 O3 B2 O2 / O1 O4 -- -- B3 L1")
    assert b.banner.value.endswith("· 1 move possible") and repr(b) == "FiveBy15Board(level 1, 0 moves, playing)"
    b.cells[(1, 3)].click()
    assert b.message.value == "This gap (row 1, column 3) takes B2: click the ringed tile."
    b.undo()
    assert b.message.value.startswith("There is nothing to undo. Click a gap")


def test_cells_are_named_as_the_labels_show():
    b = FiveBy15Board(seed=1)
    assert [x.value for x in b.col_labels] == [str(c) for c in range(16)]
    assert [x.value for x in b.row_labels] == [str(r) for r in range(5)]
    move = next(m for m in b.game.position.legal_moves() if isinstance(m, Fill))
    b.cells[move.to].click()
    assert f"row {move.to[0]}, column {move.to[1]}" in b.message.value
    assert b.cells[move.to].tooltip == f"gap (row {move.to[0]}, column {move.to[1]})"
    small = FiveBy15Board(colours=2, numbers=6)
    shown = [x.layout.display for x in small.col_labels], [x.layout.display for x in small.row_labels]
    assert shown == ([""] * 7 + ["none"] * 9, [""] * 2 + ["none"] * 3)


def test_a_bad_deal_number_in_the_box_is_refused_on_the_board():
    b = FiveBy15Board(seed=3, level=2)
    before = (b.game.position, b.level_menu.value)
    for bad in (-4, -1, 2**53):
        b.seed_text.value = bad
        b.new_button.click()
        assert "deal number must be a whole number from 0" in b.message.value and "Nothing changed" in b.message.value
        assert (b.game.position, b.level_menu.value) == before and len(b.game.history) == 1


def test_marks_are_public_board_state_and_the_style_is_the_kits():
    import pytest
    from fifteen_kit.widgets.style import style_sheet

    from fifteen_kit.errors import InvalidArgumentError

    b = FiveBy15Board(seed=1)
    assert b.marked("one") == [(r, 0) for r in range(5)] and b.marked("gap") == sorted(b.game.position.gaps())
    assert b.marked("ring") == b.marked("chosen") == []
    gap = b.game.position.gaps()[0]
    b.click_cell(gap)
    assert b.marked("chosen") == [gap] and b.marked("ring") == sorted(
        b.game.position.where(m.tile) for m in b.game.position.legal_moves() if isinstance(m, Fill) and m.to == gap)
    assert style_sheet() in b.children and not any(
        "<style>" in getattr(x, "value", "") for x in b.children if x is not style_sheet())
    small = FiveBy15Board(colours=2, numbers=6)
    assert all(r < 2 and c <= 6 for mark in ("gap", "one") for r, c in small.marked(mark))
    for bad in ("f5-ring", "halo", None, 3):
        with pytest.raises(InvalidArgumentError):
            b.marked(bad)


# -- issue 17: a board for a classroom wall ----------------------------------------------------------------------
NEXT_STEP = ("click", "press")  # every message says which cell to click or which button to press


def _actions(b, rng):
    """One random action through the board's public API (clicks, menus, the toggle), as a pupil could do."""
    p = b.game.position
    cells = [cell for cell in b.cells if cell[0] < p.colours and cell[1] <= p.size]
    choice = rng.random()
    if choice < 0.55:
        b.cells[rng.choice(b.marked("ring") or cells)].click()
    elif choice < 0.7 and b.shifts.children:
        rng.choice(b.shifts.children).click()
    elif choice < 0.8:
        b.undo_button.click()
    elif choice < 0.87:
        b.hint_button.click()
    elif choice < 0.91:
        b.level_menu.value = rng.choice([1, 2, 3])
    elif choice < 0.94:
        b.size_toggle.value = not b.size_toggle.value
    elif choice < 0.97:
        b.seed_text.value = rng.choice([rng.randrange(50), -1])
        b.new_button.click()
    else:
        b.cells[rng.choice(cells)].click()


def test_the_message_line_always_says_what_to_do_next_over_seeded_games():
    for seed in range(6):
        rng = random.Random(seed)
        b = FiveBy15Board(seed=seed, **({} if seed % 2 else {"colours": 3, "numbers": 6}))
        for _ in range(120):
            text = b.message.value
            assert text.strip() and any(word in text.lower() for word in NEXT_STEP), (seed, text)
            _actions(b, rng)


def test_the_end_of_a_game_says_which_visible_button_to_press():
    b = FiveBy15Board()
    b.start_from(Position.parse("B1 B2 -- B3 / O1 O3 -- O2 L1"))
    b.cells[(0, 2)].click()
    b.cells[(0, 1)].click()  # a loop: the game is lost
    assert b.game.status == "loop" and "The game is lost" in b.message.value and "Press Undo" in b.message.value
    won = FiveBy15Board()
    won.start_from("B1 B2 -- B3 / O1 O2 O3 -- L1")
    won.cells[(0, 2)].click()
    won.cells[(0, 3)].click()  # B3 into place: won
    assert won.game.status == "won" and "Press New deal" in won.message.value
    assert won.new_button in won.children[5].children and won.new_button.layout.display in (None, "")
    assert "Column 0" in won.legend.value


def test_size_option_and_projector_toggle():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError

    b = FiveBy15Board(seed=1)
    assert b.size == "normal" and not b.size_toggle.value and b.size_toggle.description == "Projector size"
    assert "kit-board" in b._dom_classes and "kit-large" not in b._dom_classes
    b.size_toggle.value = True
    assert b.size == "large" and "kit-large" in b._dom_classes
    b.size = "normal"
    assert not b.size_toggle.value and "kit-large" not in b._dom_classes and "kit-board" in b._dom_classes
    large = FiveBy15Board(seed=1, size="large")
    assert large.size == "large" and large.size_toggle.value and "kit-large" in large._dom_classes
    for bad in ("huge", "Large", 15, None, True):
        with pytest.raises(InvalidArgumentError):
            FiveBy15Board(seed=1, size=bad)
        with pytest.raises(InvalidArgumentError):
            b.size = bad
        assert b.size == "normal" and not b.size_toggle.value


def test_every_font_size_reaches_the_sizes_least_text():
    """Every font size in the board's CSS (its f5- rules) and in its widgets' style traits is at least
    TEXT_PX[size]; each rule that sizes text in normal size has a large-size rule for the same element."""
    import re

    import ipywidgets as w
    from fifteen_kit.widgets.palette import TEXT_PX
    from fifteen_kit.widgets.style import CSS

    sized: dict[str, set[str]] = {"normal": set(), "large": set()}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", CSS):
        for selector in (x.strip() for x in selectors.split(",")):
            if "f5-" not in selector and not selector.startswith(".f5-board"):
                continue
            size = "large" if ".kit-large" in selector else "normal"
            for value in re.findall(r"(?:^|[;{\s])(?:font-size|--jp-widgets-font-size)\s*:\s*([^;]+)", body):
                assert value.strip().endswith("px"), (selector, value)  # px only, so the check is complete
                assert float(value.strip()[:-2]) >= TEXT_PX[size], (selector, value)
                sized[size].add(selector.replace(".f5-board.kit-large", ".f5-board"))
    assert sized["normal"] and sized["normal"] == sized["large"]
    for size in ("normal", "large"):
        b = FiveBy15Board(seed=1, size=size)
        b.hint()
        stack: list[w.Widget] = [b]
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            font = getattr(getattr(widget, "style", None), "font_size", "") or ""
            assert not font or float(font.removesuffix("px")) >= TEXT_PX[size], (widget, font)


def test_cell_names_in_messages_match_the_labels_shown():
    import re

    for seed, shape in ((1, {}), (3, {"colours": 3, "numbers": 6}), (4, {"colours": 2, "numbers": 5})):
        b = FiveBy15Board(seed=seed, **shape)
        header, *rows = b.grid.children
        for r, row in enumerate(rows):  # the label beside a cell, and the label above it, is its name's numbers
            for c in range(16):
                assert row.children[0] is b.row_labels[r] and row.children[c + 1] is b.cells[(r, c)]
                assert header.children[c + 1] is b.col_labels[c]
        rng = random.Random(seed)
        for _ in range(80):
            _actions(b, rng)
            p = b.game.position
            texts = [b.message.value, *(b.cells[cell].tooltip for cell in b.marked("hint-to"))]
            for r, c in (map(int, m) for text in texts for m in re.findall(r"row (\d+), column (\d+)", text)):
                assert r < p.colours and c <= p.size
                assert b.row_labels[r].value == str(r) and b.row_labels[r].layout.display != "none"
                assert b.col_labels[c].value == str(c) and b.col_labels[c].layout.display != "none"
            assert not re.search(r"\d,\d", b.message.value), b.message.value  # no bare 'row,column' numbers


def test_every_action_is_a_focusable_button():
    """Keyboard play: cells, shifts and controls are buttons (Tab reaches them, Enter/Space presses them)."""
    import ipywidgets as w

    b = _audit_board()
    assert all(isinstance(x, w.Button) and not x.disabled and x.tabbable is not False for x in b.cells.values())
    assert all(isinstance(x, w.Button) for x in b.shifts.children) and b.shifts.children
    for control in (b.hint_button, b.new_button, b.size_toggle, b.level_menu, b.seed_text):
        assert not control.disabled and control.tabbable is not False
    first = b.shifts.children[0]
    first.click()
    assert b.shifts.children == () or b.shifts.children[0] is first  # pooled: focus stays on the pressed button


def test_every_button_face_is_a_checked_palette_pair():
    """Tiles, gaps, shifts and controls: text and background colours come from the palette as a pair in
    TEXT_PAIRS (each >= 4.5:1, tests/test_palette.py), and each tile keeps its colour's COLOUR_HEX."""
    import ipywidgets as w
    from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS

    from fifteen_kit.five_by_15 import COLOUR_HEX

    name = {hex_.lower(): key for key, hex_ in PALETTE.items()}
    b = _audit_board()
    b.hint()
    b.cells[(0, 4)].click()  # B6: its shift is offered
    buttons = [x for x in (*b.cells.values(), *b.shifts.children, b.undo_button, b.hint_button, b.new_button)
               if isinstance(x, w.Button) and x.layout.display != "none"]
    for button in buttons:
        pair = (name[button.style.text_color.lower()], name[button.style.button_color.lower()])
        assert pair in TEXT_PAIRS, (button.description, pair)
    p = b.game.position
    for (r, c), button in b.cells.items():
        if r < p.colours and c <= p.size and p.grid[r][c] is not None:
            assert button.style.button_color.lower() == COLOUR_HEX[p.grid[r][c][0]].lower()


def test_engine_wording_the_board_can_show():
    import pytest

    from fifteen_kit.errors import NotationError

    with pytest.raises(NotationError, match="'L4' is not a level: a position ends with its level, L1, L2 or L3"):
        Position.parse("B1 B2 -- / O1 O2 -- L4")
    p = Position.parse("B1 -- B2 B3 / O1 O3 O2 -- L1")
    assert p.explain("B2 to 1,1") == "row 1, column 1 is not a gap"
    assert p.explain("shift B1-2") == "a shift here names the first tile of a run ending in 3, like 'shift B2-3'"
