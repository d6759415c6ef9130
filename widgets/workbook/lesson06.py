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
from math import factorial
from typing import Any

from fifteen_kit.answers import Choice, Number, Tile
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

from .core import Exercise, Predict, Why

__all__ = [
    "FROZEN_EXAMPLE",
    "LEVEL_BUDGET",
    "LOOP_EXAMPLE",
    "LOOP_MOVE",
    "RACE_BUDGET",
    "SMALL_LOST",
    "TASKS",
    "TINY",
    "can_win_without_moving",
    "deal_count",
    "level_bars",
    "level_chart",
    "level_results",
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


def _race_winner() -> str:
    depth, best = _decided(1), _decided(2)
    return "best-first" if best > depth else "depth-first" if depth > best else "both the same"


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


_LOOP_CHOICE = Choice(("you can play on", "stuck: no move at all", "a loop"))


def _loop_status() -> str:
    game = Game(Position.parse(LOOP_EXAMPLE))
    game.play(LOOP_MOVE)
    return {"playing": "you can play on", "stuck": "stuck: no move at all", "loop": "a loop"}[game.status]


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


def _tiny_solution() -> str:
    found = reachable(Position.parse(TINY))
    listing = "\n".join(f"{i + 1}. `{p.notation()[:-3]}`" + (" (sorted: won)" if p.is_won else "")
                        for i, p in enumerate(found))
    return ("Start with the position itself, then add every position one move away, then every position one "
            "move from those, and so on; a position already on the list is not counted again (that is the "
            "memory of part 2).\n\n" + listing + f"\n\nThat is **{len(found)} positions**, the start included.")


def _frozen_solution() -> str:
    start = Position.parse(FROZEN_EXAMPLE)
    line = _shortest_line(start)
    candidates = _start_tiles(start)
    verdicts = "; ".join(f"never moving {t}: {'can still win' if can_win_without_moving(start, t) else 'lost'}"
                         for t in candidates)
    must = [t for t in candidates if not can_win_without_moving(start, t)]
    return (f"The finished starts hold {', '.join(candidates)} (the 1s never move anyway). Search the deal once "
            f"for each of them, with that tile frozen: {verdicts}. So **{must[0]}** must move. A shortest "
            f"winning line ({len(line)} moves): {', '.join(str(m) for m in line)}.")


def _start_tiles(position: Position) -> list[str]:
    return [f"{COLOUR_LETTERS[position.row_colour(r)]}{n}" for r in range(position.colours)
            for n in range(2, position.sorted_prefix(r) + 1)]


def _must_move() -> str:
    start = Position.parse(FROZEN_EXAMPLE)
    (must,) = [t for t in _start_tiles(start) if not can_win_without_moving(start, t)]
    return must


def _digit_slips() -> dict[int, str]:
    return {len(str(factorial(75))): "That is the full table of 75 tiles. This table has 4 × 13 = 52.",
            len(str(factorial(52) // factorial(4))): "That counts where the tiles and gaps go, but not the orders "
                                                     "of the four 1s in column 0.",
            len(str(factorial(48))): "The gaps are cells too: 48 tiles and 4 gaps fill 52 cells.",
            52: "That is the number of tiles; the question asks for the digits of the number of deals."}


TASKS = [
    Predict("06.p1", "Predict: the number of different deals of 5x15 is a whole number. How many digits does "
            "it have?", Number(), truth=lambda: len(str(deal_count(5, 15))), reveal=_deals_reveal,
            unit="digits"),
    Predict("06.p2", "Predict: how many different positions can be reached from the small deal on the board "
            "above (the start included)?", Number(), truth=lambda: depth_first(SMALL_LOST).nodes,
            reveal=_small_reveal, unit="positions"),
    Predict("06.p3", "Predict before you click: after B2 moves into the gap on the board below, what will the "
            "board say?", _LOOP_CHOICE, truth=_loop_status, reveal=_loop_reveal),
    Why("06.w1", "Why must a player, or a program that searches, remember the positions it has already seen?",
        model=("Some moves can be undone, so a game can come back to a position it had before: a loop. Without a "
               "memory a player, or a program, could go round such a circle for ever and never finish. With a "
               "memory of the positions seen, each position is explored only once; there are only finitely many, "
               "so the search ends, and it can even prove that no line wins."),
        points=["Moves can lead back to an earlier position: loops.",
                "Without a memory the search can circle for ever and never finish.",
                "With it each position is explored once, so the search ends (and can prove a deal lost)."]),
    Predict("06.p4", f"Predict: each search may explore {RACE_BUDGET:,} positions per deal, on ten level-3 deals. "
            "Which one decides (wins or proves lost) more of the deals?",
            Choice(("depth-first", "best-first", "both the same")), truth=_race_winner, reveal=_race_reveal),
    Predict("06.p5", "Predict: with the rule \"never move a tile out of a finished start\", can the search still "
            "win the deal on the board above?", Choice(("yes", "no")), truth=_prefix_status,
            reveal=_prefix_reveal),
    Why("06.w2", "The rule \"never move a tile out of a finished start\" makes the search much smaller. Why may a "
        "program that proves deals lost still not use it?",
        model=("A proof that a deal is lost says: no line at all wins. If the search skips moves, it only shows "
               "that no line *without those moves* wins. That is the same only if skipping is proved safe, and "
               "here it is not: the deal above is won only by moving O3 out of its finished start. A shortcut "
               "that has not been proved can turn a winnable deal into a wrong 'lost'."),
        points=["'Lost' must mean: no line at all wins.",
                "Skipped moves might be the only way to win (the counterexample).",
                "So a shortcut is allowed only once it is proved safe."]),
    Predict("06.p6", f"Predict: the solver searches each deal (at most {LEVEL_BUDGET:,} positions). Of 10 level-1 "
            "deals, how many will it win?", Number(), truth=lambda: level_results()[1]["solver"]["won"],
            reveal=_levels_reveal, unit="deals"),
    Exercise("06.q1", "A smaller table has 4 colours and tiles 1 to 13 (52 tiles, like a pack of cards). It is "
             "dealt the same way. How many digits does its number of different deals have?", Number(),
             answer=lambda: len(str(deal_count(4, 13))), transfer=True, slips=_digit_slips,
             hint="Follow the argument for 75 tiles with 52: how many different tiles, how many gaps, how many "
                  "1s? Then let Python count the digits: change the number in the code cell of part 2.",
             solution=lambda: (
                 "48 different tiles (not the 1s) and 4 identical gaps fill the 52 cells: 52! / 4! ways. The four "
                 "1s stand in column 0 in 4! orders. So there are 52! / 4! × 4! = 52! deals:\n\n"
                 f"`{factorial(52)}`\n\n`len(str(factorial(52)))` counts its digits: "
                 f"**{len(str(deal_count(4, 13)))}**.")),
    Exercise("06.q2", "Explore the tiny position on the board above (2 colours, tiles 1 to 3). How many different "
             "positions can be reached from it, the start included?", Number(),
             answer=lambda: len(reachable(Position.parse(TINY))), transfer=True,
             slips=lambda: {len(reachable(Position.parse(TINY))) - 1: "Nearly: did you count the start?",
                            sum(len(p.legal_moves()) for p in reachable(Position.parse(TINY))):
                                "That counts moves (arrows). Count positions: one that is reached again by "
                                "another move is the same position."},
             hint="Write the start down, then every position one move away, then one move from those, ... Use "
                  "Undo on the board to go back. A position you already wrote down does not count twice.",
             solution=_tiny_solution),
    Exercise("06.q3", "On the board above (3 colours, tiles 1 to 5), some rows have a finished start. Exactly "
             "one tile of those finished starts has to move in every winning line. Which tile?", Tile(),
             answer=_must_move, transfer=True,
             slips={"O2": "The deal can still be won while O2 stays where it is. Try another one.",
                    "B2": "The deal can still be won while B2 stays where it is. Try another one.",
                    "O3": "O3 is not part of a finished start: the orange row reads O1 O2 and then O4."},
             hint="For each tile of a finished start, ask: can I win if it never moves? Look at the gaps: which "
                  "one could be filled by the rule \"one lower than the tile on its right\"?",
             solution=_frozen_solution),
]
