"""The teacher's view of a class's results: files uploaded or read from a folder, or pasted codes; tables; charts.

* :func:`gather` reads results files (from a folder or an upload widget) and pasted codes (:func:`split_codes`:
  many at once) into one :class:`~fifteen_kit.class_results.ClassResults` per lesson, with a list of what could
  not be read; a pupil found twice is kept twice, side by side, for the teacher to choose;
* :func:`class_table` is the class table (large type, for a projector or a teacher's screen): per question (named
  as on the worksheet, with its whole question) how many answered, were right first time and in the end, and the
  most common wrong answers; per prediction the kit's value beside the guesses; :func:`pupil_table` shows each
  pupil's exercises, and :func:`why_table` the "why" sentences grouped by question;
* the charts, each a matplotlib Figure in the kit's style: :func:`exercises_chart`, :func:`predictions_chart`,
  :func:`dice_chart` (lesson 04) and :func:`fifteens_chart` (lesson 05);
* :class:`ClassView`: the widget of the teacher notebook, with an upload button (it works in JupyterLite too), a
  folder box and a box for pasted codes;
* for a lesson where pairs handed in a player, the class tournament (:mod:`fifteen_kit.widgets.class_tournament`):
  the players run in sandboxes and a leaderboard with intervals, real differences and replays.

Whatever a pupil typed or a file holds is shown as text (escaped, isolated, never read as markup or maths), the
kit's values come from the kit, and a part of the report that fails says why while the rest still shows.

>>> import pathlib
>>> folder = pathlib.Path(__file__).parents[1] / "lessons" / "teacher" / "sample_results"
>>> found = gather(folder=folder)
>>> sorted(found.classes), found.problems
(['04', '05', '07'], [])
"""

from __future__ import annotations

import dataclasses
import functools
import pathlib
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w
from IPython.display import HTML, display

from fifteen_kit import _check
from fifteen_kit.class_results import ClassResults
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.results import HAND_PLAYED, PupilResults, from_code, from_json, task_label

__all__ = ["ClassView", "Gathered", "class_table", "dice_chart", "exercises_chart", "fifteens_chart",
           "follow_up", "gather", "predictions_chart", "pupil_table", "question_text", "split_codes", "truths",
           "why_table"]

_MAX_FILES = 500
_MAX_PASTE = 200_000


def _pupils(count: int) -> str:
    return f"{count} pupil or pair" if count == 1 else f"{count} pupils or pairs"


@dataclass
class Gathered:
    """What :func:`gather` read: one ClassResults per lesson (``classes``), a line per thing it could not read
    or that the teacher should look at (``problems``), where each pupil's results came from (``sources``:
    lesson -> name in the class -> a file's name or ``"code N"``), the pupils whose name was found more than once
    and all shown (``duplicates``: lesson -> the name as typed -> the names the copies have in the class, in
    order), and the names handed in more than once with the same results (``identical``: lesson -> name -> the
    copies' sources, in order; the first alone is shown unless the teacher chose to keep them all)."""

    classes: dict[str, ClassResults] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    sources: dict[str, dict[str, str]] = field(default_factory=dict)
    duplicates: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    identical: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def _same_hand_in(a: PupilResults, b: PupilResults) -> bool:
    # the same results handed in twice, say as a file and as a code: the same records, in any order, leaving out
    # what a code does not keep (a prediction's "truth", which is never used, and an exercise's last answer or a
    # "why" sentence, compared only where both copies hold one)
    def plain(results: PupilResults) -> dict[str, dict[str, Any]]:
        return {r["key"]: {k: v for k, v in r.items() if k != "truth" and (k != "answer" or r["kind"] == "prediction")}
                for r in results.records}

    if len(a.records) != len(b.records) or plain(a) != plain(b):
        return False
    answers = {r["key"]: r.get("answer", "") for r in a.records if r["kind"] in ("check", "why")}
    return all(answers[r["key"]] == r["answer"] or not answers[r["key"]].strip() or not r["answer"].strip()
               for r in b.records if r["kind"] in ("check", "why"))


def _upload_items(uploads: Any) -> list[tuple[str, bytes]]:
    # ipywidgets 8: a tuple of dicts with name and content; ipywidgets 7: a dict name -> {content}
    items = uploads.values() if isinstance(uploads, Mapping) else uploads
    out = []
    for item in _check.items(items, _MAX_FILES, "the uploaded files"):
        if not isinstance(item, Mapping) or "content" not in item:
            raise InvalidArgumentError("an uploaded file must have a name and a content", input=item)
        try:
            content = bytes(item["content"])
        except (TypeError, ValueError, OverflowError):
            raise InvalidArgumentError("an uploaded file's content must be bytes", input=item) from None
        out.append((str(item.get("name", "a file"))[:200], content))
    return out


def _folder(folder: Any) -> pathlib.Path:
    """``folder`` as a Path if it names an existing folder; InvalidArgumentError otherwise."""
    ok = isinstance(folder, pathlib.Path) or (isinstance(folder, str) and 0 < len(folder.strip()) <= 4096)
    try:
        ok = ok and pathlib.Path(folder).is_dir()
    except (OSError, ValueError):
        ok = False
    if not ok:
        raise InvalidArgumentError("the folder must be the path of an existing folder", input=_check.short(folder)
                                   if isinstance(folder, str) else folder)
    return pathlib.Path(folder)


#: Where a pasted code starts: ``F15`` (any case, spaces allowed) at the start of a line or after a space, comma
#: or semicolon, then a dash or space.  A code's own characters never hold a space or comma, so this cannot cut a
#: code that is typed in groups of five joined by dashes.
_CODE_START = re.compile(r"(?:(?<=^)|(?<=[\s,;]))F\s?1\s?5(?=\s*-|\s)", re.IGNORECASE)


def split_codes(text: str) -> list[str]:
    r"""The codes of a pasted text, each as typed: many codes in one box, one per line or several on a line, a
    code broken over two lines, blank lines and commas between codes all work.  Codes start with ``F15``; a text
    with no ``F15`` at all is read as one code per line (the prefix may be left out).

    Raises InvalidArgumentError for a text that is not a text or too long.

    >>> split_codes("F15-4484W-V7000-01G0Z-EM, F15-4484W\n-V7000-01G0Z-EM\n\nf15 4484w")
    ['F15-4484W-V7000-01G0Z-EM', 'F15-4484W -V7000-01G0Z-EM', 'f15 4484w']
    >>> split_codes("4484W-V7000-01G0Z-EM\n\n4484W-V7000")
    ['4484W-V7000-01G0Z-EM', '4484W-V7000']
    """
    return [code for _, code in _codes_by_line(text)]


def _length(code: str) -> int:
    # a code's characters, as a pupil counts them: without the F15 prefix, spaces and dashes
    bare = re.sub(r"[\s-]", "", code)
    return len(bare) - 3 if bare[:3].upper() == "F15" else len(bare)


