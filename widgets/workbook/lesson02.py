"""Lesson 02 · Perfect play: its predictions, exercises and why questions, every answer computed by the kit.

The reveals (tables and the chart of how games end) are built here so the lesson's cells stay one line long.

>>> [task.key for task in TASKS][:3]
['02.p1', '02.q1', '02.p2']
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb, factorial
from typing import Any

from fifteen_kit.game_of_15 import WINNING_TRIPLES, Round, evaluate, move_evaluations
from fifteen_kit.game_of_15.puzzles import Puzzle, puzzles
from fifteen_kit.game_of_15.tree import Ending, games_by_length, positions_by_drafts, tree_statistics

from .core import Task
from .records import load

__all__ = ["NAMED", "PUZZLE_SEEDS", "TASKS", "drawing_replies", "endings_bars", "endings_chart", "openings_table",
           "perfect_play_summary", "puzzle", "puzzle_picture", "tree_table"]

#: The seed of the puzzle shown for each number of drafts (1, 2, 3): each has two winning drafts.
PUZZLE_SEEDS: dict[int, int] = {1: 17, 2: 5, 3: 6}
# the choices of the "who wins with perfect play?" prediction, by the solver's outcome for the first player
_OUTCOMES = {"win": "the first player", "loss": "the second player", "draw": "nobody: a draw"}


def _markdown(text: str) -> Any:
    from IPython.display import Markdown

    return Markdown(text)


def tree_table() -> Any:
    """The size of the game tree as a Markdown table: games by result, and positions.

    >>> '255,168' in tree_table().data
    True
    """
    s = tree_statistics()
    rows = [("complete games", s.games), ("... won by the first player", s.first_player_wins),
            ("... won by the second player", s.second_player_wins), ("... drawn", s.draws),
            ("different positions", s.positions), ("... different up to symmetry", s.positions_up_to_symmetry)]
    return _markdown("| what the kit counted | how many |\n|---|---:|\n"
                     + "\n".join(f"| {what} | {n:,} |" for what, n in rows))


def endings_bars() -> Any:
    """A stacked bar chart: how many games end after 5, 6, 7, 8 or 9 drafts, and how (a BarChart).

    Bars start at zero; each result has its own colour and hatching; the total sits on top of each bar.
    ``endings_chart`` draws it with matplotlib; the lesson's reveal shows it with or without matplotlib.

    >>> [s.label for s in endings_bars().series]
    ['first player wins', 'second player wins', 'draw']
    """
    from fifteen_kit import plotstyle
    from fifteen_kit.barchart import BarChart, Series

    ends = games_by_length()
    plies = tuple(range(5, 10))
    kinds: list[tuple[Ending, str, str, str]] = [("first", "first player wins", plotstyle.COLOURS[0], "//"),
             ("second", "second player wins", plotstyle.COLOURS[1], ".."), ("draw", "draw", "#999999", "")]
    series, bottom = [], [0] * len(plies)
    for n, (key, label, colour, hatch) in enumerate(kinds):
        values = [ends[key].get(p, 0) for p in plies]
        totals = [b + v for b, v in zip(bottom, values, strict=True)]
        series.append(Series(values=tuple(values), colours=colour, hatches=hatch, label=label, bottoms=tuple(bottom),
                             notes=tuple(f"{t:,}" for t in totals) if n == len(kinds) - 1 else None))
        bottom = totals
    return BarChart(x=plies, series=tuple(series), title=f"How the {sum(bottom):,} games end",
                    xlabel="number of drafts when the game ends", ylabel="number of games", ymax=max(bottom) * 1.12)


def endings_chart() -> Any:
    """:func:`endings_bars` as a matplotlib Figure.

    >>> fig = endings_chart()
    >>> float(fig.axes[0].get_ylim()[0])
    0.0
    """
    return endings_bars().figure()


def _endings_reveal() -> Any:
    from fifteen_kit import plotstyle

    return plotstyle.image(endings_bars())


def perfect_play_summary() -> Any:
    """What the solver says about the empty pool (a Markdown paragraph).

    >>> 'draw' in perfect_play_summary().data
    True
    """
    start = evaluate(Round())
    solved = sum(positions_by_drafts().values())
    return _markdown(f"The solver valued all **{solved:,}** positions, each once. The empty pool is a "
                     f"**{start.outcome}** for the first player: with perfect play on both sides nobody wins.")


def drawing_replies(opening: int) -> tuple[int, ...]:
    """The second player's replies to ``opening`` that still hold the draw, in ascending order.

    >>> drawing_replies(2)
    (5,)
    """
    replies = move_evaluations(Round().play(opening))
    return tuple(sorted(d for d, v in replies.items() if v.outcome == "draw"))


def openings_table() -> Any:
    """For the three different openings (centre 5, corner 2, edge 1): the replies that hold the draw.

    >>> '2, 4, 6, 8' in openings_table().data
    True
    """
    rows = [(5, "the centre"), (2, "a corner (an even digit)"), (1, "an edge (an odd digit other than 5)")]
    lines = ["| Onyx opens with | Ivory's replies that hold the draw | how many of 8 |", "|---|---|---:|"]
    for digit, name in rows:
        held = drawing_replies(digit)
        lines.append(f"| {digit}, {name} | {', '.join(map(str, held))} | {len(held)} |")
    if tuple(drawing_replies(5)) == (2, 4, 6, 8):
        lines.append("\nAgainst the **centre** only the four corners (the even digits) save the second player. That "
                     "is why good players say \"answer the centre with an even digit\": it is minimax in disguise.")
    return _markdown("\n".join(lines))


def puzzle(drafts: int) -> Puzzle:
    """The lesson's win-in-``drafts`` puzzle (drafts 1, 2 or 3), chosen by :data:`PUZZLE_SEEDS`.

    >>> puzzle(1).solutions
    (2, 4)
    """
    return puzzles(drafts, count=1, seed=PUZZLE_SEEDS[drafts])[0]


def puzzle_picture(drafts: int, paper: bool = False) -> Any:
    """The puzzle's position twice: the pool with both racks, and the magic square with O and I marks (with
    ``paper``, the pool drawn in outline, to print light on the worksheet).

    >>> 'figure' in puzzle_picture(2)
    True
    """
    from fifteen_kit.svg import magic_grid, round_board, side_by_side

    p = puzzle(drafts)
    return side_by_side(round_board(p.position, size=34, paper=paper), magic_grid(p.position, size=44),
                        captions=(p.title(), ""))  # no notation: a pupil reads the pictures, not the code


def _first_wins_on_draft_5() -> int:
    return games_by_length()["first"][5]


def _threat_triples(position: Round) -> list[tuple[int, int, int]]:
    # the open threats of the player who just drafted: (a, b, needed) for two of their digits a < b whose 15 needs
    # a digit still in the pool
    side = position.last_drafter
    rack = sorted(position.rack(side)) if side is not None else []
    return [(a, b, 15 - a - b) for i, a in enumerate(rack) for b in rack[i + 1:]
            if 15 - a - b in position.pool and 15 - a - b not in (a, b)]


def _threats(position: Round) -> list[str]:
    # the same threats in words: "2 + 7 needs 6"
    return [f"{a} + {b} needs {need}" for a, b, need in _threat_triples(position)]


def _first_wins_on_draft_5_by_listing() -> int:
    # every order of five drafts in which the first player's three digits (drafts 1, 3, 5) make 15
    from itertools import permutations

    return sum(1 for p in permutations(range(1, 10), 5) if p[0] + p[2] + p[4] == 15)


def _positions_after_three_by_listing() -> int:
    # every order of three drafts, kept as who holds which digits: Onyx's pair (unordered) and Ivory's digit
    from itertools import permutations

    return len({(frozenset((a, c)), b) for a, b, c in permutations(range(1, 10), 3)})


def _drawing_replies_by_symmetry(opening: int) -> frozenset[int]:
    # turn the square so that the edge 1 goes to ``opening``, and carry the replies to 1 along (no new solve)
    from fifteen_kit.game_of_15.square import SYMMETRIES, digits_of, mask_of

    (turn,) = [s for s in SYMMETRIES if s.apply_mask(mask_of([1])) == mask_of([opening])][:1]
    held = [d for d, v in move_evaluations(Round().play(1)).items() if v.outcome == "draw"]
    return frozenset(digits_of(turn.apply_mask(mask_of(held))))


def _winning_drafts_by_solving(drafts: int) -> frozenset[int]:
    # the digits after which the opponent, to move, loses within the puzzle's drafts (a solve of each reply)
    from fifteen_kit.chance import make_rng
    from fifteen_kit.game_of_15.puzzles import puzzle_positions

    position = make_rng(PUZZLE_SEEDS[drafts]).sample(puzzle_positions(drafts), 1)[0]
    after = {d: position.play(d) for d in position.pool}
    return frozenset(d for d, p in after.items()
                     if p.winner is not None or (evaluate(p).outcome == "loss" and evaluate(p).plies <= 2 * drafts - 2))


def _slip_digits(drafts: int, kind: str) -> list[int]:
    # the puzzle's digits that do not win in time, by what they do: "no win" (puzzle 1), "no threat", "one threat"
    # or "threats" after them, or "taken" (the opponent holds them), in ascending order
    p = puzzle(drafts)
    if kind == "taken":
        return sorted(p.position.rack(p.position.to_move.other))
    found = []
    for digit in sorted(p.position.pool - set(p.solutions)):
        threats = len(_threats(p.position.play(digit)))
        what = "no win" if drafts == 1 else ("no threat", "one threat")[threats] if threats < 2 else "threats"
        if what == kind:
            found.append(digit)
    return found


def _slip(drafts: int, kind: str, n: int) -> int:
    return _slip_digits(drafts, kind)[n]


def _threat_after(drafts: int, n: int) -> str:
    # the one threat after the puzzle's n-th "one threat" slip: "1 + 8 needs 6"
    p = puzzle(drafts)
    return _threats(p.position.play(_slip(drafts, "one threat", n)))[0]


def _win(drafts: int, n: int) -> int:
    return puzzle(drafts).solutions[n]


def _fifteen_after_win(drafts: int, n: int) -> str:
    # the 15 a winning draft makes at once: "2 + 5 + 8"
    after = puzzle(drafts).position.play(_win(drafts, n))
    return " + ".join(map(str, after.fifteen(after.winner) or ())) if after.winner is not None else ""


def _threats_after_win(drafts: int, n: int) -> str:
    return "; ".join(_threats(puzzle(drafts).position.play(_win(drafts, n)))) or "none yet"


def _block_after_win(drafts: int, n: int) -> int:
    return _threat_triples(puzzle(drafts).position.play(_win(drafts, n)))[0][2]


def _forks_after_block(drafts: int, n: int) -> tuple[int, ...]:
    after = puzzle(drafts).position.play(_win(drafts, n)).play(_block_after_win(drafts, n))
    return tuple(evaluate(after).best_moves)


def _fork_threats(drafts: int, n: int) -> str:
    # the threats of each fork after the forced block: "after 5: 2 + 5 needs 8; 5 + 7 needs 3"
    after = puzzle(drafts).position.play(_win(drafts, n)).play(_block_after_win(drafts, n))
    return " / ".join(f"after {f}: {'; '.join(_threats(after.play(f)))}" for f in _forks_after_block(drafts, n))


#: The values the record file (lesson02.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    "puzzle_picture": puzzle_picture,
    # predictions and their reveals
    "games": lambda: tree_statistics().games,
    "tree_table": tree_table,
    "game_lengths": lambda: tuple(range(5, 10)),
    "most_common_length": lambda: str(max(tree_statistics().games_by_length.items(), key=lambda kv: kv[1])[0]),
    "endings_reveal": _endings_reveal,
    "outcomes": lambda: tuple(_OUTCOMES.values()),
    "perfect_play_winner": lambda: _OUTCOMES[evaluate(Round()).outcome],
    "perfect_play_summary": perfect_play_summary,
    "replies_to_centre_held": lambda: len(drawing_replies(5)),
    "openings_table": openings_table,
    # 02.q1: the quickest wins
    "first_wins_on_draft_5": _first_wins_on_draft_5,
    "first_wins_on_draft_5_by_listing": _first_wins_on_draft_5_by_listing,
    "winning_sets": lambda: len(WINNING_TRIPLES),
    "first_player_orders": lambda: factorial(3),
    "draft_2_choices": lambda: 9 - 3,
    "draft_4_choices": lambda: 9 - 3 - 1,
    "quickest_wins_by_multiplying": lambda: len(WINNING_TRIPLES) * factorial(3) * (9 - 3) * (9 - 3 - 1),
    "sets_times_orders": lambda: len(WINNING_TRIPLES) * factorial(3),
    "quickest_wins_in_one_order": lambda: len(WINNING_TRIPLES) * (9 - 3) * (9 - 3 - 1),
    "quickest_wins_second_unordered": lambda: len(WINNING_TRIPLES) * factorial(3) * comb(9 - 3, 2),
    # 02.q2: positions after three drafts
    "positions_after_three": lambda: positions_by_drafts()[3],
    "positions_after_three_by_listing": _positions_after_three_by_listing,
    "pair_orders": lambda: 9 * 8,
    "onyx_pairs": lambda: 9 * 8 // 2,
    "positions_by_multiplying": lambda: 9 * 8 // 2 * 7,
    "orders_after_three": lambda: 9 * 8 * 7,
    "digits_gone_after_three": lambda: comb(9, 3),
    "positions_after_four": lambda: positions_by_drafts()[4],
    # 02.q3: the replies to 3
    "replies_to_3": lambda: frozenset(drawing_replies(3)),
    "replies_to_3_by_symmetry": lambda: _drawing_replies_by_symmetry(3),
    "replies_to_1": lambda: drawing_replies(1),
    "replies_to_corner": lambda: drawing_replies(2),
    "replies_to_centre": lambda: drawing_replies(5),
    # 02.q4-02.q6: the puzzles, by their number of drafts (1 win at once, 2 a fork, 3 a forcing threat then a fork);
    # a winning draft, a slip or a threat by its number n (0, 1, ...), as the record's words call them:
    # {win(2, 0)}, {slip(3, 'no threat', 1)}
    "puzzle": lambda drafts: frozenset(puzzle(drafts).solutions),
    "puzzle_by_solving": _winning_drafts_by_solving,
    "puzzle_side": lambda drafts: puzzle(drafts).position.to_move.title,
    "win": _win,
    "fifteen_after_win": _fifteen_after_win,
    "threats_after_win": _threats_after_win,
    "threat_after": _threat_after,
    "block_after_win": _block_after_win,
    "forks_after_block": lambda drafts, n: " or ".join(map(str, _forks_after_block(drafts, n))),
    "fork_threats": _fork_threats,
    "slip": _slip,
}

TASKS: list[Task] = load("02", NAMED)
