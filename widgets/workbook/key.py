"""The answer key of a lesson as data: one :class:`Answer` per task, read by the Markdown key and the printed sheet.

:func:`answers` is the one place that turns a task into its answer, worked solution or model answer; the
teacher's Markdown (:func:`~fifteen_kit.widgets.workbook.answer_key`) and the printable answer sheet
(:mod:`fifteen_kit.widgets.printables`) both render its list.

>>> first = answers("00")[0]
>>> first.key, first.kind, first.answer
('00.p1', 'prediction', 'tic-tac-toe (noughts and crosses)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .core import Exercise, Player, Predict, Task, Why, _value

__all__ = ["Answer", "Kind", "answer_of", "answers"]

#: What a task is: an exercise (checked), a prediction (compared with the kit's value), a "why" question or a
#: player the pupil writes.
Kind = Literal["exercise", "prediction", "why", "player"]


@dataclass(frozen=True)
class Answer:
    """One task's entry in the answer key (all text; Markdown where noted).

    Attributes:
        key: the task's key, ``"04.q2"``.
        kind: ``"exercise"``, ``"prediction"``, ``"why"`` or ``"player"``.
        question: the question as the pupil sees it.
        answer: the answer as a solution shows it (an exercise's answer, a prediction's value, a why
            question's model answer in Markdown; a player task's example player, source text).
        unit: a prediction's unit, the word after its value (``"games"``), or ``""``.
        transfer: an exercise that asks for something new (not shown in the lesson).
        solution: an exercise's worked solution (Markdown, numbered steps), or ``""``.
        points: a why question's 2-3 key points.

    >>> Answer("99.q1", "exercise", "What is 7 x 8?", "56").kind
    'exercise'
    """

    key: str
    kind: Kind
    question: str
    answer: str
    unit: str = ""
    transfer: bool = False
    solution: str = ""
    points: tuple[str, ...] = ()


def answer_of(item: Task) -> Answer:
    """The answer-key entry of one task (every value computed by the kit now).

    Raises InvalidArgumentError for anything but an Exercise, Predict, Why or Player task.

    >>> from fifteen_kit.widgets.workbook import task
    >>> from fifteen_kit.widgets.workbook.key import answer_of
    >>> answer_of(task("01.q2")).answer
    '18'
    """
    if not isinstance(item, (Exercise, Predict, Why, Player)):
        raise InvalidArgumentError("a task is an Exercise, Predict, Why or Player of the workbook",
                                   input=_check.short(item))
    question = str(_value(item.question))
    if isinstance(item, Player):
        return Answer(item.key, "player", question, str(_value(item.model) or ""))
    if isinstance(item, Exercise):
        return Answer(item.key, "exercise", question, item.form.show(item.expected()), transfer=item.transfer,
                      solution=str(_value(item.solution) or ""))
    if isinstance(item, Predict):
        return Answer(item.key, "prediction", question, item.form.show(_value(item.truth)), unit=item.unit)
    points: tuple[Any, ...] = tuple(str(_value(point)) for point in item.points)
    return Answer(item.key, "why", question, str(_value(item.model)), points=points)


def answers(lesson: str) -> list[Answer]:
    """Every task of ``lesson`` (``"04"``) with its answer, in lesson order.

    Raises InvalidArgumentError for a lesson that is not one of the workbook's LESSONS.

    >>> [a.kind for a in answers("00")]
    ['prediction', 'prediction', 'exercise', 'why']
    """
    from . import LESSONS, tasks

    return [answer_of(item) for item in tasks(_check.choice(lesson, LESSONS, "the lesson"))]
