"""The Fifteens patience board: a 4x4 tableau of cards to select and remove in sets summing to 15.

The board holds a history of immutable :class:`~fifteen_kit.fifteens.rules.Position`
values and redraws from the latest; the engine judges every removal.  It shows
the tableau as large cards (rank and suit symbol, red or black), the stock count
and the top of the waste; clicking cards selects them and shows the running sum;
*Remove* asks the engine and explains a refusal.  *Hint* rings one legal removal,
*List removals* lists the smallest ones, and *Solver's move* tells what the thoughtful
solver (which sees the stock) would do, once the player ticks the box that reveals the
stock to it.  New deal by seed, undo, and a clear win or loss banner.

The message line always says what to do next: at the start, after every click, and at the end (which
button to press).  Every card and control is a native button or input, so a whole game can be played
with Tab and Enter/Space.  Two sizes (:data:`~fifteen_kit.widgets.palette.TEXT_PX`): ``"normal"`` fits a
1024x768 screen beside JupyterLab's file browser, ``"large"`` (the *Projector size* toggle) fills it.

Its look comes from the kit's one style sheet (:mod:`fifteen_kit.widgets.style`, classes ``f15p-*``) and the
widgets' public style and layout traits; :attr:`FifteensBoard.marks` says how each place is drawn.

>>> board = FifteensBoard(seed=1)
>>> board.message.value
'Click cards that sum to 15, then press Remove. 10s, jacks, queens and kings go four of a kind.'
>>> first = board.position.legal_moves()[0]
>>> for place in first:
...     board.cards[place].click()
>>> [board.marks[place] for place in first]
['selected', 'selected']
>>> board.remove_button.click()
>>> len(board.position.waste)
2
>>> board.size = "large"
>>> board.cards[0].style.font_size
'40px'
"""

from __future__ import annotations

from html import escape
from typing import Any, Literal

import ipywidgets as w
import traitlets

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.fifteens.cards import Card
from fifteen_kit.fifteens.rules import OPTIONS, FaceRule, Position, Removal
from fifteen_kit.fifteens.solver import solve
from fifteen_kit.fifteens.strategies import PLAYERS, study, wilson_interval
from fifteen_kit.results import HAND_PLAYED

from .common import MAX_SEED, sentence
from .palette import PALETTE, TEXT_PX, Size, check_size
from .results import Recorded, Recorder
from .resume import Resumable
from .style import style_sheet

__all__ = ["MAX_PAIR", "CardMark", "FifteensBoard", "PairStudy"]

#: The largest pair number of :class:`PairStudy`.
MAX_PAIR = 999

#: How a tableau place is drawn: ``'empty'``, ``'selected'``, ``'hint'`` (ringed by Hint or the solver) or
#: ``'plain'``.
CardMark = Literal["empty", "selected", "hint", "plain"]

# Pixel sizes of each board size: text (buttons, info, inputs), message line, banner, card face and its rank,
# gaps, the control column's width, a button's height, how many removals a list shows and the board's widest.
# Every text size is at least TEXT_PX[size].
_DIMS: dict[str, dict[str, int]] = {
    "normal": {"text": TEXT_PX["normal"], "msg": 18, "title": 20, "card_w": 64, "card_h": 88, "rank": 28,
               "gap": 8, "side": 204, "button": 34, "listed": 10, "board": 600},
    "large": {"text": TEXT_PX["large"], "msg": 24, "title": 28, "card_w": 86, "card_h": 96, "rank": 40,
              "gap": 10, "side": 340, "button": 40, "listed": 16, "board": 880},
}
# card faces and buttons: colours from the palette, each text on its face a pair of TEXT_PAIRS
_CARD_FACE, _RED, _BLACK, _EMPTY_BACK = PALETTE["ivory"], PALETTE["card_red"], PALETTE["ink"], PALETTE["felt_dark"]
_CARD_BORDER, _EMPTY_BORDER = "2px solid #2b2b2b", "2px dashed #7fb89a"
_BUTTON_FACE = {"plain": PALETTE["ivory"], "go": PALETTE["yellow"], "deal": PALETTE["sky"]}
_FACE_NOTE = {"four-of-a-kind": "10s, jacks, queens and kings go four of a kind.",
              "one-each": "10s, jacks, queens and kings go as one 10, one jack, one queen and one king."}

