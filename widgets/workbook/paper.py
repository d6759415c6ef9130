"""A lesson on paper: what its printed worksheet needs beyond the questions, so that it works with no computer.

A lesson's questions are written for the notebook, where a board or a chart stands just above them.  On paper
there is none, so the record file (``lessonNN.toml``) says for each task what the sheet prints instead, and for
the lesson what a pupil without a computer must have in front of them:

* ``paper`` (in a ``[[task]]``): the question's words on the sheet, when the notebook's words point at something
  on the screen ("the board above");
* ``figure``: the name of a NAMED function of the lesson returning the picture (the kit's SVG or HTML) printed with
  the question: the position, board or chart it asks about;
* ``space``: lines of room to work in (the default depends on the kind of task); with ``draw = true`` the room
  is a blank box to draw in instead of lines;
* ``new_page = true``: the task starts a new page (so that it does not stand beside one whose answer it hints at);
* ``teacher``: words for the answer sheet beside the answer (what to read out, the numbers behind it);
* one ``[sheet]`` table: ``rules`` (the game's rules in brief, Markdown), ``words`` (the terms the lesson uses,
  each ``{ term = "...", meaning = "..." }``), ``[[sheet.box]]`` tables (a worked example or a method the
  questions need, printed before the task ``before``: ``title``, ``text``) and ``[[sheet.tally]]`` tables, one per
  class activity done on paper (``title``, ``columns``, ``rows``, ``note``, ``after``: the task it follows, and
  ``teacher``: what the class's result should be near, for the answer sheet).

Every text may hold ``{name}`` placeholders, filled from the lesson's NAMED values like the questions' texts.
:func:`on_paper` reads and checks it all; a mistake is a QuestionFileError naming the file and line.

>>> lesson = on_paper("06")
>>> lesson.tasks["06.q2"].words.startswith("Explore the tiny position in the picture")
True
>>> "policy" in dict(on_paper("04").words)
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError, QuestionFileError

from .core import Exercise, Player, Predict, Task, Why, _value
from .records import Record, _name, _read_file, _text, _Values, records

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

__all__ = ["Box", "PaperLesson", "PaperTask", "Tally", "default_space", "on_paper"]

_SHEET_FIELDS = ("rules", "words", "tally", "box")
_TALLY_FIELDS = ("title", "columns", "rows", "note", "after", "teacher")
_BOX_FIELDS = ("title", "text", "before")
_MAX_SPACE = 30


@dataclass(frozen=True)
class PaperTask:
    """One task as the worksheet prints it.

    Attributes:
        key: the task's key (``"06.q2"``).
        words: the question as printed (its ``paper`` words, else its notebook words).
        figure: the picture printed with it (SVG or HTML), or ``""``.
        space: lines of room to work in (0 to 30).
        draw: the room is a blank box to draw in, not lines.
        new_page: the task starts a new page.
        teacher: words for the answer sheet beside the answer, or ``""``.
    """

    key: str
    words: str
    figure: str
    space: int
    draw: bool = False
    new_page: bool = False
    teacher: str = ""


@dataclass(frozen=True)
class Tally:
    """A table for a class activity done on paper: ``rows`` empty rows under ``columns``, after task ``after``
    (``""``: at the end of the sheet)."""

    title: str
    columns: tuple[str, ...]
    rows: int
    note: str
    after: str
    teacher: str = ""


@dataclass(frozen=True)
class Box:
    """A worked example or a method the questions need, printed in a frame before task ``before``."""

    title: str
    text: str
    before: str


@dataclass(frozen=True)
class PaperLesson:
    """Everything a lesson's worksheet prints (see the module's docstring).

    Attributes:
        lesson: the lesson's two digits.
        rules: the rules in brief (Markdown), or ``""`` for a lesson that plays no game.
        words: ``(term, meaning)`` pairs, in the order the lesson uses them.
        tallies: the class activities' tables.
        tasks: each task's :class:`PaperTask`, by key, in the lesson's order.
        boxes: the worked examples and methods printed before tasks.
    """

    lesson: str
    rules: str
    words: tuple[tuple[str, str], ...]
    tallies: tuple[Tally, ...]
    tasks: Mapping[str, PaperTask]
    boxes: tuple[Box, ...] = ()


def default_space(item: Task) -> int:
    """Lines of room a task gets on paper when its record names no ``space``: 6 for an exercise (working), 5 for
    a why question, 8 for a player (on paper the pupil writes the player's rule in words), none for a prediction
    (it has its guess box).  ``item`` is an Exercise, Predict, Why or Player.

    >>> default_space(Why("04.w1", "Why?", "Because.", ["one", "two"]))
    5

    Raises InvalidArgumentError for anything but a lesson task.
    """
    if isinstance(item, Exercise):
        return 6
    if isinstance(item, Predict):
        return 0
    if isinstance(item, Why):
        return 5
    if isinstance(item, Player):
        return 8
    raise InvalidArgumentError("item must be a lesson task (an Exercise, Predict, Why or Player)",
                               input=type(item).__name__)


def _error(file: str, message: str, value: Any) -> QuestionFileError:
    return QuestionFileError(f"{file}, [sheet]: {message}", input=_check.short(value) if isinstance(value, str)
                             else value, position=f"{file}:sheet")


def _sheet_text(value: Any, what: str, file: str, values: _Values, record: Record) -> str:
    if not isinstance(value, str) or len(value) > 4000:
        raise _error(file, f"{what} must be a text in quotes (at most 4,000 characters)", value)
    return str(_value(_text(record, what, values, value)))


def _words(given: Any, file: str, values: _Values, record: Record) -> tuple[tuple[str, str], ...]:
    if not isinstance(given, list) or len(given) > 30:
        raise _error(file, 'words lists at most 30 terms, each { term = "...", meaning = "..." }', given)
    out = []
    for item in given:
        if not (isinstance(item, dict) and set(item) == {"term", "meaning"}):
            raise _error(file, 'each of the words is { term = "...", meaning = "..." }', item)
        out.append((_sheet_text(item["term"], "a term", file, values, record),
                    _sheet_text(item["meaning"], "a meaning", file, values, record)))
    return tuple(out)


def _tallies(given: Any, file: str, keys: list[str], values: _Values, record: Record) -> tuple[Tally, ...]:
    if not isinstance(given, list):
        raise _error(file, "write each tally as a [[sheet.tally]] table", given)
    out = []
    for item in given:
        unknown = sorted(set(item) - set(_TALLY_FIELDS)) if isinstance(item, dict) else ["?"]
        if unknown or not {"title", "columns", "rows"} <= set(item):
            raise _error(file, f"a [[sheet.tally]] has title, columns and rows (and may have note, after); "
                               f"not {unknown or 'without those'}", item)
        columns = item["columns"]
        if not (isinstance(columns, list) and 1 <= len(columns) <= 8 and all(isinstance(c, str) for c in columns)):
            raise _error(file, "a tally's columns are 1 to 8 texts", columns)
        rows = item["rows"]
        if not isinstance(rows, int) or isinstance(rows, bool) or not 1 <= rows <= 30:
            raise _error(file, "a tally's rows is a whole number from 1 to 30", rows)
        after = item.get("after", "")
        if after and after not in keys:
            raise _error(file, f"a tally's after names a task of this lesson (one of {', '.join(keys)})", after)
        out.append(Tally(_sheet_text(item["title"], "a tally's title", file, values, record),
                         tuple(_sheet_text(c, "a column", file, values, record) for c in columns), rows,
                         _sheet_text(item.get("note", ""), "a tally's note", file, values, record), after,
                         _sheet_text(item.get("teacher", ""), "a tally's teacher", file, values, record)))
    return tuple(out)


def _boxes(given: Any, file: str, keys: list[str], values: _Values, record: Record) -> tuple[Box, ...]:
    if not isinstance(given, list):
        raise _error(file, "write each box as a [[sheet.box]] table", given)
    out = []
    for item in given:
        if not isinstance(item, dict) or set(item) != set(_BOX_FIELDS):
            raise _error(file, f"a [[sheet.box]] has exactly {', '.join(_BOX_FIELDS)}", item)
        if item["before"] not in keys:
            raise _error(file, f"a box's before names a task of this lesson (one of {', '.join(keys)})",
                         item["before"])
        out.append(Box(_sheet_text(item["title"], "a box's title", file, values, record),
                       _sheet_text(item["text"], "a box's text", file, values, record), item["before"]))
    return tuple(out)


def _task(record: Record, item: Task, values: _Values) -> PaperTask:
    fields = record.fields
    words = str(_value(_text(record, "paper", values))) if "paper" in fields else str(_value(item.question))
    figure = ""
    if "figure" in fields:
        reference = _name(record, "figure", values) or ""
        drawn = values(reference)
        if not isinstance(drawn, str) or "<" not in drawn:
            raise record.error("figure", f"figure = {reference!r} must compute a picture (SVG or HTML text)",
                               reference)
        figure = str(drawn)
    space = fields.get("space", default_space(item))
    if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space <= _MAX_SPACE:
        raise record.error("space", f"space is a whole number of lines, 0 to {_MAX_SPACE}", space)
    for flag in ("draw", "new_page"):
        if not isinstance(fields.get(flag, False), bool):
            raise record.error(flag, f"{flag} is true or false", fields[flag])
    teacher = str(_value(_text(record, "teacher", values))) if "teacher" in fields else ""
    return PaperTask(record.key, words, figure, space, fields.get("draw", False), fields.get("new_page", False),
                     teacher)


def on_paper(lesson: str) -> PaperLesson:
    """What lesson ``lesson``'s worksheet prints besides its questions' boxes: the rules in brief, the words,
    the class activities' tallies, and each task's printed words, figure and room (see the module's docstring).

    Raises InvalidArgumentError for a lesson that is not one of the workbook's LESSONS, and QuestionFileError
    naming the file and line for a mistake in the record file's paper fields.
    """
    from . import LESSONS, tasks

    _check.choice(lesson, LESSONS, "the lesson")
    module = importlib.import_module(f"{__package__}.lesson{lesson}")
    values = _Values(module.NAMED)
    text, file = _read_file(lesson)
    sheet = tomllib.loads(text).get("sheet", {})
    found = records(lesson)
    keys = [r.key for r in found]
    blank = Record({}, {}, file)  # where a [sheet] text's placeholder mistakes are reported
    if not isinstance(sheet, dict) or set(sheet) - set(_SHEET_FIELDS):
        raise _error(file, f"[sheet] has only {', '.join(_SHEET_FIELDS)}", sorted(sheet) if isinstance(sheet, dict)
                     else sheet)
    boxes = _boxes(sheet.get("box", []), file, keys, values, blank)
    return PaperLesson(
        lesson,
        _sheet_text(sheet.get("rules", ""), "rules", file, values, blank),
        _words(sheet.get("words", []), file, values, blank),
        _tallies(sheet.get("tally", []), file, keys, values, blank),
        {r.key: _task(r, item, values) for r, item in zip(found, tasks(lesson), strict=True)}, boxes)
