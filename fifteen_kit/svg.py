"""Drawings of the kit's pieces and boards as SVG text (standard library only).

Everything returns an :class:`SVG` (a ``str`` that Jupyter shows as a picture)
or, for several drawings in a row, an :class:`HTML`.  Drawings are
deterministic, so a notebook's saved output is the same on every run.

Game of 15 pieces follow rulebook 1.3: each tile shows its numeral *and* its
pips, odd digits sit in a diamond frame and even digits in a square frame; the
theme is mahogany, brass and ivory.  Ownership is never shown by colour alone:
Onyx tiles are dark and marked with "O", Ivory tiles light and marked with "I";
a winning line is outlined in Okabe-Ito bluish green and starred.

>>> from fifteen_kit.game_of_15 import Round
>>> drawing = magic_grid(Round.parse('5/2 O'))
>>> drawing.startswith('<svg') and 'O' in drawing
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from . import _check
from .errors import InvalidArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from .five_by_15.rules import Position
    from .game_of_15.rules import Round

__all__ = [
    "HTML",
    "LIGHT_TINT",
    "MAX_COORDINATE",
    "MAX_DRAWINGS",
    "MAX_MARKUP",
    "MAX_SIZE",
    "MAX_TEXT",
    "SVG",
    "THEME",
    "dice_goal_board",
    "die",
    "five_by_15_position",
    "five_tile",
    "magic_grid",
    "number_square",
    "number_squares",
    "round_board",
    "side_by_side",
    "tile",
    "tile_image",
    "tile_strip",
]

#: Colours of the Game of 15 theme (mahogany, brass, ivory, onyx) and the highlight.
THEME = {
    "mahogany": "#5b2a1a",
    "mahogany_light": "#7a3b24",
    "brass": "#d6b25e",
    "brass_dark": "#8a6a1f",
    "ivory": "#f7f0dc",
    "ivory_edge": "#c9bc98",
    "onyx": "#1f1f24",
    "ink": "#3b1a0e",
    "win": "#009E73",  # Okabe-Ito bluish green
    "recess": "#4a2014",
}


class SVG(str):
    """SVG markup that Jupyter displays as a drawing (``_repr_svg_``).

    >>> SVG('<svg/>')._repr_svg_()
    '<svg/>'
    >>> SVG('<svg aria-label="5/- I"/>')
    <SVG picture: 5/- I>
    """

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        label = re.search(r'aria-label="([^"]*)"', self)
        return f"<SVG picture{': ' + label.group(1) if label else ''}>"


class HTML(str):
    """HTML markup that Jupyter displays as HTML (``_repr_html_``).

    >>> HTML('<b>15</b>')._repr_html_()
    '<b>15</b>'
    """

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<HTML: {self.count('<svg')} pictures>"


_FONT = "Georgia, 'Times New Roman', serif"


#: Accepted drawing sizes (a tile's, cell's or die's width) in pixels: above 0 and at most this.
MAX_SIZE = 10_000
#: Accepted coordinates in pixels: from -MAX_COORDINATE to MAX_COORDINATE.
MAX_COORDINATE = 1_000_000
#: The longest title, label or caption text accepted (characters).
MAX_TEXT = 1_000


def _number(value: Any, what: str) -> float:
    # a coordinate: a finite int or float (not a bool) within +-MAX_COORDINATE pixels; huge ints never overflow
    number = _check.finite(value)
    if number is None or not -MAX_COORDINATE <= number <= MAX_COORDINATE:
        raise InvalidArgumentError(f"{what} must be a finite number of pixels from {-MAX_COORDINATE:,} to "
                                   f"{MAX_COORDINATE:,}", input=value)
    return value


def _size(value: Any) -> float:
    # a width: a finite int or float (not a bool) above 0 and at most MAX_SIZE pixels
    number = _check.finite(value)
    if number is None or not 0 < number <= MAX_SIZE:
        raise InvalidArgumentError(f"size must be a number of pixels above 0 and at most {MAX_SIZE:,}", input=value)
    return value


def _text(value: Any, what: str, none: bool = False) -> str:
    # a title, label or caption: a string of at most MAX_TEXT characters; ``none``: the caller also takes None
    # (and passes it by itself), so the message says so
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise InvalidArgumentError(f"{what} must be text of at most {MAX_TEXT:,} characters"
                                   + (" (or None)" if none else ""), input=_text_shown(value))
    return value


def _text_shown(value: Any) -> Any:
    # a long string cut short for an error message
    return value[:80] + "..." if isinstance(value, str) and len(value) > 80 else value


def _round(position: Any) -> Round:
    from .game_of_15.rules import Round

    if not isinstance(position, Round):
        raise InvalidArgumentError("this drawing needs a Game of 15 Round", input=position)
    return position

# Pip positions on a 3x3 lattice (column, row), like dice and dominoes: tiles use 1..9, die faces 1..6.
_PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}


def tile(digit: int, x: float = 0, y: float = 0, size: float = 72, face: str = "brass",
         highlight: bool = False) -> str:
    """One digit tile as an SVG fragment (a ``<g>`` element), top-left at ``(x, y)``.

    Args:
        digit: 1..9.
        x, y: position in user units (pixels); ``size``: the tile's width (its height is 1.3x).
        face: ``'brass'`` (in the pool), ``'onyx'`` or ``'ivory'`` (on a rack).
        highlight: outline the tile as part of a winning fifteen.

    Raises :class:`~fifteen_kit.errors.InvalidArgumentError` for a digit outside 1..9, an unknown
    face, a position outside +-MAX_COORDINATE pixels, a size not above 0 and at most MAX_SIZE, or a
    ``highlight`` that is not True or False.

    >>> fragment = tile(7)
    >>> fragment.startswith('<g') and 'polygon' in fragment   # odd: diamond frame
    True
    >>> '<rect' in tile(4, face='onyx')
    True
    """
    if not _check.is_whole(digit) or not 1 <= digit <= 9:
        raise InvalidArgumentError("a tile shows a digit from 1 to 9", input=digit)
    x, y = _number(x, "x"), _number(y, "y")
    size = _size(size)
    _check.flag(highlight, "highlight")
    faces = {
        "brass": (THEME["brass"], THEME["brass_dark"], THEME["ink"]),
        "onyx": (THEME["onyx"], THEME["brass"], THEME["ivory"]),
        "ivory": (THEME["ivory"], THEME["ivory_edge"], THEME["ink"]),
    }
    if not isinstance(face, str) or face not in faces:
        raise InvalidArgumentError(f"a tile face is one of {', '.join(faces)}", input=face)
    fill, edge, ink = faces[face]
    w, h = size, size * 1.3
    s = size / 72
    parts = [f'<g transform="translate({x:g},{y:g})">']
    if highlight:
        parts.append(f'<rect x="{-5 * s:g}" y="{-5 * s:g}" width="{w + 10 * s:g}" height="{h + 10 * s:g}" '
                     f'rx="{12 * s:g}" fill="none" stroke="{THEME["win"]}" stroke-width="{5 * s:g}"/>')
    parts.append(f'<rect width="{w:g}" height="{h:g}" rx="{9 * s:g}" fill="{fill}" stroke="{edge}" '
                 f'stroke-width="{2 * s:g}"/>')
    cx, cy, r = w / 2, 34 * s, 26 * s
    if digit % 2:  # odd: diamond frame
        pts = f"{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}"
        parts.append(f'<polygon points="{pts}" fill="none" stroke="{edge}" stroke-width="{2.5 * s:g}"/>')
    else:  # even: square frame
        q = r * 0.78
        parts.append(f'<rect x="{cx - q:g}" y="{cy - q:g}" width="{2 * q:g}" height="{2 * q:g}" fill="none" '
                     f'stroke="{edge}" stroke-width="{2.5 * s:g}"/>')
    parts.append(f'<text x="{cx:g}" y="{cy + 10 * s:g}" text-anchor="middle" font-family="{_FONT}" '
                 f'font-size="{30 * s:g}" font-weight="bold" fill="{ink}">{digit}</text>')
    px0, py0, step = cx - 9 * s, 68 * s, 9 * s
    for c, rr in _PIPS[digit]:
        parts.append(f'<circle cx="{px0 + c * step:g}" cy="{py0 + rr * step:g}" r="{2.6 * s:g}" fill="{ink}"/>')
    if highlight:
        parts.append(f'<text x="{w - 9 * s:g}" y="{14 * s:g}" text-anchor="middle" font-size="{13 * s:g}" '
                     f'fill="{THEME["win"]}">★</text>')
    parts.append("</g>")
    return "".join(parts)


def _winning_digits(position: Round) -> frozenset[int]:
    res = position.result
    if res is not None and res.triple is not None:
        return frozenset(res.triple)
    return frozenset()


def round_board(position: Round, size: float = 56, title: str | None = None, paper: bool = False) -> SVG:
    """The round as the rulebook's table: the pool board with nine slots and both racks.

    Drafted digits leave an empty recess in the pool and appear on their owner's
    rack; the winning fifteen is outlined and starred.  ``size`` is a tile's width in pixels; ``title``
    (read out by screen readers; the round's notation by default) is None or text of at most MAX_TEXT
    characters.  With ``paper`` the table is drawn in outline on white, to print without a page of dark ink
    (the tiles keep their faces).  Raises InvalidArgumentError for anything else.

    >>> from fifteen_kit.game_of_15 import Round
    >>> svg = round_board(Round.parse('258/46 I'))
    >>> svg.count('★')   # the three winning tiles
    3
    """
    from .game_of_15.rules import Side

    position, size = _round(position), _size(size)
    title = None if title is None else _text(title, "title", none=True)
    _check.flag(paper, "paper")
    table, shelf, recess, edge, label = ((THEME["mahogany"], THEME["mahogany_light"], THEME["recess"],
                                          THEME["mahogany_light"], THEME["ivory"]) if not paper else
                                         ("#ffffff", "#f4f4f4", "#ffffff", "#777777", THEME["onyx"]))
    line = f' stroke="{edge}" stroke-width="{size * 0.03:g}"' if paper else ""
    dashed = ' stroke-dasharray="3 3"' if paper else ""
    gap = size * 0.2
    th = size * 1.3
    width = 9 * size + 10 * gap
    label_h = size * 0.5
    fs = size * 0.28
    height = gap + label_h + th + 2 * gap + 2 * (label_h + th + 2 * gap)
    wins = _winning_digits(position)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(title or position.notation())}">',
           f'<rect width="{width:g}" height="{height:g}" rx="{size * 0.2:g}" fill="{table}"{line}/>']
    to_move = "" if position.is_over else f" · {position.to_move.title} to draft"
    out.append(f'<text x="{gap:g}" y="{gap + label_h * 0.7:g}" font-family="{_FONT}" font-size="{fs:g}" '
               f'fill="{label}">Pool{escape(to_move)}</text>')
    y = gap + label_h
    for i, d in enumerate(range(1, 10)):
        x = gap + i * (size + gap)
        if d in position.pool:
            out.append(tile(d, x, y, size, "brass"))
        else:
            out.append(f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{th:g}" rx="{size * 0.12:g}" '
                       f'fill="{recess}" stroke="{edge}"{dashed}/>')
            out.append(f'<text x="{x + size / 2:g}" y="{y + th / 2 + fs / 3:g}" text-anchor="middle" '
                       f'font-family="{_FONT}" font-size="{fs:g}" fill="{edge}">{d}</text>')
    y += th + 2 * gap
    for side in (Side.ONYX, Side.IVORY):
        rack = sorted(position.rack(side))
        marker = "●" if side is Side.ONYX else "○"
        winner = position.winner is side
        said = f"{marker} {side.title} ({side.value})" + (" — wins the round" if winner else "")
        out.append(f'<text x="{gap:g}" y="{y + label_h * 0.7:g}" font-family="{_FONT}" font-size="{fs:g}" '
                   f'fill="{label}">{escape(said)}</text>')
        y += label_h
        out.append(f'<rect x="{gap / 2:g}" y="{y:g}" width="{width - gap:g}" height="{th + 2 * gap:g}" '
                   f'rx="{size * 0.12:g}" fill="{shelf}"{line}/>')
        face = "onyx" if side is Side.ONYX else "ivory"
        for i, d in enumerate(rack):
            out.append(tile(d, gap + i * (size + gap), y + gap, size, face, highlight=d in wins and winner))
        y += th + 2 * gap
    out.append("</svg>")
    return SVG("".join(out))


def magic_grid(position: Round, size: float = 64, show_digits: bool = True) -> SVG:
    """The round's tic-tac-toe twin: the magic square with each drafted cell marked O or I.

    Onyx's cells are dark discs lettered "O", Ivory's light discs lettered "I";
    the winning line is drawn through in bluish green.  ``size`` is a cell's side in pixels.
    Raises InvalidArgumentError for a non-Round, a bad size or a ``show_digits`` that is not True or False.

    >>> from fifteen_kit.game_of_15 import Round
    >>> THEME['win'] in magic_grid(Round.parse('258/46 I'))   # the winning line is drawn
    True
    >>> THEME['win'] in magic_grid(Round.parse('25/46 O'))
    False
    """
    from .game_of_15.rules import Side
    from .game_of_15.square import MAGIC_SQUARE, line_of

    position, size = _round(position), _size(size)
    _check.flag(show_digits, "show_digits")
    pad = size * 0.2
    width = height = 3 * size + 2 * pad
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" role="img" '
           f'aria-label="the position {position.notation()} on the magic square">',
           f'<rect width="{width:g}" height="{height:g}" rx="{size * 0.15:g}" fill="{THEME["ivory"]}" '
           f'stroke="{THEME["brass_dark"]}" stroke-width="2"/>']
    for i in (1, 2):
        out.append(f'<line x1="{pad + i * size:g}" y1="{pad:g}" x2="{pad + i * size:g}" y2="{pad + 3 * size:g}" '
                   f'stroke="{THEME["mahogany"]}" stroke-width="{size * 0.05:g}"/>')
        out.append(f'<line x1="{pad:g}" y1="{pad + i * size:g}" x2="{pad + 3 * size:g}" y2="{pad + i * size:g}" '
                   f'stroke="{THEME["mahogany"]}" stroke-width="{size * 0.05:g}"/>')
    wins = _winning_digits(position)
    res = position.result
    if res is not None and res.triple is not None:
        cells = line_of(res.triple).cells
        (r0, c0), (r1, c1) = cells[0], cells[-1]
        out.append(f'<line x1="{pad + (c0 + 0.5) * size:g}" y1="{pad + (r0 + 0.5) * size:g}" '
                   f'x2="{pad + (c1 + 0.5) * size:g}" y2="{pad + (r1 + 0.5) * size:g}" stroke="{THEME["win"]}" '
                   f'stroke-width="{size * 0.12:g}" stroke-linecap="round"/>')
    for r, row in enumerate(MAGIC_SQUARE):
        for c, d in enumerate(row):
            cx, cy = pad + (c + 0.5) * size, pad + (r + 0.5) * size
            owner = position.cell_owner(d)
            if owner is not None:
                fill = THEME["onyx"] if owner is Side.ONYX else "#ffffff"
                ink = THEME["ivory"] if owner is Side.ONYX else THEME["onyx"]
                ring = THEME["win"] if d in wins else THEME["onyx"]
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{size * 0.3:g}" fill="{fill}" '
                           f'stroke="{ring}" stroke-width="{size * (0.07 if d in wins else 0.04):g}"/>')
                out.append(f'<text x="{cx:g}" y="{cy + size * 0.12:g}" text-anchor="middle" font-family="{_FONT}" '
                           f'font-size="{size * 0.34:g}" font-weight="bold" fill="{ink}">{owner.value}</text>')
            if show_digits:
                out.append(f'<text x="{cx - size * 0.42:g}" y="{cy - size * 0.25:g}" font-family="{_FONT}" '
                           f'font-size="{size * 0.24:g}" font-weight="bold" fill="{THEME["ink"]}">{d}</text>')
    out.append("</svg>")
    return SVG("".join(out))


#: The most drawings :func:`side_by_side` puts in one row, and the most markup they may hold together.
MAX_DRAWINGS = 64
MAX_MARKUP = 2_000_000


def side_by_side(*drawings: str, captions: tuple[str, ...] = ()) -> HTML:
    """Several drawings in a row, each with an optional caption underneath.

    ``drawings``: at most :data:`MAX_DRAWINGS` of the kit's own drawings (:class:`SVG` or :class:`HTML`, as
    every function here returns), together at most :data:`MAX_MARKUP` characters; plain strings are refused,
    so nothing but the kit's markup is embedded.  ``captions`` is a tuple or list of strings (at most one per
    drawing, each at most MAX_TEXT characters).  Raises InvalidArgumentError otherwise.

    >>> side_by_side(SVG('<svg/>'), SVG('<svg/>'), captions=('pool', 'grid')).count('<figure')
    2
    """
    if not isinstance(captions, (tuple, list)) or not all(isinstance(c, str) for c in captions):
        raise InvalidArgumentError("captions must be a tuple of strings", input=captions)
    if len(captions) > len(drawings):
        raise InvalidArgumentError(f"{len(captions)} captions for {len(drawings)} drawings", input=captions)
    for c in captions:
        _text(c, "a caption")
    if len(drawings) > MAX_DRAWINGS:
        raise InvalidArgumentError(f"side_by_side takes at most {MAX_DRAWINGS} drawings", input=len(drawings))
    for d in drawings:
        if not isinstance(d, (SVG, HTML)):
            raise InvalidArgumentError("each drawing must be one of the kit's SVG or HTML drawings", input=d)
    if sum(len(d) for d in drawings) > MAX_MARKUP:
        raise InvalidArgumentError(f"the drawings together are longer than {MAX_MARKUP} characters",
                                   input=sum(len(d) for d in drawings))
    cells = []
    for i, d in enumerate(drawings):
        cap = f'<figcaption style="text-align:center;font-family:Georgia,serif">{escape(captions[i])}</figcaption>' \
            if i < len(captions) else ""
        cells.append(f'<figure style="margin:0 1.5em 0 0">{d}{cap}</figure>')
    return HTML('<div style="display:flex;flex-wrap:wrap;align-items:flex-end">' + "".join(cells) + "</div>")


def number_square(square: Iterable[Iterable[int]], size: float = 30) -> SVG:
    """A 3x3 square of numbers (rows, as :func:`~fifteen_kit.counting.magic_squares` gives them), ``size`` per cell.

    Each number is a whole number 0..999.  Raises InvalidArgumentError for anything but three rows of three
    such numbers, or a bad size.

    >>> number_square([[2, 9, 4], [7, 5, 3], [6, 1, 8]]).count('<rect')
    9
    """
    size = _size(size)
    rows = [list(_check.items(r, 3, "a row of the square")) for r in _check.items(square, 3, "a square")]
    if len(rows) != 3 or any(len(r) != 3 for r in rows):
        raise InvalidArgumentError("a square is three rows of three numbers", input=square)
    numbers = [[_check.whole(n, 0, 999, "a number in the square") for n in r] for r in rows]
    side = 3 * size + 2
    label = " / ".join(" ".join(str(n) for n in r) for r in numbers)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:g}" height="{side:g}" '
           f'viewBox="0 0 {side:g} {side:g}" role="img" aria-label="square {label}">']
    for r, row in enumerate(numbers):
        for c, n in enumerate(row):
            x, y = 1 + c * size, 1 + r * size
            out.append(f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" fill="{THEME["ivory"]}" '
                       f'stroke="{THEME["mahogany"]}" stroke-width="1.5"/>')
            out.append(f'<text x="{x + size / 2:g}" y="{y + size * 0.7:g}" text-anchor="middle" '
                       f'font-family="{_FONT}" font-size="{size * 0.57:g}" fill="{THEME["onyx"]}">{n}</text>')
    out.append("</svg>")
    return SVG("".join(out))


def number_squares(squares: Iterable[Iterable[Iterable[int]]], captions: tuple[str, ...] = (),
                   size: float = 30) -> HTML:
    """Several 3x3 squares of numbers in a row (see :func:`number_square`), each with an optional caption.

    Raises InvalidArgumentError as :func:`number_square` and :func:`side_by_side` do.

    >>> from fifteen_kit.game_of_15 import symmetric_squares
    >>> pairs = symmetric_squares()
    >>> number_squares([s for _, s in pairs], captions=tuple(n for n, _ in pairs)).count('<figure')
    8
    """
    drawings = [number_square(s, size) for s in _check.items(squares, MAX_DRAWINGS, "squares")]
    return side_by_side(*drawings, captions=captions)


def tile_image(digit: int, face: str = "brass", size: float = 72, highlight: bool = False) -> SVG:
    """One tile as a complete SVG picture (for icons and CSS backgrounds), ``size`` wide.

    Raises InvalidArgumentError as :func:`tile` does (checked before anything is drawn).

    >>> tile_image(5).startswith('<svg') and 'polygon' in tile_image(5)
    True
    """
    size = _size(size)
    pad = size * 0.1
    w, h = size + 2 * pad, size * 1.3 + 2 * pad
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" viewBox="0 0 {w:g} {h:g}">'
               f'{tile(digit, pad, pad, size, face, highlight)}</svg>')


def tile_strip(digits: Iterable[int], face: str = "brass", size: float = 48,
               highlight: Iterable[int] = (), slots: int = 5, label: str = "") -> SVG:
    """A rack: the tiles of ``digits`` in a row on a mahogany strip with room for ``slots`` tiles.

    ``digits``: at most 9 digits 1..9 (bools are not digits); ``highlight`` digits (1..9) are outlined and
    starred; ``slots`` is 1..9 (the strip grows to fit more digits than slots); ``label`` (text of at most
    MAX_TEXT characters) is read out by screen readers.

    Raises InvalidArgumentError for bad digits, face, size, slots or label.

    >>> tile_strip([2, 5, 8], face='onyx', highlight=[2, 5, 8]).count('★')
    3
    """
    size = _size(size)
    digits = [_check.whole(d, 1, 9, "a rack digit") for d in _check.items(digits, 9, "a rack")]
    marked = {_check.whole(d, 1, 9, "a highlighted digit")
              for d in _check.items(highlight, 9, "the highlighted digits")}
    slots = max(_check.whole(slots, 1, 9, "slots"), len(digits))
    label = _text(label, "label")
    faces = ("brass", "onyx", "ivory")
    if not isinstance(face, str) or face not in faces:
        raise InvalidArgumentError(f"a tile face is one of {', '.join(faces)}", input=face)
    gap = size * 0.22
    w, h = slots * (size + gap) + gap, size * 1.3 + 2 * gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" viewBox="0 0 {w:g} {h:g}" '
             f'role="img" aria-label="{escape(label or "rack")}">',
             f'<rect width="{w:g}" height="{h:g}" rx="{size * 0.14:g}" fill="{THEME["mahogany_light"]}"/>']
    for i, d in enumerate(digits):
        parts.append(tile(d, gap + i * (size + gap), gap, size, face, highlight=d in marked))
    parts.append("</svg>")
    return SVG("".join(parts))


def die(value: int, fill: str, ink: str, x: float = 0, y: float = 0, size: float = 48, letter: str = "",
        faded: bool = False) -> str:
    """One die face as an SVG fragment: ``value`` pips in ``ink`` on ``fill``, ``size`` wide, its corner at x, y.

    The colour's ``letter`` is written small in the middle of the face, where 2, 4 and 6 have no pip; on
    1, 3 and 5 the middle pip is there and no letter is drawn (the face's colour still shows its die).
    ``fill`` and ``ink`` are CSS colours and ``letter`` a short text (each at most 40 characters); ``faded``
    (drawn at 35% opacity) is True or False.  Raises InvalidArgumentError for a value outside 1..6, a bad
    size or position, or anything else.

    >>> die(5, '#0072B2', '#ffffff', letter='B').count('<circle')
    5
    >>> ['>B</text>' in die(v, '#0072B2', '#ffffff', letter='B') for v in (4, 5)]   # the letter: on 4, not on 5
    [True, False]
    """
    if not _check.is_whole(value) or not 1 <= value <= 6:
        raise InvalidArgumentError("a die shows 1 to 6 pips", input=value)
    size, x, y = _size(size), _number(x, "x"), _number(y, "y")
    for name, text in (("fill", fill), ("ink", ink), ("letter", letter)):
        if not isinstance(text, str) or len(text) > 40:
            raise InvalidArgumentError(f"{name} must be text of at most 40 characters", input=_text_shown(text))
    _check.flag(faded, "faded")
    opacity = ' opacity="0.35"' if faded else ""
    parts = [f'<g transform="translate({x:g},{y:g})"{opacity}>',
             f'<rect width="{size:g}" height="{size:g}" rx="{size * 0.18:g}" fill="{escape(fill)}" '
             f'stroke="#1f1f24" stroke-width="{size * 0.04:g}"/>']
    step = size * 0.27
    for c, r in _PIPS[value]:
        parts.append(f'<circle cx="{size * 0.23 + c * step:g}" cy="{size * 0.23 + r * step:g}" r="{size * 0.085:g}" '
                     f'fill="{escape(ink)}"/>')
    if letter:
        parts.append(f'<text x="{size * 0.5:g}" y="{size * 0.62:g}" text-anchor="middle" font-family="{_FONT}" '
                     f'font-size="{size * 0.2:g}" font-weight="bold" fill="{escape(ink)}" opacity="0.8">'
                     f'{escape(letter)}</text>' if value in (2, 4, 6) else "")
    parts.append("</g>")
    return "".join(parts)


def _tint(colour: str, amount: float) -> str:
    # the hex colour ``#rrggbb`` mixed with white: ``amount`` of the colour (0..1), the rest white
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02x}" for c in rgb)


#: The light (toner-saving) goal board's die faces: a pale tint of each colour (this much of the colour).
LIGHT_TINT = 0.3


def dice_goal_board(targets: Iterable[int | None], placed: Iterable[int | None] = (None,) * 6, size: float = 52,
                    title: str = "", light: bool = False) -> SVG:
    """A "15" goal board: each colour's target die, and below it the die placed there (if any).

    ``targets`` and ``placed`` are in colour order (blue yellow black white green red).  Each column is
    headed by its colour's letter and target ("B ≤ 4", text 0.4 x ``size`` px, so at least 16 px from a
    ``size`` of 40); the dice themselves carry no letter (their column names them).

    A back side (five colours, handicap variant) has None as white's target: its place shows where the
    player's white-die marker lies ("W ≤ ?"), and no die is placed there.

    ``light`` (True or False) draws the toner-saving board for paper: white with a dark outline instead of the
    dark navy ground, each die a pale tint of its colour with dark pips and a thick border, and each column's
    letter also large in its empty place (so the dice are told apart in greyscale by more than colour).

    Raises InvalidArgumentError for bad targets (six whole numbers 1..6, white's may be None), placed dice
    (six entries, each None or 1..its target), size, title (text of at most MAX_TEXT characters) or light.

    >>> dice_goal_board((4, 3, 3, 2, 2, 1), (2, None, None, None, None, 1)).count('<rect') >= 8
    True
    >>> 'W ≤ ?' in dice_goal_board((4, 3, 3, None, 4, 1))   # the back side of the public board
    True
    >>> '#2b3a4a' in dice_goal_board((4, 3, 3, 2, 2, 1), light=True)   # no dark ground on the light board
    False
    """
    from .nasty15.boards import COLOURS, Colour

    white = COLOURS.index(Colour.WHITE)
    raw = _check.items(targets, 6, "targets")
    t = [None if i == white and v is None else _check.whole(v, 1, 6, "a target") for i, v in enumerate(raw)]
    p = _check.items(placed, 6, "placed dice")
    if len(t) != 6 or len(p) != 6:
        raise InvalidArgumentError("a goal board has six colours", input=(targets, placed))
    size = _size(size)
    title = _text(title, "title")
    _check.flag(light, "light")
    ground, text_ink = ("#ffffff", "#1f1f24") if light else ("#2b3a4a", "#f7f0dc")
    bold = ' font-weight="bold"' if light else ""
    for i, v in enumerate(p):
        if v is not None:
            if t[i] is None:
                raise InvalidArgumentError("no die is placed on the white marker's place", input=v)
            _check.whole(v, 1, t[i], "a placed die")
    gap = size * 0.35
    width = 6 * size + 7 * gap
    height = 2 * size + 3 * gap + size * 0.9
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(title or "goal board")}">',
           f'<rect width="{width:g}" height="{height:g}" rx="{size * 0.2:g}" fill="{ground}"'
           + (f' stroke="#1f1f24" stroke-width="{size * 0.03:g}"/>' if light else "/>")]

    def face(value: int, colour: Colour, x: float, y: float) -> str:
        if not light:
            return die(value, colour.hex, colour.ink, x, y, size)
        border = "#1f1f24" if colour in (Colour.BLACK, Colour.WHITE) else colour.hex
        return (die(value, _tint(colour.hex, LIGHT_TINT) if colour is not Colour.BLACK else "#d4d4d4", "#1f1f24",
                    x, y, size, letter=colour.value)
                + f'<rect x="{x + size * 0.04:g}" y="{y + size * 0.04:g}" width="{size * 0.92:g}" '
                  f'height="{size * 0.92:g}" rx="{size * 0.15:g}" fill="none" stroke="{border}" '
                  f'stroke-width="{size * 0.08:g}"/>')

    for i, colour in enumerate(COLOURS):
        x = gap + i * (size + gap)
        target = t[i]
        head = f"{colour.value} ≤ {target}" if target is not None else f"{colour.value} ≤ ?"
        out.append(f'<text x="{x + size / 2:g}" y="{gap * 0.9 + size * 0.3:g}" text-anchor="middle" '
                   f'font-family="{_FONT}" font-size="{size * 0.4:g}" fill="{text_ink}"'
                   f"{bold}>{head}</text>")
        y = gap + size * 0.55
        if target is None:  # a back side: the player's white-die marker lies here
            out.append(f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size * 0.18:g}" '
                       f'fill="#ffffff" stroke="{"#1f1f24" if light else "#f7f0dc"}" stroke-width="{size * 0.04:g}"/>'
                       f'<text x="{x + size / 2:g}" y="{y + size * 0.45:g}" text-anchor="middle" font-family="{_FONT}" '
                       f'font-size="{size * 0.2:g}" fill="#1f1f24">marker</text>'
                       f'<text x="{x + size / 2:g}" y="{y + size * 0.75:g}" text-anchor="middle" font-family="{_FONT}" '
                       f'font-size="{size * 0.2:g}" fill="#1f1f24">here</text>')
        else:
            out.append(face(target, colour, x, y))
        y2 = y + size + gap
        if p[i] is None:
            out.append(f'<rect x="{x:g}" y="{y2:g}" width="{size:g}" height="{size:g}" rx="{size * 0.18:g}" '
                       f'fill="none" stroke="{text_ink}" stroke-dasharray="4 4" stroke-width="2" opacity="0.6"/>')
            if light and target is not None:
                out.append(f'<text x="{x + size / 2:g}" y="{y2 + size * 0.68:g}" text-anchor="middle" '
                           f'font-family="{_FONT}" font-size="{size * 0.5:g}" font-weight="bold" '
                           f'fill="#8c8c8c">{colour.value}</text>')
        elif target is not None:
            out.append(face(_check.whole(p[i], 1, target, "a placed die"), colour, x, y2))
    out.append("</svg>")
    return SVG("".join(out))


def five_tile(colour: int, number: int, x: float = 0, y: float = 0, size: float = 48, light: bool = False) -> str:
    """One 5x15 tile as an SVG fragment: its row colour's letter and its number (``O3``) on its colour.

    ``colour`` is the row colour's index 0..4 in :data:`~fifteen_kit.five_by_15.rules.COLOUR_LETTERS` (blue,
    orange, green, purple, yellow), ``number`` 1..15; the tile is ``size`` wide and as tall, its corner at x, y.
    The letter is printed with the number, so no one depends on colour alone.  ``light`` (True or False) draws
    the toner-saving paper tile: a pale tint of the colour inside a thick border of it, dark letter and number.
    Raises InvalidArgumentError for a colour outside 0..4, a number outside 1..15, a bad size, position or light.

    >>> '>O<' in five_tile(1, 3) and '>3<' in five_tile(1, 3)
    True
    >>> five_tile(0, 3, light=True).count('#0072B2')   # blue only as the border: no dark blue face
    1
    """
    from .five_by_15.rules import COLOUR_HEX, COLOUR_LETTERS

    colour = _check.whole(colour, 0, len(COLOUR_LETTERS) - 1, "a 5x15 colour")
    number = _check.whole(number, 1, 15, "a 5x15 tile number")
    size, x, y = _size(size), _number(x, "x"), _number(y, "y")
    _check.flag(light, "light")
    ink = "#ffffff" if COLOUR_LETTERS[colour] == "B" and not light else THEME["onyx"]
    face = (f'fill="{_tint(COLOUR_HEX[colour], LIGHT_TINT)}" stroke="{COLOUR_HEX[colour]}" '
            f'stroke-width="{size * 0.06:g}"' if light else
            f'fill="{COLOUR_HEX[colour]}" stroke="{THEME["onyx"]}" stroke-width="{size * 0.03:g}"')
    inset = size * 0.03 if light else 0
    return (f'<g transform="translate({x:g},{y:g})">'
            f'<rect x="{inset:g}" y="{inset:g}" width="{size - 2 * inset:g}" height="{size - 2 * inset:g}" '
            f'rx="{size * 0.12:g}" {face}/>'
            f'<text x="{size * 0.1:g}" y="{size * 0.3:g}" font-family="{_FONT}" font-size="{size * 0.24:g}" '
            f'font-weight="bold" fill="{ink}">{COLOUR_LETTERS[colour]}</text>'
            f'<text x="{size / 2:g}" y="{size * 0.78:g}" text-anchor="middle" font-family="{_FONT}" '
            f'font-size="{size * 0.5:g}" font-weight="bold" fill="{ink}">{number}</text></g>')


def five_by_15_position(position: Position, size: float = 40) -> SVG:
    """A 5x15 position as a picture for paper: each row's tiles (:func:`five_tile`) and its gaps (dashed empty
    cells), with the column numbers above (column 0 holds the 1s).

    ``position`` is a :class:`~fifteen_kit.five_by_15.Position` (2 to 5 rows of its size + 1 cells); ``size`` is
    one cell's width in px.  Raises InvalidArgumentError for anything but a Position or a bad size.

    >>> from fifteen_kit.five_by_15 import Position
    >>> drawing = five_by_15_position(Position.parse("B1 O3 B2 B3 / O1 -- O2 -- L1"))
    >>> drawing.count('stroke-dasharray'), '>O<' in drawing
    (2, True)
    """
    from .five_by_15.rules import Position

    if not isinstance(position, Position):
        raise InvalidArgumentError("this drawing needs a 5x15 Position", input=_text_shown(position))
    size = _size(size)
    top, gap = size * 0.5, size * 0.08
    step = size + gap
    width = step * (position.size + 1) - gap
    height = top + step * len(position.grid) - gap
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="a 5x15 position">']
    for col in range(position.size + 1):
        out.append(f'<text x="{col * step + size / 2:g}" y="{top * 0.7:g}" text-anchor="middle" '
                   f'font-family="{_FONT}" font-size="{size * 0.3:g}" fill="#333333">{col}</text>')
    for row, cells in enumerate(position.grid):
        y = top + row * step
        for col, cell in enumerate(cells):
            x = col * step
            if cell is None:
                out.append(f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size * 0.12:g}" '
                           f'fill="#ffffff" stroke="#555555" stroke-width="{size * 0.04:g}" '
                           f'stroke-dasharray="{size * 0.1:g} {size * 0.08:g}"/>')
            else:
                out.append(five_tile(cell[0], cell[1], x, y, size))
    out.append("</svg>")
    return SVG("".join(out))
