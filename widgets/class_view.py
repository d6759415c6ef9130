"""The teacher's view of a class's results: files uploaded or read from a folder, or pasted codes; a table; charts.

* :func:`gather` reads results files (from a folder or an upload widget) and pasted codes into one
  :class:`~fifteen_kit.class_results.ClassResults` per lesson, with a list of what could not be read;
* :func:`class_table` is the class table (large type, for a projector or a teacher's screen): per question how
  many answered, were right first time and in the end, and the most common wrong answers; per prediction the
  kit's value beside the guesses;
* the charts, each a matplotlib Figure in the kit's style: :func:`exercises_chart`, :func:`predictions_chart`,
  :func:`dice_chart` (lesson 04) and :func:`fifteens_chart` (lesson 05);
* :class:`ClassView`: the widget of the teacher notebook, with an upload button (it works in JupyterLite too), a
  folder box and a box for pasted codes.

>>> import pathlib
>>> folder = pathlib.Path(__file__).parents[1] / "lessons" / "teacher" / "sample_results"
>>> found = gather(folder=folder)
>>> sorted(found.classes), found.problems
(['04', '05'], [])
"""

from __future__ import annotations

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
from fifteen_kit.results import HAND_PLAYED, PupilResults, from_code, from_json

__all__ = ["ClassView", "Gathered", "class_table", "dice_chart", "exercises_chart", "fifteens_chart", "gather",
           "predictions_chart", "question_text", "truths"]

_MAX_FILES = 500
_MAX_PASTE = 200_000


def _pupils(count: int) -> str:
    return f"{count} pupil or pair" if count == 1 else f"{count} pupils or pairs"


@dataclass
class Gathered:
    """What :func:`gather` read: one ClassResults per lesson (``classes``) and a line per thing it could not
    read or left out (``problems``)."""

    classes: dict[str, ClassResults] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


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


def gather(folder: str | pathlib.Path | None = None, uploads: Any = (), codes: str = "") -> Gathered:
    """Read every results file of ``folder`` (``*.json``), every uploaded file (a FileUpload widget's value) and
    every pasted code (one per line; blank lines are skipped).

    A pupil found twice in a lesson is kept once: the first found (folder, then uploads, then codes; a file
    keeps more than a code).  Raises InvalidArgumentError for a folder that does not exist or for text that is
    too long; a file or code that cannot be read is not an error but a line of ``problems``.

    >>> gather(codes="F15-12345").problems
    ["code 1: the code is too short (input: 'F15-12345')"]
    """
    _check.text(codes, _MAX_PASTE, "the pasted codes")
    found: list[tuple[str, PupilResults]] = []
    problems: list[str] = []

    def read(where: str, reader: Any, value: Any) -> None:
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
    for number, line in enumerate(codes.splitlines(), start=1):
        if line.strip():
            read(f"code {number}", from_code, line.strip())
    out = Gathered(problems=problems)
    by_lesson: dict[str, dict[str, PupilResults]] = {}
    for where, results in found:
        pupils = by_lesson.setdefault(results.lesson, {})
        if results.pupil in pupils:
            out.problems.append(f"{where}: {results.pupil} (lesson {results.lesson}) was already read; left out")
        else:
            pupils[results.pupil] = results
    out.classes = {lesson: ClassResults(list(pupils.values())) for lesson, pupils in sorted(by_lesson.items())}
    out.problems.extend(_same_deals(out.classes))
    return out


def _same_deals(classes: Mapping[str, ClassResults]) -> list[str]:
    # two pairs that typed the same pair number ran the same deals: pooled, those deals count twice
    problems = []
    for lesson, results in classes.items():
        runs: dict[tuple[Any, ...], list[str]] = {}
        for pupil in results.pupils:
            for record in pupil.records:
                if record["kind"] == "game" and record["game"] == "fifteens" and record["strategy"] != HAND_PLAYED:
                    run = (record["seed"], record["strategy"], record["deals"])
                    if pupil.pupil not in runs.setdefault(run, []):
                        runs[run].append(pupil.pupil)
        for (seed, strategy, _deals), names in runs.items():
            if len(names) > 1:
                problems.append(f"lesson {lesson}: {' and '.join(names)} used the same pair number {seed}, so their "
                                f"{strategy} deals are the same deals, counted {len(names)} times in the pool; give "
                                "each pair its own number")
    return problems


