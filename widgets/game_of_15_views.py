"""The Game of 15 board's views: every widget of :class:`~fifteen_kit.widgets.GameOf15Board` and its drawing.

:class:`GameOf15View` builds the settings, the pool of tiles, the racks, the magic square, the claim and
blind-play rows, the position box, the puzzles and the move log, and :meth:`GameOf15View.draw` redraws all
of them from a :class:`~fifteen_kit.widgets.game_of_15_controller.GameOf15Controller`.  It decides nothing:
what is allowed, who won and what to say are the controller's and the engine's.  Its look comes from the
kit's one style sheet (:func:`~fifteen_kit.widgets.style.style_sheet`, section ``_GAME_OF_15``) and from
public style and layout traits.

>>> from fifteen_kit.game_of_15.match import Match
>>> view = GameOf15View()
>>> view.draw(GameOf15Controller(Match(), seed=0))
>>> view.cell_state(5), view.message.value
('free', 'Onyx: click a tile to draft its digit.')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Literal

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15.match import OPTIONS, CountReading, MatchRules
from fifteen_kit.game_of_15.players import threats
from fifteen_kit.game_of_15.rules import Side
from fifteen_kit.game_of_15.solver import move_evaluations
from fifteen_kit.game_of_15.square import MAGIC_SQUARE
from fifteen_kit.svg import tile_strip

from .game_of_15_controller import GameOf15Controller, match_result, plain
from .palette import PALETTE, TEXT_PX, Size, check_size
from .style import style_sheet

__all__ = ["BLITZ_RANGE", "LENGTHS", "MAX_TARGET", "MODES", "OPPONENTS", "CellState", "GameOf15View"]

#: Opponent menu: label -> computer player name (None: two people on one screen).
OPPONENTS: dict[str, str | None] = {"Two players": None, "Computer: random": "random",
                                    "Computer: tactician": "tactician", "Computer: perfect": "perfect"}
#: Match length menu: label -> (what the target counts, target); None: the points box decides.
LENGTHS: dict[str, tuple[CountReading, int | None]] = {
    "Single round": ("rounds", 1), "Best of 3": ("rounds", 2), "Best of 5": ("rounds", 3),
    "Best of 7": ("rounds", 4), "First to N points": ("points", None)}
#: Mode menu: label -> mode.
MODES = {"Practice (undo, hints, positions)": "practice", "Match (touch and take)": "match"}
#: Seconds per player the blitz setting accepts (the rulebook's 60 lies inside).
BLITZ_RANGE = (5, 600)
#: Highest match target the board accepts.
MAX_TARGET = 99
#: What a digit looks like on the board (pool tile and magic-square cell alike): ``'free'`` (a tile in the
#: pool, an empty cell; also every digit blind play hides), ``'taken'`` (a recessed slot, a cell marked O or
#: I) or ``'winning'`` (taken, and in the fifteen that won the round: highlighted).
CellState = Literal["free", "taken", "winning"]

#: The rule readings shown as menus under Settings (their labels, order and help are the engine's OPTIONS).
_READING_MENUS = ("false_claim", "wrong_statement", "violation", "champion")
_NO_HINTS = "Hints are for practice; a match is played without them."
# Hint glyphs; their colour-blind-safe colours on ivory are the style sheet's (.f15-hint-win...): a glyph
# always goes with the colour.
_HINT = {"win": "✔", "draw": "=", "loss": "✘"}
#: Pieces' dimensions (CSS px) per size: pool tile (width, height), magic-square cell, rack tile, and the
#: font sizes of an empty cell's digit and of a taken cell's O/I.
_DIMS: dict[str, dict[str, tuple[int, int]]] = {
    "normal": {"tile": (50, 65), "cell": (64, 64), "rack": (40, 40), "font": (26, 34)},
    "large": {"tile": (72, 94), "cell": (78, 78), "rack": (54, 54), "font": (34, 42)},
}


def _label(menu: Mapping[str, object], value: object) -> str:
    return next(k for k, v in menu.items() if v == value)


def _add_settings_controls(view: GameOf15View, wide: DescriptionStyle, auto: w.Layout) -> None:
    """Give ``view`` its settings' menus and boxes (the settings panel lays them out), sharing the menus' style
    ``wide`` and the layout ``auto`` of a control as wide as its label."""
    view.opponent_menu = w.Dropdown(options=list(OPPONENTS), value="Computer: tactician", description="Opponent",
                                    tooltip="Who plays against you", style=wide)
    view.computer_side_menu = w.Dropdown(options=[("Ivory", "I"), ("Onyx", "O")], value="I",
                                         description="Computer is", tooltip="Which side the computer plays",
                                         style=wide)
    first = OPTIONS["first"]
    view.first_menu = w.Dropdown(options=first.menu(), value=first.default, description=first.title, style=wide,
                                 tooltip=first.help)
    view.length_menu = w.Dropdown(options=list(LENGTHS), value="Single round", description="Match", style=wide,
                                  tooltip="Match length (new match): best of N counts round victories (2.6.1); "
                                          "first to N points counts ledger points (2.8)")
    view.points_box = w.IntText(value=3, description="N points", layout=w.Layout(width="auto"), style=wide,
                                tooltip=f"The points target, 1 to {MAX_TARGET} (new match); a number "
                                        "outside is set to the nearer end and the message line says so")
    view.mode_menu = w.Dropdown(options=list(MODES), value=_label(MODES, "practice"), description="Mode",
                                style=wide,
                                tooltip="Practice allows undo, hints and positions; a match is touch and take")
    view.claims_menu = w.ToggleButtons(options=[("Auto claim", True), ("Fifteen! button", False)],
                                       value=True, tooltips=["A fifteen wins by itself",
                                                             "Call Fifteen! and name your three digits"],
                                       style={"button_width": "auto"})
    view.blind_box = w.Checkbox(value=False, description="Blind play", indent=False,
                                layout=auto,
                                tooltip="Pool and racks hidden: type your digits (new match)")
    view.blitz_box = w.Checkbox(value=False, description="Speed blitz", indent=False,
                                layout=auto, tooltip="A countdown per player (new match)")
    view.blitz_seconds = w.IntText(value=60, description="seconds", layout=w.Layout(width="auto"), style=wide,
                                   tooltip=f"{BLITZ_RANGE[0]} to {BLITZ_RANGE[1]} seconds per player; a number "
                                           "outside is set to the nearer end and the message line says so")
    menus: dict[str, w.Dropdown] = {}
    view.reading_menus = menus
    for name in _READING_MENUS:
        option = OPTIONS[name]
        menus[name] = w.Dropdown(
            options=option.menu(), value=option.default, description=option.title, style=wide, layout=auto,
            tooltip=f"{option.help} (rulebook {option.section}; the first choice is the literal reading)")
    view.view_menu = w.ToggleButtons(options=[("Pool", "pool"), ("Magic square", "grid"), ("Both", "both")],
                                     value="both", tooltips=["Digits only", "Tic-tac-toe twin only", "Both"],
                                     style={"button_width": "auto"})
    view.grid_clicks_box = w.Checkbox(value=False, description="Play on the grid", indent=False,
                                      layout=auto,
                                      tooltip="Draft by clicking a cell of the magic square")
    view.hints_box = w.Checkbox(value=False, description="Hints", indent=False, layout=auto,
                                tooltip="Show what perfect play makes of every digit")


class GameOf15View(w.VBox):
    """Every widget of the Game of 15 board, laid out, with default settings; :meth:`draw` shows a controller.

    Widgets are attributes (``pool_buttons``, ``grid_buttons``, ``hint_labels``, ``racks``, ``message``, the
    settings menus...); a board wires their clicks to its controller.  Nothing here checks a rule.

    Args:
        size: ``'normal'`` (text at least 16 px, fits one 1024x768 screen beside JupyterLab's file browser) or
            ``'large'`` (projector size: text at least 22 px, the board about 960 px wide).

    The pupil's controls (the tiles, Undo, Next round, New match) are always in view; the settings, the move
    log and the experts' tools (position notation, Load, puzzles) each open from a button of their own.
    Raises InvalidArgumentError for a bad ``size``.

    >>> len(GameOf15View().pool_buttons), GameOf15View(size="large").size
    (9, 'large')
    """

    def __init__(self, size: Size = "normal") -> None:
        size = check_size(size)
        super().__init__()
        self.add_class("f15-board")
        self.add_class("kit-board")
        self._size: Size = size
        self._drawn: GameOf15Controller | None = None
        #: Why the hints stay closed for now ("" when they may open): a lesson's board waits for the questions
        #: its hints would answer (GameOf15Board's ``hints_after``).
        self.hints_wait: Callable[[], str] = lambda: ""
        self._shown: dict[int, CellState] = dict.fromkeys(range(1, 10), "free")
        self._extra_length: tuple[str, int] | None = None
        # Layouts and styles are widgets of their own (each one a message to the browser when built), so pieces
        # that never change theirs on their own share one: a third fewer widgets, and the board appears sooner.
        # Shared by the tiles, the hint labels, and the menus and buttons below; the panels, the cells of the
        # square and anything shown or hidden by itself keep their own.
        wide = DescriptionStyle(description_width="initial")  # menus and number boxes
        wide_text = TextStyle(description_width="initial")  # text boxes
        auto = w.Layout(width="auto")  # a control as wide as its label
        plain = w.Layout()  # text that only changes its words
        text_style = HTMLStyle()  # every line of text but the status line (one font size for all)
        fixed_style = HTMLStyle()  # the racks and the headings: the style sheet's sizes
        action = w.ButtonStyle()  # the buttons under the board (their look is the style sheet's)
        self._text_style = text_style

        _add_settings_controls(self, wide, auto)

        # -- the board -------------------------------------------------------------------------
        self.status = w.HTML(layout=plain)  # its own style: larger text than the rest
        self.status.add_class("f15-status")
        #: The "Projector size" toggle (normal <-> large).
        self.size_toggle = w.ToggleButton(value=size == "large", description="Projector size", icon="expand",
                                          tooltip="Large text and pieces for a projector (22 px text)",
                                          layout=auto)
        self.size_toggle.add_class("f15-btn")
        self.size_toggle.observe(lambda ch: setattr(self, "size", "large" if ch["new"] else "normal"), names="value")
        self.mode_view = w.HTML(layout=plain, style=text_style)
        self.score = w.HTML(layout=plain, style=text_style)
        self.score.add_class("f15-score")
        self.clock_view = w.HTML(layout=plain, style=text_style)
        self.message = w.HTML(layout=plain, style=text_style)
        self.message.add_class("f15-msg")
        self.achievements_view = w.HTML(layout=plain, style=text_style)
        self.pool_buttons: dict[int, w.Button] = {}
        self.hint_labels: dict[int, w.HTML] = {}
        columns = []
        # the nine tiles are always the same size (their colours are their own), as are the nine hint labels,
        # which hints on or off show or hide together (hidden at first: no empty row under the tiles)
        tile_layout, hint_layout, hint_style = w.Layout(border="0"), w.Layout(display="none"), HTMLStyle()
        # overflow visible: a box's default (auto) would clip the tile's focus ring
        column_layout = w.Layout(align_items="center", overflow="visible")
        for d in range(1, 10):
            b = w.Button(description=str(d), tooltip=f"Draft {d}", layout=tile_layout)
            b.add_class("f15-tile")
            self.pool_buttons[d] = b
            self.hint_labels[d] = w.HTML(layout=hint_layout, style=hint_style)
            self.hint_labels[d].add_class("f15-hint")
            columns.append(w.VBox([b, self.hint_labels[d]], layout=column_layout))
        # tiles wrap, never squash; the padding leaves room for the focus ring
        self.pool_row = w.HBox(columns, layout=w.Layout(flex_flow="row wrap", padding="4px", overflow="visible"))
        self.racks = {side: w.HTML(layout=plain, style=fixed_style) for side in Side}
        for rack in self.racks.values():
            rack.add_class("f15-rack")
        self.grid_buttons: dict[int, w.Button] = {}
        cells = []
        for row in MAGIC_SQUARE:
            for d in row:
                b = w.Button(description=str(d), tooltip=f"Cell of {d}")
                b.add_class("f15-cell")
                b.add_class(f"f15-cell-d{d}")
                b.style.font_family = "Georgia,serif"
                b.layout.margin = "0"
                self.grid_buttons[d] = b
                cells.append(b)
        self.grid = w.GridBox(cells, layout=w.Layout(grid_gap="4px", overflow="visible", padding="4px"))
        self.threats_view = w.HTML(layout=plain, style=text_style)
        self.pool_panel = w.VBox([self.pool_row], layout=w.Layout(overflow="visible"))
        self.grid_panel = w.VBox([w.HTML("<b>The magic square</b>", layout=plain, style=fixed_style), self.grid],
                                 layout=w.Layout(margin="0 14px 0 0", flex="0 0 auto", overflow="visible"))
        self.rack_panel = w.VBox([self.racks[Side.ONYX], self.racks[Side.IVORY], self.threats_view])
        self.blind_text = w.Text(placeholder="a digit, e.g. 7", description="Your digit", continuous_update=False,
                                 layout=auto, style=wide_text)
        self.blind_button = w.Button(description="Draft", tooltip="Draft the digit you typed",
                                     layout=auto, style=action)
        self.blind_racks = w.HTML(layout=plain, style=text_style)
        self.blind_panel = w.VBox([w.HTML("<i>Blind play: the pool and the racks are hidden. Keep them in "
                                          "your head and name a digit.</i>", layout=plain, style=fixed_style),
                                   self.blind_racks,
                                   w.HBox([self.blind_text, self.blind_button],
                                          layout=w.Layout(flex_flow="row wrap"))])
        self.claim_text = w.Text(placeholder="three digits, e.g. 2 5 8", description="Digits",
                                 layout=auto, style=wide_text)
        self.claim_button = w.Button(description="Fifteen!", tooltip="Claim a fifteen with the three digits you typed",
                                     layout=auto, style=action)
        self.end_turn_button = w.Button(description="End turn", tooltip="End your turn without a claim",
                                        layout=auto, style=action)
        self.claim_panel = w.HBox([self.claim_text, self.claim_button, self.end_turn_button],
                                  layout=w.Layout(flex_flow="row wrap"))
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back your last move",
                                    layout=auto, style=action)
        self.next_round_button = w.Button(description="Next round", icon="forward", tooltip="Start the next round",
                                          layout=auto, style=action)
        self.new_match_button = w.Button(description="New match", icon="refresh", layout=auto, style=action,
                                         tooltip="Start a new match with the settings (under Settings)")
        for button in (self.blind_button, self.claim_button, self.end_turn_button, self.undo_button,
                       self.next_round_button):
            button.add_class("f15-btn")
        self.new_match_button.add_class("f15-go")
        self.notation_text = w.Text(description="Position", tooltip="Copy this, or paste a position and Load",
                                    layout=auto, style=wide_text)
        self.load_button = w.Button(description="Load", tooltip="Start a practice round from the position typed",
                                    layout=auto, style=action)
        self.position_row = w.HBox([self.notation_text, self.load_button], layout=w.Layout(flex_flow="row wrap"))
        self.puzzle_menu = w.Dropdown(options=[("Win in 1", 1), ("Win in 2", 2), ("Win in 3", 3)], value=2,
                                      description="Puzzle", layout=auto, style=wide)
        self.puzzle_button = w.Button(description="New puzzle", icon="puzzle-piece", layout=auto, style=action,
                                      tooltip="A practice position where you can force a win; the computer "
                                              "defends perfectly")
        for button in (self.load_button, self.puzzle_button):
            button.add_class("f15-btn")
        self.log_view = w.HTML(layout=plain, style=text_style)
        self.log_view.add_class("f15-log")

        wrap = w.Layout(flex_flow="row wrap", align_items="center", overflow="visible", padding="2px")
        self.settings_panel = w.VBox([
            w.HBox([self.opponent_menu, self.computer_side_menu], layout=wrap),
            w.HBox([self.mode_menu, self.first_menu], layout=wrap),
            w.HBox([self.length_menu, self.points_box], layout=wrap),
            w.HBox([self.claims_menu], layout=wrap),
            w.HBox([self.blind_box, self.blitz_box, self.blitz_seconds], layout=wrap),
            w.HBox([self.view_menu, self.grid_clicks_box, self.hints_box], layout=wrap),
            w.HTML("<i>Rule readings (where the rulebook contradicts itself; the first choice is literal):</i>",
                   layout=plain, style=fixed_style),
            w.HBox([self.reading_menus["false_claim"], self.reading_menus["wrong_statement"]], layout=wrap),
            w.HBox([self.reading_menus["violation"], self.reading_menus["champion"]], layout=wrap),
            w.HTML("<i>New settings start with the next match: press New match.</i>", layout=plain, style=fixed_style),
        ])
        self.log_panel = w.VBox([self.log_view])
        self.expert_panel = w.VBox([
            w.HTML("<i>For experts: a position in the kit's notation (copy it, or paste one and press Load), "
                   "and win-in-N puzzles.</i>", layout=plain, style=fixed_style),
            self.position_row, w.HBox([self.puzzle_menu, self.puzzle_button], layout=wrap)])
        #: Buttons that open and close the settings, the move log and the experts' panel (all closed at first).
        self.panel_toggles: dict[str, w.ToggleButton] = {}
        for title, panel in (("Settings", self.settings_panel), ("Move log", self.log_panel),
                             ("For experts", self.expert_panel)):
            panel.add_class("f15-panel")
            panel.layout.display = "none"
            toggle = w.ToggleButton(value=False, description=title, icon="caret-right", layout=auto,
                                    tooltip=f"Show or hide: {title.lower()}")
            toggle.add_class("f15-btn")
            toggle.observe(lambda ch, p=panel, t=toggle: self._open(t, p, ch["new"]), names="value")
            self.panel_toggles[title] = toggle
        self.children = [
            style_sheet(),
            w.HBox([self.status, self.size_toggle], layout=w.Layout(justify_content="space-between",
                                                                    flex_flow="row wrap", align_items="center")),
            w.HBox([self.score, self.mode_view], layout=w.Layout(flex_flow="row wrap", grid_gap="0 12px")),
            self.clock_view,
            self.message,
            self.achievements_view,
            self.pool_panel,
            # "row wrap": on a narrow notebook the racks move under the square, never cut off
            w.HBox([self.grid_panel, self.rack_panel, self.blind_panel],
                   layout=w.Layout(align_items="flex-start", flex_flow="row wrap", overflow="visible")),
            self.claim_panel,
            # the pupil's buttons, then the panels' toggles, on one line where the board is wide enough
            w.HBox([self.undo_button, self.next_round_button, self.new_match_button,
                    *self.panel_toggles.values()], layout=wrap),
            self.settings_panel,
            self.log_panel,
            self.expert_panel,
        ]
        self._apply_size()
        self.show_points_box()

    @staticmethod
    def _open(toggle: w.ToggleButton, panel: w.Box, is_open: bool) -> None:
        panel.layout.display = "" if is_open else "none"
        toggle.icon = "caret-down" if is_open else "caret-right"

    # -- size -------------------------------------------------------------------------------------
    @property
    def size(self) -> Size:
        """The board's size, ``'normal'`` or ``'large'`` (projector); settable (the toggle follows).

        Raises InvalidArgumentError for any other value.

        >>> v = GameOf15View(); v.size = "large"; v.size_toggle.value, v.message.style.font_size
        (True, '22px')
        """
        return self._size

    @size.setter
    def size(self, value: Size) -> None:
        """Switch to ``value`` and redraw; raises InvalidArgumentError for anything but "normal" or "large"."""
        self._size = check_size(value)
        self.size_toggle.value = self._size == "large"
        self._apply_size()
        if self._drawn is not None:
            self.draw(self._drawn)

    def _apply_size(self) -> None:
        """Class ``kit-large``, text sizes and the pieces' dimensions for the current size (public traits)."""
        dims = _DIMS[self._size]
        text = f"{TEXT_PX[self._size]}px"
        (self.add_class if self._size == "large" else self.remove_class)("kit-large")
        tile_w, tile_h = dims["tile"]
        for b in self.pool_buttons.values():
            b.layout.width, b.layout.height = f"{tile_w}px", f"{tile_h}px"
        for label in self.hint_labels.values():
            label.layout.min_width = f"{tile_w}px"
        cell = dims["cell"][0]
        for b in self.grid_buttons.values():
            b.layout.width = b.layout.height = f"{cell}px"
        self.grid.layout.grid_template_columns = f"repeat(3, {cell}px)"
        for label in (self.message, self.score, self.status, self.mode_view, self.clock_view, self.threats_view,
                      self.achievements_view, self.blind_racks, self.log_view):
            label.style.font_size = text
        self.status.style.font_size = f"{round(TEXT_PX[self._size] * 1.25)}px"
        for d in range(1, 10):
            self._style_tile(self.pool_buttons[d], self._shown[d] != "free")

    # -- settings ---------------------------------------------------------------------------------
    def set_length(self, count: str, target: int) -> None:
        """Show the match length ``target`` (1..99) counting ``'rounds'`` or ``'points'`` in the menus.

        A rounds target no menu entry names gets its own entry ("First to 5 rounds").  Raises
        InvalidArgumentError for a bad count or target.

        >>> v = GameOf15View(); v.set_length("rounds", 5); v.length_menu.value
        'First to 5 rounds'
        """
        _check.choice(count, ("rounds", "points"), "count")
        _check.whole(target, 1, MAX_TARGET, "target")
        if count == "points":
            self.length_menu.value = "First to N points"
            self.points_box.value = target
            return
        label = next((k for k, v in LENGTHS.items() if v == ("rounds", target)), None)
        if label is None:
            label = f"First to {target} rounds"
            self.length_menu.options = [*LENGTHS, label]
            self._extra_length = (label, target)
        self.length_menu.value = label

    def chosen_rules(self) -> MatchRules:
        """The match rules the settings menus describe (for New match).

        Raises an error from :mod:`fifteen_kit.errors` if the engine refuses them.

        >>> GameOf15View().chosen_rules().describe()
        'single round'
        """
        label = self.length_menu.value
        count: CountReading
        target: int | None
        if self._extra_length is not None and label == self._extra_length[0]:
            count, target = "rounds", self._extra_length[1]
        else:
            count, target = LENGTHS[label]
        if target is None:
            target = int(self.points_box.value)
        return MatchRules(target=target, count=count, auto_claim=self.claims_menu.value, blind=self.blind_box.value,
                          clock=float(self.blitz_seconds.value) if self.blitz_box.value else None,
                          practice=MODES[self.mode_menu.value] == "practice", first=self.first_menu.value,
                          **{name: menu.value for name, menu in self.reading_menus.items()})

    def show_points_box(self) -> None:
        """Show the points box exactly when the match length is "First to N points", the blitz seconds exactly
        with Speed blitz ticked."""
        self.points_box.layout.display = "" if self.length_menu.value == "First to N points" else "none"
        self.blitz_seconds.layout.display = "" if self.blitz_box.value else "none"

    # -- drawing ----------------------------------------------------------------------------------
    def cell_state(self, digit: int) -> CellState:
        """What the board shows for ``digit`` (its pool tile and its magic-square cell): see :data:`CellState`.

        Raises InvalidArgumentError unless ``digit`` is a whole number 1..9.

        >>> GameOf15View().cell_state(5)
        'free'
        """
        _check.whole(digit, 1, 9, "digit")
        return self._shown[digit]

    def draw(self, controller: GameOf15Controller) -> None:
        """Redraw every part of the board from ``controller`` (its match, computer, events and prompt).

        Raises InvalidArgumentError unless ``controller`` is a GameOf15Controller.
        """
        if not isinstance(controller, GameOf15Controller):
            raise InvalidArgumentError("controller must be a GameOf15Controller", input=_check.short(controller))
        self._drawn = c = controller
        m = c.match
        r = m.round
        hidden = m.rules.blind and not r.is_over and not m.is_over  # blind: nothing shows a drafted digit
        result = r.result
        wins = set(result.triple) if result is not None and result.triple else set()
        # status, mode and score
        if m.is_over:
            status = match_result(m)
        elif r.is_over:
            status = f"Round {m.round_number} is over"
        elif m.turn_open and r.last_drafter is not None:
            status = f"{c.who(r.last_drafter)}: Fifteen! or End turn"
        else:
            status = f"{c.who(r.to_move)} to draft"
        marker = "●" if (not r.is_over and m.acting_side is Side.ONYX) else "○"
        self.status.value = f"<b>{marker} {escape(status)}</b>"
        if m.rules.practice:
            self.mode_view.value = "<i>Practice: undo, hints and positions allowed.</i>"
        else:
            extras = [x for x, on in (("blind", m.rules.blind), ("blitz", m.rules.clock is not None)) if on]
            rule = "touch and take (2.9): " if c.expert else ""
            self.mode_view.value = (f"<i>Match{' (' + ', '.join(extras) + ')' if extras else ''}: {rule}"
                                    "no undo, no hints.</i>")
        rw = m.round_wins
        points = f" · Points: Onyx {m.scores[Side.ONYX]} · Ivory {m.scores[Side.IVORY]}"  # the ledger (2.8)
        self.score.value = (f"Round {m.round_number} · {escape(m.rules.describe())} · "
                            f"<b>Rounds won: Onyx {rw[Side.ONYX]} · Ivory {rw[Side.IVORY]}</b>"
                            + (points if c.expert or m.rules.count == "points" else ""))
        self.draw_clock(c)
        may_draft = c.may_draft and not m.rules.blind
        view = self.view_menu.value
        # pool and magic square: one state per digit
        for d in range(1, 10):
            owner = None if hidden else r.cell_owner(d)
            self._shown[d] = "free" if owner is None else "winning" if d in wins else "taken"
            tile = self.pool_buttons[d]
            tile.remove_class("f15-taken" if owner is None else f"f15-tile-{d}")
            tile.add_class(f"f15-tile-{d}" if owner is None else "f15-taken")
            tile.tooltip = f"Draft {d}" if owner is None else f"{d}: drafted by {owner.title}"
            self._style_tile(tile, owner is not None)
            tile.disabled = not (may_draft and owner is None)
            cell = self.grid_buttons[d]
            for css in ("f15-empty", "f15-cell-O", "f15-cell-I", "f15-cell-win"):
                cell.remove_class(css)
            if owner is None:
                cell.description = str(d)
                cell.tooltip = f"Cell of {d}"
                cell.add_class("f15-empty")
            else:
                cell.description = owner.value
                cell.add_class(f"f15-cell-{owner.value}")
                cell.tooltip = f"{d}: {owner.title}"
            self._style_cell(cell, owner)
            if d in wins:
                cell.add_class("f15-cell-win")
            cell.disabled = not (self.grid_clicks_box.value and may_draft and owner is None)
        # racks
        rack = _DIMS[self._size]["rack"][0]
        for side in Side:
            face = "onyx" if side is Side.ONYX else "ivory"
            label = f"{'●' if side is Side.ONYX else '○'} {c.who(side)}"
            if r.winner is side:
                label += f" — wins with {' + '.join(map(str, sorted(wins)))}" if wins else " — wins the round"
            digits = () if hidden else sorted(r.rack(side))
            # no highlight: its star would be a 7 px glyph at this size; the label names the winning digits
            strip = tile_strip(digits, face=face, size=rack, label=label)
            self.racks[side].value = f"<div>{escape(label)}</div>{strip}"
        self.blind_racks.value = ("<i>Racks kept in memory.</i>" if hidden else "")
        self.pool_panel.layout.display = "none" if m.rules.blind or view == "grid" else ""
        self.grid_panel.layout.display = "none" if m.rules.blind or view == "pool" else ""
        self.rack_panel.layout.display = "none" if m.rules.blind else ""
        self.blind_panel.layout.display = "" if m.rules.blind else "none"
        self.blind_button.disabled = not (m.rules.blind and c.may_draft)
        self.blind_text.disabled = self.blind_button.disabled
        self.claim_panel.layout.display = "none" if m.rules.auto_claim else ""
        self.claim_button.disabled = not c.may_claim
        self.end_turn_button.disabled = not c.may_claim
        self.next_round_button.disabled = m.is_over or not r.is_over
        # the button to press now is ringed: Next round after a round, New match after the match
        (self.new_match_button.add_class if m.is_over else self.new_match_button.remove_class)("f15-now")
        (self.next_round_button.add_class if r.is_over and not m.is_over else self.next_round_button.remove_class)(
            "f15-now")
        self.undo_button.disabled = not c.may_undo
        self.undo_button.tooltip = c.undo_reason() or "Take back your last move"
        waiting = self.hints_wait()
        self.hints_box.disabled = not m.rules.practice or bool(waiting)
        self.hints_box.tooltip = (waiting or "Show what perfect play makes of every digit") if m.rules.practice \
            else _NO_HINTS
        self.position_row.layout.display = "" if m.rules.practice else "none"
        self.notation_text.value = "" if hidden else r.notation()
        self._draw_hints(c)
        self._draw_achievements(c)
        # blind: earlier rounds and this round's heading only
        entries = tuple(e for e in m.log if e.round < m.round_number or e.side is None) if hidden else m.log
        words = (lambda t: t) if c.expert else plain
        self.log_view.value = ("<br>".join(escape(words(e.text)) for e in reversed(entries[-40:]))
                               or "<i>No moves yet.</i>")
        waiting = self.hints_wait() if self.hints_box.value and m.rules.practice else ""
        self.message.value = escape(c.message() + (f" {waiting}" if waiting else ""))

    def _style_tile(self, tile: w.Button, taken: bool) -> None:
        """A pool tile through public traits: a bare face (its SVG is the kit class's background; the digit, in
        transparent text, names the button for screen readers), or the recessed slot of a taken tile."""
        tile.style.font_size = f"{TEXT_PX[self._size]}px"
        if taken:
            tile.style.button_color, tile.style.text_color = PALETTE["recess"], PALETTE["ivory"]
        else:
            tile.style.button_color, tile.style.text_color = "transparent", "transparent"
        tile.layout.padding = "0"

    def _style_cell(self, cell: w.Button, owner: Side | None) -> None:
        """A magic-square cell's colours, type and frame through the public button style and layout: an empty
        cell is a dark hole with its ivory digit, a taken cell the stone of its side (ink or ivory)."""
        s = cell.style
        empty_px, taken_px = _DIMS[self._size]["font"]
        if owner is None:
            s.button_color, s.text_color, s.font_size, s.font_weight = (PALETTE["mahogany_light"], PALETTE["ivory"],
                                                                        f"{empty_px}px", "normal")
            cell.layout.border = f"2px dashed {PALETTE['ivory']}"
        elif owner is Side.ONYX:
            s.button_color, s.text_color, s.font_size, s.font_weight = (PALETTE["ink"], PALETTE["ivory"],
                                                                        f"{taken_px}px", "bold")
            cell.layout.border = f"2px solid {PALETTE['ink']}"
        else:
            s.button_color, s.text_color, s.font_size, s.font_weight = (PALETTE["ivory"], PALETTE["ink"],
                                                                        f"{taken_px}px", "bold")
            cell.layout.border = f"4px solid {PALETTE['ink']}"

    def draw_clock(self, controller: GameOf15Controller) -> None:
        """Redraw only the blitz clock line (the timer's ticks), e.g. ``Clock: Onyx 0:58.0 · Ivory 1:00.0``.

        Raises InvalidArgumentError unless ``controller`` is a GameOf15Controller.
        """
        if not isinstance(controller, GameOf15Controller):
            raise InvalidArgumentError("controller must be a GameOf15Controller", input=_check.short(controller))
        m = controller.match
        clock = m.clock
        if clock is None:
            self.clock_view.value = ""
            return
        acting = m.acting_side
        parts = []
        for side in Side:
            secs = clock[side]
            text = f"{side.title} {int(secs // 60)}:{secs % 60:04.1f}"
            parts.append(f"<b>▶ {text}</b>" if side is acting else text)
        self.clock_view.value = "Clock: " + " &nbsp;·&nbsp; ".join(parts)

    def _draw_achievements(self, c: GameOf15Controller) -> None:
        # the rulebook's achievements (1.4) are an expert's: a lesson's board does not show them
        m = c.match
        if not m.is_over or not c.expert:
            self.achievements_view.value = ""
            return
        rows = []
        for side, a in m.achievements.items():
            rows.append(f"<tr><td>{side.title}</td><td>{a.round_wins}</td><td>{m.scores[side]}</td>"
                        f"<td>{a.efficiency_wins}</td><td>{a.defensive_lockouts}</td>"
                        f"<td>{'★ yes' if a.flawless_match_set else '—'}</td></tr>")
        self.achievements_view.value = (
            "<table class='f15-achievements'>"
            "<tr><th>Achievements</th><th>rounds won</th><th>points</th><th>efficiency wins</th>"
            "<th>defensive lockouts</th><th>flawless match set</th></tr>" + "".join(rows) + "</table>")

    def _draw_hints(self, c: GameOf15Controller) -> None:
        m = c.match
        r = m.round
        show = self.hints_box.value and m.rules.practice and not m.rules.blind and not self.hints_wait()
        live = not r.is_over and not m.turn_open
        values = move_evaluations(r) if show and live else {}
        for d, label in self.hint_labels.items():
            v = values.get(d)
            label.layout.display = "" if show else "none"
            if v is None:
                label.value = ""
                continue
            text = escape(v.describe().replace(" in ", " "))  # 'win 2': fits under a tile
            label.value = f"<span class='f15-hint-{v.outcome}'>{_HINT[v.outcome]} {text}</span>"
        if show and not r.is_over:
            lines = []
            for side in Side:
                t = sorted(threats(r.rack(side), r.pool))
                lines.append(f"{side.title} threatens: {', '.join(map(str, t)) if t else '—'}")
            self.threats_view.value = " &nbsp;·&nbsp; ".join(lines)
        else:
            self.threats_view.value = ""
