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

__all__ = ["GALLERY_CSS", "TITLES", "gallery"]

#: The tab titles, in the order of the boards.
TITLES: tuple[str, ...] = ("Game of 15", "The 15 dice game", "Fifteens patience", "5x15 tiles")

_TAB = ".fk-gallery.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"

#: The gallery's tab titles: the boards' smallest text size, dark ink on ivory, the open tab in bold;
#: each tab as wide as its title.
GALLERY_CSS = (
    f"{_TAB} {{ font-size: {TEXT_PX['normal']}px; color: {PALETTE['ink']}; background: {PALETTE['ivory']}; "
    f"flex: 0 0 auto; padding: 0 14px; }}\n"
    f"{_TAB}.lm-mod-current {{ font-weight: bold; color: {PALETTE['ink']}; }}\n"
    f"{_TAB} .lm-TabBar-tabLabel {{ font-size: {TEXT_PX['normal']}px; }}"
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


def gallery(seed: int = 1) -> w.VBox:
    """The four boards in tabs, ready to play: the Game of 15 against the computer, the 15 dice game
    against the computer's best play, Fifteens patience and 5x15 tiles, all dealt from ``seed``.

    Returns a box holding the tab titles' style and the ``Tab`` widget (``.children[1]``).  Each tab is a box
    holding its board (``tabs.children[i].children[0]``); the first board is set out at once, every other one
    when its tab is first opened, so the gallery appears as soon as the first board is ready.
    Raises InvalidArgumentError for a seed that is not a whole number 0..2**53 - 1.

    >>> tabs = gallery(seed=2).children[1]
    >>> tabs.selected_index, type(tabs.children[0].children[0]).__name__
    (0, 'GameOf15Board')
    >>> tabs.selected_index = 3
    >>> type(tabs.children[3].children[0]).__name__
    'FiveBy15Board'
    """
    from .common import MAX_SEED

    _check.whole(seed, 0, MAX_SEED, "the seed")
    pages = [w.VBox([_board(0, seed)])] + [w.VBox([w.HTML("Setting out the board ...")]) for _ in TITLES[1:]]
    built = [True] + [False] * (len(TITLES) - 1)
    tabs = w.Tab(children=pages, titles=TITLES)
    tabs.add_class("fk-gallery")

    def open_tab(change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and not built[index]:
            built[index] = True
            pages[index].children = (_board(index, seed),)

    tabs.observe(open_tab, "selected_index")
    style = w.HTML(f"<style>{GALLERY_CSS}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, tabs])
