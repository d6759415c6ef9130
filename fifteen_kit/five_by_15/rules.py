"""5x15, a tile solitaire related to Gaps/Montana, as immutable positions.

Rules, in the kit's words (with the agreed reading of the ambiguous points):

* 75 tiles: five colours, numbers 1 to 15.  A deal shuffles all 75 into five
  rows of 15, takes the five 1s out, shuffles them and sets them as column 0
  (one per row: it fixes that row's colour), leaving five *gaps*.  Column 0
  never changes; columns 1..15 form the play area.
* Tile *n* of a row's colour belongs in column *n - 1*.  A row is *sorted* when
  it reads 1..15 from column 0 and its gap sits in column 15; it is then out of
  play (its tiles no longer move).  A row that reads 1..15 with another
  colour's tile still in column 15 is not finished: that tile may still leave.
* A move either **fills** a gap with a tile from anywhere, which must have the
  colour of a neighbour of the gap and be one higher than the tile on the left
  or one lower than the tile on the right; or **shifts** a *run* -- at least L
  same-colour tiles with consecutive numbers ending in 15 -- one place right,
  into the gap directly after the 15 (L = 3, 4 or 5 for levels 1, 2, 3; any run
  length of at least L may be chosen).  Nothing goes past column 15.
* Won when every row is sorted.  Lost when no move is possible, or when every
  legal move leads back to a position already seen in this game (a *loop*; see
  :class:`~fifteen_kit.five_by_15.game.Game`).

The same rules work on smaller boards (``colours`` x numbers ``1..size``) for
teaching and for testing the solver.

Inside, a position is also kept *packed*: one byte per cell, row after row
(``colour * 16 + number``, 0 for a gap).  The one move generator,
:func:`packed_successors`, works on packed positions; the solver calls its unchecked core directly and
:meth:`Position.legal_moves` translates its answers into moves: :class:`Fill` and :class:`Shift`, the two
actions of the rulebook (their union is the type :data:`Move`).

>>> p = Position.deal(seed=1)
>>> p.gaps()[:2], len(p.legal_moves()) > 0
(((0, 14), (2, 15)), True)
>>> Position.parse(p.notation()) == p
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeAlias

from .. import _check
from .._notation import Notated
from ..chance import Seed, make_rng
from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from ..options import Option

__all__ = ["COLOUR_HEX", "COLOUR_LETTERS", "COLOUR_NAMES", "LEVELS", "MAX_NOTATION", "OPTIONS", "Cell", "Fill", "Level",
           "Move", "PackedMove", "Position", "Shift", "Tile", "goal_of", "move_text", "packed_successors", "parse_move",
           "tile_text"]

#: Letters and names of the five colours, and colour-blind-safe display colours (Okabe-Ito).
COLOUR_LETTERS = "BOGPY"
COLOUR_NAMES = ("blue", "orange", "green", "purple", "yellow")
COLOUR_HEX = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#F0E442")
#: Minimum run length of a shift by level.
LEVELS = {1: 3, 2: 4, 3: 5}
#: A level of play: the shortest run a shift may move is 3, 4 or 5 tiles (:data:`LEVELS`).
Level: TypeAlias = Literal[1, 2, 3]
#: The setup choices of a deal, each declared once (:class:`fifteen_kit.options.Option`): name -> option.
OPTIONS: dict[str, Option[Level]] = {"level": Option.declare(
    Level, {1: "1 (shift 3+)", 2: "2 (shift 4+)", 3: "3 (shift 5+)"}, name="level", title="Level",
    section="Levels", help="The shortest run a shift may move: 3, 4 or 5 tiles")}

#: A tile: (colour index, number).
Tile: TypeAlias = tuple[int, int]
#: A cell: (row, column), both from 0.
Cell: TypeAlias = tuple[int, int]
#: A packed move: (kind, tile code, gap index) with kind 0 = fill, 1 = shift (tile code = first tile of the run).
PackedMove: TypeAlias = tuple[int, int, int]


def tile_text(tile: Tile | None) -> str:
    """``'B7'`` for blue 7, ``'--'`` for a gap (None).

    Raises InvalidArgumentError for anything but None or a tile (colour 0..4, number 1..15).

    >>> tile_text((0, 7)), tile_text(None)
    ('B7', '--')
    """
    if tile is not None and not _is_tile(tile):
        raise InvalidArgumentError("a tile is (colour 0..4, number 1..15) or None for a gap", input=tile)
    return "--" if tile is None else f"{COLOUR_LETTERS[tile[0]]}{tile[1]}"


def _number(text: str) -> int | None:
    """A plain ASCII number of at most two digits, else None."""
    return int(text) if 0 < len(text) <= 2 and text.isdigit() and text.isascii() else None


def _parse_tile(word: str) -> Tile | None:
    letter, number = word[:1].upper(), _number(word[1:])
    if letter not in COLOUR_LETTERS or number is None:
        return None
    return COLOUR_LETTERS.index(letter), number


def _is_tile(value: object) -> bool:
    """True for a pair of plain ints (colour 0..4, number 1..15); bools, floats and the like are not tiles."""
    return (type(value) is tuple and len(value) == 2 and all(_check.is_whole(x) for x in value)
            and 0 <= value[0] < 5 and 1 <= value[1] <= 15)


def _is_cell(value: object) -> bool:
    """True for a pair of plain ints (row 0..4, column 0..15)."""
    return (type(value) is tuple and len(value) == 2 and all(_check.is_whole(x) for x in value)
            and 0 <= value[0] < 5 and 0 <= value[1] <= 15)


def move_text(move: object) -> str:
    """The text of a move for error messages: its notation for a :data:`Move`, else the input's repr (cut short).

    It accepts anything (it describes whatever a user passed as a move) and never raises.

    >>> move_text(Fill(tile=(0, 7), to=(2, 8))), move_text('B7 to 2,8'), move_text(None)
    ('B7 to 2,8', "'B7 to 2,8'", 'None')
    """
    if isinstance(move, (Fill, Shift)):
        return move.notation()
    try:
        return repr(_check.short(move))
    except Exception:  # a repr that fails (an int past Python's digit limit, a broken __repr__)
        return f"<a {type(move).__name__}>"


@dataclass(frozen=True)
class Fill:
    """Action a) of the rulebook: put ``tile`` ``(colour, number)`` into the gap ``to`` ``(row, column)``.

    Text form ``'B7 to 2,8'`` (rows and columns from 0).  The repr is the constructor call, so
    ``eval(repr(m)) == m``.  Raises InvalidArgumentError for a tile that is not (colour 0..4, number 1..15)
    or a gap that is not (row 0..4, column 0..15); whether the move is legal is for :meth:`Position.explain`.

    >>> Fill.parse('b7 to 2,8')
    Fill(tile=(0, 7), to=(2, 8))
    >>> str(Fill(tile=(0, 7), to=(2, 8)))
    'B7 to 2,8'
    """

    tile: Tile
    to: Cell

    def __post_init__(self) -> None:
        shown = _check.short(f"Fill(tile={_check.short(self.tile)!r}, to={_check.short(self.to)!r})", 200)
        if not _is_tile(self.tile):
            raise InvalidArgumentError("a move names a tile as (colour 0..4, number 1..15)", input=shown)
        if not _is_cell(self.to):
            raise InvalidArgumentError("a fill names its gap as (row 0..4, column 0..15)", input=shown)

    def notation(self) -> str:
        """The move's text: ``'B7 to 2,8'``."""
        return f"{tile_text(self.tile)} to {self.to[0]},{self.to[1]}"

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def parse(cls, text: str) -> Fill:
        """A fill from its text form ``'B7 to 2,8'``. Raises NotationError otherwise."""
        move = parse_move(text)
        if not isinstance(move, Fill):
            raise NotationError("a fill is like 'B7 to 2,8'", input=text)
        return move


