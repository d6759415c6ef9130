"""The Fifteens board, driven through its widgets."""

from fifteen_kit.widgets import FifteensBoard

from fifteen_kit.fifteens import Position, solve


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
    b.clear_button.click()
    b.remove_button.click()
    assert "select them first" in b.message.value


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
    assert b.cards[0].style.text_color == ("#c0002a" if card.red else "#111111")
    assert b.cards[0].style.font_size == "30px" and b.cards[0].layout.width == "86px"


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
