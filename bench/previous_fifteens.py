"""The previous Fifteens solver (before issue 21), kept as a bench reference: tuple counts, engine replay.

The kit's thoughtful solver up to issue 21: depth-first search over ``(rank counts as a 14-tuple, cards
drawn)`` with a set of lost states, the removals of each tableau from the kit's cached
``removal_ranks`` (face-card set alone first, then larger sets first), and the winning line replayed
through the engine (:meth:`Position.play`) to get places.  Bench only; bench_fifteens.py checks that the kit
gives the same status, line and node count on every deal it times.
"""

from __future__ import annotations

import time

from fifteen_kit.contract import SolveResult, Verdict
from fifteen_kit.fifteens.rules import Position, Removal, _removal_ranks
from fifteen_kit.fifteens.solver import MAX_NODES

__all__ = ["previous_solve"]


def previous_solve(position: Position, node_budget: int | None = 2_000_000) -> SolveResult[Removal]:
    """Decide ``position`` as the kit did before issue 21 (same answer shape as the kit's solve)."""
    budget = MAX_NODES if node_budget is None else node_budget
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

