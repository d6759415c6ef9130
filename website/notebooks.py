"""The lessons as git keeps them: every output nbval compares, and nothing that changes from one run to the next.

``make lessons`` executes each lesson (and the teacher's notebook) in place, then ``python -m website.notebooks``
cleans it, so that re-running a lesson after a change of two cells gives a diff of those two cells and their
outputs, and a lesson's file stays small (:data:`MAX_BYTES`).  What goes:

* through nbstripout (:func:`nbstripout.strip_output`, outputs and execution counts kept): each cell's
  execution timestamps (``metadata.execution``) and the saved widget state (``metadata.widgets``: every model of
  every board, three quarters of a lesson's file), with the other keys nbstripout drops by default
  (:data:`DROPPED_KEYS`), and the machine's Python version (``metadata.language_info.version``);
* the outputs of a cell tagged ``nbval-ignore-output`` (:data:`IGNORED`), which differ at every run by design
  (lesson 04's game against the computer is dealt at random) and which nbval never compares;
* each widget view's ``model_id``, new at every run: it is emptied.  In a trusted notebook (``make lab`` trusts
  the lessons) JupyterLab and Notebook 7 hide a view whose model id is empty (the ``WidgetRenderer`` of
  ``@jupyter-widgets/jupyterlab-manager``; a view whose model was not saved would show "Error displaying widget:
  model not found"), and a board appears when its cell runs; an untrusted one shows the view's text form, as it
  always did.  That ``text/plain`` form stays: nbval compares it, as it always did (nbval skips the widget view
  itself, and image data unless ``--nbdime``).

Cell ids and execution counts stay.  nbval needs the counts: it compares a cell's outputs only when its saved
count is set, and fails on a cell with outputs and no count ("Unrun reference cell has outputs").  nbconvert
numbers the code cells 1, 2, 3... in order at every run, so they change only where a code cell is added or
removed (the later cells' numbers shift).  Nothing that ships needs the state in git: JupyterLite's copies
never had it (``lite/build.py``), Voila's apps (``play/``) save no outputs, and the published site, which draws
each lesson's boards from a saved state, builds from copies that ``make site`` executes first
(``build/site-lessons``, ``python -m website.build --lessons``).

``python -m website.notebooks FILE...`` cleans the files in place (a second run changes nothing);
``--check`` writes nothing, names each file that is not clean or is larger than :data:`MAX_BYTES`, and exits 1
if any is (``tests/test_lesson_files.py`` checks every committed lesson the same way).

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("board", id="c1", execution_count=3)])
>>> nb.cells[0].outputs = [nbformat.v4.new_output("execute_result", execution_count=3, data={
...     "text/plain": "Board()", WIDGET_VIEW: {"model_id": "3fa85f64", "version_major": 2, "version_minor": 0}})]
>>> nb.metadata.widgets = {"application/vnd.jupyter.widget-state+json": {"state": {"3fa85f64": {}}}}
>>> problems(nb)
['metadata: widgets', 'cell 0 (c1): widget view 3fa85f64']
>>> cell = clean(nb).cells[0]
>>> cell.execution_count, cell.outputs[0].execution_count, cell.outputs[0].data[WIDGET_VIEW]["model_id"]
(3, 3, '')
>>> "widgets" in nb.metadata, problems(nb)
(False, [])
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbstripout import strip_output

from fifteen_kit.errors import InvalidArgumentError

__all__ = ["DROPPED_KEYS", "IGNORED", "MAX_BYTES", "WIDGET_VIEW", "clean", "clean_file", "main", "problems"]

#: The mime type of a widget's view in an output; its ``model_id`` is random at every run.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: nbval's tag for a cell whose output differs at every run by design (a game dealt at random): its outputs go.
IGNORED = "nbval-ignore-output"
#: The largest a committed lesson may be, in bytes (the biggest was 1.3 MB with its widget state).
MAX_BYTES = 300_000
#: The metadata nbstripout drops (its command's defaults, which its ``strip_output`` does not hold, written out
#: here) plus the kernel's Python version, which is the machine's and not the lesson's.
DROPPED_KEYS = (
    "metadata.signature",
    "metadata.widgets",
    "metadata.language_info.version",
    "cell.metadata.collapsed",
    "cell.metadata.ExecuteTime",
    "cell.metadata.execution",
    "cell.metadata.heading_collapsed",
    "cell.metadata.hidden",
    "cell.metadata.scrolled",
)


def clean(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop from ``notebook`` (in place) what changes between runs; return it.  Outputs, counts and ids stay.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", id="a", execution_count=1)])
    >>> nb.cells[0].metadata.execution = {"iopub.status.idle": "2026-12-01T21:31:36.185934Z"}
    >>> clean(nb).cells[0]
    {'id': 'a', 'cell_type': 'code', 'metadata': {}, 'execution_count': 1, 'source': '1 + 1', 'outputs': []}
    """
    strip_output(notebook, keep_output=True, keep_count=True, keep_id=True, extra_keys=list(DROPPED_KEYS))
    for cell in notebook.cells:
        if IGNORED in cell.get("metadata", {}).get("tags", []):
            cell.outputs = []
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if isinstance(view, dict) and view.get("model_id"):
                view["model_id"] = ""
    return notebook


