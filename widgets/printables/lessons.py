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

import functools
import itertools
import re
from html import escape
from math import ceil

from fifteen_kit import _check
from fifteen_kit.answers import Choice
from fifteen_kit.results import task_label

from ..workbook import LESSON_TITLES, LESSONS, Answer, Exercise, Player, Predict, Task, answers, tasks
from ..workbook.paper import Box, PaperLesson, PaperTask, Tally, on_paper
from .page import Sheet, markdown, page, ruled_lines

__all__ = ["ANSWER_PAGE_MM", "PAGE_MM", "answer_sheet", "page_use", "worksheet"]

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


_PX_MM = 25.4 / 96  # one CSS pixel in millimetres
_FIGURE_MM = 120.0  # the tallest a figure is printed (a taller one is scaled down to this)
_SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')
_BOX_WIDTH_MM = 160.0  # the room across a page for a figure (inside the margins, the indent and the figures' gaps)


def _figure(figure: str) -> tuple[str, float]:
    # the figure as printed (scaled down to fit the page) and its height in mm
    if not figure:
        return "", 0.0
    sizes = [(float(w), float(h)) for w, h in _SVG_SIZE.findall(figure)] or [(400.0, 200.0)]
    # drawings side by side (fifteen_kit.svg.side_by_side): their widths add up, with a gap after each
    wide = (sum(w + 24 for w, _ in sizes) if "<figure" in figure else max(w for w, _ in sizes)) * _PX_MM
    tall = max(h for _, h in sizes) * _PX_MM + (7 if "figcaption" in figure else 0)
    scale = min(1.0, _BOX_WIDTH_MM / wide, _FIGURE_MM / tall)
    style = f"zoom:{scale:.3f};" if scale < 1 else ""
    return f'<div class="figure" style="margin:2mm 0 2mm 6mm;{style}">{figure}</div>', tall * scale + 4


def _ask(item: Task, paper: PaperTask) -> tuple[str, float]:
    # a task on the worksheet (question, its figure and room to answer) and its height in mm
    label = task_label(item.key)
    head = (f'<div class="task"><div><span class="label">{label}.</span> '
            f'<span class="q">{markdown(paper.words).strip()}</span></div>')
    height = _lines(label + ". " + paper.words, _CHARS) * _LINE_MM + 3
    figure, tall = _figure(paper.figure)
    head += figure
    height += tall
    form = getattr(item, "form", None)
    room = ""
    if isinstance(form, Choice):
        tick = "My guess (tick one):" if isinstance(item, Predict) else "Tick one:"
        # a prediction's box for the true value follows its options on the same line when there is room
        true = ('<span style="white-space:nowrap">The true value: <span class="box" style="width:40mm"></span>'
                "</span>" if isinstance(item, Predict) else "")
        room = (f'<div class="choices">{tick} ' + "".join(f'<span><span class="tick"></span>{escape(o)}</span>'
                                                        for o in form.options) + true + "</div>")
        length = len(tick) + sum(len(o) + 8 for o in form.options)
        lines = ceil(length / _CHARS) + (1 if true and length % _CHARS > _CHARS - 32 else 0)
        height += lines * 7 + 3 + (6 if true else 0)
    if paper.space:
        room += '<div class="answer">Working:</div>' if isinstance(item, (Exercise, Predict)) else ""
        room += '<div class="answer">My player\'s rule, in words:</div>' if isinstance(item, Player) else ""
        room += (f'<div class="draw" style="height:{paper.space * 9}mm"></div>' if paper.draw
                 else ruled_lines(paper.space))
        labelled = isinstance(item, (Exercise, Predict, Player))
        height += paper.space * 9 + (7 if labelled else 0) + (3 if paper.draw else 0)
    if isinstance(item, Predict) and not isinstance(form, Choice):
        room += ('<div class="answer" style="margin-top:2mm">My guess: <span class="box" style="width:55mm"></span> '
                 '&nbsp; The true value: <span class="box" style="width:45mm"></span></div>')
        height += 15
    elif isinstance(item, Exercise):
        room += '<div class="answer" style="margin-top:2mm">Answer: <span class="box"></span></div>'
        height += 15
    return head + room + "</div>", height


