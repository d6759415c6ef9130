"""Solvers for 5x15: a plain exhaustive depth-first search, and a best-first search that decides far more deals.

Both explore the graph of positions reachable from a start (a move is an edge)
with a transposition table: a position already reached is never expanded again,
so loops in the graph cost nothing.  They answer with a :class:`~fifteen_kit.contract.SolveResult`
whose status is a :data:`~fifteen_kit.contract.Verdict`:

* ``'won'`` with a winning line (replayable with :meth:`Position.play`),
* ``'lost'`` when every reachable position was expanded without a win -- a proof,
* ``'unknown'`` when the node or time budget ran out first.

**No pruning.**  Every reachable position is expanded before ``'lost'`` is
answered, so that answer is sound by construction; the searches differ only in
the *order* of expansion.  In particular the usual Gaps rule "a tile already in
its final place at the start of a row never needs to move" is *not* sound
here: breaking a correct prefix opens a gap whose right neighbour can pull in
a tile by the "one lower" rule, and some deals are won only that way
(:data:`PREFIX_COUNTEREXAMPLE`).  Tests compare both searches with each other
on hundreds of small deals at every level.

**Best-first order.**  A best-first search keeps a priority queue of the
positions reached but not yet expanded and always expands the smallest by a
measure of disorder, a sum over the rows (ties go to the newest position, so
the search dives along its best line like a depth-first search):

0. nothing at all: a plain newest-first depth-first search;
1. tiles not yet in their row's sorted prefix (1, 2, 3, ... from column 0);
2. twice that, minus pairs of tiles already side by side in order (they make
   later "one lower than the right neighbour" fills possible);
3. the prefix count, minus twice the ordered pairs, plus four per *dead* gap
   (a gap after a 15 or a gap, before a 2, a gap or the edge: nothing fits it).

**Restarts.**  Solve times of one search are heavy-tailed: most deals fall
quickly, a few trap the search in a huge region of the graph, and which
measure traps it differs from deal to deal.  So :func:`best_first` runs short
searches and starts afresh, cycling through the measures 1, 0, 2, 0 (each
measure's first run plain; later runs of measure 0 shuffle equal moves, the
others add a little seeded noise to each key, seeded by the run's number, so
results repeat exactly): first ten runs of 1,000 positions (noise 0 to 7
eighths of a unit), then :data:`STEADY_RESTARTS` runs of :data:`RESTART_BASE`
positions (noise 0 to 3 eighths); after those, run lengths follow the Luby
restart schedule (:func:`luby`).  Each run has its own transposition table; a
run that expands every reachable position proves the deal lost, and since the
Luby run lengths grow without bound, every finite graph is eventually
exhausted.  A run of measure 0 needs no measure at all: it is a plain stack,
which expands the same positions as a priority queue of equal keys (on the
tuning deals below the whole solver needed about a quarter less CPU).

Why this schedule (issue 34; ``bench/tune_five_by_15.py`` on 500 level-3
tuning deals, seeds 30,000 to 30,499, apart from the benchmark deals): a
single run of 1,000-2,000 positions wins a hard deal far more often per
position spent than a long one, so constant short runs beat the Luby schedule
from the start, and a long complete first run (the issue's reference design)
did worse: within 20,000 positions a complete best-first search wins only
half to two thirds of the deals, and the rest cost it far more.  Runs of 1,500 with less noise after the first ten cut
the worst deal from 145,942 positions to 55,296 (CPU p99 0.81 s to 0.37 s, max
1.53 s to 0.46 s); the first ten runs stay as they were, so small budgets (the
hint's 2,000 positions, lesson 06's 10,000 and 20,000) give the same answers.
Time is measured in CPU seconds of this process (``time.process_time``), so a
budget gives the same verdict on a busy machine; ``wall_seconds`` is only a
safety net.  Measured in ``bench/bench_five_by_15.py`` beside a reference of
the issue's design (``bench/reference_five_by_15.py``).

>>> from fifteen_kit.five_by_15.rules import Position
>>> result = best_first(Position.deal(seed=3, colours=3, size=6))
>>> result.status in ('won', 'lost')
True
"""

from __future__ import annotations

import contextlib
import gc
import heapq
import random
import time
from collections.abc import Iterator
from typing import NamedTuple

