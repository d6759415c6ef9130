"""Lesson 01's questions: the magic square behind the Game of 15 (answers computed by the kit).

>>> [t.key for t in TASKS][:2]
['01.p1', '01.p2']
"""

from __future__ import annotations

from html import escape
from typing import Any

from fifteen_kit.answers import Choice, DigitSequence, DigitSet, Number
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import (
    LINES,
    MAGIC_SQUARE,
    WINNING_TRIPLES,
    Round,
    cell_of,
    symmetric_squares,
    triples_through,
)
from fifteen_kit.svg import HTML, number_squares

from .core import Exercise, Predict, Why

__all__ = ["BLOCK_POSITION", "CELL_ALIASES", "CELL_NAMES", "SHIFTED", "TASKS", "TOP_CORNERS", "block_cell",
           "bottom_row",
           "corner_explanation", "corner_numbers", "digit_counts", "free_cells", "line_sum", "magic_square_picture",
           "solved_square", "symmetry_picture", "triple_list", "triples_and_lines"]

#: The names of the nine cells, row by row, as the pupil types them.
CELL_NAMES: tuple[str, ...] = ("top left", "top middle", "top right", "middle left", "centre", "middle right",
                               "bottom left", "bottom middle", "bottom right")
#: The position of the blocking exercise: Onyx holds 6 and 8, Ivory holds 5, Ivory to draft.
BLOCK_POSITION = "68/5 I"
#: The numbers of the transfer square: 2, 3, ..., 10.
SHIFTED = tuple(range(2, 11))
#: The two top corners chosen in the substitution exercise (a and c).
TOP_CORNERS = (8, 6)
#: Other names pupils use for the cells (the middle of the bottom edge is also its "centre").
CELL_ALIASES: tuple[tuple[str, str], ...] = (
    ("bottom centre", "bottom middle"), ("bottom center", "bottom middle"), ("top centre", "top middle"),
    ("top center", "top middle"), ("centre left", "middle left"), ("center left", "middle left"),
    ("centre right", "middle right"), ("center right", "middle right"), ("center", "centre"),
    ("left middle", "middle left"), ("right middle", "middle right"))


def _p(text: str) -> str:
    return f'<p style="font-size:16px;margin:0.3em 0">{text}</p>'


def triple_list() -> HTML:
    """The sets of three different digits 1..9 that sum to 15, one per line.

    >>> triple_list().count('= 15')
    8
    """
    items = "".join(f"<li>{' + '.join(map(str, t))} = 15</li>" for t in WINNING_TRIPLES)
    return HTML(_p(f"The kit tried every set of three digits: {len(WINNING_TRIPLES)} of them make 15.")
                + f'<ul style="font-size:16px;columns:2">{items}</ul>')


def digit_counts() -> HTML:
    """How many of the triples each digit 1..9 belongs to, with a row of dots per digit.

    >>> '●●●●' in digit_counts()
    True
    """
    rows = "".join(f"<tr><td>digit {d}</td><td>in {len(triples_through(d))} triples</td>"
                   f'<td style="text-align:left">{"●" * len(triples_through(d))}</td></tr>' for d in range(1, 10))
    return HTML(f'<table style="font-size:16px">{rows}</table>')


def corner_explanation() -> HTML:
    """Why the even digits go in the corners: a digit in 3 triples needs a cell on 3 lines.

    >>> 'corners' in corner_explanation()
    True
    """
    evens = [d for d in range(1, 10) if len(triples_through(d)) == 3]
    return HTML(_p(f"The digits in exactly 3 triples are {', '.join(map(str, evens))}: they need cells on 3 lines, "
                   "and those are the corners. The digits in 2 triples go on the edges (2 lines each), and the "
                   "digit in 4 triples goes in the centre (4 lines). Now finish your square in the pad!"))


def _magic_squares() -> list[tuple[tuple[int, int, int], ...]]:
    from fifteen_kit.counting import magic_squares

    return magic_squares()


def magic_square_picture() -> HTML:
    """Every magic square of the digits 1..9, drawn side by side.

    >>> magic_square_picture().count('<svg')
    8
    """
    from fifteen_kit.counting import magic_squares

    squares = magic_squares()
    return HTML(_p(f"The kit tried every choice of the corners a and c: {len(squares)} magic squares.")
                + number_squares(squares))


