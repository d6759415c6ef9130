"""5x15: moves at every level, sorted rows, loops, notation, and the solvers checked against each other."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fifteen_kit.errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from fifteen_kit.five_by_15 import Fill, Game, Position, Shift, best_first, depth_first
from fifteen_kit.five_by_15.solver import PREFIX_COUNTEREXAMPLE


def grid(text, level=1):
    return Position.parse(f"{text} L{level}")


def test_deal_shape_and_column_zero():
    p = Position.deal(seed=4)
    assert len(p.grid) == 5 and all(len(r) == 16 for r in p.grid)
    assert len(p.gaps()) == 5 and all(r[0][1] == 1 for r in p.grid)
    assert Position.parse(p.notation()) == p


def test_fill_needs_a_matching_neighbour():
    # the gap at (0, 2) takes B3 (one above its left neighbour B2) or B2 (one below its right neighbour B3);
    # the orange row is sorted, so it is out of play
    p = grid("B1 B2 -- B3 / O1 O2 O3 --")
    assert {str(m) for m in p.legal_moves()} == {"B3 to 0,2", "B2 to 0,2"}
    with pytest.raises(IllegalMoveError) as info:
        p.play("O3 to 0,2")
    assert "takes B3 or B2" in str(info.value)


def test_sorted_row_is_out_of_play_and_the_game_is_won():
    p = grid("B1 B2 B3 -- / O1 O2 -- O3")
    assert p.is_sorted(0) and not p.is_won
    q = p.play("O3 to 1,2")
    assert q.is_won and q.legal_moves() == ()
    with pytest.raises(GameOverError):
        q.play("O3 to 1,2")


SHIFTS = "B1 O2 B3 B4 B5 B6 B7 -- / O1 B2 O3 O4 O5 O6 O7 --"  # two runs of five ending in 7, gaps after


@pytest.mark.parametrize("level,length,allowed", [(1, 3, True), (1, 2, False), (2, 4, True), (2, 3, False),
                                                  (3, 5, True), (3, 4, False)])
def test_shift_minimum_run_by_level(level, length, allowed):
    p = grid(SHIFTS, level)
    move = Shift(tile=(0, 8 - length), top=7)
    assert move.length == length and (move in p.legal_moves()) == allowed
    if not allowed:
        with pytest.raises(IllegalMoveError, match=f"at least {length + 1} tiles"):
            p.play(move)


def test_shift_moves_the_run_right():
    q = grid(SHIFTS, 1).play("shift B5-7")
    assert q.grid[0][5:8] == ((0, 5), (0, 6), (0, 7)) and q.grid[0][4] is None
    assert q.grid[0][:4] == grid(SHIFTS).grid[0][:4]


def test_stuck_and_loop_are_reported():
    # every gap has a 3 (the highest) on its left and a 2 on its right: nothing fits, no run to shift
    stuck = grid("B1 O3 -- B2 / O1 B3 -- O2")
    assert stuck.legal_moves() == () and Game(stuck).status == "stuck"
    # after B2 moves right, its only move takes it back: every move returns to a position already seen
    g = Game(grid("B1 B2 -- B3 / O1 O3 -- O2"))
    assert g.status == "playing"
    g.play("B2 to 0,2")
    assert [str(m) for m in g.position.legal_moves()] == ["B2 to 0,1"]
    assert g.status == "loop" and g.fresh_moves() == ()
    with pytest.raises(GameOverError):
        g.play("B2 to 0,1")
    g.undo()
    assert g.status == "playing"


def test_bad_input():
    p = Position.deal(seed=1)
    for bad in ("", "X1 to 0,0", "shift B9-15", "shift B2-7", "shift row 9 x3", None, 5):
        with pytest.raises((IllegalMoveError, NotationError)):
            p.play(bad)
    for bad in ("B1 B2", "B1 B1 -- / O1 O2 --", None):
        with pytest.raises(NotationError):
            Position.parse(bad)
    with pytest.raises(InvalidArgumentError):
        Position.deal(seed=1, level=4)
    g = Game(p)
    with pytest.raises(IllegalMoveError):
        g.undo()


# (colours, size, deals per level): the best-first search must reach exactly the verdict of the plain
# exhaustive search, at every level, and its winning lines must replay through the engine
SMALL_GAMES = [(3, 5, 300), (3, 6, 300), (3, 7, 200), (4, 5, 200), (4, 6, 100)]


@pytest.mark.parametrize("colours,size,deals", SMALL_GAMES)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_best_first_agrees_with_exhaustive_search(colours, size, deals, level):
    verdicts = set()
    for seed in range(deals):
        p = Position.deal(seed, level=level, colours=colours, size=size)
        exhaustive, best = depth_first(p), best_first(p, budget=None)
        assert exhaustive.status == best.status, (seed, level)
        verdicts.add(best.status)
        for result in (exhaustive, best):
            if result.status == "won":
                q = p
                for move in result.line:
                    q = q.play(move)
                assert q.is_won
    assert verdicts == {"won", "lost"}  # both verdicts occur, so the comparison means something


def test_one_move_from_a_win():
    p = grid("B1 B2 -- B3 / O1 O2 O3 --")
    for solve in (depth_first, best_first):
        result = solve(p)
        assert result.status == "won" and [str(m) for m in result.line] == ["B3 to 0,2"]


def test_stuck_and_loop_positions_are_proved_lost():
    stuck = grid("B1 O3 -- B2 / O1 B3 -- O2")
    looping = grid("B1 B2 -- B3 / O1 O3 -- O2")  # B2 can only go back and forth
    for p in (stuck, looping):
        assert depth_first(p).status == best_first(p).status == "lost"
    # stuck: nothing to expand beyond the start; looping: B2 back and forth, or B3 in (then orange is stuck)
    assert depth_first(stuck).nodes == 1 and depth_first(looping).nodes == 3


def test_a_deal_won_only_by_breaking_a_sorted_prefix():
    p = Position.parse(PREFIX_COUNTEREXAMPLE)
    assert p == Position.deal(238, colours=2, size=6)
    assert p.sorted_prefix(1) == 3  # O1 O2 O3 already in place
    won = depth_first(p)
    assert won.status == "won" and best_first(p).status == "won"
    assert depth_first(p, keep_prefixes=True).status == "lost"
    # the winning line indeed takes O3 out of the prefix at some point
    q, broken = p, False
    for move in won.line:
        q = q.play(move)
        broken = broken or q.sorted_prefix(1) < 3
    assert q.is_won and broken


def test_budgets_answer_unknown():
    p = Position.deal(5, level=3)
    assert best_first(p, budget=10).status == "unknown"
    assert depth_first(p, budget=10).status == "unknown"
    assert best_first(p, budget=None, seconds=0.01).status in ("unknown", "won")
    for bad in (0, -1, 1.5, "many"):
        with pytest.raises(InvalidArgumentError):
            best_first(p, budget=bad)
    with pytest.raises(InvalidArgumentError):
        best_first(p, seconds=0)
    with pytest.raises(InvalidArgumentError):
        depth_first("B1 B2", budget=5)


def test_full_deals_are_won_with_replayable_lines():
    for level in (1, 2, 3):
        p = Position.deal(0, level=level)
        result = best_first(p)
        assert result.status == "won"
        for move in result.line:
            p = p.play(move)
        assert p.is_won


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.lists(st.integers(0, 50), max_size=30))
def test_random_play_keeps_every_tile_and_column_zero(seed, level, picks):
    p = Position.deal(seed, level=level)
    ones = [row[0] for row in p.grid]
    for k in picks:
        moves = p.legal_moves()
        if not moves:
            break
        p = p.play(moves[k % len(moves)])
        tiles = sorted(t for row in p.grid for t in row if t is not None)
        assert len(tiles) == 75 and len(set(tiles)) == 75
        assert [row[0] for row in p.grid] == ones
        assert Position.parse(p.notation()) == p


MALFORMED_MOVES = [
    (Fill, dict(tile=(1, 9), to=None)), (Fill, dict(tile=(1, 9), to=(0,))), (Fill, dict(tile=7, to=(0, 14))),
    (Fill, dict(tile=(0,), to=(0, 14))), (Shift, dict(tile=5)), (Shift, dict(tile=(0,))), (Shift, dict(tile=(9, 12))),
    (Fill, dict(tile=(9, 3), to=(0, 14))), (Fill, dict(tile=("a", "b"), to=(0, 14))), (Shift, dict(tile=(0, "3"))),
    (Shift, dict(tile=(0.5, 12))), (Fill, dict(tile=(1, 9), to=(0.0, 14.0))), (Fill, dict(tile=(1.0, 9), to=(0, 14))),
    (Fill, dict(tile=(True, 9), to=(0, 14))), (Fill, dict(tile=(-1, 3), to=(0, 14))),
    (Fill, dict(tile=(1, 9), to=(5, 1))), (Fill, dict(tile=(1, 9), to=(0, 16))), (Shift, dict(tile=(0, 15), top=15)),
    (Shift, dict(tile=(0, 12), top=16)), (Shift, dict(tile=(0, 12), top=True)), (Shift, dict(tile=(0, 12), top=14.0)),
]


@pytest.mark.parametrize("cls,fields", MALFORMED_MOVES,
                         ids=[f"{c.__name__}{sorted(f.items())}" for c, f in MALFORMED_MOVES])
def test_malformed_moves_are_refused_when_made(cls, fields):
    with pytest.raises(InvalidArgumentError):
        cls(**fields)


def test_moves_are_two_kinds_with_a_repr_that_is_python():
    from fifteen_kit.five_by_15 import parse_move

    p = Position.parse("B1 O4 B4 B5 B6 -- O5 / O1 O2 O3 -- O6 B2 B3 L1")  # fills and a shift
    moves = p.legal_moves()
    assert {type(m) for m in moves} == {Fill, Shift}
    for m in moves:
        assert eval(repr(m)) == m and parse_move(str(m)) == m and type(m).parse(m.notation()) == m
    assert repr(Fill(tile=(0, 7), to=(2, 8))) == "Fill(tile=(0, 7), to=(2, 8))"
    assert repr(Shift(tile=(1, 11))) == "Shift(tile=(1, 11), top=15)" and Shift(tile=(1, 11)).length == 5
    assert Fill(tile=(0, 3), to=(0, 2)) != Shift(tile=(0, 3), top=15)
    with pytest.raises(NotationError):
        Fill.parse("shift B5-7")
    with pytest.raises(NotationError):
        Shift.parse("B7 to 2,8")


def test_a_fill_ignores_top_and_junk_never_escapes_as_another_error():
    p = Position.deal(seed=1)
    assert p.play(Fill(tile=(1, 9), to=(0, 14))) == p.play("O9 to 0,14")
    g = Game(p)
    for junk in (None, 5, (1, 9), "B7 to ٢,٨", "B7 to 1_0,2", "B7 to +2,8", "B7 to -1,8", "B" + "9" * 5000):
        with pytest.raises((IllegalMoveError, NotationError)):
            g.play(junk)
    assert len(g.history) == 1
    for bad in ("B" + "9" * 5000, "B1 B2 -- / O1 O2 -- O3 " + "9" * 5000):
        with pytest.raises(NotationError):
            Position.parse(bad)
    for row in (9, -1, "a", 1.0):
        with pytest.raises(InvalidArgumentError):
            p.row_colour(row)
        with pytest.raises(InvalidArgumentError):
            p.is_sorted(row)


@pytest.mark.parametrize("junk", ["B7", 7, (0,), (9, 3), [0, 1], (0, 11.0), (True, 11)])
def test_a_grid_with_a_junk_tile_is_refused(junk):
    rows = [list(r) for r in Position.deal(seed=1).grid]
    rows[0][3] = junk
    with pytest.raises(InvalidArgumentError):
        Position(tuple(tuple(r) for r in rows))


def test_level_is_read_in_any_case_and_a_refused_deal_leaves_the_generator_alone():
    import random

    p = Position.deal(seed=2, level=2)
    assert Position.parse(p.notation().replace(" L2", "\tl2")) == p
    rng, twin = random.Random(5), random.Random(5)
    with pytest.raises(InvalidArgumentError):
        Position.deal(rng, level=9)
    assert rng.random() == twin.random()


def test_play_out_refuses_bad_players():
    from fifteen_kit.five_by_15 import GreedyPlayer, play_out

    small = Position.deal(seed=3, colours=3, size=6)
    for bad in (5, None, object(), "clever"):
        with pytest.raises(InvalidArgumentError):
            play_out(small, bad)
    for bad in (lambda game, rng: "not a move", GreedyPlayer):  # an old-style function, a class (not a player)
        with pytest.raises(InvalidArgumentError):
            play_out(small, bad)

    class Junk:
        name = "junk"

        def choose(self, position):
            return "not a move"

    with pytest.raises(InvalidArgumentError):
        play_out(small, Junk())
    with pytest.raises(InvalidArgumentError):
        play_out(small, GreedyPlayer(seed=1), seed=1)  # a player object has its own randomness


def test_players_follow_the_contract_and_play_out_repeats():
    from fifteen_kit import contract
    from fifteen_kit.five_by_15 import PLAYERS, make_player, play_out

    small = Position.deal(seed=3, colours=3, size=6)
    assert set(PLAYERS) == {"random", "greedy"}
    for name, factory in PLAYERS.items():
        player = make_player(name, seed=5)
        assert isinstance(player, contract.Player) and player.name == name and isinstance(factory(1), type(player))
        assert player.choose(small) in small.legal_moves() and player.choose(Game(small)) in small.legal_moves()
        by_name = play_out(small, name, seed=7)
        assert by_name == play_out(small, name, seed=7) == play_out(small, make_player(name, seed=7))
        assert by_name.status in ("won", "stuck", "loop")
    for bad in ("clever", None, 5):
        with pytest.raises(InvalidArgumentError):
            make_player(bad)
    with pytest.raises(InvalidArgumentError):
        make_player("greedy").choose("B1 B2")
    stuck = grid("B1 O3 -- B2 / O1 B3 -- O2")
    with pytest.raises(GameOverError):
        make_player("random").choose(stuck)


def test_position_follows_the_contract():
    from fifteen_kit import contract

    p = Position.deal(seed=1, colours=3, size=6)
    assert isinstance(p, contract.Position) and not p.is_over
    assert Position.parse(p.notation()) == p
    stuck = grid("B1 O3 -- B2 / O1 B3 -- O2")
    won = grid("B1 B2 B3 -- / O1 O2 O3 --")
    assert stuck.is_over and won.is_over and Game(stuck).status == "stuck"
    # explain and play agree: a move is played exactly when explain has no objection, with explain's message
    candidates = [*p.legal_moves(), Fill(tile=(0, 3), to=(0, 1)), Fill(tile=(1, 2), to=(2, 9)),
                  Shift(tile=(0, 2), top=6), Shift(tile=(1, 5), top=6), Shift(tile=(2, 4), top=5), "B9 to 0,1", "junk"]
    for gap in p.gaps():
        candidates += [Fill(tile=(c, n), to=gap) for c in range(3) for n in range(2, 7)]
    for move in candidates:
        reason = p.explain(move)
        if reason is None:
            assert p.play(move) in [p.play(m) for m in p.legal_moves()]
        else:
            with pytest.raises((IllegalMoveError, NotationError)) as info:
                p.play(move)
            assert info.value.message == reason
    result = best_first(p)
    assert isinstance(result, contract.SolveResult) and result.status in ("won", "lost")


def test_move_cells_and_out_of_play():
    p = grid("B1 O2 B3 B4 B5 -- / O1 B2 O3 O4 O5 --")
    assert p.move_cells(Shift(tile=(0, 3), top=5)) == (((0, 2), (0, 3), (0, 4)), (0, 5))
    q = grid("B1 -- B2 B3 / O1 O3 O2 --")
    assert q.move_cells(Fill(tile=(0, 2), to=(0, 1))) == (((0, 2),), (0, 1))
    with pytest.raises(IllegalMoveError):
        q.move_cells(Fill(tile=(1, 3), to=(0, 1)))
    assert p.out_of_play((0, 0)) == "column 0 holds the 1s; they never move" and p.out_of_play((0, 1)) is None
    for bad in ((2, 0), (0, 5.0), None, (0, 6)):
        with pytest.raises(InvalidArgumentError):
            p.out_of_play(bad)


def test_the_stored_comparison_is_what_the_kit_plays():
    # lesson 06's comparison is stored (fifteen_kit/five_by_15/_study.py); rebuild a sample of its deals with the
    # code that plays any other comparison, and check compare_players answers the stored counts
    from fifteen_kit.five_by_15 import compare_players
    from fifteen_kit.five_by_15._study import STUDY, STUDY_ARGS, STUDY_DEALS
    from fifteen_kit.five_by_15.players import _deal_ends

    for level, index in ((1, 7), (1, 9), (2, 9)):  # cheap deals, among them the one greedy play wins
        assert _deal_ends(level, index, *STUDY_ARGS) == STUDY[level][index]
    budget, first_seed = STUDY_ARGS[:2]
    for level in (1, 2, 3):
        assert len(STUDY[level]) == STUDY_DEALS
        counts = compare_players(level, deals=STUDY_DEALS, budget=budget, first_seed=first_seed)
        assert counts["solver"] == {k: [e[0] for e in STUDY[level]].count(k) for k in ("won", "lost", "unknown")}
        assert counts["random"]["loop"] == [e[2] for e in STUDY[level]].count("loop")


def test_compare_players_counts_every_deal_and_checks_its_arguments():
    from fifteen_kit.five_by_15 import compare_players

    result = compare_players(1, deals=3, colours=3, size=6)
    assert {name: sum(counts.values()) for name, counts in result.items()} == {"solver": 3, "greedy": 3, "random": 3}
    result["solver"]["won"] = 99  # the answer is a fresh dict: changing it changes nothing remembered
    assert compare_players(1, deals=3, colours=3, size=6)["solver"]["won"] <= 3
    for bad in ({"level": 4}, {"level": True}, {"level": 1, "deals": 0}, {"level": 1, "deals": 101},
                {"level": 1, "budget": 0}, {"level": 1, "first_seed": -1}, {"level": 1, "colours": 9},
                {"level": 1, "size": 1}):
        with pytest.raises(InvalidArgumentError):
            compare_players(**bad)


def test_time_budgets_count_cpu_seconds_not_the_wall_clock():
    # issue 34: a search's time budget and its reported seconds are CPU time of this process, so a busy machine
    # (here: a sleeping thread does not count, and the process's CPU clock advances only with work) changes no
    # verdict; the wall clock is only the named safety net wall_seconds
    import time

    from fifteen_kit.five_by_15 import solver as solver_module

    deal = Position.deal(seed=3, level=3)
    clock = solver_module._Clock(None, 0.05)
    for _ in range(32):
        assert not clock.spent()
    wall = time.perf_counter()
    time.sleep(0.1)  # wall time passes, next to no CPU time
    assert time.perf_counter() - wall >= 0.1
    assert not clock.spent() and clock.nodes == 33  # checked at 32 positions: the CPU budget is not spent
    safety = solver_module._Clock(None, None, 0.05)
    for _ in range(32):
        assert not safety.spent()
    time.sleep(0.06)
    assert safety.spent()
    result = best_first(deal, budget=50_000)
    assert result.seconds <= time.process_time()

