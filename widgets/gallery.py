"""All four games on one page: a tab per board, with tab titles a pupil can read (lesson 00).

>>> tabs = gallery().children[1]
>>> [tabs.get_title(i) for i in range(4)]
['Game of 15', 'The 15 dice game', 'Fifteens patience', '5x15 tiles']
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from fifteen_kit import _check

from .palette import PALETTE, TEXT_PX

__all__ = ["GALLERY_CSS", "RULES", "TITLES", "gallery"]

#: The tab titles, in the order of the boards.
TITLES: tuple[str, ...] = ("Game of 15", "The 15 dice game", "Fifteens patience", "5x15 tiles")

#: Each game's rules in a pupil's words, above its board (lesson 00 shows the boards before any lesson explains
#: them, so every rule a first game needs is here).
RULES: tuple[str, ...] = (
    "Take turns to draft a digit from 1 to 9 (click its tile). The first player to hold three digits that add "
    "up to 15 wins; if all nine are gone first, it is a draw.",
    "Each colour's die has a target on the goal board: <b>B ≤ 2</b> means the blue die is <i>valid</i> when it "
    "shows 1 or 2 pips. Roll the dice, place at least one valid die, then stop and score the pips you placed, or "
    "roll the others again. A roll with no valid die is a <i>bust</i>: you score the targets of the colours you "
    "had not placed instead.",
    "Remove cards whose values add up to exactly 15 (ace = 1). Tens, jacks, queens and kings only go as all "
    "four of one rank. Gaps are refilled from the face-down stock: clear every card to win.",
    "Sort every row from 1 to 15 in its colour. Fill a gap with the tile one higher than its left neighbour, or "
    "one lower than its right neighbour; a row's run that ends in 15 can be shifted.",
)

_TAB = ".fk-gallery.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"

#: The gallery's tab titles: the boards' smallest text size, dark ink on ivory, the open tab in bold;
#: each tab as wide as its title.
GALLERY_CSS = (
    f"{_TAB} {{ font-size: {TEXT_PX['normal']}px; color: {PALETTE['ink']}; background: {PALETTE['ivory']}; "
    f"flex: 0 0 auto; padding: 0 14px; }}\n"
    f"{_TAB}.lm-mod-current {{ font-weight: bold; color: {PALETTE['ink']}; }}\n"
    f"{_TAB} .lm-TabBar-tabLabel {{ font-size: {TEXT_PX['normal']}px; }}\n"
    f".fk-gallery-rules .widget-html-content {{ font-size: {TEXT_PX['normal']}px; line-height: 1.4; "
    f"white-space: normal; color: {PALETTE['ink']}; margin: 4px 0 8px 0; }}"
)


def _board(index: int, seed: int) -> w.DOMWidget:
    # the board of tab ``index``, its module imported only now
    if index == 0:
        from .game_of_15 import GameOf15Board

        return GameOf15Board(opponent="tactician", seed=seed)
    if index == 1:
        from .nasty15 import DiceBoard

        return DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=seed)
    if index == 2:
        from .fifteens import FifteensBoard

        return FifteensBoard(seed=seed)
    from .five_by_15 import FiveBy15Board

    return FiveBy15Board(seed=seed)


def _rules(index: int) -> w.HTML:
    # the game's rules above its board, at the boards' text size
    rules = w.HTML(f"<b>How to play.</b> {RULES[index]}", layout=w.Layout(max_width="60em"))
    rules.add_class("fk-gallery-rules")
    return rules


def gallery(seed: int = 1) -> w.VBox:
    """The four boards in tabs, ready to play: the Game of 15 against the computer, the 15 dice game
    against the computer's best play, Fifteens patience and 5x15 tiles, all dealt from ``seed``.

    Returns a box holding the tab titles' style and the ``Tab`` widget (``.children[1]``).  Each tab is a box
    holding the game's rules in a pupil's words (:data:`RULES`) and its board (``tabs.children[i].children[-1]``);
    the first board is set out at once, every other one
    when its tab is first opened, so the gallery appears as soon as the first board is ready.
    Raises InvalidArgumentError for a seed that is not a whole number 0..2**53 - 1.

    >>> tabs = gallery(seed=2).children[1]
    >>> tabs.selected_index, type(tabs.children[0].children[-1]).__name__
    (0, 'GameOf15Board')
    >>> tabs.selected_index = 3
    >>> type(tabs.children[3].children[-1]).__name__
    'FiveBy15Board'
    """
    from .common import MAX_SEED

    _check.whole(seed, 0, MAX_SEED, "the seed")
    pages = [w.VBox([_rules(0), _board(0, seed)])] + [w.VBox([_rules(i), w.HTML("Setting out the board ...")])
                                                      for i in range(1, len(TITLES))]
    built = [True] + [False] * (len(TITLES) - 1)
    tabs = w.Tab(children=pages, titles=TITLES)
    tabs.add_class("fk-gallery")

    def open_tab(change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and not built[index]:
            built[index] = True
            pages[index].children = (pages[index].children[0], _board(index, seed))

    tabs.observe(open_tab, "selected_index")
    style = w.HTML(f"<style>{GALLERY_CSS}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, tabs])