#: The face-card rule, as the engine declares it (menu labels, tooltip, check).
_FACE_RULE = OPTIONS["face_rule"]


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``_count(1, "card")`` is ``'1 card'``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


class FifteensBoard(Recorded, Resumable, w.VBox):
    """An interactive Fifteens table (see the module docstring).

    Args:
        seed: the deal number, 0 to :data:`~fifteen_kit.widgets.common.MAX_SEED` (same seed, same deal).
        face_rule: ``'four-of-a-kind'`` (the rulebook's) or ``'one-each'``.
        size: ``'normal'`` (text at least 16 px) or ``'large'`` (projector size, text at least 22 px);
            the *Projector size* toggle switches it, and so does setting :attr:`size`.
        key: a name like ``"05.game"``: with a key the end of each game is recorded in the notebook (see
            :mod:`fifteen_kit.widgets.results`) as one deal played by the strategy ``"pupil"``: ``{"game":
            "fifteens", "seed", "strategy": "pupil", "deals": 1, "wins" (1 or 0), "face_rule", "cards_left",
            "removals"}``.

    Attributes:
        marks: how each place 0..15 is drawn now (a :data:`CardMark`), updated by :meth:`render`.
        size: the board's size now (a trait: setting it redraws the board; a bad size raises
            InvalidArgumentError and changes nothing).

    Raises InvalidArgumentError for a bad seed, face rule or size (before anything is built).
    """

    size = traitlets.Unicode("normal")

    def __init__(self, seed: int = 0, face_rule: FaceRule = "four-of-a-kind", size: Size = "normal",
                 key: str | None = None) -> None:
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        _FACE_RULE.check(face_rule)
        check_size(size)
        self.recorder = Recorder(key, "game") if key is not None else None
        self._deal: tuple[int, FaceRule] = (seed, face_rule)
        self._recorded: Position | None = None  # the last position recorded as a game's end
        super().__init__()
        self.add_class("f15p-board")
        self.add_class("kit-board")
        self.history: list[Position] = [Position.deal(seed, face_rule)]
        self._removals: list[list[int]] = []  # the places of each removal since the deal (for widgets/resume.py)
        self.selected: set[int] = set()
        self._hint: Removal = ()
        self.marks: tuple[CardMark, ...] = ("plain",) * 16
        self.banner = w.HTML()
        self.banner.add_class("f15p-banner")
        self.size_toggle = w.ToggleButton(description="Projector size", icon="expand",
                                          tooltip="Bigger cards and text, for a projector (click again for normal)")
        self.size_toggle.add_class("f15p-toggle")
        self.info = w.HTML()
        self.info.add_class("f15p-info")
        self.message = w.HTML(style={"text_color": PALETTE["yellow"]})
        self.message.add_class("f15p-msg")
        self.cards: list[w.Button] = []
        for place in range(16):
            b = w.Button(layout=w.Layout(border=_CARD_BORDER), style={"font_weight": "bold",
                                                                      "font_family": "Georgia,serif"})
            b.add_class("f15p-card")
            b.on_click(lambda _b, p=place: self.click_card(p))
            self.cards.append(b)
        self.grid = w.GridBox(self.cards, layout=w.Layout(overflow="visible"))
        self.grid.add_class("f15p-grid")
        self.remove_button = w.Button(description="Remove", icon="check",
                                      tooltip="Remove the selected cards (they must make 15)")
        self.clear_button = w.Button(description="Clear", icon="times", tooltip="Unselect every card")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", tooltip="Ring one legal removal")
        self.all_button = w.Button(description="List removals", icon="list",
                                   tooltip="List the legal removals, the smallest first")
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back the last removal")
        self.reveal_box = w.Checkbox(value=False, description="Solver sees the stock", indent=False,
                                      layout=w.Layout(width="auto"))
        self.reveal_box.add_class("f15p-reveal")
        self.solver_button = w.Button(description="Solver's move", icon="magic",
                                      tooltip="What the thoughtful solver, which knows the stock, would remove")
        self.seed_text = w.IntText(value=seed, description="Deal", style={"description_width": "initial"},
                                   tooltip="The deal number: the same number deals the same cards")
        self.rule_menu = w.Dropdown(options=_FACE_RULE.menu(), value=face_rule, description=_FACE_RULE.title,
                                    style={"description_width": "initial"}, tooltip=_FACE_RULE.help)
        self.new_button = w.Button(description="New deal", icon="refresh", tooltip="Deal the cards of this number")
        self._buttons = {self.remove_button: "go", self.clear_button: "plain", self.hint_button: "plain",
                         self.all_button: "plain", self.undo_button: "plain", self.solver_button: "plain",
                         self.new_button: "deal"}
        for button, face in self._buttons.items():
            button.style.button_color, button.style.text_color = _BUTTON_FACE[face], PALETTE["ink"]
            button.add_class("f15p-button")
        self.removals_view = w.HTML()
        self.removals_view.add_class("f15p-info")
        self.remove_button.on_click(lambda _b: self.remove())
        self.clear_button.on_click(lambda _b: self.clear())
        self.hint_button.on_click(lambda _b: self.hint())
        self.rule_menu.observe(lambda _c: self._rule_changed(), names="value")
        self.all_button.on_click(lambda _b: self.show_all())
        self.solver_button.on_click(lambda _b: self.solver_move())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self._new_deal_clicked())
        self.size_toggle.observe(lambda c: setattr(self, "size", "large" if c["new"] else "normal"), names="value")
        # controls beside the cards; they wrap below the cards when the output is narrow
        self.controls = w.VBox([self.remove_button, self.clear_button, self.hint_button, self.all_button,
                                self.undo_button, self.reveal_box, self.solver_button, self.seed_text,
                                self.rule_menu, self.new_button], layout=w.Layout(overflow="visible"))
        self.controls.add_class("f15p-controls")
        table = w.HBox([self.grid, self.controls], layout=w.Layout(flex_flow="row wrap", overflow="visible"))
        top = w.HBox([self.banner, self.size_toggle],
                     layout=w.Layout(flex_flow="row wrap", justify_content="space-between", align_items="center",
                                     overflow="visible"))
        self.children = [style_sheet(), top, self.message, self.info, table, self.removals_view]
        self.layout.overflow = "visible"
        self.size = size
        self._apply_size()
        self._say(self._next_step(start=True))
        self._resume_start(key)
        self.render()

    @traitlets.validate("size")
    def _valid_size(self, proposal: traitlets.Bunch) -> str:
        return check_size(proposal["value"])

    @traitlets.observe("size")
    def _size_changed(self, _change: traitlets.Bunch) -> None:
        if hasattr(self, "controls"):  # built (the constructor sets the first size before it draws)
            self._apply_size()

    def _apply_size(self) -> None:
        """Set every size trait of the board for :attr:`size` (text, cards, controls) and its CSS class."""
        d = _DIMS[self.size]
        px = {key: f"{value}px" for key, value in d.items()}
        (self.add_class if self.size == "large" else self.remove_class)("kit-large")
        self.size_toggle.value = self.size == "large"
        self.size_toggle.style.font_size = px["text"]
        self.banner.style.font_size, self.message.style.font_size = px["title"], px["msg"]
        self.info.style.font_size = self.removals_view.style.font_size = px["text"]
        for b in self.cards:
            b.layout.width, b.layout.height, b.style.font_size = px["card_w"], px["card_h"], px["rank"]
        self.grid.layout.grid_template_columns = f"repeat(4, {px['card_w']})"
        self.grid.layout.grid_gap = px["gap"]
        for button in self._buttons:
            button.style.font_size = px["text"]
            button.layout.height, button.layout.width = px["button"], "100%"
        self.controls.layout.width = px["side"]
        self.layout.max_width = px["board"]
        for control in (self.seed_text, self.rule_menu):
            control.layout.width = "100%"

    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1]

    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    def _next_step(self, start: bool = False) -> str:
        """What to do now, as a sentence naming the button to press (never empty)."""
        p = self.position
        if p.is_won:
            return "Won! Every card is gone. Press New deal to play again."
        if p.is_lost:
            left = _count(len(p.cards) + len(p.stock), "card")
            return (f"No removal is left: the game is lost with {left} to go. "
                    "Press Undo to try another way, or New deal.")
        if self.selected:
            if p.explain(sorted(self.selected)) is None:
                return "These make a fifteen: press Remove."
            return "Click more cards to make 15, or click a selected card again to unselect it."
        first = "Click cards that sum to 15, then press Remove."
        return f"{first} {_FACE_NOTE[p.face_rule]}" if start else first

    # -- actions ----------------------------------------------------------------------------------
    def click_card(self, place: int) -> None:
        """Select or unselect the card at ``place`` (0..15, row by row).

        Raises InvalidArgumentError for anything but a place 0..15 (and changes nothing).
        """
        _check.whole(place, 0, 15, "the place", position=self.position.notation())
        card = self.position.tableau[place]
        if card is None:
            self._say(f"That place is empty. {self._next_step()}")
            return
        if self.position.is_over:
            self._say(f"The game is over. {self._next_step()}")
            return
        self.selected ^= {place}  # a hint's ring stays on the cards not selected yet
        self._say(self._next_step())
        self.render()

    def clear(self) -> None:
        """Unselect every card."""
        self.selected.clear()
        self._hint = ()
        self._say(self._next_step())
        self.render()

    def remove(self) -> None:
        """Remove the selected cards if the engine allows it; otherwise say why not."""
        if self.position.is_over:
            self._say(f"The game is over. {self._next_step()}")
            return
        if not self.selected:
            self._say(f"Nothing is selected. {self._next_step()}")
            return
        try:
            new = self.position.play(sorted(self.selected))
        except FifteenKitError as err:
            self._say(f"{sentence(err.message)} {self._next_step()}")
            return
        removed = " + ".join(c.label for c in self._cards_at(sorted(self.selected)))
        self.history.append(new)
        self._removals.append(sorted(self.selected))
        self._fresh()
        self._say(f"Removed {removed}. {self._next_step()}")
        self.render()

    def hint(self) -> None:
        """Ring one legal removal (the smallest first)."""
        removals = self.position.legal_moves()
        if not removals:
            self._say(self._next_step())
            return
        self.selected.clear()
        self._hint = removals[0]
        self._say(f"Hint: {self._labels(self._hint)} (ringed in blue). Click them, then press Remove.")
        self.render()

    def show_all(self) -> None:
        """List the legal removals, the smallest first (as many as the board's size has room for)."""
        removals = self.position.legal_moves()
        if not removals:
            self.removals_view.value = ""
            self._say(self._next_step())
            return
        shown = _DIMS[self.size]["listed"]
        labels = [self._labels(r) for r in removals[:shown]]
        more = len(removals) - len(labels)
        head = _count(len(removals), "legal removal") + (f", the {len(labels)} smallest" if more else "")
        self.removals_view.value = (f"<b>{head}:</b> " + escape(" · ".join(labels))
                                    + (f" · and {more} more" if more else ""))
        self._say(f"{_count(len(removals), 'legal removal')} listed below. "
                  "Click the cards of one, then press Remove.")

    def solver_move(self) -> None:
        """What the thoughtful solver would remove now; it needs the stock revealed to it first."""
        if not self.reveal_box.value:
            self._say("The solver looks at the stock: tick 'Solver sees the stock' first, then press Solver's move.")
            return
        if self.position.is_over:
            self._say(f"The game is over. {self._next_step()}")
            return
        result = solve(self.position, node_budget=300_000)
        if result.status == "won":
            self.selected.clear()
            self._hint = result.line[0]
            self._say(f"Solver: this deal can still be won; it removes {self._labels(self._hint)} (ringed in blue). "
                      "Click them, then press Remove.")
        elif result.status == "lost":
            self._say("Solver: whatever you do now, this deal can no longer be won. "
                      "Press Undo to go back, New deal for a fresh deal, or play on.")
        else:
            self._say(f"Solver: the search ran out of budget; it cannot tell. {self._next_step()}")
        self.render()

    def undo(self) -> None:
        """Take back the last removal."""
        if len(self.history) == 1:
            self._say(f"Nothing to undo yet. {self._next_step()}")
            return
        self.history.pop()
        self._removals.pop()
        self._fresh()
        self._say(f"Removal taken back. {self._next_step()}")
        self.render()

    def _fresh(self) -> None:
        # a new position on the table: no selection, no ring, no stale list of removals
        self.selected.clear()
        self._hint = ()
        self.removals_view.value = ""

    def _rule_changed(self) -> None:
        # a deal keeps the face-card rule it was dealt with: the board says when the new one applies
        if self.rule_menu.value != self.history[-1].face_rule:
            label = _FACE_RULE.label(self.rule_menu.value)
            self._say(f"The face-card rule '{label}' applies from the next deal: press New deal.")

    def _new_deal_clicked(self) -> None:
        # the New deal button: a bad deal number is said on the board (a click cannot show an exception)
        try:
            self.new_deal(self.seed_text.value, self.rule_menu.value)
        except FifteenKitError as err:
            self._say(f"{sentence(err.message)} Type another in the Deal box, then press New deal.")

    def new_deal(self, seed: int, face_rule: FaceRule = "four-of-a-kind") -> None:
        """Deal again from ``seed`` (0 to :data:`~fifteen_kit.widgets.common.MAX_SEED`) with ``face_rule``.

        Raises InvalidArgumentError for a bad seed or face rule, and then changes nothing.
        """
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        position = Position.deal(seed, face_rule)
        if self.recorder is not None:
            self.recorder.new_game()
        self.history = [position]
        self._removals = []
        self._deal = (seed, face_rule)
        self._fresh()
        self.seed_text.value, self.rule_menu.value = seed, face_rule
        self._say(f"Deal {seed}. {self._next_step(start=True)}")
        self.render()

    # -- an unfinished game, kept and continued (widgets/resume.py) ----------------------------------------
    def _snapshot(self) -> tuple[dict[str, Any], str] | None:
        if not self._removals or self.position.is_over:
            return None
        return ({"deal": list(self._deal), "removals": [list(r) for r in self._removals]},
                f"deal {self._deal[0]}, {_count(len(self._removals), 'removal')} made")

    def _restore(self, state: dict[str, Any]) -> None:
        # the pupil's own file: the deal is checked as New deal checks it, each removal by the engine's rules
        deal, removals = state.get("deal"), state.get("removals")
        if not isinstance(deal, list) or len(deal) != 2 or not isinstance(removals, list) or len(removals) > 60:
            raise InvalidArgumentError("the kept game is not a deal and its removals", input=_check.short(state))
        seed, rule = _check.whole(deal[0], 0, MAX_SEED, "the kept deal number"), _FACE_RULE.check(deal[1])
        history = [Position.deal(seed, rule)]
        for places in removals:
            if not isinstance(places, list) or not all(type(p) is int for p in places):
                raise InvalidArgumentError("a kept removal is not a list of places", input=_check.short(places))
            history.append(history[-1].play(places))
        self.history, self._removals, self._deal = history, [list(r) for r in removals], (seed, rule)
        self._fresh()
        self.seed_text.value, self.rule_menu.value = seed, rule
        self._say(f"Your game is back: deal {seed}, {_count(len(removals), 'removal')} made. {self._next_step()}")

    # -- drawing ----------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        p = self.position
        return f"FifteensBoard({len(p.cards)} on the tableau, {len(p.stock)} in the stock)"

    def _cards_at(self, places: Removal | list[int]) -> list[Card]:
        # the cards at these places of the current tableau (empty places skipped)
        tableau = self.position.tableau
        return [card for card in (tableau[p] for p in places) if card is not None]

    def _labels(self, places: Removal | list[int]) -> str:
        return " + ".join(c.label for c in self._cards_at(places))

    def _mark(self, place: int) -> CardMark:
        if self.position.tableau[place] is None:
            return "empty"
        if place in self.selected:
            return "selected"
        return "hint" if place in self._hint else "plain"

    def _record_game(self) -> None:
        # a game's end is recorded once (with a key): won or not, the cards left and the removals made
        self._resume_keep()
        p = self.position
        if self.recorder is None or not p.is_over or p is self._recorded:
            return
        self._recorded = p
        self.recorder.write(game="fifteens", seed=self._deal[0], strategy=HAND_PLAYED, deals=1, wins=int(p.is_won),
                            face_rule=self._deal[1], cards_left=len(p.cards) + len(p.stock),
                            removals=len(self.history) - 1)

    def render(self) -> None:
        """Redraw from the current position."""
        self._record_game()
        p = self.position
        self.marks = tuple(self._mark(place) for place in range(16))
        for place, b in enumerate(self.cards):
            card = p.tableau[place]
            mark = self.marks[place]
            row, column = divmod(place, 4)
            where = f"row {row + 1}, column {column + 1}"
            if card is None:
                b.description = ""
                b.tooltip = f"{where}: empty"
                b.style.button_color, b.style.text_color = _EMPTY_BACK, _EMPTY_BACK
                b.layout.border = _EMPTY_BORDER
                b.disabled = True  # nothing to do there: Tab skips it
            else:
                b.description = card.label
                worth = " (no value: goes only in a face set)" if card.value is None else f" (counts {card.value})"
                state = {"selected": ", selected", "hint": ", hinted"}.get(mark, "")
                b.tooltip = f"{where}: {card.label}{worth}{state}"
                b.style.button_color, b.style.text_color = _CARD_FACE, _RED if card.red else _BLACK
                b.layout.border = _CARD_BORDER
                b.disabled = False
            for other in ("selected", "hint"):
                if mark == other:
                    b.add_class(f"f15p-{other}")
                else:
                    b.remove_class(f"f15p-{other}")
        chosen = self._cards_at(sorted(self.selected))
        values = [c.value for c in chosen if c.value is not None]
        faces = len(chosen) - len(values)
        selection = ("nothing selected" if not chosen else
                     f"selected: {' + '.join(c.label for c in chosen)}"
                     + (f" = {sum(values)}" if not faces else f" ({_count(faces, 'face card')})"))
        top = p.waste[-1].label if p.waste else "none"
        stock = len(p.stock)
        self.info.value = (f"Stock: <b>{stock}</b> {'card' if stock == 1 else 'cards'} · waste: <b>{len(p.waste)}</b> "
                           f"(top {top}) · {escape(selection)}")
        if p.is_won:
            self.banner.value = "Won! Every card is gone."
        elif p.is_lost:
            self.banner.value = f"Game lost: no removal left, {_count(len(p.cards) + len(p.stock), 'card')} to go"
        else:
            self.banner.value = f"Fifteens · {_count(len(p.legal_moves()), 'legal removal')}"
        self.undo_button.disabled = len(self.history) == 1


