"""The lessons as committed: small, and free of what changes at every run, so a lesson's change is a readable diff.

``make lessons`` executes each notebook and cleans it (:mod:`website.notebooks`); a lesson saved any other way
(from JupyterLab, or by nbconvert alone) still holds timestamps, widget state or widget model ids, and fails here
with the cells named.  ``python -m website.notebooks FILE`` cleans one without running it.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from website.notebooks import MAX_BYTES, WIDGET_VIEW, clean, clean_file, problems

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "lessons" / "teacher").glob("*.ipynb"))
IDS = [p.relative_to(ROOT / "lessons").as_posix() for p in NOTEBOOKS]


def test_every_lesson_and_the_teachers_notebook_are_checked():
    assert len([p for p in NOTEBOOKS if p.parent.name == "lessons"]) >= 7
    assert any(p.parent.name == "teacher" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_committed_notebook_holds_nothing_volatile(path: Path):
    found = problems(nbformat.read(path, as_version=nbformat.NO_CONVERT))
    assert found == [], f"{path.name}: run `make lessons` (or `python -m website.notebooks {path.name}`):\n" + \
        "\n".join(found[:20])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_committed_notebook_is_small(path: Path):
    assert path.stat().st_size <= MAX_BYTES, f"{path.name}: {path.stat().st_size} bytes, over {MAX_BYTES}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_committed_notebook_is_written_as_make_lessons_writes_it(path: Path, tmp_path: Path):
    # byte for byte: cleaning it again changes nothing (the same JSON layout as nbformat and nbconvert write)
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    assert clean_file(copy) is False


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_outputs_are_kept_and_widget_views_keep_their_text(path: Path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert sum(bool(c["outputs"]) for c in code) > len(code) // 2  # executed, outputs committed
    # nbval compares a cell only if it has a count, and fails on outputs without one
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in code:
        for output in cell["outputs"]:
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                assert data[WIDGET_VIEW]["model_id"] == ""
                assert data.get("text/plain"), "nbval compares a widget's text form"


def test_cleaning_a_freshly_executed_notebook_keeps_every_compared_output():
    # what nbval compares (nbval.plugin's skip list) is the same before and after cleaning
    skipped = {"metadata", "traceback", "prompt_number", "output_type", "name", "execution_count", WIDGET_VIEW,
               "image/png", "image/jpeg"}
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("board", id="c1", execution_count=7, outputs=[
        nbformat.v4.new_output("display_data", data={"text/plain": "Board()", "text/html": "<b>15</b>",
                                                     WIDGET_VIEW: {"model_id": "ab12", "version_major": 2,
                                                                   "version_minor": 0}}),
        nbformat.v4.new_output("stream", name="stdout", text="15\n"),
        nbformat.v4.new_output("execute_result", data={"text/plain": "15"}, execution_count=7)])])
    nb.cells[0].metadata.execution = {"iopub.status.idle": "2026-12-01T21:31:36Z"}
    nb.metadata.widgets = {"application/vnd.jupyter.widget-state+json": {"state": {"ab12": {}}}}

    def compared(notebook: nbformat.NotebookNode) -> list:
        return [(key, value) for out in notebook.cells[0].outputs for key, value in sorted(
            {**{k: v for k, v in out.items() if k != "data"}, **out.get("data", {})}.items()) if key not in skipped]

    before = compared(nb)
    assert compared(clean(nb)) == before and len(before) == 4
    assert nb.cells[0].metadata == {} and "widgets" not in nb.metadata
