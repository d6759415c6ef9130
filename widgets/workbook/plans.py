"""How long a lesson takes a pair, part by part: the core path, the 50-minute plan and the extension.

Every lesson is cut into *parts* (``plans.toml``, beside this file): each names where it starts in the notebook,
which path it is on, the minutes the teacher's plan gives it and what the teacher does meanwhile.

* ``core``: what every pair does.  The core parts, launch and hand-in included, fit in 35 minutes, so a
  45-minute period has ten minutes to spare (a slow start, a class discussion).
* ``fifty``: added in a 50-minute period (core and fifty parts together: at most 40 minutes).
* ``extension``: for pairs who finish early, or homework.

A part's minutes are checked against an estimate the kit computes from the notebook (:func:`estimate`): its
words read at :data:`MODEL` ``words_per_minute`` (two pupils reading one screen and talking it over), a fixed
time per prediction, exercise and why question, a little per code cell, and the board time the plan gives
(``play``).  The model was fitted to timed pupil trials of whole lessons (``[[trial]]`` in ``plans.toml``), and
the trials of the core paths are checked against the plan (tests/test_plans.py).

``python -m fifteen_kit.widgets.workbook.plans`` writes what follows from the plan, so that the notebook, the
guide and the plan never disagree (``make lessons`` runs it; tests/test_plans.py fails when one is stale):

* in each lesson notebook, a mark at the start of every part (``▶ **Core** · about 6 min``) and the
  introduction's **Time.** line;
* in each lesson's teacher page, the tables of the 45-minute plan and the 50-minute variant, and the list of
  the extension's parts;
* in the start page's table of lessons, each lesson's core minutes.

>>> parts = plan("02")
>>> [p.path for p in parts][:2], sum(p.minutes for p in parts if p.path == "core") <= CORE_MINUTES
(['core', 'core'], True)
>>> mark(parts[1])
'▶ **Core** · about 6 min'
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError, QuestionFileError

from .records import records, tomllib

__all__ = ["COLLECT", "CORE_MINUTES", "FIFTY_MINUTES", "MARK", "MODEL", "PATHS", "ClassPart", "Part", "Trial",
           "cells_of", "class_work", "estimate", "main", "mark", "plan", "plan_tables", "time_line", "trials",
           "write_guide", "write_notebook"]

#: Minutes of a 45-minute period the core path may take, launch and hand-in included.
CORE_MINUTES = 35
#: Minutes of a 50-minute period the core and fifty parts may take together.
FIFTY_MINUTES = 40
#: The paths a part may be on, in the words a pupil sees on its mark.
PATHS = {"core": "Core", "fifty": "50-minute plan", "extension": "Extension"}
#: How a mark starts: a line of its own, so the writer finds and replaces it.
MARK = "▶ "
_FILE = Path(__file__).resolve().with_name("plans.toml")
_ROOT = Path(__file__).resolve().parents[2]
_WORDS = re.compile(r"\w+")
_ASK = re.compile(r'ask\("(\d\d\.([pqw])\d+)"\)')


@dataclass(frozen=True)
class Part:
    """One part of a lesson's plan (a ``[[part]]`` table of ``plans.toml``).

    Attributes: ``lesson`` ("02"); ``title`` (the teacher's name for it); ``path`` (one of :data:`PATHS`);
    ``starts``: text of the notebook cell where the part begins ("" for a part away from the laptop);
    ``minutes`` (the plan's, whole minutes); ``play``: minutes of board play in it; ``teacher``: what happens
    (Markdown, the plan's middle column); ``fixed``: the minutes are the teacher's (launch, hand-in, work away
    from the laptop), not estimated.
    """

    lesson: str
    title: str
    path: str
    starts: str
    minutes: int
    teacher: str
    play: float = 0.0
    fixed: bool = False


@dataclass(frozen=True)
class Trial:
    """A timed trial of one lesson, worked as pupils would (a ``[[trial]]`` table of ``plans.toml``).

    ``minutes`` maps a part's title to the minutes it took; ``who`` says who worked it, and where.
    """

    lesson: str
    who: str
    minutes: dict[str, float]


#: The estimate's constants (``[model]`` in plans.toml): minutes per task kind, per code cell, reading speed.
MODEL: dict[str, float] = {}


@dataclass(frozen=True)
class ClassPart:
    """Class work after the hand-in (a ``[[class]]`` table of ``plans.toml``): the teacher shows the class's
    collected results on the projector.  It comes after collecting, when the files or codes are in; a period
    without the room for it makes it the next lesson's opener.  ``minutes`` whole minutes; ``teacher`` Markdown."""

    lesson: str
    title: str
    minutes: int
    teacher: str


#: The minutes a teacher needs to collect a class's results (``[collect]`` in plans.toml): every plan gives
#: them a row of their own after the hand-in, before any class work that needs the results.
COLLECT: dict[str, Any] = {}


@cache
def _class_work() -> tuple[ClassPart, ...]:
    data = tomllib.loads(_FILE.read_text(encoding="utf-8"))
    found = []
    for n, table in enumerate(data.get("class", []), 1):
        if set(table) != set(ClassPart.__dataclass_fields__):
            raise QuestionFileError(f"{_FILE.name}: [[class]] {n} has the fields lesson, title, minutes, teacher",
                                    input=table)
        found.append(ClassPart(**table))
    COLLECT.update(data["collect"])
    return tuple(found)


def class_work(lesson: str) -> list[ClassPart]:
    """The class work of lesson ``lesson`` after the hand-in (the class tally of lessons 04 and 05), in order.

    >>> [c.title for c in class_work("04")]
    ['The class tally']
    """
    _check.text(lesson, 2, "the lesson", empty=False)
    return [c for c in _class_work() if c.lesson == lesson]


@cache
def _load() -> tuple[dict[str, float], tuple[Part, ...], tuple[Trial, ...]]:
    text = _FILE.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise QuestionFileError(f"{_FILE.name}: {exc}", input=_FILE.name) from None
    model = {k: float(v) for k, v in data["model"].items()}
    parts = []
    for n, table in enumerate(data.get("part", []), 1):
        unknown = set(table) - {f for f in Part.__dataclass_fields__}
        if unknown or table.get("path") not in PATHS:
            raise QuestionFileError(f"{_FILE.name}: part {n} ({table.get('title')!r}) has unknown fields "
                                    f"{sorted(unknown)} or a path not in {sorted(PATHS)}", input=table)
        parts.append(Part(**table))
    found = tuple(Trial(t["lesson"], t["who"], dict(t["minutes"])) for t in data.get("trial", []))
    return model, tuple(parts), found


def plan(lesson: str) -> list[Part]:
    """The parts of lesson ``lesson`` ("02"), in the order a pair meets them.

    Raises InvalidArgumentError for a lesson with no plan.

    >>> [p.title for p in plan("02")][0]
    'Launch'
    """
    _check.text(lesson, 2, "the lesson", empty=False)
    parts = [p for p in _load()[1] if p.lesson == lesson]
    if not parts:
        raise InvalidArgumentError("no plan for that lesson in plans.toml", input=lesson)
    return parts


def trials(lesson: str | None = None) -> list[Trial]:
    """The timed trials recorded in plans.toml, of one lesson or all.

    >>> all(t.minutes for t in trials())
    True
    """
    return [t for t in _load()[2] if lesson is None or t.lesson == lesson]


MODEL.update(_load()[0])


def _notebook(lesson: str) -> Path:
    (path,) = sorted((_ROOT / "lessons").glob(f"{lesson}_*.ipynb"))
    return path


def _source(cell: Any) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _unmarked(text: str) -> str:
    # a markdown cell's text without the plan's lines (its mark, the Time line)
    return "\n".join(line for line in text.splitlines() if not line.startswith((MARK, "**Time.**")))


def cells_of(lesson: str, notebook: dict[str, Any] | None = None) -> list[tuple[Part, list[dict[str, Any]]]]:
    """Each part of the lesson with the notebook cells it holds, from its ``starts`` to the next part's.

    A part away from the laptop (``starts = ""``) holds no cell.  Raises InvalidArgumentError when a part's
    ``starts`` is found in no cell, or parts start out of order.

    >>> [len(cells) > 0 for part, cells in cells_of("02")][:3]
    [True, True, True]
    """
    nb = notebook if notebook is not None else json.loads(_notebook(lesson).read_text(encoding="utf-8"))
    cells = nb["cells"]
    starts: list[int] = []
    for part in plan(lesson):
        if not part.starts:
            starts.append(starts[-1] if starts else 0)
            continue
        at = [i for i, c in enumerate(cells) if part.starts in _source(c)]
        if len(at) != 1:
            raise InvalidArgumentError(f"part {part.title!r} must start in exactly one cell; found {len(at)}",
                                       input=part.starts)
        if starts and at[0] < starts[-1]:
            raise InvalidArgumentError(f"part {part.title!r} starts before the part above it", input=part.starts)
        starts.append(at[0])
    # a part ends where the next part in the notebook starts (a part away from the laptop holds no cell)
    placed = [s for s, p in zip(starts, plan(lesson), strict=True) if p.starts]
    ends = [min([x for x in placed if x > s] or [len(cells)]) for s in starts]
    out = []
    for part, start, end in zip(plan(lesson), starts, ends, strict=True):
        out.append((part, cells[start:end] if part.starts else []))
    return out


@cache
def _questions(lesson: str) -> dict[str, str]:
    return {r.fields["key"]: str(r.fields.get("question", "")) for r in records(lesson)}


def estimate(part: Part, cells: Sequence[dict[str, Any]]) -> float:
    """The minutes a pair needs for ``part`` holding ``cells`` (see the module's text), in minutes.

    >>> part, cells = cells_of("02")[2]
    >>> round(estimate(part, cells), 1) <= part.minutes
    True
    """
    m = MODEL
    minutes = part.play
    for cell in cells:
        text = _source(cell)
        if cell["cell_type"] == "markdown":
            minutes += len(_WORDS.findall(_unmarked(text))) / m["words_per_minute"]
            continue
        asked = _ASK.search(text)
        if asked:
            kind = {"p": "prediction", "q": "exercise", "w": "why"}[asked.group(2)]
            question = _questions(part.lesson).get(asked.group(1), "")
            minutes += m[kind] + len(_WORDS.findall(question)) / m["words_per_minute"]
        elif "pip install" not in text and "export_results" not in text:
            minutes += m["code_cell"]
    return minutes


def mark(part: Part) -> str:
    """The line a pupil sees where ``part`` starts in the notebook.

    >>> mark(plan("02")[0])
    '▶ **Core** · about 4 min'
    """
    line = f"{MARK}**{PATHS[part.path]}** · about {part.minutes} min"
    if part.path == "fifty":
        return line + ": in a 45-minute period, go on at the next ▶ **Core** mark."
    if part.path == "extension":
        return line + ", for pairs who finish early; otherwise go on at the next ▶ **Core** mark."
    return line


def time_line(lesson: str) -> str:
    """The introduction's **Time.** line: the minutes of the core path and of the 50-minute plan.

    >>> time_line("02").startswith("**Time.** The core path (parts marked ▶ **Core**) takes ")
    True
    """
    parts = plan(lesson)
    core = sum(p.minutes for p in parts if p.path == "core")
    fifty = core + sum(p.minutes for p in parts if p.path == "fifty")
    extension = sum(p.minutes for p in parts if p.path == "extension")
    line = (f"**Time.** The core path (parts marked ▶ **Core**) takes {core} minutes of a 45-minute period, "
            "starting and handing in included.")
    if fifty > core:
        line += f" A 50-minute period adds the parts marked ▶ **50-minute plan** ({fifty} minutes in all)."
    if extension:
        line += (f" The parts marked ▶ **Extension** (about {extension} minutes) are for pairs who finish early, "
                 "or for homework.")
    return line + (" Start with **▶ Run this lesson**, the first button above the page (or **Run ▸ Run All Cells**): "
                   "it ends at the bottom of the page, so scroll back up to start.")


def _marked(text: str, line: str) -> str:
    # the cell's text with its mark replaced by ``line``: after a heading, else first
    rest = [x for x in text.split("\n") if not x.startswith(MARK)]
    at = 1 if rest and rest[0].startswith("#") else 0
    if at:
        body = rest[1:]
        while body and not body[0].strip():
            body = body[1:]
        return "\n".join([rest[0], "", line, "", *body]).rstrip("\n")
    body = rest
    while body and not body[0].strip():
        body = body[1:]
    return "\n".join([line, "", *body]).rstrip("\n")


_ROW = re.compile(r"^(\| (\d\d) \|.*\| )\d+ min \|$", re.M)


def _core(lesson: str) -> int:
    return sum(p.minutes for p in plan(lesson) if p.path == "core")


def write_notebook(lesson: str, notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` with every part's mark and the **Time.** line written from the plan (changed in place).

    A part that starts at a code cell gets a markdown cell of its own above it (id ``plan-NN-K``).
    """
    cells = notebook["cells"]
    # first every mark goes (a part may start elsewhere than it did), with the cells that held only a mark
    for cell in cells:
        if cell["cell_type"] == "markdown" and MARK in _source(cell):
            cell["source"] = "\n".join(x for x in _source(cell).split("\n") if not x.startswith(MARK)).strip("\n")
            if cell["source"].startswith("#") and "\n\n\n" in cell["source"]:
                cell["source"] = cell["source"].replace("\n\n\n", "\n\n", 1)
    cells[:] = [c for c in cells if c["cell_type"] != "markdown" or _source(c).strip()]
    for n, (part, held) in enumerate(cells_of(lesson, notebook)):
        if not held:
            continue
        first = held[0]
        if first["cell_type"] == "markdown":
            first["source"] = _marked(_source(first), mark(part))
            continue
        at = next(i for i, c in enumerate(cells) if c is first)
        cells.insert(at, {"cell_type": "markdown", "id": f"plan-{lesson}-{n}", "metadata": {}, "source": mark(part)})
    for cell in cells:  # the start page's table of lessons: each lesson's core path, in minutes
        if cell["cell_type"] == "markdown" and "| Core path |" in _source(cell):
            cell["source"] = _ROW.sub(lambda m: f"{m.group(1)}{_core(m.group(2))} min |", _source(cell))
    intro = cells[0]
    lines = _source(intro).split("\n")
    found = [i for i, x in enumerate(lines) if x.startswith("**Time.**")]
    if found:
        end = found[0] + 1
        while end < len(lines) and lines[end].strip() and not lines[end].startswith("**"):
            end += 1
        lines[found[0]:end] = [time_line(lesson)]
    intro["source"] = "\n".join(lines)
    return notebook


def _keys(cells: Sequence[dict[str, Any]]) -> list[str]:
    return [m.group(1) for c in cells if c["cell_type"] == "code" for m in _ASK.finditer(_source(c))]


def _laptop(cells: Sequence[dict[str, Any]]) -> str:
    keys = _keys(cells)
    boards = sum(1 for c in cells if c["cell_type"] == "code" and re.search(r"(Board|Study|gallery|Hunt|Pad)\(",
                                                                              _source(c)))
    said = ["open, Run All"] if any("pip install" in _source(c) for c in cells) else []
    said += [", ".join(keys)] if keys else []
    if boards:
        said.append("a board" if boards == 1 else f"{boards} boards")
    if any("export_results" in _source(c) for c in cells):
        said.append("Save my results")
    return "; ".join(said) or "-"


def _rows(lesson: str, paths: tuple[str, ...], period: int) -> list[str]:
    rows, at = [], 0
    for part, cells in cells_of(lesson):
        if part.path not in paths:
            continue
        rows.append(f"| {at}-{at + part.minutes} | {part.teacher.strip()} | {_laptop(cells)} |")
        at += part.minutes
    class_work(lesson)  # (reads the [collect] table too)
    collect = int(COLLECT["minutes"])
    rows.append(f"| {at}-{at + collect} | {COLLECT['teacher'].strip()} | - |")
    at += collect
    for work in class_work(lesson):
        if at + work.minutes <= period:
            rows.append(f"| {at}-{at + work.minutes} | {work.teacher.strip()} | - |")
            at += work.minutes
        else:
            rows.append(f"| next lesson, 0-{work.minutes} | **Next lesson's opener.** {work.teacher.strip()} | - |")
    later = [(p, c) for p, c in cells_of(lesson) if p.path not in paths]
    extra = ", ".join(k for _, c in later for k in _keys(c))
    spare = (f"| {at}-{period} | **Spare time.** A class discussion, a slow start made up, or pairs who are done go "
             "on to the parts marked ▶ **Extension**" + (f" ({extra})" if extra else "") + " and press **Save my "
             "results** again. |" + " - |")
    if at < period:
        rows.append(spare)
    return rows


def plan_tables(lesson: str) -> dict[str, str]:
    """The guide's plan tables for ``lesson``, Markdown: ``{"45": ..., "50": ..., "extension": ...}`` (the last a
    list of the extension's parts).

    >>> plan_tables("02")["45"].splitlines()[0]
    '| minute | what happens | on the laptop |'
    """
    head = ["| minute | what happens | on the laptop |", "|---|---|---|"]
    extension = [f"* **{part.title}** (about {part.minutes} min; {_laptop(cells)}): {part.teacher.strip()}"
                 for part, cells in cells_of(lesson) if part.path == "extension"]
    class_work(lesson)
    stalls = "\n\n" + COLLECT["stalls"].strip()
    return {"45": "\n".join(head + _rows(lesson, ("core",), 45)) + stalls,
            "50": "\n".join(head + _rows(lesson, ("core", "fifty"), 50)) + stalls,
            "extension": "\n".join(extension) or "* none: every part is on the core path or the 50-minute plan."}


_TABLE = re.compile(r"(<!-- plan (45|50|extension): written by `make lessons` from widgets/workbook/plans\.toml -->\n)"
                    r"(.*?)(\n<!-- /plan -->)", re.S)


def write_guide(lesson: str, text: str) -> str:
    """The teacher page ``text`` with its plan tables (between ``<!-- plan 45 ... -->`` and ``<!-- /plan -->``)
    written from the plan."""
    tables = plan_tables(lesson)
    return _TABLE.sub(lambda m: m.group(1) + tables[m.group(2)] + m.group(4), text)


def main(argv: list[str]) -> int:
    """Write the marks into the lessons and the tables into their teacher pages; ``--check`` only names the
    stale files (exit 1 if any)."""
    check = "--check" in argv
    stale = []
    for path in sorted((_ROOT / "lessons").glob("0*.ipynb")):
        lesson = path.name[:2]
        if not [p for p in _load()[1] if p.lesson == lesson]:
            continue
        import nbformat  # a tool of the checkout (make lessons): nbformat writes the file as Jupyter does

        raw = path.read_text(encoding="utf-8")
        notebook = write_notebook(lesson, nbformat.reads(raw, as_version=4))
        new = nbformat.writes(nbformat.from_dict(notebook)) + "\n"
        page = _ROOT / "lessons" / "teacher_guide" / f"{path.stem}.md"
        guide = write_guide(lesson, page.read_text(encoding="utf-8"))
        for file, before, after in ((path, raw, new), (page, page.read_text(encoding="utf-8"), guide)):
            if before != after:
                stale.append(file)
                if not check:
                    file.write_text(after, encoding="utf-8")
                    print(f"wrote {file.relative_to(_ROOT)}")
    if check and stale:
        print("stale (run `make lessons`):", *(str(f.relative_to(_ROOT)) for f in stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