@dataclass(frozen=True)
class Shift:
    """Action b) of the rulebook: shift the run of ``tile``'s colour from ``tile``'s number up to ``top`` one
    place right, into the gap after the ``top`` (the highest number: 15 in the full game).

    Text form ``'shift B12-15'``.  The repr is the constructor call, so ``eval(repr(m)) == m``.  Raises
    InvalidArgumentError for a tile that is not (colour 0..4, number 1..15) or a ``top`` that is not a whole
    number above the tile's number and at most 15.

    >>> Shift.parse('shift o11-15'), Shift(tile=(1, 11), top=15).length
    (Shift(tile=(1, 11), top=15), 5)
    """

    tile: Tile
    top: int = 15

    def __post_init__(self) -> None:
        shown = _check.short(f"Shift(tile={_check.short(self.tile)!r}, top={_check.short(self.top)!r})", 200)
        if not _is_tile(self.tile):
            raise InvalidArgumentError("a move names a tile as (colour 0..4, number 1..15)", input=shown)
        if self.tile[1] == 15:
            raise InvalidArgumentError("a shift names the first tile of its run, which ends above it (at most 15)",
                                       input=shown)
        _check.whole(self.top, self.tile[1] + 1, 15, f"the top of a shift from {tile_text(self.tile)} (the highest "
                     "number of its run, like Shift(tile=(0, 12), top=15))")

    @property
    def length(self) -> int:
        """How many tiles the shift moves."""
        return self.top - self.tile[1] + 1

    def notation(self) -> str:
        """The move's text: ``'shift B12-15'``."""
        return f"shift {tile_text(self.tile)}-{self.top}"

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def parse(cls, text: str) -> Shift:
        """A shift from its text form ``'shift B12-15'``. Raises NotationError otherwise."""
        move = parse_move(text)
        if not isinstance(move, Shift):
            raise NotationError("a shift is like 'shift B12-15'", input=text)
        return move


