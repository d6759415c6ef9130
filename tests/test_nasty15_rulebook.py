"""The "15" dice game against its rulebook (tests named after the sections) and bad input (issue 15)."""

import itertools
import random
from fractions import Fraction

import pytest

from fifteen_kit.errors import FifteenKitError, InvalidArgumentError, NotationError
from fifteen_kit.nasty15 import (
    Game,
    GoalBoard,
    OptimalPlayer,
    OptimalPolicy,
    Phase,
    Turn,
    default_boards,
    format_boards,
    make_player,
    parse_boards,
    policy_for,
)
from fifteen_kit.nasty15.probability import p_bust, score_distribution


def _play(game):
    game.play_turn(OptimalPlayer())
    game.next_turn()


# -- Handicap Variant: the dice markers by number of players ---------------------------------------
@pytest.mark.parametrize("players, markers", [(2, (1, 3)), (3, (1, 2, 4)), (4, (1, 2, 3, 5)),
                                              (5, (1, 2, 3, 4, 5)), (6, (1, 2, 3, 4, 5, 6))])
def test_handicap_markers_for_n_players(players, markers):
    names = [f"P{i}" for i in range(players)]
    game = Game(names, seed=players, handicap=True)
    assert game.markers_in_play == markers
    assert set(game.markers.values()) == {1}  # 1st round: everyone uses marker 1
    for _ in range(3):  # each later round: leader lowest marker ... last place highest, ties by turn order
        for _ in range(players):
            _play(game)
        totals = game.totals()
        order = sorted(range(players), key=lambda i: (-totals[names[i]], -i))
        assert [game.markers[names[i]] for i in order] == list(markers)
        assert sorted(game.markers.values()) == list(markers)


def test_handicap_markers_for_4_players():
    assert Game(list("ABCD"), seed=1, handicap=True).markers_in_play == (1, 2, 3, 5)


def test_handicap_variant_white_marker_is_the_sixth_target():
    game = Game(["A", "B"], seed=2, handicap=True)
    back = game.board
    assert back.back and back.target("W") is None
    assert game.targets_for("A")[3] == 1
    assert game.targets_in_play() and all(len(t) == 6 for t in game.targets_in_play())


# -- Objective: the demands sum to 15 (the kit's reading: base sides; back sides are free) ---------
def test_objective_base_sides_sum_to_15_back_sides_any_sum():
    with pytest.raises(InvalidArgumentError):
        GoalBoard.parse("B4 Y3 K3 W2 G2 R2")
    assert GoalBoard.parse("B6 Y6 K6 G6 R6").total == 30
    assert GoalBoard.parse("B1 Y1 K1 G1 R1", back=True).total == 5
    with pytest.raises(InvalidArgumentError):
        GoalBoard.parse("B6 Y6 K6 G6 R6", backs_sum_to_15=True)
    pair = parse_boards("B4 Y3 K3 W2 G2 R1 / B6 Y6 K6 G6 R6")
    with pytest.raises(InvalidArgumentError):
        Game(["A", "B"], boards=pair, rounds=1, backs_sum_to_15=True)
    game = Game(["A", "B"], boards=pair, rounds=1, handicap=True)
    assert game.targets_for("A") == (6, 6, 6, 1, 6, 6)


def test_setup_kit_boards_are_kept_and_every_back_still_sums_to_15():
    boards = default_boards()
    assert len(boards) == 15 and all(back.total == 15 for _, back in boards)
    assert len(Game(["A"], seed=1).boards) == 10


def test_goal_board_text_round_trips():
    text = format_boards(default_boards())
    again = parse_boards(text)
    assert again == default_boards() and format_boards(again) == text
    assert [b.name for b, _ in again] == [b.name for b, _ in default_boards()]
    mine = parse_boards("# my copy\n\nfirst: B4 Y3 K3 W2 G2 R1 / B5 Y3 K3 G4 R1\nB1 Y1 K1 W1 G5 R6 / B1 Y1 K1 G6 R6")
    assert len(mine) == 2 and mine[0][0].name == "first" and mine[1][1].total == 15
    assert parse_boards(format_boards(mine)) == mine


@pytest.mark.parametrize("text, where", [
    ("B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1\nB4 Y3 K3 W2 G2 R1 / B4 Y7 K3 G4 R1",
     "line 2 (board 2), back side: the yellow"),
    ("x: B4 Y3 K3 W2 G2 R2 / B4 Y3 K3 G4 R1", "board 'x'), base side"),
    ("B4 Y3 K3 W2 G2 R1", "line 1 (board 1): write the base side"),
    ("B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 W4 R1", "back side"),
    ("", "no board"),
    ("B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1\n" * 101, "at most 100 boards"),
    ("B" * 10_001, "at most 10,000 characters"),
    ("B4 Y3 K3 W2 G2 R٣ / B4 Y3 K3 G4 R1", "base side"),
])
def test_bad_goal_board_text_names_the_board_and_field(text, where):
    with pytest.raises(NotationError) as info:
        parse_boards(text)
    assert where in info.value.message


# -- Gameplay: a turn's phases (regression: impossible notation was accepted) --------------------
def test_gameplay_turn_parse_refuses_a_roll_shown_before_anything_was_placed():
    with pytest.raises(NotationError):
        Turn.parse("433221 ...... 111111 R")
    with pytest.raises(NotationError):
        Turn.parse("433221 4..... 4..... P")  # a die of this roll is placed: no longer phase P
    with pytest.raises(NotationError):
        Turn.parse("433221 4..... ...... D")  # unplaced dice not shown
    with pytest.raises(NotationError):
        Turn.parse("433221 1" + "." * 5 + " " + "1" * 6 + " R" + " " * 100)
    assert Turn.parse("433221 112.2. ...... R").pips == 6  # placed dice without their roll (lesson 04)
    t = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((4, 6, 6, 6, 6, 6)).place("B").continue_rolling()
    assert t.phase is Phase.ROLL and Turn.parse(t.notation()) == t
    assert Turn.parse(t.stop().notation()).score == 4