from .. import _check
from ..contract import SolveResult, Verdict
from ..errors import InvalidArgumentError
from .rules import Move, PackedMove, Position, _goal_of, _packed_successors

__all__ = ["MAX_NODES", "MAX_SECONDS", "PREFIX_COUNTEREXAMPLE", "RESTART_BASE", "STEADY_RESTARTS", "best_first",
           "depth_first", "luby"]

#: A deal (2 colours, numbers 1..6, level 1; ``Position.deal(238, colours=2, size=6)``) that is won in 7 moves,
#: the first of which takes O3 out of the orange row's sorted prefix O1 O2 O3; with that forbidden it is lost.
PREFIX_COUNTEREXAMPLE = "B1 O6 B3 B4 B5 -- O4 / O1 O2 O3 O5 -- B2 B6 L1"


#: The largest node budget the searches accept; ``budget=None`` means this many.  It bounds their memory (the
#: transposition table) and time: the plain depth-first search, which expands the fewest positions per second,
#: spent 80 s and 290 MB at the ceiling on deal 6 on a busy two-core machine (bench/bench_limits.py).
MAX_NODES = 1_000_000
#: The largest time budget, in seconds, the searches accept.
MAX_SECONDS = 3_600.0


def _check_args(position: Position, budget: int | None, seconds: float | None,
                wall_seconds: float | None = None) -> int:
    # the node budget to use (None: MAX_NODES); everything checked before any search starts
    if not isinstance(position, Position):
        raise InvalidArgumentError("the solver needs a 5x15 Position", input=position)
    if seconds is not None:
        _check.number(seconds, 0, MAX_SECONDS, "the CPU-time budget", lo_open=True, unit="seconds")
    if wall_seconds is not None:
        _check.number(wall_seconds, 0, MAX_SECONDS, "the wall-clock safety net", lo_open=True, unit="seconds")
    return MAX_NODES if budget is None else _check.whole(budget, 1, MAX_NODES, "the node budget")


