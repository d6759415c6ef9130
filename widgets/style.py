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

from .palette import PALETTE, TEXT_PX

__all__ = ["CSS", "style_sheet"]

# One section per board; each selects only classes with its prefix.


def _game_of_15() -> str:
    """The Game of 15 board (prefix ``f15-``): ipywidgets' theme variables set on the board's classes (ivory text
    on mahogany, ink on the light log, yellow messages), text sizes from ``--f15-text`` (16 px, 22 px with
    ``kit-large``), the tile faces as SVG backgrounds, the cells' corner digits, rings and focus outlines; sizes
    and colours of single widgets are their public traits."""
    colours = {**THEME, **PALETTE}
    rules = [Template("""
.f15-board{--f15-text:${normal}px;background:$mahogany;padding:14px;border-radius:14px;color:$ivory;
  font-family:Georgia,serif;font-size:var(--f15-text);
  --jp-widgets-color:$ivory;--jp-widgets-label-color:$ivory;--jp-widgets-readout-color:$ivory;
  --jp-widgets-font-size:var(--f15-text);--jp-widgets-inline-height:calc(var(--f15-text) * 1.8);
  --jp-widgets-inline-label-width:auto;--jp-ui-font-size1:var(--f15-text)}
.f15-board.kit-large{--f15-text:${large}px;padding:18px}
.f15-board .widget-label,.f15-board .jupyter-widget-label{overflow:visible;text-overflow:clip}
.f15-board .widget-html-content{line-height:1.35}
.f15-board .jupyter-button{font-size:var(--f15-text);text-overflow:clip}
.f15-board select,.f15-board input,.f15-board option{font-size:var(--f15-text)}
.f15-board .f15-msg.f15-msg{--jp-widgets-color:$yellow;color:$yellow;font-weight:bold;min-height:1.4em}
.f15-board .f15-status{font-size:calc(var(--f15-text) * 1.25)}
.f15-board .f15-panel{background:$mahogany_light;border-radius:10px;padding:6px;--jp-widgets-color:$ivory;
  --jp-widgets-label-color:$ivory}
.f15-board .f15-btn.f15-btn,.f15-board .f15-go.f15-go{background:$ivory;color:$ink;border-radius:6px;
  font-size:var(--f15-text);height:auto;min-height:var(--jp-widgets-inline-height);white-space:normal}
.f15-board .f15-go.f15-go{background:$orange;font-weight:bold}
.f15-board .f15-btn.mod-active{background:$yellow;color:$ink}
.f15-board .f15-now.f15-now{box-shadow:0 0 0 4px $yellow}
.f15-board .jupyter-button:focus-visible,.f15-board select:focus-visible,.f15-board input:focus-visible{
  outline:3px solid $sky;outline-offset:2px}
.f15-tile{background-size:100% 100%;background-repeat:no-repeat}
.f15-board .f15-tile:hover:enabled,.f15-board .f15-tile:focus:enabled,.f15-board .f15-tile:active{box-shadow:none}
.f15-board .f15-tile:hover:enabled{filter:brightness(1.08)}
.f15-board .f15-tile.f15-tile:focus-visible:enabled,.f15-board .f15-cell.f15-cell:focus-visible:enabled{
  outline:none;box-shadow:0 0 0 3px $mahogany,0 0 0 7px $sky}
.f15-board .f15-tile.f15-taken{background-clip:content-box;border-radius:9px}
.f15-cell{position:relative;border-radius:6px}
.f15-board .f15-cell:disabled{opacity:1;cursor:default}
.f15-board .f15-cell-win{box-shadow:inset 0 0 0 6px $win}
.f15-cell::after{position:absolute;top:2px;left:6px;font-size:var(--f15-text);font-weight:normal}
.f15-cell.f15-empty::after{content:none}
.f15-board .f15-hint{text-align:center;font-size:var(--f15-text);font-weight:bold;line-height:1.2;margin-top:2px}
.f15-board .f15-hint span{background:$ivory;padding:0 3px;border-radius:4px;white-space:nowrap}
.f15-board .f15-hint .f15-hint-win{color:$blue}
.f15-board .f15-hint .f15-hint-draw{color:$brass_deep}
.f15-board .f15-hint .f15-hint-loss{color:$vermillion_dark}
.f15-board .f15-log.f15-log{--jp-widgets-color:$ink;max-height:8em;overflow-y:auto;background:$ivory;
  color:$ink;border-radius:8px;padding:4px 10px;font-size:var(--f15-text)}
.f15-board .f15-achievements{background:$ivory;color:$ink;border-radius:6px;padding:4px;
  font-size:var(--f15-text)}
.f15-board .f15-achievements th,.f15-board .f15-achievements td{padding:0 6px;color:$ink}
.f15-board .f15-rack svg{display:block}
""").substitute(colours, normal=TEXT_PX["normal"], large=TEXT_PX["large"])]
    for d in range(1, 10):
        uri = "data:image/svg+xml;utf8," + quote(str(tile_image(d, "brass", size=64)))
        rules.append(f'.f15-tile-{d}{{background-image:url("{uri}")}}')
        rules.append(f'.f15-cell-d{d}::after{{content:"{d}"}}')
    return "\n".join(rules)


