"""The 5x15 board: five rows of coloured number tiles with gaps to fill and runs to shift.

The board holds a :class:`~fifteen_kit.five_by_15.game.Game` and redraws from it;
the engine judges every move and decides when the game is stuck or in a loop.
Click a gap to see which tiles may fill it, then click one of them; or click a
tile to see where it may go, then click that gap.  Available shifts appear as
buttons.  Level, new deal by seed, undo, and a hint from the solver.

Rows and columns are labelled on the board from 0, as in the move notation
(``'B7 to 2,8'`` is row 2, column 8); the message line names cells the same way
and always says what to do next.  The Level menu changes the game at once before
its first move; after that it is the level of the next deal.

>>> board = FiveBy15Board(seed=1)
>>> board.message.value.startswith("Click a gap")
True
>>> move = board.game.position.legal_moves()[0]
>>> board.cells[move.to].click()              # the gap: its candidates are ringed
>>> board.cells[board.game.position.where(move.tile)].click()
>>> len(board.game.history)
2
"""

from __future__ import annotations

import dataclasses
from html import escape
from typing import Literal, get_args

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError
from fifteen_kit.five_by_15.game import ENDING_REASONS, Game
from fifteen_kit.five_by_15.players import GreedyPlayer
from fifteen_kit.five_by_15.rules import (
    COLOUR_HEX,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    Cell,
    Fill,
    Move,
    Position,
    Shift,
    Tile,
)
from fifteen_kit.five_by_15.solver import best_first

from .common import MAX_SEED, sentence
from .style import style_sheet

__all__ = ["HINT_BUDGET", "FiveBy15Board", "Mark"]

#: Positions, and seconds, the hint's search may spend (the click stays well under 0.1 s; bench/bench_five_by_15.py).
HINT_BUDGET = (2_000, 0.05)

#: The marks a cell of the board can carry, each drawn by the kit class ``f5-<mark>`` (see
#: :meth:`FiveBy15Board.marked`): a gap, a 1 in column 0, a ring (a partner of the chosen gap or tile), the chosen
#: cell, and a hinted move's tiles and gap.
Mark = Literal["gap", "one", "ring", "chosen", "hint-from", "hint-to"]

# Cell looks set through the buttons' public style and layout traits (the rest is in widgets/style.py).
_CELL = "46px"
_GAP_COLOURS = ("#55556a", "#c8c8d8")  # background, text
_HINT_TO_TEXT = "#ffffff"
_ONE_MARGIN = "var(--jp-widgets-margin) 10px var(--jp-widgets-margin) var(--jp-widgets-margin)"
#: The border of a cell: the first whose mark it carries (None: any cell).
_BORDERS: tuple[tuple[Mark | None, str], ...] = (("hint-to", "4px dotted #56B4E9"), ("one", "3px solid #f7f0dc"),
                                                  ("gap", "2px dashed #c8c8d8"), (None, "1px solid #1f1f24"))
_TEXT = "#f7f0dc"  # text on the board's dark background
_MARKS: tuple[Mark, ...] = get_args(Mark)

def _plural(count: int, word: str) -> str:
    """``'1 move'``, ``'2 moves'``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _cell_name(cell: Cell) -> str:
    """A cell as the board's labels show it: ``'row 2, column 8'`` (from 0, like the move notation)."""
    return f"row {cell[0]}, column {cell[1]}"


def _tile_name(tile: Tile) -> str:
    return f"{COLOUR_LETTERS[tile[0]]}{tile[1]}"


def _move_name(move: Move) -> str:
    """A move in the board's words: ``'B7 to row 2, column 8'`` or ``'shift B4–6'`` (as its button reads)."""
    if isinstance(move, Fill):
        return f"{_tile_name(move.tile)} to {_cell_name(move.to)}"
    return f"shift {_tile_name(move.tile)}–{move.top}"


