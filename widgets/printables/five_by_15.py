"""5x15 on paper: the 75 tiles to cut out, small tile sets for lesson 06's exercises, and the play area of 5 rows
by 16 columns, all A4 landscape.

The tiles (:func:`fifteen_kit.svg.five_tile`, toner-light: a pale tint of the colour inside a border of it) carry
their colour's letter and their number, CELL_MM (25 mm) wide so that fingers can slide them; the letter is 6 mm
and the number 12 mm tall.  A tile is printed exactly as wide as a cell of the play area, so the cut-out tiles fit
it; at that size the 16 columns take two sheets, taped side by side.

>>> len(tiles().pages), len(grid().pages), len(exercise_sets().pages)
(2, 2, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from fifteen_kit import _check
from fifteen_kit.five_by_15 import Position
from fifteen_kit.five_by_15.rules import COLOUR_LETTERS, COLOUR_NAMES
from fifteen_kit.svg import five_tile

from .page import Sheet, page

__all__ = ["CELL_MM", "COLUMNS_PER_PAGE", "MAX_PAIRS", "NUMBERS", "PAIRS", "ROWS_PER_PAGE", "SETS_PER_PAGE",
           "TILES_PER_PAGE", "exercise_set", "exercise_sets", "grid", "tiles"]

#: A tile's (and a grid cell's) printed side in millimetres.
CELL_MM = 25
#: The numbers of each colour's tiles.
NUMBERS = range(1, 16)
#: Tiles across and down one landscape page (267 x 150 mm of tiles), and so the tiles on one page.
COLUMNS_PER_PAGE = 10
ROWS_PER_PAGE = 6
TILES_PER_PAGE = COLUMNS_PER_PAGE * ROWS_PER_PAGE
#: Exercise sets on one page (two across, two down: each set is one row of five per colour, three colours), the
#: pairs of a class the exercise sets are printed for by default, and the most accepted.
SETS_PER_PAGE = 4
PAIRS = 14
MAX_PAIRS = 100

_NAMES = ", ".join(f"{letter} {name}" for letter, name in zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True))


def _cell(colour: int, number: int) -> str:
    # one tile in its dashed cutting frame, CELL_MM square
    return (f'<div class="cut" style="width:{CELL_MM}mm;height:{CELL_MM}mm">'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" style="width:{CELL_MM - 1}mm">'
            f"{five_tile(colour, number, size=48, light=True)}</svg></div>")


def _rows(rows: Sequence[Sequence[tuple[int, int] | None]], columns: int, style: str = "") -> str:
    # tiles in rows of ``columns`` cells (None: an empty cell), as one grid
    cells = "".join(_cell(*t) if t else f'<div style="width:{CELL_MM}mm;height:{CELL_MM}mm"></div>'
                    for row in rows for t in [*row, *[None] * (columns - len(row))])
    return f'<div class="grid" style="grid-template-columns:repeat({columns},{CELL_MM}mm);{style}">{cells}</div>'


def tiles() -> Sheet:
    """The 75 tiles on two pages: each colour on two rows (1 to 10, then 11 to 15), blue, orange and green on the
    first page, purple and yellow on the second.

    >>> tiles().html().count('<svg') == len(COLOUR_LETTERS) * len(NUMBERS)
    True
    """
    rows = []
    for c in range(len(COLOUR_LETTERS)):
        numbers = list(NUMBERS)
        rows += [[(c, n) for n in numbers[i:i + COLUMNS_PER_PAGE]] for i in range(0, len(numbers), COLUMNS_PER_PAGE)]
    pages = []
    title = "5x15: the 75 tiles"
    for start in range(0, len(rows), ROWS_PER_PAGE):
        body = _rows(rows[start:start + ROWS_PER_PAGE], COLUMNS_PER_PAGE, "margin-top:2mm")
        if start + ROWS_PER_PAGE >= len(rows):
            body += (f"<p>Cut along the dashed lines; glue on card. Colours: {_NAMES}. The letter is on every tile, "
                     "so the game works in black and white too. A tile is as wide as a cell of the play area.</p>")
        pages.append(page(title, body, f"Cut-out sheet · one full set on {ceil(len(rows) / ROWS_PER_PAGE)} pages"))
    return Sheet("five_by_15-tiles", title, tuple(pages), landscape=True)


def exercise_set() -> tuple[tuple[int, ...], tuple[range, ...]]:
    """The tiles a pair needs for lesson 06's exercises on paper: every tile of exercise 2's tiny position (2
    colours, 1 to 3) and of exercise 3's deal (3 colours, 1 to 5), read from the lesson's positions.

    Returns the colours (indices into COLOUR_LETTERS) and, for each, the numbers of its tiles.

    >>> colours, numbers = exercise_set()
    >>> [COLOUR_LETTERS[c] for c in colours], [list(n) for n in numbers][0]
    (['B', 'O', 'G'], [1, 2, 3, 4, 5])
    """
    from ..workbook.lesson06 import FROZEN_EXAMPLE, TINY

    needed: dict[int, set[int]] = {}
    for text in (TINY, FROZEN_EXAMPLE):
        for row in Position.parse(text).grid:
            for cell in row:
                if cell is not None:
                    needed.setdefault(cell[0], set()).add(cell[1])
    colours = tuple(sorted(needed))
    assert all(needed[c] == set(range(1, max(needed[c]) + 1)) for c in colours)
    return colours, tuple(range(1, max(needed[c]) + 1) for c in colours)


def exercise_sets(pairs: int = PAIRS) -> Sheet:
    """One small tile set per pair (``pairs``, 1 to MAX_PAIRS; a class of 28 is 14) for lesson 06's exercises 2
    and 3 (:func:`exercise_set`: 15 tiles, B O G 1 to 5), SETS_PER_PAGE sets on a page.  Raises
    InvalidArgumentError for a bad number of pairs.

    >>> len(exercise_sets(5).pages), exercise_sets(1).html().count('<svg')
    (2, 15)
    """
    pairs = _check.whole(pairs, 1, MAX_PAIRS, "the number of pairs")
    colours, numbers = exercise_set()
    rows = [[(c, n) for n in numbers[i]] for i, c in enumerate(colours)]
    width = max(len(r) for r in rows)
    one = _rows(rows, width)
    per_page = ceil(pairs / SETS_PER_PAGE)
    title = "5x15: tile sets for lesson 06's exercises"
    pages = []
    for number in range(per_page):
        count = min(SETS_PER_PAGE, pairs - number * SETS_PER_PAGE)
        sets = "".join(f'<div style="margin:0 0 3mm 0">{one}</div>' for _ in range(count))
        body = (f'<div style="display:grid;grid-template-columns:repeat(2,{width * CELL_MM}mm);column-gap:12mm;'
                f'justify-content:center;margin-top:1mm">{sets}</div>')
        pages.append(page(title, body, f"One set of {sum(len(n) for n in numbers)} tiles per pair: exercise 2 uses "
                                       f"B1-B3 and O1-O3, exercise 3 all of them · {pairs} pairs"))
    return Sheet("five_by_15-exercise-sets", title, tuple(pages), landscape=True)


def grid() -> Sheet:
    """The play area: 5 rows of 16 cells, column 0 for the five 1s and columns 1 to 15, numbered, on two pages to
    tape side by side (columns 0 to 7, then 8 to 15).

    >>> grid().html().count('class="cell"') == len(COLOUR_LETTERS) * (len(NUMBERS) + 1)
    True
    """
    columns = len(NUMBERS) + 1
    half = ceil(columns / 2)
    cell = (f'<div class="cell" style="width:{CELL_MM}mm;height:{CELL_MM}mm;border:0.35mm solid #222222;'
            '{extra}"></div>')
    pages = []
    for first, last, note in ((0, half, f"Tape the second sheet's columns {half} to {columns - 1} on the right of "
                               f"column {half - 1}."), (half, columns, f"This half goes on the right of column "
                                                                       f"{half - 1}, on the first sheet.")):
        head = "".join(f'<div style="height:6mm;font-size:11pt">{c}</div>' for c in range(first, last))
        rows = "".join(cell.format(extra="background:#e6e6e6" if c == 0 else "")
                       for _ in COLOUR_LETTERS for c in range(first, last))
        body = (f'<div class="grid" style="grid-template-columns:repeat({last - first},{CELL_MM}mm);'
                f'margin-top:1mm">{head}{rows}</div>'
                f"<p>Column 0 (grey) holds the five 1s, one per row: each fixes its row's colour. Tile n of a row's "
                f"colour belongs in column n − 1; columns 1 to {len(NUMBERS)} are the play area. {note}</p>")
        pages.append(page("5x15: the play area", body, f"{len(COLOUR_LETTERS)} rows x {columns} columns · "
                                                       f"columns {first} to {last - 1}"))
    return Sheet("five_by_15-grid", "5x15: the play area", tuple(pages), landscape=True)