def _codes_by_line(text: str) -> list[tuple[int, str]]:
    # split_codes, each code with the line of the box it starts on (from 1)
    _check.text(text, _MAX_PASTE, "the pasted codes")
    starts = [m.start() for m in _CODE_START.finditer(text)]
    if not starts:
        return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    bounds = ([(0, starts[0])] if text[:starts[0]].strip(" \t\r\n,;") else [])
    bounds += list(zip(starts, [*starts[1:], len(text)], strict=True))
    out = []
    for a, b in bounds:
        piece = text[a:b]
        if piece.strip(" \t\r\n,;"):
            lead = len(piece) - len(piece.lstrip(" \t\r\n,;"))
            out.append((text.count("\n", 0, a + lead) + 1, " ".join(piece.strip(" \t\r\n,;").split())))
    return out


def gather(folder: str | pathlib.Path | None = None, uploads: Any = (), codes: str = "",
           leave_out: Any = (), keep_copies: Any = ()) -> Gathered:
    """Read every results file of ``folder`` (``*.json``), every uploaded file (a FileUpload widget's value) and
    every pasted code (see :func:`split_codes`: one box, many codes).

    Each source is named by its file's name (as text: never used as a path) or ``"code N"``; a name given twice
    gets `` #2`` and so on.  Sources named in ``leave_out`` are not used.

    Each lesson's pupils are in the order of their names, numbers in number order (``pair 2`` before ``pair 10``).
    A name found twice in a lesson is one of two things.  Copies whose results are the same (a pair that handed
    in twice, say a file and a code: a code keeps no "why" sentences, so those are not compared) are a double
    hand-in: the first copy is kept and the others left out (``identical``: lesson -> name -> the copies' sources),
    unless the name is in ``keep_copies``.  Copies that differ are different pairs that typed the same name: none
    is dropped, the later copies are named ``"Ana (2)"`` and so on, side by side, and a line of ``problems`` asks
    the teacher to rename one.
    Raises InvalidArgumentError for a folder that does not exist or text that is too long; a file or code that
    cannot be read is not an error but a line of ``problems``.

    >>> gather(codes="F15-12345").problems
    ["code 1 (line 1: F15-12345): the code is too short (5 characters) (input: 'F15-12345')"]
    """
    _check.text(codes, _MAX_PASTE, "the pasted codes")
    given = _check.items(leave_out, 10 * _MAX_FILES, "the sources to leave out")
    if not all(isinstance(where, str) for where in given):
        raise InvalidArgumentError("the sources to leave out must be files' names or 'code N'", input=leave_out)
    skip = set(given)
    twice = _check.items(keep_copies, 10 * _MAX_FILES, "the pupils whose copies are all kept")
    if not all(isinstance(name, str) for name in twice):
        raise InvalidArgumentError("the pupils whose copies are all kept must be names", input=keep_copies)
    both = set(twice)
    found: list[tuple[str, PupilResults]] = []
    problems: list[str] = []
    names: Counter[str] = Counter()

    def read(where: str, reader: Any, value: Any) -> None:
        names[where] += 1
        where = where if names[where] == 1 else f"{where} #{names[where]}"
        if where in skip:
            return
        try:
            found.append((where, reader(value)))
        except FifteenKitError as exc:
            problems.append(f"{where}: {exc}")

    uploaded = _upload_items(uploads)
    if folder is not None:
        for path in sorted(_folder(folder).glob("*.json"))[:_MAX_FILES]:
            read(path.name, from_json, path.read_bytes()[:2_000_000])
    for name, content in uploaded:
        read(name, from_json, content)
    pasted = _codes_by_line(codes)
    for number, (line, code) in enumerate(pasted, start=1):
        before = len(problems)
        read(f"code {number}", from_code, code)
        if len(problems) > before:  # named by its line in the box and its first characters, with its length
            message = problems[-1].removeprefix(f"code {number}: ")
            size = _length(code)
            others = sorted(_length(c) for _, c in pasted if c != code)
            usual = others[len(others) // 2] if others else None
            about = f" of about {usual}" if usual else ""
            if message.startswith("the code is too short"):
                message = f"the code is too short ({size}{about} characters){message[len('the code is too short'):]}"
            elif usual and size < 0.8 * usual:  # much shorter than the others: most likely cut when it was copied
                message = f"the code is too short ({size}{about} characters: was it cut?); {message}"
            start = code if len(code) <= 16 else code[:16] + "..."
            problems[-1] = f"code {number} (line {line}: {start}): {message}"
    out = Gathered(problems=problems)
    by_lesson: dict[str, dict[str, list[tuple[str, PupilResults]]]] = {}
    found = [(where, _rechecked(where, results, problems)) for where, results in found]
    for where, results in found:
        by_lesson.setdefault(results.lesson, {}).setdefault(results.pupil, []).append((where, results))
    for lesson, pupils in sorted(by_lesson.items()):
        taken = set(pupils)
        kept: list[PupilResults] = []
        sources: dict[str, str] = {}
        for name, copies in sorted(pupils.items(), key=lambda item: _natural(item[0])):
            if len(copies) > 1 and all(_same_hand_in(copies[0][1], r) for _, r in copies[1:]):
                out.identical.setdefault(lesson, {})[name] = [w for w, _ in copies]
                later = " and ".join(w for w, _ in copies[1:])
                if name not in both:
                    out.problems.append(f"lesson {lesson}: {name} was handed in {len(copies)} times with the same "
                                        f"results ({copies[0][0]} and {later}): shown once, from {copies[0][0]}")
                    copies = copies[:1]
                else:
                    out.problems.append(f"lesson {lesson}: {name} was handed in {len(copies)} times with the same "
                                        f"results ({copies[0][0]} and {later}): all copies are shown, as you chose")
            for n, (where, results) in enumerate(copies, start=1):
                if n > 1:
                    results = _renamed(results, taken)
                    taken.add(results.pupil)
                kept.append(results)
                sources[results.pupil] = where
            if len(copies) > 1:
                shown = [r.pupil for r in kept[-len(copies):]]
                out.duplicates.setdefault(lesson, {})[name] = shown
                if lesson not in out.identical or name not in out.identical[lesson]:
                    places = " and ".join(f"{r} from {w}" for (w, _), r in zip(copies, shown, strict=True))
                    count, every = ("two", "both") if len(copies) == 2 else (str(len(copies)), "all")
                    out.problems.append(f"lesson {lesson}: {count} different hand-ins use the name {name}: {every} "
                                        f"are shown ({places}); ask the pairs and rename one")
        out.classes[lesson] = ClassResults(kept)
        out.sources[lesson] = sources
    out.problems.extend(_same_deals(out.classes, out.duplicates))
    return out


def _rechecked(where: str, results: PupilResults, problems: list[str]) -> PupilResults:
    # an exercise a file marks right is judged again by the kit's own checker (the lesson's form and answer), so a
    # file edited by hand cannot claim a right answer; a code keeps no right answer, so its marks stand
    from .workbook import Exercise, task
    records = []
    for record in results.records:
        if record["kind"] == "check" and record["correct"] and record["answer"].strip():
            try:
                found = task(record["key"])
                right = not isinstance(found, Exercise) or found.form.judge(record["answer"], found.expected()).correct
            except FifteenKitError:
                right = True  # not one of the kit's exercises: nothing to check it against
            if not right:
                problems.append(f"{where}: {results.pupil}'s {_label(record['key'])} is marked right, but the "
                                f"kit's checker finds {_check.short(record['answer'], 40)!r} not right: shown as "
                                "not right")
                record = {**record, "correct": False, "first": False}
        records.append(record)
    return dataclasses.replace(results, records=tuple(records))


def _natural(name: str) -> tuple[tuple[int, int, str], ...]:
    # a name's sort key: by name, without case, with its numbers in number order ("pair 2" before "pair 10")
    return tuple((0, int(part), "") if part.isdecimal() else (1, 0, part.casefold())
                 for part in re.split(r"(\d+)", name) if part)


def _renamed(results: PupilResults, taken: set[str]) -> PupilResults:
    # a second copy of a pupil, named "Ana (2)" (or the next free number), within the 60 characters of a name
    for n in range(2, 10 * _MAX_FILES):
        name = f"{results.pupil[:52].rstrip()} ({n})"
        if name not in taken:
            return dataclasses.replace(results, pupil=name)
    raise InvalidArgumentError("too many copies of one pupil", input=results.pupil)


def _same_deals(classes: Mapping[str, ClassResults], duplicates: Mapping[str, Mapping[str, list[str]]]) -> list[str]:
    # two pairs that typed the same pair number ran the same deals: pooled, those deals count twice (two copies of
    # one pupil's results are named once, as copies, by gather)
    problems = []
    for lesson, results in classes.items():
        origin = {copy: name for name, copies in duplicates.get(lesson, {}).items() for copy in copies}
        runs: dict[int, dict[str, list[str]]] = {}
        for pupil in results.pupils:
            for record in pupil.records:
                if record["kind"] == "game" and record["game"] == "fifteens" and record["strategy"] != HAND_PLAYED:
                    names = runs.setdefault(record["seed"], {}).setdefault(record["strategy"], [])
                    if origin.get(pupil.pupil, pupil.pupil) not in names:
                        names.append(origin.get(pupil.pupil, pupil.pupil))
        for seed, strategies in runs.items():
            for same in dict.fromkeys(tuple(n) for n in strategies.values() if len(n) > 1):
                which = ", ".join(s for s, n in strategies.items() if tuple(n) == same)
                problems.append(f"lesson {lesson}: {' and '.join(same)} used the same pair number {seed}, so their "
                                f"{which} deals are the same deals, counted {len(same)} times in the pool; give "
                                "each pair its own number")
    return problems


# -- what the lesson says ------------------------------------------------------------------------------------------
def question_text(key: str, limit: int = 90) -> str:
    """The question of task ``key`` as plain text, cut to ``limit`` characters (``""`` for a key that is not a
    lesson task, such as a game's).

    >>> question_text("04.q1", 30)
    'Only yellow (target 3), whi...'
    >>> question_text("07.q1", 60)
    'Your player for the class tournament. Change one thing in...'
    >>> "stop_at_10" in question_text("07.q1", 200)
    True
    """
    from .workbook import task
    _check.text(key, 20, "the task key", empty=False)
    _check.whole(limit, 10, 1000, "limit")
    try:
        found = task(key)
    except FifteenKitError:
        return ""
    text = found.question() if callable(found.question) else found.question
    # Markdown's marks dropped; an underscore inside a word (a name such as stop_at_10) stays
    text = re.sub(r"[*`$]|(?<!\w)_|_(?!\w)", "", " ".join(str(text).split()))
    return text if len(text) <= limit else text[:limit - 3].rstrip() + "..."


def truths(lesson: str) -> dict[str, str]:
    """Each prediction's value as lesson ``lesson`` shows it (key -> text): a code does not carry it.

    Computed once per lesson (some values take the kit a few seconds), then remembered.

    >>> truths("05")["05.p1"]
    '109'
    """
    from .workbook import LESSONS
    _check.choice(lesson, LESSONS, "the lesson")
    return dict(_truths(lesson))


@functools.cache
def _truths(lesson: str) -> dict[str, str]:
    from .workbook import Predict, tasks
    return {t.key: t.form.show(t.expected()) for t in tasks(lesson) if isinstance(t, Predict)}


@functools.cache
def _kits_value(key: str) -> tuple[Any, Any] | None:
    # a prediction's form and the kit's value (computed once), None for a key that is not one of the kit's
    from .workbook import Predict, task
    try:
        found = task(key)
    except FifteenKitError:
        return None
    return (found.form, found.expected()) if isinstance(found, Predict) else None


def _is_kits_value(key: str, text: str) -> bool:
    # whether a guess is the kit's value as the form reads answers ("2/3", "4/6", "0.67", "4 out of 6")
    kit = _kits_value(key)
    if kit is None or not text.strip():
        return False
    try:
        return bool(kit[0].judge(text, kit[1]).correct)
    except FifteenKitError:
        return False


def _values(results: ClassResults, values: Mapping[str, str] | None) -> Mapping[str, str]:
    if values is not None:
        return values
    return truths(results.lesson) if results.lesson is not None and _lesson_order(results.lesson) else {}


def _is_choice(key: str) -> bool:
    # a prediction answered by picking an option (its options may look like numbers: '432222')
    from fifteen_kit.answers import Choice

    from .workbook import task
    try:
        return isinstance(getattr(task(key), "form", None), Choice)
    except FifteenKitError:
        return False


def _lesson_order(lesson: str | None) -> dict[str, int]:
    from .workbook import LESSONS, tasks
    if lesson not in LESSONS:
        return {}
    return {t.key: i for i, t in enumerate(tasks(lesson))}


# -- shown as text --------------------------------------------------------------------------------------------------
# Everything a pupil typed (names, answers, strategies) or a file holds is shown as text, never as markup: HTML is
# escaped, each text is isolated (<bdi>: right-to-left writing or a direction mark stays in its cell), control
# characters show as U+FFFD, and the whole report is marked for MathJax to skip ($...$ in a name stays as typed).
# In the charts a "$" is escaped (matplotlib would read $...$ as mathematics) and long texts are cut.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NO_MATH = "tex2jax_ignore mathjax_ignore"


def _html(text: str) -> str:
    return f"<bdi>{escape(_CONTROL.sub(chr(0xFFFD), text))}</bdi>"


def _plain(text: str, limit: int = 28) -> str:
    r"""``text`` for a chart: one line, cut to ``limit`` characters, with ``$`` escaped from matplotlib's maths.

    >>> _plain("$\\foo$ and a very long name indeed", 16)
    '\\$\\foo\\$ and a ...'
    """
    one = " ".join(_CONTROL.sub(chr(0xFFFD), text).split())
    one = one if len(one) <= limit else one[:limit - 3] + "..."
    return one.replace("$", r"\$")


def _label(key: str) -> str:
    # the worksheet's name of a task ("Exercise 1"), or the key itself for a game's record
    try:
        return task_label(key)
    except FifteenKitError:
        return key


# -- the tables ----------------------------------------------------------------------------------------------------
# the doubled class outranks JupyterLab's own table rules (right-aligned 12 px cells) without !important
_T = "table.kit-class.kit-class"
_STYLE = (f"<style>{_T}{{border-collapse:collapse;font-size:18px;line-height:1.35;margin:0.5em 0}}"
          f"{_T} th,{_T} td{{border:1px solid #999;padding:6px 10px;text-align:left;vertical-align:top;"
          "font-size:18px;overflow-wrap:anywhere}"
          f"{_T} th{{background:#eef3f8;overflow-wrap:normal;word-break:normal;hyphens:manual}}"
          f"{_T} td.n{{text-align:right;white-space:nowrap}}"
          f"{_T} td.q{{max-width:34em;font-size:16px}}{_T} td.ok{{background:#e3f4e8}}"
          f"{_T} td.no{{background:#fde7e2}}{_T} small{{color:#444;font-size:15px}}</style>")


def _wrap(html: str) -> HTML:
    return HTML(f"<div class='kit-class-view {_NO_MATH}'>{_STYLE}{html}</div>")


def _share(count: int | None, total: int) -> str:
    if count is None:
        return "&ndash;"
    return f"{count} of {total}" + (f" <small>({round(100 * count / total)}%)</small>" if total else "")


def _task_cell(key: str) -> str:
    return (f"<td class='q' title='{escape(key)}'><b>{escape(_label(key))}</b><br>"
            f"{escape(question_text(key, 1000))}</td>")


def class_table(results: ClassResults, values: Mapping[str, str] | None = None) -> HTML:
    """The class table of ``results`` as HTML: one row per exercise and "why" question, then one per prediction,
    each named as on the worksheet (``Exercise 1``) with its whole question.

    ``values`` gives the predictions' values (by default :func:`truths` of the lesson, computed by the kit; never a
    pupil's file).  Every pupil's text is shown as text.  Raises InvalidArgumentError for something that is not a
    ClassResults.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.p1", "kind": "prediction", "answer": "6", "truth": "9"},))
    >>> "<td>109</td>" in class_table(ClassResults([a])).data
    True
    """
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("class_table needs a ClassResults", input=results)
    lesson = results.lesson
    values = _values(results, values)
    order = _lesson_order(lesson)
    total = len(results.pupils)
    rank = {key: order.get(key, len(order)) for key in (q.key for q in results.questions())}
    rows = []
    for q in sorted(results.questions(), key=lambda q: (q.kind == "prediction", rank[q.key], q.key)):
        if q.kind == "prediction":
            continue
        wrong = ", ".join(f"{_html(text)} <small>(&times;{n})</small>" for text, n in q.wrong) or "&ndash;"
        if q.wrong and all(n == 1 for _, n in q.wrong) and q.different > 1:
            more = q.different - len(q.wrong)
            wrong = (f"<small>{q.different} different answers, each given once:</small> "
                     + ", ".join(_html(text) for text, _ in q.wrong) + (f" <small>and {more} more</small>"
                                                                          if more else ""))
        if q.kind == "player":
            wrong = "<small>players handed in: see the class tournament below</small>"
        rows.append(f"<tr>{_task_cell(q.key)}<td class='n'>{_share(q.answered, total)}</td>"
                    f"<td class='n'>{_share(q.right_first, total)}</td>"
                    f"<td class='n'>{_share(q.right_end, total)}</td><td>{wrong}</td></tr>")
    head = (f"<p style='font-size:20px'><b>Lesson {escape(str(lesson))}: {_pupils(total)}</b> "
            f"({', '.join(_html(n) for n in results.names())})</p>")
    table = ("<table class='kit-class'><tr><th>Question</th><th>Answered</th><th>Right first time</th>"
             "<th>Right in the end</th><th>Most common wrong answers</th></tr>" + "".join(rows) + "</table>")
    guesses = sorted(results.predictions(values), key=lambda g: (order.get(g.key, len(order)), g.key))
    prows = []
    for g in guesses:
        kit = sum(_is_kits_value(g.key, text) for _, text in g.guesses)
        counted = Counter(" ".join(text.split()) for _, text in g.guesses if not _is_kits_value(g.key, text))
        listed = ", ".join(([f"<b>= the kit's value</b> <small>(&times;{kit})</small>"] if kit else [])
                           + [_html(t) + (f" <small>(&times;{n})</small>" if n > 1 else "")
                              for t, n in sorted(counted.items(), key=lambda item: (-item[1], item[0]))])
        prows.append(f"<tr>{_task_cell(g.key)}<td>{escape(g.truth) or '&ndash;'}</td><td>{listed}</td></tr>")
    predictions = ("<table class='kit-class'><tr><th>Prediction</th><th>The kit's value</th><th>The guesses</th></tr>"
                   + "".join(prows) + "</table>") if prows else ""
    return _wrap(head + (table if rows else "") + predictions)


def _chart_id(lesson: str | None, chart: str) -> str:
    return f"kit-{chart}-chart-{re.sub(r'[^0-9]', '', str(lesson))}"


def follow_up(results: ClassResults) -> HTML:
    """The "Follow up" box at the top of a lesson's report: per exercise, the pupils (or pairs) not right yet
    (wrong in the end, or with no answer), the pupils who handed in nothing beyond the games, and a link to the
    lesson's pooled chart (the dice chart of lesson 04, the Fifteens chart of lesson 05).

    Raises InvalidArgumentError for something that is not a ClassResults.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.q1", "kind": "check", "answer": "7", "tries": 2,
    ...                                    "correct": False, "first": False, "wrong": ["6", "7"]},))
    >>> "<b>Exercise 1</b>: <bdi>pair 1</bdi>" in follow_up(ClassResults([a, PupilResults("05", "B", ())])).data
    True
    """
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("follow_up needs a ClassResults", input=results)
    order = _lesson_order(results.lesson)
    items = []
    for q in sorted((q for q in results.questions() if q.kind == "check"),
                    key=lambda q: (order.get(q.key, len(order)), q.key)):
        wrong = [p.pupil for p in results.pupils if (r := p.record(q.key)) is not None and not r["correct"]]
        missing = [p.pupil for p in results.pupils if p.record(q.key) is None]
        said = ", ".join(_html(n) for n in wrong) or "everyone who answered is right"
        if missing:
            said += f" <small>(no answer: {', '.join(_html(n) for n in missing)})</small>"
        items.append(f"<li><b>{escape(_label(q.key))}</b>: {said}</li>")
    games_only = [p.pupil for p in results.pupils if all(r["kind"] == "game" for r in p.records)]
    if games_only:
        items.append("<li><b>Nothing handed in beyond the game</b>: "
                     f"{', '.join(_html(n) for n in games_only)}</li>")
    if results.dice().pupils:
        items.append(f"<li><a href='#{_chart_id(results.lesson, 'dice')}'>The dice chart</a> (the class's games "
                     "pooled) is right below the tables.</li>")
    if results.fifteens():
        items.append(f"<li><a href='#{_chart_id(results.lesson, 'fifteens')}'>The Fifteens chart</a> (the class's "
                     "tally pooled) is right below the tables.</li>")
    if not items:
        return _wrap("")
    return _wrap("<div style='border:2px solid #a0001a;padding:6px 14px;margin:0.5em 0;font-size:18px'>"
                 f"<p style='font-size:20px;margin:0.3em 0'><b>Lesson {escape(str(results.lesson))}: Follow up</b> "
                 "(who is not right yet)</p>"
                 f"<ul style='margin:0.3em 0'>{''.join(items)}</ul></div>")


def _check_cell(record: dict[str, Any] | None) -> str:
    if record is None:
        return "<td class='n'>&ndash;</td>"
    wrong = ", ".join(_html(w) for w in record["wrong"])
    if record["first"]:
        return "<td class='n ok'>&#10003; first time</td>"
    if record["correct"]:
        return f"<td class='ok'>&#10003; after {record['tries']} tries<br><small>{wrong}</small></td>"
    last = record["answer"] if record["answer"] and record["answer"] not in record["wrong"] else ""
    typed = ", ".join(x for x in (wrong, _html(last) if last else "") if x)
    tries = f"{record['tries']} {'try' if record['tries'] == 1 else 'tries'}"
    return f"<td class='no'>&#10007; {tries}<br><small>{typed}</small></td>"


def pupil_table(results: ClassResults, sources: Mapping[str, str] | None = None) -> HTML:
    """One row per pupil (or pair): each exercise (right first time, right after some tries with the wrong answers,
    or not right with what was typed), the dice games (lesson 04: the boards played and the points per board),
    each prediction's guess, how many "why" questions were answered, and (with
    ``sources``: name -> file or code) where the results came from.  Two copies of one pupil sit side by side.

    Raises InvalidArgumentError for something that is not a ClassResults.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.q1", "kind": "check", "answer": "7", "tries": 2,
    ...                                    "correct": False, "first": False, "wrong": ["6", "7"]},))
    >>> "&#10007; 2 tries" in pupil_table(ClassResults([a])).data
    True
    """
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("pupil_table needs a ClassResults", input=results)
    sources = {} if sources is None else sources
    if not isinstance(sources, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in sources.items()):
        raise InvalidArgumentError("sources must map pupils' names to where their results came from", input=sources)
    checks = [q.key for q in results.questions() if q.kind == "check"]
    counted = [kind for kind in ("prediction", "why") if any(q.kind == kind for q in results.questions())]
    dice = bool(results.dice().pupils)
    order = _lesson_order(results.lesson)
    head = ("<tr><th>Pupil or pair</th>" + "".join(f"<th title='{escape(k)}'>{escape(_label(k))}</th>"
                                                   for k in checks)
            + ("<th>Dice game</th>" if dice else "")
            + "".join(f"<th>{'Predictions (guesses)' if k == 'prediction' else 'Why? answers'}</th>"
                      for k in counted) + "</tr>")
    rows = []
    for pupil in results.pupils:
        where = sources.get(pupil.pupil)
        cells = [f"<td><b>{_html(pupil.pupil)}</b>" + (f"<br><small>from {_html(where)}</small>" if where else "")
                 + "</td>"]
        cells += [_check_cell(pupil.record(k)) for k in checks]
        if dice:
            games = [f"{r['boards']} boards: {r['score'] / r['boards']:.1f} points per board"
                     for r in pupil.records if r["kind"] == "game" and r["game"] == "dice"]
            cells.append(f"<td>{'<br>'.join(games) or '&ndash;'}</td>")
        for kind in counted:
            mine = [r for r in pupil.records if r["kind"] == kind]
            if kind == "prediction":
                mine.sort(key=lambda r: (order.get(r["key"], len(order)), r["key"]))
                guesses = "<br>".join(f"<small>{escape(_label(r['key']))}:</small> {_html(r['answer'])}"
                                      for r in mine)
                cells.append(f"<td>{guesses or '&ndash;'}</td>")
            else:
                cells.append(f"<td class='n'>{len(mine)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return _wrap("<p style='font-size:20px'><b>Pupil by pupil</b></p><table class='kit-class'>" + head
                 + "".join(rows) + "</table>")


def why_table(results: ClassResults) -> HTML:
    """The "why" answers, grouped by question: the worksheet's name and question, then each pupil's sentence
    (a code holds no sentences: those pupils are listed as "answered, in a code").

    Raises InvalidArgumentError for something that is not a ClassResults.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.w1", "kind": "why", "answer": "<b>More</b> games."},))
    >>> "&lt;b&gt;More&lt;/b&gt; games." in why_table(ClassResults([a])).data
    True
    """
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("why_table needs a ClassResults", input=results)
    blocks = []
    for q in (q for q in results.questions() if q.kind == "why"):
        said, coded = [], []
        for pupil in results.pupils:
            record = pupil.record(q.key)
            if record is not None and record["answer"].strip():
                said.append(f"<tr><td><b>{_html(pupil.pupil)}</b></td><td>{_html(record['answer'])}</td></tr>")
            elif record is not None:
                coded.append(_html(pupil.pupil))
        rows = "".join(said) + (f"<tr><td colspan='2'><small>Answered, but no sentence to show (a code keeps none, "
                                f"or it was left empty): {', '.join(coded)}</small></td></tr>" if coded else "")
        blocks.append(f"<table class='kit-class'><tr><th colspan='2' title='{escape(q.key)}'><b>{escape(_label(q.key))}"
                      f"</b><br>{escape(question_text(q.key, 1000))}</th></tr>{rows}</table>")
    return _wrap("<p style='font-size:20px'><b>Why? answers</b></p>" + "".join(blocks)) if blocks else _wrap("")


# -- the charts ----------------------------------------------------------------------------------------------------
#: What the report shows instead of its charts where matplotlib is missing (the browser-only site, which serves
#: only what it holds: matplotlib's WebAssembly build is on Pyodide's CDN alone).
_NO_CHARTS = ("<p style='font-size:18px'>The charts of this report need matplotlib, which the browser-only site "
              "does not have: the tables above hold every number. To see the charts, open this notebook on Binder "
              "or with <code>make lab</code>.</p>")


def _figure(height: float, rows: int = 1, layout: str | None = None) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(rows, 1, figsize=(9.5, height), layout=layout)
    plt.close(fig)  # returned, not shown by pyplot: the caller displays it once
    return fig, ax


def exercises_chart(results: ClassResults) -> Any:
    """Bars per exercise: how many pupils were right first time, and right in the end (a matplotlib Figure).

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.q1", "kind": "check", "answer": "7", "tries": 1,
    ...                                    "correct": True, "first": True, "wrong": []},))
    >>> [t.get_text() for t in exercises_chart(ClassResults([a])).axes[0].get_yticklabels()]
    ['Exercise 1']
    """
    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("exercises_chart needs a ClassResults", input=results)
    checks = [q for q in results.questions() if q.kind == "check"]
    total = len(results.pupils)
    with plotstyle.context():
        fig, ax = _figure(1.6 + 0.75 * max(1, len(checks)))
        labels = [_plain(_label(q.key)) for q in checks]
        ys = range(len(checks))
        ax.barh([y - 0.2 for y in ys], [q.right_first or 0 for q in checks], height=0.4, color=plotstyle.COLOURS[0],
                edgecolor="#1f1f24", label="right first time")
        ax.barh([y + 0.2 for y in ys], [q.right_end or 0 for q in checks], height=0.4, color=plotstyle.COLOURS[4],
                edgecolor="#1f1f24", hatch="//", label="right in the end")
        ax.set_yticks(list(ys), labels)
        ax.invert_yaxis()
        ax.set_xlim(0, max(total, 1))
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.set_xlabel(f"pupils or pairs (of {total})")
        ax.set_title(f"Lesson {results.lesson}: exercises")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), framealpha=0.9, fontsize=13)
    return fig


