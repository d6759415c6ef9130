"""The dice board's views: every widget of :class:`~fifteen_kit.widgets.DiceBoard` and its drawing.

:class:`DiceSetupPanel` is the "Players and variants" panel (the seats, the variants, the goal boards typed one
a line, and the note that says when they differ from the game being played); :class:`DiceView` builds the rest
(the status and message lines, the goal board, the dice, the buttons, the coach's card, the score pad, the
options), holds the panel, and :meth:`DiceView.draw` redraws everything from a
:class:`~fifteen_kit.widgets.nasty15_controller.DiceController`.  They decide nothing: what is allowed, who
plays, what it scores and what to say are the controller's and the engine's.  Their look comes from the kit's
one style sheet (:func:`~fifteen_kit.widgets.style.style_sheet`, the ``n15-`` classes) and from public style
and layout traits.

>>> view = DiceView()
>>> view.draw(DiceController([("You", "human"), ("Computer", "optimal")], seed=4))
>>> view.roll_button.disabled, view.dice[Colour.BLUE].description
(False, 'B')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.nasty15.boards import (
    COLOURS,
    MAX_NAME,
    Colour,
    GoalBoard,
    check_board_pairs,
    default_boards,
    format_boards,
    parse_boards,
)
from fifteen_kit.nasty15.game import MARKERS, MAX_PLAYERS, OPTIONS, check_player_count, check_player_name
from fifteen_kit.svg import dice_goal_board

from ._looks import Looks
from .common import sentence
from .nasty15_controller import (
    COMPUTER_SPEEDS,
    SEAT_KINDS,
    ComputerSpeed,
    DiceController,
    SeatKind,
    _points,
    _seat_kind,
    _subject,
    check_seats,
)
from .palette import PALETTE, Size, check_size
from .style import style_sheet

__all__ = ["GOAL_DIE_PX", "DiceSetupPanel", "DiceView"]

#: The speeds as the "Computer speed" menu names them.
_SPEED_NAMES: dict[ComputerSpeed, str] = {"step": "Step (press Next step)", "slow": "Slow", "fast": "Fast",
                                          "instant": "Instant"}
#: Each die button's face: (text colour, face colour), names in the palette (each pair in TEXT_PAIRS).
_DIE_FACE: dict[Colour, tuple[str, str]] = {
    Colour.BLUE: ("ivory", "blue"), Colour.YELLOW: ("ink", "yellow"), Colour.BLACK: ("ivory", "ink"),
    Colour.WHITE: ("ink", "white"), Colour.GREEN: ("ink", "green"), Colour.RED: ("ivory", "die_red")}
#: A placed die's button: the die has left the table for the goal board.
_PLACED_FACE = ("ivory", "slate_light")
#: The goal board drawing's die side (px) in each size: its column labels are 0.4 x that, at least TEXT_PX.
GOAL_DIE_PX: dict[Size, int] = {"normal": 40, "large": 64}
#: Every input's visible label (its description), which names it to a screen reader too.
_LABEL = {"description_width": "initial"}
_DEFAULT_SEATS: tuple[tuple[str, SeatKind], ...] = (("You", "human"), ("Computer", "optimal"))


def _alert(err: FifteenKitError) -> str:
    return f"<span class='n15-note-alert'>{escape(sentence(err.message))}</span>"


class DiceSetupPanel(w.VBox):
    """The "Players and variants" panel: seats, variants and goal boards for the **next** game (no rule here).

    Args:
        seats: ``(name, kind)`` pairs, 1 to 6 (kinds from :data:`~fifteen_kit.widgets.nasty15_controller.SEAT_KINDS`).
        boards: the checked goal boards, (base side, back side) pairs; None for the kit's set.
        handicap, gambler, backs_sum_to_15: the variants' boxes, ticked or not.
        looks: the board's shared layouts and styles (None: the panel's own).

    A toggle button opens the panel.  Its note says how many seats there are, the handicap markers in play and,
    after :meth:`mark_played`, when the panel differs from the game being played; ``on_say`` (if set) gets
    the message line's text of the "Check boards" button.  Raises InvalidArgumentError for bad arguments.

    >>> panel = DiceSetupPanel([("Ann", "human")])
    >>> panel.add_seat(); panel.seats()
    [('Ann', 'human'), ('Player 1', 'human')]
    """

    def __init__(self, seats: Iterable[tuple[str, SeatKind]] = _DEFAULT_SEATS,
                 boards: tuple[tuple[GoalBoard, GoalBoard], ...] | None = None, *, handicap: bool = False,
                 gambler: bool = False, backs_sum_to_15: bool = False, looks: Looks | None = None) -> None:
        seats = check_seats(seats)
        for value, what in ((handicap, "handicap"), (gambler, "gambler"), (backs_sum_to_15, "backs_sum_to_15")):
            OPTIONS[what].check(value)
        pool = default_boards() if boards is None else check_board_pairs(boards, "boards", backs_sum_to_15)
        if looks is not None and not isinstance(looks, Looks):
            raise InvalidArgumentError("looks must be a Looks (or None)", input=_check.short(looks))
        looks = looks if looks is not None else Looks()
        super().__init__(layout=looks.layout())
        self.add_class("n15-setup")
        self._pool = pool
        self._played: tuple[object, ...] | None = None  # the panel as the game being played started
        #: Called with the message line's text after "Check boards" (the board's controller says it).
        self.on_say: Callable[[str], None] | None = None
        # layouts are shared by the seats' widgets: fewer widgets to build, a faster board (sizes in em follow the
        # board's text size)
        self._layouts = {"name": looks.layout(width="13em"), "kind": looks.layout(width="11em"),
                         "auto": looks.layout(width="auto")}
        self._box = {"layout": looks.layout()}
        text = {"layout": looks.layout(), "style": looks.html()}
        self._button = {"layout": looks.layout(), "style": looks.button()}
        self.seat_names: list[w.Text] = []
        self.seat_kinds: list[w.Dropdown] = []
        self.seat_rows = w.VBox(**self._box)
        self.add_seat_button = w.Button(description="Add seat", icon="plus", **self._button,
                                        tooltip="Add a seat (at most 6); it plays from the next game on")
        self.add_seat_button.add_class("n15-action")
        self.add_seat_button.on_click(lambda _b: self._add_clicked())
        for name, kind in seats:
            self._append_seat(name, kind)
        self.handicap_box, self.gambler_box, self.backs_box = (
            w.Checkbox(value=value, description=OPTIONS[name].title, tooltip=OPTIONS[name].help, indent=False,
                       layout=self._layouts["auto"])
            for name, value in (("handicap", handicap), ("gambler", gambler), ("backs_sum_to_15", backs_sum_to_15)))
        self.boards_text = w.Textarea(value=format_boards(pool), rows=6, layout=w.Layout(width="100%"),
                                      description="Boards", style=_LABEL,
                                      placeholder="name: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1",
                                      tooltip="One goal board a line: base side (6 dice) / back side (5 dice)")
        self.load_boards_button = w.Button(description="Check boards", icon="check", **self._button,
                                           tooltip="Check the boards typed above (they play from the next game)")
        self.load_boards_button.on_click(lambda _b: self._load_boards_clicked())
        self.load_boards_button.add_class("n15-action")
        self.kit_boards_button = w.Button(description="Kit's boards", icon="undo", **self._button,
                                          tooltip="Put the kit's 15 boards back in the box above")
        self.kit_boards_button.on_click(lambda _b: self._reset_boards())
        self.kit_boards_button.add_class("n15-action")
        self.boards_note = w.HTML(**text)
        self.setup_note = w.HTML(**text)
        for box in (self.handicap_box, self.gambler_box, self.backs_box):
            box.observe(lambda _c: self.refresh(), names="value")
        self.boards_text.observe(lambda _c: self.refresh(), names="value")
        body = w.VBox([
            w.HTML("<b>Seats</b> (1 to 6; the handicap variant needs 2 or more)", **text), self.seat_rows,
            self.add_seat_button,
            w.HBox([self.handicap_box, self.gambler_box, self.backs_box], **self._box),
            w.HTML("<b>Goal boards</b>, one a line: <code>name: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1</code> "
                   "(base side: six targets summing to 15; back side: five, no white). "
                   "Copy the text to save your set; paste it to load it.", **text),
            self.boards_text, w.HBox([self.load_boards_button, self.kit_boards_button], **self._box), self.boards_note,
            w.HTML("Changes here apply to the <b>next</b> game: <b>New game</b> ends the game in progress "
                   "(its score pad is dropped) and starts one with these seats, variants and boards.", **text),
            self.setup_note,
        ])
        body.add_class("n15-setup-body")
        # a toggle button opens the panel (a real button: Tab and Enter/Space reach it, unlike a collapse header)
        self.setup_toggle = w.ToggleButton(description="Players and variants", icon="caret-right",
                                           tooltip="Show or hide the seats, variants and goal boards")
        self.setup_toggle.add_class("n15-action")
        self.setup_toggle.add_class("n15-setup-toggle")
        body.layout.display = "none"
        self.setup_toggle.observe(lambda _c: self._show(), names="value")
        self.children = [self.setup_toggle, body]

    def _show(self) -> None:
        self.children[1].layout.display = "" if self.setup_toggle.value else "none"
        self.setup_toggle.icon = "caret-down" if self.setup_toggle.value else "caret-right"

    # -- seats --------------------------------------------------------------------------------------
    def _append_seat(self, name: str, kind: str) -> None:
        text = w.Text(value=name, description="Name", layout=self._layouts["name"], placeholder="name",
                      style=_LABEL, tooltip=f"The player's name (1 to {MAX_NAME} characters)")
        drop = w.Dropdown(options=SEAT_KINDS, value=kind, description="plays", layout=self._layouts["kind"],
                          style=_LABEL, tooltip="A human, or one of the computer players")
        remove = w.Button(description="Remove", icon="minus", tooltip="Remove this seat (from the next game on)",
                          **self._button)
        remove.add_class("n15-action")
        remove.on_click(lambda _b, text=text: self._remove_clicked(text))
        text.observe(lambda _c: self.refresh(), names="value")
        drop.observe(lambda _c: self.refresh(), names="value")
        self.seat_names.append(text)
        self.seat_kinds.append(drop)
        row = w.HBox([text, drop, remove], **self._box)
        row.add_class("n15-row")
        self.seat_rows.children = (*self.seat_rows.children, row)
        self.refresh()

    def add_seat(self, name: str | None = None, kind: SeatKind = "human") -> None:
        """Add a seat (it plays from the next game: press New game).

        ``name`` None picks "Player n".  Raises InvalidArgumentError for a seventh seat, a name that is not
        text of 1 to 40 characters or is already seated, or a kind outside :data:`SEAT_KINDS`.
        """
        check_player_count(len(self.seat_names) + 1)  # the engine's rules for the players of a game
        taken = [t.value for t in self.seat_names]
        if name is None:
            name = next(f"Player {i}" for i in range(1, 8) if f"Player {i}" not in {n.strip() for n in taken})
        check_player_name(name, taken)
        self._append_seat(name, _seat_kind(kind))

    def remove_seat(self, index: int) -> None:
        """Remove seat ``index`` (from 0; from the next game on; at least one stays).

        Raises InvalidArgumentError for an index that is not a seat, or for the last seat.
        """
        _check.whole(index, 0, len(self.seat_names) - 1, "the seat to remove")
        check_player_count(len(self.seat_names) - 1)
        del self.seat_names[index]
        del self.seat_kinds[index]
        rows = list(self.seat_rows.children)
        del rows[index]
        self.seat_rows.children = tuple(rows)
        self.refresh()

    def _add_clicked(self) -> None:
        # the Add seat button (disabled at six seats; a click that gets through anyway is answered on the board)
        try:
            self.add_seat()
        except FifteenKitError as err:
            self.setup_note.value = _alert(err)

    def _remove_clicked(self, text: w.Text) -> None:
        # a seat's Remove button (disabled on the last seat; a click that gets through anyway is answered on
        # the board, never lost in a log)
        if text not in self.seat_names:  # a second click on a seat already removed
            return
        try:
            self.remove_seat(self.seat_names.index(text))
        except FifteenKitError as err:
            self.setup_note.value = _alert(err)

    def seats(self) -> list[tuple[str, SeatKind]]:
        """The seats as typed, ``(name, kind)`` pairs in seat order (names without spaces at either end)."""
        return [(n.value.strip(), _seat_kind(k.value)) for n, k in zip(self.seat_names, self.seat_kinds, strict=True)]

    # -- boards -------------------------------------------------------------------------------------
    def _load_boards_clicked(self) -> None:
        # the Check boards button: a mistake in the typed boards is said on the board (a click cannot show an
        # exception), naming the line, board, side and colour
        try:
            self.load_boards(self.boards_text.value)
        except FifteenKitError as err:
            self.boards_note.value = _alert(err)
            said = "The boards were not loaded: " + sentence(err.message)
        else:
            said = "The boards are checked: they play from the next game (press New game)."
        if self.on_say is not None:
            self.on_say(said)

    @property
    def goal_board_pairs(self) -> tuple[tuple[GoalBoard, GoalBoard], ...]:
        """The checked goal boards (base side, back side) that new games are dealt from."""
        return self._pool

    @goal_board_pairs.setter
    def goal_board_pairs(self, pool: tuple[tuple[GoalBoard, GoalBoard], ...]) -> None:
        """Keep ``pool`` as the checked boards (a new game was dealt from them); the box keeps its text."""
        self._pool = check_board_pairs(pool, "boards", self.backs_box.value)

    def load_boards(self, text: str) -> None:
        """Check ``text`` as a set of goal boards (one a line, as :func:`~fifteen_kit.nasty15.boards.parse_boards`
        reads them) and keep it for the next game.

        Raises NotationError (or InvalidArgumentError) naming the line, board, side and colour of the first
        mistake, and then changes nothing.  (The "Check boards" button shows that message on the board.)
        """
        pool = parse_boards(text, self.backs_box.value)
        self._pool = pool
        if self.boards_text.value != text:
            self.boards_text.value = text
        self.boards_note.value = escape(f"{len(pool)} board{'s' if len(pool) != 1 else ''} checked; they play "
                                        "from the next game.")
        self.refresh()

    def save_boards(self) -> str:
        """The checked set of goal boards as text (one a line; :meth:`load_boards` reads it back)."""
        return format_boards(self._pool)

    def _reset_boards(self) -> None:
        self.boards_text.value = format_boards(default_boards())
        self.load_boards(self.boards_text.value)

    # -- the note -----------------------------------------------------------------------------------
    def _now(self) -> tuple[object, ...]:
        return (tuple(self.seats()), self.handicap_box.value, self.gambler_box.value, self.backs_box.value,
                self.boards_text.value)

    def mark_played(self) -> None:
        """Remember the panel as it is as the game being played (a new game has just started from it)."""
        self._played = self._now()

    def refresh(self) -> None:
        """Redraw the seat buttons and the note (seats, markers in play, "not the game being played")."""
        if self._played is None:
            return
        n = len(self.seat_names)
        self.add_seat_button.disabled = n >= MAX_PLAYERS
        for row in self.seat_rows.children:
            row.children[2].disabled = n <= 1
        markers = MARKERS.get(n) if self.handicap_box.value else None
        text = f"{n} seat{'s' if n != 1 else ''}"
        if markers:
            text += f"; handicap markers in play: {' + '.join(map(str, markers))}"
        if self._now() != self._played:
            text += ". <b>Not the game being played: press New game to start it.</b>"
        self.setup_note.value = text
        # the box shows every line of the boards (no scroll bar inside the board), up to 16 of them
        self.boards_text.rows = max(3, min(16, self.boards_text.value.count("\n") + 1))


class DiceView(w.VBox):
    """Every widget of the dice board, laid out; :meth:`draw` shows a controller.  Nothing here checks a rule.

    Args:
        seats, boards, handicap, gambler, backs_sum_to_15: the "Players and variants" panel's first contents
            (see :class:`DiceSetupPanel`).
        coach: the Coach box ticked or not; ``computer_speed``: the "Computer speed" menu's choice.
        size: ``"normal"`` (text at least 16 px) or ``"large"`` (projector size: text at least 22 px).

    The widgets are attributes (``dice``, ``roll_button``, ``stop_button``, ``next_button``, ``step_button``,
    ``new_game_button``, ``coach_box``, ``speed_menu``, ``status``, ``message``, ``goal``, ``pad``...), and the
    panel's too (``seat_names``, ``handicap_box``, ``boards_text``...); a board wires their clicks to its
    controller.  Raises InvalidArgumentError for bad arguments.

    >>> DiceView(size="large").size
    'large'
    """

    def __init__(self, seats: Iterable[tuple[str, SeatKind]] = _DEFAULT_SEATS,
                 boards: tuple[tuple[GoalBoard, GoalBoard], ...] | None = None, *, handicap: bool = False,
                 gambler: bool = False, backs_sum_to_15: bool = False, coach: bool = False,
                 computer_speed: ComputerSpeed = "instant", size: Size = "normal") -> None:
        self._size: Size = check_size(size)
        speed = _check.choice(computer_speed, COMPUTER_SPEEDS, "computer_speed")
        _check.flag(coach, "coach")
        # widgets whose layout and style never change share one of each: a third fewer widgets to build, so the
        # board appears sooner (the dice, the Next step button and the coach's card change theirs: their own)
        looks = Looks()
        super().__init__()
        self._drawn: DiceController | None = None
        self.add_class("n15-board")
        self.add_class("kit-board")
        self.setup_panel = panel = DiceSetupPanel(seats, boards, handicap=handicap, gambler=gambler,
                                                  backs_sum_to_15=backs_sum_to_15, looks=looks)
        # the panel's widgets, as attributes of the board too
        self.seat_names, self.seat_kinds, self.seat_rows = panel.seat_names, panel.seat_kinds, panel.seat_rows
        self.add_seat_button, self.setup_toggle, self.setup_note = panel.add_seat_button, panel.setup_toggle, \
            panel.setup_note
        self.handicap_box, self.gambler_box, self.backs_box = panel.handicap_box, panel.gambler_box, panel.backs_box
        self.boards_text, self.boards_note = panel.boards_text, panel.boards_note
        self.load_boards_button, self.kit_boards_button = panel.load_boards_button, panel.kit_boards_button
        box = {"layout": looks.layout()}
        text = {"layout": looks.layout(), "style": looks.html()}
        button = {"layout": looks.layout(), "style": looks.button()}
        auto = looks.layout(width="auto")
        self.new_game_button = w.Button(description="New game", icon="refresh", **button,
                                        tooltip="End this game and start a new one with the seats, variants "
                                                "and boards of Players and variants")
        self.new_game_button.add_class("n15-action")
        self.new_game_button.add_class("n15-new")
        # -- play -----------------------------------------------------------------------------------
        self.status = w.HTML(**text)
        self.status.add_class("n15-status")
        self.message = w.HTML(**text)
        self.message.add_class("n15-msg")
        self.goal = w.HTML(**text)
        self.goal.add_class("n15-goal")
        self.dice: dict[Colour, w.Button] = {}
        for c in COLOURS:
            b = w.Button(description=c.value, tooltip=f"{c.title} die")
            b.add_class("n15-die")
            self.dice[c] = b
        self.roll_button = w.Button(description="Roll", icon="dice", tooltip="Roll every die not yet placed",
                                    **button)
        self.stop_button = w.Button(description="Stop and score", icon="hand-paper-o", **button,
                                    tooltip="End your turn and score the placed dice")
        self.next_button = w.Button(description="Next player", icon="forward", tooltip="Write the score, pass on",
                                    **button)
        self.step_button = w.Button(description="Next step", icon="step-forward", style=button["style"],
                                    tooltip="Show the next move (a worked example, or the computer's turn)")
        for b in (self.roll_button, self.stop_button, self.next_button, self.step_button):
            b.add_class("n15-action")
        self.roll_button.add_class("n15-roll")
        self.coach_box = w.Checkbox(value=coach, description="Coach", indent=False, layout=auto,
                                    tooltip="Show what optimal play expects from each choice")
        self.size_toggle = w.ToggleButton(value=self._size == "large", description="Projector size", icon="expand",
                                          tooltip="Large text for a projector (and back)")
        self.size_toggle.add_class("n15-action")
        self.size_toggle.observe(lambda change: setattr(self, "size", "large" if change["new"] else "normal"),
                                 names="value")
        # a menu, not four toggles: one line on the board, and Tab then the arrow keys choose
        self.speed_menu = w.Dropdown(options=[(_SPEED_NAMES[s], s) for s in COMPUTER_SPEEDS], value=speed,
                                     description="Computer speed", style=_LABEL, layout=auto,
                                     tooltip="How the computer's turns are shown: one move each time you press "
                                             "Next step, one move every few moments (Slow, Fast), or all at once")
        self.coach = w.HTML()
        self.verdict = w.HTML()
        self.coach_card = w.VBox([self.coach, self.verdict])  # the coach's notes: ink on an ivory card
        self.coach_card.add_class("n15-coach")
        self.pad = w.HTML(**text)
        self.pad.add_class("n15-pad")
        # beside the goal board the buttons stack; below it (a narrow page) they wrap in rows
        actions = w.HBox([self.step_button, self.roll_button, self.stop_button, self.next_button,
                          self.new_game_button], **box)
        actions.add_class("n15-actions")
        options = w.HBox([self.coach_box, self.size_toggle, self.speed_menu], **box)
        options.add_class("n15-actions")
        rows = [w.HBox([self.goal, actions], **box), w.HBox(list(self.dice.values()), **box),
                self.coach_card, w.HBox([self.pad, options], **box)]
        for row in (rows[0], rows[1], rows[3]):  # rows wrap on a narrow page rather than cut anything off
            row.add_class("n15-row")
        self.children = [style_sheet(), self.status, self.message, *rows, panel]
        if self._size == "large":
            self.add_class("kit-large")

    # -- size ---------------------------------------------------------------------------------------
    @property
    def size(self) -> Size:
        """The board's size: ``"normal"`` or ``"large"`` (projector size).  Setting it redraws the board (and sets
        the "Projector size" toggle); raises InvalidArgumentError for any other value."""
        return self._size

    @size.setter
    def size(self, value: Size) -> None:
        """Switch the board to ``value`` (raises InvalidArgumentError for anything but "normal" or "large")."""
        self._size = check_size(value)
        if self._size == "large":
            self.add_class("kit-large")
        else:
            self.remove_class("kit-large")
        if self.size_toggle.value != (self._size == "large"):
            self.size_toggle.value = self._size == "large"
        if self._drawn is not None:
            self.draw(self._drawn)

    # -- drawing ------------------------------------------------------------------------------------
    def _check_controller(self, controller: DiceController) -> DiceController:
        if not isinstance(controller, DiceController):
            raise InvalidArgumentError("controller must be a DiceController", input=_check.short(controller))
        return controller

    def draw_message(self, controller: DiceController) -> None:
        """Redraw only the message line from ``controller`` (its :attr:`~DiceController.message`).

        Raises InvalidArgumentError unless ``controller`` is a DiceController.
        """
        self.message.value = escape(self._check_controller(controller).message)

    def draw_tumble(self, faces: dict[Colour, int]) -> None:
        """One frame of a roll's animation: each tumbling die shows the face ``faces[colour]`` (0..5).

        Raises InvalidArgumentError unless ``faces`` maps colours to whole numbers 0..5.

        >>> v = DiceView(); v.draw_tumble({Colour.RED: 5}); v.dice[Colour.RED].description
        'R\u20096'
        """
        if not isinstance(faces, dict):
            raise InvalidArgumentError("faces map colours to faces 0..5", input=_check.short(faces))
        for c, face in faces.items():
            if not isinstance(c, Colour):
                raise InvalidArgumentError("faces map colours to faces 0..5", input=_check.short(c))
            _check.whole(face, 0, 5, "a die's face (0..5)")
        for c, face in faces.items():
            self.dice[c].description = f"{c.value}\u2009{face + 1}"

    def draw(self, controller: DiceController) -> None:
        """Redraw everything from ``controller`` (its game, seats, example, coach and message line).

        Raises InvalidArgumentError unless ``controller`` is a DiceController.
        """
        self._drawn = c = self._check_controller(controller)
        g = c.game
        t = g.turn
        example = c.example
        if example is not None:
            steps = len(example.steps)
            self.status.value = (f"<b>Worked example: {escape(example.title)} · {escape(example.player)} · step "
                                 f"{c.example_shown} of {steps}</b> · placed: {_points(t.pips)}"
                                 + ("" if t.is_over else f"; stopping now scores {_points(t.stop_score())}")
                                 + (f"; the turn scores {_points(t.score or 0)}" if t.is_over else ""))
        elif g.is_over:
            winners = g.winners()
            verb = "win" if len(winners) > 1 or _subject(winners[0])[1] == "" else "wins"
            self.status.value = f"<b>Game over: {escape(' and '.join(winners))} {verb}!</b>"
        else:
            kind = c.kind(g.player)
            who = g.player if kind == "human" else f"{g.player} ({kind} computer)"
            marker = f" · white marker {g.markers[g.player]}" if g.handicap else ""
            self.status.value = (f"<b>Board {g.board_number} of {g.rounds} · {escape(who)}{marker}</b> · "
                                 f"placed: {_points(t.pips)}; "
                                 + (f"the turn scores {_points(t.score or 0)}" if t.is_over
                                    else f"stopping now scores {_points(t.stop_score())}"))
        self.goal.value = dice_goal_board(t.targets, t.placed, size=GOAL_DIE_PX[self._size],
                                          title=f"goal board {g.board.notation()}")
        valid = set(t.valid_colours())
        for i, colour in enumerate(COLOURS):
            b = self.dice[colour]
            b.remove_class("n15-valid")
            b.remove_class("n15-placed")
            value = t.placed[i] if t.placed[i] is not None else t.rolled[i]
            b.description = f"{colour.value}\u2009{value}" if value else colour.value  # the pips as a digit: big
            ink, face = _DIE_FACE[colour]
            if t.placed[i] is not None:
                ink, face = _PLACED_FACE
                b.add_class("n15-placed")
                b.tooltip = f"{colour.title}: placed ({t.placed[i]})"
            elif colour in valid:
                b.add_class("n15-valid")
                b.tooltip = f"{colour.title} shows {t.rolled[i]} (target {t.targets[i]}): click to place"
            else:
                b.tooltip = f"{colour.title} die (target {t.targets[i]})"
            b.style.button_color, b.style.text_color = PALETTE[face], PALETTE[ink]
        self.roll_button.disabled = not c.may_roll
        self.stop_button.disabled = not c.may_stop
        self.next_button.disabled = not c.human_to_act or not t.is_over
        self.step_button.disabled = not c.can_step
        self.step_button.layout.display = "" if example is not None or c.computer_speed != "instant" else "none"
        # the coach's words are plain text ('' for none): shown as text
        self.coach.value = escape(c.coach_text(), quote=False)
        self.verdict.value = escape(c.verdict) if c.coach else ""
        for view in (self.coach, self.verdict):
            view.layout.display = "" if view.value else "none"
        self.coach_card.layout.display = "" if self.coach.value or self.verdict.value else "none"
        self.message.value = escape(c.message)
        self._draw_pad(c)
        self.setup_panel.refresh()

    def _draw_pad(self, c: DiceController) -> None:
        # one row a player, one column a board (short and wide: it fits beside the controls)
        g = c.game
        totals = g.totals()
        head = "".join(f"<th>{board}</th>" for board in range(1, g.rounds + 1))
        rows = []
        for p in g.players:
            cells = []
            for board in range(1, g.rounds + 1):
                entry = next((e for e in g.pad if e.board == board and e.player == p), None)
                now = not g.is_over and board == g.board_number and p == g.player
                cells.append(f"<td class='{'now' if now else ''}'>{'' if entry is None else entry.points}</td>")
            rows.append(f"<tr><th class='n15-name'>{escape(p)}</th>{''.join(cells)}<th>{totals[p]}</th></tr>")
        self.pad.value = (f"<table aria-label='score pad'><tr><th class='n15-name'>Board</th>{head}<th>Total</th>"
                          f"</tr>{''.join(rows)}</table>")