def symmetry_picture() -> HTML:
    """The magic square turned and flipped in every way, labelled, and whether these are all the magic squares.

    >>> symmetry_picture().count('<svg')
    8
    """
    from fifteen_kit.counting import magic_squares

    pairs = symmetric_squares(MAGIC_SQUARE)
    same = sorted(square for _, square in pairs) == magic_squares()
    captions = tuple("left as it is" if name == "identity" else name for name, _ in pairs)
    return HTML('<div style="font-size:16px">' + number_squares([square for _, square in pairs], captions=captions)
                + "</div>"
                + _p(f"{len(pairs)} ways to turn or flip; they give exactly the magic squares above: "
                     f"{'yes' if same else 'no'}."))


def triples_and_lines() -> HTML:
    """Each triple that makes 15 next to the line of the magic square it fills.

    >>> 'diagonal from top right' in triples_and_lines()
    True
    """
    names = {line.digits: line.name for line in LINES}
    rows = "".join(f"<tr><td>{' + '.join(map(str, t))} = 15</td><td>{escape(names[t])}</td></tr>"
                   for t in WINNING_TRIPLES)
    every = sorted(names) == sorted(WINNING_TRIPLES)
    verdict = ("Yes: every triple is a line, and every line is a triple. So making 15 is getting three in a row: "
               "the Game of 15 <i>is</i> tic-tac-toe." if every
               else "No: some triples are not lines.")
    return HTML(f'<table style="font-size:16px">{rows}</table>' + _p(verdict))


def line_sum(numbers: tuple[int, ...] = SHIFTED) -> int:
    """The line sum of a 3x3 magic square of nine ``numbers``: a third of their total.

    >>> line_sum(tuple(range(1, 10))), line_sum()
    (15, 18)
    """
    return sum(numbers) // 3


def corner_numbers(numbers: tuple[int, ...] = SHIFTED) -> frozenset[int]:
    """The corner numbers of a magic square of ``numbers`` (1..9 shifted up by the same amount), found by
    searching every arrangement.

    >>> sorted(corner_numbers())
    [3, 5, 7, 9]
    """
    from itertools import permutations

    target = line_sum(numbers)
    corners: set[int] = set()
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for p in permutations(numbers):
        if all(p[i] + p[j] + p[k] == target for i, j, k in lines):
            corners |= {p[0], p[2], p[6], p[8]}
    return frozenset(corners)


def _corner_solution_formulas() -> dict[str, Any]:
    # sympy's solution of the magic-square system for every cell but the top corners a and c
    from sympy import solve

    from fifteen_kit.counting import magic_square_system

    cells, equations, S = magic_square_system()
    a, b, c, d, e, f, g, h, i = cells
    solution = solve(equations, [b, d, e, f, g, h, i, S], dict=True)[0]
    return {"a": a, "c": c, **{str(x): solution[x] for x in (b, d, e, f, g, h, i)}}


def free_cells() -> int:
    """How many cells of a 3x3 magic square can still be chosen once sympy has solved its system: the cells that
    sympy's own solution (for all unknowns) leaves as letters.

    >>> free_cells()
    2
    """
    from sympy import solve

    from fifteen_kit.counting import magic_square_system

    cells, equations, _ = magic_square_system()
    solution = solve(equations, dict=True)[0]
    return len(set(cells) - set(solution))


def solved_square(a: int = TOP_CORNERS[0], c: int = TOP_CORNERS[1]) -> tuple[tuple[int, ...], ...]:
    """The square that sympy's solution gives when the top corners are ``a`` and ``c`` (rows).

    >>> solved_square()
    ((8, 1, 6), (3, 5, 7), (4, 9, 2))
    """
    formulas = _corner_solution_formulas()
    values = {name: int(expr.subs({formulas["a"]: a, formulas["c"]: c})) for name, expr in formulas.items()}
    return tuple(tuple(values[x] for x in row) for row in ("abc", "def", "ghi"))


def bottom_row(a: int = TOP_CORNERS[0], c: int = TOP_CORNERS[1]) -> tuple[int, ...]:
    """The bottom row g h i that sympy's solution gives when the top corners are ``a`` and ``c``.

    >>> bottom_row()
    (4, 9, 2)
    """
    return solved_square(a, c)[2]


