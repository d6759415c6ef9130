"""Exact counting around 15 with sympy (imported inside the functions, never at ``import fifteen_kit``).

So far: the 3x3 magic squares of the digits 1..9, found by solving the linear
system "every line has the same sum" with sympy, and why that sum must be 15.

>>> magic_constant()
15
>>> len(magic_squares())
8
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

__all__ = ["centre_value", "magic_constant", "magic_square_system", "magic_squares"]

_CELLS = "abcdefghi"  # the cells row by row: a b c / d e f / g h i
_LINES = ("abc", "def", "ghi", "adg", "beh", "cfi", "aei", "ceg")


def magic_square_system() -> tuple[Any, list[Any], Any]:
    """The linear system of a 3x3 magic square: ``(cells, equations, S)`` as sympy objects.

    ``cells`` are the symbols a..i row by row; each equation says a line
    (3 rows, 3 columns, 2 diagonals) sums to the magic constant ``S``; one more
    says the nine cells hold 1 + 2 + ... + 9 = 45.

    >>> cells, equations, S = magic_square_system()
    >>> len(cells), len(equations)
    (9, 9)
    """
    import sympy

    cells = sympy.symbols(" ".join(_CELLS))
    cell = dict(zip(_CELLS, cells, strict=True))
    S = sympy.Symbol("S")
    equations = [sympy.Eq(sum(cell[c] for c in line), S) for line in _LINES]
    equations.append(sympy.Eq(sum(cells), sum(range(1, 10))))
    return cells, equations, S


def magic_constant() -> int:
    """The common line sum of any 3x3 magic square of 1..9, solved by sympy (it is 15).

    The three rows hold every digit once, so 3S = 45.

    >>> magic_constant()
    15
    """
    import sympy

    cells, equations, S = magic_square_system()
    solution = sympy.solve(equations, [*cells, S], dict=True)[0]
    return int(solution[S])


def centre_value() -> int:
    """The centre cell of every 3x3 magic square of 1..9, solved by sympy (it is 5).

    The middle row, middle column and both diagonals all pass through the
    centre: together they cover every cell once and the centre three more
    times, so 4 x 15 = 45 + 3e.

    >>> centre_value()
    5
    """
    import sympy

    cells, equations, S = magic_square_system()
    solution = sympy.solve(equations, [*cells, S], dict=True)[0]
    return int(solution[cells[4]])


def magic_squares() -> list[tuple[tuple[int, int, int], ...]]:
    """Every 3x3 magic square of the digits 1..9, as rows, in sorted order (there are 8).

    sympy solves the system for all cells in terms of two free corner cells; the
    squares are the choices of those two digits that give nine different digits 1..9.

    >>> magic_squares()[0]
    ((2, 7, 6), (9, 5, 1), (4, 3, 8))
    """
    import sympy

    cells, equations, S = magic_square_system()
    a, c = cells[0], cells[2]
    solution = sympy.solve(equations, [*cells[1:2], *cells[3:], S], dict=True)[0]
    out = []
    for va, vc in permutations(range(1, 10), 2):
        values = []
        for index, symbol in enumerate(cells):
            expr = {0: a, 2: c}.get(index, solution.get(symbol))
            values.append(expr.subs({a: va, c: vc}))
        if all(v.is_integer for v in values) and sorted(int(v) for v in values) == list(range(1, 10)):
            digits = [int(v) for v in values]
            out.append(tuple(tuple(digits[r * 3:r * 3 + 3]) for r in range(3)))
    return sorted(out)
