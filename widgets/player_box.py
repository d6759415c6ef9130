"""A lesson task where the pupil writes a computer player: a code box, a **Try it** button, and the hand-in.

:class:`PlayerBox` is the widget of a ``form = "player"`` task (:mod:`fifteen_kit.widgets.workbook.records`).
The pupil writes ``def my_player(position): ...`` for the dice game or Fifteens in a big monospaced box.  The
text is kept the moment it changes, like every other answer (a ``"player"`` record: ``game`` and ``source``, see
:mod:`fifteen_kit.results`), so it is handed in with the lesson's results file for the class tournament.

**Try it** runs the pupil's own code in the pupil's own kernel: the text is compiled and run in a fresh namespace
under the step budget of :func:`fifteen_kit.pupil_players.run_with_budget` (a loop at the top level is stopped
too), then :func:`fifteen_kit.series.try_player` plays a seeded series against the kit's players.  The table is
shown, or what went wrong in plain words (which move, which position, why), and the box keeps working.  What the
code prints is kept (its first :data:`MAX_PRINTED` characters) and shown below, as text.  The code runs with the
pupil's own rights: it is the pupil's own kernel, where any cell runs anything too; handed-in players run only in
the teacher's sandbox (:mod:`fifteen_kit.sandbox`).

>>> box = PlayerBox("Write a dice player.", "dice", games=5, seed=1)
>>> box.code.value = "def my_player(turn):\\n    return turn.legal_moves()[-1]"
>>> box.try_button.click()
>>> "points per turn" in box.result.value
True
>>> box.code.value = "def my_player(turn):\\n    return 1 / 0"
>>> box.try_button.click()
>>> "ZeroDivisionError" in box.result.value
True
"""

from __future__ import annotations

import contextlib
import io
from html import escape
from typing import Any

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, PlayerError
from fifteen_kit.results import MAX_SOURCE, PLAYER_GAMES

from .exercise import _Question, _Text

__all__ = ["MAX_PRINTED", "PlayerBox", "load_player"]

#: The characters of what a tried player prints that are kept and shown (the rest is dropped).
MAX_PRINTED = 2_000
_FUNCTION = "my_player"
_STARTERS = {
    "dice": "def my_player(turn):\n    # turn.legal_moves() lists the moves: 'roll', 'stop', 'place B R', ...\n"
            "    return turn.legal_moves()[-1]\n",
    "fifteens": "def my_player(position):\n    # position.legal_moves() lists the removals, such as (6, 15)\n"
                "    return position.legal_moves()[0]\n",
}


class _Capped(io.TextIOBase):
    # what the pupil's code prints: the first MAX_PRINTED characters kept, the rest counted and dropped
    def __init__(self) -> None:
        super().__init__()
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        """True: print() may write here."""
        return True

    def write(self, text: Any) -> int:
        """Keep what fits of ``text``; count the rest; returns its length (as a file's write does)."""
        text = str(text) if isinstance(text, str) else ""
        room = MAX_PRINTED - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def text(self) -> str:
        """What was kept, with the number of characters dropped."""
        return "".join(self.kept) + (f"\n... and {self.dropped:,} more characters" if self.dropped else "")


def _sentence(text: str) -> str:
    # the words as one escaped sentence, ending with one full stop or question mark
    text = str(text).strip()
    return escape(text if text.endswith((".", "?", "!")) else text + ".")


def load_player(source: str, function: str = _FUNCTION) -> Any:
    """The function ``function`` that the Python ``source`` defines, run in a fresh namespace under the step
    budget (so a loop at the top level stops).

    Raises PlayerError in plain words for code that is not Python, that raises or loops while it is loaded, or that
    defines no such function; InvalidArgumentError for source that is not text of at most 50,000 characters.

    >>> load_player("def my_player(position):\\n    return 'stop'")("any position")
    'stop'
    >>> load_player("my_player = 3")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.PlayerError: your code defines no function called my_player (input: None)
    """
    from fifteen_kit.pupil_players import run_with_budget

    _check.text(source, MAX_SOURCE, "the player's code")
    _check.text(function, 40, "the function's name", empty=False)
    try:
        code = compile(source, "<my player>", "exec")
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None)
        said = f"your code is not Python yet: {getattr(exc, 'msg', exc)}" + (f" (line {line})" if line else "")
        raise PlayerError(said, reason=said) from None
    namespace: dict[str, Any] = {"__name__": "player"}
    try:
        run_with_budget(exec, (code, namespace))
    except PlayerError as err:
        said = f"your code could not be loaded: {err.reason}"
        raise PlayerError(said, reason=said) from None
    except (SystemExit, GeneratorExit) as exc:  # (not KeyboardInterrupt: the pupil may stop the kernel)
        said = f"your code could not be loaded: it raised {type(exc).__name__}"
        raise PlayerError(said, reason=said) from None
    found = namespace.get(function)
    if not callable(found):
        said = f"your code defines no function called {function}"
        raise PlayerError(said, reason=said)
    return found


