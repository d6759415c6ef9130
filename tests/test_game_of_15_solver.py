"""Perfect play: negamax values, the published tree figures, computer players, puzzles."""

import random

import pytest

from fifteen_kit.errors import GameOverError, InvalidArgumentError
from fifteen_kit.game_of_15 import Reason, Round, Side, evaluate, full_table, move_evaluations
from fifteen_kit.game_of_15.players import (
    PLAYERS,
    PerfectPlayer,
    RandomPlayer,
    TacticianPlayer,
    make_player,
    threats,
)
from fifteen_kit.game_of_15.puzzles import puzzle_positions, puzzles
from fifteen_kit.game_of_15.solver import score_to_outcome
from fifteen_kit.game_of_15.tree import canonical, count_games, reachable_positions, tree_statistics


def test_published_tic_tac_toe_figures():
    s = tree_statistics()
    assert s.games == 255_168
    assert (s.first_player_wins, s.second_player_wins, s.draws) == (131_184, 77_904, 46_080)
    assert s.positions == 5_478
    assert s.positions_up_to_symmetry == 765
    assert s.terminal_positions == 958
    assert sum(s.games_by_length.values()) == s.games
    assert min(s.games_by_length) == 5 and max(s.games_by_length) == 9


def test_full_solve_covers_every_reachable_position():
    table = full_table()
    assert len(table) == 5_478 == len(reachable_positions())


def test_empty_position_is_a_draw_and_every_opening_draws():
    e = evaluate(Round())
    assert e.outcome == "draw" and e.plies == 9
    assert e.best_moves == tuple(range(1, 10))
    assert all(v.outcome == "draw" for v in move_evaluations(Round()).values())


def test_known_values():
    # after the centre, only the even digits (corners) hold the draw
    values = move_evaluations(Round.parse("5/- I"))
    assert {d for d, v in values.items() if v.outcome == "draw"} == {2, 4, 6, 8}
    assert {d for d, v in values.items() if v.outcome == "loss"} == {1, 3, 7, 9}
    # a fork: 2 and 5 against 1 and 3 -- 8 wins at once, 9 makes a double threat
    e = evaluate(Round.parse("25/13 O"))
    assert (e.outcome, e.own_drafts, e.best_moves) == ("win", 1, (8,))
    assert move_evaluations(Round.parse("25/13 O"))[9].describe() == "win in 2"


def test_solver_values_agree_with_brute_force_minimax():
    def brute(r: Round) -> int:
        if r.is_over:
            return 0 if r.winner is None else -1  # the side to move has lost
        return max(-brute(r.play(d)) for d in r.legal_moves())

    rng = random.Random(5)
    positions = sorted(reachable_positions())
    for first, second in rng.sample(positions, 60):
        onyx = {d for d in range(1, 10) if first >> (d - 1) & 1}
        ivory = {d for d in range(1, 10) if second >> (d - 1) & 1}
        r = Round(onyx, ivory, Side.ONYX if len(onyx) == len(ivory) else Side.IVORY)
        if r.drafts < 3:
            continue
        sign = {"win": 1, "draw": 0, "loss": -1}[evaluate(r).outcome]
        assert sign == brute(r), r.notation()


def test_score_encoding():
    assert score_to_outcome(5) == ("win", 5)
    assert score_to_outcome(-3) == ("loss", 7)
    assert score_to_outcome(0) == ("draw", None)


