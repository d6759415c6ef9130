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

The board is thin: :class:`~fifteen_kit.widgets.nasty15_views.DiceView` (its base class, with the
"Players and variants" panel :class:`~fifteen_kit.widgets.nasty15_views.DiceSetupPanel`) builds and
draws the widgets, and :class:`~fifteen_kit.widgets.nasty15_controller.DiceController`
(``board.controller``) runs turns, seats, computer players, worked examples, timers and the coach.

>>> board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=4)
>>> board.roll_button.click()
>>> board.game.turn.phase.value in ("P", "B")
True
"""

from __future__ import annotations

from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.nasty15.boards import Colour, GoalBoard, check_board_pairs, default_boards, parse_boards
from fifteen_kit.nasty15.examples import WORKED_EXAMPLES, WorkedExample
from fifteen_kit.nasty15.game import Game
from fifteen_kit.nasty15.rules import Turn

# the board's names that lived here before the split (lessons, tests and older code import them from here)
from .nasty15_controller import _DELAY as _DELAY
from .nasty15_controller import COACH_WORDS as COACH_WORDS
from .nasty15_controller import COMPUTER_SPEEDS as COMPUTER_SPEEDS
from .nasty15_controller import SEAT_KINDS as SEAT_KINDS
from .nasty15_controller import CoachWords as CoachWords
from .nasty15_controller import ComputerSpeed as ComputerSpeed
from .nasty15_controller import DiceController, check_seats
from .nasty15_controller import Judged as Judged
from .nasty15_controller import SeatKind as SeatKind
from .nasty15_controller import _colour_list as _colour_list
from .nasty15_controller import _plural_fix as _plural_fix
from .nasty15_controller import _points as _points
from .nasty15_views import _DIE_FACE as _DIE_FACE
from .nasty15_views import _PLACED_FACE as _PLACED_FACE
from .nasty15_views import GOAL_DIE_PX as GOAL_DIE_PX
from .nasty15_views import DiceView
from .palette import Size, check_size
from .results import Recorded, Recorder
from .resume import Resumable

__all__ = ["DiceBoard"]


class DiceBoard(Recorded, Resumable, DiceView):
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
        self._starting: tuple[tuple[GoalBoard, GoalBoard], ...] = ()  # the boards New game is starting with
        # -- every argument is checked (and the first game built) before a widget is built ------------------
        size = check_size(size)
        seats = check_seats(players if players is not None else [("You", "human"),
                                                                                ("Computer", "optimal")])
        _check.flag(backs_sum_to_15, "backs_sum_to_15")
        if boards is None:
            pool = default_boards()
        elif isinstance(boards, str):
            pool = parse_boards(boards, backs_sum_to_15)
        else:
            pool = check_board_pairs(boards, "boards", backs_sum_to_15)
        controller = DiceController(seats, pool, handicap=handicap, gambler=gambler, backs_sum_to_15=backs_sum_to_15,
                                    seed=seed, coach=coach, computer_speed=computer_speed, coach_words=coach_words)
        # -- the views, set to the arguments ------------------------------------------------------------------
        super().__init__(seats, pool, handicap=handicap, gambler=gambler, backs_sum_to_15=backs_sum_to_15,
                         coach=coach, computer_speed=computer_speed, size=size)
        #: The state machine behind the board (turns, seats, computer players, worked examples, timers, coach).
        self.controller = controller
        self.setup_panel.mark_played()
        self._wire()
        self._resume_start(key)
        controller.start()

    def _wire(self) -> None:
        """Connect every control to the controller, and the controller to the views."""
        c = self.controller
        c.on_change = self.render
        c.on_message = lambda: self.draw_message(c)
        c.on_tumble = self.draw_tumble
        c.on_new_game = self._game_started
        self.setup_panel.on_say = c.say
        for colour, die in self.dice.items():
            die.on_click(lambda _b, colour=colour: self.click_die(colour))
        self.roll_button.on_click(lambda _b: self.roll())
        self.stop_button.on_click(lambda _b: self.stop())
        self.next_button.on_click(lambda _b: self.next_turn())
        self.step_button.on_click(lambda _b: self.next_move())
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.coach_box.observe(self._coach_changed, names="value")
        self.speed_menu.observe(lambda change: setattr(self, "computer_speed", change["new"]), names="value")

    def _coach_changed(self, change: dict[str, Any]) -> None:
        self.controller.coach = change["new"]
        self.render()

    # -- what the board shows ----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (or the worked example's), the controller's."""
        return self.controller.game

    @property
    def game_seed(self) -> int:
        """The seed of the game being played (drawn at random when the board's seed is None)."""
        return self.controller.game_seed

    @property
    def rolling(self) -> bool:
        """Whether a roll is on the table and its dice are still tumbling (the board waits for them)."""
        return self.controller.rolling

    @property
    def computer_seats(self) -> tuple[str, ...]:
        """The names of the seats the computer plays in the current game, in seat order."""
        return self.controller.computer_seats

    @property
    def example(self) -> WorkedExample | None:
        """The worked example on the board (:meth:`show_example`), or None during a game."""
        return self.controller.example

    def next_step(self) -> str:
        """What to do now, in one or two sentences for the message line (the game's end: who won, with the
        scores, and which button starts a new game).

        >>> DiceBoard(players=[("You", "human")], seed=1).next_step()
        'Your turn: press Roll to roll the six dice.'
        """
        return self.controller.next_step()

    def __repr__(self) -> str:
        return f"DiceBoard(board {self.game.board_number}, {self.game.player}: {self.game.turn.notation()})"

    def _record_game(self) -> None:
        # after each board every seat has played, the game so far is recorded (see the key argument)
        self._resume_keep()
        c = self.controller
        g = c.game
        done = len(g.pad) // len(g.players)
        if self.recorder is None or c.example is not None or done == 0 or len(g.pad) == self._recorded \
                or len(g.pad) % len(g.players):
            return
        self._recorded = len(g.pad)
        totals = g.totals()
        human = next((p for p in g.players if p not in c.computer_seats), None)
        computer = next((p for p in g.players if p in c.computer_seats), None)
        if human is None:  # only computers played: no pupil's result
            return
        self.recorder.write(game="dice", seed=c.game_seed, boards=done, score=totals[human],
                            computer=totals[computer] if computer is not None else 0,
                            policy=c.kind(computer) if computer is not None else None)

    # -- an unfinished game, kept and continued (widgets/resume.py) ----------------------------------------
    def _snapshot(self) -> tuple[dict[str, Any], str] | None:
        c = self.controller
        g = c.game
        fresh = not g.pad and all(v is None for v in (*g.turn.placed, *g.turn.rolled))
        if c.example is not None or g.is_over or fresh:
            return None
        return ({"seed": c.game_seed, "game": g.snapshot(), "seats": [[n, c.kind(n)] for n in g.players],
                 "coach": bool(self.coach_box.value)},
                f"game number {c.game_seed}, board {g.board_number} of {g.rounds}")

    def _restore(self, state: dict[str, Any]) -> None:
        # the pupil's own file: the seats, the game number and every part of the game are checked first
        seats = state.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, list) and len(s) == 2 for s in seats):
            raise InvalidArgumentError("the kept game's seats are not a list of seats", input=_check.short(seats))
        c = self.controller
        seed = state.get("seed")
        if type(seed) is not int:
            raise InvalidArgumentError("the kept game's number is not a whole number", input=_check.short(seed))
        self._starting = self.goal_board_pairs
        c.new_game([(n, k) for n, k in seats], self.goal_board_pairs, handicap=c.game.handicap,
                   gambler=c.game.gambler, backs_sum_to_15=bool(self.backs_box.value), kept=state.get("game"),
                   seed=seed)
        g = c.game
        self.coach_box.value = state.get("coach") is True
        self._recorded = len(g.pad) - len(g.pad) % len(g.players)  # the boards finished were recorded
        earlier = self.recorder.saved() if self.recorder is not None else None
        if self.recorder is not None and earlier is not None and earlier.get("seed") == seed:
            self.recorder.continues()  # the next board's record replaces this game's record, not a second game

    def render(self) -> None:
        """Redraw everything from the game."""
        self._record_game()
        self.draw(self.controller)

    # -- the "Players and variants" panel -------------------------------------------------------------
    def add_seat(self, name: str | None = None, kind: SeatKind = "human") -> None:
        """Add a seat to the setup panel (it plays from the next game: press New game).

        ``name`` None picks "Player n".  Raises InvalidArgumentError for a seventh seat, a name that is not
        text of 1 to 40 characters or is already seated, or a kind outside :data:`SEAT_KINDS`.
        """
        self.setup_panel.add_seat(name, kind)

    def remove_seat(self, index: int) -> None:
        """Remove seat ``index`` (from 0) from the setup panel (from the next game on; at least one stays).

        Raises InvalidArgumentError for an index that is not a seat, or for the last seat.
        """
        self.setup_panel.remove_seat(index)

    @property
    def goal_board_pairs(self) -> tuple[tuple[GoalBoard, GoalBoard], ...]:
        """The goal boards (base side, back side) that new games are dealt from."""
        return self.setup_panel.goal_board_pairs

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
        self.setup_panel.load_boards(text)

    def save_boards(self) -> str:
        """The checked set of goal boards as text (one a line; :meth:`load_boards` reads it back).

        That is the set the next game plays: the game being played uses it too, unless other boards were
        checked since it started.
        """
        return self.setup_panel.save_boards()

    def new_game(self) -> None:
        """End the game in progress and start a new one with the seats, variants and boards in the setup panel.

        Refused with a message (nothing changes) while dice are rolling or when a setting is bad.
        """
        c = self.controller
        if c.rolling:
            c.say("")
            return
        try:
            pool = parse_boards(self.boards_text.value, self.backs_box.value)
        except FifteenKitError as err:
            c.say(f"Cannot start: {err.message}.")
            return
        self._starting = pool
        c.new_game(self.setup_panel.seats(), pool, handicap=self.handicap_box.value, gambler=self.gambler_box.value,
                   backs_sum_to_15=self.backs_box.value)

    def _game_started(self) -> None:
        # the controller has the new game from the panel (before its first redraw): a new game is a new record
        if self.recorder is not None:
            self.recorder.new_game()
        self.setup_panel.goal_board_pairs = self._starting
        self._recorded = 0
        self.setup_panel.mark_played()

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
        self.controller.show_example(key)

    # -- the computer's moves ---------------------------------------------------------------------------
    @property
    def computer_speed(self) -> ComputerSpeed:
        """How the computer's turns are shown (:data:`COMPUTER_SPEEDS`); setting it sets the "Computer speed"
        menu.  Raises InvalidArgumentError for another value.

        >>> board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=1)
        >>> board.computer_speed = "step"
        >>> board.speed_menu.value, board.speed_menu.label
        ('step', 'Step (press Next step)')
        """
        return self.controller.computer_speed

    @computer_speed.setter
    def computer_speed(self, value: ComputerSpeed) -> None:
        """Show the computer's turns at ``value``: a turn in progress goes on at the new speed."""
        speed = _check.choice(value, COMPUTER_SPEEDS, "computer_speed")
        if self.speed_menu.value != speed:
            self.speed_menu.value = speed  # its observer comes back here and sets the controller's speed
        self.controller.computer_speed = speed

    def next_move(self) -> None:
        """The "Next step" button: the next step of a worked example, or the next move of the computer's turn
        (at the speeds other than instant); otherwise the message line says what to do."""
        self.controller.next_move()

    # -- the human's actions ----------------------------------------------------------------------------
    def roll(self) -> None:
        """The human player rolls the unplaced dice (animated when an event loop runs)."""
        self.controller.roll()

    def click_die(self, colour: Colour) -> None:
        """The human places this die (the engine refuses it unless it is valid in the current roll).

        ``colour``: a :class:`Colour` or its letter or name.  Raises NotationError for anything else
        (a click always names a real die).
        """
        self.controller.place(colour)

    def stop(self) -> None:
        """The human stops and scores (the engine refuses it before a die of this roll is placed)."""
        self.controller.stop()

    def next_turn(self) -> None:
        """Write the finished turn on the score pad and let the next player (or computers) play."""
        self.controller.next_turn()

    def verdict_text(self, before: Turn, after: Turn, action: Judged) -> str:
        """The coach's verdict on one decision, in this board's wording: ``before`` (just after a roll), ``after``
        and ``action`` as for :meth:`~fifteen_kit.widgets.nasty15_controller.DiceCoach.verdict`, which says
        what it names and what it raises.

        >>> from fifteen_kit.nasty15 import Turn
        >>> board = DiceBoard(players=[("You", "human")], seed=1)
        >>> before = Turn.parse("433221 ...... 666626 P")
        >>> print(board.verdict_text(before, before.place("G"), "stop"))
        Coach: the best was: place green, then roll on (13.53 points on average); you stopped (2 points). \
Placing green was right; stopping cost 11.53 points on average.
        """
        return self.controller.verdict_text(before, after, action)
