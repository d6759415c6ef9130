"""All four games on one page: a tab per board, with tab titles a pupil can read (lesson 00).

>>> tabs = gallery().children[1]
>>> [tabs.get_title(i) for i in range(4)]
['Game of 15', 'The 15 dice game', 'Fifteens patience', '5x15 tiles']
"""

from __future__ import annotations

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


def gallery(seed: int = 1) -> w.VBox:
    """The four boards in tabs, ready to play: the Game of 15 against the computer, the 15 dice game
    against the computer's best play, Fifteens patience and 5x15 tiles, all dealt from ``seed``.

    Returns a box holding the tab titles' style and the ``Tab`` widget (``.children[1]``).
    Raises InvalidArgumentError for a seed that is not a whole number 0..2**53 - 1.

    >>> gallery(seed=2).children[1].selected_index
    0
    """
    from .common import MAX_SEED
    from .fifteens import FifteensBoard
    from .five_by_15 import FiveBy15Board
    from .game_of_15 import GameOf15Board
    from .nasty15 import DiceBoard

    _check.whole(seed, 0, MAX_SEED, "the seed")
    boards = [GameOf15Board(opponent="tactician", seed=seed),
              DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=seed),
              FifteensBoard(seed=seed), FiveBy15Board(seed=seed)]
    tabs = w.Tab(children=boards, titles=TITLES)
    tabs.add_class("fk-gallery")
    style = w.HTML(f"<style>{GALLERY_CSS}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, tabs])