def test_manual_rounds_with_unclaimed_fifteens():
    # Onyx let 1+5+9 pass unclaimed; Ivory has just drafted 7 (2+6+7): Onyx drafts anything and claims
    r = Round.parse("159/26 I manual").play(7)
    e = evaluate(r)
    assert (e.outcome, e.own_drafts, e.best_moves) == ("win", 1, r.legal_moves())
    # Ivory cannot stop Onyx's unclaimed 2+5+8 from being claimed after Onyx's next draft
    r = Round.parse("258/13 I manual")
    e = evaluate(r)
    assert (e.outcome, e.plies) == ("loss", 2)
    assert PerfectPlayer(0).choose(r) in r.legal_moves()
    assert all(v.outcome == "loss" for v in move_evaluations(r).values())
    # ... unless Ivory can make its own fifteen first: 4+5+6 is open to Ivory here
    e = evaluate(Round.parse("159/26 I manual"))  # Onyx's 1+5+9 unclaimed; Ivory completes 2+6+7 first
    assert (e.outcome, e.own_drafts, e.best_moves) == ("win", 1, (7,))
    # pool empty: the last drafter claims a pending fifteen, or the round is drawn
    assert evaluate(Round.parse("13567/2489 I manual")).outcome == "loss"
    assert evaluate(Round.parse("14578/2369 I manual")).outcome == "draw"


def test_finished_rounds_are_valued_by_their_result():
    assert evaluate(Round.parse("25/13 O").forfeit(Side.ONYX, Reason.TIME)).outcome == "loss"
    assert evaluate(Round.parse("25/13 O xI")).outcome == "win"  # Ivory's false claim: Onyx (to move) won
    assert evaluate(Round.parse("258/46 I")).describe() == "loss"


def test_evaluate_of_a_finished_round():
    assert evaluate(Round.parse("258/46 I")).outcome == "loss"
    assert evaluate(Round.parse("258/13 I manual +O258")).outcome == "loss"
    assert evaluate(Round.parse("13567/2489 I manual =")).outcome == "draw"


def test_threats():
    assert threats(frozenset({9, 2}), frozenset({4, 5})) == {4}
    assert threats(frozenset({9, 2}), frozenset({5})) == frozenset()


def play_out(a, b, first=Side.ONYX) -> Round:
    r = Round.start(first)
    players = {Side.ONYX: a, Side.IVORY: b}
    while not r.is_over:
        r = r.play(players[r.to_move].choose(r))
    return r


def test_perfect_player_never_loses():
    for seed in range(40):
        for opponent in (RandomPlayer(seed), TacticianPlayer(seed), PerfectPlayer(seed + 1)):
            for first in Side:
                r = play_out(PerfectPlayer(seed), opponent, first)
                assert r.winner is not Side.IVORY, r.notation()
                r = play_out(opponent, PerfectPlayer(seed), first)
                assert r.winner is not Side.ONYX, r.notation()


def test_perfect_against_perfect_always_draws():
    for seed in range(20):
        assert play_out(PerfectPlayer(seed), PerfectPlayer(seed + 100)).winner is None


def test_perfect_player_takes_the_fastest_win():
    assert PerfectPlayer(0).choose(Round.parse("25/13 O")) == 8


def test_tactician_follows_the_techniques_in_order():
    t = TacticianPlayer(0)
    assert t.reason(Round.parse("29/35 O")) == ("complete a fifteen", (4,))
    assert t.reason(Round.parse("5/92 O"))[0] == "block the opponent"
    assert t.reason(Round.parse("5/92 O"))[1] == (4,)
    assert t.reason(Round()) == ("take 5", (5,))
    assert t.reason(Round.parse("5/- I")) == ("take an even digit", (2, 4, 6, 8))
    # Onyx 1, 2 against 6, 8: nothing to complete or block; 9 threatens 1+5+9 and 2+4+9 at once
    assert t.reason(Round.parse("12/68 O")) == ("make a fork", (9,))


def test_tactician_never_misses_a_win_or_a_block():
    for seed in range(30):
        rng = random.Random(seed)
        r = Round()
        t = TacticianPlayer(seed)
        while not r.is_over:
            if r.to_move is Side.ONYX:
                mine = r.rack(r.to_move)
                wins = threats(mine, r.pool)
                d = t.choose(r)
                if wins:
                    assert d in wins
                elif threats(r.rack(r.to_move.other), r.pool):
                    assert d in threats(r.rack(r.to_move.other), r.pool)
            else:
                d = rng.choice(r.legal_moves())
            r = r.play(d)


