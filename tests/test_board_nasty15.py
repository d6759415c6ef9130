"""The "15" dice board, driven through its widgets (no kernel needed)."""

from dice_clicks import random_click
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
        assert "points on average" in b.coach.value and "expected" not in b.coach.value
        assert "then roll on" in b.coach.value or "then stop" in b.coach.value
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


# -- a board for the classroom wall (issue 17) -------------------------------------------------------
def _play_whole_game(b, rng, seen):
    """Play ``b`` to its end with random legal clicks of the human seats, recording every message shown."""
    for _ in range(2000):
        seen.append(b.message.value)
        g = b.game
        if g.is_over:
            return
        random_click(b, rng)
    raise AssertionError("the game did not end")


def test_the_message_line_always_says_what_to_do_over_whole_games():
    import random
    import re

    for seed, seats in ((1, [("You", "human"), ("Computer", "optimal")]),
                        (2, [("Bot", "greedy"), ("Anna", "human"), ("Ben", "human"), ("Cy", "cautious")]),
                        (3, [("You", "human")])):
        b = DiceBoard(players=seats, seed=seed, coach=seed == 1)
        seen = []
        _play_whole_game(b, random.Random(seed), seen)
        seen.append(b.message.value)
        for text in seen:
            assert text.strip(), "an empty message line"
            assert not re.search(r"\b1 points\b", text) and "Your turn, You" not in text
            assert re.search(r"(press|Press|Click|place|wait|thinking)", text), text
        end = b.message.value
        assert "The game is over" in end and "Press New game" in end
        for p in b.game.players:  # every score is said
            assert f"{p} {b.game.totals()[p]} point" in end or len(b.game.players) == 1
        assert any(w in end for w in b.game.winners())
        assert "Your turn: press Roll" in seen[0] or "your turn: press Roll" in seen[0] or "Bot" in seen[0]


def test_the_new_game_button_is_on_the_board_not_in_the_closed_panel():
    b = DiceBoard(players=[("A", "cautious")], seed=1)
    assert b.game.is_over and "Press New game" in b.message.value

    def inside(widget, box):
        return widget is box or any(inside(widget, c) for c in getattr(box, "children", ()))

    assert inside(b.new_game_button, b) and not inside(b.new_game_button, b.setup_panel)
    assert not b.new_game_button.disabled and b.new_game_button.layout.display != "none"
    b.new_game_button.click()
    assert b.game.is_over and "Press New game" in b.message.value


def test_start_messages_and_wording():
    b = human_first(seed=4)
    assert b.message.value == "Your turn: press Roll to roll the six dice."
    b = DiceBoard(players=[("Bot", "greedy"), ("Anna", "human")], seed=4)
    assert b.message.value.startswith("Bot scored ") and b.message.value.endswith("Anna, your turn: press Roll to "
                                                                                 "roll the six dice.")


def test_plurals_one_point():
    from fifteen_kit.widgets.nasty15 import _plural_fix, _points

    assert (_points(0), _points(1), _points(2)) == ("0 points", "1 point", "2 points")
    assert _plural_fix("stopped with 1 points") == "stopped with 1 point"
    assert _plural_fix("stopped with 11 points") == "stopped with 11 points"
    for seed in range(60):  # a first roll whose red die (target 1) shows 1: place it alone and stop
        b = DiceBoard(players=[("You", "human")], seed=seed)
        b.roll_button.click()
        t = b.game.turn
        if t.phase is Phase.PLACE and t.valid_colours() == (Colour.RED,):
            b.dice[Colour.RED].click()
            b.stop_button.click()
            assert b.message.value.startswith("You stop with 1 point. ")
            break
    else:
        raise AssertionError("no seed gave a lone red 1")
    b = DiceBoard(players=[("Anna", "human")], seed=seed)
    b.roll_button.click()
    b.dice[Colour.RED].click()
    b.stop_button.click()
    assert b.message.value.startswith("Anna stops with 1 point. ")


