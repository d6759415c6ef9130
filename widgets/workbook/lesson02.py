"""Lesson 02 · Perfect play: its predictions, exercises and why questions, every answer computed by the kit.

The reveals (tables and the chart of how games end) are built here so the lesson's cells stay one line long.

>>> [task.key for task in TASKS][:3]
['02.p1', '02.q1', '02.p2']
"""

from __future__ import annotations

from math import factorial
from typing import Any

from fifteen_kit.answers import Choice, DigitSet, Number
from fifteen_kit.game_of_15 import WINNING_TRIPLES, Round, evaluate, move_evaluations
from fifteen_kit.game_of_15.puzzles import Puzzle, puzzles
from fifteen_kit.game_of_15.tree import Ending, games_by_length, positions_by_drafts, tree_statistics

from .core import Exercise, Predict, Why

__all__ = ["PUZZLE_SEEDS", "TASKS", "drawing_replies", "endings_bars", "endings_chart", "openings_table",
           "perfect_play_summary", "puzzle", "puzzle_picture", "tree_table"]

#: The seed of the puzzle shown for each number of drafts (1, 2, 3): each has two winning drafts.
PUZZLE_SEEDS: dict[int, int] = {1: 17, 2: 5, 3: 6}


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


def puzzle_picture(drafts: int) -> Any:
    """The puzzle's position twice: the pool with both racks, and the magic square with O and I marks.

    >>> 'figure' in puzzle_picture(2)
    True
    """
    from fifteen_kit.svg import magic_grid, round_board, side_by_side

    p = puzzle(drafts)
    return side_by_side(round_board(p.position, size=34), magic_grid(p.position, size=44),
                        captions=(f"{p.title()} ({p.position.notation()})", ""))


def _first_wins_on_draft_5() -> int:
    return games_by_length()["first"][5]


def _quickest_wins_solution() -> str:
    sets = len(WINNING_TRIPLES)
    orders = factorial(3)
    left = 9 - 3
    return ("Count the choices one after another, then multiply:\n\n"
            f"* the winning set: {sets} choices (lesson 01's sets of three);\n"
            f"* the order in which the first player drafts its three digits: 3 × 2 × 1 = {orders};\n"
            f"* the second player's draft 2: {left} digits that are not in the set; draft 4: {left - 1}.\n\n"
            f"{sets} × {orders} × {left} × {left - 1} = **{sets * orders * left * (left - 1):,}** games, as the kit "
            f"counts ({_first_wins_on_draft_5():,}). The second player cannot make 15 with two digits, so none of "
            "these games ended earlier.")


def _positions_solution() -> str:
    pairs = 9 * 8 // 2
    return (f"Onyx's pair: 9 × 8 = {9 * 8} orders, but each pair was counted twice (1 then 2, 2 then 1), so "
            f"{pairs} pairs. Ivory's digit: 7 choices. {pairs} × 7 = **{pairs * 7}** positions, as the kit counts "
            f"({positions_by_drafts()[3]}): half of the {9 * 8 * 7} orders of drafting.")


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


def _puzzle_slips(drafts: int) -> dict[frozenset[int], str]:
    # a message for each single digit that does not win in time, saying what it does (computed from the position)
    p = puzzle(drafts)
    out: dict[frozenset[int], str] = {}
    for digit in sorted(p.position.pool - set(p.solutions)):
        threats = _threats(p.position.play(digit))
        if drafts == 1:
            message = f"{digit} does not make 15 with two of your digits."
        elif not threats:
            message = f"After {digit} you have no threat at all, so the opponent is free to attack."
        elif len(threats) == 1 and drafts == 2:
            message = (f"After {digit} you have one threat ({threats[0]}); the opponent simply takes that digit. "
                       "Look for a draft that makes two threats.")
        elif len(threats) == 1:
            message = (f"After {digit} you have one threat ({threats[0]}), so the opponent must take that digit; "
                       "but from there you cannot make a fork in time. Which forced reply would help you?")
        else:
            message = (f"After {digit} you have threats ({'; '.join(threats)}), but the opponent's reply is "
                       "strong enough: check what they can block or threaten in return.")
        out[frozenset({digit})] = message
    for digit in sorted(p.position.rack(p.position.to_move.other)):
        out[frozenset({digit})] = f"{digit} is already taken: the opponent holds it."
    return out


