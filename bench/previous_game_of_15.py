"""The previous Game of 15 full solve (before issue 21), kept as a bench reference: negamax with a flat table.

The kit's solver up to issue 21, cut down to its full solve: a depth-first negamax over every reachable
position, remembering each score in a list of 2**18 slots indexed by ``mover | opponent << 9`` (a fresh
list per solver).  Same scores as the kit (see fifteen_kit/game_of_15/solver.py); bench only.
"""

from __future__ import annotations

from fifteen_kit.game_of_15.square import _BITS, _FULL, _HAS_FIFTEEN

_MOVES = tuple(tuple(b for b in _BITS if free & b) for free in range(512))
_ADJUST = tuple(-c - 1 if c < 0 else -c + 1 if c > 0 else 0 for c in range(-10, 11))
_EMPTY_TABLE: list[int | None] = [None] * (1 << 18)


class PreviousSolver:
    """Negamax with a transposition table; :meth:`solve_reachable` fills it and counts the positions."""

    def __init__(self) -> None:
        self.scores: list[int | None] = _EMPTY_TABLE.copy()

    def _solve(self, me: int, opp: int) -> int:
        table = self.scores
        adjust = _ADJUST
        negamax = self._negamax
        best = -11
        for bit in _MOVES[_FULL & ~(me | opp)]:
            mine = me | bit
            score = table[opp | mine << 9]
            if score is None:
                score = negamax(opp, mine)
            value = adjust[score + 10]
            if value > best:
                best = value
        return best

    def _negamax(self, me: int, opp: int) -> int:
        key = me | opp << 9
        score = self.scores[key]
        if score is None:
            if _HAS_FIFTEEN[opp]:
                score = -10
            elif me | opp == _FULL:
                score = 0
            else:
                score = self._solve(me, opp)
            self.scores[key] = score
        return score

    def solve_reachable(self) -> int:
        """Solve every position reachable from the empty pool; return how many there are."""
        self._negamax(0, 0)
        return len(self.scores) - self.scores.count(None)
