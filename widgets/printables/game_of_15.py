"""Game of 15 on paper: the nine number tiles to cut out, the magic square reference plate, a match score sheet.

The tiles are the boards' own (:func:`fifteen_kit.svg.tile_image`): numeral, pips, a diamond frame for odd
digits and a square frame for even ones, on the light ivory face so they print well in black and white.

>>> len(tiles().pages), len(plate().pages), len(score_sheet().pages)
(1, 1, 1)
"""

from __future__ import annotations

from math import ceil

from fifteen_kit.game_of_15 import DIGITS, LINES, MAGIC_SQUARE
from fifteen_kit.svg import number_square, tile_image

from .page import Sheet, page

__all__ = ["SCORE_ROWS", "TILES_PER_PAGE", "TILE_MM", "plate", "score_sheet", "tiles"]

#: Tiles on one cut-out page (three rows of three) and a tile's printed width in millimetres (height 1.3x).
TILES_PER_PAGE = 9
TILE_MM = 52
#: Rows of rounds on the match score sheet (a best of 7 needs at most 7, plus replayed stalemates).
SCORE_ROWS = 12


def tiles() -> Sheet:
    """The nine number tiles 1..9 on A4, three by three, each framed by a dashed cutting line.

    >>> tiles().html().count('<svg')
    9
    """
    digits = list(DIGITS)
    pages = []
    for start in range(0, len(digits), TILES_PER_PAGE):
        cells = "".join(f'<div class="cut" style="width:{TILE_MM + 4}mm;height:{TILE_MM * 1.3 + 4}mm">'
                        f'<div class="fit" style="width:{TILE_MM}mm">{tile_image(d, face="ivory", size=72)}</div></div>'
                        for d in digits[start:start + TILES_PER_PAGE])
        body = (f'<div class="grid" style="grid-template-columns:repeat(3,{TILE_MM + 4}mm);margin-top:6mm">'
                f"{cells}</div>"
                "<p>Cut along the dashed lines; glue the tiles on card. Odd digits have a diamond frame, even "
                "digits a square frame; the pips count the digit.</p>")
        pages.append(page("Game of 15: the number tiles", body, "Cut-out sheet: one pool of nine tiles"))
    assert len(pages) == ceil(len(digits) / TILES_PER_PAGE)
    return Sheet("game_of_15-tiles", "Game of 15: the number tiles", tuple(pages))


def plate() -> Sheet:
    """The reference plate: the kit's magic square, large, and the lines that make 15.

    >>> '2 9 4 / 7 5 3 / 6 1 8' in plate().html()
    True
    """
    square = number_square(MAGIC_SQUARE, size=60)
    lines = "".join(f"<li>{line.name}: {' + '.join(str(MAGIC_SQUARE[r][c]) for r, c in line.cells)} = "
                    f"{sum(line.digits)}</li>" for line in LINES)
    body = (f'<div class="fit" style="width:130mm;margin:8mm auto 6mm auto">{square}</div>'
            f"<p>Every row, every column and both diagonals add up to {sum(MAGIC_SQUARE[0])}. Drafting a digit "
            f"puts your mark on its cell: three digits that make {sum(MAGIC_SQUARE[0])} are always three in a "
            f"row, so the Game of 15 is tic-tac-toe. The {len(LINES)} lines:</p>"
            f'<ul style="columns:2">{lines}</ul>')
    return Sheet("game_of_15-plate", "Game of 15: the reference plate",
                 (page("Game of 15: the reference plate", body, "The magic square"),))


def score_sheet() -> Sheet:
    """A match score sheet: one row per round (who drafts first, both racks, who won, points), totals.

    >>> score_sheet().html().count('<tr>') == SCORE_ROWS + 2
    True
    """
    head = ("<tr><th>Round</th><th>Drafts first<br>(O or I)</th><th>Onyx's digits</th><th>Ivory's digits</th>"
            "<th>Won by<br>(O, I or = )</th><th>Onyx<br>points</th><th>Ivory<br>points</th></tr>")
    rows = "".join(f"<tr><td>{n}</td>" + "<td></td>" * 6 + "</tr>" for n in range(1, SCORE_ROWS + 1))
    total = '<tr><th colspan="5" style="text-align:right">Total</th><td></td><td></td></tr>'
    body = ('<p style="font-size:14pt">Onyx (O): ______________________ &nbsp; Ivory (I): ______________________'
            "</p><p>Match: first to ____ rounds won &nbsp;·&nbsp; date: ____________</p>"
            f'<table class="sheet">{head}{rows}{total}</table>'
            "<p>Write = for a stalemate (a draw: nobody made 15). The first draft alternates from round to "
            "round.</p>")
    return Sheet("game_of_15-score-sheet", "Game of 15: match score sheet",
                 (page("Game of 15: match score sheet", body),))
