"""The kit's one style sheet, shared by every board.

Each board puts :func:`style_sheet` among its children: one ``HTML`` widget holding one ``<style>`` element,
created once per kernel, so a page with many boards carries the rules once.  Rules select only the kit's
own classes (added with the public ``add_class``/``remove_class``); sizes and colours that ipywidgets
exposes as public style or layout traits are set there instead.

>>> style_sheet() is style_sheet()
True
"""

from __future__ import annotations

from functools import cache

import ipywidgets as w

__all__ = ["CSS", "style_sheet"]

# One section per board; each selects only classes with its prefix.
_GAME_OF_15 = ""
_DICE = ""
_FIFTEENS = """
.f15p-board{background:#0b5d3b;padding:14px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.f15p-board .widget-label,.f15p-board label{color:#f7f0dc}
.f15p-board .f15p-card{border-radius:10px}
.f15p-board .f15p-card.f15p-selected{box-shadow:0 0 0 5px #F0E442;transform:translateY(-4px)}
.f15p-board .f15p-card.f15p-hint{box-shadow:0 0 0 5px #56B4E9}
.f15p-board .f15p-card:focus-visible{outline:3px solid #56B4E9;outline-offset:3px}
.f15p-board .f15p-banner{font-weight:bold}
"""
# The 5x15 board (widgets/five_by_15.py): sizes, fonts, colours and borders of the cells are public traits there.
_FIVE_BY_15 = """
.f5-board{background:#3a3a46;padding:12px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.f5-board .f5-text{color:#f7f0dc}
.f5-board .f5-cell{border-radius:6px}
.f5-board .f5-label{text-align:center;line-height:20px}
.f5-board .f5-cell.f5-ring{box-shadow:0 0 0 4px #ffffff, 0 0 0 7px #1f1f24}
.f5-board .f5-cell.f5-chosen{box-shadow:0 0 0 4px #F0E442}
.f5-board .f5-cell.f5-hint-from{box-shadow:0 0 0 4px #56B4E9, 0 0 0 7px #1f1f24}
.f5-board .f5-hint-to::after{content:"\\25CE";font-size:13px}
.f5-board .f5-cell:focus-visible{outline:3px solid #56B4E9}
.f5-board .f5-msg{min-height:1.4em}
.f5-board .f5-banner{font-weight:bold}
"""

#: The whole style sheet.
CSS = "\n".join(section for section in (_GAME_OF_15, _DICE, _FIFTEENS, _FIVE_BY_15) if section)


@cache
def style_sheet() -> w.HTML:
    """The one widget that carries :data:`CSS` (the same instance every call, so the rules load once)."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
