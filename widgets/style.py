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
from string import Template
from urllib.parse import quote

import ipywidgets as w

from fifteen_kit.svg import THEME, tile_image

__all__ = ["CSS", "style_sheet"]

# One section per board; each selects only classes with its prefix.


def _game_of_15() -> str:
    """The Game of 15 board (prefix ``f15-``): the tile faces as SVG backgrounds, the cells' corner digits,
    rings, focus outlines and the panels; sizes and button colours are the widgets' public traits."""
    rules = [Template("""
.f15-board{background:$mahogany;padding:18px 14px 14px;border-radius:14px;color:$ivory;font-family:Georgia,serif}
.f15-board .widget-label,.f15-board .widget-html-content,.f15-board label{color:$ivory}
.f15-panel{background:$mahogany_light;border-radius:10px;padding:6px}
.f15-tile{background-size:100% 100%;background-repeat:no-repeat}
.f15-board .f15-tile:hover:enabled,.f15-board .f15-tile:focus:enabled,.f15-board .f15-tile:active{box-shadow:none}
.f15-board .f15-tile:hover:enabled{filter:brightness(1.08)}
.f15-board .f15-tile:focus-visible:enabled,.f15-board .f15-cell:focus-visible:enabled{outline:3px solid #56B4E9;
  outline-offset:2px}
.f15-taken{background-clip:content-box;border-radius:9px}
.f15-cell{position:relative;border-radius:6px}
.f15-board .f15-cell:disabled{opacity:1;cursor:default}
.f15-board .f15-cell-win{box-shadow:inset 0 0 0 6px $win}
.f15-cell::after{position:absolute;top:3px;left:7px;font-size:14px;font-weight:normal;opacity:.85}
.f15-cell.f15-empty::after{content:none}
.f15-hint{width:64px;text-align:center;font-size:14px;font-weight:bold;line-height:1.2;margin-top:2px}
.f15-board .f15-accordion .jupyter-widget-Collapse-header{background:$mahogany_light;color:$ivory;
  border-color:$mahogany}
.f15-board .f15-accordion .jupyter-widget-Collapse-contents{background:$mahogany;border-color:$mahogany_light}
.f15-log{max-height:150px;overflow-y:auto;background:$ivory;color:$ink;border-radius:8px;padding:4px 10px;
  font-size:13px}
.f15-msg{min-height:1.4em;font-size:15px;color:#F0E442}
.f15-status{font-size:19px}
""").substitute(THEME)]
    for d in range(1, 10):
        uri = "data:image/svg+xml;utf8," + quote(str(tile_image(d, "brass", size=64)))
        rules.append(f'.f15-tile-{d}{{background-image:url("{uri}")}}')
        rules.append(f'.f15-cell-d{d}::after{{content:"{d}"}}')
    return "\n".join(rules)


_GAME_OF_15 = _game_of_15()
_DICE = ""
_FIFTEENS = ""
_FIVE_BY_15 = ""

#: The whole style sheet.
CSS = "\n".join(section for section in (_GAME_OF_15, _DICE, _FIFTEENS, _FIVE_BY_15) if section)


@cache
def style_sheet() -> w.HTML:
    """The one widget that carries :data:`CSS` (the same instance every call, so the rules load once)."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
