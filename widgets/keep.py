"""A pupil's work kept on disk the moment it is given: one small file per lesson, beside the lesson's notebook.

Every answer, guess, explanation and game record is written to ``<notebook name>.work.json`` in the notebook's
folder as soon as it is given (:func:`keep`), and read back in a fresh kernel (:func:`kept`), so a restarted
kernel, a closed tab, a culled server or a re-run loses nothing, with or without a save.  On Binder and the
school hub the folder is the pupil's own copy of the lessons; in JupyterLite it is the browser's storage for
the site (the kernel's folder is the site's drive).

Where: beside this kernel's notebook (JupyterLab and Notebook tell the kernel its path; JupyterLite runs the
kernel in the notebook's folder, where the lesson's notebook is found by its number).  The environment
variable ``FIFTEEN_KIT_WORK`` moves the files into another folder, or, set to ``off``, keeps nothing on disk
(scripts, the tests' own runs).  Without a notebook (a script, a test) nothing is written either.

The file is the pupil's own and may have been edited or broken: it is read with a size limit, and a record in
it is used only if it has a key of the lesson and a known kind; anything else is left out, never executed.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> os.environ["FIFTEEN_KIT_WORK"] = folder
>>> keep({"key": "95.q1", "kind": "check", "answer": "8"}, notebook="95_demo.ipynb")
True
>>> kept("95", notebook="95_demo.ipynb")["95.q1"]["answer"]
'8'
>>> sorted(os.listdir(folder))
['95_demo.work.json']
>>> del os.environ["FIFTEEN_KIT_WORK"]
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

__all__ = ["ENV", "MAX_BYTES", "NO_DRIVE", "SUFFIX", "keep", "kept", "notebook_path", "problem", "work_file"]

#: The environment variable that moves the work files into another folder, or (``off``) turns them off.
ENV = "FIFTEEN_KIT_WORK"
#: The ending of a work file's name, after the notebook's name without ``.ipynb``.
SUFFIX = ".work.json"
#: The largest work file read back (bytes); a bigger one is left alone (not overwritten either).
MAX_BYTES = 1_000_000
_FORMAT = "fifteen-kit work"
_LESSON = re.compile(r"\d\d", re.ASCII)
_KEY = re.compile(r"\d\d\.[a-z][a-z0-9_]{0,15}", re.ASCII)
_KINDS = ("check", "prediction", "why", "game", "open", "player")  # open: an unfinished game (widgets/resume.py)
# the last problem met while keeping work, by lesson (shown by the hand-in), or absent
_PROBLEMS: dict[str, str] = {}
#: The problem of a JupyterLite kernel that cannot reach the site's storage (no service worker: a private window,
#: service workers turned off by the school, a site served over plain http): neither the work file nor the saved
#: notebook can be read or written, so the hand-in says to download the results before the page goes.
NO_DRIVE = ("this browser does not let the lesson reach the site's storage (service workers are off), so nothing "
            "is kept when the page is reloaded or closed")


def notebook_path(lesson: str) -> str:
    """This kernel's notebook, as an absolute path, or ``""`` when it cannot be known.

    JupyterLab and Notebook 7 give the kernel its notebook's path (``JPY_SESSION_NAME``).  JupyterLite's kernel
    is not told, but runs in the notebook's folder: there the one notebook named like the lesson (``04_*.ipynb``)
    is taken (so is a plain kernel's, as nbval starts one, which only reads).  Raises InvalidArgumentError for a
    lesson that is not text.
    """
    _check.text(lesson, 100, "the lesson")
    path = os.environ.get("JPY_SESSION_NAME", "")
    if path.endswith(".ipynb") and os.path.isfile(path):
        return os.path.abspath(path)
    if _LESSON.fullmatch(lesson or ""):
        with contextlib.suppress(OSError):
            found = [name for name in os.listdir(".") if name.startswith(lesson + "_") and name.endswith(".ipynb")]
            if len(found) == 1:
                return os.path.abspath(found[0])
    return ""


def work_file(lesson: str, notebook: str | None = None) -> Path | None:
    """The work file of ``lesson`` (``"04"``) for ``notebook`` (default: this kernel's), or None: nothing is kept.

    Raises InvalidArgumentError for a lesson or notebook that is not text.

    >>> work_file("04", notebook="/home/pupil/lessons/04_dice_and_risk.ipynb").name
    '04_dice_and_risk.work.json'
    """
    _check.text(lesson, 100, "the lesson")
    if notebook is not None:
        _check.text(notebook, 4096, "the notebook's path")
    setting = os.environ.get(ENV, "").strip()
    if setting.lower() == "off":
        return None
    # a notebook's kernel in JupyterLab, Notebook 7 or JupyterLite; not a plain kernel (nbval, nbconvert) that
    # runs the lessons in the repository
    told = bool(os.environ.get("JPY_SESSION_NAME")) or sys.platform == "emscripten"
    path = notebook if notebook is not None else notebook_path(lesson) if told else ""
    if not path:
        if notebook is None and sys.platform == "emscripten" and _LESSON.fullmatch(lesson or ""):
            try:
                os.listdir(".")
            except OSError:  # JupyterLite's drive answers nothing: the site's storage is out of reach
                _PROBLEMS[lesson] = NO_DRIVE
            else:
                _PROBLEMS[lesson] = f"there is not exactly one notebook named {lesson}_….ipynb in this folder"
        return None
    name = Path(path).name.removesuffix(".ipynb") + SUFFIX
    return Path(setting) / name if setting else Path(path).with_name(name)


def _read(file: Path) -> dict[str, Any] | None:
    # the file's records by key, {} for no file, None for a file that cannot be read (left as it is)
    try:
        if file.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(file.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):  # nothing kept yet (or no folder: writing will say so)
        return {}
    except (OSError, ValueError, RecursionError):
        return None
    records = data.get("records") if isinstance(data, dict) and data.get("format") == _FORMAT else None
    return records if isinstance(records, dict) else None


def _usable(key: Any, record: Any, lesson: str) -> bool:
    return (isinstance(key, str) and _KEY.fullmatch(key) is not None and key.startswith(lesson + ".")
            and isinstance(record, dict) and record.get("key") == key and record.get("kind") in _KINDS)


def kept(lesson: str, notebook: str | None = None) -> dict[str, dict[str, Any]]:
    """The records kept on disk for ``lesson`` (``"04"``), by key, in the order they were first given.

    Records without a key of the lesson or a known kind are left out; a missing, oversized or broken file
    gives ``{}``.  Raises InvalidArgumentError only for a lesson or notebook that is not text.
    """
    file = work_file(lesson, notebook)
    records = _read(file) if file is not None else {}
    return {key: dict(record) for key, record in (records or {}).items() if _usable(key, record, lesson)}


def keep(record: Mapping[str, Any], notebook: str | None = None) -> bool:
    """Write ``record`` (a dict with ``key`` like ``"04.q2"`` and ``kind``) into its lesson's work file at once.

    The file is replaced in one step (written beside it, then renamed), so a crash leaves the old file or the
    new one, never half of one.  Returns True if it is on disk, False if nothing is kept here (no notebook,
    ``FIFTEEN_KIT_WORK=off``) or it could not be written; then :func:`problem` says why.  Raises
    InvalidArgumentError only for a record that is not a mapping, or a notebook that is not text.
    """
    if not isinstance(record, Mapping):
        raise InvalidArgumentError("a record is a dict with 'key' and 'kind'", input=_check.short(record))
    if notebook is not None:
        _check.text(notebook, 4096, "the notebook's path")
    key = record.get("key")
    if not isinstance(key, str) or _KEY.fullmatch(key) is None:
        return False
    lesson = key[:2]
    file = work_file(lesson, notebook)
    if file is None:
        return False
    records = _read(file)
    if records is None:
        _PROBLEMS[lesson] = f"{file.name} cannot be read (too big or damaged), so it was left as it is"
        return False
    records = {k: r for k, r in records.items() if _usable(k, r, lesson)}
    records[key] = dict(record)
    try:
        text = json.dumps({"format": _FORMAT, "lesson": lesson, "records": records}, ensure_ascii=False, indent=1)
    except (TypeError, ValueError) as exc:
        raise InvalidArgumentError(f"a record's values must be JSON-able ({exc})", input=key) from None
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                with contextlib.suppress(OSError):
                    os.fsync(out.fileno())
            os.replace(temporary, file)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    except OSError as exc:
        _PROBLEMS[lesson] = f"{file.name} could not be written ({exc.strerror or exc})"
        return False
    _PROBLEMS.pop(lesson, None)
    return True


def problem(lesson: str) -> str:
    """Why the last record of ``lesson`` could not be kept on disk, or ``""`` (kept, or nothing tried yet).

    Raises InvalidArgumentError for a lesson that is not text.
    """
    _check.text(lesson, 100, "the lesson")
    return _PROBLEMS.get(lesson, "")
