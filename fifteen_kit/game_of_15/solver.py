"""Perfect play for the Game of 15: negamax with a transposition table.

Every position reachable from the empty pool (5,478 of them, counted with the
first player fixed) is solved once and remembered in a transposition table keyed
by ``(side to move's digits, opponent's digits)`` as 9-bit masks.  A value is
stored as a *score* for the side to move:

* ``10 - n`` -- a win in ``n`` plies (drafts by both sides, counted from now);
* ``-(10 - n)`` -- a loss in ``n`` plies (``-10``: the opponent has already won);
* ``0`` -- a draw (the round then always lasts until the pool is empty).

Maximising the score prefers the fastest win and the slowest loss, which is
what the perfect computer player does.  The solver works on positions (auto
claims); a manual-claim round is valued as if fifteens were claimed at once.

>>> from fifteen_kit.game_of_15 import Round
>>> evaluate(Round()).outcome
'draw'
>>> e = evaluate(Round.parse('25/13 O'))
>>> e.outcome, e.plies, e.best_moves
('win', 1, (8,))

:func:`solve` answers in the kit's common shape, a :class:`~fifteen_kit.contract.SolveResult`:

>>> solve(Round.parse('25/13 O')).status, solve(Round.parse('25/13 O')).line
('win', (8,))
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .. import _check
from ..contract import Outcome, SolveResult
from ..errors import InvalidArgumentError
from .rules import Round
from .square import _BITS, _FULL, _HAS_FIFTEEN

__all__ = ["Evaluation", "Solver", "evaluate", "full_table", "move_evaluations", "score_to_outcome", "solve"]

# _MOVES[free]: the single-digit bits of a pool mask, so loops visit only free digits.
_MOVES = tuple(tuple(b for b in _BITS if free & b) for free in range(512))
# _ADJUST[child + 10]: the mover's score given the score of the child position
# (negate, then one ply further from the end).
_ADJUST = tuple(-c - 1 if c < 0 else -c + 1 if c > 0 else 0 for c in range(-10, 11))
_EMPTY_TABLE: list[int | None] = [None] * (1 << 18)


def score_to_outcome(score: int) -> tuple[Outcome, int | None]:
    """Decode a solver score into ``(outcome, plies)``; plies is None for a draw.

    Raises InvalidArgumentError unless ``score`` is a whole number from -10 to 10.

    >>> score_to_outcome(9), score_to_outcome(-10), score_to_outcome(0)
    (('win', 1), ('loss', 0), ('draw', None))
    """
    _check.whole(score, -10, 10, "a solver score")
    if score > 0:
        return "win", 10 - score
    if score < 0:
        return "loss", 10 + score
    return "draw", None


@dataclass(frozen=True)
class Evaluation:
    """The value of a position for the side to move, under perfect play by both sides.

    Attributes:
        outcome: ``'win'``, ``'draw'`` or ``'loss'`` for the side to move (:data:`~fifteen_kit.contract.Outcome`).
        plies: drafts (by both sides) until the round ends; for a draw, the
            digits left in the pool.
        own_drafts: how many of those drafts are the mover's own (a "win in N").
        score: the raw negamax score (see the module docstring).
        best_moves: every digit that keeps this value, ascending (empty at the end).

    >>> evaluate(Round.parse('5/2 O'))
    Evaluation(outcome='draw', plies=7, own_drafts=4, score=0, best_moves=(1, 3, 4, 6, 7, 8, 9))
    """

    outcome: Outcome
    plies: int
    own_drafts: int
    score: int
    best_moves: tuple[int, ...]

    def describe(self) -> str:
        """A short phrase for hints: ``'win in 2'`` (own drafts), ``'draw'``, ``'loss in 3'``.

        >>> evaluate(Round.parse('25/13 O')).describe()
        'win in 1'
        """
        if self.outcome == "draw" or self.plies == 0:
            return self.outcome
        return f"{self.outcome} in {self.own_drafts}"


class Solver:
    """A negamax solver with its own transposition table.

    The table is a flat list indexed by ``key = mover_mask | opponent_mask << 9``
    (2**18 slots, ``None`` until solved), which is faster than a dict;
    :attr:`table` shows the solved entries as a dict.  :meth:`solve_reachable` fills
    it with every reachable position and says how many there are; ``score`` looks a position
    up, solving on demand.

    >>> s = Solver()
    >>> s.solve_reachable()
    5478
    >>> s.score(Round())
    0
    """

    def __init__(self) -> None:
        self._scores: list[int | None] = _EMPTY_TABLE.copy()

    @property
    def table(self) -> dict[int, int]:
        """The solved positions as ``{key: score}`` (see the class docstring for the key)."""
        return {k: v for k, v in enumerate(self._scores) if v is not None}

    def _solve(self, me: int, opp: int) -> int:
        # Score of a live position (`me` to move, nobody has won, pool not empty).
        # Children are looked up in the table before any call, so each position
        # is expanded once (by _negamax, which also scores terminal children).
        table = self._scores
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
        # Score of any position (`opp` drafted last), from the table or solved now.
        key = me | opp << 9
        score = self._scores[key]
        if score is None:
            if _HAS_FIFTEEN[opp]:
                score = -10
            elif me | opp == _FULL:
                score = 0
            else:
                score = self._solve(me, opp)
            self._scores[key] = score
        return score

    def solve_reachable(self) -> int:
        """Solve every position reachable from the empty pool (filling the table); return how many there are.

        >>> Solver().solve_reachable()
        5478
        """
        self._negamax(0, 0)
        return len(self._scores) - self._scores.count(None)

    @staticmethod
    def _check(position: Round) -> None:
        if not isinstance(position, Round):
            raise InvalidArgumentError("the solver values a Round position", input=position)

    def score(self, position: Round) -> int:
        """The negamax score of ``position`` for the side to move (see the module docstring).

        A finished round scores by its result: +10 won, -10 lost, 0 drawn.  With
        manual claims, a fifteen left unclaimed is still claimed by its owner
        after their next draft (if the mover does not win first), and the last
        drafter claims a pending fifteen when the pool is empty.

        Raises InvalidArgumentError unless ``position`` is a :class:`Round`.

        >>> Solver().score(Round.parse('25/13 O'))
        9
        """
        self._check(position)
        if position.result is not None:
            winner = position.result.winner
            return 0 if winner is None else 10 if winner is position.to_move else -10
        me, opp = position.key()
        if not (_HAS_FIFTEEN[me] or _HAS_FIFTEEN[opp]):
            return self._negamax(me, opp)
        # Only in manual-claim rounds: someone holds an unclaimed fifteen.
        if me | opp == _FULL:  # the last drafter still claims (or declines)
            return -10 if _HAS_FIFTEEN[opp] else 0
        return self._solve(me, opp)

    def _child_score(self, me: int, opp: int, digit: int) -> int:
        # The mover's score after drafting `digit` (claiming at once if it makes a fifteen).
        return _ADJUST[self._negamax(opp, me | _BITS[digit - 1]) + 10]

    def evaluate(self, position: Round) -> Evaluation:
        """The :class:`Evaluation` of ``position``: outcome, plies to the end and every best move.

        Raises InvalidArgumentError unless ``position`` is a :class:`Round`.

        >>> Solver().evaluate(Round.parse('258/46 I')).outcome
        'loss'
        """
        score = self.score(position)
        moves = position.legal_moves()
        outcome, plies = score_to_outcome(score)
        if not moves:
            return Evaluation(outcome, 0, 0, score, ())
        me, opp = position.key()
        best = tuple(d for d in moves if self._child_score(me, opp, d) == score)
        if plies is None:
            plies = len(position.pool)
        return Evaluation(outcome, plies, (plies + 1) // 2, score, best)

    def move_evaluations(self, position: Round) -> dict[int, Evaluation]:
        """For every legal digit, the :class:`Evaluation` *for the side to move* after drafting it.

        Raises InvalidArgumentError unless ``position`` is a :class:`Round`.

        >>> v = Solver().move_evaluations(Round.parse('25/13 O'))
        >>> v[8].describe(), v[9].describe()
        ('win in 1', 'win in 2')
        """
        self._check(position)
        me, opp = position.key()
        out: dict[int, Evaluation] = {}
        for d in position.legal_moves():
            score = self._child_score(me, opp, d)
            outcome, plies = score_to_outcome(score)
            if plies is None:
                plies = len(position.pool)
            out[d] = Evaluation(outcome, plies, (plies + 1) // 2, score, ())
        return out


_DEFAULT = Solver()


def evaluate(position: Round) -> Evaluation:
    """:meth:`Solver.evaluate` with the kit's shared solver (its table persists).

    >>> evaluate(Round.parse('5/- I')).best_moves
    (2, 4, 6, 8)
    """
    return _DEFAULT.evaluate(position)


def move_evaluations(position: Round) -> dict[int, Evaluation]:
    """:meth:`Solver.move_evaluations` with the kit's shared solver.

    >>> sorted(e.outcome for e in move_evaluations(Round.parse('5/- I')).values())
    ['draw', 'draw', 'draw', 'draw', 'loss', 'loss', 'loss', 'loss']
    """
    return _DEFAULT.move_evaluations(position)


def full_table() -> dict[int, int]:
    """A fresh full solve's transposition table: every reachable position and its score.

    Keys pack ``(mover mask) | (opponent mask) << 9``; values are scores (see the module docstring).

    >>> len(full_table())
    5478
    """
    s = Solver()
    s.solve_reachable()
    return s.table


def solve(position: Round) -> SolveResult[int]:
    """Solve ``position`` with a fresh solver: the kit's common answer (:class:`~fifteen_kit.contract.SolveResult`).

    Attributes of the answer:

    * ``status``: the :data:`~fifteen_kit.contract.Outcome` for the side to move under perfect play
      (``'win'``, ``'draw'`` or ``'loss'``; a finished round by its result);
    * ``line``: a principal variation, the digits drafted by best play (fastest win, slowest loss; the
      smallest digit among equally good ones) until a drafter holds a fifteen or the pool is empty;
      replayable with :meth:`Round.play` (empty for a finished round);
    * ``nodes``: the positions this search valued (a fresh table, so the count does not depend on
      earlier calls); ``seconds``: its wall-clock time.

    A manual-claim round is valued as if each fifteen were claimed at once (as :meth:`Solver.score`).
    A fresh table each time: the empty pool (the whole game) takes about 0.05 s.

    Raises InvalidArgumentError unless ``position`` is a :class:`Round`.

    >>> r = solve(Round.parse('25/13 O'))
    >>> r.status, r.line, r.nodes > 0
    ('win', (8,), True)
    >>> r = solve(Round())
    >>> r.status, len(r.line), r.nodes
    ('draw', 9, 5478)
    """
    Solver._check(position)
    start = time.perf_counter()
    solver = Solver()
    first = solver.evaluate(position)
    line: list[int] = []
    current = position
    while current.legal_moves():
        digit = solver.evaluate(current).best_moves[0]
        line.append(digit)
        current = current.play(digit)
        if current.fifteen(current.to_move.other) is not None:
            break  # the drafter holds a fifteen: it wins (claimed at once)
    nodes = len(solver._scores) - solver._scores.count(None)
    return SolveResult(status=first.outcome, line=tuple(line), nodes=nodes, seconds=time.perf_counter() - start)
