"""The magic square behind the Game of 15 (rulebook Law 3 and section 2.5).

The Lo Shu magic square::

    2 9 4
    7 5 3
    6 1 8

puts each digit 1..9 in one cell of a 3x3 grid so that the eight lines (three
rows, three columns, two diagonals) are exactly the eight sets of three digits
that sum to 15.  Drafting a digit is therefore claiming a cell of a tic-tac-toe
grid.  Cells are ``(row, column)`` pairs counted from 0 at the top left.

Digit sets are also handled as 9-bit masks (bit ``d - 1`` for digit ``d``);
the solver works on masks for speed.

>>> digit_at(1, 1)
5
>>> cell_of(8)
(2, 2)
>>> len(WINNING_TRIPLES), all(sum(t) == 15 for t in WINNING_TRIPLES)
(8, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .. import _check
from ..errors import InvalidArgumentError

__all__ = [
    "DIGITS",
    "LINES",
    "MAGIC_SQUARE",
    "SYMMETRIES",
    "WINNING_TRIPLES",
    "Line",
    "Symmetry",
    "cell_of",
    "digit_at",
    "digits_of",
    "fifteen_in",
    "is_magic",
    "line_of",
    "mask_of",
    "symmetric_squares",
    "triples_through",
]

#: The magic square as rows of digits (rulebook Law 3).
MAGIC_SQUARE: tuple[tuple[int, int, int], ...] = ((2, 9, 4), (7, 5, 3), (6, 1, 8))

#: The nine digits of the shared pool, in the order they lie on the pool board.
DIGITS: tuple[int, ...] = tuple(range(1, 10))

_CELL = {MAGIC_SQUARE[r][c]: (r, c) for r in range(3) for c in range(3)}


def _check_digit(digit: object) -> int:
    return _check.whole(digit, 1, 9, "a digit")


def cell_of(digit: int) -> tuple[int, int]:
    """The ``(row, column)`` cell of the magic square that holds ``digit``.

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` for anything but 1..9.

    >>> [cell_of(d) for d in (2, 5, 8)]
    [(0, 0), (1, 1), (2, 2)]
    """
    return _CELL[_check_digit(digit)]


def digit_at(row: int, column: int) -> int:
    """The digit in cell ``(row, column)`` of the magic square (both 0..2).

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` outside the grid.

    >>> digit_at(0, 1), digit_at(2, 1)
    (9, 1)
    """
    return MAGIC_SQUARE[_check.whole(row, 0, 2, "a row")][_check.whole(column, 0, 2, "a column")]


@dataclass(frozen=True)
class Line:
    """One of the eight lines of the grid: its name, its cells and its digits.

    ``digits`` is sorted ascending, ``cells`` run left to right / top to bottom.

    >>> LINES[0]
    Line(name='top row', cells=((0, 0), (0, 1), (0, 2)), digits=(2, 4, 9))
    """

    name: str
    cells: tuple[tuple[int, int], ...]
    digits: tuple[int, ...]


def _make_lines() -> tuple[Line, ...]:
    specs = [
        ("top row", [(0, 0), (0, 1), (0, 2)]),
        ("middle row", [(1, 0), (1, 1), (1, 2)]),
        ("bottom row", [(2, 0), (2, 1), (2, 2)]),
        ("left column", [(0, 0), (1, 0), (2, 0)]),
        ("middle column", [(0, 1), (1, 1), (2, 1)]),
        ("right column", [(0, 2), (1, 2), (2, 2)]),
        ("diagonal from top left", [(0, 0), (1, 1), (2, 2)]),
        ("diagonal from top right", [(0, 2), (1, 1), (2, 0)]),
    ]
    return tuple(
        Line(name, tuple(cells), tuple(sorted(MAGIC_SQUARE[r][c] for r, c in cells)))
        for name, cells in specs
    )


#: The eight lines of the tic-tac-toe grid, rows first, then columns, then diagonals.
LINES: tuple[Line, ...] = _make_lines()

#: Every set of three distinct digits 1..9 summing to 15, ascending (rulebook 2.5).
WINNING_TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    t for t in combinations(DIGITS, 3) if sum(t) == 15
)


def line_of(triple: Iterable[int]) -> Line:
    """The grid line whose digits are ``triple`` (three digits summing to 15).

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` if ``triple`` is not
    one of the eight winning triples.

    >>> line_of([1, 5, 9]).name
    'middle column'
    """
    digits = tuple(sorted(_check_digit(d) for d in _check.items(triple, 9, "a triple")))
    for line in LINES:
        if line.digits == digits:
            return line
    raise InvalidArgumentError("not three digits summing to 15", input=triple)


def triples_through(digit: int) -> tuple[tuple[int, int, int], ...]:
    """The winning triples that contain ``digit`` (4 for 5, 3 for an even digit, 2 for an odd).

    >>> triples_through(5)
    ((1, 5, 9), (2, 5, 8), (3, 5, 7), (4, 5, 6))
    >>> len(triples_through(2)), len(triples_through(7))
    (3, 2)
    """
    _check_digit(digit)
    return tuple(t for t in WINNING_TRIPLES if digit in t)


def mask_of(digits: Iterable[int]) -> int:
    """A set of digits as a 9-bit mask: bit ``d - 1`` is set for digit ``d``.

    >>> mask_of([1, 2, 9])
    259
    """
    mask = 0
    for d in _check.items(digits, 9, "a set of digits"):
        mask |= 1 << (_check_digit(d) - 1)
    return mask


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a 9-bit mask, ascending (inverse of :func:`mask_of`).

    >>> digits_of(259)
    (1, 2, 9)
    """
    _check.whole(mask, 0, 511, "a digit mask")
    return tuple(d for d in DIGITS if mask >> (d - 1) & 1)


# Digit masks shared by the solver and the tree counts: every digit, and the single-digit bits (bit d - 1).
_FULL = 0b111111111
_BITS = tuple(1 << i for i in range(9))
_TRIPLE_MASKS = tuple(mask_of(t) for t in WINNING_TRIPLES)
# _FIFTEEN[mask] is the first winning triple inside the digit set `mask`, or None.
_FIFTEEN: list[tuple[int, int, int] | None] = [
    next((t for t, m in zip(WINNING_TRIPLES, _TRIPLE_MASKS, strict=False) if mask & m == m), None)
    for mask in range(512)
]
# _HAS_FIFTEEN[mask] is True when the digit set holds three digits summing to 15.
_HAS_FIFTEEN: tuple[bool, ...] = tuple(t is not None for t in _FIFTEEN)


def fifteen_in(digits: Iterable[int]) -> tuple[int, int, int] | None:
    """A triple of ``digits`` summing to 15 (the first in :data:`WINNING_TRIPLES` order), or None.

    Two or four digits summing to 15 never count (rulebook Law 2): only three.

    >>> fifteen_in([1, 2, 4, 8]) is None
    True
    >>> fifteen_in([9, 6, 4, 5])
    (4, 5, 6)
    """
    return _FIFTEEN[mask_of(digits)]


def is_magic(square: Iterable[Iterable[int]]) -> bool:
    """True if ``square`` is a 3x3 grid of the digits 1..9 whose 8 lines all sum to 15.

    Raises InvalidArgumentError if ``square`` is not a collection of rows.

    >>> is_magic(MAGIC_SQUARE)
    True
    >>> is_magic([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    False
    """
    rows = [tuple(_check.items(r, 9, "a row of the square")) for r in _check.items(square, 9, "a square")]
    if len(rows) != 3 or any(len(r) != 3 for r in rows):
        return False
    cells = [d for r in rows for d in r]
    try:
        digits = sorted(_check.whole(d, 1, 9, "a cell") for d in cells)
    except InvalidArgumentError:
        return False  # a cell that is not a digit 1..9: not magic
    if digits != list(DIGITS):
        return False
    return all(sum(rows[r][c] for r, c in line.cells) == 15 for line in LINES)


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of the square (rotation or reflection) as a permutation of the digits.

    ``permutation[d - 1]`` is the digit whose cell the cell of ``d`` is carried to, so
    ``symmetry(digits)`` moves a player's marks: the marks on the cells of ``digits`` turned or
    flipped as the name says are the marks on the cells of the result.  Symmetries map winning
    triples to winning triples, so they preserve the game.

    To turn or flip the *numbers written in a square*, use :meth:`turn`: writing ``symmetry(d)``
    in place of each ``d`` relabels the cells instead, which gives the inverse motion (a
    "clockwise" permutation written into the square turns its numbers anticlockwise).

    Raises InvalidArgumentError unless ``name`` is text and ``permutation`` lists each
    digit 1..9 exactly once.

    >>> quarter = SYMMETRIES[1]
    >>> quarter.name, quarter(2), quarter([2, 5, 8])
    ('rotate 90° clockwise', 4, (4, 5, 6))
    """

    name: str
    permutation: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidArgumentError("a symmetry's name must be text", input=self.name)
        _check.text(self.name, 200, "a symmetry's name")
        perm = tuple(_check.items(self.permutation, 9, "a symmetry's permutation"))
        if sorted(perm, key=repr) != sorted(DIGITS, key=repr) or any(type(d) is not int for d in perm):
            raise InvalidArgumentError("a symmetry's permutation lists each digit 1..9 once", input=self.permutation)
        object.__setattr__(self, "permutation", perm)

    def __call__(self, digits: int | Iterable[int]) -> int | tuple[int, ...]:
        """Apply the symmetry to one digit (returns a digit) or to several (a sorted tuple)."""
        if isinstance(digits, int):  # one digit (a bool is refused as one)
            return self.permutation[_check_digit(digits) - 1]
        return tuple(sorted(self.permutation[_check_digit(d) - 1] for d in _check.items(digits, 9, "digits")))

    def apply_mask(self, mask: int) -> int:
        """Apply the symmetry to a 9-bit digit mask (see :func:`mask_of`).

        >>> SYMMETRIES[0].apply_mask(0b10000) == 0b10000
        True
        """
        _check.whole(mask, 0, 511, "a digit mask")
        out = 0
        for d in DIGITS:
            if mask >> (d - 1) & 1:
                out |= 1 << (self.permutation[d - 1] - 1)
        return out

    def cell(self, row: int, column: int) -> tuple[int, int]:
        """The cell that ``(row, column)`` is carried to (both 0..2).

        Raises InvalidArgumentError outside the grid.

        >>> SYMMETRIES[1].name, SYMMETRIES[1].cell(0, 0)   # the top-left cell goes to the top right
        ('rotate 90° clockwise', (0, 2))
        """
        return cell_of(self.permutation[digit_at(row, column) - 1])

    def turn(self, square: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
        """The 3x3 ``square`` (rows of numbers) turned or flipped: each number moves with its cell.

        Raises InvalidArgumentError unless ``square`` is three rows of three numbers.

        >>> clockwise = SYMMETRIES[1]
        >>> clockwise.turn(MAGIC_SQUARE)   # 2 9 4 / 7 5 3 / 6 1 8 turned a quarter clockwise
        ((6, 7, 2), (1, 5, 9), (8, 3, 4))
        """
        rows = [tuple(_check.items(r, 3, "a row of the square")) for r in _check.items(square, 3, "a square")]
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise InvalidArgumentError("a square is three rows of three numbers", input=square)
        out = [[0] * 3 for _ in range(3)]
        for r in range(3):
            for c in range(3):
                nr, nc = self.cell(r, c)
                out[nr][nc] = rows[r][c]
        return tuple(tuple(row) for row in out)


def symmetric_squares(square: Iterable[Iterable[int]] = MAGIC_SQUARE) -> list[tuple[str, tuple[tuple[int, ...], ...]]]:
    """The 8 ways to turn or flip a 3x3 ``square``: ``(name, turned square)`` pairs, identity first.

    ``square`` is three rows of three numbers (the magic square by default).  Raises
    InvalidArgumentError otherwise.

    >>> for name, turned in symmetric_squares()[:2]:
    ...     print(name, turned)
    identity ((2, 9, 4), (7, 5, 3), (6, 1, 8))
    rotate 90° clockwise ((6, 7, 2), (1, 5, 9), (8, 3, 4))
    """
    return [(s.name, s.turn(square)) for s in SYMMETRIES]


def _make_symmetries() -> tuple[Symmetry, ...]:
    transforms = [
        ("identity", lambda r, c: (r, c)),
        ("rotate 90° clockwise", lambda r, c: (c, 2 - r)),
        ("rotate 180°", lambda r, c: (2 - r, 2 - c)),
        ("rotate 90° anticlockwise", lambda r, c: (2 - c, r)),
        ("flip top to bottom", lambda r, c: (2 - r, c)),
        ("flip left to right", lambda r, c: (r, 2 - c)),
        ("flip over the diagonal from top left", lambda r, c: (c, r)),
        ("flip over the diagonal from top right", lambda r, c: (2 - c, 2 - r)),
    ]
    out = []
    for name, f in transforms:
        perm = tuple(MAGIC_SQUARE[f(*_CELL[d])[0]][f(*_CELL[d])[1]] for d in DIGITS)
        out.append(Symmetry(name, perm))
    return tuple(out)


#: The 8 symmetries of the square (the dihedral group of order 8), identity first.
SYMMETRIES: tuple[Symmetry, ...] = _make_symmetries()


_MASK_IMAGES: tuple[tuple[int, ...], ...] = ()


def _mask_images() -> tuple[tuple[int, ...], ...]:
    # For each symmetry (in SYMMETRIES order), the image of every 9-bit mask: the fast form of
    # Symmetry.apply_mask, built once per process on first use (about 4,000 table entries).
    global _MASK_IMAGES
    if not _MASK_IMAGES:
        tables = []
        for s in SYMMETRIES:
            image = [1 << (p - 1) for p in s.permutation]
            table = [0] * 512
            for mask in range(1, 512):
                low = mask & -mask
                table[mask] = table[mask ^ low] | image[low.bit_length() - 1]
            tables.append(tuple(table))
        _MASK_IMAGES = tuple(tables)
    return _MASK_IMAGES
