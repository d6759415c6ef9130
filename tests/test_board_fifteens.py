"""The Fifteens board, driven through its widgets."""

import re

import pytest
from fifteen_kit.widgets import FifteensBoard
from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS, TEXT_PX

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.fifteens import PLAYERS, Position, make_player, solve


def select(board, places):
    for p in places:
        board.cards[p].click()


def test_select_shows_the_running_sum_and_remove_refills():
    b = FifteensBoard(seed=1)
    first = b.position.legal_moves()[0]
    select(b, first)
    assert "= 15" in b.info.value and all(b.marks[p] == "selected" for p in first)
    b.remove_button.click()
    assert len(b.position.waste) == len(first) and not b.selected and "Removed" in b.message.value


def test_a_refusal_is_explained_and_changes_nothing():
    b = FifteensBoard(seed=1)
    before = b.position
    bad = next(p for p in range(16) if b.position.tableau[p].rank <= 9)
    select(b, [bad])
    b.remove_button.click()
    assert b.position == before and ("at least two" in b.message.value or "sum to" in b.message.value)
    assert "Click more cards" in b.message.value  # and the next step
    b.clear_button.click()
    b.remove_button.click()
    assert "Nothing is selected" in b.message.value and "press Remove" in b.message.value


def test_hint_show_all_and_the_solver_needs_the_stock_revealed():
    b = FifteensBoard(seed=2)
    b.hint_button.click()
    assert "Hint:" in b.message.value and "hint" in b.marks
    b.all_button.click()
    assert f"{len(b.position.legal_moves())} legal removal" in b.removals_view.value
    b.solver_button.click()
    assert "tick" in b.message.value
    b.reveal_box.value = True
    b.solver_button.click()
    expected = solve(b.position).status
    assert ("can still be won" in b.message.value) == (expected == "won")


def test_undo_new_deal_and_game_end():
    b = FifteensBoard(seed=3)
    b.undo_button.click()
    assert "Nothing to undo" in b.message.value
    select(b, b.position.legal_moves()[0])
    b.remove_button.click()
    b.undo_button.click()
    assert len(b.history) == 1
    b.seed_text.value = 9
    b.new_button.click()
    assert b.position == Position.deal(9)
    # play the solver's line to a win (deal 9 is won by the solver) and check the banner
    result = solve(b.position)
    if result.status == "won":
        for removal in result.line:
            select(b, removal)
            b.remove_button.click()
        assert "Won" in b.banner.value


def test_any_click_sequence_is_safe():
    import random

    b = FifteensBoard(seed=4)
    rng = random.Random(0)
    buttons = [*b.cards, b.remove_button, b.clear_button, b.hint_button, b.all_button, b.undo_button,
               b.solver_button]
    for _ in range(400):
        rng.choice(buttons).click()
        p = b.position
        assert sorted([*p.cards, *p.stock, *p.waste]) == sorted(Position.deal(0).cards + Position.deal(0).stock)


def test_the_board_uses_the_kit_style_sheet_and_public_traits():
    from fifteen_kit.widgets.style import CSS, style_sheet

    b = FifteensBoard(seed=1)
    assert style_sheet() in b.children and ".f15p-board" in CSS
    assert not any("<style>" in getattr(c, "value", "") for c in b.children if c is not style_sheet())
    card = b.position.tableau[0]
    assert b.cards[0].style.text_color == (PALETTE["card_red"] if card.red else PALETTE["ink"])
    assert b.cards[0].style.font_size == "28px" and b.cards[0].layout.width == "64px"


def test_the_running_sum_uses_card_values_and_face_cards_are_counted():
    b = FifteensBoard(seed=1)
    numbers = [p for p in range(16) if b.position.tableau[p].value is not None][:2]
    select(b, numbers)
    total = sum(b.position.tableau[p].value for p in numbers)
    assert f"= {total}" in b.info.value
    b.clear_button.click()
    face = next(p for p in range(16) if b.position.tableau[p].value is None)
    select(b, [face])
    assert "(1 face card)" in b.info.value and b.marks[face] == "selected"


# -- issue 17: a board for a classroom wall ------------------------------------------------------------------

