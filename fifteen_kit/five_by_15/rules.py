"""5x15, a tile solitaire related to Gaps/Montana, as immutable positions.

Rules, in the kit's words (with the agreed reading of the ambiguous points):

* 75 tiles: five colours, numbers 1 to 15.  A deal shuffles all 75 into five
  rows of 15, takes the five 1s out, shuffles them and sets them as column 0
  (one per row: it fixes that row's colour), leaving five *gaps*.  Column 0
  never changes; columns 1..15 form the play area.
* Tile *n* of a row's colour belongs in column *n - 1*.  A row is *sorted* when
  it reads 1..15 from column 0; its gap then sits in column 15 and the row is
  out of play (its tiles no longer move).
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

>>> p = Position.deal(seed=1)
>>> p.gaps()[:2], len(p.legal_moves()) > 0
(((0, 14), (2, 15)), True)
>>> Position.parse(p.notation()) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _check
from .._notation import Notated
from ..chance import Seed, make_rng
from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError

__all__ = ["COLOUR_HEX", "COLOUR_LETTERS", "COLOUR_NAMES", "LEVELS", "Move", "Position", "Tile"]

#: Letters and names of the five colours, and colour-blind-safe display colours (Okabe-Ito).
COLOUR_LETTERS = "BOGPY"
COLOUR_NAMES = ("blue", "orange", "green", "purple", "yellow")
COLOUR_HEX = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#F0E442")
#: Minimum run length of a shift by level.
LEVELS = {1: 3, 2: 4, 3: 5}

Tile = tuple[int, int]  # (colour index, number)
Cell = tuple[int, int]  # (row, column)


def tile_text(tile: Tile | None) -> str:
    """``'B7'`` for blue 7, ``'--'`` for a gap."""
    return "--" if tile is None else f"{COLOUR_LETTERS[tile[0]]}{tile[1]}"


@dataclass(frozen=True)
class Move:
    """A move: ``Move('fill', tile=(c, n), to=(row, col))`` or ``Move('shift', row=r, length=k)``.

    Text forms: ``'B7 to 2,8'`` and ``'shift row 2 x3'`` (rows and columns from 0).

    >>> str(Move.parse('b7 to 2,8')), str(Move.parse('shift row 1 x4'))
    ('B7 to 2,8', 'shift row 1 x4')
    """

    kind: str
    tile: Tile | None = None
    to: Cell | None = None
    row: int | None = None
    length: int | None = None

    def __str__(self) -> str:
        if self.kind == "fill":
            return f"{tile_text(self.tile)} to {self.to[0]},{self.to[1]}"
        return f"shift row {self.row} x{self.length}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its text form. Raises NotationError otherwise."""
        if not isinstance(text, str):
            raise NotationError("a move is like 'B7 to 2,8' or 'shift row 2 x3'", input=text)
        words = text.strip().lower().replace(",", " ").split()
        try:
            if words[:2] == ["shift", "row"] and len(words) == 4 and words[3].startswith("x"):
                return cls("shift", row=int(words[2]), length=int(words[3][1:]))
            if len(words) == 4 and words[1] == "to":
                colour = COLOUR_LETTERS.lower().index(words[0][0])
                return cls("fill", tile=(colour, int(words[0][1:])), to=(int(words[2]), int(words[3])))
        except ValueError:
            pass
        raise NotationError("a move is like 'B7 to 2,8' or 'shift row 2 x3'", input=text)


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
        _check.whole(self.level, 1, 3, "the level")
        _check.whole(self.size, 3, 15, "the highest number")
        rows = [tuple(_check.items(r, self.size + 1, "a row")) for r in _check.items(self.grid, 5, "the grid")]
        colours = len(rows)
        if colours < 2 or any(len(r) != self.size + 1 for r in rows):
            raise InvalidArgumentError(f"the grid has 2 to 5 rows of {self.size + 1} cells", input=self.grid)
        tiles = [t for r in rows for t in r if t is not None]
        expected = {(c, n) for c in range(colours) for n in range(1, self.size + 1)}
        if len(tiles) != len(expected) or set(tiles) != expected or any(r[0] is None or r[0][1] != 1 for r in rows):
            raise InvalidArgumentError("every tile must appear exactly once, with the five 1s in column 0",
                                       input=self.notation_of(rows))
        object.__setattr__(self, "grid", tuple(rows))

    @classmethod
    def deal(cls, seed: Seed = None, level: int = 1, colours: int = 5, size: int = 15) -> Position:
        """A deal from a seeded shuffle (see the module docstring for the procedure).

        Raises InvalidArgumentError for a bad level, colour count (2..5) or size (3..15).
        """
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
        """The colour of ``row`` (its 1 in column 0)."""
        return self.grid[row][0][0]

    def is_sorted(self, row: int) -> bool:
        """True if ``row`` reads 1..size from column 0 in its colour (it is then out of play)."""
        colour = self.row_colour(row)
        return all(self.grid[row][col] == (colour, col + 1) for col in range(self.size))

    @property
    def is_won(self) -> bool:
        """True when every row is sorted."""
        return all(self.is_sorted(r) for r in range(self.colours))

    def gaps(self) -> tuple[Cell, ...]:
        """The gaps as ``(row, column)``, row by row."""
        return tuple((r, c) for r, row in enumerate(self.grid) for c, t in enumerate(row) if t is None)

    def where(self, tile: Tile) -> Cell:
        """The cell holding ``tile``. Raises InvalidArgumentError for a tile not on the board."""
        for r, row in enumerate(self.grid):
            for c, t in enumerate(row):
                if t == tile:
                    return r, c
        raise InvalidArgumentError("no such tile on the board", input=tile)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move: fills (by gap, left-neighbour match first), then shifts (longest runs last).

        >>> all(isinstance(m, Move) for m in Position.deal(seed=2).legal_moves())
        True
        """
        moves: list[Move] = []
        frozen = {r for r in range(self.colours) if self.is_sorted(r)}
        for r, c in self.gaps():
            if r in frozen:
                continue
            for tile in self._fillers(r, c):
                tr, _tc = self.where(tile)
                if tr not in frozen:
                    moves.append(Move("fill", tile=tile, to=(r, c)))
        for r in range(self.colours):
            if r not in frozen:
                moves.extend(Move("shift", row=r, length=k) for k in self._shift_lengths(r))
        return tuple(moves)

    def _fillers(self, r: int, c: int) -> list[Tile]:
        out = []
        left = self.grid[r][c - 1]
        if left is not None and left[1] < self.size:
            out.append((left[0], left[1] + 1))
        right = self.grid[r][c + 1] if c < self.size else None
        if right is not None and right[1] > 2 and (right[0], right[1] - 1) not in out:
            out.append((right[0], right[1] - 1))
        return out

    def _shift_lengths(self, r: int) -> list[int]:
        row = self.grid[r]
        lengths = []
        for end in range(1, self.size):  # the 15 at `end`, the gap right after it
            if row[end] is None or row[end][1] != self.size or row[end + 1] is not None:
                continue
            colour, k = row[end][0], 1
            while end - k >= 1 and row[end - k] == (colour, self.size - k):
                k += 1
            lengths.extend(range(self.run_length, k + 1))
        return lengths

    def explain(self, move: Move | str) -> str | None:
        """Why ``move`` is illegal here, or None if it is legal."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except NotationError as err:
                return err.message
        if not isinstance(move, Move):
            return "not a move"
        if move in self.legal_moves():
            return None
        if move.kind == "fill":
            to = move.to
            if not (isinstance(to, tuple) and len(to) == 2 and to in self.gaps()):
                return f"{to} is not a gap"
            if to[0] in {r for r in range(self.colours) if self.is_sorted(r)}:
                return "that row is sorted and out of play"
            fits = self._fillers(*to)
            if move.tile not in fits:
                wanted = " or ".join(tile_text(t) for t in fits) or "no tile"
                return f"{tile_text(move.tile) if isinstance(move.tile, tuple) else move.tile} does not fit there: " \
                       f"that gap takes {wanted}"
            return "that tile sits in a sorted row, which is out of play"
        if move.kind == "shift":
            if not isinstance(move.row, int) or not 0 <= move.row < self.colours:
                return f"there is no row {move.row}"
            lengths = self._shift_lengths(move.row)
            if not lengths:
                return f"row {move.row} has no run of {self.run_length} or more ending in {self.size} before a gap"
            return f"a shift in row {move.row} may move {', '.join(map(str, lengths))} tiles, not {move.length}"
        return f"unknown kind of move {move.kind!r}"

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Move` or its text).

        Raises GameOverError once won, IllegalMoveError with the reason otherwise.
        """
        if self.is_won:
            raise GameOverError("every row is sorted: the game is won", input=str(move), position=self.notation())
        problem = self.explain(move)
        if problem is not None:
            raise IllegalMoveError(problem, input=str(move), position=self.notation())
        if isinstance(move, str):
            move = Move.parse(move)
        grid = [list(row) for row in self.grid]
        if move.kind == "fill":
            fr, fc = self.where(move.tile)
            grid[fr][fc] = None
            grid[move.to[0]][move.to[1]] = move.tile
        else:
            row = grid[move.row]
            end = next(c for c in range(1, self.size) if row[c] is not None and row[c][1] == self.size
                       and row[c + 1] is None and self._run_at(move.row, c) >= move.length)
            start = end - move.length + 1
            row[start + 1:end + 2] = row[start:end + 1]
            row[start] = None
        # derived by a legal move from a valid position: tiles only move, so skip the full check
        return _check.unchecked(Position, grid=tuple(tuple(r) for r in grid), level=self.level, size=self.size)

    def _run_at(self, r: int, end: int) -> int:
        row, colour, k = self.grid[r], self.grid[r][end][0], 1
        while end - k >= 1 and row[end - k] == (colour, self.size - k):
            k += 1
        return k

    def disorder(self) -> int:
        """A measure of how far from sorted: tiles not in their home cell plus tiles out of sequence.

        0 exactly when the position is won.
        """
        score = 0
        for r, row in enumerate(self.grid):
            colour, good = self.row_colour(r), True
            for c in range(1, self.size + 1):
                t = row[c]
                good = good and t == (colour, c + 1)
                if not good and c < self.size:
                    score += 1
                if t is not None and row[c - 1] is not None and t != (row[c - 1][0], row[c - 1][1] + 1):
                    score += 1
        return score

    # -- notation ---------------------------------------------------------------------------------
    @staticmethod
    def notation_of(rows: list | tuple) -> str:
        """The text of these rows (used in messages)."""
        return " / ".join(" ".join(tile_text(t) for t in row) for row in rows)

    def notation(self) -> str:
        """Rows of tiles (``B7``; ``--`` for a gap) separated by ``/``, then ``L<level>``."""
        return f"{self.notation_of(self.grid)} L{self.level}"

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position in ``text`` (inverse of :meth:`notation`). Raises NotationError otherwise."""
        if not isinstance(text, str):
            raise NotationError("a position is rows of tiles like 'B1 B2 -- ...' separated by '/'", input=text)
        body = text.strip()
        level = 1
        if body[-3:-1] == " L" and body[-1] in "123":
            level, body = int(body[-1]), body[:-3]
        rows = []
        for part in body.split("/"):
            row = []
            for word in part.split():
                if word == "--":
                    row.append(None)
                    continue
                letter, digits = word[:1].upper(), word[1:]
                if letter not in COLOUR_LETTERS or not digits.isdigit() or not digits.isascii():
                    raise NotationError(f"'{word}' is not a tile like B7 or a gap --", input=text)
                row.append((COLOUR_LETTERS.index(letter), int(digits)))
            rows.append(tuple(row))
        size = len(rows[0]) - 1 if rows else 0
        try:
            return cls(tuple(rows), level, size)
        except InvalidArgumentError as err:
            raise NotationError(err.message, input=text) from None
