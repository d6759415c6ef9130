"""The Game of 15 board: an ipywidgets app a teacher can project and a student can play.

The board holds one :class:`~fifteen_kit.game_of_15.match.Match` and redraws from
it after every action; every rule is the engine's.  What it offers:

* the pool of nine tiles drawn as the rulebook describes them (numeral, pips,
  diamond frame for odd digits, square frame for even) and both racks;
* two players on one screen, or a computer opponent (random, tactician or
  perfect) playing either side; who starts; a single round, best of 3, 5 or 7
  (first to 2, 3 or 4 round victories, rulebook 2.6.1) or a points-target match
  with any target (2.8); round victories and the ledger points shown side by side;
* two modes, always shown: *practice* (undo, hints, the position box, puzzles) and
  *match* (touch and take, 2.9: no undo, no hints; blind play and blitz are always
  matches); controls a mode does not allow are disabled with the reason as tooltip;
* the same game live as tic-tac-toe on the magic square, clickable if wished,
  with the winning line highlighted in both views;
* automatic claims, or a "Fifteen!" button where the player names three digits and
  an "End turn" button (the drafter's clock runs until one is pressed); blind play
  (nothing on the board shows a drafted digit while the round is on: pool, racks,
  grid, position box and log stay blank; the opponent's statement is said once in
  the message line; claims are manual by default); a speed-blitz countdown run by
  asyncio (no threads, no sleeping);
* the rule readings of the engine (false claim, wrong statement, drafting
  violation, who is crowned) as settings; achievements (1.4) shown when a match ends;
* hints (the perfect-play value of every digit, and each side's threats), undo,
  next round, a move log, the position's notation to copy or paste, and win-in-N
  puzzles from the solver.

The board is thin: :class:`~fifteen_kit.widgets.game_of_15_views.GameOf15View` (its base class) builds
and draws the widgets, and :class:`~fifteen_kit.widgets.game_of_15_controller.GameOf15Controller`
(``board.controller``) runs turns, the computer, the clock and the puzzle referee.

Any click at any time is safe: an impossible action only shows a short message, and
the message line always ends with what to do next (or the result).  Buttons are
enabled exactly when the engine allows their action.  Methods called from Python
with arguments of the wrong type or range raise an error from
:mod:`fifteen_kit.errors` and change nothing.

>>> board = GameOf15Board(opponent="perfect", computer_side="I")
>>> board.pool_buttons[5].click()        # Onyx drafts 5; the perfect computer answers at once
>>> board.match.round.drafts
2
>>> board.pool_buttons[5].click()
>>> board.message.value
'5 is no longer in the pool: Onyx drafted it. Onyx (you): click a tile to draft its digit.'
"""

from __future__ import annotations

import random
from typing import Any

from fifteen_kit import _check
from fifteen_kit.chance import derived_seed
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.game_of_15.match import OPTIONS, FirstDrafter, Match, MatchRules
from fifteen_kit.game_of_15.players import PLAYERS
from fifteen_kit.game_of_15.rules import Side

from .common import sentence
from .game_of_15_controller import MAX_TEXT, GameOf15Controller
from .game_of_15_views import BLITZ_RANGE, MAX_TARGET, MODES, OPPONENTS, GameOf15View
from .palette import Size, check_size
from .results import Recorded, Recorder
from .resume import Resumable

__all__ = ["GameOf15Board"]


def _hints_wait(keys: tuple[str, ...]) -> str:
    # why the hints stay closed: the questions they would answer, not yet answered in this lesson
    from .results import saved_answer

    if all(saved_answer(key) for key in keys):
        return ""
    return "Hints open when you have answered the questions above: then they appear at your next move here."


