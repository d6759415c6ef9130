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

__all__ = ["CSS", "DICE_BOX", "DICE_PX", "TOUCH_PX", "style_sheet"]

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
  outline:4px solid $white;outline-offset:2px;position:relative;z-index:2}
.f15-tile{background-size:100% 100%;background-repeat:no-repeat}
.f15-board .f15-tile:hover:enabled,.f15-board .f15-tile:focus:enabled,.f15-board .f15-tile:active{box-shadow:none}
.f15-board .f15-tile:hover:enabled{filter:brightness(1.08)}
.f15-board .f15-tile.f15-tile:focus-visible:enabled,.f15-board .f15-cell.f15-cell:focus-visible:enabled{
  outline:none;box-shadow:0 0 0 3px $mahogany,0 0 0 7px $white}
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
.f15-board .f15-achievements th,.f15-board .f15-achievements td{padding:0 6px;color:$ink;white-space:normal;
  line-height:1.25}
.f15-board .f15-achievements{max-width:100%}
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
.f15p-board.kit-board select:focus-visible{outline:4px solid $white;outline-offset:3px;position:relative;z-index:2}
""").substitute(PALETTE)
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
  outline:4px solid $white;outline-offset:3px;position:relative;z-index:2}
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
.f5-board .jupyter-button.f5-toggle.mod-active{background:$yellow;color:$ink}
.f5-board .f5-level,.f5-board .f5-deal{width:auto}
.f5-board .f5-level select{width:auto;flex:0 0 auto}
.f5-board .f5-deal input{width:6em;flex:0 0 auto}
.f5-board .jupyter-button:focus-visible:enabled,.f5-board select:focus-visible,.f5-board input:focus-visible{
  outline:4px solid $white;outline-offset:2px;position:relative;z-index:2}
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


# lesson questions (widgets/exercise.py): the notebook's own colours, at the boards' normal text size
_QUESTIONS = f"""
.kit-question {{ font-size: {TEXT_PX["normal"]}px; --jp-widgets-font-size: {TEXT_PX["normal"]}px;
  margin: 6px 0 10px 0; }}
.kit-question .widget-html-content, .kit-question input, .kit-question textarea, .kit-question button {{
  font-size: {TEXT_PX["normal"]}px; line-height: 1.4; }}
