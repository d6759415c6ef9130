"""Perfect play for the Game of 15: a backward (retrograde) pass over the positions up to symmetry.

Every position reachable from the empty pool (5,478 of them, counted with the
first player fixed) is valued.  Symmetric positions (the 8 turns and flips of
the square) have the same value, so the solver values the 765 classes of the
position graph (:mod:`fifteen_kit.game_of_15._graph`, loaded once per process),
deepest first, each from its children.  A position is named by its *key*
``mover_mask | opponent_mask << 9`` (9-bit digit masks).  A value is a *score*
for the side to move:

* ``10 - n`` -- a win in ``n`` plies (drafts by both sides, counted from now);
* ``-(10 - n)`` -- a loss in ``n`` plies (``-10``: the opponent has already won);
* ``0`` -- a draw (the round then always lasts until the pool is empty).

Maximising the score prefers the fastest win and the slowest loss, which is
what the perfect computer player does.  The solver works on positions (auto
claims); a manual-claim round is valued as if fifteens were claimed at once
(the few positions only manual claims reach are searched on demand).

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
from . import _graph
from .rules import Round
from .square import _BITS, _FULL, _HAS_FIFTEEN, _mask_images

__all__ = ["Evaluation", "Solver", "evaluate", "full_table", "move_evaluations", "score_to_outcome", "solve"]

# _ADJUST[child]: the mover's score given the score of the child position (negate, then one ply further
# from the end); indexed by the child's score itself, -10..10 (negative scores count from the end).  It never
# increases with the child's score, so the best move's value is _ADJUST[min(children's scores)].
_ADJUST = tuple(-c - 1 if c < 0 else -c + 1 if c > 0 else 0 for c in (*range(11), *range(-10, 0)))


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
    """A perfect-play solver: one full backward pass, then look-ups.

    :meth:`solve_reachable` values every reachable position (by its symmetry class) and says how many
    there are; ``score`` and the other methods look positions up, solving first if need be.
    :attr:`table` shows the solved positions as a dict ``{key: score}``.

    >>> s = Solver()
    >>> s.solve_reachable()
    5478
    >>> s.score(Round())
    0
    """

    def __init__(self) -> None:
        self._values: list[int] | None = None  # each class's score, once solved
        self._known: dict[int, int] = {}  # key -> score: positions looked up, and those only manual claims reach
        self._extra = 0  # how many of _known no auto-claim round reaches

    @property
    def table(self) -> dict[int, int]:
        """The solved positions as ``{key: score}`` (see the module docstring for the key)."""
        from .tree import reachable_positions

        out = {}
        if self._values is not None:
            for first, second in reachable_positions():
                me, opp = (first, second) if first.bit_count() == second.bit_count() else (second, first)
                out[me | opp << 9] = self._negamax(me, opp)
        return out | self._known

    def solve_reachable(self) -> int:
        """Solve every position reachable from the empty pool (one backward pass); return how many there are.

        >>> Solver().solve_reachable()
        5478
        """
        graph = _graph.graph()
        values = list(graph.base)
        adjust = _ADJUST
        for first, getters in graph.steps:  # the deepest level first: children before their parents
            values[first:first + len(getters)] = [adjust[min(children(values))] for children in getters]
        self._values = values
        return graph.positions

    def _solve(self, me: int, opp: int) -> int:
        # Score of a live position (`me` to move, nobody has won, pool not empty) from its children's.
        negamax = self._negamax
        return max(_ADJUST[negamax(opp, me | bit)] for bit in _BITS if not (me | opp) & bit)

    def _negamax(self, me: int, opp: int) -> int:
        # Score of any position (`opp` drafted last): looked up by its class, or (a position only manual
        # claims reach) searched and remembered.
        key = me | opp << 9
        score = self._known.get(key)
        if score is None:
            if self._values is None:
                self.solve_reachable()
            graph = _graph.graph()
            cls = graph.class_of.get(min(t[me] | t[opp] << 9 for t in _mask_images()))
            if cls is not None:
                score = self._values[cls]  # type: ignore[index]
            else:
                self._extra += 1
                if _HAS_FIFTEEN[opp]:
                    score = -10
                elif me | opp == _FULL:
                    score = 0
                else:
                    score = self._solve(me, opp)
            self._known[key] = score
        return score

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
        return _ADJUST[self._negamax(opp, me | _BITS[digit - 1])]

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
    """A fresh full solve's table: every reachable position and its score.

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
    * ``nodes``: the positions this search valued: a fresh solver values the whole game at once (5,478
      positions), plus any positions only manual claims reach; ``seconds``: its wall-clock time.

    A manual-claim round is valued as if each fifteen were claimed at once (as :meth:`Solver.score`).
    A fresh solver each time, yet fast: the whole game is one backward pass (well under 0.01 s).

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
    nodes = _graph.graph().positions + solver._extra
    return SolveResult(status=first.outcome, line=tuple(line), nodes=nodes, seconds=time.perf_counter() - start)
