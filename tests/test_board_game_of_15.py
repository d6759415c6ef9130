"""The Game of 15 board, driven through its widgets as a student would (no kernel needed)."""

import pytest
from fifteen_kit.widgets import GameOf15Board

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import Reason, Round, Side, evaluate


def click(board, *digits):
    for d in digits:
        board.pool_buttons[d].click()


def test_two_players_draft_alternately_and_tiles_leave_the_pool():
    b = GameOf15Board(opponent=None)
    click(b, 5, 2)
    assert b.match.round.notation() == "5/2 O"
    assert "f15-taken" in b.pool_buttons[5]._dom_classes and "f15-tile-5" not in b.pool_buttons[5]._dom_classes
    assert "f15-tile-1" in b.pool_buttons[1]._dom_classes
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
    assert b.message.value == "5 is already taken: Onyx drafted it."
    click(b, taken)
    assert "already taken" in b.message.value and b.match.state == before
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
    b = GameOf15Board(opponent=None)
    click(b, 2, 1, 5, 3, 8)
    assert b.match.round.winner is Side.ONYX
    for d in (2, 5, 8):
        assert "f15-cell-win" in b.grid_buttons[d]._dom_classes
    assert "f15-cell-win" not in b.grid_buttons[1]._dom_classes
    assert b.racks[Side.ONYX].value.count("★") == 3
    assert "flawless" in b.message.value


def test_grid_clicks_draft_when_enabled():
    b = GameOf15Board(opponent=None, grid_clicks=True)
    b.grid_buttons[4].click()
    assert b.match.round.onyx == {4}
    assert not b.grid_buttons[4].disabled


def test_manual_claims_with_the_fifteen_button():
    b = GameOf15Board(opponent="random", computer_side="I", auto_claim=False, position="25/13 O", seed=1)
    click(b, 8)
    assert not b.match.round.is_over and "End turn" in b.message.value
    click(b, 4)  # must claim or end the turn first
    assert "first" in b.message.value and b.match.round.drafts == 5
    b.claim_text.value = "2 5 9"
    b.claim_button.click()  # 9 is not Onyx's: a clear message, nothing changes
    assert "does not hold 9" in b.message.value and not b.match.round.is_over
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
    assert b.match.round.drafts == 2 and "says" in b.message.value
    b.blind_button.click()  # nothing typed: a hint, not a default
    assert "Type a digit" in b.message.value and not b.match.is_over
    b.blind_text.value = "5"
    assert b.match.is_over and b.match.winner is Side.IVORY and "default" in b.message.value


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
    assert b.message.value == "Nothing to undo."


def test_match_play_scoreboard_and_next_round():
    b = GameOf15Board(opponent=None, target=3)
    click(b, 2, 1, 5, 3, 8)
    assert "Onyx 2 · Ivory 0" in b.score.value
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
    puzzle, side = b._puzzle
    assert b.match.round.to_move is side and "win in 1" in b.message.value
    click(b, puzzle.solutions[0])
    assert "Solved" in b.message.value


def test_puzzle_slip_is_reported():
    b = GameOf15Board()
    b.new_puzzle(2)
    puzzle, _side = b._puzzle
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
    assert "win 1" in b.hint_labels[8].value
    assert evaluate(Round.parse("25/13 O")).best_moves == (8,)


def test_blitz_clock_runs_on_the_event_loop():
    import asyncio

    async def scenario():
        b = GameOf15Board(opponent=None, blitz=5)
        assert b._clock_task is not None  # started by asyncio, no thread
        await asyncio.sleep(0.7)
        left = b.match.clock[Side.ONYX]
        assert 3.9 < left < 4.8 and b.match.clock[Side.IVORY] == 5.0
        click(b, 5)
        await asyncio.sleep(0.5)
        assert b.match.clock[Side.IVORY] < 5.0
        b.match.tick(10)  # run out Ivory's time directly; the timer stops with the round
        await asyncio.sleep(0.5)
        assert b._clock_task is None

    asyncio.run(scenario())
