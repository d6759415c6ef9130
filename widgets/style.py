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
_FIFTEENS = """
.f15p-board{background:#0b5d3b;padding:14px;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif}
.f15p-board .widget-label,.f15p-board label{color:#f7f0dc}
.f15p-board .f15p-card{border-radius:10px}
.f15p-board .f15p-card.f15p-selected{box-shadow:0 0 0 5px #F0E442;transform:translateY(-4px)}
.f15p-board .f15p-card.f15p-hint{box-shadow:0 0 0 5px #56B4E9}
.f15p-board .f15p-card:focus-visible{outline:3px solid #56B4E9;outline-offset:3px}
.f15p-board .f15p-banner{font-weight:bold}
"""
_DICE = """
/* The dice board (n15-) colours the ipywidgets it holds through ipywidgets' theme variables, set on its own
   classes: light text on slate; the setup panel's header takes the slate colours and its body restores the
   page's own values (saved on .n15-board as --n15-*) for the controls inside. */
.n15-board{background:#22303d;border-radius:14px;color:#f7f0dc;font-family:Georgia,serif;
  --jp-widgets-color:#f7f0dc;--jp-widgets-label-color:#f7f0dc;
  --n15-layout1:var(--jp-layout-color1);--n15-layout2:var(--jp-layout-color2);--n15-border1:var(--jp-border-color1);
  --n15-font0:var(--jp-ui-font-color0);--n15-font1:var(--jp-ui-font-color1);--n15-font2:var(--jp-ui-font-color2)}
.n15-board .n15-die{border-radius:12px;line-height:1;text-overflow:clip}
.n15-board .n15-die.n15-valid{box-shadow:0 0 0 5px #F0E442}
.n15-board .n15-die.n15-placed{opacity:.25}
.n15-board .n15-die:focus-visible{outline:3px solid #56B4E9;outline-offset:3px}
.n15-board .n15-coach{border-radius:8px}
.n15-pad table{border-collapse:collapse;background:#f7f0dc;color:#1f1f24;font-size:13px}
.n15-pad td,.n15-pad th{border:1px solid #8a6a1f;padding:2px 7px;text-align:center}
.n15-pad .now{background:#F0E442}
.n15-setup{--jp-layout-color1:#2f4254;--jp-layout-color2:#2f4254;--jp-border-color1:#2f4254;
  --jp-ui-font-color0:#f7f0dc;--jp-ui-font-color1:#f7f0dc;--jp-ui-font-color2:#f7f0dc}
.n15-board .n15-setup-body{background:#22303d;margin:calc(-1 * var(--jp-widgets-container-padding));
  padding:var(--jp-widgets-container-padding);
  --jp-layout-color1:var(--n15-layout1);--jp-layout-color2:var(--n15-layout2);--jp-border-color1:var(--n15-border1);
  --jp-ui-font-color0:var(--n15-font0);--jp-ui-font-color1:var(--n15-font1);--jp-ui-font-color2:var(--n15-font2)}
"""
# The 5x15 board (widgets/five_by_15.py): its cells' colours and borders are public traits there; the sizes of
# text, cells and controls are here, once per board size (".f5-board" and ".f5-board.kit-large"), so the grid
# reflows to the width it gets (cells between their least and largest width) instead of cutting a tile's text.
_F5_PX: dict[str, dict[str, int]] = {
    # text: every control's text; msg/banner/cell/label: those texts; cell_h, cell_min, cell_max: a cell's height
    # and least/largest width; row_label: the row numbers' column; control_h: the height of a control; wide: the
    # board's largest width
    "normal": {"text": 16, "msg": 18, "banner": 20, "cell": 17, "label": 16, "cell_h": 46, "cell_min": 21,
               "cell_max": 46, "row_label": 18, "control_h": 34, "wide": 860},
    "large": {"text": 22, "msg": 24, "banner": 26, "cell": 24, "label": 22, "cell_h": 60, "cell_min": 30,
              "cell_max": 54, "row_label": 28, "control_h": 44, "wide": 980},
}


