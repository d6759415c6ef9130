"""The Game of 15 board: an ipywidgets app a teacher can project and a student can play.

The board holds one :class:`~fifteen_kit.game_of_15.match.Match` and redraws from
it after every action; every rule is the engine's.  What it offers:

* the pool of nine tiles drawn as the rulebook describes them (numeral, pips,
  diamond frame for odd digits, square frame for even) and both racks;
* two players on one screen, or a computer opponent (random, tactician or
  perfect) playing either side; who starts; single round, best of 5 or best of 7;
* the same game live as tic-tac-toe on the magic square, clickable if wished,
  with the winning line highlighted in both views;
* automatic claims, or a "Fifteen!" button where the player names three digits;
  blind play (hidden pool and racks, typed digits); a speed-blitz countdown run
  by asyncio (no threads, no sleeping);
* hints (the perfect-play value of every digit, and each side's threats), undo,
  next round, a move log, the position's notation to copy or paste, and win-in-N
  puzzles from the solver.

Any click at any time is safe: an impossible action only shows a short message.

>>> board = GameOf15Board(opponent="perfect", computer_side="I")
>>> board.pool_buttons[5].click()        # Onyx drafts 5; the perfect computer answers at once
>>> board.match.round.drafts
2
>>> board.pool_buttons[5].click()
>>> board.message.value
'5 is already taken: Onyx drafted it.'
"""

from __future__ import annotations

import asyncio
from html import escape
from string import Template
from urllib.parse import quote

import ipywidgets as w

from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.game_of_15.match import Match, MatchRules
from fifteen_kit.game_of_15.players import PLAYERS, make_player, threats
from fifteen_kit.game_of_15.puzzles import puzzles
from fifteen_kit.game_of_15.rules import Reason, Side
from fifteen_kit.game_of_15.solver import evaluate, move_evaluations
from fifteen_kit.game_of_15.square import MAGIC_SQUARE
from fifteen_kit.svg import THEME, tile_image, tile_strip

from .common import sentence

__all__ = ["LENGTHS", "OPPONENTS", "GameOf15Board"]

#: Opponent menu: label -> computer player name (None: two people on one screen).
OPPONENTS = {"Two players": None, "Computer: random": "random", "Computer: tactician": "tactician",
             "Computer: perfect": "perfect"}
#: Match length menu: label -> match target (points to win).
LENGTHS = {"Single round": 1, "Best of 5": 3, "Best of 7": 4}

# Hint glyphs and colour-blind-safe colours (Okabe-Ito): a glyph always goes with the colour.
_HINT = {"win": ("✔", "#0072B2"), "draw": ("=", "#8a6a1f"), "loss": ("✘", "#D55E00")}