def _number_line(ax: Any, truth: float, numbers: list[float], colour: str, percent: bool) -> None:
    # one prediction: the guesses as dots (equal guesses stacked) against the truth (a black line in front of the
    # dots, marked "kit" above them), on a scale that shows them all (logarithmic when the values above 0 span
    # more than 30 times; a guess at or below 0 then sits at the left edge as a triangle)
    values = [*numbers, truth]
    low, high = min(values), max(values)
    positive = [v for v in values if v > 0]
    log = truth > 0 and len(positive) > 1 and max(positive) / min(positive) > 30
    if log:
        left, right = min(positive) / 1.6, max(positive) * 1.6
        ax.set_xscale("log")
    else:
        pad = (high - low) * 0.08 or abs(truth) * 0.25 or 1.0
        left, right = low - pad, high + pad
    ax.set_xlim(left, right)
    stack: Counter[float] = Counter()
    for n in sorted(numbers):
        edge = log and n <= 0
        x = left if edge else n
        stack[x] += 1
        ax.scatter([x], [stack[x]], s=120, color=colour, edgecolor="#1f1f24", marker="<" if edge else "o",
                   zorder=3, clip_on=False, alpha=0.85)
    top = max(stack.values(), default=1) + 1.0
    ax.plot([truth, truth], [0, top - 0.35], color="#1f1f24", linewidth=3, zorder=4, solid_capstyle="butt")
    ax.text(truth, top - 0.3, "kit", ha="center", va="bottom", fontsize=12, fontweight="bold")
    ax.set_ylim(0, top + 1.3)
    ax.set_yticks([])
    _plain_ticks(ax.xaxis, percent, log)
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)


