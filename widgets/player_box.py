"""A lesson task where the pupil writes a computer player: the player lab for one game, and the hand-in.

:class:`PlayerBox` is the widget of a ``form = "player"`` task (:mod:`fifteen_kit.widgets.workbook.records`).
It is a :class:`~fifteen_kit.widgets.player_lab.PlayerLab` for the task's game: the pupil writes
``def my_player(position): ...`` in its big monospaced box and presses **Play**; the lab runs the pupil's own code
in the pupil's own kernel under the step budget, plays a seeded series beside the kit's players, shows the table or
what went wrong in plain words, and replays any game on the board.  The box adds the hand-in: the code is kept the
moment it changes, like every other answer (a ``"player"`` record: ``game`` and ``source``, see
:mod:`fifteen_kit.results`), so it goes with the lesson's results file to the class tournament, where handed-in
players run only in the teacher's sandbox (:mod:`fifteen_kit.sandbox`).

>>> box = PlayerBox("Write a dice player.", "dice", games=5, seed=1)
>>> box.code.value = "def my_player(turn):\\n    return turn.legal_moves()[-1]"
>>> box.try_it()
True
>>> "points per turn" in box.lab.table.value
True
>>> box.code.value = "def my_player(turn):\\n    return 1 / 0"
>>> box.try_it()
False
>>> "ZeroDivisionError" in box.result.value
True
"""

from __future__ import annotations

from typing import Any

from fifteen_kit import _check
from fifteen_kit.results import MAX_SOURCE, PLAYER_GAMES

from .exercise import _Question, _Text
from .player_lab import EXAMPLES, MAX_CODE, MAX_GAMES, PlayerLab

__all__ = ["PlayerBox"]


class PlayerBox(_Question):
    """The widget of a player task: the player lab for one game, its code kept and handed in (see the module's
    docstring).

    Args:
        question: what to write.
        game: ``"dice"`` or ``"fifteens"``.
        key: the task's key (``"07.q3"``); with a key the code is kept and handed in.
        games: games per press of Play (1 to 1,000); seed: the series' seed.
        starter: the code the box starts with (default: the lab's example player of the game).

    Attributes: ``lab`` (the PlayerLab), ``code`` (its code box), ``try_button`` (its Play button), ``result``
    (its words: what happened, or what went wrong).

    Raises InvalidArgumentError for a bad game, numbers out of range or a starter that is not text.
    """

    kind = "player"

    def __init__(self, question: _Text, game: str, *, key: str | None = None, games: int = 100, seed: int = 0,
                 starter: str = "") -> None:
        self.game = _check.choice(game, PLAYER_GAMES, "the game")
        self.games = _check.whole(games, 1, MAX_GAMES, "the games of a try")
        self.seed = _check.whole(seed, 0, 10**9, "the seed")
        starter = _check.text(starter, MAX_CODE, "the starter code") or EXAMPLES[self.game]
        self.lab = PlayerLab(self.game, games=self.games, seed=self.seed, code=starter, fixed_game=True)
        self.code, self.try_button, self.result = self.lab.code, self.lab.play_button, self.lab.feedback
        super().__init__(question, key, [self.lab])
        saved = self._restore()
        if saved and isinstance(saved.get("source"), str) and saved.get("game") == self.game:
            self.code.value = saved["source"][:MAX_SOURCE]
        self.code.observe(self._changed, names="value")

    def __repr__(self) -> str:
        return f"PlayerBox({self.question!r}, {self.game!r})"

    @property
    def series(self) -> Any:
        """The last series played (``replay(name, i)`` shows a game), or None."""
        return self.lab.series

    def _changed(self, change: dict[str, Any]) -> None:
        # the code is kept the moment it changes (cut to the longest a results file keeps)
        text = change["new"] if isinstance(change["new"], str) else ""
        if len(text) > MAX_SOURCE:
            self.lab._say(f"Your code is longer than {MAX_SOURCE:,} characters: only the first {MAX_SOURCE:,} are "
                          "kept. A player needs far fewer.", problem=True)
            text = text[:MAX_SOURCE]
        if text.strip():
            self._record(game=self.game, source=text)

    def try_it(self) -> bool:
        """Press **Play**: run the code in the box and play the series; the table, or what went wrong in plain
        words.  Returns True if every game was played."""
        return self.lab.play()
