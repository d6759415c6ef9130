"""A played game shown again on the kit's board, move by move: the replay board of pupils' players (lesson 07).

:class:`ReplayBoard` takes a game a player played in a series (a :class:`~fifteen_kit.series.Replay` from
``series.replay(name, i)``, or a :class:`~fifteen_kit.series.GameRecord`), of the dice game or of Fifteens, and
shows it on the board's own drawing: the dice game's goal board (:func:`fifteen_kit.svg.dice_goal_board`) with
the dice just rolled, or the Fifteens table (a :class:`~fifteen_kit.widgets.FifteensBoard` that only shows, with
the cards the player removed next ringed in blue).

**First**, **Back**, **Next** and **Last** (big buttons: Tab and Enter or Space work them) walk through the game.
A line says which move this is, what the player chose and what it meant ("Move 2 of 4: placed green 5 and red 2:
7 points placed, 4 dice left to roll"; "Move 1 of 7: removed Q♥ + 3♣ (15): ..."), the score at the end, and
always which button to press next.  Every position is read back by the engine (``Turn.parse``,
``Position.parse``); nothing here plays a rule.

>>> from fifteen_kit.series import try_player
>>> from fifteen_kit.pupil_players import removals
>>> def first(position):
...     return removals(position)[0]
>>> board = ReplayBoard(try_player(first, game="fifteens", games=1, seed=1).replay("first", 0))
>>> board.line(0).split(":")[0]
'Move 1 of 7'
>>> board.last()
>>> board.score_text()
'lost'
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.fifteens.rules import Position, parse_removal
from fifteen_kit.nasty15.boards import COLOURS
from fifteen_kit.nasty15.rules import Decision, Phase, Turn
from fifteen_kit.pupil_players import GAMES, Game, chance_of_bust
from fifteen_kit.series import GameRecord, Replay
from fifteen_kit.svg import SVG, dice_goal_board, die

from .nasty15_views import _DIE_FACE, GOAL_DIE_PX
from .palette import PALETTE, TEXT_PX, Size, check_size
from .style import style_sheet

__all__ = ["MAX_STEPS", "ReplayBoard"]

#: The most steps a replay shows (a Fifteens game has at most 27 removals, a dice turn at most 13 decisions).
MAX_STEPS = 200
# the move line's and the buttons' text sizes (px) at each board size
_MSG_PX: dict[Size, int] = {"normal": 20, "large": 28}
_BUTTON_PX: dict[Size, int] = {"normal": TEXT_PX["normal"] + 2, "large": TEXT_PX["large"] + 4}


def _steps(replay: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(replay, (Replay, GameRecord)):
        raise InvalidArgumentError("a replay is a series' Replay (series.replay(name, i)) or a GameRecord",
                                   input=_check.short(replay))
    steps = tuple(replay.steps)
    if not 1 <= len(steps) <= MAX_STEPS:
        raise InvalidArgumentError(f"a replay has 1 to {MAX_STEPS} steps", input=len(steps))
    for step in steps:
        if (not isinstance(step, tuple) or len(step) != 2
                or not all(isinstance(s, str) and len(s) <= 2000 for s in step)):
            raise InvalidArgumentError("a replay's step is (position notation, what happened next)",
                                       input=_check.short(step))
    return steps


def _positions(steps: tuple[tuple[str, str], ...], game: Game | None) -> tuple[Game, list[Any]]:
    # the engine reads every position back; without a game named, a Fifteens position is the one with " / "
    kind: Game = (_check.choice(game, GAMES, "the game") if game is not None
                  else "fifteens" if "/" in steps[0][0] else "dice")
    reader = Turn.parse if kind == "dice" else Position.parse
    try:
        return kind, [reader(notation) for notation, _ in steps]
    except FifteenKitError as err:
        raise InvalidArgumentError(f"the replay's positions are not positions of the game ({err.message})",
                                   input=_check.short(steps[0][0])) from None


def _points(n: int) -> str:
    return f"{n} {'point' if n == 1 else 'points'}"


def _colours_words(letters: list[str], turn: Turn) -> str:
    # "green 5 and red 2": each die with the pips it shows in ``turn``
    parts = []
    for c in COLOURS:
        if c.value in letters:
            parts.append(f"{c.title} {turn.rolled[COLOURS.index(c)]}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _dice_line(before: Turn, move: str, after: Turn) -> str:
    # what the player chose in ``before`` and what it meant, in plain words
    decision = Decision.parse(move)
    if decision.action == "place":
        left = [c for c in COLOURS if after.placed[COLOURS.index(c)] is None]
        rest = (f"{len(left)} {'die' if len(left) == 1 else 'dice'} left to roll (targets "
                + " ".join(f"{c.value} {after.targets[COLOURS.index(c)]}" for c in left) + ")"
                if left else "every die is placed")
        return (f"placed {_colours_words([c.value for c in decision.colours], before)}: "
                f"{_points(after.pips)} placed, {rest}")
    if decision.action == "stop":
        risk = chance_of_bust(before)
        return (f"stopped and scored {_points(before.stop_score())} (rolling on would have busted "
                f"{risk:.0%} of the time)")
    risk = chance_of_bust(before)
    shown = " ".join(f"{c.value} {p}" for c, p in zip(COLOURS, after.rolled, strict=True) if p is not None)
    start = "rolled" if before.phase is Phase.ROLL and not before.pips else "rolled on"
    return f"{start} with {_points(before.pips)} placed (chance of a bust {risk:.0%}); the dice showed {shown}"


def _fifteens_line(before: Position, move: str, after: Position) -> str:
    places = parse_removal(move)
    cards = [before.tableau[p] for p in places]
    labels = " + ".join(c.label for c in cards if c is not None)
    kind = "15" if all(c is not None and c.value is not None for c in cards) else "a face set"
    choices = len(before.legal_moves())
    left = len(after.cards)
    return (f"removed {labels} ({kind}), one of {choices} legal "
            f"{'removal' if choices == 1 else 'removals'}: {left} cards on the table, {len(after.stock)} in the stock")


class ReplayBoard(w.VBox):
    """One played game shown on the board move by move (see the module docstring).

    Args:
        replay: a :class:`~fifteen_kit.series.Replay` (``series.replay(name, i)``) or a
            :class:`~fifteen_kit.series.GameRecord`.
        game: ``'dice'`` or ``'fifteens'``; None finds it from the positions.
        size: ``"normal"`` (text at least 16 px) or ``"large"`` (projector size, at least 22 px).
        title: a heading such as ``"my_player, game 3"`` (at most 80 characters).

    Attributes: :attr:`index` (the step shown, from 0; the last step is the end of the game), :attr:`positions`
    (each step's position, read by the engine), :attr:`game`; :meth:`show` puts another game on the board.
    Raises InvalidArgumentError for anything but a replay of 1 to 200 steps of the dice game or Fifteens, a bad
    game, size or title.
    """

    def __init__(self, replay: Replay | GameRecord, game: Game | None = None, size: Size = "normal",
                 title: str = "") -> None:
        self._size: Size = check_size(size)
        super().__init__()
        self.add_class("kit-replay")
        self.add_class("kit-question")
        self.status = w.HTML()
        self.status.add_class("kit-replay-status")
        self.message = w.HTML()
        self.message.add_class("kit-replay-msg")
        self.buttons: dict[str, w.Button] = {}
        for name, icon, tip in (("First", "fast-backward", "Go back to the start of the game"),
                                ("Back", "step-backward", "Show the move before"),
                                ("Next", "step-forward", "Show the next move"),
                                ("Last", "fast-forward", "Go to the end of the game and its score")):
            button = w.Button(description=name, icon=icon, tooltip=tip,
                              style={"button_color": PALETTE["yellow"] if name == "Next" else PALETTE["ivory"],
                                     "text_color": PALETTE["ink"], "font_weight": "bold"})
            button.add_class("kit-replay-button")
            self.buttons[name] = button
        self.first_button, self.back_button = self.buttons["First"], self.buttons["Back"]
        self.next_button, self.last_button = self.buttons["Next"], self.buttons["Last"]
        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.last_button.on_click(lambda _b: self.last())
        self.controls = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        self.picture = w.HTML()  # the dice game's goal board and dice
        self.table: Any = None  # Fifteens: the board that shows the table (made when a Fifteens game is shown)
        self._apply_size()
        self.show(replay, game, title)

    def show(self, replay: Replay | GameRecord, game: Game | None = None, title: str = "") -> None:
        """Show another game on this board, from its start (the lab shows every game a pupil picks on one board).

        Arguments as for the board.  Raises InvalidArgumentError for a bad replay, game or title, and then changes
        nothing.

        >>> from fifteen_kit.series import Replay
        >>> board = ReplayBoard(Replay((("433221 ...... ...... R", "roll"),
        ...                            ("433221 ...... 666666 B", "no valid die: the turn ends"))))
        >>> board.show(Replay((("433221 ...... ...... R", "roll"),)), title="another")
        >>> board.moves, board.title
        (0, 'another')
        """
        steps = _steps(replay)
        title = _check.text(title, 80, "the title")
        kind, positions = _positions(steps, game)
        self.steps, self.title, self.game, self.positions, self.index = steps, title, kind, positions, 0
        if kind == "fifteens" and self.table is None:
            from .fifteens import FifteensBoard

            table = FifteensBoard(seed=0, size=self._size)
            for part in (table.controls, table.message, table.info, table.size_toggle, table.removals_view):
                part.layout.display = "none"
            self.table = table
        view = self.table if kind == "fifteens" else self.picture
        self.children = [style_sheet(), self.status, self.message, self.controls, view]
        self.render()

    def __repr__(self) -> str:
        return f"ReplayBoard({self.game!r}, step {self.index + 1} of {len(self.steps)})"

    # -- moving through the game --------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        """How many moves the game has (the steps before its end)."""
        return len(self.steps) - 1

    def go(self, index: int) -> None:
        """Show step ``index`` (0 to :attr:`moves`; the last is the end of the game).

        Raises InvalidArgumentError for another index (and changes nothing).

        >>> from fifteen_kit.series import Replay
        >>> board = ReplayBoard(Replay((("433221 ...... ...... R", "roll"),
        ...                            ("433221 ...... 666666 B", "no valid die: the turn ends"))))
        >>> board.go(1); board.score_text()
        '15 points'
        """
        self.index = _check.whole(index, 0, self.moves, "the step")
        self.render()

    def first(self) -> None:
        """Show the start of the game (the **First** button)."""
        self.go(0)

    def back(self) -> None:
        """Show the move before (the **Back** button); at the start it says so."""
        self.go(max(self.index - 1, 0))

    def next(self) -> None:
        """Show the next move (the **Next** button); at the end it says so."""
        self.go(min(self.index + 1, self.moves))

    def last(self) -> None:
        """Show the end of the game and its score (the **Last** button)."""
        self.go(self.moves)

    # -- words -------------------------------------------------------------------------------------------
    def score_text(self) -> str:
        """The game's score in words: dice ``'12 points'``; Fifteens ``'won'`` or ``'lost'``."""
        end = self.positions[-1]
        if self.game == "dice":
            return _points((end.score if end.is_over else end.stop_score()) or 0)
        return "won" if end.is_won else "lost"

    def line(self, index: int) -> str:
        """The move line of step ``index``: which move, what the player chose, what it meant; the end and its
        score for the last step.  Raises InvalidArgumentError for another index.

        >>> from fifteen_kit.series import Replay
        >>> board = ReplayBoard(Replay((("433221 ...... ...... R", "roll"),
        ...                            ("433221 ...... 616611 P", "place B"))))
        >>> board.line(0)
        'Move 1 of 1: rolled with 0 points placed (chance of a bust 3%); the dice showed B 6 Y 1 K 6 W 6 G 1 R 1'
        """
        index = _check.whole(index, 0, self.moves, "the step")
        what = self.steps[index][1]
        if index == self.moves:
            if self.game == "dice":
                return f"The end: {what or 'the turn is over'}. Score: {self.score_text()}."
            end = self.positions[-1]
            left = len(end.cards) + len(end.stock)
            return ("The end: won! Every card is gone." if end.is_won
                    else f"The end: lost, no removal is possible with {left} cards still out.")
        before, after = self.positions[index], self.positions[index + 1]
        try:
            said = (_dice_line(before, what, after) if self.game == "dice"
                    else _fifteens_line(before, what, after))
        except (FifteenKitError, IndexError, AttributeError):  # a hand-made replay whose move does not read
            said = f"chose {what}"
        return f"Move {index + 1} of {self.moves}: {said}"

    def prompt(self) -> str:
        """What to press now (never empty)."""
        if self.moves == 0:
            return "This game had no move."
        if self.index == 0:
            return f"Press Next to see what happened (or Last for the end).{self._ringed()}"
        if self.index == self.moves:
            return "That is the whole game. Press First to watch it again, or Back."
        if self.index == self.moves - 1:
            return f"Press Next for the end of the game and its score (Back goes back).{self._ringed()}"
        return f"Press Next for move {self.index + 2} (Back goes back).{self._ringed()}"

    def _ringed(self) -> str:
        # what the ring on the board means, when the move shown has one
        what = self.steps[self.index][1]
        if self.index == self.moves or (self.game == "dice" and not what.startswith("place")):
            return ""
        return (" Ringed in yellow: the dice it placed." if self.game == "dice"
                else " Ringed in blue: the cards it removed.")

    # -- drawing ------------------------------------------------------------------------------------------
    @property
    def size(self) -> Size:
        """``"normal"`` or ``"large"`` (projector size); setting it redraws the board at that size.  Raises
        InvalidArgumentError for another value."""
        return self._size

    @size.setter
    def size(self, value: Size) -> None:
        """Redraw the board at ``value``."""
        self._size = check_size(value)
        if self.table is not None:
            self.table.size = self._size
        self._apply_size()
        self.render()

    def _apply_size(self) -> None:
        px = _BUTTON_PX[self.size]
        for button in self.buttons.values():
            button.style.font_size = f"{px}px"
            button.layout.height = f"{round(px * 2.4)}px"
            button.layout.width = "auto"  # as wide as its word: the four stay on one line beside a file browser
            button.layout.min_width = f"{px * 5}px"
            button.layout.margin = "4px 8px 4px 0"
        self.message.style.font_size = f"{_MSG_PX[self.size]}px"
        self.status.style.font_size = f"{TEXT_PX[self.size]}px"
        (self.add_class if self.size == "large" else self.remove_class)("kit-large")

    def _dice_picture(self, turn: Turn, chosen: tuple[str, ...]) -> str:
        px = GOAL_DIE_PX[self.size]
        goal = dice_goal_board(turn.targets, turn.placed, size=px, title="goal board")
        dice = [(c, p) for c, p, placed in zip(COLOURS, turn.rolled, turn.placed, strict=True)
                if p is not None and placed is None]
        if not dice:
            return goal
        side, gap = px * 1.2, px * 0.5
        parts = []
        for i, (colour, pips) in enumerate(dice):
            x = gap + i * (side + gap)
            if colour.value in chosen:  # the dice the player placed next: ringed like the board's valid dice
                parts.append(f'<rect x="{x - 6:g}" y="{gap - 6:g}" width="{side + 12:g}" height="{side + 12:g}" '
                             f'rx="{side * 0.25:g}" fill="none" stroke="{PALETTE["yellow"]}" stroke-width="5"/>')
            ink, face = _DIE_FACE[colour]
            parts.append(die(pips, PALETTE[face], PALETTE[ink], x=x, y=gap, size=side, letter=colour.value))
        width, height = gap + len(dice) * (side + gap), side + 2 * gap
        roll = SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" role="img" '
                   f'aria-label="the dice rolled"><rect width="100%" height="100%" rx="10" '
                   f'fill="{PALETTE["slate"]}"/>{"".join(parts)}</svg>')
        return f"<div style='display:flex;flex-wrap:wrap;gap:12px;align-items:center'>{goal}{roll}</div>"

    def render(self) -> None:
        """Redraw the step shown: the board, the move line and the buttons."""
        i, position = self.index, self.positions[self.index]
        what = self.steps[i][1]
        heading = f"{escape(self.title)} · " if self.title else ""
        game = "the 15 dice game" if self.game == "dice" else "Fifteens"
        where = f"move {i + 1} of {self.moves}" if i < self.moves else "the end"
        if self.game == "dice":
            chosen: tuple[str, ...] = ()
            if i < self.moves and what.startswith("place"):
                chosen = tuple(what.split()[1:])
            self.picture.value = self._dice_picture(position, chosen)
        else:
            table = self.table
            table.history = [position]
            table.selected = set()
            try:
                table._hint = parse_removal(what) if i < self.moves else ()
            except FifteenKitError:
                table._hint = ()
            table.render()
            for card in table.cards:
                card.disabled = True  # the table only shows: Tab goes from Next to the next control
        # the words last: once the line says a move, the board already shows it (the browser gets the changes in order)
        self.status.value = f"<b>{heading}{game} · {where}</b> · score at the end: {escape(self.score_text())}"
        self.message.value = f"<b>{escape(self.line(i))}</b><br>{escape(self.prompt())}"