def block_cell(position: str = BLOCK_POSITION) -> str:
    """The name of the cell the side to move must take in ``position`` so that the opponent cannot win on the
    next turn (the position must have exactly one such digit).

    Raises InvalidArgumentError for a position with no single blocking digit.

    >>> block_cell()
    'bottom middle'
    """
    from .lesson00 import blocking_digits

    blocks = blocking_digits(position)
    if len(blocks) != 1:
        raise InvalidArgumentError("this position has no single blocking digit", input=position)
    (digit,) = blocks
    r, c = cell_of(digit)
    return CELL_NAMES[3 * r + c]


def _cell_name(digit: int) -> str:
    r, c = cell_of(digit)
    return CELL_NAMES[3 * r + c]


def _sum_solution() -> str:
    total = sum(SHIFTED)
    return (f"1. Add all nine numbers: 2 + 3 + ... + 10 = {total}.\n"
            f"2. The three rows hold every number once, so the three row sums add up to {total}.\n"
            f"3. All rows have the same sum, so each is {total} ÷ 3 = {line_sum()}.")


def _corner_solution() -> str:
    corners = sorted(corner_numbers())
    evens = [d for d in range(1, 10) if len(triples_through(d)) == 3]
    return ("1. Every number is one more than a digit of the 1..9 square: 2 = 1 + 1, ..., 10 = 9 + 1.\n"
            f"2. Adding 1 to every cell adds 3 to every line, so 15 becomes {line_sum()} and the square stays magic.\n"
            f"3. The corners of the 1..9 square are the digits in 3 triples, {', '.join(map(str, evens))}; one more "
            f"each gives {', '.join(map(str, corners))}.\n"
            "4. Check on the lines: a corner number must be in 3 triples of 2..10 that make "
            f"{line_sum()}; only {', '.join(map(str, corners))} are.")


def _bottom_solution() -> str:
    a, c = TOP_CORNERS
    formulas = _corner_solution_formulas()
    square = solved_square()
    values = {name: v for name, v in zip("abcdefghi", [v for row in square for v in row], strict=True)}
    steps = "\n".join(f"* {x} = {formulas[x]} = {str(formulas[x]).replace('a', str(a)).replace('c', str(c))}"
                      f" = {values[x]}" for x in "ghi")
    g, h, i = square[2]
    whole = " / ".join(" ".join(map(str, row)) for row in square)
    return (f"Put a = {a} and c = {c} into sympy's answers:\n\n{steps}\n\n"
            f"So the bottom row reads {g} {h} {i}. Check: {g} + {h} + {i} = {g + h + i}. "
            f"The whole square is {whole}.")


def _block_solution() -> str:
    onyx = sorted(Round.parse(BLOCK_POSITION).onyx)
    square = " / ".join(" ".join(map(str, row)) for row in MAGIC_SQUARE)
    need = 15 - sum(onyx)
    return (f"1. Onyx holds {onyx[0]} and {onyx[1]}: {onyx[0]} + {onyx[1]} = {sum(onyx)}, so Onyx wins next turn "
            f"with {need} ({onyx[0]} + {onyx[1]} + {need} = 15).\n"
            f"2. Ivory must take {need} now.\n"
            f"3. On the magic square {square} the digit {need} sits in the {block_cell()} cell, on the same line as "
            f"Onyx's {onyx[0]} ({_cell_name(onyx[0])}) and {onyx[1]} ({_cell_name(onyx[1])}).")


