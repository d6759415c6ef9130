"""The "15" dice board, driven through its widgets (no kernel needed)."""

from fifteen_kit.widgets import DiceBoard

from fifteen_kit.nasty15 import Colour, Phase, policy_for


def human_first(**kw):
    return DiceBoard(players=[("You", "human"), ("Bot", "optimal")], **kw)


def test_roll_then_place_valid_dice_and_stop():
    b = human_first(seed=4)
    assert b.stop_button.disabled and not b.roll_button.disabled
    b.roll_button.click()
    t = b.game.turn
    if t.phase is Phase.BUST:
        assert "turn ends" in b.message.value and not b.next_button.disabled
        return
    valid = t.valid_colours()
    assert all("click to place" in b.dice[c].tooltip for c in valid)
    invalid = [c for c in t.unplaced if c not in valid]
    for c in invalid:
        b.dice[c].click()
        assert "above its target" in b.message.value
    b.dice[valid[0]].click()
    assert b.game.turn.placed_count == 1 and "placed" in b.dice[valid[0]].tooltip
    b.dice[valid[0]].click()
    assert "already placed" in b.message.value
    b.stop_button.click()
    assert b.game.turn.is_over and not b.next_button.disabled


def test_any_click_order_is_safe():
    b = human_first(seed=2)
    state = b.game.turn
    b.stop_button.click()
    b.next_button.click()
    for c in Colour:
        b.dice[c].click()
    assert b.game.turn == state and b.message.value
    b.roll_button.click()
    if b.game.turn.phase is Phase.PLACE:
        b.roll_button.click()
        assert "Place at least one" in b.message.value
        b.stop_button.click()
        assert b.game.turn.phase is Phase.PLACE


def test_computers_play_their_turns_and_the_pad_fills():
    b = human_first(seed=5)
    for _ in range(200):
        if b.game.is_over:
            break
        t = b.game.turn
        if t.is_over:
            b.next_button.click()
        elif t.phase is Phase.PLACE:
            b.dice[t.valid_colours()[0]].click()
        elif t.placed_count >= 3:
            b.stop_button.click()
        else:
            b.roll_button.click()
    assert b.game.is_over and len(b.game.pad) == 20
    # the pad: a row a player (and the boards' row), a column a board and the totals
    assert "Game over" in b.status.value and b.pad.value.count("<tr>") == 3 and b.pad.value.count("<td") == 20


def test_all_computer_game_runs_to_the_end():
    b = DiceBoard(players=[("A", "cautious"), ("B", "greedy"), ("C", "optimal")], seed=1, gambler=True)
    assert b.game.is_over and len(b.game.pad) == 30


def test_coach_numbers_and_verdict():
    b = human_first(seed=11, coach=True)
    assert "worth" in b.coach.value
    value = float(policy_for(b.game.turn.targets).expected_score())
    assert f"{value:.2f}" in b.coach.value
    for _ in range(20):
        b.roll_button.click()
        if b.game.turn.phase is Phase.PLACE:
            break
        b.next_button.click()
    t = b.game.turn
    if t.phase is Phase.PLACE:
        assert "expected final score" in b.coach.value
        b.dice[t.valid_colours()[0]].click()
        b.stop_button.click()
        assert b.verdict.value.startswith("Coach:")


def test_new_game_with_handicap_shows_the_marker():
    b = human_first(seed=3)
    b.handicap_box.value = True
    b.new_game_button.click()
    assert b.game.handicap and "white marker 1" in b.status.value
    b.seat_names[1].value = "You"  # duplicate names are refused with a message
    b.new_game_button.click()
    assert "Cannot start" in b.message.value


def test_rolling_is_animated_on_an_event_loop():
    import asyncio

    async def scenario():
        b = human_first(seed=8)
        b.roll_button.click()
        assert b.rolling and b.game.turn.phase is Phase.ROLL
        b.roll_button.click()
        assert "still rolling" in b.message.value
        await asyncio.sleep(0.8)
        assert not b.rolling and b.game.turn.phase in (Phase.PLACE, Phase.BUST)

    asyncio.run(scenario())


def test_a_refused_new_game_keeps_the_seats():
    b = human_first(seed=1)
    b.seat_kinds[0].value = "greedy"
    b.seat_names[1].value = ""
    b.new_game_button.click()
    assert "Cannot start" in b.message.value
    b.roll_button.click()
    assert b.game.turn.phase is not Phase.ROLL  # "You" is still the human who rolls


def test_new_game_waits_for_the_rolling_dice():
    import asyncio

    async def scenario():
        b = human_first(seed=8)
        game = b.game
        b.roll_button.click()
        b.new_game_button.click()
        assert "still rolling" in b.message.value and b.game is game
        await asyncio.sleep(0.8)
        assert b.game.turn.phase in (Phase.PLACE, Phase.BUST)

    asyncio.run(scenario())


def test_bad_constructor_arguments():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError

    for kwargs in (dict(seed="7"), dict(players=[("A", "robot")]), dict(handicap="yes"),
                   dict(players=[(5, "human")]), dict(players=[("A",)]), dict(players="AB")):
        with pytest.raises(InvalidArgumentError):
            DiceBoard(**kwargs)
    assert DiceBoard(players=[("A", "cautious")], seed=None).game.is_over


