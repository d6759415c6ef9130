"""A reference 5x15 solver for bench/bench_five_by_15.py: issue 34's three-phase design, with its own search.

It reuses only the kit's move generator (``fifteen_kit.five_by_15.rules._packed_successors``, the rules
themselves, on packed positions: one byte per cell, ``colour * 16 + number``, 0 for a gap, rows of 16) so that
its speed per position is the kit's and the comparison is about the search.  The search, its measure of
disorder and its schedule are its own, in three phases:

1. a *complete* first phase: one greedy best-first search (smallest measure first, newest first among equals)
   with a transposition table, for up to ``FIRST_NODES`` positions; if it runs dry the deal is proved lost;
2. then up to ``RESTARTS`` *short randomised restarts*: greedy best-first searches of ``RESTART_NODES``
   positions each, each with a fresh table, whose measure gets a random amount (0 to ``NOISE``) added per
   position (seeded: the same deal gets the same answer);
3. then the *complete search*: the first phase's search resumed without a cap, until a win, a proof of loss
   (it runs dry) or the CPU-time limit.

The measure of a row: how many of its tiles are outside its sorted start (1, 2, ... from column 0); a
position's measure is the sum over its rows, kept per row in a cache and updated for the (at most two) rows a
move changes.  (On 60 tuning deals, seeds 30,000-30,059, this plain count let the first phase win 26 of 40
deals within 20,000 positions, against 14 for a measure that also rewards ordered pairs and punishes dead gaps,
and the whole solver ran at median 0.076 s, max 0.41 s CPU against 0.173 s and 1.98 s.)

Time is CPU time of this process (``time.process_time``), so a verdict does not depend on the machine's load.
:func:`solve` answers ``(status, moves, positions)``: ``("won", moves)`` with moves as the kit's packed moves
``(kind, tile code, gap index)`` (the bench turns them into moves with ``Position.move_of`` and replays them
with the kit's rules), ``("lost", [])`` or ``("unknown", [])``, and the positions expanded.
"""

from __future__ import annotations

import heapq
import random
import time

from fifteen_kit.five_by_15.rules import _goal_of, _packed_successors

FIRST_NODES = 20_000
RESTARTS = 500
RESTART_NODES = 1_000
NOISE = 3.0
WIDTH = 16


def _row_disorder(row: bytes) -> int:
    """The measure of one packed row of 16 cells: how many of its 14 tiles are not yet in the row's sorted start
    (1, 2, 3, ... from column 0, each tile in place); smaller is better."""
    k = 1
    while k < 15 and row[k] == row[0] + k:
        k += 1
    return 15 - k


class _Search:
    """One greedy best-first search from a start, with its own transposition table (``parent``)."""

    def __init__(self, start: bytes, goal: bytes, run: int, rows: dict[bytes, int], rng: random.Random | None):
        self.goal, self.run, self.rows, self.rng = goal, run, rows, rng
        self.parent: dict[bytes, tuple[bytes, tuple[int, int, int]] | None] = {start: None}
        self.heap: list[tuple[float, int, int, bytes]] = [(0.0, 0, self._measure(start), start)]
        self.count = 0

    def _row(self, row: bytes) -> int:
        value = self.rows.get(row)
        if value is None:
            value = self.rows[row] = _row_disorder(row)
        return value

    def _measure(self, cells: bytes) -> int:
        return sum(self._row(cells[base:base + WIDTH]) for base in range(0, len(cells), WIDTH))

    def run_for(self, nodes: int, deadline: float) -> tuple[str, list[tuple[int, int, int]], int]:
        """Expand up to ``nodes`` positions: ``("won", packed moves, n)``, ``("lost", [], n)`` when the search ran
        dry, ``("unknown", [], n)`` when the cap or the CPU deadline came first; ``n`` positions expanded."""
        heap, parent, goal, run, rng, row_of = self.heap, self.parent, self.goal, self.run, self.rng, self._row
        done = 0
        while heap and done < nodes:
            done += 1
            if done % 64 == 0 and time.process_time() > deadline:
                return "unknown", [], done
            _, _, score, cells = heapq.heappop(heap)
            if cells == goal:
                line = []
                step = parent[cells]
                while step is not None:
                    cells, move = step
                    line.append(move)
                    step = parent[cells]
                return "won", line[::-1], done
            for move, after in _packed_successors(cells, WIDTH, run, goal):
                if after in parent:
                    continue
                parent[after] = (cells, move)
                gap_row = move[2] - move[2] % WIDTH
                value = score + row_of(after[gap_row:gap_row + WIDTH]) - row_of(cells[gap_row:gap_row + WIDTH])
                if move[0] == 0:  # a fill also changes the row the tile came from, if another one
                    j = cells.find(move[1])
                    from_row = j - j % WIDTH
                    if from_row != gap_row:
                        value += row_of(after[from_row:from_row + WIDTH]) - row_of(cells[from_row:from_row + WIDTH])
                self.count -= 1
                key = value + NOISE * rng.random() if rng is not None else value
                heapq.heappush(heap, (key, self.count, value, after))
        return ("lost" if not heap else "unknown"), [], done


def solve(cells: bytes, run: int, seconds: float = 10.0,
          seed: int = 0) -> tuple[str, list[tuple[int, int, int]], int]:
    """Solve the packed 5 x 16 ``cells`` (see the module docstring) with shifts of at least ``run`` tiles, within
    ``seconds`` of CPU time: ``(status, packed moves, positions expanded)``."""
    deadline = time.process_time() + seconds
    cells = bytes(cells)
    goal = _goal_of(cells, WIDTH)
    rows: dict[bytes, int] = {}
    first = _Search(cells, goal, run, rows, None)
    status, line, total = first.run_for(FIRST_NODES, deadline)
    rng = random.Random(seed)
    for _ in range(RESTARTS):
        if status != "unknown" or time.process_time() > deadline:
            break
        status, line, n = _Search(cells, goal, run, rows, rng).run_for(RESTART_NODES, deadline)
        total += n
    if status == "unknown" and time.process_time() <= deadline:
        status, line, n = first.run_for(1 << 62, deadline)
        total += n
    return status, line, total