_STYLE = Template("""
.f15-board{background:$mahogany;padding:14px;border-radius:14px;color:$ivory;font-family:Georgia,serif}
.f15-board .widget-label,.f15-board .widget-html-content,.f15-board label{color:$ivory}
.f15-panel{background:$mahogany_light;border-radius:10px;padding:6px}
.f15-tile{width:64px!important;height:90px!important;padding:0!important;border:0!important;
  background-color:transparent!important;background-size:100% 100%;background-repeat:no-repeat;
  color:transparent!important;box-shadow:none!important;font-size:1px!important}
.f15-tile:hover{filter:brightness(1.08)}
.f15-tile:focus-visible,.f15-cell:focus-visible{outline:3px solid #56B4E9!important;outline-offset:2px}
.f15-taken{background-image:none!important;background-color:$recess!important;background-clip:content-box;
  padding:6px 5px!important;border-radius:9px;color:$mahogany_light!important;font-size:18px!important}
.f15-cell{width:76px!important;height:76px!important;font-size:34px!important;font-weight:bold;position:relative;
  background-color:#e9dcb6!important;color:$ink!important;border:2px solid $mahogany!important;
  border-radius:6px;font-family:Georgia,serif;opacity:1!important}
.f15-cell:disabled{cursor:default}
.f15-cell-O{background-color:$onyx!important;color:$ivory!important}
.f15-cell-I{background-color:#ffffff!important;color:$onyx!important;border:4px solid $onyx!important}
.f15-cell-win{box-shadow:inset 0 0 0 6px $win!important}
.f15-cell.f15-empty{font-size:24px!important;font-weight:normal;color:$brass_dark!important}
.f15-cell::after{position:absolute;top:3px;left:7px;font-size:14px;font-weight:normal;opacity:.85}
.f15-cell.f15-empty::after{content:none!important}
.f15-hint{width:64px;text-align:center;font-size:14px;font-weight:bold;line-height:1.2;margin-top:2px}
.f15-board .jupyter-widget-Collapse-header{background:$mahogany_light!important;color:$ivory!important;
  border-color:$mahogany!important}
.f15-board .jupyter-widget-Collapse-contents{background:$mahogany!important;border-color:$mahogany_light!important}
.f15-log{max-height:150px;overflow-y:auto;background:$ivory;color:$ink;border-radius:8px;padding:4px 10px;
  font-size:13px}
.f15-msg{min-height:1.4em;font-size:15px;color:#F0E442}
.f15-status{font-size:19px}
""")


def _css() -> str:
    """The board's style sheet: tile faces as SVG backgrounds, grid cells, focus rings."""
    rules = [_STYLE.substitute(THEME)]
    for d in range(1, 10):
        uri = "data:image/svg+xml;utf8," + quote(str(tile_image(d, "brass", size=64)))
        rules.append(f'.f15-tile-{d}{{background-image:url("{uri}")}}')
        rules.append(f'.f15-cell-d{d}::after{{content:"{d}"}}')
    return "<style>" + "\n".join(rules) + "</style>"


_CSS = _css()


