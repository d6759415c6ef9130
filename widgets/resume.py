"""An unfinished game, kept move by move and offered back when its cell runs again (issue 32).

A board made with a ``key`` keeps, after every change, what it needs to go on from there: a small JSON-able
*state* (the moves of a deal, a match's drafts, a dice game's score pad) in the lesson's work file
(:mod:`fifteen_kit.widgets.keep`), under the key ``<key>_open``.  A finished game is recorded as a result
(:mod:`fifteen_kit.widgets.results`) and its open state is cleared.

When the cell runs again (a restarted kernel, a reopened tab, Run All) and an unfinished game is kept, the board
shows a bar above itself: **Continue my game** puts the game back as it was, **Start anew** leaves the new one.
Playing on the new board without choosing starts anew too (the bar says so).  The state is the pupil's own
file, so it is read as untrusted input: anything that is not a state this board can continue is refused with a
message on the bar and changes nothing.

A board mixes in :class:`Resumable` and gives two methods: ``_snapshot()`` (the state and a few words about
it, or None when there is nothing to continue: not started, or over) and ``_restore(state)`` (raises
:class:`~fifteen_kit.errors.FifteenKitError` for a state it cannot continue).  It calls ``_resume_start(key)``
once built and ``_resume_keep()`` after every redraw.

>>> from fifteen_kit.widgets import FifteensBoard
>>> board = FifteensBoard(seed=5)
>>> board.resume_bar.layout.display
'none'
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

import ipywidgets as w

from fifteen_kit.errors import FifteenKitError

from .keep import keep, kept

__all__ = ["SUFFIX", "Resumable"]

#: Added to a board's key to name its unfinished game in the work file.
SUFFIX = "_open"


class Resumable:
    """What a board needs to keep its unfinished game and offer it back (see the module's text)."""

    resume_bar: w.HBox
    _resume_key: str | None = None
    _resume_last: Any = None
    _resume_pending: dict[str, Any] | None = None
    _resume_quiet: bool = False

    def _snapshot(self) -> tuple[dict[str, Any], str] | None:  # pragma: no cover - each board gives its own
        raise NotImplementedError

    def _restore(self, state: dict[str, Any]) -> None:  # pragma: no cover - each board gives its own
        raise NotImplementedError

    def _resume_start(self, key: str | None) -> None:
        """Build the bar; with an unfinished game kept under ``key``, show it above the board."""
        self._resume_words = w.HTML(layout=w.Layout(flex="1 1 auto"))
        self._resume_continue = w.Button(description="Continue my game", button_style="primary",
                                         layout=w.Layout(width="auto"))
        self._resume_anew = w.Button(description="Start anew", layout=w.Layout(width="auto"))
        self._resume_continue.on_click(lambda _b: self.resume())
        self._resume_anew.on_click(lambda _b: self.start_anew())
        self.resume_bar = w.HBox([self._resume_words, self._resume_continue, self._resume_anew],
                                 layout=w.Layout(display="none", align_items="center", flex_flow="row wrap",
                                                 padding="0.4em", border="2px solid #0b5394",
                                                 margin="0 0 0.5em 0"))
        self.resume_bar.add_class("kit-resume")
        if key is None:
            return
        self._resume_key = key + SUFFIX
        saved = kept(key[:2]).get(self._resume_key) or {}
        state = saved.get("state")
        if isinstance(state, dict) and state:
            self._resume_pending = state
            says = str(saved["says"]) if isinstance(saved.get("says"), str) else "a game"
            self._resume_words.value = (f"<b>You have an unfinished game from before</b> ({escape(says[:200])}). "
                                        "Continue it, or start anew? If you play on this board instead, it starts "
                                        "anew.")
            self.resume_bar.layout.display = "flex"
            box = cast(w.Box, self)  # every board is a box of widgets: the bar goes on top
            box.children = (self.resume_bar, *box.children)

    def _resume_keep(self) -> None:
        """After a change: keep the unfinished game's state (or clear it once the game is over)."""
        if self._resume_key is None or self._resume_quiet:
            return
        shot = self._snapshot()
        state, says = shot if shot is not None else ({}, "")
        if self._resume_pending is not None:
            if not state:  # nothing played on the new board: the kept game waits for the pupil's choice
                return
            self._close_bar()  # a move on the new board: the pupil starts anew
        if state == self._resume_last:
            return
        self._resume_last = state
        keep({"key": self._resume_key, "kind": "open", "state": state, "says": says})

    def _close_bar(self) -> None:
        self._resume_pending = None
        self.resume_bar.layout.display = "none"

    def resume(self) -> bool:
        """Continue the unfinished game kept for this board (the bar's **Continue my game**); False, with a
        message on the bar, if there is none or it cannot be continued here."""
        state = self._resume_pending
        if state is None:
            return False
        self._resume_quiet = True
        try:
            self._restore(state)
        except (FifteenKitError, TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            message = err.message if isinstance(err, FifteenKitError) else "it is not a game this board can play"
            self._resume_words.value = (f"Your unfinished game cannot be continued here ({escape(str(message))}). "
                                        "Press Start anew.")
            self._resume_continue.disabled = True
            return False
        finally:
            self._resume_quiet = False
        self._close_bar()
        self.render()  # type: ignore[attr-defined]
        self._resume_keep()
        return True

    def start_anew(self) -> None:
        """Leave the unfinished game and play the new board (the bar's **Start anew**)."""
        self._close_bar()
        self._resume_last = None
        self._resume_keep()
