"""The 5x15 board's drawing: what every cell, shift button and line of text shows (see :mod:`.five_by_15`).

:class:`FiveBy15View` is the base class of :class:`~fifteen_kit.widgets.five_by_15.FiveBy15Board`: it draws the
board's game (cell looks and marks, the shift buttons, the banner, the legend) and switches its size; the board
builds the widgets and plays the moves.  It holds no game of its own and judges nothing.

>>> from fifteen_kit.widgets.five_by_15 import FiveBy15Board
>>> board = FiveBy15Board(seed=1)
>>> "FiveBy15View" in [c.__name__ for c in type(board).__mro__]
True
>>> board.banner.value
'5x15 · level 1 · 0 of 5 rows sorted · 8 moves possible'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from fifteen_kit.five_by_15.game import ENDING_REASONS
from fifteen_kit.five_by_15.rules import COLOUR_LETTERS, COLOUR_NAMES, Cell, Fill, Position, Shift, Tile

from .palette import PALETTE, Size, check_size

if TYPE_CHECKING:
    from .five_by_15 import Mark

__all__ = ["FiveBy15View"]

# Colours set through the buttons' public style traits, all from the palette (text pairs in palette.TEXT_PAIRS);
# sizes, fonts and the layout of the grid are the board's section of widgets/style.py (they depend on the size).
_TILE_COLOURS = ("blue", "orange", "green", "purple", "yellow")  # PALETTE names of COLOUR_HEX, in order
_TILE_TEXT = ("white", "ink", "ink", "ink", "ink")  # the text on each tile colour (>= 4.5:1)
_GAP_COLOURS = (PALETTE["gap"], PALETTE["ivory"])  # background, text
_BUTTON = (PALETTE["ivory"], PALETTE["ink"])  # background and text of the board's buttons
_BUTTON_LOOKS = {"plain": _BUTTON, "new": (PALETTE["orange"], PALETTE["ink"]),
                 "offer": (PALETTE["yellow"], PALETTE["ink"]), "hint": (PALETTE["sky"], PALETTE["ink"])}
#: The border of a cell: the first whose mark it carries (None: any cell).
_BORDERS: tuple[tuple[Mark | None, str], ...] = (
    ("hint-to", f"4px dotted {PALETTE['sky']}"), ("one", f"3px solid {PALETTE['ivory']}"),
    ("gap", f"2px dashed {PALETTE['ivory']}"), (None, f"1px solid {PALETTE['ink']}"))


def _plural(count: int, word: str) -> str:
    """``'1 move'``, ``'2 moves'``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _cell_name(cell: Cell) -> str:
    """A cell as the board's labels show it: ``'row 2, column 8'`` (from 0, like the move notation)."""
    return f"row {cell[0]}, column {cell[1]}"


def _tile_name(tile: Tile) -> str:
    return f"{COLOUR_LETTERS[tile[0]]}{tile[1]}"


