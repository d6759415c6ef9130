"""The boards' colours and text sizes, chosen for a classroom wall.

Every text colour a board uses is named here with the background it sits on, and :data:`TEXT_PAIRS` lists
those pairs; ``tests/test_palette.py`` checks each against WCAG 2.1's contrast ratio (4.5:1 for body text).
Hues come from the Okabe-Ito palette (readable with the common colour-vision deficiencies).

Two sizes: ``"normal"`` (text at least 16 px, a board fits one 1024x768 screen beside JupyterLab's file
browser) and ``"large"`` (projector size: text at least 22 px, the board fills a 1024x768 screen).

>>> round(contrast_ratio(PALETTE["ivory"], PALETTE["slate"]), 1)
11.8
>>> TEXT_PX["large"]
22
"""

from __future__ import annotations

from typing import Literal

from fifteen_kit import _check

__all__ = ["PALETTE", "SIZES", "TEXT_PAIRS", "TEXT_PX", "Size", "check_size", "contrast_ratio"]

#: A board's size: ``"normal"`` for a pupil's screen, ``"large"`` for a projector.
Size = Literal["normal", "large"]
#: The sizes in the order a toggle offers them.
SIZES: tuple[Size, ...] = ("normal", "large")
#: The smallest text size (CSS px) a board may use at each size.
TEXT_PX: dict[Size, int] = {"normal": 16, "large": 22}

#: Named colours (CSS hex).  Backgrounds: the four boards' felts and panels; text: ivory, ink, the highlights.
PALETTE: dict[str, str] = {
    # backgrounds
    "mahogany": "#5b2a1a",  # Game of 15 board
    "mahogany_light": "#7a3b24",  # Game of 15 panels
    "felt": "#0b5d3b",  # Fifteens table
    "slate": "#22303d",  # dice board
    "slate_light": "#2f4254",  # dice setup panel
    "graphite": "#3a3a46",  # 5x15 board
    "ivory": "#f7f0dc",  # light text, and the background of logs and score pads
    "ink": "#1f1f24",  # dark text on light backgrounds
    "yellow": "#F0E442",  # Okabe-Ito yellow: messages and selection on dark backgrounds
    "sky": "#56B4E9",  # Okabe-Ito sky blue: focus outlines and hints
    "green": "#009E73",  # Okabe-Ito bluish green: wins
    "orange": "#E69F00",  # Okabe-Ito orange
    "vermillion": "#D55E00",  # Okabe-Ito vermillion
    "button_dark": "#8a4b00",  # a dark orange for buttons that carry light text
    "card_red": "#c0002a", "felt_dark": "#0a4a30",  # Fifteens: red suits on the ivory card face; an empty place
    "recess": "#4a2014",  # Game of 15: the slot a drafted pool tile leaves
    "blue": "#0072B2",  # Okabe-Ito blue: Game of 15 hints ("win"), the dice board's blue die
    "brass_deep": "#735a18",  # Game of 15 hints: a dark brass, "draw"
    "vermillion_dark": "#a84300",  # Game of 15 hints: a darkened Okabe-Ito vermillion, "loss"
    # dice board (widgets/nasty15_views.py): the die faces (Okabe-Ito blue, white; the red face a darker vermillion so
    # its ivory letter reads) and the goal board drawing's own slate (fifteen_kit.svg.dice_goal_board)
    "white": "#ffffff", "die_red": "#b34a00", "goal_slate": "#2b3a4a",
    "purple": "#CC79A7", "gap": "#55556a",  # 5x15 tiles (COLOUR_HEX), gaps
}

#: (text, background) pairs the boards use, each checked for a contrast ratio of at least 4.5.
TEXT_PAIRS: tuple[tuple[str, str], ...] = (
    ("ivory", "mahogany"), ("ivory", "mahogany_light"), ("yellow", "mahogany"), ("yellow", "mahogany_light"),
    ("ivory", "felt"), ("yellow", "felt"),
    ("ivory", "slate"), ("ivory", "slate_light"), ("yellow", "slate"), ("sky", "slate"),
    ("ivory", "graphite"), ("yellow", "graphite"),
    ("ink", "ivory"), ("ink", "yellow"), ("ink", "orange"), ("ink", "sky"),
    ("ivory", "button_dark"),
    ("card_red", "ivory"),  # Fifteens: hearts and diamonds on a card face
    ("ivory", "recess"), ("ivory", "ink"), ("blue", "ivory"), ("brass_deep", "ivory"),  # Game of 15 board
    ("vermillion_dark", "ivory"),  # Game of 15 board
    # dice board (widgets/nasty15_views.py): die faces, setup panel notes, the goal board drawing
    ("ivory", "blue"), ("ink", "white"), ("ink", "green"), ("ivory", "die_red"),
    ("yellow", "slate_light"), ("ivory", "goal_slate"),
    ("white", "blue"), ("ink", "purple"), ("ivory", "gap"),  # 5x15 tiles (+ orange, yellow), gaps
)


def _luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of a ``#rrggbb`` colour (0 black .. 1 white)."""
    if not (isinstance(colour, str) and len(colour) == 7 and colour[0] == "#"):
        from fifteen_kit.errors import InvalidArgumentError

        raise InvalidArgumentError("a colour is written #rrggbb", input=colour)
    try:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        from fifteen_kit.errors import InvalidArgumentError

        raise InvalidArgumentError("a colour is written #rrggbb (hex digits)", input=colour) from None
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2.1 contrast ratio of two ``#rrggbb`` colours: 1.0 (none) to 21.0 (black on white).

    Raises InvalidArgumentError for a colour not written ``#rrggbb``.

    >>> contrast_ratio("#000000", "#ffffff")
    21.0
    """
    a, b = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return round((a + 0.05) / (b + 0.05), 2)


def check_size(size: object) -> Size:
    """``size`` if it is one of :data:`SIZES`; raises InvalidArgumentError otherwise.

    >>> check_size("large")
    'large'
    """
    value: Size = _check.choice(size, SIZES, "a board's size")
    return value
