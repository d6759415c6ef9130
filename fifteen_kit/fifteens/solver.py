"""The 'thoughtful' solver: it knows the stock order and decides whether a deal can be won.

Suits never matter, and neither do the places of the cards: a removal takes
cards by rank and the refill draws the next stock cards whatever the places.
So a search state is just ``(how many of each rank lie on the tableau, how many
stock cards are drawn)``, packed into one int (a 4-bit count per rank), so a
removal is a subtraction and a refill an addition.  Depth-first search with a
set of states already proven lost decides every deal, trying larger removals
first; the removals that fit a tableau are cached per packed count.  A winning
line found in rank terms is turned into places (each removal takes the first
places holding its ranks; the refill follows the engine's rule).

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
from itertools import accumulate, product
from operator import itemgetter

from .. import _check
from ..contract import SolveResult, Verdict
from ..errors import InvalidArgumentError
from .rules import (
    _CANDIDATES,
    _FITTING,
    _SETS,
    OPTIONS,
    FaceRule,
    Position,
    Removal,
    _fitting,
    _removal_ranks,
)

__all__ = ["MAX_NODES", "removal_ranks", "solve"]

#: The largest node budget :func:`solve` accepts (its default).  No dealt position comes near it: the
#: hardest of 1,000 deals needed 1,745 states (bench/bench_limits.py).
MAX_NODES = 2_000_000


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
    OPTIONS["face_rule"].check(face_rule)
    return _removal_ranks(tuple(values), face_rule)


# -- the search's own form: packed counts --------------------------------------------------------------
# A tableau's rank counts as one int: 4-bit fields, rank r in bits 4(r-1)..4r-1 (ranks 1..13; counts 0..4).
# A search state is that int plus (drawn stock cards) << _DRAWN_SHIFT, so it is one int in the lost-set.
_DRAWN_SHIFT = 52
_NUMBERS = (1 << 36) - 1  # the fields of ranks 1..9
_FACE_SHIFT = 36  # the fields of ranks 10..13 start here
_MoveList = tuple[tuple[int, int, tuple[int, ...]], ...]
# Number-card moves per packed number counts, shared by every search in the process (bounded: cleared
# when it grows past _CACHE_LIMIT entries).
_NUMBER_MOVES: dict[int, _MoveList] = {}
_CACHE_LIMIT = 200_000
_NEED = dict(_SETS)  # each number-card set's packed counts


def _number_moves(numbers: int) -> _MoveList:
    # the number-card sets that fit the packed counts `numbers` in the order the search tries them -- larger
    # sets first, ties in _SETS order (as the previous solver's stable sort) -- as (packed need, cards, ranks)
    fit = [(_NEED[ranks], len(ranks), ranks) for ranks in _fitting(numbers)]
    fit.sort(key=itemgetter(1), reverse=True)
    moves = tuple(fit)
    if len(_NUMBER_MOVES) >= _CACHE_LIMIT:
        _NUMBER_MOVES.clear()
    _NUMBER_MOVES[numbers] = moves
    return moves


_FACE_MOVES: dict[str, dict[int, _MoveList]] = {}


def _face_moves(face_rule: FaceRule) -> dict[int, _MoveList]:
    # For the packed counts of ranks 10..13 (counts >> _FACE_SHIFT): the face-card move, if any, alone.
    table = _FACE_MOVES.get(face_rule)
    if table is None:
        table = _FACE_MOVES[face_rule] = {}
        for counts in product(range(5), repeat=4):
            moves = _removal_ranks((0,) * 10 + counts, face_rule)[:1]
            table[sum(n << 4 * i for i, n in enumerate(counts))] = tuple(
                (sum(1 << 4 * (r - 1) for r in m), len(m), m) for m in moves)
    return table


def _clear_caches() -> None:
    # forget every cached move list (the benchmarks time a cold start)
    _NUMBER_MOVES.clear()
    _CANDIDATES.clear()  # the rules' own caches of candidate and fitting sets
    _FITTING.clear()
    _FACE_MOVES.clear()
    _removal_ranks.cache_clear()


class _Budget(Exception):
    pass


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
    size = len(stock)
    drawn_before = [0, *accumulate(1 << 4 * (r - 1) for r in stock)]  # [i]: packed counts of stock[:i]
    start = sum(1 << 4 * (c.rank - 1) for c in position.cards)
    lost: set[int] = set()
    path: list[tuple[int, ...]] = []
    nodes = 0
    number_moves = _NUMBER_MOVES
    face_moves = _face_moves(position.face_rule)
    numbers_mask, shift, face_shift = _NUMBERS, _DRAWN_SHIFT, _FACE_SHIFT

    def search(counts: int, drawn: int, key: int) -> bool:
        # Is the state (counts, drawn) -- not won, not known lost; `key` packs both -- winnable?
        nonlocal nodes
        if nodes >= budget:  # the budget is spent: this state is not expanded (nor counted)
            raise _Budget
        nodes += 1
        moves = face_moves[counts >> face_shift]  # a face-card set goes first, alone (see the module docstring)
        if not moves:
            numbers = counts & numbers_mask
            found = number_moves.get(numbers)
            moves = _number_moves(numbers) if found is None else found
        for need, cards, ranks in moves:
            now = drawn + cards if drawn + cards <= size else size
            after = counts - need + drawn_before[now] - drawn_before[drawn]
            child = after | now << shift
            if (not after and now == size) or (child not in lost and search(after, now, child)):
                path.append(ranks)
                return True
        lost.add(key)
        return False

    status: Verdict
    line: tuple[Removal, ...] = ()
    try:
        won = (not start and not size) or search(start, 0, start)
        status = "won" if won else "lost"
    except _Budget:
        status = "unknown"
    if status == "won":
        path.reverse()
        line = _replay(position, path)
    return SolveResult(status, line, nodes, time.perf_counter() - started)


def _replay(position: Position, ranks_line: list[tuple[int, ...]]) -> tuple[Removal, ...]:
    """Turn a line of rank removals into place removals: each takes the first places holding its ranks.

    The emptied places are refilled from the stock in place order (while it lasts), as :meth:`Position.play`
    does; the search above follows the same rule in rank terms.
    """
    tableau: list[int | None] = [None if c is None else c.rank for c in position.tableau]
    stock = [c.rank for c in position.stock]
    drawn, size = 0, len(stock)
    line = []
    for move in ranks_line:
        places = []
        for rank in move:
            p = tableau.index(rank)  # the first place still holding this rank
            tableau[p] = 0  # taken (no card has rank 0)
            places.append(p)
        places.sort()
        for p in places:
            tableau[p] = stock[drawn] if drawn < size else None
            drawn += 1
        line.append(tuple(places))
    return tuple(line)
