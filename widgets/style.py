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

from .palette import PALETTE

__all__ = ["CSS", "DICE_BOX", "DICE_PX", "style_sheet"]

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
_FIFTEENS = """
.f15p-board{background:#0b5d3b;padding:14px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.f15p-board .widget-label,.f15p-board label{color:#f7f0dc}
.f15p-board .f15p-card{border-radius:10px}
.f15p-board .f15p-card.f15p-selected{box-shadow:0 0 0 5px #F0E442;transform:translateY(-4px)}
.f15p-board .f15p-card.f15p-hint{box-shadow:0 0 0 5px #56B4E9}
.f15p-board .f15p-card:focus-visible{outline:3px solid #56B4E9;outline-offset:3px}
.f15p-board .f15p-banner{font-weight:bold}
"""
#: The dice board's text sizes (CSS px) in each size (:data:`~fifteen_kit.widgets.palette.TEXT_PX` is the least).
DICE_PX: dict[str, dict[str, int]] = {
    "normal": {"text": 16, "status": 17, "message": 19, "die": 24, "pad": 16},
    "large": {"text": 22, "status": 24, "message": 27, "die": 40, "pad": 24},
}
#: The dice board's box sizes (CSS px) in each size: a die button's side, a control's height.
DICE_BOX: dict[str, dict[str, int]] = {"normal": {"die": 60, "control": 36, "padding": 8},
                                       "large": {"die": 96, "control": 46, "padding": 14}}


def _dice() -> str:
    """The dice board (prefix ``n15-``).  Every colour is the palette's, set on the element that shows it: the
    board gives ipywidgets' theme variables its own values (light text on slate, ink in ivory inputs) and the
    light boxes (coach, score pad, inputs, buttons) set their dark ink themselves, so no rule meant for the
    board's text reaches them.  Sizes: the normal rules, then the same rules under ``.kit-large``."""
    rules = [Template("""
.n15-board{background:$slate;border-radius:14px;color:$ivory;font-family:Georgia,serif;
  --jp-widgets-color:$ivory;--jp-widgets-label-color:$ivory;
  --jp-widgets-input-color:$ink;--jp-widgets-input-background-color:$ivory;--jp-widgets-input-border-color:$ink;
  --jp-layout-color1:$slate_light;--jp-layout-color2:$slate_light;--jp-border-color1:$slate_light;
  --jp-ui-font-color0:$ivory;--jp-ui-font-color1:$ivory;--jp-ui-font-color2:$ivory}
.n15-board .n15-status{color:$ivory}
.n15-board .n15-msg .widget-html-content{color:$yellow;font-weight:bold;white-space:normal;line-height:1.3;
  border-left:5px solid $yellow;padding-left:10px}
.n15-board .n15-goal svg{max-width:100%;height:auto;display:block}
.n15-board .n15-row{flex-wrap:wrap;gap:8px;align-items:flex-start}
.n15-board .n15-row>*{flex-shrink:0}
.n15-board .n15-row>.n15-actions{flex:1 1 170px;flex-wrap:wrap;gap:8px;align-content:flex-start}
.n15-board .n15-row,.n15-board .n15-actions,.n15-board .n15-setup,.n15-board .n15-setup-body{overflow:visible}
.n15-board .n15-status .widget-html-content,.n15-board .n15-coach .widget-html-content,
.n15-board .n15-setup-body .widget-html-content{line-height:1.35}
.n15-board .jupyter-button.n15-action{width:auto;min-width:max-content;height:auto;background:$ivory;color:$ink;
  border:2px solid $ink;border-radius:8px;font-weight:bold;white-space:normal;overflow:visible;margin:0}
.n15-board .jupyter-button.n15-action.n15-roll{background:$orange;color:$ink}
.n15-board .jupyter-button.n15-action.n15-new{background:$sky;color:$ink}
.n15-board .jupyter-button.n15-action.mod-active{background:$yellow;color:$ink}
.n15-board .jupyter-button.n15-die{padding:0;border:2px solid $ink;border-radius:12px;line-height:1;font-weight:bold;
  text-overflow:clip;overflow:visible;margin:0}
.n15-board .jupyter-button.n15-die.n15-valid{box-shadow:0 0 0 4px $yellow}
.n15-board .jupyter-button.n15-die.n15-placed{border:2px dashed $ivory}
.n15-board .jupyter-button:focus-visible:enabled,.n15-board input:focus-visible,.n15-board select:focus-visible,
.n15-board textarea:focus-visible{
  outline:3px solid $sky;outline-offset:3px}
.n15-board .widget-checkbox,.n15-board .jupyter-widget-checkbox{width:auto}
.n15-board .widget-label-basic{color:$ivory;overflow:visible;text-overflow:clip}
.n15-board .n15-coach{background:$ivory;border-radius:8px;padding:4px 10px}
.n15-board .n15-coach .widget-html-content{color:$ink;white-space:normal}
.n15-board .n15-coach .widget-html-content p{margin:2px 0}
.n15-board .n15-pad table{border-collapse:collapse;background:$ivory;color:$ink;line-height:1.3}
.n15-board .n15-pad .widget-html-content{line-height:1.3}
.n15-board input[type="checkbox"]{width:1em;height:1em;margin-right:.4em}
.n15-board .n15-pad td,.n15-board .n15-pad th{border:1px solid $ink;padding:1px 5px;text-align:center;color:$ink}
.n15-board .n15-pad th.n15-name{max-width:9em;overflow-wrap:anywhere;white-space:normal;text-align:left}
.n15-board .n15-pad .now{background:$yellow}
.n15-board .n15-note-alert{color:$yellow}
.n15-board .n15-setup{background:$slate_light;border-radius:8px;padding:6px;gap:8px}
.n15-board .jupyter-button.n15-action.n15-setup-toggle{background:$slate_light;color:$ivory;border-color:$ivory}
.n15-board .jupyter-button.n15-action.n15-setup-toggle.mod-active{background:$slate_light;color:$ivory}
.n15-board .n15-setup-body textarea{width:100%;box-sizing:border-box}
.n15-board .n15-setup-body>.jupyter-button{align-self:flex-start}
.n15-board .n15-setup-body .widget-html-content{white-space:normal}
""").substitute(PALETTE)]
    for size, px in DICE_PX.items():
        box = DICE_BOX[size]
        on = ".n15-board" if size == "normal" else ".n15-board.kit-large"
        rules.append(
            f"{on}{{font-size:{px['text']}px;padding:{box['padding']}px;--jp-widgets-font-size:{px['text']}px;"
            f"--jp-widgets-inline-height:{box['control']}px}}\n"
            f"{on} code,{on} .widget-label-basic,{on} input,{on} select,"
            f"{on} textarea,{on} .widget-html-content{{font-size:{px['text']}px}}\n"
            f"{on} .n15-status .widget-html-content{{font-size:{px['status']}px}}\n"
            f"{on} .n15-msg .widget-html-content{{font-size:{px['message']}px}}\n"
            f"{on} .jupyter-button.n15-action{{font-size:{px['text']}px;min-height:{box['control']}px;"
            f"padding:2px {px['text'] // 2}px}}\n"
            f"{on} .jupyter-button.n15-die{{font-size:{px['die']}px;width:{box['die']}px;height:{box['die']}px}}\n"
            f"{on} .n15-coach .widget-html-content{{font-size:{px['text']}px}}\n"
            f"{on} .n15-pad table{{font-size:{px['pad']}px}}")
    return "\n".join(rules)


_DICE = _dice()
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