#: The worksheet's own style: the words as a compact two-column list, tally rows of 8 mm, figures kept whole.
_STYLE = ("<style>table.words th, table.words td { text-align: left; height: auto; padding: 1mm 2mm; "
          "font-size: 11.5pt; vertical-align: top; } table.words th { width: 36mm; } table.words p { margin: 0; } "
          "table.tally td { height: 8mm; padding: 0; } .figure { break-inside: avoid; } "
          ".draw { border: 0.4mm solid #555555; margin: 1mm 0 0 6mm; } "
          ".note { border: 0.5mm solid #222222; padding: 2mm 4mm; margin: 0 0 5mm 0; } "
          ".note h2 { margin-top: 0; } .note p { margin: 1mm 0; } "
          ".brief ul { margin: 1mm 0; padding-left: 6mm; } .brief li { margin: 0 0 1.5mm 0; }</style>")


def _intro(paper: PaperLesson) -> list[tuple[str, float]]:
    # the sheet's head: names, how to use it, the rules in brief and the words the lesson uses
    blocks = [(_STYLE + '<p style="font-size:14pt">Name(s): ________________________________ &nbsp; '
               "Date: ____________</p>"
               '<p class="sub">Everything you need is on this sheet. Write each guess in its box before the answer '
               "is shown, then write the true value beside it.</p>", 22.0)]
    if paper.rules:
        blocks.append((f'<div class="brief"><h2>The rules in brief</h2>{markdown(paper.rules)}</div>',
                       12 + _lines(paper.rules, _CHARS) * _LINE_MM + 2 * paper.rules.count("\n* ")))
    if paper.words:
        rows = "".join(f"<tr><th>{escape(term)}</th><td>{markdown(meaning).strip()}</td></tr>"
                       for term, meaning in paper.words)
        blocks.append((f'<h2>Words</h2><table class="sheet words">{rows}</table>',
                       12 + sum(max(1, ceil(len(m) / 70)) * 5.4 + 3.6 for _, m in paper.words)))
    if sum(h for _, h in blocks) <= PAGE_MM:  # the rules and the words stay together on the first page
        return [("".join(html for html, _ in blocks), sum(h for _, h in blocks))]
    return blocks


def _tally(tally: Tally) -> tuple[str, float]:
    # a class activity's table: its title, a note, a header and empty rows to fill in
    head = "".join(f"<th>{escape(c)}</th>" for c in tally.columns)
    rows = ("<tr>" + "<td></td>" * len(tally.columns) + "</tr>") * tally.rows
    note = f'<p class="sub">{markdown(tally.note).strip()}</p>' if tally.note else ""
    html = (f'<div class="task"><h2>{escape(tally.title)}</h2>{note}'
            f'<table class="sheet tally"><tr>{head}</tr>{rows}</table></div>')
    return html, 16 + (_lines(tally.note, _CHARS) * 5.2 if tally.note else 0) + 10 + tally.rows * 8.6


def _box(box: Box) -> tuple[str, float]:
    # a worked example or method in a frame
    return (f'<div class="note"><h2>{escape(box.title)}</h2>{markdown(box.text)}</div>',
            18 + _lines(box.text, _CHARS - 6) * _LINE_MM + 2 * box.text.count("\n* "))


def _pages(blocks: list[tuple[str, float]], budget: float) -> list[list[int]]:
    # greedy: each block on the current page while it fits, else on a new one; the blocks' indices per page
    pages: list[list[int]] = [[]]
    used = 0.0
    for i, (_html, height) in enumerate(blocks):
        if pages[-1] and used + height > budget:
            pages.append([])
            used = 0.0
        pages[-1].append(i)
        used += height
    return pages