class _Graph:
    """The packed position graph of one start: successors, goal test, and the line back to the start."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.width = position.size + 1
        self.start = position.packed
        self.goal = _goal_of(self.start, self.width)
        self.parents: dict[bytes, tuple[bytes, PackedMove] | None] = {self.start: None}

    def children(self, packed: bytes) -> list[tuple[PackedMove, bytes]]:
        """The legal moves from ``packed`` and where they lead."""
        return _packed_successors(packed, self.width, self.position.run_length, self.goal)

    def line(self, end: bytes) -> tuple[Move, ...]:
        """The moves from the start to ``end``, read back through the parents."""
        moves = []
        parent = self.parents[end]
        while parent is not None:
            end, packed_move = parent
            moves.append(self.position.move_of(packed_move))
            parent = self.parents[end]
        return tuple(reversed(moves))


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector during a search, and restore its state after.

    A search allocates many small containers (the transposition table's entries, the queue's) and makes no
    reference cycles, so everything it drops is freed at once by reference counting; the collector would only
    walk the growing table again and again -- in a board's hint click, a full collection was a 100-200 ms pause.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _Clock:
    """Counts expanded positions against a node budget and (checked every 32) a CPU-time budget and a wall-clock
    safety net.

    The time budget counts the CPU time of this process (``time.process_time``), so the same deal gets the same
    verdict on a busy machine; the wall-clock limit is only a safety net (a user waiting on a hint), named so.
    """

    def __init__(self, budget: int | None, seconds: float | None, wall_seconds: float | None = None) -> None:
        self.start, self.cpu_start = time.perf_counter(), time.process_time()
        self.budget, self.seconds, self.wall_seconds, self.nodes = budget, seconds, wall_seconds, 0

    def spent(self) -> bool:
        """True once a budget is spent; otherwise count one more expanded position (never more than the budget)."""
        if self.budget is not None and self.nodes >= self.budget:
            return True
        if self.nodes % 32 == 0 and self.nodes:
            if self.seconds is not None and time.process_time() - self.cpu_start > self.seconds:
                return True
            if self.wall_seconds is not None and time.perf_counter() - self.start > self.wall_seconds:
                return True
        self.nodes += 1
        return False

    def result(self, status: Verdict, line: tuple[Move, ...] = ()) -> SolveResult[Move]:
        """The verdict with the nodes and the CPU seconds spent so far."""
        return SolveResult(status, line, self.nodes, time.process_time() - self.cpu_start)


def depth_first(position: Position, budget: int | None = 1_000_000, seconds: float | None = None,
                keep_prefixes: bool = False) -> SolveResult[Move]:
    """Plain exhaustive depth-first search: no ordering, no pruning, every reachable position at most once.

    It is the reference the best-first search is tested against on small boards.  On full deals it may need
    far more than the default budget of a million positions (about half a minute), which is also the most it
    accepts (:data:`MAX_NODES`; ``budget=None`` means that many).  ``seconds``: a limit on the CPU time of this
    process (``time.process_time``, so the verdict does not depend on the machine's load) above 0 and at most
    :data:`MAX_SECONDS`, or None.
    ``keep_prefixes=True`` adds the tempting but *unsound* Gaps rule (never move a tile out of its row's
    sorted prefix); it exists only to show what that rule loses (:data:`PREFIX_COUNTEREXAMPLE`).
    Raises InvalidArgumentError for a non-Position, a budget or time limit outside those ranges, or a
    ``keep_prefixes`` that is not True or False.

    >>> depth_first(Position.parse('B1 B2 -- B3 / O1 O2 O3 -- L1')).line
    (Fill(tile=(0, 3), to=(0, 2)),)
    """
    budget = _check_args(position, budget, seconds)
    _check.flag(keep_prefixes, "keep_prefixes")
    with _no_collection():
        return _depth_first(position, budget, seconds, keep_prefixes)


def _depth_first(position: Position, budget: int, seconds: float | None, keep_prefixes: bool) -> SolveResult[Move]:
    graph, clock = _Graph(position), _Clock(budget, seconds)
    stack = [graph.start]
    while stack:
        packed = stack.pop()
        if packed == graph.goal:
            return clock.result("won", graph.line(packed))
        if clock.spent():
            return clock.result("unknown")
        for move, child in graph.children(packed):
            if keep_prefixes and move[0] == 0 and _in_prefix(packed, packed.find(move[1]), graph.width):
                continue
            if child not in graph.parents:
                graph.parents[child] = (packed, move)
                stack.append(child)
    return clock.result("lost")


def _in_prefix(packed: bytes, index: int, width: int) -> bool:
    """True if the tile at ``index`` is in its row's sorted prefix (1, 2, ... from column 0, all in place)."""
    base = index - index % width
    return all(packed[i] == packed[base] + i - base for i in range(base + 1, index + 1))


def _row_scores(row: bytes) -> tuple[int, int, int, int]:
    """The four measures of one packed row; a position scores the sum over its rows (smaller is better)."""
    width, k = len(row), 1
    while k < width - 1 and row[k] == row[0] + k:
        k += 1
    miss = width - 1 - k  # tiles not in the sorted prefix
    pairs = dead = 0  # tiles right after their predecessor; gaps nothing can fill now
    for i in range(1, width):
        if row[i] and row[i] == row[i - 1] + 1:
            pairs += i > 1
        elif row[i] == 0:
            left, right = row[i - 1], row[i + 1] if i < width - 1 else 0
            dead += (left == 0 or left & 15 == width - 1) and (right == 0 or right & 15 == 2)
    return 0, miss, 2 * miss - pairs, miss - 2 * pairs + 4 * dead


#: Positions each of the :data:`STEADY_RESTARTS` runs of :func:`best_first` after its first ten (of 1,000
#: positions each) may expand; run ``10 + STEADY_RESTARTS + i`` gets this times ``luby(i)``.
RESTART_BASE = 1_500
#: How many runs of :func:`best_first` after the first ten have the constant length :data:`RESTART_BASE` before
#: the lengths grow (about 200,000 positions, two seconds of CPU).
STEADY_RESTARTS = 134


class _Plan(NamedTuple):
    """A schedule for :func:`best_first`: a complete first run, then restarts (the tuning knobs of bench/)."""

    first: int  # positions of the first run (measure ``first_measure``, no noise); 0 for none
    first_measure: int
    base: int  # restart i may expand base * luby(i) positions (growth 0) or base * growth ** (i - 1)
    growth: float
    measures: tuple[int, ...]  # restart i uses measures[i % len(measures)]
    # from each measure's second run, keys get 0 .. 2**noise - 1 eighths of a unit added (-1 or measure 0: shuffle)
    noise: int
    steady: int = 0  # restarts 1 .. steady expand base positions each; restart steady + i as restart i above
    early: int = 0  # restarts 1 .. early expand early_base positions with early_noise; the above count after them
    early_base: int = 0
    early_noise: int = 0


#: The schedule of :func:`best_first` (compared with others in bench/tune_five_by_15.py).
_PLAN = _Plan(0, 3, RESTART_BASE, 0, (0, 1, 0, 2), 2, STEADY_RESTARTS, 10, 1_000, 3)


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...

    Luby, Sinclair and Zuckerman (1993) showed this schedule is within a logarithmic factor of the best fixed
    restart length for any heavy-tailed run-time distribution, without knowing the distribution.
    Raises InvalidArgumentError unless ``i`` is a whole number from 1 to 2**62.

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    _check.whole(i, 1, 2**62, "the restart number")
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def best_first(position: Position, budget: int | None = 300_000,
               seconds: float | None = None, wall_seconds: float | None = None) -> SolveResult[Move]:
    """Decide ``position`` by restarted best-first searches (see the module docstring).

    Run ``i`` (from 1) orders positions by measure 1, 0, 2, 0, 1, ... (``(0, 1, 0, 2)[i % 4]``), adds seeded noise
    to each measure's runs after its first (so results repeat exactly), and may expand 1,000 positions (runs 1 to
    10), :data:`RESTART_BASE` positions (the next :data:`STEADY_RESTARTS` runs), or
    ``RESTART_BASE * luby(i - 10 - STEADY_RESTARTS)`` after those.

    Args:
        position: any position (full deals or smaller boards).
        budget: positions to expand, all runs together, before answering ``'unknown'``: 1 to :data:`MAX_NODES`
            (None: :data:`MAX_NODES`).
        seconds: CPU-time limit (``time.process_time`` of this process, so the verdict does not depend on the
            machine's load) before answering ``'unknown'``, above 0 and at most :data:`MAX_SECONDS` (None: none).
        wall_seconds: a wall-clock *safety net* for a person waiting on the answer (the hint): above 0 and at
            most :data:`MAX_SECONDS`, or None (the default: none).  Only this limit depends on the load.

    Returns a :class:`~fifteen_kit.contract.SolveResult` whose ``seconds`` are CPU seconds; ``'lost'`` only after
    one run expanded every reachable position.
    Raises InvalidArgumentError for a non-Position or a budget outside those ranges.

    >>> result = best_first(Position.deal(seed=0))
    >>> result.status, len(result.line) > 0
    ('won', True)
    """
    budget = _check_args(position, budget, seconds, wall_seconds)
    with _no_collection():
        return _best_first(position, budget, seconds, _PLAN, wall_seconds)


def _best_first(position: Position, budget: int, seconds: float | None, plan: _Plan = _PLAN,
                wall_seconds: float | None = None) -> SolveResult[Move]:
    clock = _Clock(budget, seconds, wall_seconds)
    cache: dict[bytes, tuple[int, ...]] = {}  # row scores, shared by all runs
    run = 0
    search: _Ordered | _Deep | None = None
    plain = {plan.first_measure} if plan.first else set()  # the measures that had their plain (noiseless) run
    while True:
        if run == 0 and plan.first:
            length, search = plan.first, _Ordered(position, plan.first_measure, cache, None, 0)
        elif run > 0:
            later = run - plan.early - plan.steady
            length = (plan.early_base if run <= plan.early else plan.base if later <= 0
                      else plan.base * luby(later) if not plan.growth else int(plan.base * plan.growth ** (later - 1)))
            measure = plan.measures[run % len(plan.measures)]
            noisy = measure in plain  # each measure's first run is plain
            plain.add(measure)
            search = None  # free the last run's table before the next one fills its own
            rng = random.Random(run) if noisy else None
            noise = plan.early_noise if run <= plan.early else plan.noise
            search = _Deep(position, rng) if measure == 0 else _Ordered(position, measure, cache, rng, noise)
        run += 1
        if search is None:
            continue
        for _ in range(length):
            if clock.spent():
                return clock.result("unknown")
            verdict = search.step()
            if verdict is not None:
                return clock.result(*verdict)


class _Ordered:
    """One best-first search with its own transposition table; :meth:`step` expands one position."""

    def __init__(self, position: Position, measure: int, cache: dict[bytes, tuple[int, ...]],
                 rng: random.Random | None, noise: int) -> None:
        self.graph = _Graph(position)
        self.measure, self.cache = measure, cache
        self.shuffle = rng if noise < 0 else None
        self.bits = rng.getrandbits if rng is not None and noise > 0 else None
        self.noise = noise
        width = self.graph.width
        self.rows = [slice(base, base + width) for base in range(0, len(self.graph.start), width)]
        value = self.score(self.graph.start)
        self.queue = [(value << 3 if self.bits else value, 0, value, self.graph.start)]  # (key, tie, score, packed)
        self.count = 0

    def score(self, packed: bytes) -> int:
        """This search's measure of a packed position (a sum over its rows)."""
        total, cache, measure = 0, self.cache, self.measure
        for part in self.rows:
            row = packed[part]
            s = cache.get(row)
            if s is None:
                s = cache[row] = _row_scores(row)
            total += s[measure]
        return total

    def step(self) -> tuple[Verdict, tuple[Move, ...]] | None:
        """Expand the best position: ('won', line), ('lost', ()) when nothing is left, else None."""
        if not self.queue:
            return "lost", ()
        graph = self.graph
        _, _, score, packed = heapq.heappop(self.queue)
        if packed == graph.goal:
            return "won", graph.line(packed)
        children = graph.children(packed)
        if self.shuffle is not None and len(children) > 1:  # a list of one draws nothing: same sequence
            self.shuffle.shuffle(children)
        parents, width, cache, measure, queue = graph.parents, graph.width, self.cache, self.measure, self.queue
        bits, noise = self.bits, self.noise
        for move, child in children:
            if child in parents:
                continue
            parents[child] = (packed, move)
            # a move changes at most two rows (a fill: the gap's row and the tile's row; a shift: one row), so
            # the child's score is the parent's with those rows' scores replaced: the same sum as score(child)
            kind, code, g = move
            changed: tuple[int, ...] = (g - g % width,)
            if kind == 0:
                j = packed.find(code)
                if j - j % width != changed[0]:
                    changed = (changed[0], j - j % width)
            value = score
            for base in changed:
                old, new = packed[base:base + width], child[base:base + width]
                before, after = cache.get(old), cache.get(new)
                if before is None:
                    before = cache[old] = _row_scores(old)
                if after is None:
                    after = cache[new] = _row_scores(new)
                value += after[measure] - before[measure]
            self.count -= 1  # newest first among equals: dive along the best line
            heapq.heappush(queue, ((value << 3) + bits(noise) if bits else value, self.count, value, child))
        return None



class _Deep:
    """One run of measure 0: a newest-first depth-first search (moves shuffled when given a random generator),
    with its own transposition table; :meth:`step` expands one position.

    It expands exactly the positions an :class:`_Ordered` search of measure 0 would (every key equal, newest
    first: a stack), without scores or a priority queue, so it is faster per position.
    """

    def __init__(self, position: Position, rng: random.Random | None) -> None:
        self.graph = _Graph(position)
        self.shuffle = rng.shuffle if rng is not None else None
        self.stack = [self.graph.start]

    def step(self) -> tuple[Verdict, tuple[Move, ...]] | None:
        """Expand the newest position: ('won', line), ('lost', ()) when nothing is left, else None."""
        if not self.stack:
            return "lost", ()
        graph = self.graph
        packed = self.stack.pop()
        if packed == graph.goal:
            return "won", graph.line(packed)
        children = graph.children(packed)
        if self.shuffle is not None and len(children) > 1:  # a list of one draws nothing: same sequence
            self.shuffle(children)
        parents, push = graph.parents, self.stack.append
        for move, child in children:
            if child not in parents:
                parents[child] = (packed, move)
                push(child)
        return None
