"""A pupil's results: every answer and game of a lesson kept in its notebook, and handed in with one click.

* :class:`Recorder` -- the one recording mechanism.  A question or a board made with a ``key`` keeps its latest
  *record* (a dict in the format of :mod:`fifteen_kit.results`: ``key``, ``kind`` and the kind's fields) in this
  kernel and as a small output below itself, which the notebook saves like any output; a fresh kernel reads the
  saved notebook (found through JupyterLab's session name, or in JupyterLite as the one notebook of its folder
  named like the lesson, ``04_*.ipynb``) and gets the records back.
* :func:`saved_answer` -- the record kept for a key (this kernel's, else the saved notebook's).
* :func:`lesson_records` -- every record of one lesson, in the order the notebook shows them.
* :class:`ResultsExport` / :func:`export_results` -- the "Hand in your results" widget: a name box, a
  **Save my results** button that gives a download link to a small JSON file (a ``data:`` link, so it works with
  no server of ours: JupyterLab, Binder, Voila and JupyterLite) and the short code, shown large, that a pupil can
  read out or type.

>>> r = Recorder("96.game", "game")
>>> r.write(game="dice", seed=3, boards=1, score=12, computer=14, policy="optimal")["score"]
12
>>> [record["key"] for record in lesson_records("96")]
['96.game']
>>> forget("96")
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError

from .keep import NO_DRIVE, keep, kept, notebook_path, problem, work_file
from .style import style_sheet

__all__ = ["KINDS", "Recorded", "Recorder", "ResultsExport", "export_results", "forget", "lesson_records",
           "saved_answer"]

#: The kinds of record: a checked answer, a prediction, a written explanation, a game's result, a player's source.
KINDS = ("check", "prediction", "why", "game", "player")

# the records made in this kernel, by key (the newest wins over the saved notebook)
_ANSWERS: dict[str, dict[str, Any]] = {}
# the saved notebook's records, read once per kernel: (path, modification time) -> {key: record}
_SAVED: dict[tuple[str, float], dict[str, dict[str, Any]]] = {}
_META = "fifteen_kit"
_LESSON = re.compile(r"\d\d", re.ASCII)


def _notebook_records(lesson: str) -> dict[str, dict[str, Any]]:
    """The records saved in this kernel's notebook (see :func:`_notebook_path`), in cell order."""
    path = notebook_path(lesson)
    if not path:
        return {}
    with contextlib.suppress(OSError):
        stamp = (path, os.path.getmtime(path))
        if stamp not in _SAVED:
            records: dict[str, dict[str, Any]] = {}
            with contextlib.suppress(ValueError, TypeError, AttributeError, KeyError):
                with open(path, encoding="utf-8") as handle:
                    notebook = json.load(handle)
                for cell in notebook.get("cells", []):
                    for output in cell.get("outputs", []) or []:
                        record = (output.get("metadata") or {}).get(_META)
                        if isinstance(record, dict) and isinstance(record.get("key"), str):
                            records[record["key"]] = record
            _SAVED.clear()
            _SAVED[stamp] = records
        return _SAVED[stamp]
    return {}


def saved_answer(key: str) -> dict[str, Any] | None:
    """The record kept for ``key`` in this kernel, or else in the saved notebook (or None).

    A record is a dict with ``key``, ``kind`` (one of :data:`KINDS`) and the kind's fields (see
    :mod:`fifteen_kit.results`), e.g. ``{"key": "04.q2", "kind": "check", "answer": "5/12", "tries": 1, ...}``.
    Raises InvalidArgumentError unless ``key`` is text of at most 80 characters.

    >>> saved_answer("no such question") is None
    True
    """
    _check.text(key, 80, "the question key")
    return _ANSWERS.get(key) or kept(key[:2]).get(key) or _notebook_records(key[:2]).get(key)


def _complete(record: Mapping[str, Any]) -> bool:
    # a record worth handing in: an answer was given, or a game result written
    if record.get("kind") == "player":
        return isinstance(record.get("source"), str) and bool(record.get("source", "").strip())
    return bool(record.get("game")) if record.get("kind") == "game" else isinstance(record.get("answer"), str) \
        and bool(record.get("answer"))


