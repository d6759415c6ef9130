"""Per lesson, a worksheet (its questions with room to answer, no answers) and an answer sheet.

Both come from the lesson's tasks (:func:`fifteen_kit.widgets.workbook.tasks`): the worksheet prints each
question with answer lines or a box, the answer sheet prints the answer key
(:func:`fifteen_kit.widgets.workbook.answers`, the same entries the teacher's Markdown key shows).  Tasks are
laid out on A4 pages by the height each needs (estimated in millimetres from its text and its answer area); the
browser tests check that no page overflows.

>>> len(worksheet("00").pages) >= 1 and len(answer_sheet("00").pages) >= 1
True
"""

from __future__ import annotations

from html import escape
from math import ceil

from fifteen_kit import _check
from fifteen_kit.answers import Choice
from fifteen_kit.results import task_label

from ..workbook import LESSON_TITLES, LESSONS, Answer, Exercise, Predict, Task, answers, tasks
from ..workbook.core import _value
from .page import Sheet, markdown, page, ruled_lines

__all__ = ["ANSWER_PAGE_MM", "PAGE_MM", "answer_sheet", "worksheet"]

#: The height on a page that tasks may fill, in millimetres (A4 less margins, heading and footer): a worksheet's
#: (whose heights are estimated closely) and an answer sheet's (whose worked solutions vary more).
PAGE_MM = 242
ANSWER_PAGE_MM = 232
_LINE_MM = 6.4  # one line of 13 pt text
_CHARS = 82  # characters in one line of 13 pt text across the page
_SMALL_LINE_MM = 5.6  # one line of 11.5 pt text (the answer sheet)
_SMALL_CHARS = 92


def _lines(text: str, chars: int) -> int:
    return sum(max(1, ceil(len(part) / chars)) for part in text.split("\n") if part.strip())


def _ask(item: Task) -> tuple[str, float]:
    # a task on the worksheet (question and room to answer) and its height in mm
    question = str(_value(item.question))
    head = (f'<div class="task"><div><span class="label">{task_label(item.key)}.</span> '
            f'<span class="q">{markdown(question).strip()}</span></div>')
    height = _lines(task_label(item.key) + ". " + question, _CHARS) * _LINE_MM + 5
    form = getattr(item, "form", None)
    if isinstance(form, Choice):
        tick = "My guess (tick one):" if isinstance(item, Predict) else "Tick one:"
        room = f'<div class="choices">{tick} ' + "".join(f'<span><span class="tick"></span>{escape(o)}</span>'
                                                 for o in form.options) + "</div>"
        height += ceil(sum(len(o) + 8 for o in form.options) / _CHARS) * 7 + 3
    elif isinstance(item, Exercise):
        room = '<div class="answer">Working:</div>' + ruled_lines(3)
        height += 7 + 3 * 9
    elif isinstance(item, Predict):
        room = ""
    else:
        room = ruled_lines(5)
        height += 5 * 9
    if isinstance(item, Predict):
        guess = "" if isinstance(form, Choice) else 'My guess: <span class="box" style="width:55mm"></span> &nbsp; '
        room += (f'<div class="answer" style="margin-top:2mm">{guess}'
                 "The kit's value: <span class=\"box\" style=\"width:45mm\"></span></div>")
        height += 15
    elif isinstance(item, Exercise):
        room += '<div class="answer" style="margin-top:2mm">Answer: <span class="box"></span></div>'
        height += 15
    return head + room + "</div>", height


def _pages(blocks: list[tuple[str, float]], budget: float) -> list[str]:
    pages: list[list[str]] = [[]]
    used = 0.0
    for html, height in blocks:
        if pages[-1] and used + height > budget:
            pages.append([])
            used = 0.0
        pages[-1].append(html)
        used += height
    return ["".join(p) for p in pages]


def worksheet(lesson: str) -> Sheet:
    """The worksheet of ``lesson`` (one of the workbook's LESSONS, ``"04"``): every question, no answers.

    Predictions get a box for the guess and one for the kit's value (copied from the notebook's reveal),
    exercises lines for working and an answer box, "why" questions lines; a choice lists its options with tick
    boxes.  Raises InvalidArgumentError for an unknown lesson.

    >>> worksheet("01").title == "Lesson 01 · worksheet"
    True
    """
    _check.choice(lesson, LESSONS, "the lesson")
    title = f"Lesson {lesson} · worksheet"
    intro = ('<p style="font-size:14pt">Name(s): ________________________________ &nbsp; Date: ____________</p>'
             '<p class="sub">Work with the lesson\'s notebook open: a question about a board, chart or table means '
             "the one in the notebook. Write each guess before the notebook shows the answer.</p>")
    bodies = _pages([(intro, 22.0)] + [_ask(item) for item in tasks(lesson)], PAGE_MM)
    return Sheet(f"lesson-{lesson}-worksheet", title,
                 tuple(page(title, body, LESSON_TITLES[lesson]) for body in bodies))


def _answer(item: Answer) -> tuple[str, float]:
    # a task on the answer sheet and its height in mm
    unit = f" {escape(item.unit)}" if item.unit else ""
    parts = [f'<div class="task" style="font-size:11.5pt"><div><span class="label">{task_label(item.key)} '
             f'({item.key}).</span> <span class="q">{markdown(item.question).strip()}</span></div>']
    text = item.question
    if item.kind == "why":
        parts.append(f'<div class="answer"><strong>Model answer:</strong> {markdown(item.answer)}'
                     "<strong>Key points:</strong><ul>"
                     + "".join(f"<li>{markdown(p).strip()}</li>" for p in item.points) + "</ul></div>")
        text += "\n" + item.answer + "\nKey points:\n" + "\n".join(item.points)
        extra = 2 + len(item.points)
    else:
        what = "Answer" if item.kind == "exercise" else "The kit's value"
        transfer = " (a transfer question: new to the pupils)" if item.transfer else ""
        parts.append(f'<div class="answer"><strong>{what}: {escape(item.answer)}{unit}</strong>{transfer}</div>')
        text += "\n" + what + item.answer
        extra = 1
        if item.solution:
            parts.append(f'<div class="answer"><strong>Worked solution:</strong> {markdown(item.solution)}</div>')
            text += "\n" + item.solution
            extra += 2
    height = (_lines(text, _SMALL_CHARS) + extra) * _SMALL_LINE_MM + 5
    return "".join(parts) + "</div>", height


def answer_sheet(lesson: str) -> Sheet:
    """The answer sheet of ``lesson`` (``"04"``): each question with its answer, worked solution or model answer.

    Rendered from :func:`~fifteen_kit.widgets.workbook.answers`, the source of the teacher's Markdown key too.
    Raises InvalidArgumentError for an unknown lesson.

    >>> "Worked solution" in answer_sheet("00").html()
    True
    """
    _check.choice(lesson, LESSONS, "the lesson")
    title = f"Lesson {lesson} · answer sheet"
    intro = ('<p class="sub">For the teacher. Every answer is computed by the kit; predictions are never marked '
             "wrong: compare the guess with the kit's value and talk about the surprise.</p>")
    bodies = _pages([(intro, 14.0)] + [_answer(item) for item in answers(lesson)], ANSWER_PAGE_MM)
    return Sheet(f"lesson-{lesson}-answers", title,
                 tuple(page(title, body, LESSON_TITLES[lesson]) for body in bodies))
