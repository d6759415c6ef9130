"""Property tests (hypothesis): random legal play never breaks an invariant."""

from hypothesis import given, settings
from hypothesis import strategies as st

from fifteen_kit.errors import FifteenKitError
from fifteen_kit.game_of_15 import LINES, SYMMETRIES, WINNING_TRIPLES, Round, Side, evaluate
from fifteen_kit.game_of_15.match import Match

orders = st.permutations(range(1, 10))
sides = st.sampled_from([Side.ONYX, Side.IVORY])


def rounds_along(order, first, auto_claim=True):
    r = Round.start(first, auto_claim=auto_claim)
    yield r
    for d in order:
        if r.is_over or r.awaiting_claim:
            return
        r = r.play(d)
        yield r


def owns_line(r: Round, side: Side) -> bool:
    grid = r.to_grid()
    return any(all(grid[row][col] is side for row, col in line.cells) for line in LINES)


@given(orders, sides)
def test_invariants_hold_along_random_play(order, first):
    for r in rounds_along(order, first):
        assert not (r.onyx & r.ivory)
        assert r.onyx | r.ivory | r.pool == frozenset(range(1, 10))
        assert len(r.onyx) + len(r.ivory) + len(r.pool) == 9
        assert r.first is first
        for side in Side:
            # a fifteen on the rack exactly when a magic-square line is owned on the grid
            assert (r.fifteen(side) is not None) == owns_line(r, side)
        if r.winner is not None:
            assert r.fifteen(r.winner) is not None and r.fifteen(r.winner.other) is None
        assert Round.parse(r.notation()) == r
        assert Round.from_grid(r.to_grid(), r.to_move) == r


@given(orders, sides)
def test_manual_rounds_round_trip_through_notation(order, first):
    for r in rounds_along(order, first, auto_claim=False):
        assert Round.parse(r.notation()) == r
        last = r.last_drafter
        if last is not None and r.fifteen(last) and not r.is_over:
            claimed = r.claim(last, r.fifteen(last))
            assert claimed.winner is last and Round.parse(claimed.notation()) == claimed


def test_the_mapping_carries_the_eight_triples_to_the_eight_lines():
    assert sorted(tuple(sorted(line.digits)) for line in LINES) == sorted(WINNING_TRIPLES)


@settings(max_examples=60)
@given(orders, st.integers(min_value=0, max_value=8))
def test_solver_value_is_invariant_under_the_eight_symmetries(order, plies):
    r = Round()
    for d in order[:plies]:
        if r.is_over:
            break
        r = r.play(d)
    base = evaluate(r)
    for sym in SYMMETRIES:
        image = Round(frozenset(sym(r.onyx)), frozenset(sym(r.ivory)), r.to_move)
        e = evaluate(image)
        assert (e.outcome, e.plies, e.score) == (base.outcome, base.plies, base.score)
        assert e.best_moves == tuple(sorted(sym(d) for d in base.best_moves))


@given(st.lists(st.one_of(st.integers(-3, 12), st.text(max_size=3), st.none(), st.floats()), max_size=12))
def test_match_survives_any_input_sequence(inputs):
    m = Match(target=2, auto_claim=True)
    for x in inputs:
        if m.round.is_over and not m.is_over:
            m.next_round()
        before = m.state
        try:
            m.draft(x)
        except FifteenKitError:
            assert m.state == before
        if m.is_over:
            break