def lesson_records(lesson: str) -> list[dict[str, Any]]:
    """Every record of lesson ``lesson`` (``"04"``: keys ``"04.…"``) made in this kernel or saved in the notebook.

    The saved notebook's records come in the notebook's order, this kernel's newer ones replace them in place,
    and records first made in this kernel follow in the order they were made.  Unanswered questions are left
    out.  Raises InvalidArgumentError unless ``lesson`` is two digits.

    >>> lesson_records("97")
    []
    """
    _check.text(lesson, 2, "the lesson", empty=False)
    if not _LESSON.fullmatch(lesson):
        raise InvalidArgumentError("the lesson is two digits, like '04'", input=lesson)
    merged = dict(_notebook_records(lesson))
    merged.update(kept(lesson))
    merged.update(_ANSWERS)
    return [dict(r) for k, r in merged.items() if k.startswith(lesson + ".") and _complete(r)]


def forget(lesson: str) -> None:
    """Drop this kernel's records of lesson ``lesson`` (the saved notebook keeps its own): for tests and demos.

    Raises InvalidArgumentError unless ``lesson`` is two digits.

    >>> forget("97")
    """
    _check.text(lesson, 2, "the lesson", empty=False)
    if not _LESSON.fullmatch(lesson):
        raise InvalidArgumentError("the lesson is two digits, like '04'", input=lesson)
    for key in [k for k in _ANSWERS if k.startswith(lesson + ".")]:
        del _ANSWERS[key]


def _keep_earlier_game(record: Mapping[str, Any]) -> None:
    # the game recorded under the record's key before this board was made (an earlier run of the cell) moves to
    # the first free key ``key_1``, ``key_2``, ... so that a re-run never replaces a played game; the same result
    # again (a computer study run again on the same deals) is not a second game
    key = str(record["key"])
    earlier = saved_answer(key)
    if earlier is None or not _complete(earlier) or earlier == dict(record):
        return
    lesson = key[:2]
    taken = set(_ANSWERS) | set(kept(lesson)) | set(_notebook_records(lesson))
    for n in range(1, 100):
        moved = f"{key}_{n}"
        if len(moved) > 19:  # the results format's longest key: "NN." and 16 characters
            return
        if moved not in taken:
            record = dict(earlier, key=moved)
            _ANSWERS[moved] = record
            keep(record)
            return


_SAYS = {"check": "Your answer", "prediction": "Your prediction", "why": "Your explanation", "game": "Your result",
         "player": "Your player"}


def _bundle(record: Mapping[str, Any] | None, summary: str, stored: bool = False) -> dict[str, str]:
    # the line below a question or board: what is kept, and whether it is on disk already or waits for a save
    if not record or not _complete(record):
        return {"text/plain": "", "text/html": ""}
    no_drive = problem(str(record.get("key", ""))[:2]) == NO_DRIVE  # JupyterLite without the site's storage
    kept_how = "saved as you gave it" if stored else "lost on a reload: hand it in first" if no_drive \
        else "kept when you save the notebook"
    line = f"{_SAYS.get(str(record.get('kind')), 'Your answer')} ({kept_how}): {summary}"
    return {"text/plain": line, "text/html": f'<div class="kit-record">{escape(line)}</div>'}


def _summary(record: Mapping[str, Any]) -> str:
    # the line a pupil sees below the question or board
    if record.get("kind") == "player":
        source = str(record.get("source", ""))
        lines = len(source.splitlines())
        return f"{lines} line{'' if lines == 1 else 's'} of Python, {len(source):,} characters"
    if record.get("kind") != "game":
        return str(record.get("answer", ""))
    game, get = record.get("game"), record.get
    if game == "dice":
        boards = get("boards")
        return (f"{boards} board{'' if boards == 1 else 's'} played: you {get('score')} points, the computer "
                f"{get('computer')} "
                f"(game number {get('seed')})")
    if game == "fifteens" and "strategy" in record:
        if get("strategy") == "pupil":
            return f"deal {get('seed')}: {'won' if get('wins') else 'not won'}, {get('cards_left')} cards left"
        wins = get("wins")
        return f"{get('strategy')}: {wins} win{'' if wins == 1 else 's'} in {get('deals')} deals (pair {get('seed')})"
    if game == "game_of_15":
        winner = {"O": "Onyx", "I": "Ivory"}.get(str(get("winner")), "nobody")
        return f"match won by {winner} (rounds: Onyx {get('onyx')}, Ivory {get('ivory')})"
    if game == "five_by_15":
        deal = f"deal {get('seed')}" if get("seed") is not None else "this position"
        return f"{deal}: {get('status')} after {get('moves')} moves"
    return ", ".join(f"{k} {v}" for k, v in record.items() if k not in ("key", "kind"))