def _five_by_15() -> str:
    """The 5x15 board (prefix ``f5-``): colours from the palette, then the sizes of each board size."""
    rules = [Template("""
.f5-board{background:$graphite;padding:8px;border-radius:14px;color:$ivory;font-family:Georgia,serif;
  box-sizing:border-box}
.f5-board .f5-banner,.f5-board .f5-banner .widget-html-content,.f5-board .f5-legend,
.f5-board .f5-legend .widget-html-content,.f5-board .f5-label,.f5-board .f5-label .widget-html-content,
.f5-board .f5-text{color:$ivory}
.f5-board .f5-msg,.f5-board .f5-msg .widget-html-content{color:$yellow}
.f5-board .f5-banner .widget-html-content,.f5-board .f5-msg .widget-html-content,
.f5-board .f5-legend .widget-html-content{white-space:normal;overflow:visible;line-height:1.3}
.f5-board .f5-banner{font-weight:bold}
.f5-board .f5-msg{min-height:2.6em}
.f5-board .f5-grid{margin:4px -4px;gap:3px;container-type:inline-size}
.f5-board .f5-row{gap:2px;flex-wrap:nowrap}
.f5-board .f5-row>*{margin:0}
.f5-board .f5-label{text-align:center;flex:1 1 0}
.f5-board .f5-label .widget-html-content{justify-content:center;text-align:center;overflow:visible}
.f5-board .f5-row-label{flex:0 0 auto}
.f5-board .f5-c0{margin-right:4px}
.f5-board .jupyter-button.f5-cell{flex:1 1 0;padding:0;border-radius:6px;white-space:pre-line;line-height:1.1;
  overflow:visible;text-overflow:clip;font-family:Arial,"Liberation Sans",Helvetica,sans-serif}
.f5-board .f5-cell.f5-ring{box-shadow:0 0 0 4px $white,0 0 0 7px $ink}
.f5-board .f5-cell.f5-chosen{box-shadow:0 0 0 4px $yellow}
.f5-board .f5-cell.f5-hint-from{box-shadow:0 0 0 4px $sky,0 0 0 7px $ink}
.f5-board .f5-wrap{flex-wrap:wrap;gap:6px;align-items:center}
.f5-board .f5-wrap>*{margin:0}
.f5-board .jupyter-button.f5-button{width:auto;flex:0 0 auto;padding:0 12px;overflow:visible;text-overflow:clip}
.f5-board .jupyter-button.f5-toggle{background:$ivory;color:$ink}
.f5-board .jupyter-button.f5-toggle.mod-active{background:$sky;color:$ink}
.f5-board .f5-level,.f5-board .f5-deal{width:auto}
.f5-board .f5-level select{width:auto;flex:0 0 auto}
.f5-board .f5-deal input{width:6em;flex:0 0 auto}
.f5-board .jupyter-button:focus-visible:enabled,.f5-board select:focus-visible,.f5-board input:focus-visible{
  outline:3px solid $sky;outline-offset:2px}
""").substitute(PALETTE)]
    for board, px in ((".f5-board", _F5_PX["normal"]), (".f5-board.kit-large", _F5_PX["large"])):
        rules.append(Template("""
$b{--jp-widgets-font-size:${text}px;--jp-widgets-inline-height:${control_h}px;font-size:${text}px;max-width:${wide}px}
$b .f5-banner .widget-html-content{font-size:${banner}px}
$b .f5-msg .widget-html-content{font-size:${msg}px}
$b .f5-legend .widget-html-content{font-size:${text}px}
$b .f5-label .widget-html-content{font-size:${label}px;line-height:${label}px}
$b .f5-label{min-width:${cell_min}px;max-width:${cell_max}px}
$b .f5-row-label,$b .f5-row-label .widget-html-content{width:${row_label}px;min-width:${row_label}px;
  max-width:${row_label}px;line-height:${cell_h}px}
$b .jupyter-button.f5-cell{font-size:${cell}px;height:${cell_h}px;min-width:${cell_min}px;max-width:${cell_max}px}
$b .jupyter-button,$b select,$b input,$b label,$b .widget-label{font-size:${text}px}
""").substitute(px, b=board))
    # a narrow normal-size grid (JupyterLab at 150% zoom with the file browser, or in a tab): thinner gaps and row
    # labels, so the cells keep room for two digits (the large size keeps its own, more specific, rules)
    rules.append("""@container (max-width: 440px){
.f5-board .f5-row{gap:1px}
.f5-board .f5-c0{margin-right:2px}
.f5-board .f5-row-label,.f5-board .f5-row-label .widget-html-content{width:14px;min-width:14px;max-width:14px}
.f5-board .jupyter-button.f5-cell{font-size:16px;min-width:19px}
}""")
    return "\n".join(rules)


_FIVE_BY_15 = _five_by_15()

#: The whole style sheet.
CSS = "\n".join(section for section in (_GAME_OF_15, _DICE, _FIFTEENS, _FIVE_BY_15) if section)


@cache
def style_sheet() -> w.HTML:
    """The one widget that carries :data:`CSS` (the same instance every call, so the rules load once)."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
