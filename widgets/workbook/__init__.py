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

from .core import Exercise, Player, Predict, Task, Why, _value
from .key import Answer, answers

__all__ = ["LESSONS", "LESSON_TITLES", "Answer", "Exercise", "Player", "Predict", "Task", "Why", "answer_key",
           "answer_key_text", "answers", "ask", "task", "tasks"]

#: The lessons that have tasks, as two-digit numbers.
LESSONS = ("00", "01", "02", "03", "04", "05", "06", "07")
#: Each lesson's title, as the start page's table of lessons names it.
LESSON_TITLES = {"00": "Start here", "01": "The magic square behind the game", "02": "Perfect play",
                 "03": "Counting to 15", "04": "Dice and risk", "05": "Fifteens patience", "06": "Search in 5x15",
                 "07": "Your own computer player"}


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


def _reveal_text(item: Predict) -> str:
    # the reveal's own words when it is Markdown (its charts and boards are left to the notebook)
    import contextlib
    import html
    import io
    import re

    from IPython.display import Markdown

    from fifteen_kit.svg import HTML

    if item.reveal is None:
        return ""
    with contextlib.redirect_stdout(io.StringIO()):  # a reveal that displays a chart prints it outside a notebook
        revealed = item.reveal()

    def said(shown: object) -> str:
        if type(shown) is str:  # the words a prediction shows after the guess (its record's ``after``)
            return shown.strip()
        if isinstance(shown, Markdown) and isinstance(shown.data, str):
            return shown.data.strip()
        if isinstance(shown, HTML):  # the kit's own HTML: its words, one line per block, pictures left out
            text = re.sub(r"(?is)<(svg|style|script)\b.*?</\1>", " ", shown)
            text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"(?i)<br\s*/?>|</(p|li|div|tr|h\d)>", "\n", text)))
            lines = [" ".join(line.split()).replace(" .", ".") for line in text.splitlines()]
            return "\n".join(f"- {line}" for line in lines if line)
        return "(The reveal is a chart: see it in the lesson.)" if shown is not None else ""

    items = revealed if type(revealed) is tuple else (revealed,)
    return "\n\n".join(text for text in map(said, items) if text)


def _indented(text: str) -> str:
    # continuation lines of a list item, indented so that Markdown keeps them in the item
    return "\n".join(line if not line or i == 0 else f"  {line}" for i, line in enumerate(text.splitlines()))


def answer_key_text(lesson: str, reveals: bool = False) -> str:
    """Every answer, worked solution and model answer of one lesson, as Markdown text (for the teacher guide),
    rendered from :func:`~fifteen_kit.widgets.workbook.key.answers`, as the printable answer sheet is.

    With ``reveals``, each prediction also gets what its reveal says (slow for lessons 04 to 06: it runs their
    studies), and each exercise the slips its checker names.
    Raises InvalidArgumentError for a lesson that is not one of :data:`LESSONS`.

    >>> print(answer_key_text("00").splitlines()[0])
    # Lesson 00: answer key
    """
    _check.flag(reveals, "reveals")
    lines = [f"# Lesson {lesson}: answer key", ""]
    for item, source in zip(answers(lesson), tasks(lesson), strict=True):
        lines.append(f"**{item.key}.** {item.question}")
        lines.append("")
        if item.kind == "exercise":
            lines.append(f"* Answer: **{item.answer}**" + (" (transfer)" if item.transfer else ""))
            if item.solution:
                lines.append(f"* Worked solution: {_indented(item.solution)}")
            if reveals and isinstance(source, Exercise):
                slips = source.slips() if callable(source.slips) else source.slips
                for value, why in slips.items():
                    lines.append(f"* A usual slip: {source.form.show(value)} ({why})")
        elif item.kind == "prediction":
            lines.append(f"* The kit's value: **{item.answer}** {item.unit}".rstrip())
            if reveals and isinstance(source, Predict) and (said := _reveal_text(source)):
                lines += ["* What the reveal shows:", "", *(f"  {line}".rstrip() for line in said.splitlines())]
        elif item.kind == "player":
            lines.append("* Answer: any player that runs; an example:" if item.answer else
                         "* Answer: any player that runs.")
            if item.answer:
                lines += ["", "  ```python", *(f"  {line}".rstrip() for line in item.answer.splitlines()), "  ```"]
                if isinstance(source, Player) and (scored := _model_score(source)):
                    lines += ["", f"  {scored}"]
        else:
            lines.append(f"* Model answer: {_indented(item.answer)}")
            for point in item.points:
                lines.append(f"  * {point}")
        lines.append("")
    return "\n".join(lines)


def _model_score(item: Player) -> str:
    # what the task's example player scores on the task's own series, beside the kit's players (the example is
    # the record file's text, written by the teacher, not a pupil's)
    from fifteen_kit.errors import FifteenKitError
    from fifteen_kit.pupil_players import Game
    from fifteen_kit.series import try_player

    from ..player_lab import load_player

    try:
        game: Game = "dice" if item.game == "dice" else "fifteens"
        series = try_player(load_player(str(_value(item.model))), game, games=item.games, seed=item.seed)
    except FifteenKitError as err:
        return f"The example does not play: {err}"
    unit = "points per turn" if item.game == "dice" else "games won"
    shown = [f"{row.name} {row.mean:.2f}" if item.game == "dice" else f"{row.name} {row.mean:.0%}"
             for row in series.rows]
    return f"On the task's {item.games} games ({unit}): " + ", ".join(shown) + "."


def answer_key(lesson: str) -> Any:
    """Every answer, worked solution and model answer of one lesson, as Markdown (for the teacher).

    Raises InvalidArgumentError for a lesson that is not one of :data:`LESSONS`.

    >>> "**01.q2.**" in answer_key("01").data
    True
    """
    from IPython.display import Markdown

    return Markdown(answer_key_text(lesson))
