"""Lesson 01's questions: the magic square behind the Game of 15 (answers computed by the kit).

>>> [t.key for t in TASKS][:2]
['01.p1', '01.p2']
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import (
    DIGITS,
    LINES,
    MAGIC_SQUARE,
    WINNING_TRIPLES,
    Round,
    cell_of,
    fifteen_in,
    symmetric_squares,
    triples_through,
)
from fifteen_kit.svg import HTML, number_squares

from .core import Task
from .records import load

__all__ = ["BLOCK_POSITION", "CELL_ALIASES", "CELL_NAMES", "LINE_CHOICES", "NAMED", "SHIFTED", "TASKS", "TOP_CORNERS",
           "block_cell", "bottom_row", "corner_explanation", "corner_numbers", "digit_counts", "free_cells", "line_sum",
           "magic_square_picture", "solved_square", "symmetry_picture", "triple_list", "triples_and_lines"]

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
#: The choices of the "is every triple a line?" prediction.
LINE_CHOICES = ("yes, every one", "no, some are not lines")


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


def _free_cells_reveal() -> HTML:
    # what the next cells of the lesson show, after the guess
    return HTML(_p("Run the next cells: sympy solves the system for every letter except two corners, and every "
                   "other cell comes out as a formula in those two."))


def _corner_digits() -> frozenset[int]:
    # the digits in exactly 3 of the triples: the corners of the 1..9 square
    return frozenset(d for d in range(1, 10) if len(triples_through(d)) == 3)


def _every_triple_is_a_line() -> str:
    every = all(any(line.digits == t for line in LINES) for t in WINNING_TRIPLES)
    return LINE_CHOICES[0] if every else LINE_CHOICES[1]


def _rows(square: tuple[tuple[int, ...], ...]) -> str:
    # a square as the words show it: 8 1 6 / 3 5 7 / 4 9 2
    return " / ".join(" ".join(map(str, row)) for row in square)


def _formula(cell: str) -> str:
    return str(_corner_solution_formulas()[cell])


def _worked(cell: str) -> str:
    # the formula of ``cell`` with the chosen corners put in: 10 - c -> 10 - 6
    a, c = TOP_CORNERS
    return _formula(cell).replace("a", str(a)).replace("c", str(c))


def _bottom_row_by_listing() -> tuple[int, ...]:
    # the bottom row of the magic square (from the list of all of them) whose top corners are the chosen ones
    from fifteen_kit.counting import magic_squares

    a, c = TOP_CORNERS
    return next(s for s in magic_squares() if s[0][0] == a and s[0][2] == c)[2]


def _shifted_squares() -> list[tuple[tuple[int, ...], ...]]:
    # every magic square of 2..10: the squares of 1..9 with one added to every cell, checked line by line
    from fifteen_kit.counting import magic_squares

    squares = [tuple(tuple(n + 1 for n in row) for row in s) for s in magic_squares()]
    if not all(len({sum(s[r][c] for r, c in line.cells) for line in LINES}) == 1 for s in squares):
        raise InvalidArgumentError("a shifted square is not magic", input=squares)
    return squares


def _shifted_corners_by_listing() -> frozenset[int]:
    return frozenset(s[r][c] for s in _shifted_squares() for r, c in ((0, 0), (0, 2), (2, 0), (2, 2)))


def _block_cell_by_fifteen_in(position: str = BLOCK_POSITION) -> str:
    # the digit that makes 15 with the opponent's two (fifteen_in, not the solver), its cell named by row and column
    p = Round.parse(position)
    opponent = p.onyx if p.to_move.value == "I" else p.ivory
    (digit,) = [d for d in p.pool if fifteen_in(set(opponent) | {d})]
    r, c = cell_of(digit)
    return "centre" if (r, c) == (1, 1) else f"{('top', 'middle', 'bottom')[r]} {('left', 'middle', 'right')[c]}"


def _block_onyx(index: int) -> int:
    return sorted(Round.parse(BLOCK_POSITION).onyx)[index]


def _block_ivory() -> int:
    return min(Round.parse(BLOCK_POSITION).ivory)


def _block_need() -> int:
    return 15 - sum(Round.parse(BLOCK_POSITION).onyx)


#: The values the record file (lesson01.toml) names, each computed by the kit when first needed.
NAMED: dict[str, Callable[..., Any]] = {
    # predictions and their reveals
    "triples": lambda: len(WINNING_TRIPLES),
    "triple_list": triple_list,
    "most_common_digit": lambda: max(range(1, 10), key=lambda d: len(triples_through(d))),
    "digit_counts": digit_counts,
    "corner_digits": _corner_digits,
    "corner_explanation": corner_explanation,
    "free_cells": free_cells,
    "free_cells_reveal": _free_cells_reveal,
    "magic_squares": lambda: len(_magic_squares()),
    "magic_square_picture": magic_square_picture,
    "symmetries": lambda: len(symmetric_squares()),
    "symmetry_picture": symmetry_picture,
    "line_choices": lambda: LINE_CHOICES,
    "every_triple_is_a_line": _every_triple_is_a_line,
    "triples_and_lines": triples_and_lines,
    # why questions
    "digit_total": lambda: sum(DIGITS),
    "lines": lambda: len(LINES),
    # 01.q1: the bottom row from sympy's formulas
    "corner_a": lambda: TOP_CORNERS[0],
    "corner_c": lambda: TOP_CORNERS[1],
    "g_formula": lambda: _formula("g"),
    "h_formula": lambda: _formula("h"),
    "i_formula": lambda: _formula("i"),
    "g_worked": lambda: _worked("g"),
    "h_worked": lambda: _worked("h"),
    "i_worked": lambda: _worked("i"),
    "g": lambda: bottom_row()[0],
    "h": lambda: bottom_row()[1],
    "i": lambda: bottom_row()[2],
    "bottom_sum": lambda: sum(bottom_row()),
    "solved_square": lambda: _rows(solved_square()),
    "bottom_row": bottom_row,
    "bottom_row_by_listing": _bottom_row_by_listing,
    "bottom_row_reversed": lambda: tuple(reversed(bottom_row())),
    "kit_bottom_row": lambda: MAGIC_SQUARE[2],
    "magic_square": lambda: _rows(MAGIC_SQUARE),
    # 01.q2 and 01.q3: the square of 2..10
    "shifted_total": lambda: sum(SHIFTED),
    "shifted_line_sum": line_sum,
    "shifted_line_sum_by_listing": lambda: sum(_shifted_squares()[0][0]),
    "shifted_corners": corner_numbers,
    "shifted_corners_by_listing": _shifted_corners_by_listing,
    # 01.q4: blocking on the magic square
    "cell_names": lambda: CELL_NAMES,
    "cell_aliases": lambda: CELL_ALIASES,
    "block_cell": block_cell,
    "block_cell_by_fifteen_in": _block_cell_by_fifteen_in,
    "block_onyx_a": lambda: _block_onyx(0),
    "block_onyx_b": lambda: _block_onyx(1),
    "block_onyx_sum": lambda: sum(Round.parse(BLOCK_POSITION).onyx),
    "block_ivory": _block_ivory,
    "block_need": _block_need,
    "block_onyx_a_cell": lambda: _cell_name(_block_onyx(0)),
    "block_onyx_b_cell": lambda: _cell_name(_block_onyx(1)),
    "block_ivory_cell": lambda: _cell_name(_block_ivory()),
}

TASKS: list[Task] = load("01", NAMED)