class PlayerBox(_Question):
    """The widget of a player task: the code box, **Try it**, the table or the error (see the module's docstring).

    Args:
        question: what to write.
        game: ``"dice"`` or ``"fifteens"``.
        key: the task's key (``"07.q3"``); with a key the code is kept and handed in.
        games: games per try (1 to 2,000); seed: the series' seed.
        starter: the code the box starts with (default: a skeleton for the game).

    Raises InvalidArgumentError for a bad game, numbers out of range or a starter that is not text.
    """

    kind = "player"

    def __init__(self, question: _Text, game: str, *, key: str | None = None, games: int = 100, seed: int = 0,
                 starter: str = "") -> None:
        self.game = _check.choice(game, PLAYER_GAMES, "the game")
        self.games = _check.whole(games, 1, 2_000, "the games of a try")
        self.seed = _check.whole(seed, 0, 10**9, "the seed")
        starter = _check.text(starter, MAX_SOURCE, "the starter code") or _STARTERS[self.game]
        self.code = w.Textarea(value=starter, placeholder=f"def {_FUNCTION}(position):\n    ...",
                               layout=w.Layout(height="18em"))
        self.code.add_class("kit-answer")
        self.code.add_class("kit-player-code")
        self.try_button = w.Button(description="Try it", icon="play", button_style="primary",
                                   tooltip=f"Plays {self.games} games with your player and the kit's players",
                                   layout=w.Layout(width="auto", align_self="flex-start"))
        self.result = w.HTML("<small>Indent with spaces, 4 for each level (the Tab key moves on to the button). "
                             "Your code is kept as you type.</small>")
        self.result.add_class("kit-feedback")
        self.result.add_class("kit-player-result")
        self.series: Any = None  # the last try's Series (replay(name, i) shows a game), or None
        super().__init__(question, key, [self.code, self.try_button, self.result])
        saved = self._restore()
        if saved and isinstance(saved.get("source"), str) and saved.get("game") == self.game:
            self.code.value = saved["source"][:MAX_SOURCE]
        self.code.observe(self._changed, names="value")
        self.try_button.on_click(lambda _b: self.try_it())

    def __repr__(self) -> str:
        return f"PlayerBox({self.question!r}, {self.game!r})"

    def _changed(self, change: dict[str, Any]) -> None:
        # the code is kept the moment it changes (cut to the longest a results file keeps)
        text = change["new"] if isinstance(change["new"], str) else ""
        if len(text) > MAX_SOURCE:
            self.result.value = (f"Your code is longer than {MAX_SOURCE:,} characters: only the first "
                                 f"{MAX_SOURCE:,} are kept. A player needs far fewer.")
            text = text[:MAX_SOURCE]
        if text.strip():
            self._record(game=self.game, source=text)

    def try_it(self) -> bool:
        """Run the code in the box and play the series; show the table, or what went wrong in plain words.
        Returns True if every game was played."""
        from fifteen_kit.series import try_player

        printed = _Capped()
        ok, self.series = False, None
        try:
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                player = load_player(self.code.value if isinstance(self.code.value, str) else "")
                self.series = try_player(player, self.game, games=self.games, seed=self.seed)
            ok = True
            shown = (f"<b>Your player played {self.games} games.</b> The same games for every player; 95% "
                     f"intervals:<pre>{escape(str(self.series))}</pre>")
        except PlayerError as err:
            self.series = getattr(err, "series", None)
            where = ""
            if err.position:
                where = (f" It was its move {escape(str(err.move_number))} in the position "
                         f"<code>{escape(str(err.position))}</code>.")
            shown = f"<b>Your player was stopped:</b> {_sentence(err.reason)}{where}"
            if self.series is not None and self.series.rows and self.series.rows[0].games:
                shown += f" The games before it:<pre>{escape(str(self.series))}</pre>"
        except FifteenKitError as err:
            shown = f"<b>Your player was stopped:</b> {_sentence(err.message)}"
        except (Exception, SystemExit, GeneratorExit) as exc:  # anything else from the pupil's code: the box works on
            shown = f"<b>Your player was stopped:</b> it raised {escape(type(exc).__name__)}."
        if printed.size or printed.dropped:
            shown += f"<div>Your code printed:</div><pre>{escape(printed.text())}</pre>"
        self.result.value = shown
        return ok
