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
_FIVE_BY_15 = ""

#: The whole style sheet.
CSS = "\n".join(section for section in (_GAME_OF_15, _DICE, _FIFTEENS, _FIVE_BY_15) if section)


@cache
def style_sheet() -> w.HTML:
    """The one widget that carries :data:`CSS` (the same instance every call, so the rules load once)."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))
