"""The kinds of lesson task (exercise, prediction, why question, and a player the pupil writes) and how a task
becomes its widget (see :mod:`fifteen_kit.widgets.workbook`).

A task's answer, truth, solution and model answer may be functions, called only when needed, so that every number
a pupil is judged against is computed by the kit and heavy libraries load only when a question is shown.

>>> from fifteen_kit.answers import Number
>>> task = Exercise("99.q1", "What is 7 x 8?", Number(places=0), answer=lambda: 7 * 8)
>>> task.form.show(task.expected()), task.widget().judge("56")
('56', (True, 'Correct!'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fifteen_kit.answers import Form
from fifteen_kit.errors import InvalidArgumentError

from ..exercise import Prediction, SelfCheck, WhyQuestion

__all__ = ["Exercise", "Player", "Predict", "Task", "Why"]

_Text = str | Callable[[], str]
_KEY = re.compile(r"\d\d\.[pqw]\d{1,2}", re.ASCII)


def _value(item: Any) -> Any:
    return item() if callable(item) else item


def _key(key: str, letter: str) -> None:
    if not isinstance(key, str) or not _KEY.fullmatch(key) or key[3] != letter:
        raise InvalidArgumentError(f"a task key is the lesson's two digits, a dot, '{letter}' and a number, "
                                   f"like '04.{letter}1'", input=key)


@dataclass(frozen=True)
class Exercise:
    """A checked question: the pupil's answer is judged against the kit's.

    Args:
        key: ``"NN.qK"`` (lesson NN, exercise K).
        question: the question as the pupil sees it.
        form: how the answer is written (:mod:`fifteen_kit.answers`).
        answer: the kit's answer, or a function computing it.
        transfer: the question asks for something new (not shown anywhere in the lesson).
        slips: likely wrong answers and a message for each (values or a function returning the mapping).
        hint: shown after the first wrong try.
        solution: worked solution in Markdown (or a function returning it), offered after two wrong tries.

    Raises InvalidArgumentError for a malformed key.
    """

    key: str
    question: _Text
    form: Form
    answer: Any
    transfer: bool = False
    slips: Mapping[Any, str] | Callable[[], Mapping[Any, str]] = field(default_factory=dict)
    hint: _Text = ""
    solution: _Text = ""

    def __post_init__(self) -> None:
        _key(self.key, "q")

    def expected(self) -> Any:
        """The kit's answer, in the form's own type."""
        return self.form.expect(_value(self.answer))

    def renderings(self) -> list[str]:
        """The usual ways the right answer is written (no earlier cell of the lesson may show any of them)."""
        return self.form.renderings(self.expected())

    def widget(self) -> SelfCheck:
        """The exercise as a :class:`~fifteen_kit.widgets.SelfCheck`."""
        return SelfCheck(_value(self.question), self.form, self.expected(), key=self.key, hint=self.hint,
                         slips=_value(self.slips), solution=self.solution)


@dataclass(frozen=True)
class Predict:
    """A prediction before a reveal: the truth (and ``reveal()``) appear only once the guess is locked.

    Args:
        key: ``"NN.pK"``.
        question: what to predict.
        form: how the guess is written.
        truth: the kit's answer, or a function computing it.
        reveal: a function returning what to show after the guess (a chart, a table, Markdown), or None.
        unit: a word after the numbers in the comparison.
    """

    key: str
    question: _Text
    form: Form
    truth: Any
    reveal: Callable[[], Any] | None = None
    unit: str = ""

    def __post_init__(self) -> None:
        _key(self.key, "p")

    def expected(self) -> Any:
        """The kit's value, in the form's own type (``form.show`` of it is what the pupil is shown)."""
        return self.form.expect(_value(self.truth))

    def widget(self) -> Prediction:
        """The prediction as a :class:`~fifteen_kit.widgets.Prediction`."""
        return Prediction(_value(self.question), self.form, self.truth, key=self.key, reveal=self.reveal,
                          unit=self.unit)


@dataclass(frozen=True)
class Why:
    """A "why" question with a model answer and 2-3 key points for self-assessment.

    Args:
        key: ``"NN.wK"``.
        question: the question.
        model: a model answer (Markdown, or a function returning it).
        points: 2 or 3 key points.
    """

    key: str
    question: _Text
    model: _Text
    points: Sequence[_Text]

    def __post_init__(self) -> None:
        _key(self.key, "w")

    def widget(self) -> WhyQuestion:
        """The question as a :class:`~fifteen_kit.widgets.WhyQuestion`."""
        return WhyQuestion(_value(self.question), self.model, list(self.points), key=self.key)


@dataclass(frozen=True)
class Player:
    """A player the pupil writes: the source text of ``def my_player(position): ...`` for ``game``, tried at once
    against the kit's players and handed in with the lesson's results (for the class tournament).

    Args:
        key: ``"NN.qK"`` (it stands among the lesson's exercises).
        question: what to write, as the pupil sees it.
        game: ``"dice"`` or ``"fifteens"``.
        games: the games one "Try it" plays (1 to 2,000); seed: the series' seed (0 to 10**9).
        starter: the code the box starts with (a skeleton to complete), or ``""``.
        model: an example player's source for the answer key (or ``""``).

    Raises InvalidArgumentError for a malformed key, an unknown game or numbers out of range.

    >>> Player("99.q1", "Write a player.", "dice", games=20).game
    'dice'
    """

    key: str
    question: _Text
    game: str
    games: int = 100
    seed: int = 0
    starter: str = ""
    model: _Text = ""

    def __post_init__(self) -> None:
        from fifteen_kit import _check
        from fifteen_kit.results import MAX_SOURCE, PLAYER_GAMES

        _key(self.key, "q")
        _check.choice(self.game, PLAYER_GAMES, "the game")
        _check.whole(self.games, 1, 2_000, "the games of a try")
        _check.whole(self.seed, 0, 10**9, "the seed")
        _check.text(self.starter, MAX_SOURCE, "the starter code")

    def widget(self) -> Any:
        """The task as a :class:`~fifteen_kit.widgets.player_box.PlayerBox`."""
        from ..player_box import PlayerBox

        return PlayerBox(_value(self.question), self.game, key=self.key, games=self.games, seed=self.seed,
                         starter=self.starter)


Task = Exercise | Predict | Why | Player
