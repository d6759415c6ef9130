"""5x15 on paper: the 75 tiles to cut out and the play area of 5 rows by 16 columns, both A4 landscape.

The tiles (:func:`fifteen_kit.svg.five_tile`) carry their colour's letter and their number on their colour;
a tile is printed exactly as wide as a cell of the grid, so the cut-out tiles fit the printed play area.

>>> len(tiles().pages), len(grid().pages)
(1, 1)
"""

from __future__ import annotations

from math import ceil

from fifteen_kit.five_by_15.rules import COLOUR_LETTERS, COLOUR_NAMES
from fifteen_kit.svg import five_tile

from .page import Sheet, page

__all__ = ["CELL_MM", "NUMBERS", "TILES_PER_PAGE", "grid", "tiles"]

#: A tile's (and a grid cell's) printed side in millimetres.
CELL_MM = 16.5
#: The numbers of each colour's tiles.
NUMBERS = range(1, 16)
#: Tiles on one landscape page: one row of 15 per colour.
TILES_PER_PAGE = len(COLOUR_LETTERS) * len(NUMBERS)


def tiles() -> Sheet:
    """The 75 tiles, one row per colour, each in a thin cutting frame.

    >>> tiles().html().count('<svg') == len(COLOUR_LETTERS) * len(NUMBERS)
    True
    """
    every = [(c, n) for c in range(len(COLOUR_LETTERS)) for n in NUMBERS]
    pages = []
    for start in range(0, len(every), TILES_PER_PAGE):
        cells = "".join(
            f'<div class="cut" style="width:{CELL_MM}mm;height:{CELL_MM}mm">'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" style="width:{CELL_MM - 1}mm">'
            f"{five_tile(c, n, size=48)}</svg></div>" for c, n in every[start:start + TILES_PER_PAGE])
        names = ", ".join(f"{letter} {name}" for letter, name in zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True))
        body = (f'<div class="grid" style="grid-template-columns:repeat({len(NUMBERS)},{CELL_MM}mm);'
                f'margin-top:4mm">{cells}</div>'
                f"<p>Cut along the dashed lines; glue on card. Colours: {names}. The letter is on every tile, so "
                "the game works in black and white too.</p>")
        pages.append(page("5x15: the 75 tiles", body, "Cut-out sheet"))
    assert len(pages) == ceil(len(every) / TILES_PER_PAGE)
    return Sheet("five_by_15-tiles", "5x15: the 75 tiles", tuple(pages), landscape=True)


def grid() -> Sheet:
    """The play area: 5 rows of 16 cells, column 0 for the five 1s and columns 1 to 15, numbered.

    >>> grid().html().count('class="cell"') == len(COLOUR_LETTERS) * (len(NUMBERS) + 1)
    True
    """
    columns = len(NUMBERS) + 1
    head = "".join(f'<div style="height:7mm;font-size:10pt">{c}</div>' for c in range(columns))
    cell = (f'<div class="cell" style="width:{CELL_MM}mm;height:{CELL_MM}mm;border:0.35mm solid #222222;'
            '{extra}"></div>')
    rows = "".join(cell.format(extra="background:#e6e6e6" if c == 0 else "")
                   for _ in COLOUR_LETTERS for c in range(columns))
    body = (f'<div class="grid" style="grid-template-columns:repeat({columns},{CELL_MM}mm);margin-top:4mm">'
            f"{head}{rows}</div>"
            f"<p>Column 0 (grey) holds the five 1s, one per row: each fixes its row's colour. Tile n of a row's "
            f"colour belongs in column n − 1; columns 1 to {len(NUMBERS)} are the play area.</p>")
    return Sheet("five_by_15-grid", "5x15: the play area", (page("5x15: the play area", body,
                                                                 f"{len(COLOUR_LETTERS)} rows x {columns} columns"),),
                 landscape=True)