def _either(words: list[str]) -> str:
    """``'a'``, ``'a or b'``, ``'a, b or c'``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class FiveBy15Board(w.VBox):
    """An interactive 5x15 table (see the module docstring).

    Args:
        seed: the deal; level: 1, 2 or 3 (a shift moves at least 3, 4 or 5 tiles).
        colours, size: a smaller board for teaching (2..5 colours, numbers 1..size); 5 and 15 by default.

    Raises InvalidArgumentError for a seed outside 0..:data:`~fifteen_kit.widgets.common.MAX_SEED`, a level
    other than 1, 2, 3, or a bad board shape (all checked before anything is built).
    """

    def __init__(self, seed: int = 0, level: int = 1, colours: int = 5, size: int = 15) -> None:
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        game = Game(Position.deal(seed, level=level, colours=colours, size=size))  # checks level and shape
        super().__init__()
        self.add_class("f5-board")
        self._shape = {"colours": colours, "size": size}
        self.game = game
        self._chosen: tuple[Literal["gap", "tile"], Cell | Tile] | None = None  # ('gap', cell) or ('tile', tile)
        self._hinted: Move | None = None  # the move the last hint marked, until the next click or action
        self._plan: tuple[Position, tuple[Move, ...]] | None = None  # a winning line found by a hint, from where
        self._marks: dict[Cell, frozenset[Mark]] = {}  # what render() last drew on each cell
        self.banner = w.HTML(style={"font_size": "20px", "text_color": _TEXT})
        self.banner.add_class("f5-banner")
        self.message = w.HTML(style={"font_size": "15px", "text_color": _TEXT})
        self.message.add_class("f5-msg")
        self.cells: dict[Cell, w.Button] = {}
        self.col_labels: list[w.HTML] = []
        label_style = {"font_size": "13px", "text_color": _TEXT}
        for c in range(16):
            label = w.HTML(f"{c}", layout=w.Layout(width=_CELL, margin=_ONE_MARGIN if c == 0 else None),
                           style=label_style)
            label.add_class("f5-label")
            self.col_labels.append(label)
        corner = w.HTML("", layout=w.Layout(width="22px"))
        rows = [w.HBox([corner, *self.col_labels], layout=w.Layout(grid_gap="3px"))]
        self.row_labels: list[w.HTML] = []
        for r in range(5):
            label = w.HTML(f"{r}", layout=w.Layout(width="22px"), style=label_style)
            label.add_class("f5-label")
            self.row_labels.append(label)
            row = [label]
            for c in range(16):
                b = w.Button(layout=w.Layout(width=_CELL, height=_CELL, padding="0", border=_BORDERS[-1][1],
                                             margin=_ONE_MARGIN if c == 0 else None),
                             style={"font_size": "15px", "font_weight": "bold"})
                b.add_class("f5-cell")
                b.on_click(lambda _b, cell=(r, c): self._cell_clicked(cell))
                self.cells[(r, c)] = b
                row.append(b)
            rows.append(w.HBox(row, layout=w.Layout(grid_gap="3px")))
        self.grid = w.VBox(rows, layout=w.Layout(grid_gap="3px"))
        self.shifts = w.HBox()
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back the last move")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o",
                                    tooltip="A move on a winning line, if the solver finds one quickly")
        self.level_menu = w.Dropdown(options=[("Level 1 (shift 3+)", 1), ("Level 2 (shift 4+)", 2),
                                              ("Level 3 (shift 5+)", 3)], value=level, layout=w.Layout(width="190px"),
                                     tooltip="Before the first move it changes this game; after that, the next deal")
        self.seed_text = w.IntText(value=seed, description='<span class="f5-text">Deal</span>',
                                   description_allow_html=True, layout=w.Layout(width="150px"),
                                   style={"description_width": "initial"})
        self.new_button = w.Button(description="New deal", icon="refresh", button_style="primary")
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.new_button.on_click(lambda _b: self._new_deal_clicked())
        self.level_menu.observe(self._level_changed, names="value")
        legend = " · ".join(f"{letter} = {name}" for letter, name in zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True))
        self.children = [
            style_sheet(), self.banner, self.message, self.grid, self.shifts,
            w.HBox([self.undo_button, self.hint_button, self.level_menu, self.seed_text, self.new_button]),
            w.HTML(f"<small>{legend}. Column 0 holds the 1s and never moves. Rows and columns are numbered "
                   "from 0 as labelled, like the move notation: 'B7 to 2,8' is row 2, column 8.</small>",
                   style={"text_color": _TEXT}),
        ]
        self._say(self._next_step())
        self.render()

    # -- actions ----------------------------------------------------------------------------------
    def _cell_clicked(self, cell: Cell) -> None:
        # a cell button: only those of the current (maybe smaller) board are shown and answer
        p = self.game.position
        if cell[0] < p.colours and cell[1] <= p.size:
            self.click_cell(cell)

    def _set_marks(self, cell: Cell, marks: set[Mark]) -> None:
        # draw the marks with the kit's classes (public add_class/remove_class), changing only what changed
        old, new = self._marks.get(cell, frozenset()), frozenset(marks)
        button = self.cells[cell]
        for mark in old - new:
            button.remove_class(f"f5-{mark}")
        for mark in new - old:
            button.add_class(f"f5-{mark}")
        self._marks[cell] = new

    @property
    def hinted(self) -> Move | None:
        """The move the last hint marked, until the next click or action (None when no hint is showing)."""
        return self._hinted

    def marked(self, mark: Mark) -> list[Cell]:
        """The cells (row, column) that carry ``mark`` now, in order (see :data:`Mark`).

        Raises InvalidArgumentError for an unknown mark.

        >>> board = FiveBy15Board(seed=1)
        >>> board.marked("gap") == sorted(board.game.position.gaps())
        True
        """
        _check.choice(mark, _MARKS, "the mark")
        return sorted(cell for cell, marks in self._marks.items() if mark in marks)

    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    def _next_step(self) -> str:
        """What the player can do now, from the engine's verdict."""
        status = self.game.status
        if status == "won":
            return "Press New deal to play again."
        if status != "playing":
            return "Undo a few moves, or press New deal."
        shifts = any(isinstance(m, Shift) for m in self.game.position.legal_moves())
        return ("Click a gap to see which tiles fit it, then click a ringed tile"
                + ("; or press a Shift button." if shifts else "."))

    def _forget_choice(self) -> None:
        self._chosen = None
        self._hinted = None

    def _play(self, move: Move) -> None:
        try:
            self.game.play(move)
        except FifteenKitError as err:
            self._say(f"{sentence(err.message)} {self._next_step()}")
            return
        self._forget_choice()
        self._say(f"Moved: {_move_name(move)}. {self._next_step()}")
        self.render()

    def _shifts(self) -> list[Shift]:
        return [m for m in self.game.position.legal_moves() if isinstance(m, Shift)]

    def _fills(self) -> list[Fill]:
        return [m for m in self.game.position.legal_moves() if isinstance(m, Fill)]

    def _shifts_with(self, tile: Cell | Tile) -> list[Shift]:
        """The legal shifts whose run holds ``tile`` (the engine says which cells a move takes tiles from)."""
        p = self.game.position
        return [m for m in self._shifts() if tile in [p.grid[r][c] for r, c in p.move_cells(m)[0]]]

    def _shifts_into(self, cell: Cell | Tile) -> list[Shift]:
        """The legal shifts whose run moves into the gap ``cell`` (the engine says which gap a move fills)."""
        p = self.game.position
        return [m for m in self._shifts() if p.move_cells(m)[1] == cell]

    def _hint_cells(self, move: Move) -> tuple[set[Cell], Cell]:
        """The cells a hinted move takes tiles from, and the gap it fills."""
        tiles, gap = self.game.position.move_cells(move)
        return set(tiles), gap

    def click_cell(self, cell: Cell) -> None:
        """Choose a gap or a tile; a second click on a ringed partner makes the move.

        After a hint, a click on the marked tile (or a tile of the marked run) or the marked gap plays the
        hinted move.  Raises InvalidArgumentError for a cell that is not on the board (and changes nothing).
        """
        p = self.game.position
        fixed = p.out_of_play(cell)  # the engine checks the cell: InvalidArgumentError for one not on the board
        if self.game.status != "playing":
            self._say("The game is over. Undo, or press New deal.")
            return
        if self._hinted is not None:
            hinted, self._hinted = self._hinted, None
            tiles, gap = self._hint_cells(hinted)
            if cell in tiles or cell == gap:
                self._play(hinted)
                return
        tile = p.grid[cell[0]][cell[1]]
        moves = self._fills()
        if self._chosen is not None:
            kind, chosen = self._chosen
            if kind == "gap" and tile is not None:
                move = next((m for m in moves if m.to == chosen and m.tile == tile), None)
                if move is not None:
                    self._play(move)
                    return
            if kind == "tile" and tile is None:
                move = next((m for m in moves if m.to == cell and m.tile == chosen), None)
                if move is not None:
                    self._play(move)
                    return
        if fixed is not None:
            self._chosen = None
            self._say(f"{sentence(fixed)} {self._next_step()}")
        elif tile is None:
            self._chosen = ("gap", cell)
            self._say(self._gap_text(cell, [m.tile for m in moves if m.to == cell]))
        else:
            self._chosen = ("tile", tile)
            self._say(self._tile_text(tile, [m.to for m in moves if m.tile == tile]))
        self.render()

    def _gap_text(self, cell: Cell, fits: list[Tile]) -> str:
        shifts = [f"Shift {_tile_name(m.tile)}–{m.top}" for m in self._shifts_into(cell)]
        shift_text = f"a run can shift into it: press {_either(shifts)}." if shifts else ""
        where = f"This gap ({_cell_name(cell)})"
        if len(fits) == 1:
            text = f"{where} takes {_tile_name(fits[0])}: click the ringed tile."
        elif fits:
            text = f"{where} takes {_either([_tile_name(t) for t in fits])}: click one of the ringed tiles."
        elif shifts:
            return f"No tile fits this gap ({_cell_name(cell)}) now, but {shift_text}"
        else:
            return f"No tile fits this gap ({_cell_name(cell)}) now. {self._next_step()}"
        return f"{text} Or {shift_text}" if shifts else text

    def _tile_text(self, tile: Tile, targets: list[Cell]) -> str:
        name = _tile_name(tile)
        shifts = [f"Shift {_tile_name(m.tile)}–{m.top}" for m in self._shifts_with(tile)]
        shift_text = (f"{name} is in a run that can shift one place right: press {_either(shifts)} "
                      f"(marked below).") if shifts else ""
        if len(targets) == 1:
            text = f"{name} may go to the ringed gap at {_cell_name(targets[0])}: click it."
        elif targets:
            text = (f"{name} may go to either ringed gap ({_either([_cell_name(t) for t in targets])}): "
                    "click one of them.")
        elif shifts:
            return f"{name} fits no gap now, but {shift_text}"
        else:
            return f"{name} cannot move now. {self._next_step()}"
        return f"{text} Or: {shift_text}" if shifts else text

    def shift(self, first: Tile) -> None:
        """Shift the run from tile ``first`` (colour, number) up to the highest number one place right.

        Raises InvalidArgumentError for a ``first`` that is not a tile; an illegal shift is explained on the
        board and changes nothing.
        """
        self._play(Shift(tile=first, top=self.game.position.size))

    def undo(self) -> None:
        """Take back the last move."""
        try:
            self.game.undo()
        except FifteenKitError as err:
            self._say(f"{sentence(err.message)} {self._next_step()}")
            return
        self._forget_choice()
        self._say(f"Move taken back. {self._next_step()}")
        self.render()

    def hint(self) -> None:
        """Mark the next move of a winning line, if the solver finds one within its small budget.

        Exactly the suggested move is marked: its tile (or the tiles of its run) with a blue ring and its gap
        with a dotted blue frame (its tooltip names the tile); a click on either plays it.  A line once found
        is kept: while the player follows it, the next hint is instant.
        """
        if self.game.status != "playing":
            self._say("The game is over. Undo, or press New deal.")
            return
        p = self.game.position
        plan = self.planned_move()
        self._forget_choice()
        if plan is None:
            result = best_first(p, budget=HINT_BUDGET[0], seconds=HINT_BUDGET[1])
            if result.status == "won":
                self._plan = (p, result.line)
                plan = result.line[0]
            elif result.status == "lost":
                self._say("The solver proved this position cannot be won any more: undo some moves, "
                          "or press New deal.")
            elif self.game.fresh_moves():
                # no line within the click's budget: suggest what the greedy rule would play, and say so
                move = GreedyPlayer(seed=len(self.game.moves)).choose(self.game)
                self._hinted = move
                self._say(f"No winning line found in a blink; a useful-looking move: {_move_name(move)}. "
                          f"{self._how_to_play(move)}")
            else:
                self._say("No winning line found in a blink, and every move leads back: try undoing a few moves.")
        if plan is not None:
            self._hinted = plan
            self._say(f"Hint: {_move_name(plan)} (on a winning line). {self._how_to_play(plan)}")
        self.render()

    @staticmethod
    def _how_to_play(move: Move) -> str:
        if isinstance(move, Fill):
            return f"Click the blue-ringed {_tile_name(move.tile)} or its marked gap to play it."
        return (f"Press the marked Shift {_tile_name(move.tile)}–{move.top} button, or click a blue-ringed tile "
                "of the run.")

    def planned_move(self) -> Move | None:
        """The next move of the last hint's winning line if the game has followed that line so far, else None."""
        if self._plan is None:
            return None
        start, line = self._plan
        history, moves = self.game.history, self.game.moves
        for k in range(len(history) - 1, -1, -1):  # where the line started in this game's history
            if history[k] is start:
                done = moves[k:]
                if len(done) < len(line) and list(line[:len(done)]) == done:
                    return line[len(done)]
                return None
        return None

    def start_from(self, position: Position | str) -> None:
        """Play on from ``position`` (a Position or its notation), e.g. a puzzle or a lesson's example.

        Raises NotationError / InvalidArgumentError for a bad position, and then changes nothing.
        """
        if isinstance(position, str):
            position = Position.parse(position)
        game = Game(position)  # refuses anything but a Position
        self.game = game
        self._shape = {"colours": position.colours, "size": position.size}
        self._forget_choice()
        self._plan = None
        self.level_menu.value = position.level
        self._say(self._next_step())
        self.render()

    def _level_changed(self, change: dict) -> None:
        # the Level menu: before the first move the level is part of the deal, so the game takes it at once
        # (the same grid at the new level, checked by the engine); after that it is the next deal's level
        level, p = change["new"], self.game.position
        if level == p.level:  # back to this game's level (start_from and new_deal say their own message after)
            self._say(f"Level {level}, the level of this game. {self._next_step()}")
            self.render()
            return
        if len(self.game.history) == 1:
            try:
                position = dataclasses.replace(p, level=level)
            except FifteenKitError as err:
                self._say(sentence(err.message))
                return
            self.game = Game(position)
            self._forget_choice()
            self._plan = None
            self._say(f"Level {level}: a shift now moves at least {position.run_length} tiles. "
                      f"{self._next_step()}")
        else:
            self._say(f"Level {level} applies from the next deal: press New deal. "
                      f"This game stays at level {p.level}.")
        self.render()

    def _new_deal_clicked(self) -> None:
        # the New deal button: a bad deal number is said on the board (a click cannot show an exception)
        try:
            self.new_deal(self.seed_text.value, self.level_menu.value)
        except FifteenKitError as err:
            self._say(f"{sentence(err.message)} Nothing changed: type a deal number in that range and press "
                      "New deal.")

    def new_deal(self, seed: int, level: int = 1) -> None:
        """Deal again from ``seed`` (0 to :data:`~fifteen_kit.widgets.common.MAX_SEED`) at ``level`` (1, 2, 3).

        Raises InvalidArgumentError for a bad seed or level, and then changes nothing (engine and screen).
        """
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        _check.whole(level, 1, 3, "the level")
        self.game = Game(Position.deal(seed, level=level, **self._shape))
        self._forget_choice()
        self._plan = None
        self.seed_text.value, self.level_menu.value = seed, level
        self._say(f"Deal {seed}, level {level}. {self._next_step()}")
        self.render()

    # -- drawing ---------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"FiveBy15Board(level {self.game.position.level}, {_plural(len(self.game.moves), 'move')}, "
                f"{self.game.status})")

    def render(self) -> None:
        """Redraw the grid, the shift buttons and the banner from the game."""
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
            label.layout.display = "none" if r >= p.colours else ""
        for c, label in enumerate(self.col_labels):
            label.layout.display = "none" if c > p.size else ""
        for (r, c), b in self.cells.items():
            marks: set[Mark] = set()
            if r >= p.colours or c > p.size:  # smaller teaching boards use part of the grid
                b.layout.display = "none"
                self._set_marks((r, c), marks)  # no ring or mark left over from a larger board
                continue
            b.layout.display = ""
            t = p.grid[r][c]
            if t is None:
                b.description, b.tooltip = "·", f"gap ({_cell_name((r, c))})"
                b.style.button_color, b.style.text_color = _GAP_COLOURS
                marks.add("gap")
            else:
                colour, number = t
                b.description = f"{COLOUR_LETTERS[colour]}{number}"
                b.tooltip = f"{COLOUR_NAMES[colour]} {number} ({_cell_name((r, c))})"
                b.style.button_color = COLOUR_HEX[colour]
                b.style.text_color = "#1f1f24" if colour in (1, 4) else "#ffffff"
            if c == 0:
                marks.add("one")
            if (r, c) in ringed:
                marks.add("ring")
            if self._chosen is not None and (self._chosen == ("gap", (r, c)) or self._chosen == ("tile", t)):
                marks.add("chosen")
            if (r, c) in hint_from:
                marks.add("hint-from")
                b.tooltip += " · hint: move this"
            if (r, c) == hint_to and self._hinted is not None:
                marks.add("hint-to")
                hinted = self._hinted
                moved = hinted.tile if isinstance(hinted, Fill) else (hinted.tile[0], hinted.top)
                b.tooltip = f"gap ({_cell_name((r, c))}) · hint: {_tile_name(moved)} goes here"
                b.style.text_color = _HINT_TO_TEXT
            b.layout.border = next(border for mark, border in _BORDERS if mark is None or mark in marks)
            self._set_marks((r, c), marks)
        buttons = []
        for m in self._shifts():
            first = f"{COLOUR_LETTERS[m.tile[0]]}{m.tile[1]}"
            tip = f"Move the {m.length} tiles {first} to {m.top} one place right"
            button = w.Button(description=f"Shift {first}–{m.top}", icon="arrow-right", tooltip=tip)
            if m == self._hinted:
                button.button_style, button.tooltip = "warning", tip + " (the hint)"
                button.add_class("f5-hint-button")
            elif m in offered:
                button.button_style, button.tooltip = "info", tip + " (holds the chosen tile or fills the chosen gap)"
                button.add_class("f5-offer")
            button.on_click(lambda _b, m=m: self.shift(m.tile))
            buttons.append(button)
        self.shifts.children = buttons
        status = self.game.status
        sorted_rows = sum(p.is_sorted(r) for r in range(p.colours))
        if status == "won":
            self.banner.value = f"🏆 Won! Every row reads 1 to {p.size}."
        elif status != "playing":
            self.banner.value = f"{status.capitalize()}: {ENDING_REASONS[status]}. The game is lost."
        else:
            pending = self.level_menu.value
            level = f"level {p.level}" + (f" (level {pending} from the next deal)" if pending != p.level else "")
            self.banner.value = (f"5x15 · {level} · {sorted_rows} of {p.colours} rows sorted · "
                                 f"{_plural(len(p.legal_moves()), 'move')} possible")
        self.undo_button.disabled = len(self.game.history) == 1
