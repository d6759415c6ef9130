"""The "15" dice game board: a whole game for humans and computer players, with an exact coach.

The board holds one :class:`~fifteen_kit.nasty15.game.Game` and redraws from it;
every rule is the engine's.  What it offers:

* players and variants in the "Players and variants" panel: 1 to 6 seats (2 to 6
  for the handicap variant), each a human or any computer player of the engine
  (cautious, greedy, optimal), added with "Add seat" and removed with each seat's
  "Remove" button; handicap and gambler variants; the goal boards, the kit's set
  or the boards of your own copy typed one a line (:func:`fifteen_kit.nasty15.boards.parse_boards`);
* **changes in that panel apply to the next game only**: pressing "New game"
  ends the game in progress (its score pad is dropped) and starts a new one with
  the seats, variants and boards shown; the panel says so, and says when it
  differs from the game being played;
* the handicap markers in play follow the number of seats (rulebook table) and
  are reassigned by the engine before every board;
* the goal board with each colour's target die and the dice placed on it;
* a Roll button and the six dice drawn as die faces in their colours, each with
  its colour's letter; valid dice are ringed, click one to place it; Stop;
* the score pad of all players and boards;
* a coach: on demand, what each choice is worth in points on average with the best
  play after it (the exact expected score; ``coach_words="expected"`` says so), and
  after each decision a verdict that names the whole best action ("place green, then
  roll on") and which part of the pupil's choice cost points (the dice, or stopping /
  rolling on); the verdict clears when the next turn or game starts;
* the computer's turns shown at a speed the pupil sets ("Computer speed": Step, Slow,
  Fast, Instant): each roll, the dice placed and the decision to roll on or stop, with
  its reason ("stops: rolling on would average 9.20 points, stopping scores 11");
* the rules' worked examples (:data:`~fifteen_kit.nasty15.examples.WORKED_EXAMPLES`)
  replayed step by step with "Next step" (:meth:`DiceBoard.from_example`);
* a message line that always says what to do now (press Roll, click a ringed die,
  press Next player, press Next step; at the end: who won, the scores, and "Press New game");
* a "Projector size" toggle (and the ``size`` option): text of at least 16 px, or 22 px
  and a board that fills a 1024x768 screen; colours from :mod:`~fifteen_kit.widgets.palette`;
  every control is a button, so Tab and Enter/Space play a whole game.

Rolling shows a short asyncio animation (no threads, no sleeping) when an event
loop runs; without one (tests, plain Python) the roll lands at once.  The slow and
fast computer speeds use an asyncio task the same way; without an event loop they
play at once.

Optimal play is solved ahead when an event loop runs: when a game starts, the
policy of every board and every handicap marker in play is solved in short steps
of an asyncio task, the board in play first (the board appears at once and no
click waits for the solver: a computer whose policy is not ready yet plays as
soon as it is, and the coach says "solving").  Without an event loop a policy is
solved when it is first needed (only the boards played are ever solved).

>>> board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=4)
>>> board.roll_button.click()
>>> board.game.turn.phase.value in ("P", "B")
True
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from fractions import Fraction
from html import escape
from typing import Literal

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from fifteen_kit import _check
from fifteen_kit.chance import MAX_SEED, make_rng
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
from fifteen_kit.nasty15.examples import WORKED_EXAMPLES, WorkedExample
from fifteen_kit.nasty15.game import MARKERS, MAX_PLAYERS, Game, check_player_count, check_player_name
from fifteen_kit.nasty15.players import PLAYERS, CautiousPlayer, GreedyPlayer, OptimalPlayer, make_player
from fifteen_kit.nasty15.policy import OptimalPolicy, policy_for
from fifteen_kit.nasty15.rules import Decision, Phase, Turn
from fifteen_kit.svg import dice_goal_board

from .common import sentence
from .palette import PALETTE, Size, check_size
from .results import Recorded, Recorder
from .style import style_sheet

__all__ = ["COACH_WORDS", "COMPUTER_SPEEDS", "GOAL_DIE_PX", "SEAT_KINDS", "CoachWords", "ComputerSpeed", "DiceBoard",
           "SeatKind"]

#: Who sits in a seat: a human, or one of the computer players (:data:`~fifteen_kit.nasty15.players.PLAYERS`).
SeatKind = Literal["human", "cautious", "greedy", "optimal"]
#: The seat kinds, for the menus.
SEAT_KINDS: tuple[SeatKind, ...] = ("human", *PLAYERS)

#: How fast the computer's turns are shown: ``"step"`` (one move each time Next step is pressed), ``"slow"`` and
#: ``"fast"`` (a move every 1.5 s or 0.5 s, when an event loop runs), ``"instant"`` (whole turns at once).
ComputerSpeed = Literal["step", "slow", "fast", "instant"]
#: The speeds, in the order the "Computer speed" buttons offer them.
COMPUTER_SPEEDS: tuple[ComputerSpeed, ...] = ("step", "slow", "fast", "instant")
#: How the coach says its numbers: ``"average"`` ("13.74 points on average", before expected value is taught) or
#: ``"expected"`` ("expected final score 13.74").
CoachWords = Literal["average", "expected"]
#: The coach's wordings.
COACH_WORDS: tuple[CoachWords, ...] = ("average", "expected")
#: The speeds as the "Computer speed" menu names them.
_SPEED_NAMES: dict[ComputerSpeed, str] = {"step": "Step (press Next step)", "slow": "Slow", "fast": "Fast",
                                          "instant": "Instant"}
#: Seconds between two of the computer's moves at the timed speeds.
_DELAY: dict[ComputerSpeed, float] = {"slow": 1.5, "fast": 0.5}

_ROLL, _STOP = Decision("roll"), Decision("stop")

_FACES = "⚀⚁⚂⚃⚄⚅"


#: Each die button's face: (text colour, face colour), names in the palette (each pair in TEXT_PAIRS).
_DIE_FACE: dict[Colour, tuple[str, str]] = {
    Colour.BLUE: ("ivory", "blue"), Colour.YELLOW: ("ink", "yellow"), Colour.BLACK: ("ivory", "ink"),
    Colour.WHITE: ("ink", "white"), Colour.GREEN: ("ink", "green"), Colour.RED: ("ivory", "die_red")}
#: A placed die's button: the die has left the table for the goal board.
_PLACED_FACE = ("ivory", "slate_light")
#: The goal board drawing's die side (px) in each size: its column labels are 0.4 x that, at least TEXT_PX.
GOAL_DIE_PX: dict[Size, int] = {"normal": 40, "large": 64}


def _points(n: int, unit: str = "point") -> str:
    """``n`` points (or other ``unit``) with the plural right: '1 point', '2 points'."""
    return f"{n} {unit}{'' if n == 1 else 's'}"


def _your_turn(name: str) -> str:
    """Whose turn, said to the pupil: 'Your turn' for the seat called You, else 'Anna, your turn'."""
    return "Your turn" if name.strip().lower() == "you" else f"{name}, your turn"


def _subject(name: str) -> tuple[str, str]:
    """(subject, verb ending) so that 'You stop' and 'Anna stops' both read right."""
    return ("You", "") if name.strip().lower() == "you" else (name, "s")


_SOLVE_SLICE = 0.02  # seconds of solving between two returns to the event loop


class DiceBoard(Recorded, w.VBox):
    """An interactive board for a whole game of "15" (see the module docstring).

    Args:
        players: seats as ``(name, kind)`` pairs, 1 to 6 of them (names of 1 to 40 characters), kind
            ``'human'`` or a computer player name (:data:`SEAT_KINDS`).
        handicap, gambler: the variants.
        seed: a whole number that seeds the board draw and every roll (the same seed gives the same game), or
            None for a fresh random game.  (Not a ``random.Random``: the board draws its rolling animation
            from its own generator, so a shared one would change the game.)
        coach: show the coach's numbers from the start.
        boards: the goal boards to draw from: None for the kit's set, text in the format of
            :func:`~fifteen_kit.nasty15.boards.parse_boards`, or (base side, back side) pairs.
        backs_sum_to_15: refuse back sides that do not sum to 15 (the other reading of the Objective).
        size: ``"normal"`` (text at least 16 px; fits JupyterLab beside its file browser on a 1024x768 screen) or
            ``"large"`` (projector size: text at least 22 px, the board fills a 1024x768 screen); the board's
            "Projector size" toggle and the settable :attr:`size` switch between them.
        computer_speed: how the computer's turns are shown (:data:`COMPUTER_SPEEDS`): ``"instant"`` (whole
            turns at once, the score pad and message say what they scored), ``"step"`` (each move, the roll, the
            dice placed, the decision to roll on or stop with its reason, shown when "Next step" is pressed),
            ``"slow"`` or ``"fast"`` (the same moves on a timer; without an event loop they play at once).  The
            "Computer speed" menu and the settable :attr:`computer_speed` change it during a game.
        coach_words: ``"average"`` (the coach says "points on average") or ``"expected"`` ("expected final
            score"), see :data:`COACH_WORDS`.
        key: a name like ``"04.game"``: with a key the board records the game in the notebook (see
            :mod:`fifteen_kit.widgets.results`) after every board played: ``{"game": "dice", "seed", "boards",
            "score" (the first human seat's), "computer" (the first computer seat's, or 0), "policy" (that
            computer's kind, or None)}``; a game of computers only is not recorded.  With ``seed`` None each
            game draws its own game number (:attr:`game_seed`), so every pair plays different dice.

    A game draws 10 boards, or every board when fewer are given.  Raises InvalidArgumentError (or
    NotationError for bad board text) for bad seats or settings.
    """

    def __init__(self, players: list[tuple[str, SeatKind]] | None = None, handicap: bool = False,
                 gambler: bool = False, seed: int | None = 0, coach: bool = False,
                 boards: str | tuple[tuple[GoalBoard, GoalBoard], ...] | None = None,
                 backs_sum_to_15: bool = False, size: Size = "normal", computer_speed: ComputerSpeed = "instant",
                 coach_words: CoachWords = "average", key: str | None = None) -> None:
        self.recorder = Recorder(key, "game") if key is not None else None
        self._recorded = 0  # the score pad's length when the game was last recorded
        super().__init__()
        self._size: Size = check_size(size)
        self._speed: ComputerSpeed = _check.choice(computer_speed, COMPUTER_SPEEDS, "computer_speed")
        self._words: CoachWords = _check.choice(coach_words, COACH_WORDS, "coach_words")
        self._example: WorkedExample | None = None  # the worked example shown (None: a game)
        self._example_shown = 0  # how many of its steps are shown
        self._watcher: asyncio.Task[None] | None = None  # the timer that shows the computer's moves
        self.add_class("n15-board")
        self.add_class("kit-board")
        seats = players if players is not None else [("You", "human"), ("Computer", "optimal")]
        seats = _check.items(seats, 6, "the seats")
        check_player_count(len(seats))
        for seat in seats:
            if not (isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str)
                    and isinstance(seat[1], str) and seat[1] in SEAT_KINDS):
                raise InvalidArgumentError(f"a seat is (name, kind) with kind one of {', '.join(SEAT_KINDS)}",
                                           input=seat)
        _check.flag(handicap, "handicap")
        _check.flag(gambler, "gambler")
        _check.flag(coach, "coach")
        _check.flag(backs_sum_to_15, "backs_sum_to_15")
        if boards is None:
            pool = default_boards()
        elif isinstance(boards, str):
            pool = parse_boards(boards, backs_sum_to_15)
        else:
            pool = check_board_pairs(boards, "boards", backs_sum_to_15)
        if seed is not None:
            _check.whole(seed, 0, MAX_SEED, "seed (or None for a fresh random game)")
        self._seed = seed
        self._pool = pool
        self._animation = make_rng(seed)  # only for the rolling animation; the game has its own generator
        self._animation.random()
        self._rolling = False
        self._solver: asyncio.Task[None] | None = None
        self._waiting: list[OptimalPolicy] = []  # policies a computer or the coach waits for (async mode)
        self._before_decision: Turn | None = None  # the turn just after the roll, for the coach's verdict
        # -- setup ----------------------------------------------------------------------------------
        # layouts are shared by the seats' and dice's widgets: fewer widgets to build, a faster board
        # (sizes in em follow the board's text size; the dice's sizes are the style sheet's)
        # every input has a visible label (its description) that names it to a screen reader too
        self._layouts = {"name": w.Layout(width="13em"), "kind": w.Layout(width="11em"), "auto": w.Layout(width="auto")}
        self._label = {"description_width": "initial"}
        # widgets whose layout and style never change share one of each: a third fewer widgets to build, so the
        # board appears sooner (the dice, the Next step button and the coach's card change theirs: their own)
        plain = w.Layout()
        self._box = {"layout": plain}
        self._text = {"layout": plain, "style": HTMLStyle()}
        self._button = {"layout": plain, "style": w.ButtonStyle()}
        self.seat_names: list[w.Text] = []
        self.seat_kinds: list[w.Dropdown] = []
        self.seat_rows = w.VBox(**self._box)
        self.add_seat_button = w.Button(description="Add seat", icon="plus", **self._button,
                                        tooltip="Add a seat (at most 6); it plays from the next game on")
        self.add_seat_button.add_class("n15-action")
        self.add_seat_button.on_click(lambda _b: self._add_clicked())
        for name, kind in seats:
            self._append_seat(name, kind)
        self.handicap_box = w.Checkbox(value=handicap, description="Handicap", indent=False,
                                       tooltip="Back sides with a white-die marker per player",
                                       layout=self._layouts["auto"])
        self.gambler_box = w.Checkbox(value=gambler, description="Gambler", indent=False,
                                      tooltip="A roll with no valid die scores 0", layout=self._layouts["auto"])
        self.backs_box = w.Checkbox(value=backs_sum_to_15, description="Back sides sum to 15", indent=False,
                                    tooltip="Refuse back sides whose five targets do not add up to 15",
                                    layout=self._layouts["auto"])
        self.boards_text = w.Textarea(value=format_boards(pool), rows=6, layout=w.Layout(width="100%"),
                                      description="Boards", style=self._label,
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
        self.boards_note = w.HTML(**self._text)
        self.setup_note = w.HTML(**self._text)
        self.new_game_button = w.Button(description="New game", icon="refresh", **self._button,
                                        tooltip="End this game and start a new one with the seats, variants "
                                                "and boards of Players and variants")
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.new_game_button.add_class("n15-action")
        self.new_game_button.add_class("n15-new")
        for box in (self.handicap_box, self.gambler_box, self.backs_box):
            box.observe(lambda _c: self._render_setup(), names="value")
        self.boards_text.observe(lambda _c: self._render_setup(), names="value")
        # -- play -----------------------------------------------------------------------------------
        self.status = w.HTML(**self._text)
        self.status.add_class("n15-status")
        self.message = w.HTML(**self._text)
        self.message.add_class("n15-msg")
        self.goal = w.HTML(**self._text)
        self.goal.add_class("n15-goal")
        self.dice: dict[Colour, w.Button] = {}
        for c in COLOURS:
            b = w.Button(description=c.value, tooltip=f"{c.title} die")
            b.add_class("n15-die")
            b.on_click(lambda _b, c=c: self.click_die(c))
            self.dice[c] = b
        self.roll_button = w.Button(description="Roll", icon="dice", tooltip="Roll every die not yet placed",
                                    **self._button)
        self.stop_button = w.Button(description="Stop and score", icon="hand-paper-o", **self._button,
                                    tooltip="End your turn and score the placed dice")
        self.next_button = w.Button(description="Next player", icon="forward", tooltip="Write the score, pass on",
                                     **self._button)
        self.step_button = w.Button(description="Next step", icon="step-forward", style=self._button["style"],
                                    tooltip="Show the next move (a worked example, or the computer's turn)")
        self.step_button.on_click(lambda _b: self.next_move())
        for button in (self.roll_button, self.stop_button, self.next_button, self.step_button):
            button.add_class("n15-action")
        self.roll_button.add_class("n15-roll")
        self.roll_button.on_click(lambda _b: self.roll())
        self.stop_button.on_click(lambda _b: self.stop())
        self.next_button.on_click(lambda _b: self.next_turn())
        self.coach_box = w.Checkbox(value=coach, description="Coach", indent=False, layout=self._layouts["auto"],
                                    tooltip="Show what optimal play expects from each choice")
        self.coach_box.observe(lambda _c: self.render(), names="value")
        self.size_toggle = w.ToggleButton(value=self._size == "large", description="Projector size", icon="expand",
                                          tooltip="Large text for a projector (and back)")
        self.size_toggle.add_class("n15-action")
        self.size_toggle.observe(lambda change: setattr(self, "size", "large" if change["new"] else "normal"),
                                 names="value")
        # a menu, not four toggles: one line on the board, and Tab then the arrow keys choose
        self.speed_menu = w.Dropdown(options=[(_SPEED_NAMES[s], s) for s in COMPUTER_SPEEDS], value=self._speed,
                                     description="Computer speed", style=self._label, layout=self._layouts["auto"],
                                     tooltip="How the computer's turns are shown: one move each time you press "
                                             "Next step, one move every few moments (Slow, Fast), or all at once")
        self.speed_menu.observe(lambda change: setattr(self, "computer_speed", change["new"]), names="value")
        self.coach = w.HTML()
        self.verdict = w.HTML()
        self.coach_card = w.VBox([self.coach, self.verdict])  # the coach's notes: ink on an ivory card
        self.coach_card.add_class("n15-coach")
        self.pad = w.HTML(**self._text)
        self.pad.add_class("n15-pad")
        setup = w.VBox([
            w.HTML("<b>Seats</b> (1 to 6; the handicap variant needs 2 or more)", **self._text), self.seat_rows,
            self.add_seat_button,
            w.HBox([self.handicap_box, self.gambler_box, self.backs_box], **self._box),
            w.HTML("<b>Goal boards</b>, one a line: <code>name: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1</code> "
                   "(base side: six targets summing to 15; back side: five, no white). "
                   "Copy the text to save your set; paste it to load it.", **self._text),
            self.boards_text, w.HBox([self.load_boards_button, self.kit_boards_button], **self._box), self.boards_note,
            w.HTML("Changes here apply to the <b>next</b> game: <b>New game</b> ends the game in progress "
                   "(its score pad is dropped) and starts one with these seats, variants and boards.", **self._text),
            self.setup_note,
        ])
        setup.add_class("n15-setup-body")
        # a toggle button opens the panel (a real button: Tab and Enter/Space reach it, unlike a collapse header)
        self.setup_toggle = w.ToggleButton(description="Players and variants", icon="caret-right",
                                           tooltip="Show or hide the seats, variants and goal boards")
        self.setup_toggle.add_class("n15-action")
        self.setup_toggle.add_class("n15-setup-toggle")
        setup.layout.display = "none"
        self.setup_toggle.observe(lambda _c: self._show_setup(), names="value")
        self.setup_panel = w.VBox([self.setup_toggle, setup], **self._box)
        self.setup_panel.add_class("n15-setup")
        # beside the goal board the buttons stack; below it (a narrow page) they wrap in rows
        actions = w.HBox([self.step_button, self.roll_button, self.stop_button, self.next_button,
                          self.new_game_button], **self._box)
        actions.add_class("n15-actions")
        options = w.HBox([self.coach_box, self.size_toggle, self.speed_menu], **self._box)
        options.add_class("n15-actions")
        rows = [w.HBox([self.goal, actions], **self._box), w.HBox(list(self.dice.values()), **self._box),
                self.coach_card, w.HBox([self.pad, options], **self._box)]
        for row in (rows[0], rows[1], rows[3]):  # rows wrap on a narrow page rather than cut anything off
            row.add_class("n15-row")
        self.children = [style_sheet(), self.status, self.message, *rows, self.setup_panel]
        if self._size == "large":
            self.add_class("kit-large")
        self.game = self._make_game(self._seats(), pool)
        self._say("")
        self._start()
        self.render()

    def _show_setup(self) -> None:
        body = self.setup_panel.children[1]
        body.layout.display = "" if self.setup_toggle.value else "none"
        self.setup_toggle.icon = "caret-down" if self.setup_toggle.value else "caret-right"

    # -- seats --------------------------------------------------------------------------------------
    def _append_seat(self, name: str, kind: str) -> None:
        text = w.Text(value=name, description="Name", layout=self._layouts["name"], placeholder="name",
                      style=self._label, tooltip=f"The player's name (1 to {MAX_NAME} characters)")
        drop = w.Dropdown(options=SEAT_KINDS, value=kind, description="plays", layout=self._layouts["kind"],
                          style=self._label, tooltip="A human, or one of the computer players")
        remove = w.Button(description="Remove", icon="minus", tooltip="Remove this seat (from the next game on)",
                          **self._button)
        remove.add_class("n15-action")
        remove.on_click(lambda _b, text=text: self._remove_clicked(text))
        text.observe(lambda _c: self._render_setup(), names="value")
        drop.observe(lambda _c: self._render_setup(), names="value")
        self.seat_names.append(text)
        self.seat_kinds.append(drop)
        row = w.HBox([text, drop, remove], **self._box)
        row.add_class("n15-row")
        self.seat_rows.children = (*self.seat_rows.children, row)
        self._render_setup()

    def add_seat(self, name: str | None = None, kind: SeatKind = "human") -> None:
        """Add a seat to the setup panel (it plays from the next game: press New game).

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
        """Remove seat ``index`` (from 0) from the setup panel (from the next game on; at least one stays).

        Raises InvalidArgumentError for an index that is not a seat, or for the last seat.
        """
        _check.whole(index, 0, len(self.seat_names) - 1, "the seat to remove")
        check_player_count(len(self.seat_names) - 1)
        del self.seat_names[index]
        del self.seat_kinds[index]
        rows = list(self.seat_rows.children)
        del rows[index]
        self.seat_rows.children = tuple(rows)
        self._render_setup()

    def _add_clicked(self) -> None:
        # the Add seat button (disabled at six seats; a click that gets through anyway is answered on the board)
        try:
            self.add_seat()
        except FifteenKitError as err:
            self.setup_note.value = f"<span class='n15-note-alert'>{escape(sentence(err.message))}</span>"

    def _remove_clicked(self, text: w.Text) -> None:
        # a seat's Remove button (disabled on the last seat; a click that gets through anyway is answered on
        # the board, never lost in a log)
        if text not in self.seat_names:  # a second click on a seat already removed
            return
        try:
            self.remove_seat(self.seat_names.index(text))
        except FifteenKitError as err:
            self.setup_note.value = f"<span class='n15-note-alert'>{escape(sentence(err.message))}</span>"

    def _seats(self) -> list[tuple[str, SeatKind]]:
        return [(n.value.strip(), _seat_kind(k.value)) for n, k in zip(self.seat_names, self.seat_kinds, strict=True)]

    # -- boards -------------------------------------------------------------------------------------
    def _load_boards_clicked(self) -> None:
        # the Check boards button: a mistake in the typed boards is said on the board (a click cannot show an
        # exception), naming the line, board, side and colour
        try:
            self.load_boards(self.boards_text.value)
        except FifteenKitError as err:
            self.boards_note.value = f"<span class='n15-note-alert'>{escape(sentence(err.message))}</span>"
            self._say("The boards were not loaded: " + sentence(err.message))
        else:
            self._say("The boards are checked: they play from the next game (press New game).")

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
        self.render()

    @property
    def rolling(self) -> bool:
        """Whether a roll is on the table and its dice are still tumbling (the board waits for them)."""
        return self._rolling

    @property
    def goal_board_pairs(self) -> tuple[tuple[GoalBoard, GoalBoard], ...]:
        """The goal boards (base side, back side) that new games are dealt from."""
        return self._pool

    @property
    def computer_seats(self) -> tuple[str, ...]:
        """The names of the seats the computer plays in the current game, in seat order."""
        return tuple(self._computers)

    def load_boards(self, text: str) -> None:
        """Check ``text`` as a set of goal boards (one a line, as :func:`~fifteen_kit.nasty15.boards.parse_boards`
        reads them) and keep it for the next game.

        Raises NotationError (or InvalidArgumentError) naming the line, board, side and colour of the first
        mistake, and then changes nothing.  (The "Check boards" button shows that message on the board.)

        >>> board = DiceBoard(players=[("You", "human")], seed=1)
        >>> board.load_boards("mine: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1")
        >>> board.boards_note.value
        '1 board checked; they play from the next game.'
        """
        pool = parse_boards(text, self.backs_box.value)
        self._pool = pool
        if self.boards_text.value != text:
            self.boards_text.value = text
        self.boards_note.value = escape(f"{len(pool)} board{'s' if len(pool) != 1 else ''} checked; they play "
                                        "from the next game.")
        self._render_setup()

    def save_boards(self) -> str:
        """The checked set of goal boards as text (one a line; :meth:`load_boards` reads it back).

        That is the set the next game plays: the game being played uses it too, unless other boards were
        checked since it started.
        """
        return format_boards(self._pool)

    def _reset_boards(self) -> None:
        self.boards_text.value = format_boards(default_boards())
        self.load_boards(self.boards_text.value)

    # -- setup --------------------------------------------------------------------------------------
    def _make_game(self, seats: list[tuple[str, SeatKind]], pool: tuple[tuple[GoalBoard, GoalBoard], ...]) -> Game:
        seed = self._seed if self._seed is not None else secrets.randbelow(10**9)  # a game number to record
        game = Game([n for n, _ in seats], seed=seed, handicap=self.handicap_box.value,
                    gambler=self.gambler_box.value, boards=pool, rounds=min(10, len(pool)),
                    backs_sum_to_15=self.backs_box.value)
        # only once the game exists do the seats change hands
        self._kinds = {name: kind for name, kind in seats}
        self._computers: dict[str, CautiousPlayer | GreedyPlayer | OptimalPlayer] = {
            name: make_player(kind, seed=seed) for name, kind in seats if kind != "human"}
        #: the seed of the game being played (drawn at random when the board's seed is None)
        self.game_seed = seed
        self._recorded = 0
        self._game_setup = (tuple(seats), self.handicap_box.value, self.gambler_box.value, self.backs_box.value,
                            self.boards_text.value)
        return game

    def _render_setup(self) -> None:
        if not hasattr(self, "_game_setup"):
            return
        n = len(self.seat_names)
        self.add_seat_button.disabled = n >= MAX_PLAYERS
        for row in self.seat_rows.children:
            row.children[2].disabled = n <= 1
        now = (tuple(self._seats()), self.handicap_box.value, self.gambler_box.value, self.backs_box.value,
               self.boards_text.value)
        markers = MARKERS.get(n) if self.handicap_box.value else None
        text = f"{n} seat{'s' if n != 1 else ''}"
        if markers:
            text += f"; handicap markers in play: {' + '.join(map(str, markers))}"
        if now != self._game_setup:
            text += ". <b>Not the game being played: press New game to start it.</b>"
        self.setup_note.value = text
        # the box shows every line of the boards (no scroll bar inside the board), up to 16 of them
        self.boards_text.rows = max(3, min(16, self.boards_text.value.count("\n") + 1))

    def new_game(self) -> None:
        """End the game in progress and start a new one with the seats, variants and boards in the setup panel.

        Refused with a message (nothing changes) while dice are rolling or when a setting is bad.
        """
        if self._rolling:
            self._say("")
            return
        try:
            pool = parse_boards(self.boards_text.value, self.backs_box.value)
            game = self._make_game(self._seats(), pool)
        except FifteenKitError as err:
            self._say(f"Cannot start: {err.message}.")
            return
        self._pool = pool
        self._stop_watching()
        self._example = None
        self.game = game
        self._before_decision = None
        self.verdict.value = ""
        self._say("New game.")
        self._start()
        self.render()

    # -- worked examples ------------------------------------------------------------------------------
    @classmethod
    def from_example(cls, key: str, size: Size = "normal") -> DiceBoard:
        """A board that shows the worked example ``key`` of :data:`~fifteen_kit.nasty15.examples.WORKED_EXAMPLES`
        (``"bust"``, ``"five dice"`` or ``"six dice"``) step by step: see :meth:`show_example`.

        ``size`` as for the board.  Raises InvalidArgumentError for another key or size.

        >>> board = DiceBoard.from_example("bust")
        >>> board.message.value.split(". ")[0]
        'Worked example: A bust that pays'
        >>> for _ in range(3):
        ...     board.step_button.click()
        >>> board.game.pad[-1].points
        8
        """
        _check.choice(key, WORKED_EXAMPLES, "the worked example")
        board = cls(players=[("You", "human"), ("Computer", "optimal")], size=size)
        board.show_example(key)
        return board

    def show_example(self, key: str) -> None:
        """Show the worked example ``key`` (``"bust"``, ``"five dice"`` or ``"six dice"``) on this board.

        The board shows the example's goal board and player; each press of "Next step" plays one step (a roll
        shows the example's dice, a placing moves them onto the goal board, a stop or bust scores), and the message
        line says what happened in plain words and what to press next.  After the last step it says what the example
        shows, writes the score on the pad and asks to press "New game", which starts a normal game with the seats of
        "Players and variants".  Raises InvalidArgumentError for another key.
        """
        example = WORKED_EXAMPLES[_check.choice(key, WORKED_EXAMPLES, "the worked example")]
        self._stop_watching()
        back = GoalBoard(tuple(p for p in example.board.targets if p[0] is not Colour.WHITE), back=True)
        self.game = Game([example.player], seed=0, boards=((example.board, back),), rounds=1)
        self.game.turn = example.turns()[0]
        self._kinds = {example.player: "human"}
        self._computers = {}
        self._example = example
        self._example_shown = 0
        self._before_decision = None
        self.verdict.value = ""
        self._say(f"Worked example: {example.title}. {example.start}")
        self.render()

    @property
    def example(self) -> WorkedExample | None:
        """The worked example on the board (:meth:`show_example`), or None during a game."""
        return self._example

    def _example_step(self) -> None:
        example = self._example
        assert example is not None
        n = self._example_shown
        if n >= len(example.steps):
            self._say("")
            return
        self._example_shown = n + 1
        self.game.turn = example.turns()[n + 1]
        text = example.narration()[n]
        if self._example_shown == len(example.steps):
            self.game.next_turn()  # the score goes on the pad
            text += " " + example.ending()
        self._say(text)
        self.render()

    # -- the computer's moves, shown one at a time ------------------------------------------------------
    @property
    def computer_speed(self) -> ComputerSpeed:
        """How the computer's turns are shown (:data:`COMPUTER_SPEEDS`); setting it sets the "Computer speed"
        menu.  Raises InvalidArgumentError for another value.

        >>> board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=1)
        >>> board.computer_speed = "step"
        >>> board.speed_menu.value, board.speed_menu.label
        ('step', 'Step (press Next step)')
        """
        return self._speed

    @computer_speed.setter
    def computer_speed(self, value: ComputerSpeed) -> None:
        """Show the computer's turns at ``value``: a turn in progress goes on at the new speed."""
        speed = _check.choice(value, COMPUTER_SPEEDS, "computer_speed")
        if speed == self._speed and self.speed_menu.value == speed:
            return
        self._speed = speed
        if self.speed_menu.value != speed:
            self.speed_menu.value = speed  # its observer comes back here and returns at once
        self._stop_watching()
        self._play_computers()
        self.render()

    def next_move(self) -> None:
        """The "Next step" button: the next step of a worked example, or the next move of the computer's turn
        (at the speeds other than instant); otherwise the message line says what to do."""
        if self._example is not None:
            self._example_step()
            return
        g = self.game
        if g.is_over or g.player not in self._computers or self._rolling:
            self._say("")
            return
        self._stop_watching()
        self._computer_move()
        if self._speed in _DELAY:
            self._watch()

    def _watching(self) -> bool:
        """Whether the computer's moves are shown one at a time now (step, or a timed speed on an event loop)."""
        return self._speed == "step" or (self._speed in _DELAY and _running_loop() is not None)

    def _stop_watching(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None

    def _watch(self) -> None:
        """Start the timer that shows the computer's moves (slow or fast speed, on a running event loop)."""
        loop = _running_loop()
        g = self.game
        if loop is None or self._speed not in _DELAY or g.is_over or g.player not in self._computers:
            return
        self._stop_watching()
        self._watcher = loop.create_task(self._watch_moves(g))

    async def _watch_moves(self, game: Game) -> None:
        while self._speed in _DELAY and game is self.game and not game.is_over and game.player in self._computers:
            await asyncio.sleep(_DELAY[self._speed])
            if self._speed not in _DELAY or game is not self.game:
                return
            if not self._computer_move():
                break  # waiting for the solver: it calls _play_computers when ready
        if game is self.game:
            self._watcher = None

    def _computer_move(self) -> bool:
        """Play one move of the computer whose turn it is and say it (with its reason); False if it must wait."""
        g = self.game
        name = g.player
        player = self._computers[name]
        t = g.turn
        who, s = _subject(name)
        if not t.is_over and isinstance(player, OptimalPlayer) and not self._ready(player.policy(t)):
            self._say(f"{name} is thinking (working out the best play on this board)…")
            self.render()
            return False
        if t.is_over:
            g.next_turn()
            self.verdict.value = ""
            text = f"{name}'s {_points(t.score or 0)} go on the score pad."
        elif t.phase is Phase.ROLL:
            t = g.roll()
            text = f"{who} roll{s} {_dice_words(t)}."
            if t.phase is Phase.BUST:
                text += " " + _bust_words(t)
            elif t.valid_colours():
                text += f" Low enough to place: {_colour_list(t.valid_colours())}."
        else:
            move = player.choose(t)
            reason = self._reason(player, t, move)
            if move.action == "place":
                t = g.place(list(move.colours))
                text = f"{who} place{s} {_colour_list(move.colours)} ({reason})."
                if t.is_over:
                    text += f" All six are placed: {t.pips} x 2 = {_points(t.score or 0)}."
            elif move.action == "roll":
                g.turn = t.continue_rolling()
                text = f"{who} roll{s} on: {reason}."
            else:
                g.stop()
                text = f"{who} stop{s} with {_points(g.turn.score or 0)}: {reason}."
        self._say(text)
        self.render()
        return True

    def _reason(self, player: CautiousPlayer | GreedyPlayer | OptimalPlayer, turn: Turn, move: Decision) -> str:
        """Why the computer ``player`` makes ``move`` in ``turn``, in a few plain words."""
        if isinstance(player, CautiousPlayer):
            return ("the cautious player places every die it can" if move.action == "place"
                    else "the cautious player always stops as soon as it may")
        if isinstance(player, GreedyPlayer):
            return ("the greedy player places every die it can" if move.action == "place"
                    else "the greedy player always rolls on")
        policy = player.policy(turn)
        if move.action == "place":
            return f"the best choice: {self._avg(policy.value(turn.play(move)))}"
        rolling = self._avg(policy.roll_value(turn), "would average" if move.action == "stop" else "averages")
        stopping = f"stopping {'scores' if move.action == 'stop' else 'would score'} {turn.stop_score()}"
        return f"rolling on {rolling}, {stopping}"

    def _avg(self, value: object, verb: str = "") -> str:
        """``value`` (points) in the coach's words: '13.74 points on average' or 'expected final score 13.74'
        (after ``verb``: 'averages 13.74 points' / 'expects a final score of 13.74')."""
        number = f"{float(value):.2f}"  # type: ignore[arg-type]
        if verb:
            if self._words == "average":
                return f"{verb} {number} points"
            return f"{'would expect' if verb.startswith('would') else 'expects'} a final score of {number}"
        return f"{number} points on average" if self._words == "average" else f"expected final score {number}"

    # -- solving ahead ------------------------------------------------------------------------------
    def _policies(self, game: Game) -> list[OptimalPolicy]:
        """The policies ``game`` can ask for, the board in play first."""
        targets = dict.fromkeys((game.turn.targets, *game.targets_in_play()))
        return [policy_for(t, game.gambler) for t in targets]

    def _start(self) -> None:
        """Let the computers of a new game play; on a running event loop, solve its policies ahead first (a task
        that solves in short steps, the board in play first).  Without a loop nothing is solved ahead: a policy
        is solved when it is first asked (one board, a few hundredths of a second)."""
        if self._solver is not None:
            self._solver.cancel()
            self._solver = None
        loop = _running_loop()
        if loop is None:
            self._play_computers()
            return
        self._solver = loop.create_task(self._solve_ahead(self.game))
        self._play_computers()

    async def _solve_ahead(self, game: Game) -> None:
        clock = time.perf_counter
        start = clock()
        for policy in self._policies(game):
            for _ in policy.solve_steps():
                if clock() - start >= _SOLVE_SLICE:
                    await asyncio.sleep(0)
                    start = clock()
                    if game is not self.game:
                        return
            if self._waiting and all(p.is_solved for p in self._waiting):
                self._waiting = []
                self._play_computers()
                self.render()
            if clock() - start >= _SOLVE_SLICE:
                await asyncio.sleep(0)
                start = clock()
                if game is not self.game:
                    return
        if game is self.game:
            self._solver = None
            if self._waiting:
                self._waiting = []
                self._play_computers()
                self.render()

    def _ready(self, policy: OptimalPolicy) -> bool:
        """True if ``policy`` can answer at once; in async mode an unsolved one is waited for, not solved here."""
        if policy.is_solved or _running_loop() is None or self._solver is None:
            return True
        if policy not in self._waiting:
            self._waiting.append(policy)
        return False

    # -- actions --------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        """Show ``text`` followed by what to do now (so the message line always says it)."""
        self.message.value = escape(" ".join(part for part in (text, self.next_step()) if part))

    def next_step(self) -> str:
        """What to do now, in one or two sentences for the message line (the game's end: who won, with the
        scores, and which button starts a new game).

        >>> DiceBoard(players=[("You", "human")], seed=1).next_step()
        'Your turn: press Roll to roll the six dice.'
        """
        g, t = self.game, self.game.turn
        if self._example is not None:
            if self._example_shown == 0:
                return f"Press Next step to see {self._example.player}'s first roll."
            if self._example_shown < len(self._example.steps):
                return "Press Next step."
            return "Press New game to play a game yourself."
        if g.is_over:
            totals = g.totals()
            winners = g.winners()
            scores = ", ".join(f"{p} {_points(totals[p])}" for p in g.players)
            if len(g.players) == 1:
                result = f"The game is over: {g.players[0]} scored {_points(totals[g.players[0]])}."
            elif len(winners) == 1:
                result = (f"The game is over: {winners[0]} "
                          f"{'win' if _subject(winners[0])[1] == '' else 'wins'} ({scores}).")
            else:
                result = f"The game is over: a tie between {' and '.join(winners)} ({scores})."
            return result + " Press New game to play again."
        if self._rolling:
            return "The dice are still rolling: wait for them to land."
        if g.player in self._computers:
            if self._speed == "step":
                if t.is_over:
                    return f"Press Next step to write {g.player}'s score on the pad."
                return f"Press Next step to see {g.player}'s {'first' if t.rolled == (None,) * 6 else 'next'} move."
            if self._watching():
                return f"Wait for {g.player}'s next move, or press Next step."
            return f"{g.player} is thinking…"
        if t.is_over:
            return "Press Next player" + self._after_turn() + "."
        if t.phase is Phase.ROLL:
            if t.placed_count == 0:
                return f"{_your_turn(g.player)}: press Roll to roll the six dice."
            return "Press Roll for the rest, or Stop and score."
        if t.phase is Phase.PLACE:
            return "Click a ringed die to place it (at least one)."
        more = "place another ringed die, " if t.valid_colours() else ""
        return f"Now {more}press Roll for the rest, or Stop and score."

    def _after_turn(self) -> str:
        """What "Next player" leads to: ' to pass the dice to Ann', ' for board 3', ' to finish the game'."""
        g = self.game
        if len(g.pad) + 1 == g.rounds * len(g.players):
            return " to finish the game"
        if len(g.players) > 1:
            following = g.players[(g.player_index + 1) % len(g.players)]
            return f" to pass the dice to {following}"
        return f" for board {g.board_number + 1}"

    def _human_turn(self) -> bool:
        g = self.game
        if self._example is not None:
            self._say("This is a worked example: it shows a turn of the rules.")
            return False
        if g.is_over:
            self._say("")
            return False
        if self._rolling:
            self._say("")
            return False
        if g.player in self._computers:
            self._say(f"It is {g.player}'s turn.")
            return False
        return True

    def roll(self) -> None:
        """The human player rolls the unplaced dice (animated when an event loop runs)."""
        if not self._human_turn():
            return
        problem = self.game.turn.explain(_ROLL)  # the engine says whether a roll is allowed now
        if problem is not None:
            self._say(sentence(problem))
            return
        self._judge("roll")
        loop = _running_loop()
        if loop is None:
            self._land_roll()
        else:
            self._rolling = True
            self._say("")
            self.render()
            loop.create_task(self._animate(self.game))

    async def _animate(self, game: Game) -> None:
        try:
            for _ in range(7):
                for c in game.turn.unplaced:
                    self.dice[c].description = f"{c.value}\u2009{_FACES[self._animation.randrange(6)]}"
                await asyncio.sleep(0.07)
        finally:
            self._rolling = False
            if game is self.game and not game.is_over and not game.turn.is_over:
                self._land_roll()

    def _land_roll(self) -> None:
        if self.game.is_over or self.game.turn.is_over:
            return
        turn = self.game.roll()
        self._before_decision = turn
        self._say(_bust_words(turn) if turn.phase is Phase.BUST else "")  # a bust says so, and what to press
        self.render()

    def click_die(self, colour: Colour) -> None:
        """The human places this die (the engine refuses it unless it is valid in the current roll).

        ``colour``: a :class:`Colour` or its letter or name.  Raises NotationError for anything else
        (a click always names a real die).
        """
        colour = Colour.parse(colour)
        if not self._human_turn():
            return
        try:
            self.game.place(colour)
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        t = self.game.turn
        outcome = t.outcome()
        if outcome is not None:  # all six placed
            self._judge("place")
            self._say(sentence(_plural_fix(outcome)))
        else:
            self._say(f"{colour.title.capitalize()} placed.")
        self.render()

    def stop(self) -> None:
        """The human stops and scores (the engine refuses it before a die of this roll is placed)."""
        if not self._human_turn():
            return
        problem = self.game.turn.explain(_STOP)  # the engine says whether stopping is allowed now
        if problem is not None:
            self._say(sentence(problem))
            return
        self._judge("stop")
        self.game.stop()
        who, s = _subject(self.game.player)
        self._say(f"{who} stop{s} with {_points(self.game.turn.score or 0)}.")
        self.render()

    def next_turn(self) -> None:
        """Write the finished turn on the score pad and let the next player (or computers) play."""
        g = self.game
        if g.is_over or self._example is not None or g.player in self._computers:
            self._say("")
            return
        try:
            g.next_turn()
        except FifteenKitError as err:  # the turn is still on: the engine says so
            self._say(sentence(err.message))
            return
        self._before_decision = None
        self.verdict.value = ""
        self._say("")
        self._play_computers()
        self.render()

    def _play_computers(self) -> None:
        """Let the computer seats play: whole turns at once (instant speed), or their first move is announced
        and shown move by move (Next step, or the timer of the slow and fast speeds)."""
        g = self.game
        if self._example is not None or g.is_over or g.player not in self._computers:
            return
        if self._watching():
            self._say(f"{g.player}'s turn.")
            self._watch()
            return
        notes = []
        while not g.is_over and g.player in self._computers:
            player = self._computers[g.player]
            if not g.turn.is_over:
                if isinstance(player, OptimalPlayer) and not self._ready(player.policy(g.turn)):
                    break
                g.play_turn(player)
            notes.append(f"{g.player} scored {_points(g.turn.score or 0)} on board {g.board_number}")
            g.next_turn()
        if notes:
            self._say(_join_notes(notes))

    # -- the coach -------------------------------------------------------------------------------------
    def _judge(self, action: Literal["place", "roll", "stop"]) -> None:
        """After the fact: compare the human's whole decision after a roll (the dice placed, then roll on or stop)
        with optimal play, and name the mistake if it cost points (see :meth:`verdict_text`)."""
        before, t = self._before_decision, self.game.turn
        if before is None or not self.coach_box.value or before.is_over:
            return
        self._before_decision = None
        policy = policy_for(t.targets, t.gambler)
        if not self._ready(policy):
            self.verdict.value = "Coach: still working out this board; no verdict this time."
            return
        self.verdict.value = escape(self.verdict_text(before, t, action))

    def verdict_text(self, before: Turn, after: Turn, action: Literal["place", "roll", "stop"]) -> str:
        """The coach's verdict on one decision: ``before`` is the turn just after a roll, ``after`` the turn when
        the player rolls on or stops (``action`` ``"roll"`` or ``"stop"``), or the turn with all six placed
        (``action`` ``"place"``).  It names the whole best action (which dice to place, then roll or stop), the
        player's, and which part of it cost points (the dice, or stopping/rolling on).

        Raises InvalidArgumentError for turns that are not Turns or an action not named here, and the engine's errors
        for turns that do not follow each other this way.

        >>> from fifteen_kit.nasty15 import Turn
        >>> board = DiceBoard(players=[("You", "human")], seed=1)
        >>> before = Turn.parse("433221 ...... 666626 P")
        >>> print(board.verdict_text(before, before.place("G"), "stop"))
        Coach: the best was: place green, then roll on (13.53 points on average); you stopped (2 points). \
Placing green was right; stopping cost 11.53 points on average.
        """
        for name, turn in (("before", before), ("after", after)):
            if not isinstance(turn, Turn):
                raise InvalidArgumentError(f"{name} is a Turn", input=_check.short(turn))
        _check.choice(action, ("place", "roll", "stop"), "action")
        policy = policy_for(after.targets, after.gambler)
        mine = tuple(c for i, c in enumerate(COLOURS) if after.placed[i] is not None and before.placed[i] is None)
        if not mine or before.explain(Decision("place", mine)) is not None:
            raise InvalidArgumentError("after is not the turn before with dice of its roll placed",
                                       input=(before.notation(), after.notation()))
        if action == "place":
            if not after.is_over:
                raise InvalidArgumentError("'place' judges a turn with all six dice placed", input=after.notation())
            chosen = Fraction(after.score or 0)
        elif action == "stop":
            chosen = policy.stop_value(after)
        else:
            chosen = policy.roll_value(after)
        best = policy.advise(before).best
        best_text = self._action_words(policy, before, best.colours)
        cost = best.value - chosen
        if cost <= 0:
            return f"Coach: well played: {best_text} is the best choice ({self._avg(best.value)})."
        same_dice = mine == best.colours
        done = {"stop": "stopped", "roll": "rolled on", "place": "ended the turn"}[action]
        yours = done if same_dice else f"placed {_colour_list(mine)}, then {done}"
        chosen_text = self._avg(chosen) if action == "roll" else _points(int(chosen))  # a score: a whole number
        text = f"Coach: the best was: {best_text} ({self._avg(best.value)}); you {yours} ({chosen_text})."
        deciding = {"stop": "stopping", "roll": "rolling on", "place": ""}[action]
        if same_dice:
            return (f"{text} Placing {_colour_list(mine)} was right; {deciding} cost {float(cost):.2f} points on "
                    "average.")
        best_mine = chosen if after.is_over else max(policy.stop_value(after), policy.roll_value(after))
        if best_mine == chosen:
            right = f" {deciding.capitalize()} was right for those dice;" if deciding else ""
            return (f"{text}{right} the dice you placed cost {float(cost):.2f} points on average: "
                    f"place {_colour_list(best.colours)}.")
        return (f"{text} Both the dice ({_colour_list(best.colours)} would be better) and {deciding} cost points: "
                f"{float(cost):.2f} points on average in all.")

    def _action_words(self, policy: OptimalPolicy, turn: Turn, colours: tuple[Colour, ...]) -> str:
        """'place green, then roll on' (or 'then stop', or 'place green: all six placed'): placing ``colours`` in
        ``turn`` and what optimal play does next."""
        placed = turn.place(colours)
        if placed.is_over:
            return f"place {_colour_list(colours)} (all six placed)"
        # a place choice's value is that of placing exactly these dice, then stopping or rolling on, whichever is
        # better (on a tie the engine's order: stop first)
        rolls = policy.roll_value(placed) > policy.stop_value(placed)
        return f"place {_colour_list(colours)}, then {'roll on' if rolls else 'stop'}"

    def _coach_text(self) -> str:
        t = self.game.turn
        if t.is_over or self.game.player in self._computers or self._example is not None:
            return ""
        policy = policy_for(t.targets, t.gambler)
        if not self._ready(policy):
            return "Coach: working out the best play on this board, a moment…"
        if t.phase is Phase.ROLL and t.placed_count == 0:
            value = policy.roll_value(t)
            if self._words == "average":
                return f"Coach: this turn is worth {float(value):.2f} points on average with the best play."
            return f"Coach: with optimal play this turn's expected final score is {float(value):.2f}."
        options = []
        for choice in policy.advise(t).choices[:4]:
            if choice.action == "place":
                what = self._action_words(policy, t, choice.colours)
            else:
                what = "stop" if choice.action == "stop" else "roll on"
            options.append(f"{what}: {float(choice.value):.2f}")
        head = ("Coach (points on average, with the best play after)" if self._words == "average"
                else "Coach (expected final score)")
        return escape(f"{head}: {'; '.join(options)}.")

    # -- drawing ------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"DiceBoard(board {self.game.board_number}, {self.game.player}: {self.game.turn.notation()})"

    def _record_game(self) -> None:
        # after each board every seat has played, the game so far is recorded (see the key argument)
        g = self.game
        done = len(g.pad) // len(g.players)
        if self.recorder is None or self._example is not None or done == 0 or len(g.pad) == self._recorded \
                or len(g.pad) % len(g.players):
            return
        self._recorded = len(g.pad)
        totals = g.totals()
        human = next((p for p in g.players if p not in self._computers), None)
        computer = next((p for p in g.players if p in self._computers), None)
        if human is None:  # only computers played: no pupil's result
            return
        self.recorder.write(game="dice", seed=self.game_seed, boards=done, score=totals[human],
                            computer=totals[computer] if computer is not None else 0,
                            policy=self._kinds[computer] if computer is not None else None)

    def render(self) -> None:
        """Redraw everything from the game."""
        self._record_game()
        g = self.game
        t = g.turn
        example = self._example
        if example is not None:
            steps = len(example.steps)
            self.status.value = (f"<b>Worked example: {escape(example.title)} · {escape(example.player)} · step "
                                 f"{self._example_shown} of {steps}</b> · placed: {_points(t.pips)}"
                                 + ("" if t.is_over else f"; stopping now scores {_points(t.stop_score())}")
                                 + (f"; the turn scores {_points(t.score or 0)}" if t.is_over else ""))
        elif g.is_over:
            winners = g.winners()
            verb = "win" if len(winners) > 1 or _subject(winners[0])[1] == "" else "wins"
            self.status.value = f"<b>Game over: {escape(' and '.join(winners))} {verb}!</b>"
        else:
            kind = self._kinds.get(g.player, "human")
            who = g.player if kind == "human" else f"{g.player} ({kind} computer)"
            marker = f" · white marker {g.markers[g.player]}" if g.handicap else ""
            self.status.value = (f"<b>Board {g.board_number} of {g.rounds} · {escape(who)}{marker}</b> · "
                                 f"placed: {_points(t.pips)}; "
                                 + (f"the turn scores {_points(t.score or 0)}" if t.is_over
                                    else f"stopping now scores {_points(t.stop_score())}"))
        self.goal.value = dice_goal_board(t.targets, t.placed, size=GOAL_DIE_PX[self._size],
                                          title=f"goal board {g.board.notation()}")
        valid = set(t.valid_colours())
        for i, c in enumerate(COLOURS):
            b = self.dice[c]
            b.remove_class("n15-valid")
            b.remove_class("n15-placed")
            value = t.placed[i] if t.placed[i] is not None else t.rolled[i]
            b.description = f"{c.value}\u2009{_FACES[value - 1]}" if value else c.value
            ink, face = _DIE_FACE[c]
            if t.placed[i] is not None:
                ink, face = _PLACED_FACE
                b.add_class("n15-placed")
                b.tooltip = f"{c.title}: placed ({t.placed[i]})"
            elif c in valid:
                b.add_class("n15-valid")
                b.tooltip = f"{c.title} shows {t.rolled[i]} (target {t.targets[i]}): click to place"
            else:
                b.tooltip = f"{c.title} die (target {t.targets[i]})"
            b.style.button_color, b.style.text_color = PALETTE[face], PALETTE[ink]
        human = not g.is_over and g.player not in self._computers and example is None
        self.roll_button.disabled = not human or self._rolling or t.explain(_ROLL) is not None
        self.stop_button.disabled = not human or self._rolling or t.explain(_STOP) is not None
        self.next_button.disabled = not human or not t.is_over
        watching = not g.is_over and g.player in self._computers and self._speed != "instant"
        self.step_button.disabled = not (watching or (example is not None and self._example_shown < len(example.steps)))
        self.step_button.layout.display = "" if example is not None or self._speed != "instant" else "none"
        self.coach.value = self._coach_text() if self.coach_box.value and human else ""
        if not self.coach_box.value:
            self.verdict.value = ""
        for view in (self.coach, self.verdict):
            view.layout.display = "" if view.value else "none"
        self.coach_card.layout.display = "" if self.coach.value or self.verdict.value else "none"
        self._render_pad()
        self._render_setup()

    def _render_pad(self) -> None:
        # one row a player, one column a board (short and wide: it fits beside the controls)
        g = self.game
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


def _colour_list(colours: tuple[Colour, ...] | list[Colour]) -> str:
    """The colours' names in words: 'green', 'blue and red', 'blue, black and red'."""
    names = [c.title for c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _dice_words(turn: Turn) -> str:
    """The dice of the last roll with their faces: 'blue 3, yellow 1 and red 6'."""
    faces = [f"{c.title} {v}" for c, v in zip(COLOURS, turn.rolled, strict=True) if v is not None]
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]


def _bust_words(turn: Turn) -> str:
    """What a bust means, with its score: the targets of the dice not placed (nothing in the gambler variant)."""
    head = "Bust: no die can go on the board, so the turn ends."
    if turn.gambler:
        return f"{head} In the gambler variant a bust scores nothing."
    left = [f"{t} ({c.title})" for c, t, v in zip(COLOURS, turn.targets, turn.placed, strict=True) if v is None]
    sum_text = f"{' + '.join(left)} = {_points(turn.score or 0)}" if len(left) > 1 else _points(turn.score or 0)
    return f"{head} A bust scores the targets of the dice not placed: {sum_text}."


def _plural_fix(text: str) -> str:
    """The engine's outcome with '1 points' said as '1 point'."""
    return re.sub(r"\b1 points\b", "1 point", text)


def _join_notes(notes: list[str]) -> str:
    """The computers' turns in one sentence; only the last few when many played at once."""
    if len(notes) > 3:
        notes = [f"the computers played {len(notes)} turns", *notes[-3:]]
    return sentence("; ".join(notes))


def _seat_kind(value: object) -> SeatKind:
    """``value`` as a seat kind (the dropdowns offer only :data:`SEAT_KINDS`)."""
    for kind in SEAT_KINDS:
        if kind == value:
            return kind
    raise InvalidArgumentError(f"a seat's kind is one of {', '.join(SEAT_KINDS)}", input=_check.short(value))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The running asyncio event loop (a kernel, JupyterLite, a test's loop), or None in plain Python."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
