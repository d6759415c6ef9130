"""The Fifteens patience board: a 4x4 tableau of cards to select and remove in sets summing to 15.

The board holds a history of immutable :class:`~fifteen_kit.fifteens.rules.Position`
values and redraws from the latest; the engine judges every removal.  It shows
the tableau as large cards (rank and suit symbol, red or black), the stock count
and the top of the waste; clicking cards selects them and shows the running sum;
*Remove* asks the engine and explains a refusal.  *Hint* shows one legal removal,
*Show all* lists them, and *Solver's move* tells what the thoughtful solver
(which sees the stock) would do, once the player ticks the box that reveals the
stock to it.  New deal by seed, undo, and a clear win or loss banner.

Its look comes from the kit's one style sheet (:mod:`fifteen_kit.widgets.style`, classes ``f15p-*``) and the
widgets' public style and layout traits; :attr:`FifteensBoard.marks` says how each place is drawn.

>>> board = FifteensBoard(seed=1)
>>> first = board.position.legal_moves()[0]
>>> for place in first:
...     board.cards[place].click()
>>> [board.marks[place] for place in first]
['selected', 'selected']
>>> board.remove_button.click()
>>> len(board.position.waste)
2
"""

from __future__ import annotations

from html import escape
from typing import Literal

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError
from fifteen_kit.fifteens.cards import Card
from fifteen_kit.fifteens.rules import FACE_RULES, FaceRule, Position, Removal
from fifteen_kit.fifteens.solver import solve

from .common import MAX_SEED, sentence
from .style import style_sheet

__all__ = ["CardMark", "FifteensBoard"]

#: How a tableau place is drawn: ``'empty'``, ``'selected'``, ``'hint'`` (ringed by Hint or the solver) or
#: ``'plain'``.
CardMark = Literal["empty", "selected", "hint", "plain"]

# card faces, by the public button style and layout traits (the style sheet adds corners, rings and focus)
_FACE = {"button_color": "#fffdf6", "font_size": "30px", "font_weight": "bold", "font_family": "Georgia,serif"}
_RED, _BLACK, _EMPTY_BACK = "#c0002a", "#111111", "#0a4a30"
_CARD_BORDER, _EMPTY_BORDER = "2px solid #2b2b2b", "2px dashed #7fb89a"
_TEXT = "#f7f0dc"


