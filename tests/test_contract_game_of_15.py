"""The Game of 15 speaks the engine contract (fifteen_kit.contract): position, players, solver."""

from __future__ import annotations

import random
import typing

import pytest

from fifteen_kit import contract
from fifteen_kit.errors import GameOverError, IllegalMoveError
from fifteen_kit.game_of_15 import (
    PLAYERS,
    Draft,
    Reason,
    Round,
    Side,
    Solver,
    evaluate,
    full_table,
    make_player,
    solve,
)
from fifteen_kit.game_of_15.square import digits_of
from fifteen_kit.game_of_15.tree import reachable_positions

# Statically, too: mypy accepts a Round where the contract asks for a Position (run mypy on this file).
_POSITION: contract.Position[int] = Round.start()
_PLAYER: contract.Player[Round, int] = make_player("perfect", seed=0)


def _reachable_rounds() -> list[Round]:
    out = []
    for first, second in sorted(reachable_positions()):
        onyx, ivory = frozenset(digits_of(first)), frozenset(digits_of(second))
        out.append(Round(onyx, ivory, Side.ONYX if len(onyx) == len(ivory) else Side.IVORY))
    return out


#: Every kind of move the rules refuse, or the notation cannot read, and what kind of position it is tried in.
ILLEGAL = [
    ("5/2 O", 5, IllegalMoveError),  # drafted by the mover
    ("5/2 O", 2, IllegalMoveError),  # drafted by the opponent
    ("5/2 O", Draft(2), IllegalMoveError),
    ("5/2 O", "2", IllegalMoveError),
    ("5/2 O", "draft 5", IllegalMoveError),
    ("5/2 O", 0, IllegalMoveError),  # not a digit
    ("5/2 O", 10, IllegalMoveError),
    ("5/2 O", -3, IllegalMoveError),
    ("5/2 O", True, IllegalMoveError),  # a bool is not a digit
    ("5/2 O", 4.0, IllegalMoveError),
    ("5/2 O", None, IllegalMoveError),
    ("5/2 O", object(), IllegalMoveError),
    ("5/2 O", "x", IllegalMoveError),  # text that is no draft
    ("5/2 O", "", IllegalMoveError),
    ("5/2 O", "10", IllegalMoveError),
    ("5/2 O", "draft", IllegalMoveError),
    ("5/2 O", "7" * 10_000, IllegalMoveError),  # far too long to read
    ("258/46 I", 1, GameOverError),  # the round is won
    ("258/46 I", "1", GameOverError),
    ("258/46 I", 99, GameOverError),
    ("14578/2369 I", 1, GameOverError),  # a stalemate: nothing left to draft
    ("13567/2489 I manual", 1, GameOverError),  # only a claim or a decline is left
    ("17/35 O manual xI", 2, GameOverError),  # a false claim forfeited the round
]


def test_round_is_a_contract_position():
    r = Round.start()
    assert isinstance(r, contract.Position)
    assert isinstance(Round.parse("258/46 I"), contract.Position)
    assert r.legal_moves() == tuple(range(1, 10))
    assert not r.is_over and Round.parse("258/46 I").is_over
    assert Round.parse(r.notation()) == r


@pytest.mark.parametrize(("text", "move", "error"), ILLEGAL, ids=[f"{t}:{m!r:.12}" for t, m, _ in ILLEGAL])
def test_explain_and_play_agree_on_every_illegal_move_kind(text, move, error):
    r = Round.parse(text)
    reason = r.explain(move)
    assert isinstance(reason, str) and reason
    with pytest.raises(error) as caught:
        r.play(move)
    assert caught.value.message == reason
    assert r == Round.parse(text)  # unchanged


def test_explain_and_play_agree_on_sampled_positions():
    rounds = random.Random(15).sample(_reachable_rounds(), 150)
    tries: list[object] = [*range(-1, 11), "5", " draft 3 ", "x", Draft(4), None, 2.0, True]
    for r in rounds:
        for move in tries:
            reason = r.explain(move)
            try:
                after = r.play(typing.cast(typing.Any, move))
            except IllegalMoveError as err:
                assert err.message == reason, (r, move)
            else:
                assert reason is None, (r, move)
                assert after.drafts == r.drafts + 1
        for digit in r.legal_moves():
            assert r.explain(digit) is None and r.explain(str(digit)) is None
            assert r.play(str(digit)) == r.play(digit) == r.play(Draft(digit))


def test_players_follow_the_contract():
    r = Round.parse("5/2 O")
    for name, factory in PLAYERS.items():
        player = factory(7)
        assert isinstance(player, contract.Player)
        assert player.name == name
        assert player.choose(r) in r.legal_moves()
        same = make_player(name, seed=7)
        assert same.choose(r) == factory(7).choose(r)  # seeded players repeat
        assert make_player(name).choose(r) in r.legal_moves()  # seed None: fresh randomness


def test_solve_answers_with_a_solve_result():
    result = solve(Round())
    assert isinstance(result, contract.SolveResult)
    assert result.status == "draw" and result.nodes == 5478 and result.seconds >= 0
    assert typing.get_args(contract.Outcome) == ("win", "draw", "loss")


@pytest.mark.parametrize("manual", [False, True])
def test_solve_line_is_best_play_and_ends_as_the_status_says(manual):
    rounds = random.Random(3).sample([r for r in _reachable_rounds() if not r.is_over], 60)
    for r in rounds:
        if manual:
            r = Round(r.onyx, r.ivory, r.to_move, auto_claim=False)
        result = solve(r)
        assert result.status == evaluate(r).outcome
        end = r
        for digit in result.line:
            assert digit in evaluate(end).best_moves
            end = end.play(digit)
        holder = end.to_move.other
        if result.status == "draw":
            assert end.drafts == 9 and end.fifteen(Side.ONYX) is None and end.fifteen(Side.IVORY) is None
        else:
            assert end.fifteen(holder) is not None
            assert (holder is r.to_move) == (result.status == "win")
        if not manual:
            assert end.is_over and (end.winner is None) == (result.status == "draw")


def test_solve_of_a_finished_round():
    result = solve(Round.parse("258/46 I"))
    assert (result.status, result.line) == ("loss", ())
    assert solve(Round.parse("14578/2369 I")).status == "draw"
    assert solve(Round().play(5).forfeit(Side.IVORY, Reason.TIME)).status == "loss"


def test_solver_vocabulary():
    assert Solver().solve_reachable() == 5478 == len(full_table())