class FiveBy15View(w.VBox):
    """The drawing half of the 5x15 board: :meth:`render` redraws everything from the board's game, and
    :attr:`size` switches between the normal and the projector size (see the board for both)."""

    @property
    def size(self) -> Size:
        """``"normal"`` or ``"large"`` (projector size); settable, and the "Projector size" toggle sets it.

        Raises InvalidArgumentError for any other value (and changes nothing).

        >>> from fifteen_kit.widgets.five_by_15 import FiveBy15Board
        >>> board = FiveBy15Board(seed=1)
        >>> board.size = "large"
        >>> board.size_toggle.value
        True
        """
        return self._size

    @size.setter
    def size(self, value: Size) -> None:
        """Switch to ``value``; raises InvalidArgumentError for anything but "normal" or "large"."""
        value = check_size(value)
        self._size = value
        if value == "large":
            self.add_class("kit-large")
        else:
            self.remove_class("kit-large")
        self.size_toggle.value = value == "large"

    def _size_toggled(self, change: dict) -> None:
        # the "Projector size" toggle
        self.size = "large" if change["new"] else "normal"

    def _looks(self, p: Position, fills: list[Fill], ringed: set[Cell], hint_from: set[Cell],
               hint_to: Cell | None) -> dict[Cell, tuple[tuple[str, ...], set[Mark]]]:
        # what every cell should show (see _draw) and its marks
        looks: dict[Cell, tuple[tuple[str, ...], set[Mark]]] = {}
        for r in range(5):
            for c in range(16):
                marks: set[Mark] = set()
                if r >= p.colours or c > p.size:  # smaller teaching boards use part of the grid
                    looks[(r, c)] = ("none",), marks  # no ring or mark left over from a larger board
                    continue
                t = p.grid[r][c]
                if t is None:
                    description, tooltip = "·", f"gap ({_cell_name((r, c))})"
                    button_color, text_color = _GAP_COLOURS
                    marks.add("gap")
                else:
                    colour, number = t
                    description = f"{COLOUR_LETTERS[colour]}\n{number}"  # two lines: letter over number (style.py)
                    tooltip = f"{COLOUR_NAMES[colour]} {number} ({_cell_name((r, c))})"
                    button_color, text_color = PALETTE[_TILE_COLOURS[colour]], PALETTE[_TILE_TEXT[colour]]
                if c == 0:
                    marks.add("one")
                if (r, c) in ringed:
                    marks.add("ring")
                if self._chosen is not None and (self._chosen == ("gap", (r, c)) or self._chosen == ("tile", t)):
                    marks.add("chosen")
                if (r, c) in hint_from:
                    marks.add("hint-from")
                    tooltip += " · hint: move this"
                if (r, c) == hint_to and self._hinted is not None:
                    marks.add("hint-to")
                    hinted = self._hinted
                    moved = hinted.tile if isinstance(hinted, Fill) else (hinted.tile[0], hinted.top)
                    tooltip = f"gap ({_cell_name((r, c))}) · hint: {_tile_name(moved)} goes here"
                    description = "◎"
                border = next(border for mark, border in _BORDERS if mark is None or mark in marks)
                looks[(r, c)] = ("", description, tooltip, button_color, text_color, border), marks
        return looks

    def _button_look(self, look: str) -> w.ButtonStyle:
        # the shared style of a button's look ("plain", "new", "hint", "offer": _BUTTON_LOOKS)
        colour, ink = _BUTTON_LOOKS[look]
        return self._looks_shared.button(button_color=colour, text_color=ink)

    def _draw(self, button: w.Button, cell: Cell, look: tuple[str, ...]) -> None:
        # set a cell's display (and, when shown, description, tooltip, colours and border), only if they changed:
        # a redraw then costs a comparison per unchanged cell instead of six trait validations
        if self._drawn.get(cell) == look:
            return
        # the layouts and styles are shared (widgets/_looks.py): a new look is a reference to another shared one
        looks = self._looks_shared
        if len(look) > 1:
            button.description, button.tooltip = look[1], look[2]
            button.style = looks.button(font_weight="bold", button_color=look[3], text_color=look[4])
            button.layout = looks.layout(display=look[0], border=look[5])
        else:
            button.layout = looks.layout(display=look[0], border=button.layout.border)
        self._drawn[cell] = look

    def _set_marks(self, cell: Cell, marks: set[Mark]) -> None:
        # draw the marks with the kit's classes (public add_class/remove_class), changing only what changed
        old, new = self._marks.get(cell, frozenset()), frozenset(marks)
        button = self.cells[cell]
        for mark in old - new:
            button.remove_class(f"f5-{mark}")
        for mark in new - old:
            button.add_class(f"f5-{mark}")
        self._marks[cell] = new

    def render(self) -> None:
        """Redraw the grid, the shift buttons and the banner from the game."""
        self._record_game()
        p = self.game.position
        fills = self._fills()
        ringed: set[Cell] = set()
        offered: list[Shift] = []
        if self._chosen is not None:
            kind, chosen = self._chosen
            if kind == "gap":
                ringed = {p.where(m.tile) for m in fills if m.to == chosen}
                offered = self._shifts_into(chosen)
            else:
                ringed = {m.to for m in fills if m.tile == chosen}
                offered = self._shifts_with(chosen)
        hint_from: set[Cell] = set()
        hint_to = None
        if self._hinted is not None:
            hint_from, hint_to = self._hint_cells(self._hinted)
        for r, label in enumerate(self.row_labels):
            label.layout = self._looks_shared.layout(display="none" if r >= p.colours else "")
        for c, label in enumerate(self.col_labels):
            label.layout = self._looks_shared.layout(display="none" if c > p.size else "")
        for cell, (shown, marks) in self._looks(p, fills, ringed, hint_from, hint_to).items():
            self._draw(self.cells[cell], cell, shown)
            self._set_marks(cell, marks)
        shifts = self._shifts()
        while len(self._shift_pool) < len(shifts):
            button = w.Button(icon="arrow-right", layout=self._looks_shared.layout(),
                              style=self._button_look("plain"))
            button.add_class("f5-button")
            button.on_click(lambda b: self._shift_clicked(b))
            self._shift_pool.append(button)
        for button, m in zip(self._shift_pool, shifts, strict=False):
            first = f"{COLOUR_LETTERS[m.tile[0]]}{m.tile[1]}"
            tip = f"Move the {m.length} tiles {first} to {m.top} one place right"
            look = "hint" if m == self._hinted else "offer" if m in offered else "plain"
            button.description = f"Shift {first}–{m.top}"
            button.tooltip = tip + {"hint": " (the hint)", "offer": " (holds the chosen tile or fills the chosen gap)",
                                    "plain": ""}[look]
            button.style = self._button_look(look)
            for name, css in (("hint", "f5-hint-button"), ("offer", "f5-offer")):
                (button.add_class if look == name else button.remove_class)(css)
        self.shifts.children = tuple(self._shift_pool[:len(shifts)])
        colours = ", ".join(f"{COLOUR_LETTERS[k]} {COLOUR_NAMES[k]}" for k in range(p.colours))
        self.legend.value = (f"{colours}. Column 0 holds the 1s; they never move. A cell is named by the row and "
                             "column numbers on the edges.")
        status = self.game.status
        sorted_rows = sum(p.is_sorted(r) for r in range(p.colours))
        table = "5x15" if (p.colours, p.size) == (5, 15) else f"Small table: {p.colours} colours, 1 to {p.size}"
        if status == "won":
            self.banner.value = f"Won! Every row reads 1 to {p.size}."
        elif status != "playing":
            self.banner.value = f"{status.capitalize()}: {ENDING_REASONS[status]}. The game is lost."
        else:
            pending = self.level_menu.value
            level = f"level {p.level}" + (f" (level {pending} from the next deal)" if pending != p.level else "")
            self.banner.value = (f"{table} · {level} · {sorted_rows} of {p.colours} rows sorted · "
                                 f"{_plural(len(p.legal_moves()), 'move')} possible")
        self.undo_button.disabled = len(self.game.history) == 1
