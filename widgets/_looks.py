"""One Layout and one style widget per distinct look, shared by every piece of a board that shows it.

In a notebook every widget is a model the browser must be told about, and a Button brings two more (its
Layout and its style).  A board of 80 cells built the plain way is 240 models; most cells look like many
others, so a board keeps a :class:`Looks` and gives each piece the shared Layout and style of its look:
the board appears several times sooner, and changing a piece's look is one message (the reference to
another shared model) instead of one per changed trait.  A shared Layout or style must never be changed
through one piece (``piece.layout.border = ...`` would change every piece sharing it): assign another look.

>>> import ipywidgets as w
>>> looks = Looks()
>>> a = w.Button(layout=looks.layout(border="1px solid"), style=looks.button(button_color="red"))
>>> b = w.Button(layout=looks.layout(border="1px solid"), style=looks.button(button_color="red"))
>>> a.layout is b.layout and a.style is b.style
True
>>> a.style = looks.button(button_color="blue")  # a new look for one piece: the other keeps red
>>> b.style.button_color
'red'
"""

from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["Looks"]


class Looks:
    """Shared Layout, ButtonStyle and HTMLStyle widgets of one board, one per distinct set of traits."""

    def __init__(self) -> None:
        self._shared: dict[tuple[type, tuple[tuple[str, str | None], ...]], w.Widget] = {}

    def _get(self, kind: type, traits: dict[str, str | None]) -> w.Widget:
        key = (kind, tuple(sorted(traits.items())))
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = kind(**traits)
        return found

    def layout(self, **traits: str | None) -> w.Layout:
        """The shared Layout with these traits (``display=..., border=...``, as ipywidgets names them)."""
        found = self._get(w.Layout, traits)
        assert isinstance(found, w.Layout)
        return found

    def button(self, **traits: str | None) -> w.ButtonStyle:
        """The shared ButtonStyle with these traits (``button_color=..., text_color=..., font_weight=...``)."""
        found = self._get(w.ButtonStyle, traits)
        assert isinstance(found, w.ButtonStyle)
        return found

    def html(self, **traits: str | None) -> HTMLStyle:
        """The shared HTMLStyle with these traits (none: the style sheet's look)."""
        found = self._get(HTMLStyle, traits)
        assert isinstance(found, HTMLStyle)
        return found
