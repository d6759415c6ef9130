"""The 'thoughtful' solver: it knows the stock order and decides whether a deal can be won.

Suits never matter, and neither do the places of the cards: a removal takes
cards by rank and the refill draws the next stock cards whatever the places.
So a search state is just ``(how many of each rank lie on the tableau, how many
stock cards are drawn)``.  Depth-first search with a transposition table of
states already proven lost decides every deal; a winning line found in rank
terms is replayed through the engine to give real places.

Pruning used (and why it is sound): when a face-card set can be removed, it is
removed first and no other move is tried.  Face cards leave only in such sets,
so removing them can never take a card another removal needs; and removing them
early only brings the next stock cards onto the tableau sooner.  Replaying any
winning line from the position after the early removal, every later tableau
holds at least the cards the original line needed, so every move of that line
is still legal and it still empties tableau and stock.

Answers are :class:`fifteen_kit.contract.SolveResult` values with a :data:`~fifteen_kit.contract.Verdict`
status and the measured ``seconds``.

>>> result = solve(Position.deal(seed=1))
>>> result.status in ('won', 'lost'), result.nodes > 0
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import lru_cache

from .. import _check
from ..contract import SolveResult, Verdict
from ..errors import InvalidArgumentError
from .rules import FACE_RULES, FaceRule, Position, Removal

__all__ = ["MAX_NODES", "removal_ranks", "solve"]

#: The largest node budget :func:`solve` accepts (its default).  No dealt position comes near it: the
#: hardest of 1,000 deals needed 1,745 states (bench/bench_limits.py).
MAX_NODES = 2_000_000

_FACE = (10, 11, 12, 13)


def removal_ranks(counts: tuple[int, ...], face_rule: FaceRule = "four-of-a-kind") -> tuple[tuple[int, ...], ...]:
    """Every distinct removal, as a sorted tuple of ranks, from a tableau with ``counts[r]`` cards of rank r.

    ``counts`` has 14 whole numbers: ``counts[0]`` is 0 (there is no rank 0) and every other entry is 0..4
    (a deck has four cards of each rank).  Face-card sets come first.  Results are cached.

    Raises InvalidArgumentError for other counts or a face rule not in
    :data:`~fifteen_kit.fifteens.rules.FACE_RULES`.

    >>> removal_ranks((0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0))
    ((1, 6, 8), (6, 9))
    """
    values = _check.items(counts, 14, "the rank counts")
    if len(values) != 14:
        raise InvalidArgumentError("the rank counts are 14 numbers: index 0 (always 0), then ranks 1..13",
                                   input=tuple(values))
    _check.whole(values[0], 0, 0, "counts[0] (there is no rank 0)")
    for rank in range(1, 14):
        _check.whole(values[rank], 0, 4, f"the count of rank {rank}")
    _check.choice(face_rule, FACE_RULES, "face_rule")
    return _removal_ranks(tuple(values), face_rule)


def _enumerate(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    # all sorted rank tuples (ranks 1..9, >= 2 cards) summing to 15 that fit in `counts`, in a fixed order
    found: list[tuple[int, ...]] = []
    left = list(counts)
    chosen: list[int] = []

    def extend(rank: int, total: int) -> None:
        for r in range(rank, 10):
            if total + r > 15:
                return
            if left[r]:
                left[r] -= 1
                chosen.append(r)
                if total + r == 15:
                    if len(chosen) >= 2:
                        found.append(tuple(chosen))
                else:
                    extend(r, total + r)
                chosen.pop()
                left[r] += 1

    extend(1, 0)
    return found


def _pack(counts: Iterable[int]) -> int:
    # counts of ranks 1..9 as 4-bit fields (each count is at most 4)
    return sum(n << (4 * (r - 1)) for r, n in enumerate(counts, start=1) if 1 <= r <= 9)


# Every number-card set that makes 15 from a full deck (109 of them), with its packed rank counts.
# A set fits a tableau when no field of the tableau's packed counts is smaller: with a guard bit 8
# in every field, (have | guard) - need keeps every guard bit exactly when have >= need everywhere
# (fields stay in 4..12, so no borrow crosses a field).
_GUARD = _pack([8] * 9)
_SETS = tuple((s, _pack([s.count(r) for r in range(1, 10)])) for s in _enumerate((0,) + (4,) * 9 + (0,) * 4))


@lru_cache(maxsize=200_000)
def _removal_ranks(counts: tuple[int, ...], face_rule: FaceRule) -> tuple[tuple[int, ...], ...]:
    found: list[tuple[int, ...]] = []
    if face_rule == "one-each":
        if all(counts[r] for r in _FACE):
            found.append(_FACE)
    else:
        found.extend((r,) * 4 for r in _FACE if counts[r] == 4)
    have = _pack(counts[1:10]) | _GUARD
    found.extend(s for s, need in _SETS if (have - need) & _GUARD == _GUARD)
    return tuple(found)


def solve(position: Position, node_budget: int | None = 2_000_000) -> SolveResult[Removal]:
    """Decide ``position`` knowing the stock: a winning line, a proof of loss, or 'unknown' past the budget.

    Args:
        position: any Fifteens position.
        node_budget: at most this many states are expanded, 1 to :data:`MAX_NODES` (None: :data:`MAX_NODES`).

    Returns:
        a :class:`~fifteen_kit.contract.SolveResult`: ``status`` is ``'won'`` (``line`` wins), ``'lost'``
        (proven: no line wins) or ``'unknown'`` (budget spent); ``line`` holds the winning removals as place
        tuples, replayable with :meth:`Position.play` (empty unless won); ``nodes`` counts the search states
        expanded and ``seconds`` the wall-clock time of the search.

    Raises InvalidArgumentError for a non-Position or a budget outside that range.

    >>> solve(Position.deal(seed=1), node_budget=1).status
    'unknown'
    """
    if not isinstance(position, Position):
        raise InvalidArgumentError("the solver needs a Fifteens Position", input=position)
    budget = MAX_NODES if node_budget is None else _check.whole(node_budget, 1, MAX_NODES, "the node budget")
    started = time.perf_counter()
    stock = [c.rank for c in position.stock]
    start = [0] * 14
    for c in position.cards:
        start[c.rank] += 1
    lost: set[tuple[tuple[int, ...], int]] = set()
    nodes = 0
    path: list[tuple[int, ...]] = []

    class Budget(Exception):
        pass

    def search(counts: tuple[int, ...], drawn: int) -> bool:
        nonlocal nodes
        if drawn == len(stock) and not any(counts):
            return True
        key = (counts, drawn)
        if key in lost:
            return False
        if nodes >= budget:  # the budget is spent: this state is not expanded (nor counted)
            raise Budget
        nodes += 1
        moves = _removal_ranks(counts, position.face_rule)
        if moves and moves[0][0] >= 10:
            moves = moves[:1]  # a face-card set goes first (sound: see the module docstring)
        for move in sorted(moves, key=len, reverse=True):
            new = list(counts)
            for r in move:
                new[r] -= 1
            take = min(len(move), len(stock) - drawn)
            for r in stock[drawn:drawn + take]:
                new[r] += 1
            path.append(move)
            if search(tuple(new), drawn + take):
                return True
            path.pop()
        lost.add(key)
        return False

    status: Verdict
    line: tuple[Removal, ...] = ()
    try:
        status = "won" if search(tuple(start), 0) else "lost"
    except Budget:
        status = "unknown"
    if status == "won":
        line = _replay(position, path)
    return SolveResult(status, line, nodes, time.perf_counter() - started)


def _replay(position: Position, ranks_line: list[tuple[int, ...]]) -> tuple[Removal, ...]:
    """Turn a line of rank removals into place removals by playing it through the engine."""
    line = []
    for move in ranks_line:
        wanted = list(move)
        places = []
        for p, card in enumerate(position.tableau):
            if card is not None and card.rank in wanted:
                wanted.remove(card.rank)
                places.append(p)
        line.append(tuple(places))
        position = position.play(places)
    return tuple(line)

