"""A straightforward exact dynamic programme for one turn of the "15" dice game (the bench's reference).

Independent of the kit (imports nothing from it): a position is ``(placed dice as a bit mask, placed pips)``;
rolling enumerates every kind of roll of the unplaced dice (a die shows one valid value, or is too high,
standing for its ``6 - target`` faces) and, for each, every non-empty set of valid dice to place.  Values are
whole numbers of 1 / 6^21 (a turn rolls at most 21 dice), so the result is exact.  No symmetry between dice,
no sharing between boards: the textbook recursion, memoised per board.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

SCALE = 6**21


def expected_score(targets: tuple[int, ...], gambler: bool = False) -> Fraction:
    """The exact expected score of a turn under optimal play on the board with these six targets."""

    @cache
    def after_placing(placed: int, pips: int) -> int:
        count = bin(placed).count("1")
        if count == 6:
            return 2 * pips * SCALE
        stop = (pips + (5 if count == 5 else 0)) * SCALE
        return max(stop, rolling(placed, pips))

    @cache
    def rolling(placed: int, pips: int) -> int:
        free = [i for i in range(6) if not placed >> i & 1]
        bust = 0 if gambler else sum(targets[i] for i in free) * SCALE
        faces = [[(0, 6 - targets[i])] * (targets[i] < 6) + [(v, 1) for v in range(1, targets[i] + 1)] for i in free]
        total = 0
        for roll in product(*faces):
            weight = 1
            valid = []
            for i, (value, w) in zip(free, roll, strict=True):
                weight *= w
                if value:
                    valid.append((i, value))
            if not valid:
                total += weight * bust
                continue
            best = 0
            for subset in range(1, 1 << len(valid)):  # every non-empty set of valid dice
                mask, gained = placed, pips
                for bit, (i, value) in enumerate(valid):
                    if subset >> bit & 1:
                        mask |= 1 << i
                        gained += value
                best = max(best, after_placing(mask, gained))
            total += weight * best
        value, remainder = divmod(total, 6 ** len(free))
        assert remainder == 0
        return value

    return Fraction(rolling(0, 0), SCALE)