def problems(notebook: nbformat.NotebookNode) -> list[str]:
    """What :func:`clean` would drop from ``notebook``, one line for its metadata and one per cell; empty if clean.

    >>> problems(nbformat.v4.new_notebook(metadata={"language_info": {"name": "python", "version": "3.11.7"}}))
    ['metadata: language_info.version']
    """
    cleaned = clean(copy.deepcopy(notebook))
    found = []
    dropped = [key.removeprefix("metadata.") for key in DROPPED_KEYS if key.startswith("metadata.")
               and _has(notebook.metadata, key.removeprefix("metadata."))]
    if dropped:
        found.append("metadata: " + ", ".join(dropped))
    for index, (cell, tidy) in enumerate(zip(notebook.cells, cleaned.cells, strict=True)):
        if cell == tidy:
            continue
        what = [f"metadata.{key.removeprefix('cell.metadata.')}" for key in DROPPED_KEYS
                if key.startswith("cell.") and _has(cell, key.removeprefix("cell."))]
        if IGNORED in cell.get("metadata", {}).get("tags", []) and cell.get("outputs"):
            what.append(f"outputs of a cell tagged {IGNORED}")
        what += [f"widget view {out.data[WIDGET_VIEW]['model_id']}" for out in cell.get("outputs", [])
                 if (out.get("data", {}).get(WIDGET_VIEW) or {}).get("model_id")]
        found.append(f"cell {index} ({cell.get('id', '?')}): " + ", ".join(what))
    return found


def _has(tree: Any, dotted: str) -> bool:
    for part in dotted.split("."):
        if not isinstance(tree, dict) or part not in tree:
            return False
        tree = tree[part]
    return True


def _read(path: Path) -> nbformat.NotebookNode:
    if path.suffix != ".ipynb" or not path.is_file():
        raise InvalidArgumentError("not a notebook file (.ipynb)", input=str(path), position="FILE")
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)


def clean_file(path: Path) -> bool:
    """Clean the notebook at ``path`` in place (written as nbformat writes it); return whether it changed.

    Raises InvalidArgumentError when ``path`` is not a ``.ipynb`` file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp, "lesson.ipynb")
    ...     cell = nbformat.v4.new_code_cell("1", execution_count=1, metadata={"execution": {}})
    ...     nbformat.write(nbformat.v4.new_notebook(cells=[cell]), path)
    ...     clean_file(path), clean_file(path)
    (True, False)
    """
    text = path.read_text(encoding="utf-8")
    cleaned = nbformat.writes(clean(_read(path))).rstrip("\n") + "\n"
    if cleaned == text:
        return False
    path.write_text(cleaned, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--check", action="store_true",
                        help=f"write nothing; exit 1 if a file is not clean or is over {MAX_BYTES} bytes")
    args = parser.parse_args(argv)
    bad = 0
    for path in args.files:
        if args.check:
            found = problems(_read(path))
            if path.stat().st_size > MAX_BYTES:
                found.append(f"{path.stat().st_size} bytes, over {MAX_BYTES}")
            for line in found:
                print(f"{path}: {line}")
            bad += bool(found)
        elif clean_file(path):
            print(f"cleaned {path} ({path.stat().st_size} bytes)")
    if bad:
        print(f"{bad} notebook(s) not clean: run `make lessons` (or `python -m website.notebooks FILE`)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
