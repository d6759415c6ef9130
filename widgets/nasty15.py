"""The "15" dice game board: a whole game for humans and computer players, with an exact coach.

The board holds one :class:`~fifteen_kit.nasty15.game.Game` and redraws from it;
every rule is the engine's.  What it offers:

* players and variants chosen at the start: up to six seats, each a human or a
  computer (cautious, greedy or optimal); handicap and gambler variants;
* the goal board with each colour's target die and the dice placed on it;
* a Roll button and the six dice drawn as die faces in their colours, each with
  its colour's letter; valid dice are ringed, click one to place it; Stop;
* the score pad of all players and boards;
* a coach: on demand, the exact expected score of stopping now versus rolling on
  under optimal play, and after each decision a note when it cost points.

Rolling shows a short asyncio animation (no threads, no sleeping) when an event
loop runs; without one (tests, plain Python) the roll lands at once.

>>> board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=4)
>>> board.roll_button.click()
>>> board.game.turn.phase.value in ("P", "B")
True
"""

from __future__ import annotations

import asyncio
from html import escape

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.chance import make_rng
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.nasty15.boards import COLOURS, Colour
from fifteen_kit.nasty15.game import Game
from fifteen_kit.nasty15.players import DICE_PLAYERS, make_dice_player
from fifteen_kit.nasty15.policy import policy_for
from fifteen_kit.nasty15.rules import Phase
from fifteen_kit.svg import dice_goal_board

from .common import sentence

__all__ = ["SEAT_KINDS", "DiceBoard"]

#: What can sit in a seat: a human, or one of the computer players.
SEAT_KINDS = ("human", *DICE_PLAYERS)

_FACES = "⚀⚁⚂⚃⚄⚅"

_STYLE = """
.n15-board{background:#22303d;padding:14px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.n15-board .widget-label,.n15-board .widget-html-content,.n15-board label{color:#f7f0dc}
.n15-die{width:74px!important;height:74px!important;font-size:30px!important;line-height:1!important;padding:0!important;text-overflow:clip!important;
  border-radius:12px!important;border:2px solid #1f1f24!important;font-weight:bold;opacity:1!important}
.n15-valid{box-shadow:0 0 0 5px #F0E442!important}
.n15-placed{opacity:.25!important}
.n15-die:focus-visible{outline:3px solid #56B4E9!important;outline-offset:3px}
.n15-msg{min-height:1.4em;font-size:15px;color:#F0E442}
.n15-coach{background:#f7f0dc;color:#3b1a0e;border-radius:8px;padding:4px 10px;font-size:14px}
.n15-pad table{border-collapse:collapse;background:#f7f0dc;color:#1f1f24;font-size:13px}
.n15-pad td,.n15-pad th{border:1px solid #8a6a1f;padding:2px 7px;text-align:center}
.n15-pad .now{background:#F0E442}
.n15-board .jupyter-widget-Collapse-header{background:#2f4254!important;color:#f7f0dc!important;
  border-color:#2f4254!important}
.n15-board .jupyter-widget-Collapse-contents{background:#22303d!important;border-color:#2f4254!important}
"""


