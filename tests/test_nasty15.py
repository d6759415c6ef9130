"""The "15" dice game: boards, turns, games, exact probabilities and the optimal policy."""

import random
import statistics
from fractions import Fraction

import icepool
import pytest

from fifteen_kit.errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from fifteen_kit.nasty15 import (
    COLOURS,
    PUBLIC_BOARD,
    WORKED_EXAMPLES,
    Colour,
    GoalBoard,
    Phase,
    Turn,
    default_boards,
)
from fifteen_kit.nasty15.boards import DEFAULT_MULTISETS, five_target_backs, six_target_boards, six_target_multisets
from fifteen_kit.nasty15.game import MARKERS, Game
from fifteen_kit.nasty15.players import CautiousPlayer, GreedyPlayer, OptimalPlayer, make_player
from fifteen_kit.nasty15.policy import OptimalPolicy
from fifteen_kit.nasty15.probability import (
    expected_score,
    p_at_least_one_valid,
    p_bust,
    p_valid,
    pip_distribution,
    score_distribution,
    threshold,
)

PUBLIC = (4, 3, 3, 2, 2, 1)


# -- boards ------------------------------------------------------------------------------------------
def test_board_counts():
    assert len(six_target_boards()) == 1666
    assert len(six_target_multisets()) == 19
    assert len(five_target_backs()) == 651


def test_public_board_and_notation():
    assert PUBLIC_BOARD.notation() == "B4 Y3 K3 W2 G2 R1"
    assert GoalBoard.parse(PUBLIC_BOARD.notation()) == GoalBoard.parse("r1 g2 w2 k3 y3 b4")
    for bad in ("B4 Y3 K3 W2 G2 R2", "B7 Y3 K3 W2 G2 R1", "B4 Y3 K3 W2 G2", "B4 B3 K3 W2 G2 R1"):
        with pytest.raises(ValueError):
            GoalBoard.parse(bad, back=False)
    with pytest.raises(NotationError):
        GoalBoard.parse("blue four")


def test_default_boards_follow_their_stated_rule():
    boards = default_boards()
    assert len(boards) == 15 and boards[0][0] == PUBLIC_BOARD
    assert all(b.total == 15 and k.total == 15 and k.back and k.target(Colour.WHITE) is None for b, k in boards)
    others = sorted((m for m in six_target_multisets() if m != PUBLIC), key=lambda m: OptimalPolicy(m).expected_score())
    assert tuple(others[round(k * 17 / 13)] for k in range(14)) == DEFAULT_MULTISETS


# -- a turn --------------------------------------------------------------------------------------------
def test_bust_scores_the_unplaced_targets_even_with_nothing_placed():
    t = Turn.start(PUBLIC).roll_with((5, 4, 4, 3, 3, 2))
    assert t.phase is Phase.BUST and t.score == 15
    g = Turn.start(PUBLIC, gambler=True).roll_with((5, 4, 4, 3, 3, 2))
    assert g.score == 0


def test_the_rulebook_examples():
    # the rulebook's three worked examples, as the kit's data (WORKED_EXAMPLES), replayed by the engine
    luke = WORKED_EXAMPLES["bust"]
    assert luke.player == "Luke" and luke.targets == (1, 3, 2, 2, 2, 5)
    turns = luke.turns()
    # four dice worth 5 placed, then a red 6 and a yellow 5 bust: he scores the two unplaced targets, 5 + 3 = 8,
    # more than the 5 placed pips
    before_bust = turns[-2]
    assert before_bust.placed_count == 4 and before_bust.pips == 5 and before_bust.stop_score() == 5
    t = luke.final
    assert t.phase is Phase.BUST and t.score == luke.score == 8
    assert (t.rolled[COLOURS.index(Colour.RED)], t.rolled[COLOURS.index(Colour.YELLOW)]) == (6, 5)
    # Nina: red 1, yellow 1, white 2, then black 5 and blue 1: stopping gives 10 + 5 = 15
    five = WORKED_EXAMPLES["five dice"]
    assert five.player == "Nina" and five.targets == (2, 2, 5, 2, 3, 1)
    placed_rolls = [[c.value for c in s.colours] for s in five.steps if s.kind == "place"]
    assert placed_rolls == [["R"], ["Y"], ["W"], ["B", "K"]]
    assert five.final.phase is Phase.STOPPED and five.final.pips == 10 and five.score == 15
    # she goes on instead: a green 2 makes all six, 12 x 2 = 24; a green above 3 would bust for green's 3 points
    six = WORKED_EXAMPLES["six dice"]
    assert six.steps[:8] == five.steps[:8] and six.targets == five.targets
    assert six.final.phase is Phase.ALL_SIX and six.final.pips == 12 and six.score == 24
    t = six.turns()[-3]  # five placed, before the last roll
    assert t.stop_score() == 15
    assert [t.roll_with((None, None, None, None, g, None)).score for g in (4, 5, 6)] == [3, 3, 3]
    assert set(WORKED_EXAMPLES) == {"bust", "five dice", "six dice"}