def _widgets(widget):
    """``widget`` and every widget inside it (children of boxes, depth first)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


def _visible(board, widget):
    """True when ``widget`` is inside ``board``, shown, and not in a panel that can be collapsed."""
    def path(node, trail):
        if node is widget:
            return [*trail, node]
        for child in getattr(node, "children", ()):
            found = path(child, [*trail, node])
            if found:
                return found
        return None

    trail = path(board, [])
    return bool(trail) and all(getattr(n.layout, "display", None) != "none" and n.layout.visibility != "hidden"
                               and type(n).__name__ not in ("Accordion", "Tab", "Stack") for n in trail)


def _says_what_to_do(board):
    text = board.message.value
    assert text.strip(), "the message line is empty"
    assert re.search(r"\b(Click|press|Press|tick|Type)\b", text), text


@pytest.mark.parametrize("player", PLAYERS)
def test_the_message_line_always_says_what_to_do_over_whole_games(player):
    for seed in range(2):
        b = FifteensBoard(seed=seed)
        _says_what_to_do(b)
        chooser = make_player(player, seed=seed)
        moves = 0
        while not b.position.is_over:
            removal = chooser.choose(b.position)
            if moves % 5 == 1:  # now and then a hint, a list, a refusal and a clear, as a pupil would
                b.hint_button.click()
                _says_what_to_do(b)
                b.all_button.click()
                _says_what_to_do(b)
                b.cards[removal[0]].click()
                b.remove_button.click()
                _says_what_to_do(b)
                b.clear_button.click()
                _says_what_to_do(b)
            for place in removal:
                b.cards[place].click()
                _says_what_to_do(b)
            assert "press Remove" in b.message.value
            b.remove_button.click()
            _says_what_to_do(b)
            moves += 1
        assert "New deal" in b.message.value and _visible(b, b.new_button) and not b.new_button.disabled
        b.cards[0].click()
        b.hint_button.click()
        b.solver_button.click()
        _says_what_to_do(b)


def test_the_end_says_what_happened_and_which_visible_button_to_press():
    won = next(s for s in range(40) if solve(Position.deal(s)).status == "won")
    b = FifteensBoard(seed=won)
    for removal in solve(b.position).line:
        select(b, removal)
        b.remove_button.click()
    assert "Won" in b.banner.value and "Won" in b.message.value and "Press New deal" in b.message.value
    assert _visible(b, b.new_button)
    b.new_button.click()
    assert b.message.value.startswith(f"Deal {won}. Click cards that sum to 15")

    b = FifteensBoard(seed=0)
    while not b.position.is_over:  # the largest removal each time: deal 0 is then lost
        select(b, b.position.legal_moves()[-1])
        b.remove_button.click()
    assert b.position.is_lost
    if b.position.is_lost:
        assert "lost" in b.message.value and "Undo" in b.message.value and "New deal" in b.message.value
        assert _visible(b, b.undo_button) and not b.undo_button.disabled and _visible(b, b.new_button)
        assert "Game lost" in b.banner.value


def test_the_message_starts_with_the_first_step_and_plurals_are_right():
    b = FifteensBoard(seed=1)
    assert b.message.value == ("Click cards that sum to 15, then press Remove. "
                               "10s, jacks, queens and kings go four of a kind.")
    b.new_deal(1, "one-each")
    assert "one 10, one jack, one queen and one king" in b.message.value
    assert "Stock: <b>36</b> cards" in b.info.value
    assert re.search(r"Fifteens · \d+ legal removals?$", b.banner.value)
    text = re.sub(r"</?b>", "", b.banner.value + b.info.value)
    assert not re.search(r"\b1 (cards|legal removals|face cards)\b|\b([02-9]|\d\d+) (card|legal removal)\b", text)


def test_size_option_and_projector_toggle():
    b = FifteensBoard(seed=1)
    assert b.size == "normal" and "kit-board" in b._dom_classes and "kit-large" not in b._dom_classes
    assert b.size_toggle.description == "Projector size" and not b.size_toggle.value and _visible(b, b.size_toggle)
    b.size_toggle.value = True  # what a click on the toggle does
    assert b.size == "large" and "kit-large" in b._dom_classes and b.cards[0].style.font_size == "40px"
    b.size = "normal"
    assert not b.size_toggle.value and "kit-large" not in b._dom_classes
    big = FifteensBoard(seed=1, size="large")
    assert big.size_toggle.value and "kit-large" in big._dom_classes
    with pytest.raises(InvalidArgumentError):
        FifteensBoard(size="huge")
    with pytest.raises(InvalidArgumentError):
        b.size = "small"
    assert b.size == "normal"


def _css_font_sizes(css):
    """(selector, px) of every font size the style sheet sets, including ipywidgets' font-size variable."""
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for px in re.findall(r"(?:font-size|--jp-widgets-font-size):\s*(\d+(?:\.\d+)?)px", body):
            yield selector.strip(), float(px)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_every_font_size_on_the_board_is_a_classroom_size(size):
    from fifteen_kit.widgets.style import _FIFTEENS

    smallest = TEXT_PX[size]
    b = FifteensBoard(seed=1, size=size)
    traits = [w.style.font_size for w in _widgets(b) if getattr(getattr(w, "style", None), "font_size", None)]
    assert traits and all(t.endswith("px") and float(t[:-2]) >= smallest for t in traits), traits
    texty = [w for w in _widgets(b) if (hasattr(w, "description") or isinstance(getattr(w, "value", None), str))
             and w.layout.display != "none"]  # the style sheet's own widget shows nothing
    without = [w for w in texty if not getattr(getattr(w, "style", None), "font_size", None)]
    # the controls without a font-size trait (checkbox, deal box, face-card menu) take the style sheet's sizes
    assert {type(w).__name__ for w in without} <= {"Checkbox", "IntText", "Dropdown"}
    sizes = list(_css_font_sizes(_FIFTEENS))
    assert sizes and all(px >= TEXT_PX["normal"] for _, px in sizes), sizes
    large = [px for sel, px in sizes if "kit-large" in sel]
    assert large and all(px >= TEXT_PX["large"] for px in large)
    for part in ("select", "input", ".f15p-reveal"):  # what the style sheet sizes has a large rule too
        assert any(part in sel and "kit-large" in sel for sel, _ in sizes), part
    assert re.search(rf"\.kit-large\{{[^}}]*--jp-widgets-font-size:{TEXT_PX['large']}px", _FIFTEENS)
    assert not re.search(r"font-size:\s*[\d.]+(em|rem|pt|%)", _FIFTEENS)  # px only, so the check above is whole


