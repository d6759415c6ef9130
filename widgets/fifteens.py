"""The Fifteens patience board: a 4x4 tableau of cards to select and remove in sets summing to 15.

The board holds a history of immutable :class:`~fifteen_kit.fifteens.rules.Position`
values and redraws from the latest; the engine judges every removal.  It shows
the tableau as large cards (rank and suit symbol, red or black), the stock count
and the top of the waste; clicking cards selects them and shows the running sum;
*Remove* asks the engine and explains a refusal.  *Hint* shows one legal removal,
*Show all* lists them, and *Solver's move* tells what the thoughtful solver
(which sees the stock) would do, once the player ticks the box that reveals the
stock to it.  New deal by seed, undo, and a clear win or loss banner.

>>> board = FifteensBoard(seed=1)
>>> first = board.position.legal_removals()[0]
>>> for place in first:
...     board.cards[place].click()
>>> board.remove_button.click()
>>> len(board.position.waste)
2
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError
from fifteen_kit.fifteens.rules import FACE_RULES, Position
from fifteen_kit.fifteens.solver import solve

from .common import MAX_SEED, sentence

__all__ = ["FifteensBoard"]

_STYLE = """
.f15p-board{background:#0b5d3b;padding:14px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.f15p-board .widget-label,.f15p-board .widget-html-content,.f15p-board label{color:#f7f0dc}
.f15p-card{width:86px!important;height:112px!important;font-size:30px!important;font-weight:bold;
  background:#fffdf6!important;border:2px solid #2b2b2b!important;border-radius:10px!important;
  font-family:Georgia,serif;opacity:1!important}
.f15p-red{color:#c0002a!important}
.f15p-black{color:#111111!important}
.f15p-selected{box-shadow:0 0 0 5px #F0E442!important;transform:translateY(-4px)}
.f15p-hint{box-shadow:0 0 0 5px #56B4E9!important}
.f15p-empty{background:#0a4a30!important;border:2px dashed #7fb89a!important;color:transparent!important}
.f15p-card:focus-visible{outline:3px solid #56B4E9!important;outline-offset:3px}
.f15p-msg{min-height:1.4em;font-size:15px;color:#F0E442}
.f15p-banner{font-size:22px;font-weight:bold}
"""


class FifteensBoard(w.VBox):
    """An interactive Fifteens table (see the module docstring).

    Args:
        seed: the deal number, 0 to :data:`~fifteen_kit.widgets.common.MAX_SEED` (same seed, same deal).
        face_rule: ``'four-of-a-kind'`` (the rulebook's) or ``'one-each'``.

    Raises InvalidArgumentError for a bad seed or face rule (before anything is built).
    """

    def __init__(self, seed: int = 0, face_rule: str = "four-of-a-kind") -> None:
        _check.whole(seed, 0, MAX_SEED, "the deal number")
        _check.choice(face_rule, FACE_RULES, "face_rule")
        super().__init__()
        self.add_class("f15p-board")
        self.history: list[Position] = [Position.deal(seed, face_rule)]
        self.selected: set[int] = set()
        self._hint: tuple[int, ...] = ()
        self.banner = w.HTML()
        self.banner.add_class("f15p-banner")
        self.info = w.HTML()
        self.message = w.HTML()
        self.message.add_class("f15p-msg")
        self.cards: list[w.Button] = []
        for place in range(16):
            b = w.Button(layout=w.Layout(width="86px", height="112px"), tooltip=f"place {place}")
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
        self.removals_view = w.HTML()
        self.remove_button.on_click(lambda _b: self.remove())
        self.clear_button.on_click(lambda _b: self.clear())
        self.hint_button.on_click(lambda _b: self.hint())
        self.rule_menu.observe(lambda _c: self._rule_changed(), names="value")
        self.all_button.on_click(lambda _b: self.show_all())
        self.solver_button.on_click(lambda _b: self.solver_move())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self._new_deal_clicked())
        self.children = [
            w.HTML(f"<style>{_STYLE}</style>"), self.banner, self.info, self.message,
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
            new = self.position.remove(sorted(self.selected))
        except FifteenKitError as err:
            self._say(sentence(err.message))
            return
        removed = " ".join(self.position.tableau[p].label for p in sorted(self.selected))
        self.history.append(new)
        self.selected.clear()
        self._hint = ()
        self._say(f"Removed {removed}.")
        self.render()

    def hint(self) -> None:
        """Ring one legal removal (the smallest first)."""
        removals = self.position.legal_removals()
        if not removals:
            self._say("No removal is possible.")
            return
        self._hint = removals[0]
        self._say("Hint: " + " + ".join(self.position.tableau[p].label for p in self._hint))
        self.render()

    def show_all(self) -> None:
        """List every legal removal."""
        removals = self.position.legal_removals()
        labels = [" + ".join(self.position.tableau[p].label for p in r) for r in removals]
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
            self._say("Solver: this deal can still be won; it removes "
                      + " + ".join(self.position.tableau[p].label for p in self._hint) + ".")
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

    def new_deal(self, seed: int, face_rule: str = "four-of-a-kind") -> None:
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

    def render(self) -> None:
        """Redraw from the current position."""
        p = self.position
        for place, b in enumerate(self.cards):
            card = p.tableau[place]
            classes = ["f15p-card"]
            if card is None:
                b.description = ""
                b.tooltip = f"place {place}: empty"
                classes.append("f15p-empty")
            else:
                b.description = card.label
                b.tooltip = f"place {place}: {card.label}" + (" (no value: goes only in a face set)"
                                                               if card.is_face else f" (counts {card.rank})")
                classes.append("f15p-red" if card.red else "f15p-black")
                if place in self.selected:
                    classes.append("f15p-selected")
                elif place in self._hint:
                    classes.append("f15p-hint")
            b._dom_classes = tuple(classes)
        chosen = [p.tableau[x] for x in sorted(self.selected)]
        faces = [c for c in chosen if c.is_face]
        total = sum(c.rank for c in chosen if not c.is_face)
        selection = ("nothing selected" if not chosen else
                     f"selected: {' + '.join(c.label for c in chosen)}"
                     + (f" = {total}" if not faces else f" ({len(faces)} face card{'s' * (len(faces) != 1)})"))
        top = p.waste[-1].label if p.waste else "empty"
        self.info.value = (f"Stock: <b>{len(p.stock)}</b> cards · waste: <b>{len(p.waste)}</b> (top {top}) · "
                           f"{escape(selection)}")
        if p.is_won:
            self.banner.value = "🏆 Won! Every card is gone."
        elif p.is_lost:
            left = len(p.cards) + len(p.stock)
            self.banner.value = f"No removal is possible: the game is lost with {left} cards left."
        else:
            self.banner.value = f"Fifteens · {len(p.legal_removals())} legal removals"
        self.undo_button.disabled = len(self.history) == 1