def test_worked_examples_say_the_engines_numbers():
    luke, five, six = (WORKED_EXAMPLES[k] for k in ("bust", "five dice", "six dice"))
    assert "3 (yellow) + 5 (red) = 8 points" in luke.ending() and "only 5" in luke.ending()
    assert "10 + 5 = 15 points" in five.narration()[-1]
    assert "12 x 2 = 24 points" in six.narration()[-1] and "green above 3" in six.ending()
    assert "instead of 15" in six.ending()
    for ex in (luke, five, six):
        assert len(ex.narration()) == len(ex.steps) and all(ex.narration())
        assert "{" not in " ".join((*ex.narration(), ex.ending(), ex.start))
        assert "pips, the dots" in ex.start  # the word is explained before it is used
        assert len(ex.turns()) == len(ex.steps) + 1


def test_worked_example_errors():
    from fifteen_kit.nasty15 import Step, WorkedExample

    board = GoalBoard.parse("B1 Y3 K2 W2 G2 R5")
    with pytest.raises(InvalidArgumentError):
        Step("jump")
    with pytest.raises(InvalidArgumentError):
        Step("roll")  # a roll needs its faces
    with pytest.raises(InvalidArgumentError):
        Step("stop", colours=("B",))
    roll = Step("roll", faces=(1, 1, 1, 1, 1, 1))
    with pytest.raises(InvalidArgumentError):  # the turn does not end
        WorkedExample("k", "t", "Ann", board, (roll,), "", "")
    with pytest.raises(IllegalMoveError):  # the engine refuses a die above its target
        WorkedExample("k", "t", "Ann", board, (Step("roll", faces=(6, 1, 1, 1, 1, 1)), Step("place", colours=("B",))),
                      "", "")


def test_placing_rules_and_errors():
    t = Turn.start(PUBLIC).roll_with((2, 5, 1, 6, 6, 1))
    assert t.valid_colours() == (Colour.BLUE, Colour.BLACK, Colour.RED)
    before = t
    with pytest.raises(IllegalMoveError):
        t.roll_with((1, 1, 1, 1, 1, 1))  # must place first
    with pytest.raises(IllegalMoveError):
        t.stop()
    with pytest.raises(IllegalMoveError):
        t.place("Y")  # 5 is above yellow's 3
    with pytest.raises(IllegalMoveError):
        t.place(["B", "B"])
    with pytest.raises(IllegalMoveError):
        t.place([])
    with pytest.raises(IllegalMoveError):
        t.place("X")
    assert t == before
    t = t.place("B").place("K")  # one at a time is allowed
    with pytest.raises(IllegalMoveError):
        t.place("B")
    assert t.phase is Phase.DECIDE and t.stop().score == 3
    with pytest.raises(GameOverError):
        t.stop().roll(random.Random(1))
    with pytest.raises(IllegalMoveError):
        Turn.start(PUBLIC).stop()
    with pytest.raises(InvalidArgumentError):
        Turn.start(PUBLIC).roll_with((1, 2, 3))
    with pytest.raises(InvalidArgumentError):
        Turn.start(PUBLIC).roll("seed")
    with pytest.raises(InvalidArgumentError):
        Turn.start((4, 3, 3, 2, 2, 7))


@pytest.mark.parametrize("text", ["433221 ...... ...... R", "433221 2....1 251661 S", "433221 4....1 441661 D",
                                  "433221 ...... 544332 B gambler", "111156 ...... ...... R"])
def test_turn_notation_round_trips(text):
    assert Turn.parse(text).notation() == text


@pytest.mark.parametrize("text", ["", "433221", "433227 ...... ...... R", "433221 ...... ...... Q",
                                  "433221 5..... ...... R", None])
def test_bad_turn_notation(text):
    with pytest.raises(NotationError):
        Turn.parse(text)


def test_seeded_rolls_repeat():
    a = Turn.start(PUBLIC).roll(random.Random(7))
    b = Turn.start(PUBLIC).roll(random.Random(7))
    assert a == b