# -- what the lesson says ------------------------------------------------------------------------------------------
def question_text(key: str, limit: int = 90) -> str:
    """The question of task ``key`` as plain text, cut to ``limit`` characters (``""`` for a key that is not a
    lesson task, such as a game's).

    >>> question_text("04.q1", 30)
    'Only yellow (target 3), whi...'
    """
    from .workbook import task
    _check.text(key, 20, "the task key", empty=False)
    _check.whole(limit, 10, 1000, "limit")
    try:
        found = task(key)
    except FifteenKitError:
        return ""
    text = found.question() if callable(found.question) else found.question
    text = re.sub(r"[*_`$]", "", " ".join(str(text).split()))
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


# -- the table -----------------------------------------------------------------------------------------------------
# the doubled class outranks JupyterLab's own table rules (right-aligned 12 px cells) without !important
_T = "table.kit-class.kit-class"
_STYLE = (f"<style>{_T}{{border-collapse:collapse;font-size:18px;line-height:1.35;margin:0.5em 0}}"
          f"{_T} th,{_T} td{{border:1px solid #999;padding:6px 10px;text-align:left;vertical-align:top;"
          "font-size:18px}"
          f"{_T} th{{background:#eef3f8}}{_T} td.n{{text-align:right;white-space:nowrap}}"
          f"{_T} small{{color:#444;font-size:15px}}</style>")


def _share(count: int | None, total: int) -> str:
    if count is None:
        return "&ndash;"
    return f"{count} of {total}" + (f" <small>({round(100 * count / total)}%)</small>" if total else "")


