"""Pupils' players (issue 35): the helpers, the wrapper's checks and the step budget."""

from __future__ import annotations

import pytest

from fifteen_kit.errors import InvalidArgumentError, PlayerError
from fifteen_kit.fifteens import Position
from fifteen_kit.nasty15 import Decision, Turn
from fifteen_kit.pupil_players import (
    as_player,
    chance_of_bust,
    points_if_stop,
    ranks_of,
    removals,
    removals_left_after,
    roll,
    run_with_budget,
    targets_left,
    valid_dice,
)

ROLLED = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1))


def test_dice_helpers_describe_the_turn():
    assert valid_dice(ROLLED) == ("B", "K", "R")
    assert roll(ROLLED)["Y"] == 5
    placed = ROLLED.play("place B R")
    assert targets_left(placed) == {"Y": 3, "K": 3, "W": 2, "G": 2}
    assert points_if_stop(placed) == 3
    assert chance_of_bust(placed) == pytest.approx(0.5 * 0.5 * (2 / 3) ** 2)
    assert roll(Turn.start((4, 3, 3, 2, 2, 1))) == {}


def test_fifteens_helpers():
    p = Position.deal(seed=1)
    assert removals(p) == p.legal_moves()
    assert all(sum(ranks_of(p, m)) == 15 or len(m) == 4 for m in removals(p))
    assert all(isinstance(removals_left_after(p, m), int) for m in removals(p))
    with pytest.raises(InvalidArgumentError):
        ranks_of(p, (0, 0))


@pytest.mark.parametrize("answer", ["place B", Decision("place", ("B",)), "PLACE b"])
def test_text_or_decision_is_a_move(answer):
    assert as_player(lambda t: answer, "dice").choose(ROLLED) == Decision("place", ("B",))


def test_fifteens_text_and_lists_are_removals():
    p = Position.deal(seed=1)
    assert as_player(lambda q: "15 6", "fifteens").choose(p) == (6, 15)
    assert as_player(lambda q: [15, 6], "fifteens").choose(p) == (6, 15)


class Weird:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __str__(self):  # never called: the message names the type only
        raise RuntimeError("boom")


def _fails(function, position=ROLLED, game="dice"):
    player = as_player(function, game)
    with pytest.raises(PlayerError) as info:
        player.choose(position)
    return info.value


@pytest.mark.parametrize("answer, words", [
    ("stop", "place at least one valid die first"), ("jump", "which the rules refuse"), (None, "is a return missing?"),
    (Weird(), "a Weird object"), (42, "not a move"), ("x" * 10_000, "not a move")])
def test_illegal_answers_are_named(answer, words):
    err = _fails(lambda t: answer)
    assert words in str(err) and err.move_number == 1 and err.position == ROLLED.notation()


def test_a_player_that_raises_is_told_which_line():
    def my_player(turn):
        x = 1
        return x / 0
    err = _fails(my_player)
    assert "ZeroDivisionError" in err.reason and "line" in err.reason


@pytest.mark.parametrize("body", ["while True: pass", "while True:\n        x = 1"])
def test_endless_loops_are_stopped_without_threads(body):
    namespace: dict = {}
    exec(f"def my_player(turn):\n    {body}\n", namespace)
    err = _fails(namespace["my_player"])
    assert "steps" in err.reason


def test_recursion_bomb():
    def my_player(turn):
        return my_player(turn)
    assert "itself" in _fails(my_player).reason


def test_budget_puts_back_a_tracer():
    import sys
    before = sys.gettrace()
    run_with_budget(len, ([1],))
    assert sys.gettrace() is before


def test_the_wrong_game_is_refused():
    with pytest.raises(InvalidArgumentError):
        as_player(lambda t: "roll", "dice").choose(Position.deal(seed=1))
    with pytest.raises(InvalidArgumentError):
        as_player(lambda t: "roll", "chess")


def test_a_helper_given_the_wrong_thing_says_so_in_plain_words():
    # a pupil who calls a helper with something that is not a position hears the helper's own words
    def my_player(turn):
        return valid_dice(5)

    with pytest.raises(PlayerError, match="a dice player's position is a Turn"):
        as_player(my_player, "dice").choose(Turn.start((4, 3, 3, 2, 2, 1)))