def test_size_option_and_projector_toggle():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError

    b = human_first(seed=1)
    assert b.size == "normal" and "kit-board" in b._dom_classes and "kit-large" not in b._dom_classes
    assert b.size_toggle.description == "Projector size" and not b.size_toggle.value
    b.size_toggle.value = True  # what a click on the toggle does
    assert b.size == "large" and "kit-large" in b._dom_classes and 'font-size="25.6"' in b.goal.value
    b.size = "normal"
    assert not b.size_toggle.value and "kit-large" not in b._dom_classes
    big = human_first(seed=1, size="large")
    assert big.size == "large" and big.size_toggle.value and "kit-large" in big._dom_classes
    for bad in ("huge", "Large", 22, None, True):
        with pytest.raises(InvalidArgumentError):
            human_first(size=bad)
        with pytest.raises(InvalidArgumentError):
            b.size = bad
    assert b.size == "normal"


def _font_sizes_of_rules(css):
    import re

    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        for value in re.findall(r"font-size:\s*([^;]+)", body):
            yield selector.strip(), value.strip()


def test_every_font_size_of_the_board_is_at_least_the_sizes_least():
    import re

    from fifteen_kit.widgets.palette import TEXT_PX
    from fifteen_kit.widgets.style import _DICE, DICE_PX

    for size, px in DICE_PX.items():
        assert min(px.values()) >= TEXT_PX[size]
    rules = list(_font_sizes_of_rules(_DICE))
    assert rules
    large_selectors = set()
    for selector, value in rules:
        assert value.endswith("px"), (selector, value)  # px only: no em or keyword that could shrink
        size = "large" if "kit-large" in selector else "normal"
        assert float(value[:-2]) >= TEXT_PX[size], (selector, value)
        if size == "large":
            large_selectors.add(selector.replace(".kit-large", ""))
    # every normal rule that sets a size has its large twin
    assert {s for s, _ in rules if "kit-large" not in s} <= large_selectors
    for size in ("normal", "large"):
        b = human_first(seed=11, coach=True, size=size)
        b.roll_button.click()

        def widgets(box):
            yield box
            for c in getattr(box, "children", ()):
                yield from widgets(c)

        for widget in widgets(b):
            font = getattr(getattr(widget, "style", None), "font_size", None)
            if font:
                assert float(font.removesuffix("px")) >= TEXT_PX[size], widget
        svg_fonts = [float(f) for f in re.findall(r'font-size="([\d.]+)"', b.goal.value)]
        assert svg_fonts and min(svg_fonts) >= TEXT_PX[size]