class Recorder:
    """The record of one task or game: kept in this kernel and in a small output below its widget.

    Args:
        key: the record's name in its lesson (``"04.q2"``, ``"04.game"``), text of 1 to 80 characters.
        kind: one of :data:`KINDS`.

    Raises InvalidArgumentError for a bad key or kind.

    >>> r = Recorder("98.q1", "check")
    >>> r.saved() is None
    True
    >>> r.write(answer="8", tries=1, correct=True, first=True, wrong=[])["first"]
    True
    >>> r.saved()["answer"]
    '8'
    >>> forget("98")
    """

    def __init__(self, key: str, kind: str) -> None:
        self.key = _check.text(key, 80, "the record key", empty=False)
        self.kind = _check.choice(kind, KINDS, "the record kind")
        self._handle: Any = None
        self.stored = False  # the last record is in the lesson's work file on disk (widgets/keep.py)
        self._written = False  # this recorder (one board, one run of its cell) has written a record

    def __repr__(self) -> str:
        return f"Recorder({self.key!r}, {self.kind!r})"

    def saved(self) -> dict[str, Any] | None:
        """The record kept for this key and kind (this kernel's, else the saved notebook's), or None."""
        record = saved_answer(self.key)
        return dict(record) if record and record.get("kind") == self.kind else None

    def new_game(self) -> None:
        """The board starts another game (New game, New match, New deal): its first record keeps the one before
        it under ``key_1`` (as a re-run board does) instead of replacing it, so the hand-in holds every game."""
        self._written = False

    def continues(self) -> None:
        """The board goes on with the game recorded under this key (an unfinished game continued, see
        :mod:`fifteen_kit.widgets.resume`): its next record replaces that one instead of keeping it apart."""
        self._written = True

    def write(self, **values: Any) -> dict[str, Any]:
        """Keep a new record ``{"key", "kind", **values}`` and show it below the widget; returns the record.

        Values must be JSON-able, or InvalidArgumentError is raised.
        """
        record = {"key": self.key, "kind": self.kind, **values}
        try:
            json.dumps(record)
        except (TypeError, ValueError) as exc:
            raise InvalidArgumentError(f"a record's values must be JSON-able ({exc})", input=values) from None
        if self.kind == "game" and not self._written:
            _keep_earlier_game(record)  # a new board's first result: the game before it stays handed in
        self._written = True
        _ANSWERS[self.key] = record
        self.stored = keep(record)
        if self._handle is not None:
            with contextlib.suppress(Exception):  # outside a notebook (tests, scripts) there is nothing to update
                self._handle.update(_bundle(record, _summary(record), self.stored), raw=True,
                                    metadata={_META: record})
        return dict(record)

    def show(self) -> None:
        """Display the record's output (the kept record, if any) in the current cell, to be updated later."""
        from IPython.display import display

        record = self.saved()
        if record is not None:
            _ANSWERS.setdefault(self.key, record)  # a restored record stays this kernel's, so a save keeps it
        self.stored = record is not None and kept(self.key[:2]).get(self.key) == record
        bundle = _bundle(record, _summary(record) if record else "", self.stored)
        metadata = {_META: record} if record and _complete(record) else {}
        self._handle = display(bundle, raw=True, metadata=metadata, display_id=True)


class Recorded:
    """What a recorded widget shares (mixed into questions and boards): its :class:`Recorder`, shown below it."""

    recorder: Recorder | None = None

    def _recorders(self) -> list[Recorder]:
        # the records shown below the widget (one, or none without a key; a study of strategies has several)
        return [self.recorder] if self.recorder is not None else []

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[attr-defined]
        for recorder in self._recorders():
            recorder.show()


