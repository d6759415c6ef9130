"""The 5x15 board: five rows of coloured number tiles with gaps to fill and runs to shift.

The board holds a :class:`~fifteen_kit.five_by_15.game.Game` and redraws from it;
the engine judges every move and decides when the game is stuck or in a loop.
Click a gap to see which tiles may fill it, then click one of them; or click a
tile to see where it may go, then click that gap.  Available shifts appear as
buttons.  Level, new deal by seed, undo, and a hint from the solver.

Rows and columns are labelled on the board's edges (from 0: column 0 holds the
1s) and the message line, the hints and the tooltips name a cell exactly as the
labels show it (``'row 2, column 8'``); the message line always says what to do
next.  The Level menu changes the game at once before its first move; after that
it is the level of the next deal.  Two sizes: ``size="normal"`` fits beside
JupyterLab's file browser on a 1024x768 screen, ``size="large"`` (the "Projector
size" toggle) fills such a screen with text of at least 22 px.  Every action is
a button, so a game can be played with Tab and Enter or Space alone.

>>> board = FiveBy15Board(seed=1)
>>> board.message.value.startswith("Click a gap")
True
>>> board.size
'normal'
>>> move = board.game.position.legal_moves()[0]
>>> board.cells[move.to].click()              # the gap: its candidates are ringed
>>> board.cells[board.game.position.where(move.tile)].click()
>>> len(board.game.history)
2
"""

from __future__ import annotations

import dataclasses
from html import escape
from typing import Any, Literal, get_args

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.five_by_15.game import ENDING_REASONS, Game
from fifteen_kit.five_by_15.players import GreedyPlayer
from fifteen_kit.five_by_15.rules import (
    OPTIONS,
    Cell,
    Fill,
    Move,
    Position,
    Shift,
    Tile,
)
from fifteen_kit.five_by_15.solver import best_first

from ._looks import Looks
from .common import MAX_SEED, sentence
from .five_by_15_views import (
    _BORDERS,
    FiveBy15View,
    _cell_name,
    _plural,
    _tile_name,
)
from .palette import Size, check_size
from .results import Recorded, Recorder
from .resume import Resumable
from .style import style_sheet

__all__ = ["HINT_BUDGET", "HINT_WALL_SECONDS", "FiveBy15Board", "Mark"]

#: Positions, and CPU seconds, the hint's search may spend: the search runs with the collector paused and the
#: whole click (search and redraw) stays under 50 ms at the 99th percentile (bench/bench_five_by_15.py).
HINT_BUDGET = (2_000, 0.025)
#: The hint's wall-clock safety net, in seconds: the pupil waits on the wall clock, so on a machine so loaded that
#: the CPU budget above would take longer than this to spend, the search stops here (and the hint falls back to
#: the greedy move when it found no win) to keep the click under 50 ms.
HINT_WALL_SECONDS = 0.03

#: The marks a cell of the board can carry, each drawn by the kit class ``f5-<mark>`` (see
#: :meth:`FiveBy15Board.marked`): a gap, a 1 in column 0, a ring (a partner of the chosen gap or tile), the chosen
#: cell, and a hinted move's tiles and gap.
Mark = Literal["gap", "one", "ring", "chosen", "hint-from", "hint-to"]

_MARKS: tuple[Mark, ...] = get_args(Mark)
#: The level, as the engine declares it (menu labels, tooltip, check).
_LEVEL = OPTIONS["level"]

def _move_name(move: Move) -> str:
    """A move in the board's words: ``'B7 to row 2, column 8'`` or ``'shift B4–6'`` (as its button reads)."""
    if isinstance(move, Fill):
        return f"{_tile_name(move.tile)} to {_cell_name(move.to)}"
    return f"shift {_tile_name(move.tile)}–{move.top}"