def test_players_are_deterministic_per_seed():
    for name in PLAYERS:
        a = [make_player(name, 7).choose(Round.parse("5/- I")) for _ in range(3)]
        b = [make_player(name, 7).choose(Round.parse("5/- I")) for _ in range(3)]
        assert a == b
    games = {play_out(RandomPlayer(3), RandomPlayer(4)).notation() for _ in range(5)}
    assert len(games) == 1


def test_player_refusals():
    with pytest.raises(InvalidArgumentError):
        make_player("grandmaster")
    with pytest.raises(InvalidArgumentError):
        RandomPlayer("seed")
    for cls in PLAYERS.values():
        with pytest.raises(GameOverError):
            cls(0).choose(Round.parse("258/46 I"))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_puzzles_win_in_exactly_n(n):
    found = puzzles(n, count=8, seed=n)
    assert len({p.position for p in found}) == 8
    for p in found:
        e = evaluate(p.position)
        assert e.outcome == "win" and e.own_drafts == n
        assert p.solutions == e.best_moves and all(p.check(d) for d in p.solutions)
        # no faster win exists, and a non-solution does not keep the win in n
        for d, v in move_evaluations(p.position).items():
            assert (v.outcome == "win" and v.own_drafts == n) == (d in p.solutions)
    assert [p.position for p in puzzles(n, count=3, seed=11)] == [p.position for p in puzzles(n, count=3, seed=11)]


def test_puzzle_refusals():
    for bad in (0, 4, "2", 2.0):
        with pytest.raises(InvalidArgumentError):
            puzzle_positions(bad)
    with pytest.raises(InvalidArgumentError):
        puzzles(3, count=10_000)
    with pytest.raises(InvalidArgumentError):
        puzzles(3, count=0)


def test_canonical_and_counts():
    assert canonical((0b10, 0)) == canonical((0b10000000, 0))
    assert sum(count_games()) == 255_168


@pytest.mark.parametrize("call", [
    lambda: evaluate("5/- I"), lambda: move_evaluations(None), lambda: PerfectPlayer(solver="x"),
    lambda: RandomPlayer(0).choose("5/- I"), lambda: TacticianPlayer(0).choose(None),
    lambda: PerfectPlayer(0).choose(5), lambda: puzzles(1, 1, [1]),
])
def test_wrong_types_raise_kit_errors(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_games_by_length_and_outcome():
    from fifteen_kit.game_of_15.tree import games_by_length

    g = games_by_length()
    assert g == {"first": {5: 1440, 7: 47952, 9: 81792}, "second": {6: 5328, 8: 72576}, "draw": {9: 46080}}
    assert sum(g["first"].values()) == 131_184 and sum(g["second"].values()) == 77_904
    # from a position: after the centre and a corner, counts start at draft 2
    after = games_by_length(0b10000, 0b10)
    assert min(min(v) for v in after.values() if v) >= 5


def test_shipped_graph_is_rebuilt_from_the_rules():
    # the solver's position graph (up to symmetry) is shipped as data: rebuild it from the rules and compare
    from fifteen_kit.game_of_15 import _graph

    assert _graph.build() == _graph.load()
    assert _graph.graph().positions == 5_478


def test_backward_pass_agrees_with_a_plain_negamax_on_every_reachable_position():
    from functools import cache

    from fifteen_kit.game_of_15.square import _FULL, _HAS_FIFTEEN

    @cache
    def plain(me: int, opp: int) -> int:  # the score encoding of the module docstring, searched directly
        if _HAS_FIFTEEN[opp]:
            return -10
        if me | opp == _FULL:
            return 0
        best = -11
        for d in range(9):
            if not (me | opp) >> d & 1:
                c = plain(opp, me | 1 << d)
                best = max(best, -c - 1 if c < 0 else -c + 1 if c > 0 else 0)
        return best

    table = full_table()
    assert table == {key: plain(key & _FULL, key >> 9) for key in table}