class GameOf15Board(w.VBox):
    """An interactive Game of 15 board (all of the rulebook's modes; see the module docstring).

    Args:
        opponent: ``None`` for two people, or ``'random'``, ``'tactician'``, ``'perfect'``.
        computer_side: the side the computer plays, ``'O'`` or ``'I'``.
        first: who drafts first in round 1: ``'O'``, ``'I'`` or ``None`` (seeded coin flip).
        target: match points to win (1 single round, 3 best of 5, 4 best of 7).
        auto_claim: fifteens end the round by themselves; False shows the "Fifteen!" button.
        blind: blind play; ``blitz``: seconds per player per round (speed blitz) or None.
        view: ``'both'``, ``'pool'`` or ``'grid'``; ``grid_clicks``: draft by clicking the grid.
        hints: show each digit's perfect-play value; ``seed``: seeds the computer and coin flips.
        position: start from this position's notation (a single round), e.g. ``'25/13 O'``.

    Raises InvalidArgumentError (from the engine) for impossible settings.
    """

    def __init__(self, opponent: str | None = "tactician", computer_side: str = "I", first: str | None = "O",
                 target: int = 1, auto_claim: bool = True, blind: bool = False, blitz: float | None = None,
                 view: str = "both", grid_clicks: bool = False, hints: bool = False, seed: int = 0,
                 position: str | None = None) -> None:
        super().__init__()
        self.add_class("f15-board")
        self._seed = seed
        self._games = 0
        self._computer = None
        self._turn_open = False  # manual claims vs the computer: the human may still claim
        self._puzzle = None
        self._clock_task = None

        # -- settings ------------------------------------------------------------------------
        opp_label = next((k for k, v in OPPONENTS.items() if v == opponent), None)
        if opp_label is None:
            raise InvalidArgumentError(f"opponent is None or one of {', '.join(PLAYERS)}", input=opponent)
        self.opponent_menu = w.Dropdown(options=list(OPPONENTS), value=opp_label, description="Opponent",
                                        tooltip="Who plays against you")
        self.computer_side_menu = w.Dropdown(options=[("Ivory", "I"), ("Onyx", "O")],
                                             value=Side.parse(computer_side).value, description="Computer is",
                                             tooltip="Which side the computer plays")
        self.first_menu = w.Dropdown(options=[("Onyx", "O"), ("Ivory", "I"), ("Coin flip", None)], value=first,
                                     description="First", tooltip="Who drafts first in round 1 (new match)")
        length = next((k for k, v in LENGTHS.items() if v == target), None)
        self.length_menu = w.Dropdown(options=list(LENGTHS) if length else [*LENGTHS, f"First to {target}"],
                                      value=length or f"First to {target}", description="Match",
                                      tooltip="Match length (new match)")
        self._target = target
        self.claims_menu = w.ToggleButtons(options=[("Auto claim", True), ("Fifteen! button", False)],
                                           value=auto_claim, tooltips=["A fifteen wins by itself",
                                                                       "Call Fifteen! and name your three digits"])
        self.blind_box = w.Checkbox(value=blind, description="Blind play", indent=False,
                                    tooltip="Pool and racks hidden: type your digits (new match)")
        self.blitz_box = w.Checkbox(value=blitz is not None, description="Speed blitz", indent=False,
                                    tooltip="A countdown per player (new match)")
        self.blitz_seconds = w.BoundedIntText(value=int(blitz or 60), min=5, max=600, description="seconds",
                                              layout=w.Layout(width="150px"))
        self.new_match_button = w.Button(description="New match", icon="refresh", button_style="primary",
                                         tooltip="Start a new match with these settings")
        self.view_menu = w.ToggleButtons(options=[("Pool", "pool"), ("Magic square", "grid"), ("Both", "both")],
                                         value=view, tooltips=["Digits only", "Tic-tac-toe twin only", "Both"])
        self.grid_clicks_box = w.Checkbox(value=grid_clicks, description="Play on the grid", indent=False,
                                          tooltip="Draft by clicking a cell of the magic square")
        self.hints_box = w.Checkbox(value=hints, description="Hints", indent=False,
                                    tooltip="Show what perfect play makes of every digit")

        # -- the board -------------------------------------------------------------------------
        self.status = w.HTML()
        self.status.add_class("f15-status")
        self.score = w.HTML()
        self.clock_view = w.HTML()
        self.message = w.HTML()
        self.message.add_class("f15-msg")
        self.pool_buttons: dict[int, w.Button] = {}
        self.hint_labels: dict[int, w.HTML] = {}
        columns = []
        for d in range(1, 10):
            b = w.Button(description=str(d), tooltip=f"Draft {d}", layout=w.Layout(width="64px", height="90px"))
            b.add_class("f15-tile")
            b.on_click(lambda _b, d=d: self.click_digit(d))
            self.pool_buttons[d] = b
            self.hint_labels[d] = w.HTML()
            self.hint_labels[d].add_class("f15-hint")
            columns.append(w.VBox([b, self.hint_labels[d]], layout=w.Layout(align_items="center")))
        self.pool_row = w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))  # tiles wrap, never squash
        self.racks = {side: w.HTML() for side in Side}
        self.grid_buttons: dict[int, w.Button] = {}
        cells = []
        for row in MAGIC_SQUARE:
            for d in row:
                b = w.Button(description=str(d), tooltip=f"Cell of {d}", layout=w.Layout(width="76px", height="76px"))
                b.add_class("f15-cell")
                b.add_class(f"f15-cell-d{d}")
                b.on_click(lambda _b, d=d: self.click_digit(d, from_grid=True))
                self.grid_buttons[d] = b
                cells.append(b)
        self.grid = w.GridBox(cells, layout=w.Layout(grid_template_columns="repeat(3, 80px)", grid_gap="2px"))
        self.threats_view = w.HTML()
        self.pool_panel = w.VBox([w.HTML("<b>Pool</b>"), self.pool_row, self.racks[Side.ONYX], self.racks[Side.IVORY]])
        self.grid_panel = w.VBox([w.HTML("<b>The magic square</b>"), self.grid],
                                 layout=w.Layout(margin="0 0 0 18px"))
        self.blind_text = w.Text(placeholder="a digit, e.g. 7", description="Your digit", continuous_update=False,
                                 layout=w.Layout(width="220px"))
        self.blind_button = w.Button(description="Draft", tooltip="Draft the digit you typed")
        self.blind_text.observe(lambda c: c["new"].strip() and self._blind_draft(), names="value")
        self.blind_button.on_click(lambda _b: self._blind_draft())
        self.blind_panel = w.VBox([w.HTML("<i>Blind play: the pool and the racks are hidden. Keep them in "
                                          "your head and name a digit.</i>"), w.HBox([self.blind_text,
                                                                                      self.blind_button])])
        self.claim_text = w.Text(placeholder="three digits, e.g. 2 5 8", description="Digits",
                                 layout=w.Layout(width="240px"))
        self.claim_button = w.Button(description="Fifteen!", button_style="success",
                                     tooltip="Claim a fifteen with the three digits you typed")
        self.end_turn_button = w.Button(description="End turn", tooltip="Pass the turn without a claim")
        self.claim_button.on_click(lambda _b: self.claim())
        self.end_turn_button.on_click(lambda _b: self.end_turn())
        self.claim_panel = w.HBox([self.claim_text, self.claim_button, self.end_turn_button])
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back the last move")
        self.next_round_button = w.Button(description="Next round", icon="forward", tooltip="Start the next round")
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.notation_text = w.Text(description="Position", tooltip="Copy this, or paste a position and Load",
                                    layout=w.Layout(width="240px", margin="0 0 0 24px"),
                                    style={"description_width": "initial"})
        self.load_button = w.Button(description="Load", tooltip="Start a round from the position typed")
        self.load_button.on_click(lambda _b: self.load(self.notation_text.value))
        self.puzzle_menu = w.Dropdown(options=[("Win in 1", 1), ("Win in 2", 2), ("Win in 3", 3)], value=2,
                                      description="Puzzle", layout=w.Layout(width="190px"),
                                      style={"description_width": "initial"})
        self.puzzle_button = w.Button(description="New puzzle", icon="puzzle-piece",
                                      tooltip="A position where you can force a win; the computer defends perfectly")
        self.puzzle_button.on_click(lambda _b: self.new_puzzle(self.puzzle_menu.value))
        self.log_view = w.HTML()
        self.log_view.add_class("f15-log")

        self.new_match_button.on_click(lambda _b: self.new_match())
        self.opponent_menu.observe(lambda _c: self._opponent_changed(), names="value")
        self.computer_side_menu.observe(lambda _c: self._opponent_changed(), names="value")
        for control in (self.view_menu, self.grid_clicks_box, self.hints_box):
            control.observe(lambda _c: self.render(), names="value")

        settings = w.VBox([
            w.HBox([self.opponent_menu, self.computer_side_menu]),
            w.HBox([self.first_menu, self.length_menu]),
            w.HBox([self.claims_menu]),
            w.HBox([self.blind_box, self.blitz_box, self.blitz_seconds, self.new_match_button]),
        ])
        settings.add_class("f15-panel")
        view_row = w.HBox([self.view_menu, self.grid_clicks_box, self.hints_box])
        self.children = [
            w.HTML(_CSS),
            w.HBox([self.status, self.score], layout=w.Layout(justify_content="space-between")),
            self.clock_view,
            self.message,
            # "row wrap": on a narrow notebook (file browser open) the square moves under the pool, never cut off
            w.HBox([self.pool_panel, self.grid_panel, self.blind_panel],
                   layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
            self.threats_view,
            self.claim_panel,
            w.HBox([self.undo_button, self.next_round_button, self.notation_text, self.load_button]),
            w.HBox([self.puzzle_menu, self.puzzle_button]),
            w.Accordion(children=[settings, w.VBox([view_row]), self.log_view],
                        titles=("Settings", "View", "Move log")),
        ]
        self.match = self._make_match(position)
        self._opponent_changed(render=False)
        self._computer_turns()
        self.render()
        self._start_clock()

    # -- settings -----------------------------------------------------------------------------------
    def _make_match(self, position: str | None = None) -> Match:
        target = LENGTHS.get(self.length_menu.value, self._target)
        rules = MatchRules(target=target, auto_claim=self.claims_menu.value, blind=self.blind_box.value,
                           clock=float(self.blitz_seconds.value) if self.blitz_box.value else None)
        self._games += 1
        return Match(rules=rules, first=self.first_menu.value, seed=self._seed * 1000 + self._games,
                     position=position)

    def _opponent_changed(self, render: bool = True) -> None:
        name = OPPONENTS[self.opponent_menu.value]
        self.computer_side_menu.disabled = name is None
        self._computer = None if name is None else make_player(name, seed=self._seed)
        if render:
            self._turn_open = False
            self._computer_turns()
            self.render()

    @property
    def computer_side(self) -> Side | None:
        """The side the computer plays, or None with two human players."""
        return None if self._computer is None else Side.parse(self.computer_side_menu.value)

    # -- actions ----------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    def click_digit(self, digit: int, from_grid: bool = False) -> None:
        """A human drafts ``digit`` (a click on a pool tile, or on the grid when enabled)."""
        m = self.match
        if from_grid and not self.grid_clicks_box.value:
            self._say("Turn on 'Play on the grid' (under View) to draft by clicking the square.")
            return
        if m.is_over:
            self._say("The match is over. Press New match to play again.")
            return
        if m.round.is_over:
            self._say("This round is over. Press Next round.")
            return
        if m.round.awaiting_claim:
            self._say("The pool is empty: call Fifteen! or press End turn.")
            return
        if self._turn_open:
            self._say("Call Fifteen! or press End turn first.")
            return
        if self.computer_side is m.round.to_move:
            self._say("Wait for the computer's move.")
            return
        owner = m.round.cell_owner(digit)
        if owner is not None:
            self._say(f"{digit} is already taken: {owner.title} drafted it.")
            return
        self._draft(digit)

    def _draft(self, digit: int | str) -> None:
        m = self.match
        side = m.round.to_move
        try:
            m.draft(digit)
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        self._say(self._result_text() if m.round.is_over else "")
        if m.rules.blind and m.round.is_over and m.round.result.reason is Reason.DEFAULT:
            self._say(f"{side.title} named {digit!r}, which is not in the pool: the match is lost by default.")
        if not m.rules.auto_claim and not m.round.is_over and self.computer_side is not None:
            self._turn_open = True
            self._say("Your digit is on your rack. Call Fifteen! with three digits, or press End turn.")
        self._check_puzzle()
        self._computer_turns()
        self.render()

    def _blind_draft(self) -> None:
        text = self.blind_text.value
        if not text.strip():
            self._say("Type a digit, then press Draft.")
            return
        self.blind_text.value = ""
        if self.match.round.is_over or self.match.is_over or self.computer_side is self.match.round.to_move:
            self._say("It is not your turn to draft.")
            return
        if self._turn_open or self.match.round.awaiting_claim:
            self._say("Call Fifteen! or press End turn first.")
            return
        self._draft(text)

    def claim(self, digits: str | None = None) -> None:
        """Call "Fifteen!" for the side that drafted last, naming three digits (typed or given)."""
        text = self.claim_text.value if digits is None else digits
        m = self.match
        if m.rules.auto_claim:
            self._say("Claims are automatic in this match.")
            return
        if m.is_over or m.round.is_over:
            self._say("There is nothing to claim now.")
            return
        if m.round.last_drafter is None or m.round.last_drafter is self.computer_side:
            self._say("Only the player who just drafted may call Fifteen!")
            return
        try:
            m.claim(text)
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        self.claim_text.value = ""
        self._turn_open = False
        self._say(self._result_text())
        self._computer_turns()
        self.render()

    def end_turn(self) -> None:
        """End a human turn without a claim (manual claims): the opponent may draft now."""
        m = self.match
        if m.round.awaiting_claim and m.round.last_drafter is not self.computer_side:
            m.decline_claim()
            self._turn_open = False
            self._say(self._result_text())
        elif self._turn_open:
            self._turn_open = False
            self._say("")
            self._computer_turns()
        else:
            self._say("There is no turn to end: draft a digit.")
            return
        self.render()

    def undo(self) -> None:
        """Take back the last move; against the computer, also its reply, so it is your turn again."""
        m = self.match
        if not m.can_undo:
            self._say("Nothing to undo.")
            return
        computer = self.computer_side
        if computer is None:
            m.undo()
        else:  # take back moves until one of the human's drafts is gone and it is the human's turn
            human = computer.other
            before = (m.round_number, len(m.round.rack(human)))
            m.undo()
            while m.can_undo and ((m.round_number, len(m.round.rack(human))) == before
                                  or m.round.to_move is computer):
                m.undo()
            self._computer_turns()
        self._turn_open = False
        self._say("Move taken back.")
        self.render()

    def next_round(self) -> None:
        """Start the next round of the match (the other side drafts first)."""
        m = self.match
        if m.is_over:
            self._say("The match is over. Press New match to play again.")
            return
        if not m.round.is_over:
            self._say("Finish this round first.")
            return
        m.next_round()
        self._turn_open = False
        self._puzzle = None
        self._say(f"Round {m.round_number}: {m.round.to_move.title} drafts first.")
        self._computer_turns()
        self.render()
        self._start_clock()

    def new_match(self) -> None:
        """Start a new match with the current settings."""
        self.match = self._make_match()
        self._turn_open = False
        self._puzzle = None
        self._say("New match.")
        self._computer_turns()
        self.render()
        self._start_clock()

    def load(self, text: str) -> None:
        """Start a single round from a position written in the kit's notation (e.g. ``'25/13 O'``)."""
        try:
            match = Match(rules=MatchRules(target=1, auto_claim=self.claims_menu.value), position=text.strip())
        except FifteenKitError as err:
            self._say(f"Cannot load that position: {err.message}.")
            return
        self.match = match
        self._turn_open = False
        self._puzzle = None
        self._say(f"Loaded {match.round.notation()}.")
        self._computer_turns()
        self.render()

    def new_puzzle(self, drafts: int = 2) -> None:
        """A win-in-``drafts`` puzzle: you move, the perfect computer defends the other side."""
        self._games += 1
        puzzle = puzzles(drafts, count=1, seed=self._seed * 1000 + self._games)[0]
        position = puzzle.position
        self.opponent_menu.value = "Computer: perfect"
        self.computer_side_menu.value = position.to_move.other.value
        self._computer = make_player("perfect", seed=self._seed)
        self.match = Match(rules=MatchRules(target=1), position=position)
        self._puzzle = (puzzle, position.to_move)
        self._turn_open = False
        self._say(f"Puzzle: {puzzle.title()}.")
        self.render()

    def _check_puzzle(self) -> None:
        if self._puzzle is None:
            return
        puzzle, side = self._puzzle
        r = self.match.round
        drafted = len(r.rack(side)) - len(puzzle.position.rack(side))
        if r.winner is side and drafted <= puzzle.drafts:
            self._say(f"Solved! {side.title} wins in {drafted}.")
            self._puzzle = None
        elif r.to_move is not side and not r.is_over:
            left = puzzle.drafts - drafted
            e = evaluate(r)  # the computer to move: it must be lost within the solver's plies
            if not (e.outcome == "loss" and e.plies // 2 <= left):
                self._say("That draft lets the forced win slip away. Press Undo and try another.")

    def tick(self, seconds: float) -> None:
        """Speed blitz: let ``seconds`` pass on the clock of the side that must act (the timer calls this)."""
        m = self.match
        if m.clock is None or m.is_over or m.round.is_over:
            return
        m.tick(seconds)
        if m.round.is_over:
            self._turn_open = False
            self._say(self._result_text())
            self.render()
        else:
            self._render_clock()

    def _start_clock(self) -> None:
        if self.match.clock is None or self._clock_task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (plain Python, tests): call tick() yourself
        self._clock_task = loop.create_task(self._run_clock())

    async def _run_clock(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        try:
            while self.match.clock is not None and not self.match.is_over:
                await asyncio.sleep(0.2)
                now = loop.time()
                self.tick(now - last)
                last = now
                if self.match.round.is_over:
                    break
        finally:
            self._clock_task = None

    # -- the computer ----------------------------------------------------------------------------------
    def _computer_turns(self) -> None:
        m = self.match
        side = self.computer_side
        if side is None:
            return
        while not m.is_over and not m.round.is_over and not self._turn_open:
            r = m.round
            if r.awaiting_claim:
                if r.last_drafter is not side:
                    return
                own = r.fifteen(side)
                if own:
                    m.claim(own)
                else:
                    m.decline_claim()
                self._say(self._result_text())
                return
            if r.to_move is not side:
                return
            digit = self._computer.choose(r)
            m.draft(digit)
            note = f"{side.title} drafts {digit}."
            if not m.rules.auto_claim and not m.round.is_over and m.round.fifteen(side):
                m.claim(m.round.fifteen(side))
            if m.round.is_over:
                note = self._result_text()
            elif m.rules.blind:
                note = f"{side.title} says: {digit}."
            self._say(note)
            self._check_puzzle()

    def __repr__(self) -> str:
        return f"GameOf15Board(round {self.match.round_number}: {self.match.round.notation()})"

    # -- drawing ----------------------------------------------------------------------------------
    def _result_text(self) -> str:
        m = self.match
        res = m.round.result
        if res is None:
            return ""
        if res.reason is Reason.DRAW:
            text = "Stalemate: nobody made fifteen."
        elif res.reason is Reason.FIFTEEN:
            text = f"{res.winner.title} wins with {' + '.join(map(str, res.triple))} = 15"
            text += " (flawless: bonus point)!" if res.flawless else "!"
        elif res.reason is Reason.FALSE_CLAIM:
            text = f"False claim: {res.winner.other.title} forfeits the round."
        elif res.reason is Reason.TIME:
            text = f"{res.winner.other.title}'s time ran out: the round goes to {res.winner.title}."
        else:
            text = f"{res.winner.other.title} named an impossible digit and loses the match by default."
        if m.is_over:
            text += f" {m.winner.title} wins the match."
        return text

    def _who(self, side: Side) -> str:
        if self.computer_side is None:
            return side.title
        return f"{side.title} ({'computer' if side is self.computer_side else 'you'})"

    def _render_clock(self) -> None:
        c = self.match.clock
        if c is None:
            self.clock_view.value = ""
            return
        acting = self.match.acting_side
        parts = []
        for side in Side:
            secs = c[side]
            text = f"{side.title} {int(secs // 60)}:{secs % 60:04.1f}"
            parts.append(f"<b>▶ {text}</b>" if side is acting else text)
        self.clock_view.value = "⏱ " + " &nbsp;·&nbsp; ".join(parts)

    def render(self) -> None:
        """Redraw every part of the board from the match."""
        m = self.match
        r = m.round
        blind = m.rules.blind
        result = r.result
        wins = set(result.triple) if result is not None and result.triple else set()
        # status and score
        if m.is_over:
            status = f"{m.winner.title} wins the match"
        elif r.is_over:
            status = f"Round {m.round_number} is over"
        elif r.awaiting_claim:
            status = f"{self._who(r.last_drafter)}: claim or end the round"
        elif self._turn_open:
            status = f"{self._who(r.last_drafter)}: Fifteen! or End turn"
        else:
            status = f"{self._who(r.to_move)} to draft"
        marker = "●" if (not r.is_over and r.to_move is Side.ONYX) else "○"
        self.status.value = f"<b>{marker} {escape(status)}</b>"
        target = m.rules.target
        self.score.value = (f"Round {m.round_number} &nbsp; <b>Onyx {m.scores[Side.ONYX]} · Ivory "
                            f"{m.scores[Side.IVORY]}</b> &nbsp; (first to {target})")
        self._render_clock()
        # pool
        for d, b in self.pool_buttons.items():
            owner = r.cell_owner(d)
            b._dom_classes = tuple(c for c in b._dom_classes if not c.startswith(("f15-tile-", "f15-taken")))
            if owner is None:
                b.add_class(f"f15-tile-{d}")
                b.tooltip = f"Draft {d}"
            else:
                b.add_class("f15-taken")
                b.tooltip = f"{d}: drafted by {owner.title}"
        # racks
        for side in Side:
            face = "onyx" if side is Side.ONYX else "ivory"
            label = f"{'●' if side is Side.ONYX else '○'} {self._who(side)}"
            if r.winner is side:
                label += " — wins the round"
            strip = tile_strip(sorted(r.rack(side)), face=face, size=44,
                               highlight=wins if r.winner is side else (), label=label)
            self.racks[side].value = f"<div style='margin-top:6px'>{escape(label)}</div>{strip}"
        # grid
        for d, b in self.grid_buttons.items():
            owner = r.cell_owner(d)
            keep = ("f15-cell", f"f15-cell-d{d}")
            b._dom_classes = tuple(c for c in b._dom_classes if c in keep)
            if owner is None:
                b.description = str(d)
                b.add_class("f15-empty")
            else:
                b.description = owner.value
                b.add_class(f"f15-cell-{owner.value}")
                b.tooltip = f"{d}: {owner.title}"
            if d in wins:
                b.add_class("f15-cell-win")
            b.disabled = not self.grid_clicks_box.value
        view = self.view_menu.value
        self.pool_panel.layout.display = "none" if blind or view == "grid" else ""
        self.grid_panel.layout.display = "none" if blind or view == "pool" else ""
        self.blind_panel.layout.display = "" if blind else "none"
        self.claim_panel.layout.display = "none" if m.rules.auto_claim else ""
        self.next_round_button.disabled = m.is_over or not r.is_over
        self.undo_button.disabled = not m.can_undo
        self.notation_text.value = r.notation()
        self._render_hints()
        entries = m.log if not blind or r.is_over else m.log[:1]
        self.log_view.value = "<br>".join(escape(e.text) for e in reversed(entries[-40:]))

    def _render_hints(self) -> None:
        r = self.match.round
        show = self.hints_box.value and not self.match.rules.blind
        live = not r.is_over and not r.awaiting_claim and not self._turn_open
        values = move_evaluations(r) if show and live else {}
        for d, label in self.hint_labels.items():
            v = values.get(d)
            if v is None:
                label.value = ""
                continue
            glyph, colour = _HINT[v.outcome]
            text = "draw" if v.outcome == "draw" else f"{v.outcome} {v.own_drafts}"
            label.value = f"<span style='color:{colour};background:#f7f0dc;padding:0 3px;border-radius:4px'>" \
                          f"{glyph} {text}</span>"
        if show and not r.is_over:
            lines = []
            for side in Side:
                t = sorted(threats(r.rack(side), r.pool))
                lines.append(f"{side.title} threatens: {', '.join(map(str, t)) if t else '—'}")
            self.threats_view.value = " &nbsp;·&nbsp; ".join(lines)
        else:
            self.threats_view.value = ""