TASKS: list[Any] = [
    Predict("01.p1", "Predict: how many different sets of three different digits from 1 to 9 add up to exactly 15?",
            Number(), truth=lambda: len(WINNING_TRIPLES), reveal=triple_list),
    Predict("01.p2", "Predict: which digit do you think is in the most of these triples?", Number(),
            truth=lambda: max(range(1, 10), key=lambda d: len(triples_through(d))), reveal=digit_counts),
    Predict("01.p3", "Predict: which four digits belong in the corners of a magic square? (Look at your counts and "
            "at the lines through a corner.)", DigitSet(),
            truth=lambda: frozenset(d for d in range(1, 10) if len(triples_through(d)) == 3),
            reveal=corner_explanation),
    Why("01.w1", "Why must every line of a magic square made of the digits 1 to 9 add up to 15, and not 14 or 16? "
        "Write one or two sentences.",
        model="The three rows together hold every digit exactly once, so the three row sums add up to "
              "1 + 2 + ... + 9 = 45. All three rows have the same sum, so each row (and so every line) makes "
              "45 ÷ 3 = 15.",
        points=["the three rows use each digit 1..9 once", "so 3 × (line sum) = 45",
                "so the line sum is 45 ÷ 3 = 15"]),
    Predict("01.p4", "Predict: a magic square has 9 cells. Its line sum must be 15 and its centre 5. How many more "
            "cells must you choose before all the other cells are fixed?", Number(), truth=free_cells,
            reveal=lambda: HTML(_p("Run the next cells: sympy solves the system for every letter except two "
                                   "corners, and every other cell comes out as a formula in those two."))),
    Exercise("01.q1", "Choose the top corners a = 8 and c = 6. Use sympy's answers to work out the bottom row "
             "g h i, read from left to right.", DigitSequence(), answer=bottom_row, transfer=True,
             slips={(2, 9, 4): "Those are the right numbers read from right to left: read g h i from left to right.",
                    (6, 1, 8): "That is the bottom row of the square 2 9 4 / 7 5 3 / 6 1 8; here a = 8 and c = 6."},
             hint="Put a = 8 and c = 6 into g = 10 - c, h = a + c - 5 and i = 10 - a.",
             solution=_bottom_solution),
    Predict("01.p5", "Predict: how many different magic squares of the digits 1 to 9 are there? (Count a square "
            "that is turned or flipped as a different square.)", Number(),
            truth=lambda: len(_magic_squares()),
            reveal=magic_square_picture),
    Predict("01.p6", "Predict: in how many ways can you turn or flip a square so that it lands on its own outline? "
            "(Leaving it as it is counts as one way.)", Number(), truth=lambda: len(symmetric_squares()),
            reveal=symmetry_picture),
    Predict("01.p7", "Predict: is every set of three digits that makes 15 a line (row, column or diagonal) of the "
            "magic square?", Choice(("yes, every one", "no, some are not lines")),
            truth=lambda: "yes, every one" if all(any(line.digits == t for line in LINES) for t in WINNING_TRIPLES)
            else "no, some are not lines", reveal=triples_and_lines),
    Exercise("01.q2", "A magic square uses the nine numbers 2, 3, 4, ..., 10, each once. What does every line "
             "add up to?", Number(), answer=line_sum, transfer=True,
             slips={15: "15 is the line sum for 1 to 9. Here every number is one bigger.",
                    sum(SHIFTED): "That is the total of all nine numbers. Three rows share it equally.",
                    16: "Every number is one bigger, and a line has three numbers."},
             hint="Add all nine numbers, then share the total between the three rows.", solution=_sum_solution),
    Exercise("01.q3", "In a magic square of the numbers 2, 3, ..., 10, which four numbers sit in the corners?",
             DigitSet(), answer=corner_numbers, transfer=True,
             slips={frozenset({2, 4, 6, 8}): "Those are the corners for the digits 1 to 9. Here every number is one "
                                             "bigger."},
             hint="Each number of 2..10 is one digit of 1..9 plus 1. Where did the even digits go?",
             solution=_corner_solution),
    Exercise("01.q4", "Onyx holds 6 and 8, Ivory holds 5, and Ivory drafts next. Without a board: on the kit's "
             "magic square 2 9 4 / 7 5 3 / 6 1 8 (read row by row), which cell must Ivory's mark go on to stop Onyx "
             "from winning on the next turn?",
             Choice(CELL_NAMES, aliases=CELL_ALIASES), answer=block_cell, transfer=True,
             slips={"bottom left": "That cell holds 6, which Onyx already has.",
                    "bottom right": "That cell holds 8, which Onyx already has.",
                    "centre": "The centre holds 5, which Ivory already has."},
             hint="Which digit makes 15 with 6 and 8? Then find that digit in 2 9 4 / 7 5 3 / 6 1 8.",
             solution=_block_solution),
    Why("01.w2", "Why are the Game of 15 and tic-tac-toe the same game? Write two or three sentences.",
        model=lambda: "Put the digits in the magic square. Drafting a digit is then the same as putting your mark "
                      f"in its cell. The {len(WINNING_TRIPLES)} sets of three digits that make 15 are exactly the "
                      f"{len(LINES)} lines of the grid, so holding three digits that make 15 is the same as having "
                      "three in a row. Every move and every win in one game is a move and a win in the other.",
        points=["drafting a digit = marking its cell of the magic square",
                lambda: f"the {len(WINNING_TRIPLES)} triples that make 15 are exactly the {len(LINES)} lines",
                "so wins (and draws) match: the same game in a different costume"]),
]