# -- seats, goal boards and solving ahead (issue 14) ------------------------------------------------
def test_seats_are_added_and_removed_on_the_board_and_apply_at_new_game():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError

    b = human_first(seed=3)
    for _ in range(4):
        b.add_seat_button.click()
    assert len(b.seat_names) == 6 and b.add_seat_button.disabled
    with pytest.raises(InvalidArgumentError):
        b.add_seat()
    assert len(b.game.players) == 2 and "Not the game being played" in b.setup_note.value
    for kind in b.seat_kinds[1:]:
        kind.value = "optimal"
    b.handicap_box.value = True
    assert "1 + 2 + 3 + 4 + 5 + 6" in b.setup_note.value
    b.new_game_button.click()
    assert len(b.game.players) == 6 and b.game.markers_in_play == (1, 2, 3, 4, 5, 6)
    assert "Not the game being played" not in b.setup_note.value
    b.seat_rows.children[5].children[2].click()  # the sixth seat's Remove button
    b.seat_rows.children[4].children[2].click()
    assert len(b.seat_names) == 4 and "1 + 2 + 3 + 5" in b.setup_note.value
    b.new_game_button.click()
    assert b.game.markers_in_play == (1, 2, 3, 5)
    with pytest.raises(InvalidArgumentError):
        b.remove_seat(7)
    with pytest.raises(InvalidArgumentError):
        b.remove_seat(True)
    while len(b.seat_names) > 1:
        b.remove_seat(0)
    assert b.seat_rows.children[0].children[2].disabled
    with pytest.raises(InvalidArgumentError):
        b.remove_seat(0)


def test_handicap_with_one_seat_or_long_names_is_refused_with_a_message():
    b = human_first(seed=3)
    b.remove_seat(1)
    b.handicap_box.value = True
    game = b.game
    b.new_game_button.click()
    assert "Cannot start" in b.message.value and b.game is game
    b.handicap_box.value = False
    b.seat_names[0].value = "x" * 10_000
    b.new_game_button.click()
    assert "Cannot start" in b.message.value and b.game is game


def test_user_goal_boards_are_checked_saved_and_loaded():
    from fifteen_kit.nasty15 import parse_boards

    b = human_first(seed=3)
    kit = b.save_boards()
    assert parse_boards(kit) == b.goal_board_pairs
    b.boards_text.value = "mine: B4 Y3 K3 W2 G2 R1 / B6 Y6 K6 G6 R6\nB4 Y3 K3 W2 G2 R1 / B4 Y3 K9 G4 R1"
    b.load_boards_button.click()
    assert "Line 2" in b.boards_note.value and "back side" in b.boards_note.value and "black" in b.boards_note.value
    b.boards_text.value = "mine: B4 Y3 K3 W2 G2 R1 / B6 Y6 K6 G6 R6\nB1 Y1 K1 W1 G5 R6 / B1 Y1 K1 G1 R1"
    b.load_boards_button.click()
    assert "2 boards checked" in b.boards_note.value
    b.backs_box.value = True
    b.new_game_button.click()
    assert "Cannot start" in b.message.value and "sum to 15" in b.message.value
    b.backs_box.value = False
    b.handicap_box.value = True
    b.new_game_button.click()
    assert b.game.rounds == 2 and parse_boards(b.save_boards()) == parse_boards(b.boards_text.value)
    b.kit_boards_button.click()
    assert b.boards_text.value == kit


def test_a_board_from_user_text_and_bad_board_settings():
    import pytest

    from fifteen_kit.errors import FifteenKitError

    b = DiceBoard(players=[("A", "optimal"), ("B", "greedy")], boards="B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1",
                  handicap=True, seed=1)
    assert b.game.is_over and b.game.rounds == 1
    for kwargs in (dict(boards="nonsense"), dict(boards=[]), dict(boards=5), dict(backs_sum_to_15="yes"),
                   dict(players=[]), dict(players=[("A", ["human"])]), dict(coach=1), dict(seed=1.5)):
        with pytest.raises(FifteenKitError):
            DiceBoard(**kwargs)


def test_six_optimal_computers_with_handicap_play_on_an_event_loop_without_blocking_it():
    import asyncio

    async def scenario():
        b = DiceBoard(players=[(f"Bot {i}", "optimal") for i in range(6)], handicap=True, seed=7)
        # the board is built at once; the computers play as the policies become ready
        for _ in range(2000):
            if b.game.is_over:
                break
            await asyncio.sleep(0.01)
        return b

    b = asyncio.run(scenario())
    assert b.game.is_over and len(b.game.pad) == 60 and "Game over" in b.status.value


def test_a_human_among_computers_never_waits_for_the_solver():
    import asyncio

    async def scenario():
        b = DiceBoard(players=[("You", "human")] + [(f"Bot {i}", "optimal") for i in range(5)], handicap=True,
                      seed=9, coach=True)
        for _ in range(3000):
            g = b.game
            if g.is_over:
                break
            t = g.turn
            if g.player != "You" and not t.is_over:
                await asyncio.sleep(0.005)  # a computer waiting for its policy
                continue
            if t.is_over:
                b.next_button.click()
            elif t.phase is Phase.PLACE:
                b.dice[t.valid_colours()[0]].click()
            elif t.placed_count >= 2:
                b.stop_button.click()
            else:
                b.roll_button.click()
            await asyncio.sleep(0.1 if b.rolling else 0)
        return b

    b = asyncio.run(scenario())
    assert b.game.is_over and len(b.game.pad) == 60


def test_click_die_refuses_what_is_not_a_die():
    import pytest

    from fifteen_kit.errors import NotationError

    b = human_first(seed=2)
    before = b.game.turn
    for bad in (None, 3, "X", "B" * 10**5, ["B"], True):
        with pytest.raises(NotationError):
            b.click_die(bad)
    assert b.game.turn == before
