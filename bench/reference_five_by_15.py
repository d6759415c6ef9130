"""A reference 5x15 solver for bench/bench_five_by_15.py, written apart from the kit (not imported by it).

Its own move generator (on a tuple of 5 x 16 cells, 0 for a gap, colour * 16 + number for a tile), its own
measure of disorder, and the three phases of issue 34's reference design:

1. a *complete* first phase: one uninterrupted greedy best-first search with a transposition table, for up to
   ``FIRST_NODES`` positions; if it runs dry the deal is proved lost;
2. then ``RESTARTS`` *short randomised restarts*: greedy best-first searches of ``RESTART_NODES`` positions
   each, with a fresh table, whose measure gets a random amount (0 to ``NOISE``) added per position;
3. then a *complete search*: one best-first search without a cap, until a win, a proof of loss (it runs dry)
   or the CPU-time limit.

Time is CPU time of this process (``time.process_time``), so a verdict does not depend on the machine's load.

It answers ``("won", moves)`` with moves as the kit's notation (``'B7 to 2,8'``, ``'shift B11-15'``),
``("lost", [])`` or ``("unknown", [])``; the benchmark replays every winning line with the kit's rules.
"""

from __future__ import annotations

import heapq
import random
import time

FIRST_NODES = 20_000
RESTARTS = 60
RESTART_NODES = 1_000
NOISE = 3.0
LETTERS = "BOGPY"


def _moves(cells: tuple[int, ...], run: int) -> list[tuple[str, tuple[int, ...]]]:
    """Every legal move (its text) and the cells after it; rows of 16, column 0 holds the 1s."""
    out = []
    where = {v: i for i, v in enumerate(cells) if v}
    for g, v in enumerate(cells):
        if v or g % 16 == 0:
            continue
        row = g // 16
        if all(cells[row * 16 + c] == cells[row * 16] + c for c in range(15)) and g % 16 == 15:
            continue  # a sorted row is out of play
        left = cells[g - 1]
        options = set()
        if left and left % 16 < 15:
            options.add(left + 1)
        if g % 16 < 15:
            right = cells[g + 1]
            if right and right % 16 > 2:
                options.add(right - 1)
        for tile in sorted(options):
            new = list(cells)
            new[where[tile]], new[g] = 0, tile
            out.append((f"{LETTERS[tile // 16]}{tile % 16} to {row},{g % 16}", tuple(new)))
        if left and left % 16 == 15:
            length = 1
            while g - 1 - length > row * 16 and cells[g - 1 - length] == left - length:
                length += 1
            for m in range(run, length + 1):
                new = list(cells)
                new[g - m + 1:g + 1] = cells[g - m:g]
                new[g - m] = 0
                out.append((f"shift {LETTERS[left // 16]}{left % 16 - m + 1}-15", tuple(new)))
    return out


def _row_disorder(row: tuple[int, ...]) -> int:
    """Tiles outside the row's sorted start, minus twice the tiles right after their predecessor, plus four
    per gap no tile can ever fill as things stand (after a 15 or a gap, and before a 2, a gap or the end)."""
    k = 1
    while k < 15 and row[k] == row[0] + k:
        k += 1
    pairs = sum(1 for c in range(2, 16) if row[c] and row[c] == row[c - 1] + 1)
    dead = 0
    for c in range(1, 16):
        if row[c] == 0:
            left, right = row[c - 1], row[c + 1] if c < 15 else 0
            dead += (left == 0 or left % 16 == 15) and (right == 0 or right % 16 == 2)
    return (15 - k) - 2 * pairs + 4 * dead


def _search(start: tuple[int, ...], goal: tuple[int, ...], run: int, nodes: int, rng: random.Random | None,
            deadline: float, rows: dict[tuple[int, ...], int]) -> tuple[str, list[str]]:
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], str] | None] = {start: None}
    heap = [(0.0, 0, start)]
    count = 0
    while heap and nodes > 0:
        nodes -= 1
        if nodes % 64 == 0 and time.process_time() > deadline:
            return "unknown", []
        cells = heapq.heappop(heap)[2]
        if cells == goal:
            line = []
            step = parent[cells]
            while step is not None:
                cells, text = step
                line.append(text)
                step = parent[cells]
            return "won", line[::-1]
        for text, after in _moves(cells, run):
            if after not in parent:
                parent[after] = (cells, text)
                count -= 1
                score = 0
                for base in range(0, 80, 16):
                    row = after[base:base + 16]
                    value = rows.get(row)
                    if value is None:
                        value = rows[row] = _row_disorder(row)
                    score += value
                heapq.heappush(heap, (score + (NOISE * rng.random() if rng else 0.0), count, after))
    return ("lost", []) if not heap else ("unknown", [])


def solve(cells: tuple[int, ...], run: int, seconds: float = 10.0, seed: int = 0) -> tuple[str, list[str]]:
    """Solve the 5 x 16 ``cells`` (see the module docstring) with shifts of at least ``run`` tiles, within
    ``seconds`` of CPU time."""
    deadline = time.process_time() + seconds
    goal = tuple(cells[base] + c if c < 15 else 0 for base in range(0, 80, 16) for c in range(16))
    rows: dict[tuple[int, ...], int] = {}
    status, line = _search(cells, goal, run, FIRST_NODES, None, deadline, rows)
    rng = random.Random(seed)
    for _ in range(RESTARTS):
        if status != "unknown" or time.process_time() > deadline:
            break
        status, line = _search(cells, goal, run, RESTART_NODES, rng, deadline, rows)
    if status == "unknown" and time.process_time() <= deadline:
        status, line = _search(cells, goal, run, 1 << 62, None, deadline, rows)
    return status, line