def class_table(results: ClassResults, values: Mapping[str, str] | None = None) -> HTML:
    """The class table of ``results`` as HTML: one row per exercise and "why" question, then one per prediction.

    ``values`` gives the predictions' values where the records lack them (codes): by default :func:`truths` of
    the lesson.  Raises InvalidArgumentError for something that is not a ClassResults.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.p1", "kind": "prediction", "answer": "6", "truth": ""},))
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
        wrong = ", ".join(f"{escape(text)} <small>(&times;{n})</small>" for text, n in q.wrong) or "&ndash;"
        label = "why" if q.kind == "why" else "exercise"
        rows.append(f"<tr><td><b>{escape(q.key)}</b> <small>{label}</small><br>{escape(question_text(q.key))}</td>"
                    f"<td class='n'>{_share(q.answered, total)}</td><td class='n'>{_share(q.right_first, total)}</td>"
                    f"<td class='n'>{_share(q.right_end, total)}</td><td>{wrong}</td></tr>")
    head = (f"<p style='font-size:20px'><b>Lesson {escape(str(lesson))}: {_pupils(total)}</b> "
            f"({escape(', '.join(results.names()))})</p>")
    table = ("<table class='kit-class'><tr><th>Question</th><th>Answered</th><th>Right first time</th>"
             "<th>Right in the end</th><th>Most common wrong answers</th></tr>" + "".join(rows) + "</table>")
    guesses = sorted(results.predictions(values), key=lambda g: (order.get(g.key, len(order)), g.key))
    prows = []
    for g in guesses:
        counted = Counter(" ".join(text.split()) for _, text in g.guesses)
        listed = ", ".join(f"{escape(t)}" + (f" <small>(&times;{n})</small>" if n > 1 else "")
                           for t, n in sorted(counted.items(), key=lambda item: (-item[1], item[0])))
        prows.append(f"<tr><td><b>{escape(g.key)}</b><br>{escape(question_text(g.key))}</td>"
                     f"<td>{escape(g.truth) or '&ndash;'}</td><td>{listed}</td></tr>")
    predictions = ("<table class='kit-class'><tr><th>Prediction</th><th>The kit's value</th><th>The guesses</th></tr>"
                   + "".join(prows) + "</table>") if prows else ""
    return HTML(_STYLE + head + (table if rows else "") + predictions)


# -- the charts ----------------------------------------------------------------------------------------------------
#: What the report shows instead of its charts where matplotlib is missing (the browser-only site, which serves
#: only what it holds: matplotlib's WebAssembly build is on Pyodide's CDN alone).
_NO_CHARTS = ("<p style='font-size:18px'>The charts of this report need matplotlib, which the browser-only site "
              "does not have: the table above holds every number. To see the charts, open this notebook on Binder "
              "or with <code>make lab</code>.</p>")


def _figure(height: float) -> tuple[Any, Any]:
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(9.5, height))
    plt.close(fig)  # returned, not shown by pyplot: the caller displays it once
    return fig, ax


def exercises_chart(results: ClassResults) -> Any:
    """Bars per exercise: how many pupils were right first time, and right in the end (a matplotlib Figure).

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.q1", "kind": "check", "answer": "7", "tries": 1,
    ...                                    "correct": True, "first": True, "wrong": []},))
    >>> len(exercises_chart(ClassResults([a])).axes)
    1
    """
    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("exercises_chart needs a ClassResults", input=results)
    checks = [q for q in results.questions() if q.kind == "check"]
    total = len(results.pupils)
    with plotstyle.context():
        fig, ax = _figure(1.6 + 0.75 * max(1, len(checks)))
        labels = [q.key for q in checks]
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


def predictions_chart(results: ClassResults, values: Mapping[str, str] | None = None) -> Any:
    """Each numeric prediction's guesses divided by the kit's value (1 = spot on), one row per prediction.

    Predictions whose value is not a number, or that are answered by picking an option, are left out: the table
    shows them.  Guesses beyond 3
    times the value are drawn at 3, with an arrow.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("05", "pair 1", ({"key": "05.p1", "kind": "prediction", "answer": "6", "truth": "7"},))
    >>> [float(x) for x in predictions_chart(ClassResults([a])).axes[0].get_xlim()]
    [0.0, 3.2]
    """
    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("predictions_chart needs a ClassResults", input=results)
    values = _values(results, values)
    order = _lesson_order(results.lesson)
    rows = []
    for g in sorted(results.predictions(values), key=lambda g: (order.get(g.key, len(order)), g.key)):
        truth, numbers = g.numbers()
        if truth and not _is_choice(g.key):
            rows.append((f"{g.key}  ({g.truth})", [n / truth for n in numbers]))
    with plotstyle.context():
        fig, ax = _figure(1.8 + 0.55 * max(1, len(rows)))
        ax.axvline(1, color="#1f1f24", linewidth=2.5, label="the kit's value")
        for y, (_, ratios) in enumerate(rows):
            inside = [r for r in ratios if 0 <= r <= 3]
            beyond = [r for r in ratios if not 0 <= r <= 3]
            ax.scatter(inside, [y] * len(inside), s=140, color=plotstyle.COLOURS[1], edgecolor="#1f1f24",
                       alpha=0.8, zorder=3, label="a guess" if y == 0 else None)
            ax.scatter([3.0 if r > 3 else 0.0 for r in beyond], [y] * len(beyond), s=140, marker=">",
                       color=plotstyle.COLOURS[1], edgecolor="#1f1f24", zorder=3)
        ax.set_yticks(range(len(rows)), [label for label, _ in rows])
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_xlim(0, 3.2)
        ax.set_xlabel("guess \u00f7 the kit's value (1 = spot on)")
        ax.set_title(f"Lesson {results.lesson}: predictions against the truth")
        ax.legend(loc="lower right", framealpha=0.9)
    return fig


def dice_chart(results: ClassResults) -> Any:
    """Lesson 04's pooled dice games: each game's points per board (the pupils' and the computer's), the pupils'
    mean as games are added with its 95% interval at the end, and the exact expected points under optimal play.

    >>> from fifteen_kit.results import PupilResults
    >>> a = PupilResults("04", "A", ({"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10,
    ...                               "score": 110, "computer": 130, "policy": None},))
    >>> dice_chart(ClassResults([a])).axes[0].get_title()
    'Lesson 04: points per board, pooled'
    """
    from fifteen_kit import plotstyle
    if not isinstance(results, ClassResults):
        raise InvalidArgumentError("dice_chart needs a ClassResults", input=results)
    pool = results.dice()
    exact = float(pool.exact)
    with plotstyle.context():
        fig, ax = _figure(5.0)
        xs = list(range(1, len(pool.pupils) + 1))
        ax.axhline(exact, color="#1f1f24", linestyle="--", linewidth=2.5,
                   label=f"exact, optimal play: {exact:.2f}")
        ax.scatter(xs, [v for _, v in pool.computer], s=110, marker="s", color=plotstyle.COLOURS[2],
                   edgecolor="#1f1f24", label="the computer's game", zorder=3)
        ax.scatter(xs, [v for _, v in pool.pupils], s=120, color=plotstyle.COLOURS[1], edgecolor="#1f1f24",
                   label="a pupil's game", zorder=3)
        if pool.running:
            ax.plot(xs, pool.running, color=plotstyle.COLOURS[0], label="pupils' mean so far", zorder=2)
        if pool.interval is not None and pool.mean is not None:
            low, high = pool.interval
            ax.errorbar([xs[-1] + 0.25], [pool.mean], yerr=[[pool.mean - low], [high - pool.mean]],
                        color=plotstyle.COLOURS[0], linewidth=3, label="95% interval of the mean")
        ax.set_xticks(xs, [name for name, _ in pool.pupils] if len(xs) <= 8 else xs)
        ax.set_xlim(0.5, max(len(xs), 1) + 0.75)
        ax.set_ylabel("points per board")
        ax.set_xlabel("games, in the order added")
        ax.set_title(f"Lesson {results.lesson}: points per board, pooled")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), framealpha=0.9, fontsize=13)
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
                        label=f"{pool.strategy}: {pool.steps[-1].wins} of {pool.steps[-1].deals}")
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


def _report(results: ClassResults) -> list[Any]:
    # the class table, then each chart as a picture (plotstyle.image: shown whatever MPLBACKEND says)
    import importlib.util

    from fifteen_kit import plotstyle
    if importlib.util.find_spec("matplotlib") is None:  # the browser-only site serves no matplotlib
        return [class_table(results), HTML(_NO_CHARTS)]
    charts = []
    if any(q.kind == "check" for q in results.questions()):
        charts.append(exercises_chart(results))
    if results.predictions():
        charts.append(predictions_chart(results))
    if results.dice().pupils:
        charts.append(dice_chart(results))
    if results.fifteens():
        charts.append(fifteens_chart(results))
    return [class_table(results), *(plotstyle.image(fig) for fig in charts)]


class ClassView(w.VBox):
    """The teacher notebook's widget: upload results files, or give a folder, or paste codes; then the class.

    Args:
        folder: a folder of results files to read at once (``None``: none).

    Raises InvalidArgumentError for a folder that does not exist.

    >>> view = ClassView()
    >>> view.codes.value = "F15-4484W-V7000-01G0Z-EM"
    >>> view.load(); sorted(view.found.classes)
    ['04']
    """

    def __init__(self, folder: str | pathlib.Path | None = None) -> None:
        if folder is not None:
            _folder(folder)
        self.upload = w.FileUpload(accept=".json", multiple=True, description="Upload results files")
        self.upload.layout.width = "auto"
        self.folder = w.Text(value="" if folder is None else str(folder), description="or a folder:",
                             placeholder="a folder of results-*.json files", layout=w.Layout(width="520px"))
        self.codes = w.Textarea(placeholder="or paste codes here, one per line (F15-...)",
                                layout=w.Layout(width="620px", height="110px"))
        self.show_button = w.Button(description="Show the class", icon="table", button_style="primary",
                                    layout=w.Layout(width="auto"))
        self.message = w.HTML()
        self.out = w.Output()
        self.found = Gathered()
        self.show_button.on_click(lambda _b: self.show())
        super().__init__([w.HBox([self.upload, self.folder], layout=w.Layout(flex_flow="row wrap")), self.codes,
                          self.show_button, self.message, self.out])
        if folder is not None:
            self.load()

    def __repr__(self) -> str:
        return f"ClassView({', '.join(f'lesson {k}: {len(v.pupils)}' for k, v in self.found.classes.items())})"

    def load(self) -> None:
        """Read the folder, the uploaded files and the pasted codes again (into :attr:`found`)."""
        try:
            self.found = gather(self.folder.value.strip() or None, self.upload.value, self.codes.value)
        except FifteenKitError as exc:
            self.found = Gathered(problems=[str(exc)])
        counts = "; ".join(f"lesson {k}: {_pupils(len(v.pupils))}" for k, v in self.found.classes.items())
        problems = "".join(f"<li>{escape(p)}</li>" for p in self.found.problems)
        self.message.value = (f"<span style='font-size:18px'>{escape(counts) or 'No results yet.'}</span>"
                              + (f"<ul style='color:#a0001a'>{problems}</ul>" if problems else ""))

    def report(self, lesson: str) -> None:
        """Show lesson ``lesson``'s class table and charts (as this cell's output); for a lesson with no results
        read, a line saying so (so that Run All goes on to the next lesson).

        Raises InvalidArgumentError for a lesson that is not one of the kit's (``"00"`` to ``"06"``).
        """
        from .workbook import LESSONS

        _check.choice(lesson, LESSONS, "the lesson")
        if lesson not in self.found.classes:
            read = ", ".join(self.found.classes) or "none yet"
            display(HTML(f"<p style='font-size:18px'>No results of lesson {lesson} have been read (lessons read: "
                         f"{read}). Upload files, type their folder or paste codes, then click "
                         "<b>Show the class</b>.</p>"))
            return
        for item in _report(self.found.classes[lesson]):
            display(item)

    def show(self) -> None:
        """Read everything again and show every lesson's table and charts below the widget."""
        self.load()
        self.out.clear_output()
        with self.out:
            for lesson in self.found.classes:
                self.report(lesson)
