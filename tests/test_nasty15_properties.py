"""Property tests: random play of "15" turns never breaks an invariant."""

import contextlib
import random

from hypothesis import given
from hypothesis import strategies as st

from fifteen_kit.errors import FifteenKitError
from fifteen_kit.nasty15 import Phase, Turn, six_target_boards

boards = st.sampled_from(six_target_boards())


@given(boards, st.integers(0, 10**6), st.booleans(), st.lists(st.integers(0, 63), max_size=12))
def test_random_play_keeps_the_invariants(targets, seed, gambler, choices):
    rng = random.Random(seed)
    turn = Turn.start(targets, gambler=gambler)
    picks = iter(choices)
    while not turn.is_over:
        assert Turn.parse(turn.notation()) == turn
        if turn.phase is Phase.PLACE:
            valid = turn.valid_colours()
            mask = next(picks, 1) or 1
            chosen = [c for i, c in enumerate(valid) if mask >> i & 1] or [valid[0]]
            turn = turn.place(chosen)
        elif turn.phase is Phase.DECIDE and next(picks, 0) % 3 == 0:
            turn = turn.stop()
        else:
            turn = turn.roll(rng)
        for v, t in zip(turn.placed, turn.targets, strict=True):
            assert v is None or 1 <= v <= t
    assert Turn.parse(turn.notation()) == turn
    unplaced = sum(t for v, t in zip(turn.placed, turn.targets, strict=True) if v is None)
    if turn.phase is Phase.BUST:
        assert turn.score == (0 if gambler else unplaced)
    elif turn.phase is Phase.ALL_SIX:
        assert turn.score == 2 * turn.pips
    else:
        assert turn.score == turn.pips + (5 if turn.placed_count == 5 else 0)


@given(st.text(max_size=30))
def test_turn_parse_never_crashes(text):
    with contextlib.suppress(FifteenKitError):
        Turn.parse(text)