# -- exact probability -----------------------------------------------------------------------------------
def _icepool_fraction(die, outcome=True) -> Fraction:
    return Fraction(die.quantity(outcome), die.denominator())


def test_simple_probabilities_agree_with_icepool():
    for t in range(1, 7):
        assert p_valid(t) == _icepool_fraction(icepool.d6 <= t)
    for targets in (PUBLIC, (3, 1), (6, 5, 1, 1, 1, 1)):
        d6s = [icepool.d6] * len(targets)
        bust = icepool.map(lambda *faces, t=targets: all(f > x for f, x in zip(faces, t, strict=True)), *d6s)
        assert p_bust(targets) == _icepool_fraction(bust)
        assert p_at_least_one_valid(targets) == 1 - _icepool_fraction(bust)
    assert pip_distribution(3) == {v: Fraction(1, 3) for v in (1, 2, 3)}


def test_cautious_score_distribution_agrees_with_icepool():
    """One roll, every valid die placed, then stop: icepool enumerates the six dice independently."""

    def score(*faces):
        valid = [f for f, t in zip(faces, PUBLIC, strict=True) if f <= t]
        if not valid:
            return 15
        n, pips = len(valid), sum(valid)
        return 2 * pips if n == 6 else pips + (5 if n == 5 else 0)

    die = icepool.map(score, *[icepool.d6] * 6)
    expected = {int(o): Fraction(die.quantity(o), die.denominator()) for o in die.outcomes()}
    assert score_distribution(PUBLIC, "cautious") == expected


def test_simple_policy_distributions():
    for rule in ("cautious", "greedy", threshold(8)):
        dist = score_distribution(PUBLIC, rule)
        assert sum(dist.values()) == 1
        assert expected_score(PUBLIC, rule) == sum(s * p for s, p in dist.items())


# -- the optimal policy ---------------------------------------------------------------------------------
def test_optimal_expected_scores_of_the_public_board():
    assert round(float(OptimalPolicy(PUBLIC).expected_score()), 4) == 13.2299
    assert round(float(OptimalPolicy(PUBLIC, gambler=True).expected_score()), 4) == 10.2725


def test_optimal_beats_every_simple_policy():
    best = OptimalPolicy(PUBLIC).expected_score()
    for rule in ("cautious", "greedy", threshold(6), threshold(9), threshold(12)):
        assert expected_score(PUBLIC, rule) < best


def test_policy_is_consistent_with_its_own_advice():
    policy = OptimalPolicy(PUBLIC)
    t = Turn.start(PUBLIC)
    assert policy.value(t) == policy.expected_score()
    t = t.roll_with((2, 1, 4, 6, 6, 6))
    advice = policy.advise(t)
    assert advice.best.value == max(c.value for c in advice.choices)
    assert [c.value for c in advice.choices] == sorted((c.value for c in advice.choices), reverse=True)
    with pytest.raises(InvalidArgumentError):
        policy.advise(Turn.start((3, 3, 3, 2, 2, 2)))
    with pytest.raises(GameOverError):
        policy.advise(t.place("Y").stop())


def test_optimal_policy_matches_monte_carlo():
    """Simulate the optimal player; the exact value must lie in the 99.9% confidence interval."""
    rng = random.Random(2026)
    player = OptimalPlayer()
    scores = []
    for _ in range(3000):
        t = Turn.start(PUBLIC)
        while not t.is_over:
            move = player.choose(t)
            t = t.roll(rng) if move.action == "roll" else t.play(move)
        scores.append(t.score)
    mean, sd = statistics.fmean(scores), statistics.stdev(scores)
    half = 3.29 * sd / len(scores) ** 0.5
    assert abs(mean - float(OptimalPolicy(PUBLIC).expected_score())) < half


def test_handicap_marker_changes_the_value():
    back = default_boards()[0][1]
    values = [OptimalPolicy([t for _, t in back.with_white(m)]).expected_score() for m in range(1, 7)]
    assert values == sorted(values)  # a higher white target is easier


# -- players and a game ---------------------------------------------------------------------------------
def play_turn(turn, player, rng):
    while not turn.is_over:
        move = player.choose(turn)
        assert move in turn.legal_moves()
        turn = turn.roll(rng) if move.action == "roll" else turn.play(move)
    return turn


