"""Lesson 06 (5x15): its predictions, exercises and why questions, and the tables and charts they reveal.

Every number comes from the kit: counts of deals from factorials, positions and verdicts from the searches in
:mod:`fifteen_kit.five_by_15`, the comparison of the solver with simple play from
:func:`fifteen_kit.five_by_15.compare_players`.

>>> [task.key for task in TASKS][:2]
['06.p1', '06.p2']
>>> len(reachable(Position.parse(TINY)))
11
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable
from math import factorial
from typing import Any

from fifteen_kit.contract import SolveResult
from fifteen_kit.five_by_15 import (
    COLOUR_LETTERS,
    PREFIX_COUNTEREXAMPLE,
    Game,
    Move,
    Position,
    best_first,
    compare_players,
    depth_first,
)

from .core import Task
from .records import load

__all__ = [
    "FROZEN_EXAMPLE",
    "LEVEL_BUDGET",
    "LOOP_EXAMPLE",
    "LOOP_MOVE",
    "NAMED",
    "PICTURED",
    "RACE_BUDGET",
    "SMALL_LOST",
    "TASKS",
    "TINY",
    "can_win_without_moving",
    "deal_count",
    "level_bars",
    "level_chart",
    "level_results",
    "position_picture",
    "reachable",
    "search_race",
]

#: The loop example of part 2 and the move that closes the loop.
LOOP_EXAMPLE = "B1 B2 -- B3 / O1 O3 -- O2 L1"
LOOP_MOVE = "B2 to 0,2"
#: The small deal of part 2 (3 colours, numbers 1 to 6, level 3) whose whole graph the search explores.
SMALL_LOST = Position.deal(0, level=3, colours=3, size=6)
#: Exercise 2's tiny position (2 colours, numbers 1 to 3).
TINY = "B1 O3 B2 B3 / O1 -- O2 -- L1"
#: Exercise 3's deal (3 colours, numbers 1 to 5, level 1): one tile of a finished start must move.
FROZEN_EXAMPLE = "G1 B5 G2 G5 G4 G3 / O1 O2 O4 -- -- O3 / B1 B2 B3 O5 -- B4 L1"
#: The budget (positions expanded) each search gets per deal in the race of part 3.
RACE_BUDGET = 10_000
#: The solver's budget per deal when it plays against simple play (part 3).
LEVEL_BUDGET = 20_000


def deal_count(colours: int, numbers: int) -> int:
    """How many different deals a table of ``colours`` rows and tiles 1..``numbers`` has.

    The play area has ``colours * numbers`` cells: the ``colours * (numbers - 1)`` tiles other than the 1s are
    all different, the ``colours`` gaps are alike, so they can be placed in ``(colours*numbers)! / colours!``
    ways; the 1s can stand in column 0 in ``colours!`` orders.  The product is ``(colours * numbers)!``.

    >>> deal_count(5, 15) == factorial(75)
    True
    """
    cells = colours * numbers
    return factorial(cells) // factorial(colours) * factorial(colours)


def reachable(position: Position) -> list[Position]:
    """Every position that can be reached from ``position`` (itself included), nearest first.

    >>> [p.notation() for p in reachable(Position.parse(LOOP_EXAMPLE))][:2]
    ['B1 B2 -- B3 / O1 O3 -- O2 L1', 'B1 B2 B3 -- / O1 O3 -- O2 L1']
    """
    seen = {position.notation(): position}
    queue = deque([position])
    while queue:
        here = queue.popleft()
        for move in here.legal_moves():
            there = here.play(move)
            if there.notation() not in seen:
                seen[there.notation()] = there
                queue.append(there)
    return list(seen.values())


def can_win_without_moving(position: Position, tile: str) -> bool:
    """Whether ``position`` can be won by a line that never moves ``tile`` (like ``'B3'``).

    >>> can_win_without_moving(Position.parse(PREFIX_COUNTEREXAMPLE), "O3")
    False
    """
    frozen = (COLOUR_LETTERS.index(tile[0]), int(tile[1:]))
    seen = {position.notation()}
    queue = deque([position])
    while queue:
        here = queue.popleft()
        if here.is_won:
            return True
        cell = here.where(frozen)
        for move in here.legal_moves():
            if cell in here.move_cells(move)[0]:
                continue
            there = here.play(move)
            if there.notation() not in seen:
                seen.add(there.notation())
                queue.append(there)
    return False


def _shortest_line(position: Position) -> list[Move]:
    # a shortest winning line (breadth-first), or [] if there is none
    parents: dict[str, tuple[str, Move] | None] = {position.notation(): None}
    queue = deque([position])
    while queue:
        here = queue.popleft()
        if here.is_won:
            line, key = [], here.notation()
            while parents[key] is not None:
                key, move = parents[key]  # type: ignore[misc]
                line.append(move)
            return line[::-1]
        for move in here.legal_moves():
            there = here.play(move)
            if there.notation() not in parents:
                parents[there.notation()] = (here.notation(), move)
                queue.append(there)
    return []


@functools.cache
@functools.cache
def search_race() -> list[tuple[int, SolveResult[Move], SolveResult[Move]]]:
    """Ten level-3 deals (seeds 0 to 9), each searched by depth-first and best-first search with the same budget.

    Returns ``(seed, depth-first result, best-first result)`` for each deal (searched once per kernel: the
    searches are deterministic, and the 06.p4 reveal reads the race several times; do not change the list).

    >>> len(search_race())
    10
    """
    race = []
    for seed in range(10):
        deal = Position.deal(seed, level=3)
        race.append((seed, depth_first(deal, budget=RACE_BUDGET), best_first(deal, budget=RACE_BUDGET)))
    return race


def _decided(which: int) -> int:
    return sum(1 for _seed, *results in search_race() if results[which - 1].status != "unknown")


#: The choices of the race prediction (06.p4), in the order the lesson shows them.
_RACE_CHOICES = ("depth-first", "best-first", "both the same")


def _race_winner() -> str:
    depth, best = _decided(1), _decided(2)
    return _RACE_CHOICES[1] if best > depth else _RACE_CHOICES[0] if depth > best else _RACE_CHOICES[2]


def _verdict(result: Any) -> str:
    if result.status == "won":
        return f"won in {len(result.line)} moves"
    return "proved lost" if result.status == "lost" else "no answer yet"


def _race_reveal() -> Any:
    lines = ["| deal | depth-first | best-first |", "|---:|---|---|"]
    lines += [f"| {seed} | {_verdict(d)} | {_verdict(b)} |" for seed, d, b in search_race()]
    only_depth = sum(1 for _, d, b in search_race() if d.status != "unknown" and b.status == "unknown")
    both = [(len(d.line), len(b.line)) for _, d, b in search_race() if d.status == b.status == "won"]
    shorter = sum(1 for d, b in both if b < d)
    longer = sum(1 for d, b in both if b > d)
    return _md("\n".join(lines) + f"\n\nDecided (won or proved lost) within {RACE_BUDGET:,} positions: "
               f"depth-first **{_decided(1)} of 10**, best-first **{_decided(2)} of 10**. "
               f"Deals only depth-first decided: {only_depth}. On the {len(both)} deals both won, best-first's "
               f"winning line was shorter on {shorter}, longer on {longer}."
               + ("\n\nBest-first decided more deals here, but not every deal that depth-first decided: neither "
                  "order is best on every deal." if _decided(2) > _decided(1) and only_depth else ""))


@functools.cache
def level_results() -> dict[int, dict[str, dict[str, int]]]:
    """The solver, greedy and random players on the same 10 full deals per level (seeds 100 to 109).

    >>> level_results()[1]["solver"]["won"]
    10
    """
    return {level: compare_players(level, deals=10, budget=LEVEL_BUDGET, first_seed=100) for level in (1, 2, 3)}


def level_bars() -> Any:
    """A grouped bar chart (from zero) of how many of the 10 deals per level each way of playing won (a BarChart).

    >>> [s.label for s in level_bars().series]
    ['solver', 'greedy', 'random']
    """
    from fifteen_kit.barchart import BarChart, Series

    results = level_results()
    width = 0.26
    series = []
    for i, (name, colour, hatch) in enumerate([("solver", "#0072B2", ""), ("greedy", "#E69F00", "//"),
                                               ("random", "#999999", "..")]):
        wins = tuple(results[level][name]["won"] for level in (1, 2, 3))
        series.append(Series(values=wins, colours=colour, hatches=hatch, label=name, edge="#1f1f24", width=width,
                             offset=(i - 1) * width, notes=tuple(str(n) for n in wins)))
    return BarChart(x=(1, 2, 3), series=tuple(series), ymax=13, legend_at="upper right", legend_columns=3,
                    xticks=((1, "level 1\n(shift 3+)"), (2, "level 2\n(shift 4+)"), (3, "level 3\n(shift 5+)")),
                    ylabel="deals won (of 10)", xlabel="level (shortest run a shift may move)",
                    title="5x15: the solver against simple play", size=(9, 5))


def level_chart() -> Any:
    """:func:`level_bars` as a matplotlib Figure.

    >>> float(level_chart().axes[0].get_ylim()[0]) == 0
    True
    """
    return level_bars().figure()


def _levels_reveal() -> Any:
    from IPython.display import display

    from fifteen_kit import plotstyle

    display(plotstyle.image(level_bars()))
    lines = ["| level | solver: won / proved lost / no answer yet | greedy: won / stuck / loop | "
             "random: won / stuck / loop |", "|---:|---|---|---|"]
    for level, r in level_results().items():
        s, g, q = r["solver"], r["greedy"], r["random"]
        lines.append(f"| {level} | {s['won']} / {s['lost']} / {s['unknown']} | {g['won']} / {g['stuck']} / "
                     f"{g['loop']} | {q['won']} / {q['stuck']} / {q['loop']} |")
    games = [r[name] for r in level_results().values() for name in ("greedy", "random")]
    loops = 10 * sum(g["loop"] for g in games) >= 9 * sum(sum(g.values()) for g in games)
    solver_most = all(2 * r["solver"]["won"] > sum(r["solver"].values()) for r in level_results().values())
    if loops and solver_most:
        lines.append("\nSimple play almost always ends in a loop (sometimes stuck), while the solver wins most deals "
                     "even with this small budget: most deals that *feel* lost are not.")
    return _md("\n".join(lines))


def _md(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def _deals_reveal() -> Any:
    deals = deal_count(5, 15)
    return _md(f"75! = 75 × 74 × 73 × … × 2 × 1 =\n\n`{deals}`\n\nThat is **{len(str(deals))} digits**. "
               "Why 75!? The 70 tiles other than the 1s are all different, the 5 gaps are alike: they fit into the "
               "75 cells in 75! / 5! ways (75! if the gaps were different, but swapping the gaps among "
               "themselves, in 5! = 120 ways, gives the same deal). The five 1s can stand in column 0 in 5! orders. "
               "And 75! / 5! × 5! = 75!.")


def _small_reveal() -> Any:
    result = depth_first(SMALL_LOST)
    return _md(f"The search explored **{result.nodes}** positions: every position this deal can reach. None "
               f"of them is sorted, so the verdict is: **{result.status}**. No player, however clever, can win "
               "this deal, and now we *know* it.")


#: The choices of the loop prediction (06.p3): what the board says for each status of a game.
_LOOP_WORDS = {"playing": "you can play on", "stuck": "stuck: no move at all", "loop": "a loop"}


def _loop_status() -> str:
    game = Game(Position.parse(LOOP_EXAMPLE))
    game.play(LOOP_MOVE)
    return _LOOP_WORDS[game.status]


def _loop_reveal() -> Any:
    game = Game(Position.parse(LOOP_EXAMPLE))
    game.play(LOOP_MOVE)
    legal = ", ".join(str(m) for m in game.position.legal_moves()) or "none"
    fresh = ", ".join(str(m) for m in game.fresh_moves()) or "none"
    back = [m for m in game.position.legal_moves() if game.position.play(m) == Position.parse(LOOP_EXAMPLE)]
    moves = game.position.legal_moves()
    where = (" The only legal move leads straight back to the start." if len(moves) == len(back) == 1 else
             f" {len(back)} of the legal moves lead straight back to the start." if back else "")
    return _md(f"After {LOOP_MOVE}: legal moves: **{legal}**; of those, moves to a position not seen before: "
               f"**{fresh}**. The game's status: **{game.status}**.{where}")


def _prefix_status() -> str:
    return "yes" if depth_first(Position.parse(PREFIX_COUNTEREXAMPLE), keep_prefixes=True).status == "won" else "no"


def _prefix_reveal() -> Any:
    start = Position.parse(PREFIX_COUNTEREXAMPLE)
    honest, pruned = depth_first(start), depth_first(start, keep_prefixes=True)
    line = ", ".join(str(m) for m in honest.line)
    return _md(f"Without the rule the search says **{honest.status}**; with the rule it says **{pruned.status}**. "
               f"A winning line ({len(honest.line)} moves; \"O6 to 1,4\" means: put O6 into row 1, column 4, "
               f"counting from 0): {line}." + _prefix_why(honest.line))


def _prefix_why(line: Any) -> str:
    # which tile the winning line's second move takes away, and why that helps
    tile = str(line[1]).split()[0]
    return (f"\n\nIts second move takes **{tile}** out of the orange row's finished start, because a gap can also "
            f"be filled with the tile *one lower than its right-hand neighbour*: the gap {tile} leaves can later "
            "pull in O4 next to O5.")


def _tiny_listing() -> str:
    # exercise 2's reachable positions, numbered, nearest first (the level left out), the sorted one marked
    return "\n".join(f"{i + 1}. `{p.notation()[:-3]}`" + (" (sorted: won)" if p.is_won else "")
                     for i, p in enumerate(reachable(Position.parse(TINY))))


def _tiny_positions_by_steps(text: str = TINY) -> int:
    # exercise 2's answer another way: step by step, one move further each time, counting each position once
    start = Position.parse(text)
    seen, frontier = {start.notation()}, [start]
    while frontier:
        step = []
        for p in frontier:
            for m in p.legal_moves():
                q = p.play(m)
                if q.notation() not in seen:
                    seen.add(q.notation())
                    step.append(q)
        frontier = step
    return len(seen)


def _start_tiles(position: Position) -> list[str]:
    return [f"{COLOUR_LETTERS[position.row_colour(r)]}{n}" for r in range(position.colours)
            for n in range(2, position.sorted_prefix(r) + 1)]


def _must_move(text: str = FROZEN_EXAMPLE) -> str:
    # the one tile of the finished starts of ``text`` that every winning line moves
    start = Position.parse(text)
    (must,) = [t for t in _start_tiles(start) if not can_win_without_moving(start, t)]
    return must


def _must_move_by_tracking(text: str = FROZEN_EXAMPLE) -> str:
    # exercise 3's answer another way: for each tile of a finished start, can the sorted position be reached by
    # moves after each of which the tile still stands where it stood?
    start = Position.parse(text)
    must = []
    for tile in [(start.row_colour(r), n) for r in range(start.colours)
                 for n in range(2, start.sorted_prefix(r) + 1)]:
        home = start.where(tile)
        seen, frontier, won = {start.notation()}, [start], False
        while frontier and not won:
            step = []
            for p in frontier:
                for m in p.legal_moves():
                    q = p.play(m)
                    if q.where(tile) == home and q.notation() not in seen:
                        seen.add(q.notation())
                        step.append(q)
                        won = won or q.is_won
            frontier = step
        if not won:
            must.append(f"{COLOUR_LETTERS[tile[0]]}{tile[1]}")
    (found,) = must
    return found


def _frozen_verdicts() -> str:
    # exercise 3's searches, one per tile of a finished start, with that tile frozen
    start = Position.parse(FROZEN_EXAMPLE)
    return "; ".join(f"never moving {t}: {'can still win' if can_win_without_moving(start, t) else 'lost'}"
                     for t in _start_tiles(start))


def _frozen_line() -> tuple[str, ...]:
    return tuple(str(m) for m in _shortest_line(Position.parse(FROZEN_EXAMPLE)))


def _digits_of_52_factorial() -> int:
    # exercise 1's answer another way: 4 colours x 13 tiles give (4*13)!/4! * 4! = 52! deals
    return len(str(factorial(52)))


#: The positions the worksheet prints (lesson06.toml's ``figure`` fields), by the name the record file uses.
PICTURED = {"small": lambda: SMALL_LOST, "loop": lambda: Position.parse(LOOP_EXAMPLE),
            "shortcut": lambda: Position.parse(PREFIX_COUNTEREXAMPLE), "tiny": lambda: Position.parse(TINY),
            "frozen": lambda: Position.parse(FROZEN_EXAMPLE)}


def position_picture(name: str) -> Any:
    """The position ``name`` (one of :data:`PICTURED`: the lesson's small deal, loop example, shortcut's
    counterexample, exercise 2's tiny position, exercise 3's deal) drawn for paper, with its column numbers.

    Raises InvalidArgumentError for another name.

    >>> position_picture("tiny").count("stroke-dasharray")
    2
    """
    from fifteen_kit import _check
    from fifteen_kit.svg import five_by_15_position

    _check.choice(name, tuple(PICTURED), "the pictured position")
    position = PICTURED[name]()
    return five_by_15_position(position, size=40 if position.size <= 8 else 30)


#: The values the record file (lesson06.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    # predictions: truths, choices and reveals
    "deal_digits": lambda: len(str(deal_count(5, 15))),
    "deals_reveal": _deals_reveal,
    "small_positions": lambda: depth_first(SMALL_LOST).nodes,
    "small_reveal": _small_reveal,
    "loop_choices": lambda: tuple(_LOOP_WORDS.values()),
    "loop_status": _loop_status,
    "loop_reveal": _loop_reveal,
    "race_budget": lambda: RACE_BUDGET,
    "race_choices": lambda: _RACE_CHOICES,
    "race_winner": _race_winner,
    "race_reveal": _race_reveal,
    "yes_no": lambda: ("yes", "no"),
    "prefix_status": _prefix_status,
    "prefix_reveal": _prefix_reveal,
    "counterexample_tile": lambda: _must_move(PREFIX_COUNTEREXAMPLE),
    "level_budget": lambda: LEVEL_BUDGET,
    "level_1_solver_wins": lambda: level_results()[1]["solver"]["won"],
    "levels_reveal": _levels_reveal,
    # exercise 1: the deals of 4 colours and tiles 1 to 13
    "digits_52": lambda: len(str(deal_count(4, 13))),
    "digits_52_by_factorial": _digits_of_52_factorial,
    "deals_52": lambda: deal_count(4, 13),
    "digits_without_orders": lambda: len(str(factorial(52) // factorial(4))),
    "digits_48": lambda: len(str(factorial(48))),
    # exercise 2: the tiny position
    "tiny_positions": lambda: len(reachable(Position.parse(TINY))),
    "tiny_positions_by_steps": _tiny_positions_by_steps,
    "tiny_without_start": lambda: len(reachable(Position.parse(TINY))) - 1,
    "tiny_moves": lambda: sum(len(p.legal_moves()) for p in reachable(Position.parse(TINY))),
    "tiny_listing": _tiny_listing,
    # exercise 3: the tile that must move
    "must_move": _must_move,
    "must_move_by_tracking": _must_move_by_tracking,
    "start_tiles": lambda: tuple(_start_tiles(Position.parse(FROZEN_EXAMPLE))),
    "frozen_verdicts": _frozen_verdicts,
    "shortest_moves": lambda: len(_frozen_line()),
    "shortest_line": _frozen_line,
    # the worksheet's pictures
    "position_picture": position_picture,
}

TASKS: list[Task] = load("06", NAMED)