#: A move: one of the rulebook's two actions.
Move: TypeAlias = Fill | Shift


def parse_move(text: str) -> Move:
    """A move from its text form: ``'B7 to 2,8'`` (a :class:`Fill`) or ``'shift B12-15'`` (a :class:`Shift`).

    Letters may be in either case.  Raises NotationError for anything else, or text longer than
    :data:`MAX_NOTATION` characters.

    >>> parse_move('b7 to 2,8'), parse_move('shift O11-15')
    (Fill(tile=(0, 7), to=(2, 8)), Shift(tile=(1, 11), top=15))
    """
    form = "a move is like 'B7 to 2,8' or 'shift B12-15'"
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise NotationError(form, input=_check.short(text))
    words = text.strip().replace(",", " ").split()
    try:
        if len(words) == 2 and words[0].lower() == "shift" and words[1].count("-") == 1:
            first, top = words[1].split("-")
            tile, top_number = _parse_tile(first), _number(top)
            if tile is not None and top_number is not None:
                return Shift(tile=tile, top=top_number)
        if len(words) == 4 and words[1].lower() == "to":
            tile, row, col = _parse_tile(words[0]), _number(words[2]), _number(words[3])
            if tile is not None and row is not None and col is not None:
                return Fill(tile=tile, to=(row, col))
    except InvalidArgumentError:
        pass
    raise NotationError(form, input=text)


def _goal_of(packed: bytes, width: int) -> bytes:
    """The won position with the same rows, packed (unchecked: see :func:`goal_of`)."""
    out = bytearray()
    for base in range(0, len(packed), width):
        colour = packed[base] & ~15
        out += bytes(colour + n for n in range(1, width)) + b"\0"
    return bytes(out)


def packed_successors(packed: bytes, width: int, run: int, goal: bytes) -> list[tuple[PackedMove, bytes]]:
    """Every legal move from a packed position and the packed position it leads to (arguments checked).

    ``width`` is size + 1 (4..16) cells per row, ``run`` the shortest run a shift may move (3..5), ``goal``
    from :func:`goal_of`.  Moves come gap by gap (row by row): the fill matching the left neighbour, the one
    matching the right neighbour, then shifts into that gap from the shortest run to the longest.
    Raises InvalidArgumentError for a packed position that is not one (see :meth:`Position.from_packed`) or
    a width, run or goal that does not fit it.

    >>> p = Position.deal(seed=1)
    >>> len(packed_successors(p.packed, 16, 3, goal_of(p.packed, 16))) == len(p.legal_moves())
    True
    """
    _check.whole(width, 4, 16, "the row width (size + 1)")
    _check.whole(run, 3, 5, "the shortest run")
    Position.from_packed(packed, 1, width - 1)
    if not isinstance(goal, (bytes, bytearray)) or bytes(goal) != goal_of(packed, width):
        raise InvalidArgumentError("goal must be goal_of(packed, width)", input=_check.short(goal))
    return _packed_successors(bytes(packed), width, run, bytes(goal))