def test_players_are_deterministic_and_legal():
    for name in ("cautious", "greedy", "optimal"):
        a = [play_turn(Turn.start(PUBLIC), make_player(name), random.Random(s)).score for s in range(30)]
        b = [play_turn(Turn.start(PUBLIC), make_player(name, seed=s), random.Random(s)).score for s in range(30)]
        assert a == b
    assert isinstance(make_player("greedy"), GreedyPlayer) and isinstance(make_player("cautious"), CautiousPlayer)
    for bad in ("lucky", None):
        with pytest.raises(InvalidArgumentError):
            make_player(bad)
    with pytest.raises(InvalidArgumentError):
        make_player("greedy", seed=-1)


def test_a_full_game_with_handicap_markers():
    g = Game(["Ada", "Ben", "Cy"], seed=5, handicap=True)
    assert all(m == 1 for m in g.markers.values())
    player = OptimalPlayer()
    while not g.is_over:
        g.turn = play_turn(g.turn, player, g.rng)
        g.next_turn()
        if g.player_index == 0 and not g.is_over:
            totals = g.totals()
            order = sorted(g.players, key=lambda p: (-totals[p], -g.players.index(p)))
            assert [g.markers[p] for p in order] == list(MARKERS[3])
    assert len(g.pad) == 30 and g.winners()
    with pytest.raises(GameOverError):
        g.roll()


def test_tied_players_earlier_in_order_get_the_higher_marker():
    public = default_boards()[0]
    g = Game(["A", "B"], seed=1, handicap=True, boards=(public, public), rounds=2)
    for _ in range(2):
        g.turn = g.turn.roll_with([6] * 6)  # no target is 6 here: both bust on the same targets, a tie
        assert g.turn.phase is Phase.BUST
        g.next_turn()
    assert g.markers == {"A": 3, "B": 1}


def test_impossible_turns_are_refused():
    for text in ("433221 ...... 666666 P", "433221 433221 ...... R", "433221 43322. ...... A",
                 "433221 ...... ...... S", "433221 ...... 111111 B", "433221 4..... 3..... D"):
        with pytest.raises(NotationError):
            Turn.parse(text)


def test_policy_refuses_impossible_questions():
    policy = OptimalPolicy(PUBLIC)
    with pytest.raises(InvalidArgumentError):
        policy.stop_value(None)
    with pytest.raises(GameOverError):
        policy.roll_value(Turn.start(PUBLIC).roll_with((5, 4, 4, 3, 3, 2)))
    with pytest.raises(IllegalMoveError):
        policy.roll_value(Turn.start(PUBLIC).roll_with((1, 1, 1, 3, 3, 2)))


def test_board_pairs_and_names():
    base, back = default_boards()[0]
    with pytest.raises(InvalidArgumentError):
        Game(["a", "b"], seed=1, boards=(default_boards()[1], (back, base)), rounds=2)
    assert GoalBoard.parse(PUBLIC_BOARD.notation()) == PUBLIC_BOARD
    with pytest.raises(InvalidArgumentError):
        GoalBoard.parse("B4 Y3 K3 W2 G2 R1", back="yes")
    with pytest.raises(InvalidArgumentError):
        Game(["a", "b"], handicap=True).targets_for("zz")


def test_game_errors():
    for bad in ([], ["A", "A"], ["A"] * 7, [""], "AB"):
        with pytest.raises(InvalidArgumentError):
            Game(bad)
    with pytest.raises(InvalidArgumentError):
        Game(["solo"], handicap=True)
    g = Game(["solo"], seed=2)
    with pytest.raises(GameOverError):
        g.next_turn()
    with pytest.raises(IllegalMoveError):
        g.stop()
    assert len(g.boards) == 10 and len({b[0] for b in g.boards}) == 10
    assert COLOURS[0] is Colour.BLUE


# -- the engine contract: decisions, explain/play agreement, players, solve ---------------------------------
def test_turn_is_a_contract_position_and_players_are_contract_players():
    from fifteen_kit import contract
    from fifteen_kit.nasty15 import PLAYERS

    assert isinstance(Turn.start(PUBLIC), contract.Position)
    for name, factory in PLAYERS.items():
        player = factory(seed=1)
        assert isinstance(player, contract.Player) and player.name == name == make_player(name).name


def _all_decisions(turn):
    letters = [c.value for c in COLOURS]
    yield "stop"
    yield "roll"
    yield "dance"
    yield "place"
    yield "place B B"
    for size in range(1, 4):
        for i in range(6 - size + 1):
            yield "place " + " ".join(letters[i:i + size])


