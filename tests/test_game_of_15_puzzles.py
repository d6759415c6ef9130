"""The engine's puzzle referee (Puzzle.referee) and the computer's claim policy (computer_claim, computer_step)."""

import pytest

from fifteen_kit.errors import GameOverError, InvalidArgumentError
from fifteen_kit.game_of_15 import Match, Round, Side, evaluate, puzzles
from fifteen_kit.game_of_15.players import RandomPlayer, TacticianPlayer, computer_claim, computer_step, make_player
from fifteen_kit.game_of_15.puzzles import Puzzle, PuzzleVerdict
from fifteen_kit.game_of_15.rules import Claim, Draft

WIN_IN_1 = Puzzle(Round.parse("25/13 O"), 1, (8,))


# -- the puzzle referee ---------------------------------------------------------------------------------
def test_referee_solved_slipped_and_on_track():
    assert WIN_IN_1.referee(Round.parse("258/13 I")) == PuzzleVerdict("solved", Side.ONYX, 1, 1)
    assert WIN_IN_1.referee(Round.parse("254/13 I")).status == "slipped"
    assert WIN_IN_1.referee(WIN_IN_1.position).status == "on_track"  # nothing played yet


@pytest.mark.parametrize("n", [1, 2, 3])
def test_referee_agrees_with_the_solver_on_every_first_draft(n):
    for puzzle in puzzles(n, count=3, seed=n):
        for d in puzzle.position.legal_moves():
            after = puzzle.position.play(d)
            verdict = puzzle.referee(after)
            if after.winner is puzzle.position.to_move:
                assert verdict.status == "solved" and verdict.drafts == 1
            else:
                assert verdict.status == ("on_track" if d in puzzle.solutions else "slipped"), (puzzle, d)


def test_referee_follows_a_perfect_defence_to_the_solution():
    for puzzle in puzzles(3, count=3, seed=5):
        side = puzzle.position.to_move
        defender = make_player("perfect", seed=1)
        r = puzzle.position
        while not r.is_over:
            r = r.play(evaluate(r).best_moves[0] if r.to_move is side else defender.choose(r))
            verdict = puzzle.referee(r)
            assert verdict.status in ("on_track", "solved")
        assert verdict.status == "solved" and verdict.drafts == puzzle.drafts
        assert verdict.describe() == f"Solved! {side.title} wins in {puzzle.drafts}."


def test_referee_late_win_and_loss():
    late = Round.parse("254/13 I").play(7).play(8)  # the win slipped (4, not 8); 2+5+8 comes a draft late
    verdict = WIN_IN_1.referee(late)
    assert verdict.status == "won_late" and verdict.drafts == 2 and "not 1" in verdict.describe()
    puzzle = puzzles(3, count=1, seed=2)[0]
    side = puzzle.position.to_move
    for seed in range(200):  # random play from the puzzle until the puzzle side fails to win
        rng = RandomPlayer(seed=seed)
        r = puzzle.position
        while not r.is_over:
            r = r.play(rng.choose(r))
        if r.winner is not side:
            assert puzzle.referee(r).status == "lost"
            break
    else:
        pytest.fail("200 random playouts all won the puzzle")


def test_referee_refuses_a_position_that_does_not_continue_the_puzzle():
    with pytest.raises(InvalidArgumentError):
        WIN_IN_1.referee(Round.parse("5/- I"))
    with pytest.raises(InvalidArgumentError):
        WIN_IN_1.referee("258/13 I")


# -- the computer's claims ----------------------------------------------------------------------------
def test_computer_claims_exactly_its_fifteen_or_ends_its_turn():
    r = Round.start(auto_claim=False)
    for d in (2, 1, 5, 3, 8):
        r = r.play(d)
    assert computer_claim(r) == Claim((2, 5, 8))
    assert computer_claim(Round.start(auto_claim=False).play(2)) is None
    with pytest.raises(InvalidArgumentError):
        computer_claim(Round.start(auto_claim=False))  # nobody has drafted
    with pytest.raises(InvalidArgumentError):
        computer_claim("2/- I")


def test_computer_step_drafts_then_claims_or_ends_the_turn():
    m = Match(target=1, auto_claim=False)
    for d in (2, 1, 5, 3):
        m.draft(d)
        m.end_turn()

    class Eight:
        name = "eight"

        def choose(self, position):
            return 8

    assert computer_step(m, Eight()) == Draft(8) and m.turn_open
    assert computer_step(m, Eight()) == Claim((2, 5, 8))
    assert m.round.winner is Side.ONYX
    with pytest.raises(GameOverError):
        computer_step(m, Eight())


def test_computer_step_plays_a_whole_automatic_game():
    m = Match(target=1)
    players = {Side.ONYX: TacticianPlayer(seed=1), Side.IVORY: RandomPlayer(seed=2)}
    while m.acting_side is not None:
        side = m.acting_side
        assert isinstance(computer_step(m, players[side]), Draft)
    assert m.round.is_over


def test_computer_step_refuses_bad_arguments_and_changes_nothing():
    m = Match(target=1)
    before = m.state
    for player in (None, RandomPlayer, "random", object()):
        with pytest.raises(InvalidArgumentError):
            computer_step(m, player)
    with pytest.raises(InvalidArgumentError):
        computer_step("match", RandomPlayer(seed=1))
    assert m.state == before
