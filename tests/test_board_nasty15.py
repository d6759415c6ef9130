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
    assert all("n15-valid" in b.dice[c]._dom_classes for c in valid)
    invalid = [c for c in t.unplaced if c not in valid]
    for c in invalid:
        b.dice[c].click()
        assert "above its target" in b.message.value
    b.dice[valid[0]].click()
    assert b.game.turn.placed_count == 1 and "n15-placed" in b.dice[valid[0]]._dom_classes
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
    assert "Game over" in b.status.value and b.pad.value.count("<tr>") == 12


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
        assert b._rolling and b.game.turn.phase is Phase.ROLL
        b.roll_button.click()
        assert "still rolling" in b.message.value
        await asyncio.sleep(0.8)
        assert not b._rolling and b.game.turn.phase in (Phase.PLACE, Phase.BUST)

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