def _tick_text(value: float, percent: bool) -> str:
    r"""A tick's label as a plain number (never ``10^-1`` or ``0.6667``): at most 4 significant digits, no
    trailing zeros, a percentage with ``%``.

    >>> [_tick_text(v, False) for v in (0.1, 0.66666, 2e6, 12.0)], _tick_text(0.425, True)
    (['0.1', '0.6667', '2000000', '12'], '42.5%')
    """
    import numpy as np
    shown = value * 100 if percent else value
    return np.format_float_positional(float(f"{shown:.4g}"), trim="-") + ("%" if percent else "")


def _plain_ticks(axis: Any, percent: bool, log: bool) -> None:
    # a number line's ticks as plain numbers or percentages, a few round steps apart (log: 1, 2, 5 times a power)
    from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter
    if log:
        axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0), numticks=8))
        axis.set_minor_formatter(NullFormatter())
    else:
        axis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: _tick_text(value, percent)))


def predictions_chart(results: ClassResults, values: Mapping[str, str] | None = None) -> Any:
    """Each numeric prediction on its own number line: every guess a dot (equal guesses stacked), the kit's value a
    black line, on a scale that shows every guess (logarithmic when the guesses span more than 30 times).

    Predictions whose value is not a number, or that are answered by picking an option, are left out: the table
    shows them, as it shows guesses that are not numbers.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.p1", "kind": "prediction", "answer": "6", "truth": "7"},))
    >>> predictions_chart(ClassResults([a])).axes[0].get_title(loc="left")
    'Prediction 1: the kit says 109 (1 guess)'
    """
    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("predictions_chart needs a ClassResults", input=results)
    values = _values(results, values)
    order = _lesson_order(results.lesson)
    rows = []
    for g in sorted(results.predictions(values), key=lambda g: (order.get(g.key, len(order)), g.key)):
        truth, numbers = g.numbers()
        if truth is not None and not _is_choice(g.key):
            other = len(g.guesses) - len(numbers)
            rows.append((f"{_label(g.key)}: the kit says {_plain(g.truth, 16)} ({len(numbers)} "
                         f"guess{'' if len(numbers) == 1 else 'es'}" + (f"; {other} not a number" if other else "")
                         + ")", truth, numbers, g.truth.strip().endswith("%")))
    with plotstyle.context():
        fig, axes = _figure(0.6 + 1.4 * max(1, len(rows)), max(1, len(rows)))
        axes = list(axes) if len(rows) > 1 else [axes]
        for ax, (title, truth, numbers, percent) in zip(axes, rows, strict=False):
            _number_line(ax, truth, numbers, plotstyle.COLOURS[1], percent)
            ax.set_title(title, loc="left", fontsize=15)
        if not rows:
            axes[0].set_axis_off()
            axes[0].set_title("No prediction with a number to draw")
        fig.suptitle(f"Lesson {results.lesson}: guesses (dots) against the kit's value (black line)", x=0.02,
                     ha="left")
    return fig