def test_colours_come_from_the_palette_and_the_message_is_yellow():
    from fifteen_kit.widgets.style import _FIFTEENS

    names = {v.lower(): k for k, v in PALETTE.items()}
    b = FifteensBoard(seed=1)
    pairs = {(names[w.style.text_color.lower()], names[w.style.button_color.lower()])
             for w in _widgets(b) if type(w).__name__ == "Button" and w.description}
    assert pairs <= set(TEXT_PAIRS), pairs - set(TEXT_PAIRS)
    assert b.message.style.text_color == PALETTE["yellow"] and ("yellow", "felt") in TEXT_PAIRS
    rule = re.search(r"\.f15p-board \.f15p-msg,\.f15p-board \.f15p-msg \.widget-html-content\{color:([^;]+);",
                     _FIFTEENS)
    assert rule and rule.group(1) == PALETTE["yellow"]
    # no rule sets a text colour on every HTML widget of the board (the bug that turned messages cream)
    assert not re.search(r"\.f15p-board \.widget-html-content\{[^}]*\bcolor:", _FIFTEENS)
    for colour in re.findall(r"#[0-9a-fA-F]{6}\b", _FIFTEENS):
        assert colour.lower() in names, colour


def test_every_card_and_control_can_be_reached_with_the_keyboard():
    b = FifteensBoard(seed=1)
    for w in _widgets(b):
        assert getattr(w, "tabbable", None) is not False
    assert all(not c.disabled and c.description for c in b.cards)  # a full tableau: every card a live button
    assert all(c.tooltip for c in b.cards)
    while None not in b.position.tableau and not b.position.is_over:  # play until the stock runs out
        select(b, b.position.legal_moves()[0])
        b.remove_button.click()
    empty = [c for c, card in zip(b.cards, b.position.tableau, strict=True) if card is None]
    assert empty and all(c.disabled for c in empty)  # only empty places (nothing to do there) are skipped by Tab