def _either(words: list[str]) -> str:
    """``'a'``, ``'a or b'``, ``'a, b or c'``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class FiveBy15Board(Recorded, Resumable, FiveBy15View):
    """An interactive 5x15 table (see the module docstring).

    Args:
        seed: the deal; level: 1, 2 or 3 (a shift moves at least 3, 4 or 5 tiles).
        colours, numbers: a smaller table for teaching (2..5 colours, tiles 1..numbers, 3..15); 5 and 15 by default.
        size: ``"normal"`` (text at least 16 px, fits beside JupyterLab's file browser at 1024x768) or
            ``"large"`` (projector size: text at least 22 px); the "Projector size" toggle and the settable
            :attr:`size` switch it later.
        key: a name like ``"06.game"``: with a key the end of each game is recorded in the notebook (see
            :mod:`fifteen_kit.widgets.results`): ``{"game": "five_by_15", "seed" (None for a position typed in),
            "level", "won", "status" ("won", "stuck" or "loop"), "moves"}``; a game left unfinished is kept move by
            move and offered back when the cell runs again (:mod:`fifteen_kit.widgets.resume`).

    Raises InvalidArgumentError for a seed outside 0..:data:`~fifteen_kit.widgets.common.MAX_SEED`, a level
    other than 1, 2, 3, a bad table shape or a size other than "normal" and "large" (all checked before anything
    is built).

    >>> FiveBy15Board(seed=2, colours=3, numbers=6, size="large").banner.value.startswith("Small table")
    True
    """

    def __init__(self, seed: int = 0, level: int = 1, colours: int = 5, numbers: int = 15,
                 size: Size = "normal", key: str | None = None) -> None:
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        size = check_size(size)
        game = Game(Position.deal(seed, level=level, colours=colours, size=numbers))  # checks level and shape
        self.recorder = Recorder(key, "game") if key is not None else None
        self._deal_seed: int | None = seed
        self._recorded: Game | None = None  # the game last recorded as ended, after this many moves
        self._recorded_moves = 0
        super().__init__()
        self.add_class("f5-board")
        self.add_class("kit-board")
        self._size: Size = "normal"
        self._shape = {"colours": colours, "size": numbers}
        self.game = game
        self._chosen: tuple[Literal["gap", "tile"], Cell | Tile] | None = None  # ('gap', cell) or ('tile', tile)
        self._hinted: Move | None = None  # the move the last hint marked, until the next click or action
        self._drawn: dict[Cell, tuple[str, ...]] = {}  # what each cell shows now (see _draw)
        self._plan: tuple[Position, tuple[Move, ...]] | None = None  # a winning line found by a hint, from where
        self._marks: dict[Cell, frozenset[Mark]] = {}  # what render() last drew on each cell
        # the cells, labels and buttons share one Layout and one style per look (widgets/_looks.py): a third of
        # the widgets a board would otherwise send to the browser before it appears
        self._looks_shared = looks = Looks()
        text = {"layout": looks.layout(), "style": looks.html()}
        self.banner = w.HTML(**text)
        self.banner.add_class("f5-banner")
        self.message = w.HTML(**text)
        self.message.add_class("f5-msg")
        self.cells: dict[Cell, w.Button] = {}
        first = self._looks(game.position, [], set(), set(), None)  # nothing chosen or hinted yet
        self.col_labels: list[w.HTML] = []
        for c in range(16):  # classes given at construction: one message to the browser per widget, not three
            classes = ["f5-label", "f5-col-label"] + (["f5-c0"] if c == 0 else [])
            self.col_labels.append(w.HTML(f"{c}", _dom_classes=classes, **text))
        corner = w.HTML("", _dom_classes=["f5-row-label"], **text)
        header = w.HBox([corner, *self.col_labels])
        header.add_class("f5-row")
        rows = [header]
        self.row_labels: list[w.HTML] = []
        for r in range(5):
            label = w.HTML(f"{r}", _dom_classes=["f5-label", "f5-row-label"], **text)
            self.row_labels.append(label)
            row: list[w.Widget] = [label]
            for c in range(16):
                # each cell starts with its first look and marks, so the first render changes nothing (in a
                # notebook every later change of a trait is one more message to the browser)
                shown, marks = first[(r, c)]
                self._drawn[(r, c)], self._marks[(r, c)] = shown, frozenset(marks)
                classes = ["f5-cell"] + (["f5-c0"] if c == 0 else []) + [f"f5-{m}" for m in sorted(marks)]
                if len(shown) > 1:
                    b = w.Button(description=shown[1], tooltip=shown[2], _dom_classes=classes,
                                 layout=looks.layout(display=shown[0], border=shown[5]),
                                 style=looks.button(font_weight="bold", button_color=shown[3], text_color=shown[4]))
                else:
                    b = w.Button(_dom_classes=classes, layout=looks.layout(display=shown[0], border=_BORDERS[-1][1]),
                                 style=looks.button(font_weight="bold"))
                b.on_click(lambda _b, cell=(r, c): self._cell_clicked(cell))
                self.cells[(r, c)] = b
                row.append(b)
            box = w.HBox(row)
            box.add_class("f5-row")
            rows.append(box)
        self.grid = w.VBox(rows)
        self.grid.add_class("f5-grid")
        self.shifts = w.HBox()
        self.shifts.add_class("f5-wrap")
        self._shift_pool: list[w.Button] = []  # shift buttons are reused, so keyboard focus survives a redraw
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back the last move",
                                    layout=looks.layout(), style=self._button_look("plain"))
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", layout=looks.layout(),
                                    style=self._button_look("plain"),
                                    tooltip="A move on a winning line, if the solver finds one quickly")
        self.level_menu = w.Dropdown(options=_LEVEL.menu(), value=level,
                                     description=f'<span class="f5-text">{_LEVEL.title}</span>',
                                     description_allow_html=True, style={"description_width": "initial"},
                                     tooltip=f"{_LEVEL.help}. Before the first move it changes this game; after "
                                             "that, the next deal")
        self.level_menu.add_class("f5-level")
        self.seed_text = w.IntText(value=seed, description='<span class="f5-text">Deal</span>',
                                   description_allow_html=True, style={"description_width": "initial"},
                                   tooltip="The number of the deal New deal lays out")
        self.seed_text.add_class("f5-deal")
        self.new_button = w.Button(description="New deal", icon="refresh", tooltip="Lay out the deal in the Deal box",
                                   layout=looks.layout(), style=self._button_look("new"))
        self.size_toggle = w.ToggleButton(description="Projector size", icon="expand", value=False,
                                          tooltip="Bigger text and tiles, for a projector or a classroom wall")
        for button in (self.undo_button, self.hint_button, self.new_button):
            button.add_class("f5-button")
        self.size_toggle.add_class("f5-button")
        self.size_toggle.add_class("f5-toggle")
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.new_button.on_click(lambda _b: self._new_deal_clicked())
        self.level_menu.observe(self._level_changed, names="value")
        self.size_toggle.observe(self._size_toggled, names="value")
        self.legend = w.HTML(**text)  # the colours of this table, and how cells are named (render() writes it)
        self.legend.add_class("f5-legend")
        controls = w.HBox([self.undo_button, self.hint_button, self.new_button, self.seed_text, self.level_menu,
                           self.size_toggle])
        controls.add_class("f5-wrap")
        controls.add_class("f5-controls")
        self.children = [style_sheet(), self.banner, self.message, self.grid, self.shifts, controls, self.legend]
        self._say(self._next_step())
        self._resume_start(key)
        self.render()
        self.size = size

    # -- actions ----------------------------------------------------------------------------------
    def _cell_clicked(self, cell: Cell) -> None:
        # a cell button: only those of the current (maybe smaller) board are shown and answer
        p = self.game.position
        if cell[0] < p.colours and cell[1] <= p.size:
            self.click_cell(cell)

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
            return "You won: every row is sorted. Press New deal for another game."
        if status != "playing":
            return f"The game is lost ({status}: {ENDING_REASONS[status]}). {self._lost_advice()}"
        shifts = any(isinstance(m, Shift) for m in self.game.position.legal_moves())
        return ("Click a gap to see which tiles fit it, then click a ringed tile"
                + ("; or press a Shift button below the table." if shifts else "."))

    def _lost_advice(self) -> str:
        """Which buttons to press when the game cannot be won from here."""
        if not self.game.moves:
            return "Press New deal for another deal (or choose a lower level first)."
        return "Press Undo to take moves back, or New deal for another game."

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
            self._say(f"The game is over: nothing moves now. {self._next_step()}")
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

    def _shift_clicked(self, button: w.Button) -> None:
        # a pooled shift button: it stands for the shift at its place in the list render() last drew
        shifts = self._shifts()
        index = self._shift_pool.index(button)
        if index < len(shifts):
            self.shift(shifts[index].tile)

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
            self._say(f"The game is over: no hint. {self._next_step()}")
            return
        p = self.game.position
        plan = self.planned_move()
        self._forget_choice()
        if plan is None:
            result = best_first(p, budget=HINT_BUDGET[0], seconds=HINT_BUDGET[1], wall_seconds=HINT_WALL_SECONDS)
            if result.status == "won":
                self._plan = (p, result.line)
                plan = result.line[0]
            elif result.status == "lost":
                self._say(f"The solver proved this position cannot be won any more. {self._lost_advice()}")
            elif self.game.fresh_moves():
                # no line within the click's budget: suggest what the greedy rule would play, and say so
                move = GreedyPlayer(seed=len(self.game.moves)).choose(self.game)
                self._hinted = move
                self._say(f"No winning line found in a blink; a useful-looking move: {_move_name(move)}. "
                          f"{self._how_to_play(move)}")
            else:
                self._say("No winning line found in a blink, and every move leads back to an earlier position: "
                          "press Undo a few times.")
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
        if self.recorder is not None:
            self.recorder.new_game()
        self.game = game
        self._deal_seed = None
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
                self._say(f"{sentence(err.message)} {self._next_step()}")
                return
            self.game = Game(position)
            self._forget_choice()
            self._plan = None
            self._say(f"Level {level}: a shift now moves at least {position.run_length} tiles"
                      f"{self._no_shift_note(position)}. {self._next_step()}")
        else:
            self._say(f"Level {level} applies from the next deal: press New deal to start it, or play on "
                      f"at level {p.level}.")
        self.render()

    @staticmethod
    def _no_shift_note(p: Position) -> str:
        """A note for a small table whose rows can never hold a run long enough to shift (else '')."""
        # a run never holds the row's 1 (column 0), so it has at most size - 1 tiles
        return f" (more than a row of 1 to {p.size} can ever shift, so fill gaps only)" if (
            p.run_length > p.size - 1) else ""

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
        if self.recorder is not None:
            self.recorder.new_game()
        self._deal_seed = seed
        self._forget_choice()
        self._plan = None
        self.seed_text.value, self.level_menu.value = seed, level
        self._say(f"Deal {seed}, level {level}{self._no_shift_note(self.game.position)}. {self._next_step()}")
        self.render()

    # -- an unfinished game, kept and continued (widgets/resume.py) ----------------------------------------------
    def _snapshot(self) -> tuple[dict[str, Any], str] | None:
        g = self.game
        if not g.moves or g.status != "playing":
            return None
        state = {"start": g.history[0].notation(), "moves": [m.notation() for m in g.moves], "seed": self._deal_seed}
        return state, f"{_plural(len(g.moves), 'move')} played"

    def _restore(self, state: dict[str, Any]) -> None:
        # the pupil's own file: every part is checked by the engine (a bad position or move raises NotationError)
        start, moves, seed = state.get("start"), state.get("moves"), state.get("seed")
        start = _check.text(start, 2000, "the kept game's start")
        if not isinstance(moves, list) or len(moves) > 10_000:
            raise InvalidArgumentError("the kept game's moves are not a list of moves", input=_check.short(moves))
        if seed is not None:
            _check.whole(seed, 0, MAX_SEED, "the kept game's deal number")
        game = Game(Position.parse(start))
        for move in moves:
            game.play(_check.text(move, 40, "a kept move"))
        self.game, self._deal_seed = game, seed
        self._shape = {"colours": game.position.colours, "size": game.position.size}
        self._forget_choice()
        self._plan = None
        if seed is not None:
            self.seed_text.value = seed
        self._say(f"Your game is back, after {_plural(len(game.moves), 'move')}. {self._next_step()}")

    # -- drawing ---------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (f"FiveBy15Board(level {self.game.position.level}, {_plural(len(self.game.moves), 'move')}, "
                f"{self.game.status})")

    def _record_game(self) -> None:
        # the end of a game is recorded once (with a key); an undo and another ending records again
        self._resume_keep()
        g = self.game
        status = g.status
        if self.recorder is None or status == "playing" or (self._recorded is g and self._recorded_moves ==
                                                              len(g.moves)):
            return
        self._recorded, self._recorded_moves = g, len(g.moves)
        self.recorder.write(game="five_by_15", seed=self._deal_seed, level=g.position.level,
                            won=status == "won", status=status, moves=len(g.moves))
