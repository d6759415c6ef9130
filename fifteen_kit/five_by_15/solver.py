"""Solvers for 5x15: exhaustive depth-first search and best-first search on disorder.

Both search the graph of positions reachable from a start, with a transposition
table (positions already expanded are never expanded again), and answer:

* ``'won'`` with a winning line (replayable with :meth:`Position.play`),
* ``'lost'`` when every reachable position was explored without a win (a proof),
* ``'unknown'`` when the node budget ran out first.

No pruning rule is used.  In particular the usual Gaps rule "a tile already in
its final place at the start of a row never needs to move" is *not* sound here:
some deals are won only by first breaking such a prefix.  Without pruning every
reachable position is explored before ``'lost'`` is answered, so the answer is
sound by construction; the best-first search only changes the *order* in which
positions are explored (least disorder first), which finds wins sooner.  The
tests check both searches against each other on hundreds of small deals.

>>> from fifteen_kit.five_by_15.rules import Position
>>> result = best_first(Position.deal(seed=3, colours=3, size=6))
>>> result.status in ('won', 'lost')
True
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from .. import _check
from ..errors import InvalidArgumentError
from .rules import Move, Position

__all__ = ["SolveResult", "best_first", "depth_first"]


@dataclass(frozen=True)
class SolveResult:
    """``status`` ('won', 'lost', 'unknown'), the winning ``line`` of moves, and ``nodes`` expanded."""

    status: str
    line: tuple[Move, ...]
    nodes: int


def _check_args(position: Position, budget: int | None) -> None:
    if not isinstance(position, Position):
        raise InvalidArgumentError("the solver needs a 5x15 Position", input=position)
    if budget is not None:
        _check.whole(budget, 1, None, "the node budget")


def _line(parents: dict[Position, tuple[Position, Move] | None], end: Position) -> tuple[Move, ...]:
    moves = []
    while parents[end] is not None:
        end, move = parents[end][0], parents[end][1]
        moves.append(move)
    return tuple(reversed(moves))


def _search(position: Position, budget: int | None, best_first_order: bool) -> SolveResult:
    # one search loop for both orders: a stack (depth first) or a heap keyed on disorder (best first)
    parents: dict[Position, tuple[Position, Move] | None] = {position: None}
    frontier: list = [(position.disorder(), 0, position)] if best_first_order else [position]
    counter = nodes = 0
    while frontier:
        p = heapq.heappop(frontier)[2] if best_first_order else frontier.pop()
        if p.is_won:
            return SolveResult("won", _line(parents, p), nodes)
        nodes += 1
        if budget is not None and nodes > budget:
            return SolveResult("unknown", (), nodes)
        for m in p.legal_moves():
            q = p.play(m)
            if q not in parents:
                parents[q] = (p, m)
                counter += 1
                if best_first_order:
                    heapq.heappush(frontier, (q.disorder(), counter, q))
                else:
                    frontier.append(q)
    return SolveResult("lost", (), nodes)


def depth_first(position: Position, budget: int | None = None) -> SolveResult:
    """Exhaustive depth-first search (no pruning, no ordering). Raises InvalidArgumentError for bad arguments."""
    _check_args(position, budget)
    return _search(position, budget, best_first_order=False)


def best_first(position: Position, budget: int | None = 200_000) -> SolveResult:
    """Best-first search: always expand the least disordered position seen (see :meth:`Position.disorder`).

    Raises InvalidArgumentError for bad arguments.
    """
    _check_args(position, budget)
    return _search(position, budget, best_first_order=True)