def dice_chart(results: ClassResults) -> Any:
    """Lesson 04's pooled dice games: each game's points per board (the pupils' and the computer's) with the boards
    it played, both means as lines with their 95% intervals (Student's t; none with fewer than
    :data:`~fifteen_kit.class_results.MIN_GAMES` games), and the exact expected points under optimal play.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("04", "A", ({"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10,
    ...                               "score": 110, "computer": 130, "policy": None},))
    >>> dice_chart(ClassResults([a])).axes[0].get_title()
    'Lesson 04: points per board, pooled'
    """
    from fifteen_kit import plotstyle
    from fifteen_kit.class_results import MIN_GAMES
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("dice_chart needs a ClassResults", input=results)
    pool = results.dice()
    exact = float(pool.exact)
    with plotstyle.context():
        fig, ax = _figure(6.4, layout="constrained")  # the legend and the whole axis label below the plot
        xs = list(range(1, len(pool.pupils) + 1))
        ax.axhline(exact, color="#1f1f24", linestyle="--", linewidth=2.5,
                   label=f"exact, optimal play: {exact:.2f}")
        ax.scatter(xs, [v for _, v in pool.computer], s=110, marker="s", color=plotstyle.COLOURS[2],
                   edgecolor="#1f1f24", label="the computer's game", zorder=3)
        ax.scatter(xs, [v for _, v in pool.pupils], s=120, color=plotstyle.COLOURS[1], edgecolor="#1f1f24",
                   label="a pupil's game", zorder=3)
        end = max(len(xs), 1)
        for mean, interval, colour, style, who, shift in (
                (pool.mean, pool.interval, plotstyle.COLOURS[1], "-", "pupils'", 0.35),
                (pool.computer_mean, pool.computer_interval, plotstyle.COLOURS[2], ":", "computer's", 0.6)):
            if mean is None:
                continue
            ax.axhline(mean, color=colour, linestyle=style, linewidth=2.5, label=f"the {who} mean: {mean:.2f}")
            if interval is not None:
                ax.errorbar([end + shift], [mean], yerr=[[mean - interval[0]], [interval[1] - mean]], color=colour,
                            linewidth=3, capsize=7,
                            label=f"{who} 95% interval: {interval[0]:.1f} to {interval[1]:.1f}")
        if pool.pupils and pool.interval is None:
            ax.plot([], [], " ", label=f"no 95% interval: {len(xs)} game{'s' if len(xs) != 1 else ''}, "
                    f"fewer than {MIN_GAMES}")  # a line of the legend, never over a game's dot
        names = [_plain(name, 12) for name, _ in pool.pupils]
        if len(xs) <= 6:
            ax.set_xticks(xs, [f"{n}\n{b} boards" for n, b in zip(names, pool.boards, strict=True)])
            ax.set_xlabel("games, in the order added")
        else:  # short numbers under the games, keyed to the pairs' names in the axis label
            import textwrap
            ax.set_xticks(xs, [str(x) for x in xs])
            ax.tick_params(axis="x", labelsize=12)
            key = ", ".join(f"{x} {_plain(name, 16)} ({b})" for x, (name, _), b in zip(xs, pool.pupils, pool.boards,
                                                                                       strict=True))
            ax.set_xlabel("\n".join(textwrap.wrap(f"games, in the order added (boards played): {key}", 95)),
                          fontsize=12)
        ax.set_xlim(0.5, end + 0.9)
        ax.set_ylabel("points per board")
        ax.set_title(f"Lesson {results.lesson}: points per board, pooled")
        fig.legend(loc="outside lower center", ncols=2, framealpha=0.9, fontsize=13)
    return fig


