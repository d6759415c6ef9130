"""The lessons' questions, with answers computed by the kit (``fifteen_kit.widgets.workbook``).

Each lesson has a module ``lessonNN`` holding ``TASKS``: its predictions (``NN.pK``), exercises (``NN.qK``)
and "why" questions (``NN.wK``).  A lesson cell shows one with ``ask("04.q2")``; the pupil sees only the
question, never the code that computes its answer.  :func:`answer_key` gives a teacher every answer, worked
solution and model answer of a lesson.

>>> all(key[:2] == lesson for lesson in LESSONS for key in (t.key for t in tasks(lesson)))
True
"""

from __future__ import annotations

import importlib
from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .core import Exercise, Predict, Task, Why
from .key import Answer, answers

__all__ = ["LESSONS", "LESSON_TITLES", "Answer", "Exercise", "Predict", "Task", "Why", "answer_key", "answers", "ask",
           "task", "tasks"]

#: The lessons that have tasks, as two-digit numbers.
LESSONS = ("00", "01", "02", "03", "04", "05", "06")
#: Each lesson's title, as the start page's table of lessons names it.
LESSON_TITLES = {"00": "Start here", "01": "The magic square behind the game", "02": "Perfect play",
                 "03": "Counting to 15", "04": "Dice and risk", "05": "Fifteens patience", "06": "Search in 5x15"}


def tasks(lesson: str | None = None) -> list[Task]:
    """Every task of one lesson (``"04"``), or of all lessons, in lesson order.

    Raises InvalidArgumentError for a lesson that is not one of :data:`LESSONS`.
    """
    if lesson is not None:
        _check.choice(lesson, LESSONS, "the lesson")
    found: list[Task] = []
    for number in LESSONS if lesson is None else (lesson,):
        try:
            module = importlib.import_module(f"{__name__}.lesson{number}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.lesson{number}":
                raise
            continue
        found.extend(module.TASKS)
    return found


def task(key: str) -> Task:
    """The task named ``key`` (``"04.q2"``); raises InvalidArgumentError naming the key if there is none."""
    _check.text(key, 20, "the task key", empty=False)
    lesson = key[:2]
    if lesson in LESSONS:
        for found in tasks(lesson):
            if found.key == key:
                return found
    raise InvalidArgumentError("there is no lesson task with this key (like '04.q2')", input=key)


def ask(key: str) -> Any:
    """The widget for task ``key``: an answer box, a prediction or a "why" question.

    Raises InvalidArgumentError for an unknown key.
    """
    return task(key).widget()


def answer_key(lesson: str) -> Any:
    """Every answer, worked solution and model answer of one lesson, as Markdown (for the teacher).

    Rendered from :func:`~fifteen_kit.widgets.workbook.key.answers`, as the printable answer sheet is.
    Raises InvalidArgumentError for a lesson that is not one of :data:`LESSONS`.

    >>> "**01.q2.**" in answer_key("01").data
    True
    """
    from IPython.display import Markdown

    lines = [f"# Lesson {lesson}: answer key", ""]
    for item in answers(lesson):
        lines.append(f"**{item.key}.** {item.question}")
        lines.append("")
        if item.kind == "exercise":
            lines.append(f"* Answer: **{item.answer}**" + (" (transfer)" if item.transfer else ""))
            if item.solution:
                lines.append(f"* Worked solution: {item.solution}")
        elif item.kind == "prediction":
            lines.append(f"* The kit's value: **{item.answer}** {item.unit}".rstrip())
        else:
            lines.append(f"* Model answer: {item.answer}")
            for point in item.points:
                lines.append(f"  * {point}")
        lines.append("")
    return Markdown("\n".join(lines))