def _balanced(heights: list[float], budget: float) -> list[list[int]]:
    # the blocks (by height) on as few pages as the greedy layout needs, cut so that the fullest page is as
    # empty as it can be, so that no page is left with a few lines on it (blocks keep their order)
    greedy = _pages([("", h) for h in heights], budget)
    n = len(heights)

    @functools.cache
    def cut(start: int, pages: int) -> tuple[float, tuple[int, ...]]:
        # the least "fullest page" for blocks[start:] on ``pages`` pages, and where each page starts
        if pages == 1:
            total = sum(heights[start:])
            return (total if total <= budget else float("inf")), (start,)
        found: tuple[float, tuple[int, ...]] = (float("inf"), (start,))
        total = 0.0
        for end in range(start + 1, n - pages + 2):
            total += heights[end - 1]
            if total > budget:
                break
            rest, starts = cut(end, pages - 1)
            if max(total, rest) < found[0]:
                found = (max(total, rest), (start, *starts))
        return found

    worst, starts = cut(0, len(greedy))
    if worst == float("inf"):  # a block taller than a page: the greedy layout (the build reports the overflow)
        return greedy
    bounds = [*starts, n]
    return [list(range(a, b)) for a, b in itertools.pairwise(bounds)]


def _layout(lesson: str) -> tuple[list[str], list[float]]:
    # the worksheet's page bodies and each page's estimated height in mm
    _check.choice(lesson, LESSONS, "the lesson")
    paper = on_paper(lesson)
    segments = [_intro(paper)]  # runs of blocks; a task with new_page starts a new run (and a new page)
    for item in tasks(lesson):
        here = paper.tasks[item.key]
        if here.new_page:
            segments.append([])
        segments[-1] += [_box(b) for b in paper.boxes if b.before == item.key]
        segments[-1].append(_ask(item, here))
        segments[-1] += [_tally(t) for t in paper.tallies if t.after == item.key]
    segments[-1] += [_tally(t) for t in paper.tallies if not t.after]
    bodies: list[str] = []
    heights: list[float] = []
    for blocks in segments:
        pages = _balanced([h for _, h in blocks], PAGE_MM)
        bodies += ["".join(blocks[i][0] for i in p) for p in pages]
        heights += [sum(blocks[i][1] for i in p) for p in pages]
    return bodies, heights


def page_use(lesson: str) -> tuple[float, ...]:
    """How full each page of ``lesson``'s worksheet is, as estimated when it is laid out: a fraction of the room
    for tasks (0 to 1; the browser tests measure the printed pages).  Raises InvalidArgumentError for an unknown
    lesson.

    >>> min(page_use("04")) > 1 / 3
    True
    """
    return tuple(h / PAGE_MM for h in _layout(lesson)[1])


def worksheet(lesson: str) -> Sheet:
    """The worksheet of ``lesson`` (one of the workbook's LESSONS, ``"04"``): every question, no answers, and
    everything a pupil with no computer needs (:func:`~fifteen_kit.widgets.workbook.paper.on_paper`).

    The first page gives the rules in brief and the words the lesson uses; each question is printed with the
    position or board it asks about and room to work sized to it; predictions get a box for the guess and one
    for the true value (read out, or shown once the guess is written), exercises an answer box, "why" questions
    lines; a choice lists its options with tick boxes; a class activity done on paper gets its tally table.
    Pages are cut so that none is left nearly empty.  Raises InvalidArgumentError for an unknown lesson.

    >>> worksheet("01").title == "Lesson 01 · worksheet"
    True
    """
    title = f"Lesson {lesson} · worksheet"
    bodies, _ = _layout(lesson)
    return Sheet(f"lesson-{lesson}-worksheet", title,
                 tuple(page(title, body, LESSON_TITLES[lesson]) for body in bodies))