class FifteensBoard(w.VBox):
    """An interactive Fifteens table (see the module docstring).

    Args:
        seed: the deal number, 0 to :data:`~fifteen_kit.widgets.common.MAX_SEED` (same seed, same deal).
        face_rule: ``'four-of-a-kind'`` (the rulebook's) or ``'one-each'``.

    Attributes:
        marks: how each place 0..15 is drawn now (a :data:`CardMark`), updated by :meth:`render`.

    Raises InvalidArgumentError for a bad seed or face rule (before anything is built).
    """

    def __init__(self, seed: int = 0, face_rule: FaceRule = "four-of-a-kind") -> None:
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        _check.choice(face_rule, FACE_RULES, "face_rule")
        super().__init__()
        self.add_class("f15p-board")
        self.history: list[Position] = [Position.deal(seed, face_rule)]
        self.selected: set[int] = set()
        self._hint: Removal = ()
        self.marks: tuple[CardMark, ...] = ("plain",) * 16
        self.banner = w.HTML(style={"font_size": "22px", "text_color": _TEXT})
        self.banner.add_class("f15p-banner")
        self.info = w.HTML(style={"text_color": _TEXT})
        self.message = w.HTML(style={"font_size": "15px", "text_color": _TEXT}, layout=w.Layout(min_height="1.4em"))
        self.message.add_class("f15p-msg")
        self.cards: list[w.Button] = []
        for place in range(16):
            b = w.Button(layout=w.Layout(width="86px", height="112px", border=_CARD_BORDER), style=dict(_FACE),
                         tooltip=f"place {place}")
            b.add_class("f15p-card")
            b.on_click(lambda _b, p=place: self.click_card(p))
            self.cards.append(b)
        self.grid = w.GridBox(self.cards, layout=w.Layout(grid_template_columns="repeat(4, 92px)", grid_gap="8px"))
        self.remove_button = w.Button(description="Remove", icon="check", button_style="success",
                                      tooltip="Remove the selected cards (they must make 15)")
        self.clear_button = w.Button(description="Clear", icon="times", tooltip="Unselect every card")
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", tooltip="Show one legal removal")
        self.all_button = w.Button(description="Show all", icon="list", tooltip="List every legal removal")
        self.reveal_box = w.Checkbox(value=False, description="Let the solver see the stock", indent=False)
        self.solver_button = w.Button(description="Solver's move", icon="magic",
                                      tooltip="What the thoughtful solver, which knows the stock, would remove")
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back the last removal")
        self.seed_text = w.IntText(value=seed, description="Deal", layout=w.Layout(width="160px"),
                                   style={"description_width": "initial"})
        self.rule_menu = w.Dropdown(options=FACE_RULES, value=face_rule, description="Face cards",
                                    style={"description_width": "initial"}, layout=w.Layout(width="250px"))
        self.new_button = w.Button(description="New deal", icon="refresh", button_style="primary")
        self.removals_view = w.HTML(style={"text_color": _TEXT})
        self.remove_button.on_click(lambda _b: self.remove())
        self.clear_button.on_click(lambda _b: self.clear())
        self.hint_button.on_click(lambda _b: self.hint())
        self.rule_menu.observe(lambda _c: self._rule_changed(), names="value")
        self.all_button.on_click(lambda _b: self.show_all())
        self.solver_button.on_click(lambda _b: self.solver_move())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self._new_deal_clicked())
        self.children = [
            style_sheet(), self.banner, self.info, self.message,
            w.HBox([self.grid, w.VBox([self.remove_button, self.clear_button, self.hint_button, self.all_button,
                                       self.undo_button], layout=w.Layout(margin="0 0 0 16px"))]),
            w.HBox([self.reveal_box, self.solver_button]),
            self.removals_view,
            w.HBox([self.seed_text, self.rule_menu, self.new_button]),
        ]
        self.render()

    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1]

    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    # -- actions ----------------------------------------------------------------------------------
    def click_card(self, place: int) -> None:
        """Select or unselect the card at ``place`` (0..15, row by row).

        Raises InvalidArgumentError for anything but a place 0..15 (and changes nothing).
        """
        _check.whole(place, 0, 15, "the place", position=self.position.notation())
        card = self.position.tableau[place]
        if card is None:
            self._say("That place is empty.")
            return
        if self.position.is_over:
            self._say("The game is over. Undo, or deal again.")
            return
        self.selected ^= {place}
        self._hint = ()
        self._say("")
        self.render()

    def clear(self) -> None:
        """Unselect every card."""
        self.selected.clear()
        self._hint = ()
        self.render()

    def remove(self) -> None:
        """Remove the selected cards if the engine allows it; otherwise say why not."""
        if not self.selected:
            self._say("Click cards to select them first.")
            return
        try:
            new = self.position.play(sorted(self.selected))
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        removed = " ".join(c.label for c in self._cards_at(sorted(self.selected)))
        self.history.append(new)
        self.selected.clear()
        self._hint = ()
        self._say(f"Removed {removed}.")
        self.render()

    def hint(self) -> None:
        """Ring one legal removal (the smallest first)."""
        removals = self.position.legal_moves()
        if not removals:
            self._say("No removal is possible.")
            return
        self._hint = removals[0]
        self._say("Hint: " + self._labels(self._hint))
        self.render()

    def show_all(self) -> None:
        """List every legal removal."""
        removals = self.position.legal_moves()
        labels = [self._labels(r) for r in removals]
        self.removals_view.value = (f"<b>{len(removals)} legal removal{'s' * (len(removals) != 1)}:</b> "
                                    + escape(" · ".join(labels) or "none"))

    def solver_move(self) -> None:
        """What the thoughtful solver would remove now; it needs the stock revealed to it first."""
        if not self.reveal_box.value:
            self._say("The solver looks at the stock: tick 'Let the solver see the stock' first.")
            return
        if self.position.is_over:
            self._say("The game is over.")
            return
        result = solve(self.position, node_budget=300_000)
        if result.status == "won":
            self._hint = result.line[0]
            self._say(f"Solver: this deal can still be won; it removes {self._labels(self._hint)}.")
        elif result.status == "lost":
            self._say("Solver: whatever you do now, this deal can no longer be won.")
        else:
            self._say("Solver: the search ran out of budget; it cannot tell.")
        self.render()

    def undo(self) -> None:
        """Take back the last removal."""
        if len(self.history) == 1:
            self._say("Nothing to undo.")
            return
        self.history.pop()
        self.selected.clear()
        self._hint = ()
        self._say("Removal taken back.")
        self.render()

    def _rule_changed(self) -> None:
        # a deal keeps the face-card rule it was dealt with: the board says when the new one applies
        if self.rule_menu.value != self.history[-1].face_rule:
            self._say(f"The face-card rule '{self.rule_menu.value}' applies from the next deal: press New deal.")

    def _new_deal_clicked(self) -> None:
        # the New deal button: a bad deal number is said on the board (a click cannot show an exception)
        try:
            self.new_deal(self.seed_text.value, self.rule_menu.value)
        except FifteenKitError as err:
            self._say(sentence(err.message))

    def new_deal(self, seed: int, face_rule: FaceRule = "four-of-a-kind") -> None:
        """Deal again from ``seed`` (0 to :data:`~fifteen_kit.widgets.common.MAX_SEED`) with ``face_rule``.

        Raises InvalidArgumentError for a bad seed or face rule, and then changes nothing.
        """
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        position = Position.deal(seed, face_rule)
        self.history = [position]
        self.selected.clear()
        self._hint = ()
        self.removals_view.value = ""
        self.seed_text.value, self.rule_menu.value = seed, face_rule
        self._say(f"Deal {seed}.")
        self.render()

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

    def render(self) -> None:
        """Redraw from the current position."""
        p = self.position
        self.marks = tuple(self._mark(place) for place in range(16))
        for place, b in enumerate(self.cards):
            card = p.tableau[place]
            mark = self.marks[place]
            if card is None:
                b.description = ""
                b.tooltip = f"place {place}: empty"
                b.style.button_color, b.style.text_color = _EMPTY_BACK, "transparent"
                b.layout.border = _EMPTY_BORDER
            else:
                b.description = card.label
                b.tooltip = f"place {place}: {card.label}" + (" (no value: goes only in a face set)"
                                                               if card.value is None else f" (counts {card.value})")
                b.style.button_color, b.style.text_color = _FACE["button_color"], _RED if card.red else _BLACK
                b.layout.border = _CARD_BORDER
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
                     + (f" = {sum(values)}" if not faces else f" ({faces} face card{'s' * (faces != 1)})"))
        top = p.waste[-1].label if p.waste else "empty"
        self.info.value = (f"Stock: <b>{len(p.stock)}</b> cards · waste: <b>{len(p.waste)}</b> (top {top}) · "
                           f"{escape(selection)}")
        if p.is_won:
            self.banner.value = "🏆 Won! Every card is gone."
        elif p.is_lost:
            left = len(p.cards) + len(p.stock)
            self.banner.value = f"No removal is possible: the game is lost with {left} cards left."
        else:
            self.banner.value = f"Fifteens · {len(p.legal_moves())} legal removals"
        self.undo_button.disabled = len(self.history) == 1