def test_explain_and_play_agree_on_every_decision_in_random_turns():
    from fifteen_kit.errors import FifteenKitError
    from fifteen_kit.nasty15 import Decision

    rng = random.Random(15)
    checked = 0
    for n in range(60):
        turn = Turn.start(rng.choice(six_target_boards()) if n % 2 else PUBLIC, gambler=n % 3 == 0)
        while True:
            legal = turn.legal_moves()
            assert (not legal) == turn.is_over
            assert len(set(legal)) == len(legal)
            for text in _all_decisions(turn):
                reason = turn.explain(text)
                try:
                    after = turn.play(text)
                except FifteenKitError as err:
                    assert err.message == reason, (turn.notation(), text)
                    assert isinstance(err, IllegalMoveError)
                    if text not in ("dance", "place"):  # text of a decision, refused now
                        assert Decision.parse(text) not in legal
                else:
                    assert reason is None and Decision.parse(text) in legal, (turn.notation(), text)
                    assert after == turn.play(Decision.parse(text))
                checked += 1
            for move in legal:
                assert turn.explain(move) is None and turn.explain(str(move)) is None
                assert Decision.parse(str(move)) == move
            if turn.is_over:
                break
            turn = turn.play(rng.choice(legal))
            if turn.phase is Phase.ROLL and rng.random() < 0.8:  # the roll decided on (or, now and then, stop)
                turn = turn.roll(rng)
    assert checked > 1000
    with pytest.raises(IllegalMoveError):
        Turn.start(PUBLIC).explain(5)
    with pytest.raises(IllegalMoveError):
        Turn.start(PUBLIC).play(None)


def test_legal_moves_by_phase():
    assert [str(m) for m in Turn.start(PUBLIC).legal_moves()] == ["roll"]
    t = Turn.start(PUBLIC).roll_with((2, 5, 1, 6, 6, 1))
    assert [str(m) for m in t.legal_moves()] == ["place B", "place K", "place R", "place B K", "place B R",
                                                  "place K R", "place B K R"]
    t = t.play("place B")
    assert [str(m) for m in t.legal_moves()] == ["stop", "roll", "place K", "place R", "place K R"]
    assert [str(m) for m in t.play("roll").legal_moves()] == ["stop", "roll"]
    assert t.play("roll").play("roll") == t.play("roll")  # rolling on was decided: the roll is the chance step
    assert t.play("stop").legal_moves() == ()
    assert t.play("stop").explain("roll") == "the turn is over"
    with pytest.raises(GameOverError):
        t.play("stop").play("stop")


def test_solve_answers_with_the_contract_result():
    from fifteen_kit.contract import SolveResult
    from fifteen_kit.nasty15 import solve

    start = Turn.start(PUBLIC)
    result = solve(start)
    assert isinstance(result, SolveResult) and result.status == "solved"
    assert [str(m) for m in result.line] == ["roll"]
    assert result.value == pytest.approx(float(OptimalPolicy(PUBLIC).expected_score()))
    placed = Turn.parse("433221 ...... 214666 P")
    line = solve(placed).line
    assert line[0] == OptimalPlayer().choose(placed) and line[-1].action in ("roll", "stop")
    over = placed.play(line[0]).play("stop")
    assert solve(over).line == () and solve(over).value == over.score
    with pytest.raises(InvalidArgumentError):
        solve("433221 ...... ...... R")


def test_a_goal_board_is_taken_wherever_targets_are():
    from fifteen_kit.nasty15 import policy_for, solve

    base, back = default_boards()[0]
    assert Turn.start(base) == Turn.start(PUBLIC) and Turn(base) == Turn(PUBLIC)
    assert policy_for(base) is policy_for(PUBLIC) and OptimalPolicy(base).targets == PUBLIC
    assert p_bust(base) == p_bust(PUBLIC) and p_at_least_one_valid(base) == p_at_least_one_valid(PUBLIC)
    assert p_bust(back) == p_bust([t for _, t in back.targets])  # the five dice of a back side
    assert score_distribution(base, "cautious") == score_distribution(PUBLIC, "cautious")
    assert expected_score(base, threshold(8)) == expected_score(PUBLIC, threshold(8))
    assert solve(Turn.start(base)).value == solve(Turn.start(PUBLIC)).value
    for wants_six in (Turn.start, policy_for, OptimalPolicy, lambda b: score_distribution(b, "greedy")):
        with pytest.raises(InvalidArgumentError, match="with_white"):
            wants_six(back)