def goal_of(packed: bytes, width: int) -> bytes:
    """The won position with the same rows (each row's colour is fixed by its 1), packed.

    Raises InvalidArgumentError for a packed position that is not one or a width that does not fit it.

    >>> goal_of(Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1').packed, 4)
    b'\\x01\\x02\\x03\\x00\\x11\\x12\\x13\\x00'
    """
    _check.whole(width, 4, 16, "the row width (size + 1)")
    Position.from_packed(packed, 1, width - 1)
    return _goal_of(bytes(packed), width)


def _packed_successors(packed: bytes, width: int, run: int, goal: bytes) -> list[tuple[PackedMove, bytes]]:
    """Every legal move from a packed position and the packed position it leads to.

    ``width`` is size + 1 cells per row, ``run`` the shortest run a shift may move, ``goal`` from :func:`goal_of`.
    Moves come gap by gap (row by row): the fill matching the left neighbour, the one matching the right
    neighbour, then shifts into that gap from the shortest run to the longest.  A sorted row is out of play;
    no tile of a sorted row can fit a gap elsewhere (its neighbours are all in that row), so only its own
    gap and shifts need skipping.  Unchecked: it trusts its arguments (the solvers' inner loop).
    """
    size = width - 1
    out: list[tuple[PackedMove, bytes]] = []
    g = packed.find(0)
    while g >= 0:
        base = g - g % width
        if packed[base:base + width] != goal[base:base + width]:
            col = g - base
            left = packed[g - 1]
            fit = left + 1 if left and left & 15 < size else 0
            if fit:
                j = packed.find(fit)
                b = bytearray(packed)
                b[j], b[g] = 0, fit
                out.append(((0, fit, g), bytes(b)))
            if col < size:
                right = packed[g + 1]
                if right and right & 15 > 2 and right - 1 != fit:
                    j = packed.find(right - 1)
                    b = bytearray(packed)
                    b[j], b[g] = 0, right - 1
                    out.append(((0, right - 1, g), bytes(b)))
            if left and left & 15 == size:
                k = 1  # length of the run ending in the 15 at g - 1 (never into column 0)
                while k < col - 1 and packed[g - 1 - k] == left - k:
                    k += 1
                for m in range(run, k + 1):
                    b = bytearray(packed)
                    b[g - m + 1:g + 1] = packed[g - m:g]
                    b[g - m] = 0
                    out.append(((1, left - m + 1, g), bytes(b)))
        g = packed.find(0, g + 1)
    return out


def _packed_cells(colours: int, size: int) -> list[int]:
    """The sorted bytes of every packed position with these dimensions: one gap per row and every tile."""
    return [0] * colours + [c * 16 + n for c in range(colours) for n in range(1, size + 1)]


#: The longest text :meth:`Position.parse` and :func:`parse_move` read (a full position has about 250 characters).
MAX_NOTATION = 1_000