class DiceBoard(w.VBox):
    """An interactive board for a whole game of "15" (see the module docstring).

    Args:
        players: seats as ``(name, kind)`` pairs, kind ``'human'`` or a computer player name.
        handicap, gambler: the variants.
        seed: seeds the board draw and every roll (the same seed gives the same game).
        coach: show the coach's numbers from the start.

    Raises InvalidArgumentError for bad seats or settings.
    """

    def __init__(self, players: list[tuple[str, str]] | None = None, handicap: bool = False,
                 gambler: bool = False, seed: int = 0, coach: bool = False) -> None:
        super().__init__()
        self.add_class("n15-board")
        seats = players if players is not None else [("You", "human"), ("Computer", "optimal")]
        seats = _check.items(seats, 6, "the seats")
        for seat in seats:
            if not (isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str)
                    and seat[1] in SEAT_KINDS):
                raise InvalidArgumentError(f"a seat is (name, kind) with kind one of {', '.join(SEAT_KINDS)}",
                                           input=seat)
        _check.flag(handicap, "handicap")
        _check.flag(gambler, "gambler")
        _check.flag(coach, "coach")
        self._seed = seed
        self._animation = make_rng(seed)  # only for the rolling animation; the game has its own generator
        self._animation.random()
        self._rolling = False
        self._before_decision = None  # the turn just after the roll, for the coach's verdict
        # -- setup ----------------------------------------------------------------------------------
        self.seat_names = [w.Text(value=n, layout=w.Layout(width="130px")) for n, _ in seats]
        self.seat_kinds = [w.Dropdown(options=SEAT_KINDS, value=k, layout=w.Layout(width="120px")) for _, k in seats]
        self.handicap_box = w.Checkbox(value=handicap, description="Handicap", indent=False,
                                       tooltip="Back sides with a white-die marker per player")
        self.gambler_box = w.Checkbox(value=gambler, description="Gambler", indent=False,
                                      tooltip="A roll with no valid die scores 0")
        self.new_game_button = w.Button(description="New game", icon="refresh", button_style="primary",
                                        tooltip="Start a new game with these seats and variants")
        self.new_game_button.on_click(lambda _b: self.new_game())
        # -- play -----------------------------------------------------------------------------------
        self.status = w.HTML()
        self.message = w.HTML()
        self.message.add_class("n15-msg")
        self.goal = w.HTML()
        self.dice: dict[Colour, w.Button] = {}
        for c in COLOURS:
            b = w.Button(description=c.value, tooltip=f"{c.title} die", layout=w.Layout(width="74px", height="74px"))
            b.add_class("n15-die")
            b.style.button_color = c.hex
            b.style.text_color = c.ink
            b.on_click(lambda _b, c=c: self.click_die(c))
            self.dice[c] = b
        self.roll_button = w.Button(description="Roll", icon="dice", button_style="warning",
                                    tooltip="Roll every die not yet placed")
        self.stop_button = w.Button(description="Stop and score", icon="hand-paper-o",
                                    tooltip="End your turn and score the placed dice")
        self.next_button = w.Button(description="Next player", icon="forward", tooltip="Write the score, pass on")
        self.roll_button.on_click(lambda _b: self.roll())
        self.stop_button.on_click(lambda _b: self.stop())
        self.next_button.on_click(lambda _b: self.next_turn())
        self.coach_box = w.Checkbox(value=coach, description="Coach", indent=False,
                                    tooltip="Show what optimal play expects from each choice")
        self.coach_box.observe(lambda _c: self.render(), names="value")
        self.coach = w.HTML()
        self.coach.add_class("n15-coach")
        self.verdict = w.HTML()
        self.verdict.add_class("n15-coach")
        self.pad = w.HTML()
        self.pad.add_class("n15-pad")
        setup = w.VBox([w.HBox([n, k]) for n, k in zip(self.seat_names, self.seat_kinds, strict=True)]
                       + [w.HBox([self.handicap_box, self.gambler_box, self.new_game_button])])
        self.children = [
            w.HTML(f"<style>{_STYLE}</style>"),
            self.status, self.message, self.goal,
            w.HBox(list(self.dice.values()), layout=w.Layout(grid_gap="8px")),
            w.HBox([self.roll_button, self.stop_button, self.next_button, self.coach_box]),
            self.coach,
            self.verdict,
            self.pad,
            w.Accordion(children=[setup], titles=("Players and variants",)),
        ]
        self.game = self._make_game()
        self._play_computers()
        self.render()

    # -- setup --------------------------------------------------------------------------------------
    def _seats(self) -> list[tuple[str, str]]:
        return [(n.value.strip(), k.value) for n, k in zip(self.seat_names, self.seat_kinds, strict=True)]

    def _make_game(self) -> Game:
        seats = self._seats()
        game = Game([n for n, _ in seats], seed=self._seed, handicap=self.handicap_box.value,
                    gambler=self.gambler_box.value)
        # only once the game exists do the seats change hands
        self._kinds = {name: kind for name, kind in seats}
        self._computers = {name: make_dice_player(kind) for name, kind in seats if kind != "human"}
        if not game.handicap:  # solve the ten boards now, so no click waits for the optimal policy
            for base, _back in game.boards:
                policy_for(tuple(t for _, t in base.targets), game.gambler).expected_score()
        return game

    def new_game(self) -> None:
        """Start a new game with the seats and variants in the setup panel (not while dice are rolling)."""
        if self._rolling:
            self._say("The dice are still rolling.")
            return
        try:
            game = self._make_game()
        except FifteenKitError as err:
            self._say(f"Cannot start: {err.message}.")
            return
        self.game = game
        self._before_decision = None
        self._say("New game.")
        self._play_computers()
        self.render()

    # -- actions --------------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    def _human_turn(self) -> bool:
        g = self.game
        if g.is_over:
            self._say("The game is over. Press New game (under Players and variants) to play again.")
            return False
        if self._rolling:
            self._say("The dice are still rolling.")
            return False
        if g.player in self._computers:
            self._say(f"It is {g.player}'s turn (computer).")
            return False
        return True

    def roll(self) -> None:
        """The human player rolls the unplaced dice (animated when an event loop runs)."""
        if not self._human_turn():
            return
        try:
            self.game.turn.continue_rolling()  # the engine says whether a roll is allowed now
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        self._judge("roll")
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self._land_roll()
        else:
            self._rolling = True
            loop.create_task(self._animate(self.game))

    async def _animate(self, game: Game) -> None:
        try:
            for _ in range(7):
                for c in game.turn.unplaced:
                    self.dice[c].description = f"{c.value} {_FACES[self._animation.randrange(6)]}"
                await asyncio.sleep(0.07)
        finally:
            self._rolling = False
            if game is self.game and not game.is_over and not game.turn.is_over:
                self._land_roll()

    def _land_roll(self) -> None:
        turn = self.game.roll()
        self._before_decision = turn
        if turn.phase is Phase.BUST:
            self._say(f"No valid die: your turn ends with {turn.score} points"
                      + (" (gambler: nothing)." if turn.gambler else " (the targets of the dice not placed)."))
        else:
            self._say("Click the ringed dice you want to place (at least one).")
        self.render()

    def click_die(self, colour: Colour) -> None:
        """The human places this die (the engine refuses it unless it is valid in the current roll)."""
        if not self._human_turn():
            return
        try:
            self.game.place(colour)
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        if self.game.turn.phase is Phase.ALL_SIX:
            self._judge("place")
            self._say(f"All six placed: {self.game.turn.score} points (doubled)!")
        else:
            self._say(f"{colour.title.capitalize()} placed. Place more, roll the rest, or stop.")
        self.render()

    def stop(self) -> None:
        """The human stops and scores (the engine refuses it before a die of this roll is placed)."""
        if not self._human_turn():
            return
        try:
            self.game.turn.stop()  # turns are immutable: this only asks the engine whether stopping is allowed
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        self._judge("stop")
        self.game.stop()
        self._say(f"You stop with {self.game.turn.score} points.")
        self.render()

    def next_turn(self) -> None:
        """Write the finished turn on the score pad and let the next player (or computers) play."""
        g = self.game
        if g.is_over:
            self._say("The game is over.")
            return
        if not g.turn.is_over:
            self._say("Finish the turn first: roll, place, or stop.")
            return
        g.next_turn()
        self._before_decision = None
        self._say("" if g.is_over else f"{g.player} plays board {g.board_number}.")
        self._play_computers()
        self.render()

    def _play_computers(self) -> None:
        g = self.game
        notes = []
        while not g.is_over and g.player in self._computers:
            player = self._computers[g.player]
            while not g.turn.is_over:
                action, colours = player.decide(g.turn)
                if action == "roll":
                    g.roll()
                elif action == "place":
                    g.place(list(colours))
                else:
                    g.stop()
            notes.append(f"{g.player} scored {g.turn.score}")
            g.next_turn()
        if notes:
            self._say("; ".join(notes) + ("." if g.is_over else f". Your turn, {g.player}."))

    # -- the coach -------------------------------------------------------------------------------------
    def _judge(self, action: str) -> None:
        """After the fact: compare the human's decision with optimal play and note any cost."""
        before, t = self._before_decision, self.game.turn
        if before is None or not self.coach_box.value or before.is_over:
            return
        policy = policy_for(t.targets, t.gambler)
        best = policy.advise(before).best
        if action == "stop":
            chosen = policy.stop_value(t)
        elif action == "roll":
            chosen = policy.roll_value(t)
        else:
            chosen = policy.value(t)
        cost = best.value - chosen
        if cost > 0:
            self.verdict.value = (f"Coach: after that roll the best was <b>{escape(best.describe())}</b>; "
                                  f"your choice expects {float(chosen):.2f}, {float(cost):.2f} points less on "
                                  "average.")
        else:
            self.verdict.value = "Coach: that was optimal play."
        self._before_decision = None

    def _coach_text(self) -> str:
        t = self.game.turn
        if t.is_over or self.game.player in self._computers:
            return ""
        policy = policy_for(t.targets, t.gambler)
        advice = policy.advise(t)
        options = ", ".join(escape(c.describe()) for c in advice.choices[:4])
        if t.phase is Phase.ROLL and t.placed_count == 0:
            return f"Coach: this turn is worth {float(policy.roll_value(t)):.2f} points on average with optimal play."
        return f"Coach (expected final score): {options}."

    # -- drawing ------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"DiceBoard(board {self.game.board_number}, {self.game.player}: {self.game.turn.notation()})"

    def render(self) -> None:
        """Redraw everything from the game."""
        g = self.game
        t = g.turn
        if g.is_over:
            winners = " and ".join(g.winners())
            self.status.value = f"<b>Game over — {escape(winners)} win{'s' if len(g.winners()) == 1 else ''}!</b>"
        else:
            who = f"{g.player} ({self._kinds.get(g.player, 'human')})"
            marker = f" · white marker {g.markers[g.player]}" if g.handicap else ""
            self.status.value = (f"<b>Board {g.board_number} of {g.rounds} · {escape(who)}{marker}</b> · "
                                 f"placed {t.pips} pips, stopping now scores {t.stop_score()}")
        self.goal.value = dice_goal_board(t.targets, t.placed, size=50, title=f"goal board {g.board.notation()}")
        valid = set(t.valid_colours())
        for i, c in enumerate(COLOURS):
            b = self.dice[c]
            classes = [x for x in b._dom_classes if x not in ("n15-valid", "n15-placed")]
            b._dom_classes = tuple(classes)
            value = t.placed[i] if t.placed[i] is not None else t.rolled[i]
            b.description = f"{c.value} {_FACES[value - 1]}" if value else c.value
            if t.placed[i] is not None:
                b.add_class("n15-placed")
                b.tooltip = f"{c.title}: placed ({t.placed[i]})"
            elif c in valid:
                b.add_class("n15-valid")
                b.tooltip = f"{c.title} shows {t.rolled[i]} (target {t.targets[i]}): click to place"
            else:
                b.tooltip = f"{c.title} die (target {t.targets[i]})"
        human = not g.is_over and g.player not in self._computers
        self.roll_button.disabled = not human or t.is_over or t.phase is Phase.PLACE
        self.stop_button.disabled = not human or t.is_over or t.phase is Phase.PLACE or t.placed_count == 0
        self.next_button.disabled = g.is_over or not t.is_over
        self.coach.value = self._coach_text() if self.coach_box.value and human else ""
        if not self.coach_box.value:
            self.verdict.value = ""
        for view in (self.coach, self.verdict):
            view.layout.display = "" if view.value else "none"
        self._render_pad()

    def _render_pad(self) -> None:
        g = self.game
        head = "".join(f"<th>{escape(p)}</th>" for p in g.players)
        rows = []
        for board in range(1, g.rounds + 1):
            cells = []
            for p in g.players:
                entry = next((e for e in g.pad if e.board == board and e.player == p), None)
                now = not g.is_over and board == g.board_number and p == g.player
                cells.append(f"<td class='{'now' if now else ''}'>{'' if entry is None else entry.points}</td>")
            rows.append(f"<tr><th>{board}</th>{''.join(cells)}</tr>")
        totals = g.totals()
        rows.append("<tr><th>Total</th>" + "".join(f"<th>{totals[p]}</th>" for p in g.players) + "</tr>")
        self.pad.value = f"<table><tr><th>Board</th>{head}</tr>{''.join(rows)}</table>"