# -- Issue 15 regressions ------------------------------------------------------------------------------
def test_targets_for_an_unhashable_player_is_a_kit_error():
    with pytest.raises(InvalidArgumentError):
        Game(["A", "B"]).targets_for(["A"])


def test_game_with_no_boards_says_so():
    with pytest.raises(InvalidArgumentError) as info:
        Game(["A"], boards=[])
    assert "not none" in info.value.message and "1 to 0" not in str(info.value)
    with pytest.raises(InvalidArgumentError) as info:
        Game(["A"], boards=default_boards()[:3])
    assert "from 1 to 3" in info.value.message and "rounds" in info.value.message


BAD = [True, 1.0, float("nan"), float("inf"), 10**100, -1, "", "x" * 10**6, "٣", [[1]], {}]


@pytest.mark.parametrize("name", ["players", "rounds", "seed", "handicap", "gambler", "boards", "backs_sum_to_15"])
def test_game_refuses_every_bad_argument_with_a_kit_error(name):
    for bad in BAD:
        if name == "seed" and isinstance(bad, int) and not isinstance(bad, bool):
            continue  # every whole number is a seed
        if name in ("handicap", "gambler", "backs_sum_to_15") and bad is True:
            continue  # a valid flag
        with pytest.raises(FifteenKitError):
            Game(**{"players": ["A", "B"], name: bad})
    with pytest.raises(FifteenKitError):
        Game(["A" * 41, "B"])
    with pytest.raises(FifteenKitError):
        Game([["A"], "B"])


def test_iterators_are_read_once():
    game = Game(iter(["A", "B"]), seed=1, boards=iter(default_boards()))
    assert game.players == ("A", "B") and len(game.boards) == 10
    t = Turn.start(iter((4, 3, 3, 2, 2, 1))).roll_with(iter((1, 1, 1, 1, 1, 1)))
    assert t.place(iter(["B", "Y"])).placed_count == 2
    assert OptimalPolicy(iter((4, 3, 3, 2, 2, 1))).targets == (4, 3, 3, 2, 2, 1)


@pytest.mark.parametrize("bad", [True, 1.0, float("nan"), 10**100, "4", None, 0, 7])
def test_bad_targets_and_pips(bad):
    with pytest.raises(InvalidArgumentError):
        Turn.start((4, 3, 3, 2, 2, bad))
    with pytest.raises(FifteenKitError):
        Turn.start((4, 3, 3, 2, 2, 1)).roll_with((1, 1, 1, 1, 1, bad))
    with pytest.raises(FifteenKitError):
        policy_for((4, 3, 3, 2, 2, bad))


def test_probability_and_players_refuse_bad_input():
    with pytest.raises(InvalidArgumentError):
        p_bust([])
    with pytest.raises(InvalidArgumentError):
        score_distribution((4, 3, 3, 2, 2, 1), lambda placed, pips: 1)
    with pytest.raises(InvalidArgumentError):
        make_player(["optimal"])
    with pytest.raises(InvalidArgumentError):
        OptimalPlayer().policy(None)
    with pytest.raises(NotationError):
        GoalBoard.parse("B4 " * 100)
    with pytest.raises(InvalidArgumentError):
        GoalBoard.parse("B4 Y3 K3 W2 G2 R1", name="a:b")


# -- the solver: exact and identical to a plain dynamic programme over placed-dice masks -------------
def _reference(targets, gambler):
    """Expected score by the textbook recursion over (placed mask, pips) and every roll and subset."""
    memo = {}

    def value(placed, pips):
        if placed == 63:
            return Fraction(2 * pips)
        key = (placed, pips)
        if key not in memo:
            n = bin(placed).count("1")
            stop = Fraction(pips + (5 if n == 5 else 0))
            memo[key] = roll(placed, pips) if placed == 0 else max(stop, roll(placed, pips))
        return memo[key]

    def roll(placed, pips):
        free = [i for i in range(6) if not placed >> i & 1]
        total = Fraction(0)
        for faces in itertools.product(range(1, 7), repeat=len(free)):
            valid = [(i, f) for i, f in zip(free, faces, strict=True) if f <= targets[i]]
            if not valid:
                total += 0 if gambler else sum(targets[i] for i in free)
                continue
            total += max(value(placed | sum(1 << i for i, _ in sub), pips + sum(f for _, f in sub))
                         for k in range(1, len(valid) + 1) for sub in itertools.combinations(valid, k))
        return total / 6 ** len(free)

    return roll(0, 0)


@pytest.mark.parametrize("targets, gambler", [((1, 1, 1, 1, 1, 3), False), ((2, 1, 1, 1, 1, 1), True)])
def test_solver_agrees_with_the_textbook_recursion(targets, gambler):
    assert OptimalPolicy(targets, gambler).expected_score() == _reference(targets, gambler)


def test_solving_in_steps_gives_the_same_values():
    rng = random.Random(4)
    targets = tuple(rng.randint(1, 6) for _ in range(6))
    steps = OptimalPolicy(targets)
    assert sum(1 for _ in steps.solve_steps()) >= 1 and steps.is_solved
    assert steps.expected_score() == policy_for(targets).expected_score()