def test_every_text_colour_pair_of_the_board_is_a_checked_palette_pair():
    import re

    from fifteen_kit.widgets.nasty15 import _DIE_FACE, _PLACED_FACE
    from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS
    from fifteen_kit.widgets.style import _DICE

    for pair in (*_DIE_FACE.values(), _PLACED_FACE):
        assert pair in TEXT_PAIRS
    colours = {c.lower() for c in PALETTE.values()}
    assert set(c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", _DICE)) <= colours
    b = human_first(seed=4)
    b.roll_button.click()
    used = {(b.dice[c].style.text_color.lower(), b.dice[c].style.button_color.lower()) for c in Colour}
    named = {(PALETTE[t].lower(), PALETTE[g].lower()) for t, g in TEXT_PAIRS}
    assert used <= named


# -- the coach teaches (issue 18) -----------------------------------------------------------------------
def _first_roll_with_choice(predicate, seats=None, **kw):
    """A board (human first, coach on) whose first roll has valid dice and satisfies ``predicate(turn, policy)``."""
    for seed in range(300):
        b = DiceBoard(players=seats or [("You", "human"), ("Bot", "optimal")], seed=seed, coach=True, **kw)
        b.roll_button.click()
        t = b.game.turn
        if t.phase is Phase.PLACE and predicate(t, policy_for(t.targets)):
            return b
    raise AssertionError("no seed gave such a roll")


def _names(colours):
    from fifteen_kit.widgets.nasty15 import _colour_list

    return _colour_list(colours)


def test_verdict_names_the_whole_best_action_when_stopping_was_the_mistake():
    def best_then_roll(t, policy):
        after = t.place(policy.advise(t).best.colours)
        return not after.is_over and policy.roll_value(after) > policy.stop_value(after)

    b = _first_roll_with_choice(best_then_roll)
    t = b.game.turn
    policy = policy_for(t.targets)
    best = policy.advise(t).best
    for c in best.colours:
        b.dice[c].click()
    stop_score = b.game.turn.stop_score()
    b.stop_button.click()
    text = b.verdict.value
    assert text.startswith(f"Coach: the best was: place {_names(best.colours)}, then roll on "
                           f"({float(best.value):.2f} points on average); you stopped ({stop_score} point")
    assert f"Placing {_names(best.colours)} was right; stopping cost {float(best.value) - stop_score:.2f}" in text
    assert "expected" not in text and b.verdict.layout.display == ""


def test_verdict_names_the_dice_when_the_dice_were_the_mistake():
    def worse_set(t, policy):
        advice = policy.advise(t)
        return any(c.action == "place" and c.value < advice.best.value for c in advice.choices)

    b = _first_roll_with_choice(worse_set)
    t = b.game.turn
    policy = policy_for(t.targets)
    advice = policy.advise(t)
    worse = next(c for c in advice.choices if c.action == "place" and c.value < advice.best.value)
    for c in worse.colours:
        b.dice[c].click()
    after = b.game.turn
    if after.is_over:  # all six placed: the dice alone decide
        assert f"you placed {_names(worse.colours)}, then ended the turn" in b.verdict.value
        return
    rolls = policy.roll_value(after) > policy.stop_value(after)  # the right follow-up for these dice
    (b.roll_button if rolls else b.stop_button).click()
    text = b.verdict.value
    assert f"the best was: place {_names(advice.best.colours)}, then " in text
    assert f"you placed {_names(worse.colours)}, then {'rolled on' if rolls else 'stopped'}" in text
    assert (f"{'Rolling on' if rolls else 'Stopping'} was right for those dice; the dice you placed cost "
            f"{float(advice.best.value - worse.value):.2f} points on average") in text


def test_verdict_for_optimal_play_and_the_expected_wording():
    b = _first_roll_with_choice(lambda t, p: True, coach_words="expected")
    t = b.game.turn
    policy = policy_for(t.targets)
    best = policy.advise(t).best
    assert "Coach (expected final score)" in b.coach.value
    for c in best.colours:
        b.dice[c].click()
    if not b.game.turn.is_over:
        after = b.game.turn
        (b.roll_button if policy.roll_value(after) > policy.stop_value(after) else b.stop_button).click()
    assert b.verdict.value.startswith("Coach: well played: place ")
    assert f"(expected final score {float(best.value):.2f})" in b.verdict.value


def test_the_verdict_clears_when_the_next_turn_or_game_starts():
    b = _first_roll_with_choice(lambda t, p: True)
    b.dice[b.game.turn.valid_colours()[0]].click()
    if not b.game.turn.is_over:
        b.stop_button.click()
    assert b.verdict.value
    b.next_button.click()  # the computer plays its turn; then it is the human's next board
    assert b.verdict.value == "" and b.coach_card.layout.display in ("", "none")
    assert b.verdict.layout.display == "none"
    b = _first_roll_with_choice(lambda t, p: True)
    b.dice[b.game.turn.valid_colours()[0]].click()
    if not b.game.turn.is_over:
        b.stop_button.click()
    assert b.verdict.value
    b.new_game_button.click()
    assert b.verdict.value == ""


def test_a_bust_says_what_it_scores_and_what_to_press():
    for seed in range(300):
        b = human_first(seed=seed)
        b.roll_button.click()
        t = b.game.turn
        if t.phase is Phase.BUST:
            break
    else:
        raise AssertionError("no first-roll bust")
    text = b.message.value
    assert text.startswith("Bust: no die can go on the board, so the turn ends. A bust scores the targets of the "
                           "dice not placed: ")
    assert f"= {t.score} points." in text and text.endswith("Press Next player to pass the dice to Bot.")
    assert not b.next_button.disabled and f"the turn scores {t.score} points" in b.status.value
    solo = DiceBoard(players=[("You", "human")], seed=seed)
    solo.roll_button.click()
    assert solo.message.value.endswith("Press Next player for board 2.")


def test_watching_the_computer_step_by_step_with_its_reasons():
    import re

    b = DiceBoard(players=[("Bot", "optimal"), ("You", "human")], seed=3, computer_speed="step")
    assert b.game.player == "Bot" and not b.game.pad  # nothing played yet: the pupil watches
    assert b.message.value == "Bot&#x27;s turn. Press Next step to see Bot&#x27;s first move."
    assert not b.step_button.disabled and b.step_button.layout.display == ""
    assert b.roll_button.disabled and b.stop_button.disabled and b.next_button.disabled
    policy = policy_for(b.game.turn.targets)
    seen = []
    while b.game.player == "Bot":
        before = b.game.turn
        b.step_button.click()
        text = b.message.value.replace("&#x27;", "'")
        seen.append(text)
        after = b.game.turn if b.game.player == "Bot" else None
        if before.is_over:  # the pass-on step writes the score
            assert text.startswith(f"Bot's {before.score} point") and b.game.pad[-1].points == before.score
        elif before.phase is Phase.ROLL:
            assert text.startswith("Bot rolls ") and after.rolled != before.rolled
        elif text.startswith("Bot places "):
            move = policy.best(before)
            assert move.action == "place" and f"Bot places {_names(move.colours)} (the best choice: " in text
            assert f"{float(policy.value(after)):.2f} points on average" in text
        elif text.startswith("Bot rolls on: "):
            assert (f"rolling on averages {float(policy.roll_value(before)):.2f} points, stopping would score "
                    f"{before.stop_score()}") in text and after.phase is Phase.ROLL
        else:
            assert text.startswith(f"Bot stops with {after.score} point")
            assert f"rolling on would average {float(policy.roll_value(before)):.2f} points, stopping scores " in text
        assert re.search(r"Press Next step|Your turn: press Roll", text), text
    assert seen[-1].endswith("Your turn: press Roll to roll the six dice.")
    assert any(t.startswith("Bot rolls ") for t in seen) and len(seen) >= 3
    assert b.step_button.disabled  # the human's turn


def test_computer_speed_menu_and_switching_to_instant_mid_turn():
    import pytest
    from fifteen_kit.widgets.nasty15 import COMPUTER_SPEEDS

    from fifteen_kit.errors import InvalidArgumentError

    b = DiceBoard(players=[("Bot", "optimal"), ("You", "human")], seed=3)
    assert b.computer_speed == "instant" and b.game.player == "You" and len(b.game.pad) == 1
    assert b.step_button.layout.display == "none"
    assert b.speed_menu.description == "Computer speed"
    assert [v for _, v in b.speed_menu.options] == ["step", "slow", "fast", "instant"]
    b = DiceBoard(players=[("Bot", "optimal"), ("You", "human")], seed=3, computer_speed="step")
    b.step_button.click()
    b.step_button.click()
    b.speed_menu.value = "instant"  # the pupil picks Instant: the rest of the turn at once
    assert b.computer_speed == "instant"
    assert b.game.player == "You" and b.game.pad[-1].player == "Bot"
    b.computer_speed = "slow"
    assert b.speed_menu.value == "slow"
    for bad in ("Slow", "never", None):
        with pytest.raises(InvalidArgumentError):
            b.computer_speed = bad
        with pytest.raises(InvalidArgumentError):
            DiceBoard(computer_speed=bad)
    assert set(COMPUTER_SPEEDS) == {"step", "slow", "fast", "instant"}
    # without an event loop the timed speeds play at once (tests, plain Python)
    b = DiceBoard(players=[("Bot", "greedy"), ("You", "human")], seed=3, computer_speed="slow")
    assert b.game.player == "You"


def test_timed_watching_on_an_event_loop_shows_each_move_and_clicks_stay_fast(monkeypatch):
    import asyncio
    import time

    from fifteen_kit.widgets import nasty15 as board_module

    monkeypatch.setitem(board_module._DELAY, "fast", 0.02)

    async def scenario():
        b = DiceBoard(players=[("You", "human"), ("Bot", "optimal")], seed=3, computer_speed="fast")
        await asyncio.sleep(0)
        t0 = time.perf_counter()
        while not b.game.turn.is_over:  # the human's turn: roll, place the first valid die, stop
            b.roll_button.click()
            while b.rolling:
                await asyncio.sleep(0.02)
            if b.game.turn.phase is Phase.PLACE:
                b.dice[b.game.turn.valid_colours()[0]].click()
                if not b.game.turn.is_over:
                    b.stop_button.click()
        start = time.perf_counter()
        b.next_button.click()
        assert time.perf_counter() - start < 0.1
        assert b.game.player == "Bot" and "Wait for Bot" in b.message.value
        seen = [b.message.value]
        for _ in range(500):
            await asyncio.sleep(0.01)
            if b.message.value != seen[-1]:
                seen.append(b.message.value)
            if b.game.player == "You":
                break
        assert b.game.player == "You" and b.game.pad[-1].player == "Bot"
        moves = [m for m in seen if m.startswith("Bot ")]
        assert len(moves) >= 3 and any("rolls on:" in m or "stops with" in m for m in moves), seen
        assert time.perf_counter() - t0 < 30

    asyncio.run(scenario())


def test_from_example_replays_each_worked_example_to_the_engines_score():
    import pytest

    from fifteen_kit.errors import InvalidArgumentError
    from fifteen_kit.nasty15 import WORKED_EXAMPLES

    for key, example in WORKED_EXAMPLES.items():
        b = DiceBoard.from_example(key)
        assert b.example is example and b.game.players == (example.player,)
        first = b.message.value.replace("&#x27;", "'")
        assert first.startswith(f"Worked example: {example.title}. ")
        assert first.endswith(f"Press Next step to see {example.player}'s first roll.")
        assert b.roll_button.disabled and b.stop_button.disabled and b.next_button.disabled
        b.dice[Colour.BLUE].click()  # the pupil cannot play the example's turn
        assert "worked example" in b.message.value and b.game.turn == example.turns()[0]
        for n in range(len(example.steps)):
            assert not b.step_button.disabled
            b.step_button.click()
            assert b.game.turn == example.turns()[n + 1]
            text = b.message.value.replace("&#x27;", "'")
            assert text.startswith(example.narration()[n])
            assert f"step {n + 1} of {len(example.steps)}" in b.status.value
            if n + 1 < len(example.steps):
                assert text.endswith("Press Next step.")
        assert b.step_button.disabled and b.game.pad[-1].points == example.score
        assert example.ending() in text and text.endswith("New game here plays for practice.")
        b.new_game_button.click()
        assert b.example is None and b.game.players == ("You", "Computer") and not b.roll_button.disabled
    big = DiceBoard.from_example("six dice", size="large")
    assert big.size == "large"
    for bad in ("Bust", "seven dice", None):
        with pytest.raises(InvalidArgumentError):
            DiceBoard.from_example(bad)


def test_the_message_line_says_what_to_do_while_watching():
    import random
    import re

    b = DiceBoard(players=[("Bot", "optimal"), ("Anna", "human"), ("Cy", "cautious")], seed=2,
                  computer_speed="step", coach=True)
    rng = random.Random(2)
    seen = []
    for _ in range(3000):
        seen.append(b.message.value)
        g = b.game
        if g.is_over:
            break
        t = g.turn
        if g.player != "Anna":
            b.step_button.click()
        elif t.is_over:
            b.next_button.click()
        elif t.phase is Phase.PLACE:
            b.dice[rng.choice(t.valid_colours())].click()
        elif t.phase is Phase.DECIDE and rng.random() < 0.4:
            b.stop_button.click()
        else:
            b.roll_button.click()
    assert b.game.is_over and len(b.game.pad) == 30
    for text in seen:
        assert re.search(r"(press|Press|Click|place)", text), text
        assert "expected" not in text