.kit-question .kit-question-text .widget-html-content {{ white-space: normal; }}
.kit-question .kit-feedback .widget-html-content {{ white-space: normal; }}
.kit-question .widget-toggle-buttons .widget-toggle-button {{ width: auto; min-width: 6em; }}
.kit-question .widget-text, .kit-question .widget-textarea {{ max-width: 100%; }}
.kit-question .widget-textarea {{ align-self: stretch; width: auto; box-sizing: border-box; }}
.kit-export .widget-html, .kit-export .widget-html-content {{ height: auto; white-space: normal; }}
.kit-export .kit-download a {{ font-weight: bold; text-decoration: underline; font-size: {TEXT_PX["large"]}px;
  color: var(--jp-content-link-color, #0b57d0); }}
.kit-export .kit-code-text {{ font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-weight: bold;
  font-size: {2 * TEXT_PX["normal"]}px; line-height: 1.35; letter-spacing: 0.08em; word-spacing: 0.3em;
  overflow-wrap: anywhere; margin: 4px 0; }}
.kit-question .kit-player-code textarea {{ font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: {TEXT_PX["normal"]}px; line-height: 1.35; tab-size: 4; white-space: pre; }}
.kit-question .kit-player-result pre {{ font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: {TEXT_PX["normal"] - 1}px; white-space: pre; overflow-x: auto; margin: 4px 0; }}
"""

# the player lab and the replay board (widgets/player_lab.py, widgets/replay.py): notebook colours, the code in a large
# monospaced face (lines never wrapped: Python's indentation stays true), the table's rows apart, the pupil's row
# marked, a thick focus ring on every control (ipywidgets takes the outline off text boxes with !important: theirs
# is a ring of box-shadow)
_LAB = f"""
.kit-lab .kit-code textarea {{ font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: {TEXT_PX["normal"] + 4}px; line-height: 1.4; min-height: 12em; tab-size: 4; white-space: pre;
  overflow-wrap: normal; overflow-x: auto; }}
.kit-lab.kit-large .kit-code textarea {{ font-size: {TEXT_PX["large"] + 4}px; }}
.kit-lab .kit-question-text code {{ font-size: 1em; }}
.kit-lab .kit-lab-table .widget-html-content {{ font-size: {TEXT_PX["normal"] + 2}px; }}
.kit-lab .kit-lab-table table {{ border-collapse: collapse; margin: 6px 0; }}
.kit-lab .kit-lab-table th, .kit-lab .kit-lab-table td {{ padding: 4px 14px; border-bottom: 1px solid #8a8a8a;
  text-align: left; }}
.kit-lab .kit-lab-table tr.mine td {{ background: #fff7c2; color: {PALETTE["ink"]}; font-weight: bold; }}
.kit-lab.kit-large, .kit-lab.kit-large .widget-html-content, .kit-lab.kit-large button,
.kit-lab.kit-large input, .kit-lab.kit-large select, .kit-lab.kit-large .widget-label {{
  font-size: {TEXT_PX["large"]}px; }}
.kit-lab.kit-large :is(input, select, .widget-label) {{ height: auto; min-height: 1.8em; line-height: 1.6; }}
.kit-replay .kit-replay-msg .widget-html-content, .kit-replay .kit-replay-status .widget-html-content {{
  white-space: normal; line-height: 1.35; }}
.kit-replay .kit-replay-msg {{ margin: 4px 0; }}
:is(.kit-lab, .kit-replay):is(.kit-lab, .kit-replay) :is(button, select):focus-visible {{
  outline: 4px solid #0b57d0; outline-offset: 3px; }}
:is(.kit-lab, .kit-replay):is(.kit-lab, .kit-replay) :is(input, textarea):focus {{ box-shadow: 0 0 0 4px #0b57d0; }}
"""

#: The whole style sheet.
# the bar above a board that offers an unfinished game back (widgets/resume.py): dark blue on pale blue (12.6:1),
# the board's normal text size, wrapping on a narrow screen
_RESUME = f"""
.kit-resume {{ background: #e8f0fb; color: #0b2447; font-family: Georgia, serif;
  font-size: {TEXT_PX["normal"]}px; --jp-widgets-font-size: {TEXT_PX["normal"]}px; border-radius: 8px; }}
.kit-resume .widget-html-content {{ white-space: normal; color: #0b2447; font-size: {TEXT_PX["normal"]}px;
  line-height: 1.4; }}
.kit-resume button {{ font-size: {TEXT_PX["normal"]}px; height: auto; min-height: 2.2em; margin: 4px 6px; }}
"""

# Touch-first screens (a tablet: the primary pointer is a finger, ``pointer: coarse``): every control of every board
# and question is at least TOUCH_PX x TOUCH_PX CSS px, the usual least size for a finger.  ipywidgets sizes its
# controls from ``--jp-widgets-inline-height``, so the boards' own values are raised to TOUCH_PX at least; buttons,
# menus, boxes and a checkbox's whole label (the part a finger taps) get it as their least height and width.  The
# pieces (tiles, dice, cards, 5x15 cells) are sized by their boards and are not stretched, so the 5x15 grid still
# fits a narrow screen.  Checkboxes keep a light box in every theme (a dark theme's box is dark grey on navy).
#: The least side (CSS px) of a control on a touch-first screen.
TOUCH_PX = 44
_ROOTS = ".f15-board,.n15-board,.f15p-board,.f5-board,.kit-question,.kit-export,.kit-resume"
_BOARDS = ".f15-board,.n15-board,.f15p-board,.f5-board"
_PIECES = ".f15-tile,.f15-cell,.n15-die,.f15p-card,.f5-cell"
_TOUCH = f"""
:is({_ROOTS}) input[type="checkbox"]{{color-scheme:light;accent-color:{PALETTE["ink"]}}}
@media (max-width: 800px){{
:is({_BOARDS}):is({_BOARDS}){{max-width:calc(100vw - 40px)}}
}}
@media (pointer: coarse){{
:is({_ROOTS}):is({_ROOTS}){{--jp-widgets-inline-height:max({TOUCH_PX}px, calc(var(--f15-text, 16px) * 1.8))}}
:is({_ROOTS}) :is(button,select,input:not([type="checkbox"]):not([type="radio"]),textarea):not({_PIECES}){{
  min-height:{TOUCH_PX}px;min-width:{TOUCH_PX}px;box-sizing:border-box}}
:is({_ROOTS}) .jupyter-button:not({_PIECES}){{height:auto}}
:is({_ROOTS}) :is(.widget-checkbox,.jupyter-widget-checkbox){{height:auto;min-height:{TOUCH_PX}px}}
:is({_ROOTS}) .widget-label-basic{{display:inline-flex;align-items:center;min-height:{TOUCH_PX}px;
  min-width:{TOUCH_PX}px;cursor:pointer}}
:is({_ROOTS}) .widget-label-basic input[type="checkbox"]{{width:28px;height:28px;flex:0 0 auto}}
}}
"""
CSS = "\n".join(section for section in (_GAME_OF_15, _DICE, _FIFTEENS, _FIVE_BY_15, _QUESTIONS, _LAB, _RESUME,
                                             _TOUCH)
                 if section)


@cache
def style_sheet() -> w.HTML:
    """The one widget that carries :data:`CSS` (the same instance every call, so the rules load once)."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