class PairStudy(Recorded, w.VBox):
    """A pair's share of the class experiment: the computer plays ``deals`` deals with each strategy, on deals
    of the pair's own, and the wins are recorded for the teacher to pool.

    Args:
        key: the records' name (``"05.pool"``); each strategy's record is ``key_strategy`` (``"05.pool_fewest"``):
            ``{"game": "fifteens", "seed": the pair number, "strategy", "deals", "wins"}``.
        strategies: 1 to 4 different names from :data:`~fifteen_kit.fifteens.strategies.PLAYERS`.
        deals: deals per strategy, 1 to 200 (every strategy plays the same deals: those of
            :func:`~fifteen_kit.fifteens.strategies.study` with the pair number as its seed).

    A pair types its pair number (1 to :data:`MAX_PAIR`, from the teacher) and presses the button.  Raises
    InvalidArgumentError for a bad key, strategy or number of deals.

    >>> s = PairStudy("98.pool", ("fewest", "most"), deals=3)
    >>> s.pair.value = 4; s.run_button.click(); [r["wins"] for r in s.records]
    [2, 0]
    >>> from fifteen_kit.widgets.results import forget; forget("98")
    """

    def __init__(self, key: str, strategies: tuple[str, ...] = ("random", "fewest", "most", "options"),
                 deals: int = 40) -> None:
        _check.text(key, 60, "the key", empty=False)
        names = tuple(_check.items(strategies, 4, "the strategies"))
        for name in names:
            _check.choice(name, tuple(PLAYERS), "a strategy")
        if not names or len(set(names)) != len(names):
            raise InvalidArgumentError("name 1 to 4 different strategies", input=strategies)
        _check.whole(deals, 1, 200, "the number of deals")
        self.strategies, self.deals = names, deals
        self.recorders = [Recorder(f"{key}_{name}", "game") for name in names]
        self.records: list[dict[str, object]] = []
        self.pair = w.BoundedIntText(value=0, min=0, max=MAX_PAIR, description="Your pair number",
                                     style={"description_width": "initial"}, layout=w.Layout(width="16em"),
                                     tooltip=f"The number your teacher gave your pair (1 to {MAX_PAIR})")
        self.pair.add_class("kit-answer")
        self.run_button = w.Button(description=f"Play {deals} deals with each strategy", icon="play",
                                   layout=w.Layout(width="auto"),
                                   tooltip="The computer plays your pair's deals with each strategy and counts wins")
        self.run_button.on_click(lambda _b: self.run())
        self.table = w.HTML()
        self.table.add_class("kit-feedback")
        title = w.HTML(f"<b>Your pair's experiment: {deals} deals of your own, played with each strategy</b>")
        title.add_class("kit-question-text")
        super().__init__([style_sheet(), title, w.HBox([self.pair, self.run_button],
                                                          layout=w.Layout(flex_flow="row wrap")), self.table])
        self.add_class("kit-question")
        saved = [r.saved() for r in self.recorders]
        if all(saved) and len({r["seed"] for r in saved if r}) == 1:  # the pair's results, from the notebook
            self.records = [r for r in saved if r]
            self.pair.value = int(self.records[0]["seed"])  # type: ignore[call-overload]
            self._show()

    def __repr__(self) -> str:
        return f"PairStudy({self.strategies!r}, deals={self.deals})"

    def _recorders(self) -> list[Recorder]:
        return list(self.recorders)

    def run(self) -> bool:
        """Play the pair's deals with each strategy, show the wins and record them; False (with a message) if
        no pair number is typed."""
        pair = self.pair.value
        if not isinstance(pair, int) or not 1 <= pair <= MAX_PAIR:
            self.table.value = f"Type your pair number first (1 to {MAX_PAIR}, from your teacher)."
            return False
        self.table.value = "Playing…"
        rows = study(self.strategies, games=self.deals, seed=pair, processes=1)
        self.records = [rec.write(game="fifteens", seed=pair, strategy=row.player, deals=row.games, wins=row.wins)
                        for rec, row in zip(self.recorders, rows, strict=True)]
        self._show()
        return True

    def _show(self) -> None:
        def row(r: dict[str, Any]) -> str:
            low, high = wilson_interval(r["wins"], r["deals"])
            return (f"<tr><td>{escape(str(r['strategy']))}</td><td>{r['wins']}</td><td>{r['deals']}</td>"
                    f"<td>{low:.0%} to {high:.0%}</td></tr>")

        lines = "".join(row(r) for r in self.records)
        self.table.value = (f"<table><tr><th>strategy</th><th>wins</th><th>deals</th><th>95% range of the win rate</th>"
                            f"</tr>{lines}</table>"
                            f"Pair {self.records[0]['seed']}: these wins are recorded for the class tally.")