def _answer(item: Answer, paper: PaperTask, revealed: str) -> tuple[str, float]:
    # a task on the answer sheet (in the worksheet's words, with its picture) and its height in mm
    unit = f" {escape(item.unit)}" if item.unit else ""
    parts = [f'<div class="task" style="font-size:11.5pt"><div><span class="label">{task_label(item.key)} '
             f'({item.key}).</span> <span class="q">{markdown(paper.words).strip()}</span></div>']
    figure, tall = _figure(paper.figure)
    parts.append(figure)
    text = paper.words
    if item.kind == "why":
        parts.append(f'<div class="answer"><strong>Model answer:</strong> {markdown(item.answer)}'
                     "<strong>Key points:</strong><ul>"
                     + "".join(f"<li>{markdown(p).strip()}</li>" for p in item.points) + "</ul></div>")
        text += "\n" + item.answer + "\nKey points:\n" + "\n".join(item.points)
        extra = 2 + len(item.points)
    elif item.kind == "player":
        example = (f'<pre style="font-size:9.5pt;white-space:pre-wrap">{escape(item.answer)}</pre>' if item.answer
                   else "")
        parts.append('<div class="answer"><strong>Any rule that is played as written is an answer'
                     f'{"; an example player:" if item.answer else "."}</strong>{example}</div>')
        text += "\n" + item.answer
        extra = 1 + len(item.answer.splitlines())
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
    for heading, said in (("What the lesson shows after the guess", revealed), ("To read out", paper.teacher)):
        if said:  # (the lesson's tables in smaller type, so that their rows fit the page on one line each)
            parts.append(f'<div class="answer revealed"><strong>{heading}:</strong> '
                         f"{markdown(said)}</div>")
            text += "\n" + said
            extra += 1
    height = (_lines(text, _SMALL_CHARS) + extra) * _SMALL_LINE_MM + 5 + tall
    return "".join(parts) + "</div>", height


def _revealed(item: Task) -> str:
    # the words a prediction's reveal shows (its charts left out: the teacher reads the numbers in "To read out")
    from ..workbook import _reveal_text

    if not isinstance(item, Predict):
        return ""
    said = _reveal_text(item)
    return "\n".join(line for line in said.splitlines() if "The reveal is a chart" not in line).strip()


def answer_sheet(lesson: str) -> Sheet:
    """The answer sheet of ``lesson`` (``"04"``): each question in the worksheet's words (with its picture) and
    its answer, worked solution or model answer; for a prediction also what the lesson shows after the guess and
    the numbers to read out; for each class activity on paper what the class's result should come near.

    Rendered from :func:`~fifteen_kit.widgets.workbook.answers`, the source of the teacher's Markdown key too.
    Raises InvalidArgumentError for an unknown lesson.

    >>> "Worked solution" in answer_sheet("00").html()
    True
    """
    _check.choice(lesson, LESSONS, "the lesson")
    title = f"Lesson {lesson} · answer sheet"
    intro = ('<p class="sub">For the teacher. Every answer is computed by the kit; predictions are never marked '
             "wrong: compare the guess with the kit's value and talk about the surprise.</p>")
    paper = on_paper(lesson)
    intro += ("<style>.page .revealed { font-size: 10pt; margin-left: 0; } "
              ".revealed code, .answer code { word-break: break-all; } "
              ".page .revealed table:not(.sheet) { font-size: 8.5pt; }</style>")
    blocks = [(intro, 14.0)] + [_answer(entry, paper.tasks[entry.key], _revealed(item))
                                for entry, item in zip(answers(lesson), tasks(lesson), strict=True)]
    for tally in paper.tallies:
        if tally.teacher:
            blocks.append((f'<div class="task" style="font-size:11.5pt"><span class="label">The class activity '
                           f'"{escape(tally.title)}".</span> {markdown(tally.teacher)}</div>',
                           (_lines(tally.teacher, _SMALL_CHARS) + 2) * _SMALL_LINE_MM + 5))
    bodies = ["".join(blocks[i][0] for i in p) for p in _pages(blocks, ANSWER_PAGE_MM)]
    return Sheet(f"lesson-{lesson}-answers", title,
                 tuple(page(title, body, LESSON_TITLES[lesson]) for body in bodies))