def _holds(records: list[dict[str, Any]]) -> str:
    # what a hand-in holds, in words: "3 answers, 2 predictions, 1 explanation and 1 game"
    kinds = [("check", "answer"), ("prediction", "prediction"), ("why", "explanation"), ("game", "game"),
             ("player", "player")]
    parts = [f"{n} {word}{'' if n == 1 else 's'}" for kind, word in kinds
             if (n := sum(r.get("kind") == kind for r in records))]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class ResultsExport(w.VBox):
    """The "Hand in your results" widget of lesson ``lesson`` (two digits, ``"04"``).

    A box for the pupils' names (or pair number), a **Save my results** button, then a link that downloads the
    results file (JSON, see :func:`fifteen_kit.results.to_json`) and the short code
    (:func:`fifteen_kit.results.to_code`) in large letters.  The link is a ``data:`` URI: the file is made in
    the page, so no server is needed.

    Raises InvalidArgumentError unless ``lesson`` is two digits.

    >>> box = ResultsExport("98")
    >>> box.name.value = "Ana and Ben"; box.save_button.click(); box.message.value
    'Nothing recorded yet in lesson 98: answer a question or play first, then save again.'
    """

    def __init__(self, lesson: str) -> None:
        _check.text(lesson, 2, "the lesson", empty=False)
        if not _LESSON.fullmatch(lesson):
            raise InvalidArgumentError("the lesson is two digits, like '04'", input=lesson)
        self.lesson = lesson
        self.name = w.Text(description="Your names or pair number", placeholder="e.g. Ana and Ben, or pair 7",
                           style={"description_width": "initial"}, layout=w.Layout(width="34em", max_width="100%"))
        self.name.add_class("kit-answer")
        self.save_button = w.Button(description="Save my results", icon="download", layout=w.Layout(width="auto"),
                                    tooltip="Makes a file of your answers to download, and a short code to read out")
        self.save_button.add_class("kit-save")
        self.save_button.on_click(lambda _b: self.save())
        explain = w.HTML("Press <b>Save my results</b>: you get a file to download and hand in, and a short code "
                         "to read out or type if files cannot be collected. Save again after more answers.")
        explain.add_class("kit-feedback")
        self.message = w.HTML()
        self.message.add_class("kit-feedback")
        self.link = w.HTML()
        self.link.add_class("kit-download")
        self.code = w.HTML()
        self.code.add_class("kit-code")
        super().__init__([style_sheet(), explain, w.HBox([self.name, self.save_button],
                                                                 layout=w.Layout(flex_flow="row wrap")),
                          self.message, self.link, self.code])
        self.add_class("kit-question")
        self.add_class("kit-export")
        self.results: Any = None

    def __repr__(self) -> str:
        return f"ResultsExport({self.lesson!r})"

    def save(self) -> bool:
        """Make the results of the lesson so far: the download link and the code; False (with a message) if the
        name is missing or nothing is recorded yet."""
        pupil = self.name.value.strip() if isinstance(self.name.value, str) else ""
        self.link.value = self.code.value = ""
        if not pupil:
            self.message.value = "Type your names or your pair number first."
            return False
        records = lesson_records(self.lesson)
        if not records:
            self.message.value = (f"Nothing recorded yet in lesson {self.lesson}: answer a question or play "
                                  "first, then save again.")
            return False
        from fifteen_kit.results import PupilResults, results_file_name, to_code, to_json

        try:
            results = PupilResults(self.lesson, pupil, tuple(records))
            text, code, file_name = to_json(results), to_code(results), results_file_name(results)
        except FifteenKitError as err:
            self.message.value = f"Cannot save: {escape(err.message)}."
            return False
        self.results = results
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.message.value = f"Saved: {escape(_holds(records))}. Now download the file, or read out the code."
        if any(r.get("kind") == "player" for r in records):
            self.message.value += (" <b>Your player is only in the file</b> (a code is too short for a program): "
                                   "download the file and hand it in.")
        if problem(self.lesson) == NO_DRIVE:
            self.message.value += (f" <b>Warning:</b> {escape(NO_DRIVE)}: download the file (or note the code) now, "
                                   "before you reload or close this page.")
        elif problem(self.lesson):
            self.message.value += (f" <b>Warning:</b> your answers are not all on disk ({escape(problem(self.lesson))})"
                                   ": save the notebook (Ctrl+S) before you close it.")
        elif work_file(self.lesson) is None:
            self.message.value += " Save the notebook too (Ctrl+S): that keeps your answers if you come back."
        self.link.value = (f'<a download="{escape(file_name)}" href="data:application/json;base64,{data}">'
                           f'⬇ Download {escape(file_name)}</a>')
        self.code.value = (f'<div>Your code (read it out or type it):</div>'
                           f'<div class="kit-code-text" aria-label="Your results code">{escape(code)}</div>')
        return True


def export_results(lesson: str) -> ResultsExport:
    """The "Hand in your results" widget of lesson ``lesson`` (see :class:`ResultsExport`).

    Raises InvalidArgumentError unless ``lesson`` is two digits.

    >>> export_results("04").save_button.description
    'Save my results'
    """
    return ResultsExport(lesson)