def fifteens_chart(results: ClassResults) -> Any:
    """Lesson 05's pooled Fifteens: each strategy's win rate with its 95% Wilson interval after each pair is
    added (the interval narrows as the deals add up).

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.pool", "kind": "game", "game": "fifteens", "seed": 1,
    ...                                    "strategy": "most", "deals": 20, "wins": 3},))
    >>> [float(y) for y in fifteens_chart(ClassResults([a])).axes[0].get_ylim()]
    [0.0, 1.0]
    """
    from matplotlib.ticker import PercentFormatter

    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("fifteens_chart needs a ClassResults", input=results)
    pools = results.fifteens()
    markers = "osD^v<>p"
    with plotstyle.context():
        fig, ax = _figure(5.2)
        width = 0.5 / max(1, len(pools))
        for i, pool in enumerate(pools):
            xs = [n + 1 + (i - (len(pools) - 1) / 2) * width for n in range(len(pool.steps))]
            rates = [s.rate for s in pool.steps]
            ax.errorbar(xs, rates, yerr=[[s.rate - s.low for s in pool.steps], [s.high - s.rate for s in pool.steps]],
                        marker=markers[i % len(markers)], markersize=10, linewidth=2.5, capsize=6,
                        color=plotstyle.COLOURS[i % len(plotstyle.COLOURS)],
                        label=f"{_plain(pool.strategy, 24)}: {pool.steps[-1].wins} of {pool.steps[-1].deals}")
        most = max((len(p.steps) for p in pools), default=1)
        ax.set_xticks(range(1, most + 1))
        ax.set_xlim(0.5, most + 0.5)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel("pairs added")
        ax.set_ylabel("share of deals won\n(bar: 95% interval)")
        ax.set_title(f"Lesson {results.lesson}: Fifteens, pooled pair by pair")
        if pools:
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), framealpha=0.9, fontsize=13)
    return fig