def _puzzle_solution(drafts: int) -> str:
    p = puzzle(drafts)
    who = p.position.to_move.title
    lines = [f"The solver's winning drafts for {who}: **{', '.join(map(str, p.solutions))}**."]
    for digit in p.solutions:
        after = p.position.play(digit)
        if after.winner is not None:
            lines.append(f"* {digit} makes 15 at once: {' + '.join(map(str, after.fifteen(after.winner) or ()))}.")
        else:
            threats = _threats(after)
            line = f"* After {digit}, {who}'s threats: {'; '.join(threats) or 'none yet'}."
            if len(threats) >= 2:
                line += " Two threats at once: a fork."
            elif len(threats) == 1:
                block = _threat_triples(after)[0][2]
                forks = evaluate(after.play(block)).best_moves
                line += (f" The opponent must block with {block}; then {who} drafts "
                         f"{' or '.join(map(str, forks))}, a fork: "
                         + " / ".join(f"after {f}: {'; '.join(_threats(after.play(block).play(f)))}" for f in forks)
                         + ".")
            lines.append(line)
    return "\n".join(lines)


TASKS = [
    Predict("02.p1", "Predict: how many different complete games are there (every order of drafts, from the empty "
            "pool until someone makes 15 or the pool is empty)? A rough guess is fine.", Number(),
            truth=lambda: tree_statistics().games, reveal=tree_table, unit="games"),
    Exercise("02.q1", "The quickest win: the first player makes 15 with its third draft, which is draft 5 of the "
             "game. In how many of the games does that happen?", Number(),
             answer=_first_wins_on_draft_5, transfer=True,
             slips={8: "8 is the number of winning sets. Each can be drafted in several orders, and the second "
                       "player drafts two digits in between.",
                    48: "That counts the first player's orders (8 sets × 6 orders); the second player's two drafts "
                        "in between also differ from game to game.",
                    240: "The second player's drafts are counted; now count the orders of the first player's "
                         "three digits too.",
                    720: "Draft 2 and draft 4 are different drafts: taking 1 then 2 is another game than 2 then 1."},
             hint="Choose the winning set (how many ways?), the order in which the first player drafts its three "
                  "digits (how many?), then the second player's draft 2 and draft 4 from the six digits left. "
                  "Multiply.",
             solution=_quickest_wins_solution),
    Predict("02.p2", "Predict: after how many drafts do the most games end?", Choice(("5", "6", "7", "8", "9")),
            truth=lambda: str(max(tree_statistics().games_by_length.items(), key=lambda kv: kv[1])[0]),
            reveal=_endings_reveal),
    Exercise("02.q2", "Games and positions: after three drafts (Onyx, Ivory, Onyx) there are 9 × 8 × 7 orders of "
             "drafting. How many different positions (who holds which digits) are there after three drafts?",
             Number(), answer=lambda: positions_by_drafts()[3], transfer=True,
             slips={504: "504 counts orders: Onyx taking 1 then 2 is the same position as Onyx taking 2 then 1.",
                    84: "That counts which three digits are gone, but not who holds which of them.",
                    756: "That is after four drafts; after three, Onyx holds two digits and Ivory one."},
             hint="Onyx holds two digits, Ivory one. Choose Onyx's pair (order does not matter), then Ivory's digit "
                  "from the seven left.",
             solution=_positions_solution),
    Predict("02.p3", "Predict: if both players play perfectly, who wins?",
            Choice(("the first player", "the second player", "nobody: a draw")),
            truth=lambda: {"win": "the first player", "loss": "the second player",
                           "draw": "nobody: a draw"}[evaluate(Round()).outcome],
            reveal=perfect_play_summary),
    Why("02.w1", "More than half of all games are won by the first player, yet with perfect play nobody wins. "
        "Why is that not a contradiction?",
        model="Counting all games counts every silly game too: each game counts once, however badly it was played. "
              "Perfect play asks something else: can a player force a result whatever the other does? After every "
              "first draft the second player has at least one reply that holds the draw, and one good reply is "
              "enough, however many bad replies there are.",
        points=["Counting all games treats blunders the same as good drafts.",
                "Perfect play looks for the best reply at every step, not the most common result.",
                "One reply that holds the draw is enough (for example a corner against the centre)."]),
    Predict("02.p4", "Predict: Onyx opens with the centre, 5. How many of Ivory's 8 replies still hold the draw?",
            Number(), truth=lambda: len(drawing_replies(5)), reveal=openings_table, unit="replies"),
    Exercise("02.q3", "Onyx opens with 3. Which replies hold the draw for Ivory? Type all of them.", DigitSet(),
             answer=lambda: frozenset(drawing_replies(3)), transfer=True,
             slips={frozenset({5, 6, 8, 9}): "Those are the replies to 1. Where is 3 on the magic square? Turn the "
                                             "square so that 3 sits where 1 was.",
                    frozenset({5}): "Only the centre is the answer to a corner. 3 is an edge (odd, not 5).",
                    frozenset({2, 4, 6, 8}): "Those are the replies to the centre. 3 is an edge."},
             hint="Find 3 on the magic square 2 7 6 / 9 5 1 / 4 3 8: it is an edge, like 1. The drawing replies to 1 "
                  "were the centre, the two corners next to 1 and the edge opposite 1.",
             solution=lambda: ("On the square 2 7 6 / 9 5 1 / 4 3 8 the digit 3 is the bottom edge. By symmetry its "
                               "drawing replies are the centre 5, the two corners next to it (4 and 8) and the "
                               f"opposite edge (7): **{', '.join(map(str, drawing_replies(3)))}**.")),
    Exercise("02.q4", "Puzzle 1: which digit(s) win at once? Type every digit that works.", DigitSet(),
             answer=lambda: frozenset(puzzle(1).solutions), transfer=True,
             slips=lambda: _puzzle_slips(1),
             hint="Look at each pair of your digits: which third digit makes 15, and is it still in the pool?",
             solution=lambda: _puzzle_solution(1)),
    Exercise("02.q5", "Puzzle 2: which digit(s) force a win in 2 of your drafts? Type every digit that works.",
             DigitSet(), answer=lambda: frozenset(puzzle(2).solutions), transfer=True,
             slips=lambda: _puzzle_slips(2),
             hint="Look for a draft that makes two threats at once (a fork): the opponent can block only one.",
             solution=lambda: _puzzle_solution(2)),
    Exercise("02.q6", "Puzzle 3: which digit(s) force a win in 3 of your drafts? Type every digit that works.",
             DigitSet(), answer=lambda: frozenset(puzzle(3).solutions), transfer=True,
             slips=lambda: _puzzle_slips(3),
             hint="Make a threat that forces the opponent's reply, so that your next draft can make a fork.",
             solution=lambda: _puzzle_solution(3)),
    Why("02.w2", "Why does a fork (a draft that makes two threats at once) win?",
        model="A threat is two of your digits that need one more digit, still in the pool, to make 15. The opponent "
              "takes one digit per draft, so can block only one of two threats; with your next draft you complete "
              "the other. The only escape is if the opponent can make 15 first, so check that before you fork.",
        points=["Two threats at once.", "The opponent can block only one per draft.",
                "Unless the opponent makes 15 first."]),
]