@dataclass(frozen=True, repr=False)
class Position(Notated):
    """A 5x15 position: ``grid[row][col]`` holds ``(colour, number)`` or None for a gap (column 0 = the 1s).

    Attributes:
        grid: ``colours`` rows of ``size + 1`` cells.
        level: 1, 2 or 3 (a shift needs a run of at least 3, 4 or 5 tiles).
        size: the highest number (15 in the real game).

    Raises InvalidArgumentError / NotationError for an impossible grid.
    """

    grid: tuple[tuple[Tile | None, ...], ...]
    level: int = 1
    size: int = 15

    def __post_init__(self) -> None:
        OPTIONS["level"].check(self.level)
        _check.whole(self.size, 3, 15, "the highest number")
        rows = [tuple(_check.items(r, self.size + 1, "a row")) for r in _check.items(self.grid, 5, "the grid")]
        colours = len(rows)
        if colours < 2 or any(len(r) != self.size + 1 for r in rows):
            raise InvalidArgumentError(f"the grid has 2 to 5 rows of {self.size + 1} cells", input=self.grid)
        tiles = [t for r in rows for t in r if t is not None]
        junk = next((t for t in tiles if not _is_tile(t)), None)
        if junk is not None:
            raise InvalidArgumentError("a cell holds None (a gap) or a tile (colour 0..4, number 1..15) of plain "
                                       "whole numbers", input=junk)
        expected = {(c, n) for c in range(colours) for n in range(1, self.size + 1)}
        if len(tiles) != len(expected) or set(tiles) != expected or any(r[0] is None or r[0][1] != 1 for r in rows):
            raise InvalidArgumentError("every tile must appear exactly once, with the 1s in column 0",
                                       input=self.notation_of(rows))
        object.__setattr__(self, "grid", tuple(rows))

    @classmethod
    def deal(cls, seed: Seed = None, level: int = 1, colours: int = 5, size: int = 15) -> Position:
        """A deal from a seeded shuffle (see the module docstring for the procedure).

        Raises InvalidArgumentError for a bad level, colour count (2..5) or size (3..15).
        """
        OPTIONS["level"].check(level)
        _check.whole(colours, 2, 5, "the number of colours")
        _check.whole(size, 3, 15, "the highest number")
        rng = make_rng(seed)
        tiles = [(c, n) for c in range(colours) for n in range(1, size + 1)]
        rng.shuffle(tiles)
        ones = [t for t in tiles if t[1] == 1]
        rng.shuffle(ones)
        area = [None if t[1] == 1 else t for t in tiles]
        grid = tuple((ones[r], *area[r * size:(r + 1) * size]) for r in range(colours))
        return cls(grid, level, size)

    # -- packed form ------------------------------------------------------------------------------
    @cached_property
    def packed(self) -> bytes:
        """One byte per cell, row after row: ``colour * 16 + number``, 0 for a gap."""
        return bytes(0 if t is None else t[0] * 16 + t[1] for row in self.grid for t in row)

    @classmethod
    def from_packed(cls, packed: bytes, level: int, size: int) -> Position:
        """The position of a packed grid (see :attr:`packed`), e.g. one from :meth:`successors`.

        Raises InvalidArgumentError unless ``packed`` is bytes holding 2 to 5 rows of ``size + 1`` cells with
        every tile of those colours exactly once, a gap per row and the 1s in column 0.

        >>> p = Position.deal(seed=1)
        >>> Position.from_packed(p.packed, 1, 15) == p
        True
        """
        OPTIONS["level"].check(level)
        _check.whole(size, 3, 15, "the highest number")
        if not isinstance(packed, (bytes, bytearray)):
            raise InvalidArgumentError("a packed position is bytes (see Position.packed)", input=_check.short(packed))
        width = size + 1
        colours, extra = divmod(len(packed), width)
        if (extra or not 2 <= colours <= 5 or sorted(packed) != _packed_cells(colours, size)
                or any(packed[base] & 15 != 1 for base in range(0, len(packed), width))):
            raise InvalidArgumentError(f"a packed position has 2 to 5 rows of {width} cells holding every tile "
                                       "once, a gap per row and the 1s in column 0", input=_check.short(bytes(packed)))
        return cls._from_packed(bytes(packed), level, size)

    @classmethod
    def _from_packed(cls, packed: bytes, level: int, size: int) -> Position:
        # a packed grid derived by legal moves from a valid position: tiles only move, so skip the full check
        width = size + 1
        grid = tuple(tuple(None if b == 0 else (b >> 4, b & 15) for b in packed[i:i + width])
                     for i in range(0, len(packed), width))
        return _check.unchecked(cls, grid=grid, level=level, size=size)

    @cached_property
    def _moves(self) -> dict[Move, bytes]:
        width = self.size + 1
        found = _packed_successors(self.packed, width, self.run_length, _goal_of(self.packed, width))
        return {self._move_of(pm): after for pm, after in found}

    def packed_after(self) -> dict[Move, bytes]:
        """Every legal move and the packed position it leads to (see :attr:`packed`), in move order.

        >>> p = Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1')
        >>> p.packed_after()[Fill(tile=(0, 2), to=(0, 1))] == p.play('B2 to 0,1').packed
        True
        """
        return dict(self._moves)

    def move_of(self, packed_move: PackedMove) -> Move:
        """The move (:class:`Fill` or :class:`Shift`) for a packed move ``(kind, tile code, gap index)`` from
        :func:`packed_successors`.

        Raises InvalidArgumentError for anything that is not a packed move on this board.

        >>> p = Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1')
        >>> p.move_of((0, 2, 1))
        Fill(tile=(0, 2), to=(0, 1))
        """
        ok = (type(packed_move) is tuple and len(packed_move) == 3 and all(_check.is_whole(x) for x in packed_move)
              and packed_move[0] in (0, 1) and 0 <= packed_move[1] < 256
              and 0 <= packed_move[2] < self.colours * (self.size + 1))
        if not ok:
            raise InvalidArgumentError("a packed move is (kind 0 or 1, tile code, gap index) on this board",
                                       input=packed_move, position=self.notation())
        return self._move_of(packed_move)

    def _move_of(self, packed_move: PackedMove) -> Move:
        # move_of without the checks, for packed moves from the move generator (valid by construction)
        kind, code, g = packed_move
        tile = (code >> 4, code & 15)
        if kind == 0:
            return _check.unchecked(Fill, tile=tile, to=divmod(g, self.size + 1))
        return _check.unchecked(Shift, tile=tile, top=self.size)

    # -- reading ----------------------------------------------------------------------------------
    @property
    def colours(self) -> int:
        """Number of rows (colours)."""
        return len(self.grid)

    @property
    def run_length(self) -> int:
        """The shortest run a shift may move at this level."""
        return LEVELS[self.level]

    def row_colour(self, row: int) -> int:
        """The colour of ``row`` (its 1 in column 0). Raises InvalidArgumentError for a row not on the board."""
        return self.packed[self._row(row) * (self.size + 1)] >> 4  # its 1, in column 0

    def _row(self, row: int) -> int:
        if type(row) is int and 0 <= row < len(self.grid):  # the usual case: no notation to build
            return row
        return _check.whole(row, 0, self.colours - 1, "the row", position=self.notation())

    def is_sorted(self, row: int) -> bool:
        """True if ``row`` reads 1..size from column 0 in its colour with its gap last (it is then out of play)."""
        colour = self.row_colour(row)
        cells = self.grid[row]
        return cells[self.size] is None and all(cells[col] == (colour, col + 1) for col in range(self.size))

    @property
    def is_won(self) -> bool:
        """True when every row is sorted."""
        return all(self.is_sorted(r) for r in range(self.colours))

    @property
    def is_over(self) -> bool:
        """True when no move is possible: won, or stuck.

        A loop (every move leads back to a position already seen) depends on the game's history, so only
        :attr:`Game.status <fifteen_kit.five_by_15.game.Game.status>` can tell it.

        >>> Position.parse('B1 O3 -- B2 / O1 B3 -- O2 L1').is_over, Position.deal(seed=1).is_over
        (True, False)
        """
        return not self._moves

    def sorted_prefix(self, row: int) -> int:
        """How many tiles, from column 0, already read 1, 2, 3, ... in the row's colour (at least 1)."""
        colour, cells, k = self.row_colour(row), self.grid[row], 1  # row_colour checks the row
        while k < self.size and cells[k] == (colour, k + 1):
            k += 1
        return k

    def gaps(self) -> tuple[Cell, ...]:
        """The gaps as ``(row, column)``, row by row."""
        return tuple((r, c) for r, row in enumerate(self.grid) for c, t in enumerate(row) if t is None)

    def where(self, tile: Tile) -> Cell:
        """The cell ``(row, column)`` holding ``tile`` ``(colour, number)``.

        Raises InvalidArgumentError for anything that is not a tile (a gap has no tile: see :meth:`gaps`) or
        a tile not on this board.

        >>> Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1').where((1, 2))
        (1, 2)
        """
        if not _is_tile(tile):
            raise InvalidArgumentError("a tile is (colour 0..4, number 1..15); gaps are listed by gaps()",
                                       input=_check.short(tile), position=self.notation())
        for r, row in enumerate(self.grid):
            for c, t in enumerate(row):
                if t == tile:
                    return r, c
        raise InvalidArgumentError("no such tile on the board", input=tile, position=self.notation())

    def out_of_play(self, cell: Cell) -> str | None:
        """Why the tile or gap at ``cell`` (row, column) can take no part in any move, or None if it may.

        Column 0 holds the 1s, which never move; a sorted row is out of play.  Raises InvalidArgumentError
        for a cell not on this board.

        >>> p = Position.parse('B1 B2 B3 -- / O1 -- O3 O2 L1')
        >>> p.out_of_play((1, 0)), p.out_of_play((0, 2)), p.out_of_play((1, 1))
        ('column 0 holds the 1s; they never move', 'B3 is in row 0, which is sorted and out of play', None)
        """
        row, col = self._cell(cell)
        if col == 0:
            return "column 0 holds the 1s; they never move"
        if self.is_sorted(row):
            tile = self.grid[row][col]
            what = "this gap" if tile is None else tile_text(tile)
            return f"{what} is in row {row}, which is sorted and out of play"
        return None

    def _cell(self, cell: object) -> Cell:
        if not (_is_cell(cell) and isinstance(cell, tuple) and cell[0] < self.colours and cell[1] <= self.size):
            raise InvalidArgumentError(f"a cell is (row 0..{self.colours - 1}, column 0..{self.size})",
                                       input=_check.short(cell), position=self.notation())
        return cell

    def move_cells(self, move: Move) -> tuple[tuple[Cell, ...], Cell]:
        """The cells a legal ``move`` takes tiles from (a fill's tile; a shift's run, low to high) and the gap
        it fills.

        Raises IllegalMoveError (with :meth:`explain`'s reason) for a move that is not legal here.

        >>> Position.parse('B1 O2 B3 B4 B5 -- / O1 B2 O3 O4 O5 -- L1').move_cells(Shift(tile=(0, 3), top=5))
        (((0, 2), (0, 3), (0, 4)), (0, 5))
        """
        problem = self.explain(move)
        if problem is not None:
            raise IllegalMoveError(problem, input=move_text(move), position=self.notation())
        if isinstance(move, Fill):
            return (self.where(move.tile),), move.to
        run = tuple(self.where((move.tile[0], n)) for n in range(move.tile[1], move.top + 1))
        row, col = run[-1]
        return run, (row, col + 1)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move: gap by gap, row by row (see :func:`packed_successors`).

        >>> all(isinstance(m, (Fill, Shift)) for m in Position.deal(seed=2).legal_moves())
        True
        """
        return tuple(self._moves)

    def explain(self, move: object) -> str | None:
        """Why ``move`` (a :class:`Fill`, a :class:`Shift` or its text) is illegal here, or None if it is legal.

        Text that is not a move's notation gets the notation's rule as its reason.  A value that is neither a
        move nor text is not a move at all: it raises IllegalMoveError, the same error :meth:`play` raises for
        it.  :meth:`play` refuses exactly the moves this explains, with this message.

        >>> p = Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1')
        >>> p.explain('B2 to 0,1') is None, p.explain('O3 to 0,1')
        (True, 'O3 does not fit there: that gap takes B2')
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except NotationError as err:
                return err.message
        if not isinstance(move, (Fill, Shift)):
            raise IllegalMoveError("not a move: a Fill, a Shift or its text, like 'B7 to 2,8' or 'shift B12-15'",
                                   input=move_text(move), position=self.notation())
        if move in self._moves:
            return None
        if isinstance(move, Fill):
            to = move.to
            if to not in self.gaps():
                return f"row {to[0]}, column {to[1]} is not a gap"
            if self.is_sorted(to[0]):
                return "that row is sorted and out of play"
            fits = [m.tile for m in self._moves if isinstance(m, Fill) and m.to == to]  # the one move generator
            wanted = " or ".join(tile_text(t) for t in fits) or "no tile"
            return f"{tile_text(move.tile)} does not fit there: that gap takes {wanted}"
        tile = move.tile
        if move.top != self.size or tile[0] >= self.colours or tile[1] > self.size:
            return (f"a shift here names the first tile of a run ending in {self.size}, "
                    f"like 'shift B{max(2, self.size - 2)}-{self.size}'")
        if move.length < self.run_length:
            return f"at level {self.level} a shift moves at least {self.run_length} tiles, not {move.length}"
        r, c = self.where((tile[0], self.size))
        if self.is_sorted(r):
            return "that row is sorted and out of play"
        if c == self.size or self.grid[r][c + 1] is not None:
            return f"{tile_text((tile[0], self.size))} has no gap right after it"
        return f"{tile_text(tile)} to {self.size} are not side by side in order before the gap"

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Fill`, a :class:`Shift` or its text); this one is unchanged.

        Raises GameOverError once won, IllegalMoveError with the reason :meth:`explain` gives otherwise.

        >>> Position.parse('B1 -- B2 B3 / O1 O3 O2 -- L1').play('B2 to 0,1').notation()
        'B1 B2 -- B3 / O1 O3 O2 -- L1'
        """
        if self.is_won:
            raise GameOverError("every row is sorted: the game is won", input=move_text(move),
                                position=self.notation())
        problem = self.explain(move)
        if problem is not None:
            raise IllegalMoveError(problem, input=move_text(move), position=self.notation())
        if isinstance(move, str):
            move = parse_move(move)
        return Position._from_packed(self._moves[move], self.level, self.size)

    # -- notation ---------------------------------------------------------------------------------
    @staticmethod
    def notation_of(rows: Iterable[Iterable[Tile | None]]) -> str:
        """The text of these rows (used in messages before a Position exists).

        ``rows``: at most 5 rows of at most 16 cells, each a tile ``(colour, number)`` or None (a gap); an
        iterator is read once.  Raises InvalidArgumentError for anything else.

        >>> Position.notation_of([[(0, 1), None, (0, 2)], [(1, 1), (1, 2), None]])
        'B1 -- B2 / O1 O2 --'
        """
        cells = [_check.items(row, 16, "a row") for row in _check.items(rows, 5, "the rows")]
        for row in cells:
            for t in row:
                if t is not None and not _is_tile(t):
                    raise InvalidArgumentError("a cell holds None (a gap) or a tile (colour 0..4, number 1..15)",
                                               input=_check.short(t))
        return " / ".join(" ".join(tile_text(t) for t in row) for row in cells)

    def notation(self) -> str:
        """Rows of tiles (``B7``; ``--`` for a gap) separated by ``/``, then ``L<level>``."""
        return f"{self.notation_of(self.grid)} L{self.level}"

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position in ``text`` (inverse of :meth:`notation`). Raises NotationError otherwise.

        Text longer than :data:`MAX_NOTATION` characters is refused before it is read.

        >>> Position.parse('B1 -- B2 B3 / O1 O2 -- O3 L2').level
        2
        """
        _check.text(text, MAX_NOTATION, "a 5x15 position notation", error=NotationError)
        if not isinstance(text, str):
            raise NotationError("a position is rows of tiles like 'B1 B2 -- ...' separated by '/'", input=text)
        body, level = text.strip(), 1
        last = body.rsplit(None, 1)[-1] if body else ""
        if len(last) == 2 and last[0] in "Ll" and last[1] in "123":
            level, body = int(last[1]), body[:-2]
        elif len(last) >= 2 and last[0] in "Ll" and last[1:].isdigit():
            raise NotationError(f"'{last}' is not a level: a position ends with its level, L1, L2 or L3", input=text)
        rows = []
        for part in body.split("/"):
            row = []
            for word in part.split():
                tile = None if word == "--" else _parse_tile(word)
                if word != "--" and tile is None:
                    raise NotationError(f"'{word}' is not a tile like B7 or a gap --", input=text)
                row.append(tile)
            rows.append(tuple(row))
        size = len(rows[0]) - 1 if rows else 0
        try:
            return cls(tuple(rows), level, size)
        except InvalidArgumentError as err:
            raise NotationError(err.message, input=text) from None