def _failed(what: str, exc: BaseException) -> HTML:
    # one part of the report that could not be made: said in the report, and the rest still shows
    return _wrap(f"<p style='font-size:18px;color:#a0001a'>The {escape(what)} could not be drawn "
                 f"({escape(type(exc).__name__)}: {_html(str(exc)[:300])}); the rest of the report is below.</p>")


def _joined(*parts: tuple[str, Any]) -> HTML:
    # HTML parts shown as one output; a part that fails says why, and the others still show
    out = []
    for what, make in parts:
        try:
            out.append(make().data)
        except Exception as exc:  # any failure of one part must leave the others shown
            out.append(_failed(what, exc).data)
    return HTML("".join(out))


def _report(results: ClassResults, sources: Mapping[str, str] | None = None) -> list[Any]:
    # the follow-up box with the class table, the other tables, then each chart as a picture (plotstyle.image:
    # shown whatever MPLBACKEND says), the pooled chart first; a part that fails is replaced by a line saying why,
    # and the others still show
    import importlib.util
    pooled = [(chart, _chart_id(results.lesson, chart)) for chart, shown in
              (("dice", results.dice().pupils), ("fifteens", results.fifteens())) if shown]
    parts: list[tuple[str, Any]] = [("class table", lambda: _joined(("follow-up box", lambda: follow_up(results)),
                                                                    ("class table", lambda: class_table(results)))),
                                    ("pupil-by-pupil table", lambda: pupil_table(results, sources)),
                                    ("why answers", lambda: HTML(why_table(results).data + "".join(
                                        f"<div id='{anchor}'></div>" for _, anchor in pooled)))]
    if importlib.util.find_spec("matplotlib") is not None:  # the browser-only site serves no matplotlib
        from fifteen_kit import plotstyle
        # the pooled chart first, right below the anchor the follow-up box links to
        if any(chart == "dice" for chart, _ in pooled):
            parts.append(("dice chart", lambda: plotstyle.image(dice_chart(results))))
        if any(chart == "fifteens" for chart, _ in pooled):
            parts.append(("Fifteens chart", lambda: plotstyle.image(fifteens_chart(results))))
        if any(q.kind == "check" for q in results.questions()):
            parts.append(("exercises chart", lambda: plotstyle.image(exercises_chart(results))))
        if results.predictions():
            parts.append(("predictions chart", lambda: plotstyle.image(predictions_chart(results))))
    else:
        parts.append(("note", lambda: HTML(_NO_CHARTS)))
    if any(r["kind"] == "player" for pupil in results.pupils for r in pupil.records):
        from .class_tournament import TournamentPanel  # the players handed in: run only on the teacher's click

        parts.append(("class tournament", lambda: TournamentPanel(results)))
    out = []
    for what, make in parts:
        try:
            out.append(make())
        except Exception as exc:  # any failure of one part must leave the others shown
            out.append(_failed(what, exc))
    return out


