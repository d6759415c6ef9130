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
'5 is already taken: Onyx drafted it. Onyx (you): draft a digit.'
"""

from __future__ import annotations

import asyncio
import random
from html import escape
from string import Template
from urllib.parse import quote

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.game_of_15.match import READINGS, CountReading, Match, MatchRules
from fifteen_kit.game_of_15.players import PLAYERS, make_player, threats
from fifteen_kit.game_of_15.puzzles import puzzles
from fifteen_kit.game_of_15.rules import Reason, Side
from fifteen_kit.game_of_15.solver import evaluate, move_evaluations
from fifteen_kit.game_of_15.square import MAGIC_SQUARE
from fifteen_kit.svg import THEME, tile_image, tile_strip

from .common import sentence

__all__ = ["BLITZ_RANGE", "LENGTHS", "MAX_TEXT", "MODES", "OPPONENTS", "GameOf15Board"]

#: Opponent menu: label -> computer player name (None: two people on one screen).
OPPONENTS = {"Two players": None, "Computer: random": "random", "Computer: tactician": "tactician",
             "Computer: perfect": "perfect"}
#: Match length menu: label -> (what the target counts, target); None: the points box decides.
LENGTHS: dict[str, tuple[CountReading, int | None]] = {
    "Single round": ("rounds", 1), "Best of 3": ("rounds", 2), "Best of 5": ("rounds", 3),
    "Best of 7": ("rounds", 4), "First to N points": ("points", None)}
#: Mode menu: label -> mode.
MODES = {"Practice (undo, hints, positions)": "practice", "Match (touch and take)": "match"}
#: Seconds per player the blitz setting accepts (the rulebook's 60 lies inside).
BLITZ_RANGE = (5, 600)
#: Longest text a text box on the board accepts (longer input is refused unread).
MAX_TEXT = 200
#: Highest match target the board accepts.
MAX_TARGET = 99
_READING_LABELS = {
    "false_claim": ("False claim", {"round": "forfeits the round (2.7)", "match": "loses the match (2.8)"}),
    "wrong_statement": ("Wrong statement", {"void": "does not count", "false": "is a false claim"}),
    "violation": ("Blind violation", {"match": "loses the match", "round": "loses the round"}),
    "champion": ("Crowned", {"target": "first to the target (2.6.1)", "ledger": "ledger leader (2.8)"}),
}
_NO_UNDO = "Touch and take (2.9): a match has no undo. Choose Practice for undo."
_NO_HINTS = "Hints are for practice; a match is played without them."

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

    Raises InvalidArgumentError (or NotationError for ``position``) naming the argument and
    the accepted values, before building anything.

    >>> GameOf15Board(mode="match", target=3).undo_button.disabled
    True
    """

    def __init__(self, opponent: str | None = "tactician", computer_side: str = "I", first: str | None = "O",
                 target: int = 1, auto_claim: bool | None = None, blind: bool = False, blitz: int | None = None,
                 view: str = "both", grid_clicks: bool = False, hints: bool = False, seed: int | None = 0,
                 position: str | None = None, *, count: str = "rounds", mode: str | None = None,
                 false_claim: str = "round", wrong_statement: str = "void", violation: str = "match",
                 champion: str = "target") -> None:
        # -- every argument is checked before anything is built ----------------------------------
        opp_label = next((k for k, v in OPPONENTS.items() if v == opponent and type(v) is type(opponent)), None)
        if opp_label is None:
            raise InvalidArgumentError(f"opponent must be None or one of {', '.join(map(repr, PLAYERS))}",
                                       input=opponent)
        computer_value = _side_value(computer_side, "computer_side", allow_none=False)
        first_value = _side_value(first, "first", allow_none=True)
        _check.whole(target, 1, MAX_TARGET, "target")
        _check.choice(count, ("rounds", "points"), "count")
        if auto_claim is not None:
            _check.flag(auto_claim, "auto_claim")
        _check.flag(blind, "blind")
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
            _check.choice(value, READINGS[name], name)
        if auto_claim is None:
            auto_claim = not blind
        if position is not None:
            if mode != "practice":
                raise InvalidArgumentError("a position is studied in practice mode (mode='practice')",
                                           input=position)
            Match(rules=MatchRules(target=1, auto_claim=auto_claim, practice=True), position=position.strip())

        super().__init__()
        self.add_class("f15-board")
        self._seed = seed
        self._games = 0
        self._computer = None
        self._puzzle = None
        self._clock_task = None
        self._events: list[str] = []

        # -- settings ------------------------------------------------------------------------
        self.opponent_menu = w.Dropdown(options=list(OPPONENTS), value=opp_label, description="Opponent",
                                        tooltip="Who plays against you")
        self.computer_side_menu = w.Dropdown(options=[("Ivory", "I"), ("Onyx", "O")], value=computer_value,
                                             description="Computer is", tooltip="Which side the computer plays")
        self.first_menu = w.Dropdown(options=[("Onyx", "O"), ("Ivory", "I"), ("Coin flip", None)],
                                     value=first_value, description="First",
                                     tooltip="Who drafts first in round 1 (new match)")
        options = list(LENGTHS)
        if count == "points":
            length = "First to N points"
        else:
            length = next((k for k, v in LENGTHS.items() if v == ("rounds", target)), None)
            if length is None:
                length = f"First to {target} rounds"
                options.append(length)
        self._extra_length = (length, target) if length not in LENGTHS else None
        self.length_menu = w.Dropdown(options=options, value=length, description="Match",
                                      tooltip="Match length (new match): best of N counts round victories (2.6.1); "
                                              "first to N points counts ledger points (2.8)")
        self.points_box = w.BoundedIntText(value=target if count == "points" else 3, min=1, max=MAX_TARGET,
                                           description="N points", layout=w.Layout(width="150px"),
                                           tooltip=f"The points target, 1 to {MAX_TARGET} (new match); a number "
                                                   "typed outside is set to the nearer end, shown here")
        self.mode_menu = w.Dropdown(options=list(MODES), value=_label(MODES, mode), description="Mode",
                                    tooltip="Practice allows undo, hints and positions; a match is touch and take")
        self.claims_menu = w.ToggleButtons(options=[("Auto claim", True), ("Fifteen! button", False)],
                                           value=auto_claim, tooltips=["A fifteen wins by itself",
                                                                       "Call Fifteen! and name your three digits"])
        self.blind_box = w.Checkbox(value=blind, description="Blind play", indent=False,
                                    tooltip="Pool and racks hidden: type your digits (new match)")
        self.blitz_box = w.Checkbox(value=blitz is not None, description="Speed blitz", indent=False,
                                    tooltip="A countdown per player (new match)")
        self.blitz_seconds = w.BoundedIntText(value=blitz or 60, min=BLITZ_RANGE[0], max=BLITZ_RANGE[1],
                                              description="seconds", layout=w.Layout(width="150px"),
                                              tooltip=f"{BLITZ_RANGE[0]} to {BLITZ_RANGE[1]} seconds per player; a "
                                                      "number typed outside is set to the nearer end, shown here")
        self.reading_menus = {}
        for name, (title, labels) in _READING_LABELS.items():
            self.reading_menus[name] = w.Dropdown(
                options=[(labels[v], v) for v in READINGS[name]], value=readings[name], description=title,
                style={"description_width": "initial"},
                tooltip="Where the rulebook contradicts itself: the first choice is the literal reading")
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
        self.mode_view = w.HTML()
        self.score = w.HTML()
        self.clock_view = w.HTML()
        self.message = w.HTML()
        self.message.add_class("f15-msg")
        self.achievements_view = w.HTML()
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
        self.blind_racks = w.HTML()
        self.blind_panel = w.VBox([w.HTML("<i>Blind play: the pool and the racks are hidden. Keep them in "
                                          "your head and name a digit.</i>"), self.blind_racks,
                                   w.HBox([self.blind_text, self.blind_button])])
        self.claim_text = w.Text(placeholder="three digits, e.g. 2 5 8", description="Digits",
                                 layout=w.Layout(width="240px"))
        self.claim_button = w.Button(description="Fifteen!", button_style="success",
                                     tooltip="Claim a fifteen with the three digits you typed")
        self.end_turn_button = w.Button(description="End turn", tooltip="End your turn without a claim")
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
        self.load_button = w.Button(description="Load", tooltip="Start a practice round from the position typed")
        self.load_button.on_click(lambda _b: self._load_typed())
        self.position_row = w.HBox([self.notation_text, self.load_button])
        self.puzzle_menu = w.Dropdown(options=[("Win in 1", 1), ("Win in 2", 2), ("Win in 3", 3)], value=2,
                                      description="Puzzle", layout=w.Layout(width="190px"),
                                      style={"description_width": "initial"})
        self.puzzle_button = w.Button(description="New puzzle", icon="puzzle-piece",
                                      tooltip="A practice position where you can force a win; the computer "
                                              "defends perfectly")
        self.puzzle_button.on_click(lambda _b: self.new_puzzle(self.puzzle_menu.value))
        self.log_view = w.HTML()
        self.log_view.add_class("f15-log")

        self.new_match_button.on_click(lambda _b: self.new_match())
        self.opponent_menu.observe(lambda _c: self._opponent_changed(), names="value")
        self.computer_side_menu.observe(lambda _c: self._opponent_changed(), names="value")
        for control in (self.view_menu, self.grid_clicks_box, self.hints_box):
            control.observe(lambda _c: self.render(), names="value")
        # settings that belong together follow each other (they apply at New match)
        self.blind_box.observe(self._blind_changed, names="value")
        self.blitz_box.observe(self._blitz_changed, names="value")
        self.mode_menu.observe(self._mode_changed, names="value")
        self.length_menu.observe(lambda _c: self._show_points_box(), names="value")
        for control in (self.blind_box, self.blitz_box, self.mode_menu, self.length_menu, self.claims_menu,
                        self.first_menu, self.points_box, self.blitz_seconds):
            control.observe(lambda _c: self._settings_changed(), names="value")

        settings = w.VBox([
            w.HBox([self.opponent_menu, self.computer_side_menu]),
            w.HBox([self.mode_menu, self.first_menu]),
            w.HBox([self.length_menu, self.points_box]),
            w.HBox([self.claims_menu]),
            w.HBox([self.blind_box, self.blitz_box, self.blitz_seconds, self.new_match_button]),
            w.HTML("<i>Rule readings (where the rulebook contradicts itself; the first choice is literal):</i>"),
            w.HBox([self.reading_menus["false_claim"], self.reading_menus["wrong_statement"]],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.reading_menus["violation"], self.reading_menus["champion"]],
                   layout=w.Layout(flex_flow="row wrap")),
        ])
        settings.add_class("f15-panel")
        view_row = w.HBox([self.view_menu, self.grid_clicks_box, self.hints_box])
        self.children = [
            w.HTML(_CSS),
            w.HBox([self.status, self.score], layout=w.Layout(justify_content="space-between",
                                                              flex_flow="row wrap")),
            self.mode_view,
            self.clock_view,
            self.message,
            self.achievements_view,
            # "row wrap": on a narrow notebook (file browser open) the square moves under the pool, never cut off
            w.HBox([self.pool_panel, self.grid_panel, self.blind_panel],
                   layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
            self.threats_view,
            self.claim_panel,
            w.HBox([self.undo_button, self.next_round_button, self.position_row]),
            w.HBox([self.puzzle_menu, self.puzzle_button]),
            w.Accordion(children=[settings, w.VBox([view_row]), self.log_view],
                        titles=("Settings", "View", "Move log")),
        ]
        self._show_points_box()
        self.match = self._make_match(position)
        self._opponent_changed(render=False)
        self._computer_turns()
        self.render()

    # -- settings -----------------------------------------------------------------------------------
    def _rules(self, practice: bool | None = None) -> MatchRules:
        label = self.length_menu.value
        count: CountReading
        if self._extra_length is not None and label == self._extra_length[0]:
            count, target = "rounds", self._extra_length[1]
        else:
            count, target = LENGTHS[label]
        if target is None:
            target = int(self.points_box.value)
        mode = MODES[self.mode_menu.value]
        return MatchRules(target=target, count=count, auto_claim=self.claims_menu.value, blind=self.blind_box.value,
                          clock=float(self.blitz_seconds.value) if self.blitz_box.value else None,
                          practice=mode == "practice" if practice is None else practice,
                          **{name: menu.value for name, menu in self.reading_menus.items()})

    def _make_match(self, position: str | None = None) -> Match:
        self._games += 1
        if position is not None:
            rules = MatchRules(target=1, auto_claim=self.claims_menu.value, practice=True)
            return Match(rules=rules, position=position.strip())
        return Match(rules=self._rules(), first=self.first_menu.value, seed=self._seed * 1000 + self._games)

    def _blind_changed(self, change: dict) -> None:
        if change["new"]:
            self.claims_menu.value = False  # blind players state their combination
            self.mode_menu.value = _label(MODES, "match")

    def _blitz_changed(self, change: dict) -> None:
        if change["new"]:
            self.mode_menu.value = _label(MODES, "match")

    def _mode_changed(self, change: dict) -> None:
        if MODES[change["new"]] == "practice":
            self.blind_box.value = False
            self.blitz_box.value = False

    def _settings_changed(self) -> None:
        # a match's rules never change while it is played: the board says when the settings apply
        self._events = []
        self._say("These settings apply from the next match: press New match to start it.")
        self.render()

    def _show_points_box(self) -> None:
        self.points_box.layout.display = "" if self.length_menu.value == "First to N points" else "none"

    def _opponent_changed(self, render: bool = True) -> None:
        name = OPPONENTS[self.opponent_menu.value]
        self.computer_side_menu.disabled = name is None
        self._computer = None if name is None else make_player(name, seed=self._seed)
        if render:
            self._events = []
            side = self.computer_side
            self._say("Two players now share the board." if side is None
                      else f"The computer ({name}) now plays {side.title}.")
            self._computer_turns()
            self.render()

    @property
    def computer_side(self) -> Side | None:
        """The side the computer plays, or None with two human players."""
        return None if self._computer is None else Side.parse(self.computer_side_menu.value)

    @property
    def practice(self) -> bool:
        """True if the current match is a practice match (undo, hints, positions allowed)."""
        return self.match.rules.practice

    @property
    def clock_running(self) -> bool:
        """True while the asyncio timer of the blitz clock is alive."""
        return self._clock_task is not None and not self._clock_task.done()

    # -- what the human may do now (read from the engine) ------------------------------------------
    def _human(self, side: Side | None) -> bool:
        return side is not None and side is not self.computer_side

    def _may_draft(self) -> bool:
        m = self.match
        return m.can_draft and self._human(m.round.to_move)

    def _may_claim(self) -> bool:
        m = self.match
        return m.can_claim and self._human(m.round.last_drafter)

    # -- actions ----------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        """Add one event to the message line (the prompt for what comes next is added by render)."""
        if text:
            self._events.append(text)

    def click_digit(self, digit: int, from_grid: bool = False) -> None:
        """A human drafts ``digit`` (a click on a pool tile, or on the grid when enabled).

        Raises InvalidArgumentError unless ``digit`` is a whole number 1..9 and ``from_grid`` True/False.
        """
        _check.whole(digit, 1, 9, "digit")
        _check.flag(from_grid, "from_grid")
        m = self.match
        self._events = []
        if m.rules.blind:
            self._say("Blind play: type your digit and press Draft.")
        elif from_grid and not self.grid_clicks_box.value:
            self._say("Turn on 'Play on the grid' (under View) to draft by clicking the square.")
        elif m.is_over:
            self._say("The match is over.")
        elif m.round.is_over:
            self._say("This round is over.")
        elif m.turn_open:
            self._say("Your digit is drafted: call Fifteen! or press End turn first.")
        elif not self._human(m.round.to_move):
            self._say("Wait for the computer's move.")
        elif m.round.cell_owner(digit) is not None:
            self._say(f"{digit} is already taken: {m.round.cell_owner(digit).title} drafted it.")
        else:
            self._draft(digit)
        self.render()

    def _draft(self, digit: int | str) -> None:
        m = self.match
        side = m.round.to_move
        try:
            m.draft(digit)
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        if m.round.is_over:
            if m.rules.blind and m.round.result.reason is Reason.DEFAULT:
                shown = str(digit).strip()[:20]
                self._say(f"{side.title} named {shown!r}, which is not in the pool: a drafting violation.")
            self._say(self._result_text())
        elif m.rules.blind and self.computer_side is None:
            self._say(f"{side.title} says: {str(digit).strip()}.")  # the statement, heard once
        warning = self._check_puzzle()
        self._computer_turns()
        self._say(warning)

    def _blind_draft(self) -> None:
        text = self.blind_text.value
        self._events = []
        if len(text) > MAX_TEXT:
            self.blind_text.value = ""
            self._say(f"That is longer than {MAX_TEXT} characters: type one digit.")
        elif not text.strip():
            self._say("Type a digit, then press Draft.")
        elif not self.match.rules.blind:
            self.blind_text.value = ""
            self._say("This is not blind play: click a tile.")
        elif not self._may_draft():
            self.blind_text.value = ""
            self._say("It is not your turn to draft.")
        else:
            self.blind_text.value = ""
            self._draft(text)
        self.render()

    def claim(self, digits: str | None = None) -> None:
        """Call "Fifteen!" for the human whose turn is open, naming digits (typed, or given as text).

        Raises InvalidArgumentError unless ``digits`` is None (read the box) or text of at most 200 characters.
        """
        if digits is not None:
            _check.text(digits, MAX_TEXT, "digits")
        text = self.claim_text.value if digits is None else digits
        m = self.match
        self._events = []
        if len(text) > MAX_TEXT:
            self.claim_text.value = ""
            self._say(f"That is longer than {MAX_TEXT} characters: name three digits.")
        elif m.rules.auto_claim:
            self._say("Claims are automatic in this match.")
        elif not self._may_claim():
            self._say("Only the player who has just drafted may call Fifteen!, before ending the turn.")
        else:
            side = m.round.last_drafter
            try:
                m.claim(text)
            except FifteenKitError as err:
                self._say(sentence(err.message))
            else:
                self.claim_text.value = ""
                if m.round.is_over:
                    self._say(self._result_text())
                else:
                    self._say(f"Wrong statement: {side.title} named digits that are not a fifteen of the rack, "
                              "while holding one. It does not count, and the turn ends.")
                self._computer_turns()
        self.render()

    def end_turn(self) -> None:
        """End a human's open turn without a claim (manual claims); with the pool empty, the round is drawn."""
        m = self.match
        self._events = []
        if not m.turn_open or not self._human(m.round.last_drafter):
            self._say("There is no turn to end now.")
        else:
            m.end_turn()
            if m.round.is_over:
                self._say(self._result_text())
            self._computer_turns()
        self.render()

    def undo(self) -> None:
        """Practice only: take back the last move; against the computer, also its reply."""
        m = self.match
        self._events = []
        if not m.rules.practice:
            self._say(_NO_UNDO)
        elif not m.can_undo:
            self._say("Nothing to undo.")
        else:
            computer = self.computer_side
            if computer is None:
                m.undo()
            else:  # take back actions until one of the human's drafts is gone and the human may draft
                human = computer.other
                before = (m.round_number, len(m.round.rack(human)))
                m.undo()
                while m.can_undo and ((m.round_number, len(m.round.rack(human))) == before
                                      or not self._may_draft()):
                    m.undo()
                self._computer_turns()
            self._say("Move taken back.")
        self.render()

    def next_round(self) -> None:
        """Start the next round of the match (the other side drafts first)."""
        m = self.match
        self._events = []
        if m.is_over:
            self._say("The match is over.")
        elif not m.round.is_over:
            self._say("Finish this round first.")
        else:
            m.next_round()
            self._puzzle = None
            self._say(f"Round {m.round_number}: {m.round.to_move.title} drafts first.")
            self._computer_turns()
        self.render()

    def new_match(self) -> None:
        """Start a new match with the current settings."""
        self._events = []
        try:
            match = self._make_match()
        except FifteenKitError as err:  # e.g. a points target typed outside 1..99
            self._say(f"Cannot start that match: {sentence(err.message)}")
        else:
            self.match = match
            self._puzzle = None
            self._say(f"New {'practice ' if match.rules.practice else ''}match: {match.rules.describe()}.")
            self._computer_turns()
        self.render()

    def load(self, text: str) -> None:
        """Start a single practice round from a position in the kit's notation (e.g. ``'25/13 O'``).

        Raises InvalidArgumentError unless ``text`` is text of at most 200 characters; text that
        is not a position only shows a message.
        """
        _check.text(text, MAX_TEXT, "text (a position such as '25/13 O')")
        self._events = []
        try:
            match = Match(rules=MatchRules(target=1, auto_claim=self.match.rules.auto_claim
                                           if not self.match.rules.blind else True, practice=True),
                          position=text.strip())
        except FifteenKitError as err:
            self._say(f"Cannot load that position: {err.message}.")
        else:
            self._to_practice()
            self.match = match
            self._puzzle = None
            self._say(f"Loaded {match.round.notation()} (practice).")
            self._computer_turns()
        self.render()

    def _load_typed(self) -> None:
        text = self.notation_text.value
        if len(text) > MAX_TEXT:
            self.notation_text.value = ""
            self._events = [f"That is longer than {MAX_TEXT} characters: type a position such as 25/13 O."]
            self.render()
            return
        self.load(text)

    def _to_practice(self) -> None:
        self.mode_menu.value = _label(MODES, "practice")  # also clears blind play and blitz

    def new_puzzle(self, drafts: int = 2) -> None:
        """A win-in-``drafts`` practice puzzle (1..3): you move, the perfect computer defends the other side.

        Raises InvalidArgumentError unless ``drafts`` is 1, 2 or 3.
        """
        _check.whole(drafts, 1, 3, "drafts (own drafts to win)")
        self._events = []
        self._games += 1
        puzzle = puzzles(drafts, count=1, seed=self._seed * 1000 + self._games)[0]
        position = puzzle.position
        self._to_practice()
        self.opponent_menu.value = "Computer: perfect"
        self.computer_side_menu.value = position.to_move.other.value
        self._computer = make_player("perfect", seed=self._seed)
        self.match = Match(rules=MatchRules(target=1, auto_claim=True, practice=True), position=position)
        self._puzzle = (puzzle, position.to_move)
        self._events = [f"Puzzle: {puzzle.title()}."]
        self.render()

    def _check_puzzle(self) -> str:
        """After the puzzle side's draft: a warning if the forced win slipped, or "Solved!"."""
        if self._puzzle is None:
            return ""
        puzzle, side = self._puzzle
        r = self.match.round
        drafted = len(r.rack(side)) - len(puzzle.position.rack(side))
        if r.winner is side and drafted <= puzzle.drafts:
            self._puzzle = None
            return f"Solved! {side.title} wins in {drafted}."
        if r.to_move is not side and not r.is_over:
            left = puzzle.drafts - drafted
            e = evaluate(r)  # the computer to move: it must be lost within the solver's plies
            if not (e.outcome == "loss" and e.plies // 2 <= left):
                return "That draft lets the forced win slip away. Press Undo and try another."
        return ""

    def tick(self, seconds: float) -> None:
        """Speed blitz: let ``seconds`` pass on the clock of the side that must act (the timer calls this).

        Does nothing without a clock or a round in play.  Raises InvalidArgumentError unless
        ``seconds`` is a finite number, 0 or more.
        """
        _check.seconds(seconds, "seconds", positive=False)
        m = self.match
        if m.clock is None or m.is_over or m.round.is_over:
            return
        m.tick(seconds)
        if m.round.is_over:
            self._events = [self._result_text()]
            self.render()
        else:
            self._render_clock()

    def _sync_clock(self) -> None:
        """Keep the asyncio timer alive exactly while a blitz round is in play."""
        m = self.match
        live = m.clock is not None and not m.is_over and not m.round.is_over
        if not live or self.clock_running:
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
            while self.match.clock is not None and not self.match.is_over and not self.match.round.is_over:
                await asyncio.sleep(0.2)
                now = loop.time()
                self.tick(now - last)
                last = now
        finally:
            self._clock_task = None

    # -- the computer ----------------------------------------------------------------------------------
    def _computer_turns(self) -> None:
        m = self.match
        side = self.computer_side
        if side is None:
            return
        while m.acting_side is side:
            if m.turn_open:  # its own draft is on its rack: claim a fifteen or end the turn
                own = m.round.fifteen(side)
                if own:
                    m.claim(own)
                else:
                    m.end_turn()
                if m.round.is_over:
                    self._say(self._result_text())
                continue
            digit = self._computer.choose(m.round)
            m.draft(digit)
            if m.round.is_over and not m.turn_open:
                self._say(self._result_text())
            elif m.rules.blind:
                self._say(f"{side.title} says: {digit}.")
            else:
                self._say(f"{side.title} drafts {digit}.")

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
        elif m.state.defaulted is not None:
            text = f"{res.winner.other.title} named an impossible digit and loses the match by default."
        else:
            text = f"{res.winner.other.title} named an impossible digit and loses the round."
        lockout = m.records[-1].lockout if m.records and m.records[-1].number == m.round_number else None
        if lockout is not None:
            text += f" Defensive lockout for {lockout.title}."
        return text

    def prompt(self) -> str:
        """What to do next, read from the engine (the message line always ends with it).

        >>> GameOf15Board(opponent=None).prompt()
        'Onyx: draft a digit.'
        """
        m = self.match
        if m.is_over:
            return f"{m.winner.title} wins the match. Press New match to play again."
        if m.round.is_over:
            return "Press Next round."
        side = m.acting_side
        if m.turn_open:
            if m.round.awaiting_claim:
                return f"{self._who(side)}: call Fifteen! with three digits, or press End turn (a stalemate)."
            return f"{self._who(side)}: call Fifteen! with three digits, or press End turn."
        if m.rules.blind:
            return f"{self._who(side)}: type a digit and press Draft."
        return f"{self._who(side)}: draft a digit."

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

    def _render_achievements(self) -> None:
        m = self.match
        if not m.is_over:
            self.achievements_view.value = ""
            return
        rows = []
        for side, a in m.achievements.items():
            rows.append(f"<tr><td>{side.title}</td><td>{a.round_wins}</td><td>{m.scores[side]}</td>"
                        f"<td>{a.efficiency_wins}</td><td>{a.defensive_lockouts}</td>"
                        f"<td>{'★ yes' if a.flawless_match_set else '—'}</td></tr>")
        self.achievements_view.value = (
            "<table style='background:#f7f0dc;color:#2b1d0e;border-radius:6px;padding:4px'>"
            "<tr><th>Achievements</th><th>rounds won</th><th>points</th><th>efficiency wins</th>"
            "<th>defensive lockouts</th><th>flawless match set</th></tr>" + "".join(rows) + "</table>")

    def render(self) -> None:
        """Redraw every part of the board from the match (and start the blitz timer if a round is live)."""
        m = self.match
        r = m.round
        hidden = m.rules.blind and not r.is_over and not m.is_over  # blind: nothing shows a drafted digit
        result = r.result
        wins = set(result.triple) if result is not None and result.triple else set()
        # status, mode and score
        if m.is_over:
            status = f"{m.winner.title} wins the match"
        elif r.is_over:
            status = f"Round {m.round_number} is over"
        elif m.turn_open:
            status = f"{self._who(r.last_drafter)}: Fifteen! or End turn"
        else:
            status = f"{self._who(r.to_move)} to draft"
        marker = "●" if (not r.is_over and m.acting_side is Side.ONYX) else "○"
        self.status.value = f"<b>{marker} {escape(status)}</b>"
        if m.rules.practice:
            self.mode_view.value = "<i>Practice: undo, hints and positions allowed.</i>"
        else:
            extras = [x for x, on in (("blind", m.rules.blind), ("blitz", m.rules.clock is not None)) if on]
            self.mode_view.value = (f"<i>Match{' (' + ', '.join(extras) + ')' if extras else ''}: touch and take "
                                    "(2.9): no undo, no hints.</i>")
        rw = m.round_wins
        self.score.value = (f"Round {m.round_number} &nbsp; {escape(m.rules.describe())} &nbsp; "
                            f"<b>Rounds won: Onyx {rw[Side.ONYX]} · Ivory {rw[Side.IVORY]}</b> &nbsp; "
                            f"Points: Onyx {m.scores[Side.ONYX]} · Ivory {m.scores[Side.IVORY]}")
        self._render_clock()
        may_draft = self._may_draft() and not m.rules.blind
        # pool
        for d, b in self.pool_buttons.items():
            owner = None if hidden else r.cell_owner(d)
            b._dom_classes = tuple(c for c in b._dom_classes if not c.startswith(("f15-tile-", "f15-taken")))
            if owner is None:
                b.add_class(f"f15-tile-{d}")
                b.tooltip = f"Draft {d}"
            else:
                b.add_class("f15-taken")
                b.tooltip = f"{d}: drafted by {owner.title}"
            b.disabled = not (may_draft and owner is None)
        # racks
        for side in Side:
            face = "onyx" if side is Side.ONYX else "ivory"
            label = f"{'●' if side is Side.ONYX else '○'} {self._who(side)}"
            if r.winner is side:
                label += " — wins the round"
            digits = () if hidden else sorted(r.rack(side))
            strip = tile_strip(digits, face=face, size=44, highlight=wins if r.winner is side else (), label=label)
            self.racks[side].value = f"<div style='margin-top:6px'>{escape(label)}</div>{strip}"
        self.blind_racks.value = ("<i>Racks kept in memory.</i>" if hidden else "")
        # grid
        for d, b in self.grid_buttons.items():
            owner = None if hidden else r.cell_owner(d)
            keep = ("f15-cell", f"f15-cell-d{d}")
            b._dom_classes = tuple(c for c in b._dom_classes if c in keep)
            if owner is None:
                b.description = str(d)
                b.tooltip = f"Cell of {d}"
                b.add_class("f15-empty")
            else:
                b.description = owner.value
                b.add_class(f"f15-cell-{owner.value}")
                b.tooltip = f"{d}: {owner.title}"
            if d in wins:
                b.add_class("f15-cell-win")
            b.disabled = not (self.grid_clicks_box.value and may_draft and owner is None)
        view = self.view_menu.value
        self.pool_panel.layout.display = "none" if m.rules.blind or view == "grid" else ""
        self.grid_panel.layout.display = "none" if m.rules.blind or view == "pool" else ""
        self.blind_panel.layout.display = "" if m.rules.blind else "none"
        self.blind_button.disabled = not (m.rules.blind and self._may_draft())
        self.blind_text.disabled = self.blind_button.disabled
        self.claim_panel.layout.display = "none" if m.rules.auto_claim else ""
        self.claim_button.disabled = not self._may_claim()
        self.end_turn_button.disabled = not self._may_claim()
        self.next_round_button.disabled = m.is_over or not r.is_over
        self.undo_button.disabled = not m.can_undo
        self.undo_button.tooltip = "Take back the last move" if m.rules.practice else _NO_UNDO
        self.hints_box.disabled = not m.rules.practice
        self.hints_box.tooltip = "Show what perfect play makes of every digit" if m.rules.practice else _NO_HINTS
        self.position_row.layout.display = "" if m.rules.practice else "none"
        self.notation_text.value = "" if hidden else r.notation()
        self._render_hints()
        self._render_achievements()
        # blind: earlier rounds and this round's heading only
        entries = tuple(e for e in m.log if e.round < m.round_number or e.side is None) if hidden else m.log
        self.log_view.value = "<br>".join(escape(e.text) for e in reversed(entries[-40:]))
        events = " ".join(e for e in self._events if e)
        self.message.value = escape(f"{events} {self.prompt()}".strip())
        self._sync_clock()

    def _render_hints(self) -> None:
        m = self.match
        r = m.round
        show = self.hints_box.value and m.rules.practice and not m.rules.blind
        live = not r.is_over and not m.turn_open
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


def _label(menu: dict, value: object) -> str:
    return next(k for k, v in menu.items() if v == value)


def _side_value(value: object, what: str, *, allow_none: bool) -> str | None:
    """'O' or 'I' for a side given as 'O'/'I'/'onyx'/'ivory' (any case) or a Side; None if allowed."""
    if value is None and allow_none:
        return None
    if isinstance(value, Side):
        return value.value
    if isinstance(value, str) and len(value) <= 10:
        key = value.strip().lower()
        if key in ("o", "onyx"):
            return "O"
        if key in ("i", "ivory"):
            return "I"
    accepted = "'O' (Onyx), 'I' (Ivory)" + (" or None (coin flip)" if allow_none else "")
    raise InvalidArgumentError(f"{what} must be {accepted}", input=value)