class GameOf15Board(Recorded, Resumable, GameOf15View):
    """An interactive Game of 15 board (all of the rulebook's modes; see the module docstring).

    Args:
        opponent: ``None`` for two people, or ``'random'``, ``'tactician'``, ``'perfect'``.
        computer_side: the side the computer plays, ``'O'`` or ``'I'``.
        first: who drafts first in round 1 (:data:`~fifteen_kit.game_of_15.match.FirstDrafter`): ``'O'``, ``'I'``,
            ``'coin'`` (or ``None``: a seeded coin flip) or ``'high_tile'`` (a seeded draw of a tile each).
        target: what wins the match, 1..99: round victories (1 single round, 2/3/4 best
            of 3/5/7), or ledger points with ``count='points'``.
        count: ``'rounds'`` (2.6.1, default) or ``'points'`` (2.8): what ``target`` counts.
        auto_claim: fifteens end the round by themselves; False shows the "Fifteen!" and
            "End turn" buttons; None (default): automatic except in blind play.
        blind: blind play; ``blitz``: None or whole seconds per player per round, 5..600.
        view: ``'both'``, ``'pool'`` or ``'grid'``; ``grid_clicks``: draft by clicking the grid.
        hints: show each digit's perfect-play value (practice only).
        seed: an int seeding the computer and the coin flips; None draws one at random.
        position: start from this position's notation (a single practice round), e.g. ``'25/13 O'``.
        mode: ``'practice'`` (undo, hints, positions) or ``'match'`` (touch and take, 2.9);
            None (default): a match for blind play, blitz or a target above one round, else practice.
        false_claim, wrong_statement, violation, champion: the rule readings of
            :class:`~fifteen_kit.game_of_15.match.MatchRules`.
        size: ``'normal'`` (text at least 16 px; the board fits one 1024x768 screen beside JupyterLab's file
            browser) or ``'large'`` (projector size: text at least 22 px); the board's "Projector size"
            toggle and its ``size`` attribute switch it later.
        key: a name like ``"00.game"``: with a key each finished match is recorded in the notebook (see
            :mod:`fifteen_kit.widgets.results`): ``{"game": "game_of_15", "seed", "opponent" (None for two
            people), "computer_side" ("O", "I" or None), "onyx", "ivory" (round wins), "winner" ("O" or "I")}``.
        expert: the rulebook's terms (stalemate, touch and take, section numbers, the ledger's points, the
            achievements table), as the play/ boards show them; False (default) for a lesson's plain words: a
            draw is a draw, and no term the lessons do not explain.
        hints_after: keys of the lesson's questions (``("02.p3",)``) that the hints would answer: the hints stay
            closed (and say why) until each has been answered; the board looks again at every click.

    Raises InvalidArgumentError (or NotationError for ``position``) naming the argument and
    the accepted values, before building anything.

    >>> GameOf15Board(mode="match", target=3).undo_button.disabled
    True
    """

    def __init__(self, opponent: str | None = "tactician", computer_side: str = "I", first: FirstDrafter | None = "O",
                 target: int = 1, auto_claim: bool | None = None, blind: bool = False, blitz: int | None = None,
                 view: str = "both", grid_clicks: bool = False, hints: bool = False, seed: int | None = 0,
                 position: str | None = None, *, count: str = "rounds", mode: str | None = None,
                 false_claim: str = "round", wrong_statement: str = "void", violation: str = "match",
                 champion: str = "target", size: Size = "normal", key: str | None = None,
                 expert: bool = False, hints_after: tuple[str, ...] = ()) -> None:
        # the settings, to tell a kept unfinished match of this board from one of another (widgets/resume.py)
        self._setup = repr(dict(opponent=opponent, computer_side=computer_side, first=first, target=target,
                                auto_claim=auto_claim, blind=blind, blitz=blitz, seed=seed, position=position,
                                count=count, mode=mode))
        self._moves: list[list[Any]] | None = []  # the actions of this match (None: a puzzle or a loaded position)
        self.recorder = Recorder(key, "game") if key is not None else None
        self._recorded: object = None  # the match state last recorded
        # -- every argument is checked before anything is built ----------------------------------
        size = check_size(size)
        opp_label = next((k for k, v in OPPONENTS.items() if v == opponent and type(v) is type(opponent)), None)
        if opp_label is None:
            raise InvalidArgumentError(f"opponent must be None or one of {', '.join(map(repr, PLAYERS))}",
                                       input=opponent)
        computer_value = _side_value(computer_side, "computer_side")
        first_value = OPTIONS["first"].check(first)
        _check.whole(target, 1, MAX_TARGET, "target")
        OPTIONS["count"].check(count)
        if auto_claim is not None:
            _check.flag(auto_claim, "auto_claim")
        _check.flag(blind, "blind")
        _check.flag(expert, "expert")
        if not isinstance(hints_after, tuple) or not all(isinstance(k, str) and 0 < len(k) <= 80
                                                         for k in hints_after):
            raise InvalidArgumentError("hints_after is a tuple of question keys, like ('02.p3',)",
                                       input=_check.short(hints_after))
        if blitz is not None:
            _check.whole(blitz, BLITZ_RANGE[0], BLITZ_RANGE[1], "blitz (seconds per player; None for no clock)")
        _check.choice(view, ("both", "pool", "grid"), "view")
        _check.flag(grid_clicks, "grid_clicks")
        _check.flag(hints, "hints")
        if seed is None:
            seed = random.randrange(10**9)
        _check.whole(seed, 0, 10**12, "seed")
        if position is not None:
            _check.text(position, MAX_TEXT, "position")
        if mode is None:
            mode = "match" if blind or blitz is not None or target > 1 or count == "points" else "practice"
        _check.choice(mode, tuple(MODES.values()), "mode")
        if mode == "practice" and (blind or blitz is not None):
            raise InvalidArgumentError("blind play and blitz are matches under touch and take (2.9), not practice",
                                       input=mode)
        readings = dict(false_claim=false_claim, wrong_statement=wrong_statement, violation=violation,
                        champion=champion)
        for name, value in readings.items():
            OPTIONS[name].check(value)
        if auto_claim is None:
            auto_claim = not blind
        if position is not None:
            if mode != "practice":
                raise InvalidArgumentError("a position is studied in practice mode (mode='practice')",
                                           input=position)
            Match(rules=MatchRules(target=1, auto_claim=auto_claim, practice=True), position=position.strip())

        # -- the views, set to the arguments (before any observer is wired) ----------------------
        super().__init__(size)
        self.opponent_menu.value = opp_label
        self.computer_side_menu.value = computer_value
        self.first_menu.value = first_value
        self.set_length(count, target)
        if count != "points":
            self.points_box.value = 3
        self.mode_menu.value = next(k for k, v in MODES.items() if v == mode)
        self.claims_menu.value = auto_claim
        self.blind_box.value = blind
        self.blitz_box.value = blitz is not None
        self.blitz_seconds.value = blitz or 60
        for name, value in readings.items():
            self.reading_menus[name].value = value
        self.view_menu.value = view
        self.grid_clicks_box.value = grid_clicks
        self.hints_box.value = hints
        self.show_points_box()

        # -- the controller ------------------------------------------------------------------------
        if position is not None:
            match = Match(rules=MatchRules(target=1, auto_claim=auto_claim, practice=True), position=position.strip())
        else:
            match = Match(rules=self.chosen_rules(), seed=derived_seed(seed, 1, 1000))
        self._seed = seed
        self._first_rules = match.rules
        #: The state machine behind the board (turns, computer replies, clock, puzzle referee).
        self.controller = GameOf15Controller(match, seed=seed, opponent=OPPONENTS[opp_label],
                                             computer_side=computer_value or Side.IVORY.value)
        self.controller.grid_clicks = grid_clicks
        self.controller.expert = expert
        self.hints_wait = lambda: _hints_wait(hints_after)
        self.controller.on_change = self.render
        self.controller.on_clock = lambda: self.draw_clock(self.controller)
        self._quiet = False  # True while the board itself sets menus (no "settings apply" message then)
        self._wire()
        self._resume_start(key)
        self.controller.start()

    def _wire(self) -> None:
        """Connect every control to the controller (clicks) or to the settings that follow each other."""
        c = self.controller
        for d, tile in self.pool_buttons.items():
            tile.on_click(lambda _b, d=d: self.click_digit(d))
        for d, cell in self.grid_buttons.items():
            cell.on_click(lambda _b, d=d: self.click_digit(d, from_grid=True))
        self.blind_text.observe(self._blind_typed, names="value")
        self.blind_button.on_click(lambda _b: self._blind_draft())
        self.claim_button.on_click(lambda _b: self.claim())
        self.end_turn_button.on_click(lambda _b: self.end_turn())
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.load_button.on_click(lambda _b: self._load_typed())
        self.puzzle_button.on_click(lambda _b: self.new_puzzle(self.puzzle_menu.value))
        self.new_match_button.on_click(lambda _b: self.new_match())
        self.opponent_menu.observe(lambda _ch: self._opponent_changed(), names="value")
        self.computer_side_menu.observe(lambda _ch: self._opponent_changed(), names="value")
        self.grid_clicks_box.observe(lambda ch: setattr(c, "grid_clicks", ch["new"]), names="value")
        for control in (self.view_menu, self.grid_clicks_box, self.hints_box):
            control.observe(lambda _ch: self.render(), names="value")
        # settings that belong together follow each other (they apply at New match)
        self.blind_box.observe(self._blind_changed, names="value")
        self.blitz_box.observe(self._blitz_changed, names="value")
        self.mode_menu.observe(self._mode_changed, names="value")
        for control in (self.length_menu, self.blitz_box):
            control.observe(lambda _ch: self.show_points_box(), names="value")
        self.view_menu.observe(self._view_changed, names="value")
        self.points_box.observe(lambda ch: self._in_range(ch, 1, MAX_TARGET, "The points target"), names="value")
        self.blitz_seconds.observe(lambda ch: self._in_range(ch, *BLITZ_RANGE, "Blitz seconds"), names="value")
        for control in (self.blind_box, self.blitz_box, self.mode_menu, self.length_menu, self.claims_menu,
                        self.first_menu):
            control.observe(lambda _ch: self._settings_changed(), names="value")

    # -- settings -----------------------------------------------------------------------------------
    def _blind_changed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.claims_menu.value = False  # blind players state their combination
            self.mode_menu.value = _mode_label("match")

    def _blitz_changed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.mode_menu.value = _mode_label("match")

    def _mode_changed(self, change: dict[str, Any]) -> None:
        if MODES[change["new"]] == "practice":
            self.blind_box.value = False
            self.blitz_box.value = False

    def _view_changed(self, change: dict[str, Any]) -> None:
        if change["new"] == "grid":
            self.grid_clicks_box.value = True  # with the square alone, the square is where one drafts

    def _in_range(self, change: dict[str, Any], low: int, high: int, what: str) -> None:
        """A number box set outside low..high is set to the nearer end, and the message line says so."""
        value = change["new"]
        if low <= value <= high:
            self._settings_changed()
            return
        kept = min(max(value, low), high)
        self._set_quietly_on(change["owner"], kept)
        self.controller.announce(f"{what} is {low} to {high}: {value} was set to {kept}. "
                                 "It applies from the next match: press New match to start it.")

    def _settings_changed(self) -> None:
        # a match's rules never change while it is played: the board says when the settings apply
        if not self._quiet:
            self.controller.announce("These settings apply from the next match: press New match to start it.")

    def _opponent_changed(self) -> None:
        if not self._quiet:
            self.computer_side_menu.disabled = OPPONENTS[self.opponent_menu.value] is None
            self.controller.set_opponent(OPPONENTS[self.opponent_menu.value], self.computer_side_menu.value)

    def _set_quietly_on(self, control: Any, value: Any) -> None:
        self._quiet = True
        try:
            control.value = value
        finally:
            self._quiet = False

    def _set_quietly(self, **values: Any) -> None:
        """Set menus to what the controller already did (their observers stay silent)."""
        self._quiet = True
        try:
            for name, value in values.items():
                getattr(self, name).value = value
        finally:
            self._quiet = False

    @property
    def match(self) -> Match:
        """The match being played (the controller's)."""
        return self.controller.match

    @property
    def computer_side(self) -> Side | None:
        """The side the computer plays, or None with two human players."""
        return self.controller.computer_side

    @property
    def practice(self) -> bool:
        """True if the current match is a practice match (undo, hints, positions allowed)."""
        return self.controller.practice

    @property
    def clock_running(self) -> bool:
        """True while the asyncio timer of the blitz clock is alive."""
        return self.controller.clock_running

    def prompt(self) -> str:
        """What to do next, read from the engine (the message line always ends with it).

        >>> GameOf15Board(opponent=None).prompt()
        'Onyx: click a tile to draft its digit.'
        """
        return self.controller.prompt()

    def _record_game(self) -> None:
        # a finished match is recorded once (with a key)
        self._resume_keep()
        c = getattr(self, "controller", None)
        if self.recorder is None or c is None or not c.match.is_over or c.match.state is self._recorded:
            return
        self._recorded = c.match.state
        wins, winner, side = c.match.round_wins, c.match.winner, c.computer_side
        self.recorder.write(game="game_of_15", seed=self._seed, opponent=c.computer_name,
                            computer_side=side.value if side is not None else None, onyx=wins[Side.ONYX],
                            ivory=wins[Side.IVORY], winner=winner.value if winner is not None else None)

    # -- an unfinished match, kept and continued (widgets/resume.py) -----------------------------------------
    def _log(self, action: str, *args: Any) -> None:
        # one of the person's actions in this match; the match replays them in order to come back as it was
        if self._moves is not None and not self._resume_quiet:
            self._moves.append([action, *args])
            self._resume_keep()  # (the redraw after the action kept the state before it)

    def _snapshot(self) -> tuple[dict[str, Any], str] | None:
        m = self.controller.match
        if not self._moves or m.is_over or self.controller.puzzle is not None:
            return None
        wins = m.round_wins
        return ({"setup": self._setup, "actions": [list(a) for a in self._moves], "new_matches": self.controller.games},
                f"round {m.round_number} with {len(m.round.rack(Side.ONYX)) + len(m.round.rack(Side.IVORY))} digits "
                f"drafted; rounds won: Onyx {wins[Side.ONYX]}, Ivory {wins[Side.IVORY]}")

    def _restore(self, state: dict[str, Any]) -> None:
        # the pupil's own file: only a match of this board's settings, and only the board's own actions, each
        # checked as a click checks it; the match is played again from its start with the same seed
        actions, games = state.get("actions"), state.get("new_matches", 1)
        if state.get("setup") != self._setup:
            raise InvalidArgumentError("it was played on a board with other settings", input=_check.short(state))
        if not isinstance(actions, list) or len(actions) > 2000 or type(games) is not int or not 1 <= games <= 1000:
            raise InvalidArgumentError("it is not a list of moves", input=_check.short(actions))
        c = self.controller
        if games > 1:  # the pupil had pressed New match: the same match number, so the same coin flips
            c.games = games - 1
            c.new_match(self._first_rules, self._first_rules.first)
        for action in actions:
            if not isinstance(action, list) or not action or action[0] not in _ACTIONS:
                raise InvalidArgumentError("a kept move is not one of the board's", input=_check.short(action))
            name, *args = action
            if name == "digit":
                c.click_digit(*args[:2])
            elif name in ("typed", "claim"):
                (getattr(c, "draft_typed" if name == "typed" else "claim"))(_check.text(args[0], MAX_TEXT, "a move"))
            else:
                getattr(c, name)()
        self._moves = [list(a) for a in actions]
        c.announce("Your match is back as you left it.")

    def render(self) -> None:
        """Redraw every part of the board from the controller's match."""
        self._record_game()
        self.computer_side_menu.disabled = self.controller.computer_side is None
        self.draw(self.controller)

    def __repr__(self) -> str:
        return f"GameOf15Board(round {self.match.round_number}: {self.match.round.notation()})"

    # -- actions (each the controller's; the board keeps only its text boxes) ------------------------
    def click_digit(self, digit: int, from_grid: bool = False) -> None:
        """A human drafts ``digit`` (a click on a pool tile, or on the grid when enabled).

        Raises InvalidArgumentError unless ``digit`` is a whole number 1..9 and ``from_grid`` True/False.
        """
        self.controller.click_digit(digit, from_grid)
        self._log("digit", digit, from_grid)

    def _blind_typed(self, change: dict[str, Any]) -> None:
        if change["new"].strip():  # a digit typed and Enter pressed (a box cleared by the board is not one)
            self._blind_draft()

    def _blind_draft(self) -> None:
        text = self.blind_text.value
        if len(text) > MAX_TEXT or text.strip():
            self.blind_text.value = ""
        self.controller.draft_typed(text)
        self._log("typed", text[:MAX_TEXT])

    def claim(self, digits: str | None = None) -> None:
        """Call "Fifteen!" for the human whose turn is open, naming digits (typed, or given as text).

        Raises InvalidArgumentError unless ``digits`` is None (read the box) or text of at most 200 characters.
        """
        if digits is not None:
            _check.text(digits, MAX_TEXT, "digits")
        text = self.claim_text.value if digits is None else digits
        if len(text) > MAX_TEXT:
            self.claim_text.value = ""
        claimed = self.controller.claim(text)
        self._log("claim", text[:MAX_TEXT])
        if claimed:
            self.claim_text.value = ""

    def tick(self, seconds: float) -> None:
        """Speed blitz: let ``seconds`` pass on the clock of the side that must act (the timer calls this).

        Does nothing without a clock or a round in play.  Raises InvalidArgumentError unless
        ``seconds`` is a finite number, 0 or more.
        """
        self.controller.tick(seconds)

    def end_turn(self) -> None:
        """End a human's open turn without a claim (manual claims); with the pool empty, the round is drawn."""
        self.controller.end_turn()
        self._log("end_turn")

    def undo(self) -> None:
        """Practice only: take back the last move; against the computer, back to your last draft."""
        self.controller.undo()
        self._log("undo")

    def next_round(self) -> None:
        """Start the next round of the match (the other side drafts first)."""
        self.controller.next_round()
        self._log("next_round")

    def new_match(self) -> None:
        """Start a new match with the current settings."""
        try:
            rules = self.chosen_rules()
        except FifteenKitError as err:  # e.g. a points target typed outside 1..99
            self.controller.announce(f"Cannot start that match: {sentence(err.message)}")
            return
        self._moves = [] if rules == self._first_rules else None  # a match of other settings is not kept
        if self.recorder is not None:
            self.recorder.new_game()
        self.controller.new_match(rules, rules.first)

    def load(self, text: str) -> None:
        """Start a single practice round from a position in the kit's notation (e.g. ``'25/13 O'``).

        Raises InvalidArgumentError unless ``text`` is text of at most 200 characters; text that
        is not a position only shows a message.
        """
        _check.text(text, MAX_TEXT, "text (a position such as '25/13 O')")
        if self.controller.load(text):
            self._moves = None
            self._set_quietly(mode_menu=_mode_label("practice"))  # also clears blind play and blitz

    def _load_typed(self) -> None:
        text = self.notation_text.value
        if len(text) > MAX_TEXT:
            self.notation_text.value = ""
            self.controller.announce(f"That is longer than {MAX_TEXT} characters: type a position such as 25/13 O.")
            return
        self.load(text)

    def new_puzzle(self, drafts: int = 2) -> None:
        """A win-in-``drafts`` practice puzzle (1..3): you move, the perfect computer defends the other side.

        Raises InvalidArgumentError unless ``drafts`` is 1, 2 or 3.
        """
        _check.whole(drafts, 1, 3, "drafts (own drafts to win)")
        self.controller.new_puzzle(drafts)
        self._moves = None
        side = self.controller.computer_side or Side.IVORY
        self._set_quietly(mode_menu=_mode_label("practice"), opponent_menu="Computer: perfect",
                          computer_side_menu=side.value)
        self.render()


#: The person's actions a kept unfinished match may hold (widgets/resume.py), each replayed as its click.
_ACTIONS = ("digit", "typed", "claim", "end_turn", "undo", "next_round")


def _mode_label(mode: str) -> str:
    return next(k for k, v in MODES.items() if v == mode)


def _side_value(value: object, what: str) -> str:
    """'O' or 'I' for a side given as 'O'/'I'/'onyx'/'ivory' (any case) or a Side."""
    if isinstance(value, Side):
        return value.value
    if isinstance(value, str) and len(value) <= 10:
        key = value.strip().lower()
        if key in ("o", "onyx"):
            return "O"
        if key in ("i", "ivory"):
            return "I"
    raise InvalidArgumentError(f"{what} must be 'O' (Onyx) or 'I' (Ivory)", input=value)