class ClassView(w.VBox):
    """The teacher notebook's widget: upload results files, or give a folder, or paste codes (many at once); then
    the class.  Where a pupil handed in the same results twice, a choice per name says whether to show one copy
    (the default) or all; the class is shown again as soon as it changes.  Different hand-ins under one name are
    all shown, side by side (see :func:`gather`).

    Args:
        folder: a folder of results files to read at once (``None``: none).

    Raises InvalidArgumentError for a folder that does not exist.

    >>> view = ClassView()
    >>> view.codes.value = "F15-4484W-V7000-01G0Z-EM F15-4484W-V7000-01G0Z-EM"
    >>> view.load(); view.found.classes["04"].names()
    ('Ana',)
    >>> [label for label, _ in view.choices.children[0].options]
    ['show Ana once, from code 1 (the copies are the same)', 'show all 2 copies side by side']
    """

    def __init__(self, folder: str | pathlib.Path | None = None) -> None:
        if folder is not None:
            _folder(folder)
        self.upload = w.FileUpload(accept=".json", multiple=True, description="Upload results files")
        self.upload.layout.width = "auto"
        self.folder = w.Text(value="" if folder is None else str(folder), description="or a folder:",
                             placeholder="a folder of results-*.json files", layout=w.Layout(width="520px"))
        self.codes = w.Textarea(placeholder="or paste codes here, as many as you like (F15-...): one per line, or "
                                "all at once as the pupils sent them", layout=w.Layout(width="620px", height="200px"))
        self.show_button = w.Button(description="Show the class", icon="table", button_style="primary",
                                    layout=w.Layout(width="auto"))
        self.message = w.HTML()
        self.choices = w.VBox()  # one Dropdown per pupil handed in twice with the same results: one copy or all
        self.out = w.Output()
        self.found = Gathered()
        self._keep_copies: dict[tuple[str, str], str] = {}  # (lesson, name) -> the name if all copies are kept
        self.show_button.on_click(lambda _b: self.show())
        super().__init__([w.HBox([self.upload, self.folder], layout=w.Layout(flex_flow="row wrap")), self.codes,
                          self.show_button, self.message, self.choices, self.out])
        if folder is not None:
            self.load()

    def __repr__(self) -> str:
        return f"ClassView({', '.join(f'lesson {k}: {len(v.pupils)}' for k, v in self.found.classes.items())})"

    def _chosen(self, change: dict[str, Any]) -> None:
        # the teacher's choice takes effect at once: the class is read and shown again
        self._keep_copies[change["owner"].kit_pupil] = change["new"]
        self.show()

    def load(self) -> None:
        """Read the folder, the uploaded files and the pasted codes again (into :attr:`found`), leaving out the
        copies the teacher chose to leave out."""
        try:
            self.found = gather(self.folder.value.strip() or None, self.upload.value, self.codes.value,
                                keep_copies=[v for v in self._keep_copies.values() if v])
        except FifteenKitError as exc:
            self.found = Gathered(problems=[str(exc)])
        counts = "; ".join(f"lesson {k}: {_pupils(len(v.pupils))}" for k, v in self.found.classes.items())
        problems = "".join(f"<li>{_html(p)}</li>" for p in self.found.problems)
        self.message.value = (f"<span style='font-size:18px'>{escape(counts) or 'No results yet.'}</span>"
                              + (f"<ul style='color:#a0001a'>{problems}</ul>" if problems else ""))
        boxes = []
        for lesson, same in self.found.identical.items():
            for name, where in same.items():
                options = [(f"show {name} once, from {_check.short(where[0], 40)} (the copies are the same)", ""),
                           (f"show all {len(where)} copies side by side", name)]
                box = w.Dropdown(options=options, value=self._keep_copies.get((lesson, name), ""),
                                 description=_check.short(f"{lesson}: {name}", 40),
                                 style={"description_width": "initial"}, layout=w.Layout(width="620px"))
                box.kit_pupil = (lesson, name)
                box.observe(self._chosen, names="value")
                boxes.append(box)
        self.choices.children = boxes

    def report(self, lesson: str) -> None:
        """Show lesson ``lesson``'s tables and charts (as this cell's output); for a lesson with no results read, a
        line saying so (so that Run All goes on to the next lesson).

        Raises InvalidArgumentError for a lesson that is not one of the kit's (``"00"`` to ``"07"``).
        """
        from .workbook import LESSONS

        _check.choice(lesson, LESSONS, "the lesson")
        if lesson not in self.found.classes:
            read = ", ".join(self.found.classes) or "none yet"
            display(HTML(f"<p style='font-size:18px'>No results of lesson {lesson} have been read (lessons read: "
                         f"{read}). Upload files, type their folder or paste codes, then click "
                         "<b>Show the class</b>.</p>"))
            return
        for item in _report(self.found.classes[lesson], self.found.sources.get(lesson)):
            display(item)

    def show(self) -> None:
        """Read everything again and show every lesson's tables and charts below the widget; a lesson that cannot
        be shown says why, and the other lessons still show."""
        self.load()
        self.out.clear_output()
        with self.out:
            for lesson in self.found.classes:
                try:
                    self.report(lesson)
                except Exception as exc:  # one lesson's failure must not hide the others
                    display(_failed(f"report of lesson {lesson}", exc))