_GAME_OF_15 = _game_of_15()
# The Fifteens board (widgets/fifteens.py, prefix f15p-): felt, ivory text, a yellow message line.  Text colours are
# set on the element that shows them (no light base colour on descendants with light backgrounds); ipywidgets'
# own controls take their sizes and colours from its theme variables, set here on the board.  The grid has room
# around the cards for a selected card's lift and ring and for the focus outline (nothing clipped).
_FIFTEENS = Template("""
.f15p-board{background:$felt;padding:12px;border-radius:14px;color:$ivory;font-family:Georgia,serif;
  --jp-widgets-font-size:16px;--jp-widgets-inline-height:34px;--jp-widgets-label-color:$ivory;
  --jp-widgets-input-color:$ink;--jp-widgets-input-background-color:$ivory;--jp-widgets-input-border-color:$ink}
.f15p-board.kit-large{padding:16px;--jp-widgets-font-size:22px;--jp-widgets-inline-height:40px}
.f15p-board .f15p-banner,.f15p-board .f15p-banner .widget-html-content{color:$ivory;font-weight:bold;
  white-space:normal}
.f15p-board .f15p-info,.f15p-board .f15p-info .widget-html-content{color:$ivory;white-space:normal;line-height:1.35}
.f15p-board .f15p-msg,.f15p-board .f15p-msg .widget-html-content{color:$yellow;font-weight:bold;
  white-space:normal;line-height:1.3;min-height:2.6em}
.f15p-board.kit-large .f15p-msg,.f15p-board.kit-large .f15p-msg .widget-html-content{min-height:1.3em}
.f15p-board .widget-html,.f15p-board .widget-html-content{height:auto}
.f15p-board .f15p-reveal,.f15p-board .f15p-reveal label{color:$ivory;font-size:16px;white-space:normal;height:auto}
.f15p-board.kit-large .f15p-reveal,.f15p-board.kit-large .f15p-reveal label{font-size:22px}
.f15p-board .f15p-grid{padding:12px 10px 10px 6px;margin:0 6px 0 0}
.f15p-board .f15p-controls{margin-top:8px}
.f15p-board .f15p-card{border-radius:10px;padding:0;text-overflow:clip}
.f15p-board .f15p-card:disabled{opacity:1;cursor:default}
.f15p-board .f15p-card.f15p-selected{box-shadow:0 0 0 5px $yellow;transform:translateY(-4px)}
.f15p-board .f15p-card.f15p-hint{box-shadow:0 0 0 5px $sky}
.f15p-board .f15p-button{border-radius:8px;white-space:normal;text-overflow:clip}
.f15p-board .f15p-toggle{background:$ivory;color:$ink;border-radius:8px;height:auto;min-height:34px;width:auto}
.f15p-board .f15p-toggle.mod-active{background:$yellow;color:$ink}
.f15p-board select,.f15p-board input{background-color:$ivory;color:$ink;font-size:16px}
.f15p-board .f15p-reveal input{width:20px;height:20px;margin-right:8px}
.f15p-board.kit-large .f15p-reveal input{width:26px;height:26px}
.f15p-board.kit-large select,.f15p-board.kit-large input{font-size:22px}
.f15p-board.kit-board button:focus-visible:enabled,.f15p-board.kit-board input:focus-visible,
.f15p-board.kit-board select:focus-visible{outline:3px solid $sky;outline-offset:3px}
""").substitute(PALETTE)
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
