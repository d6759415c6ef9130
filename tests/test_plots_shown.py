"""Every plot the kit shows is a picture whatever the environment says (fifteen_kit.plotstyle.image).

With ``MPLBACKEND=Agg`` set, ipykernel leaves IPython's inline backend off and a bare matplotlib Figure is shown
as the text ``<Figure size ...>`` only; a matplotlibrc with another ``figure.dpi`` changes that text.  The slow
test runs the teacher's notebook (the one notebook whose saved outputs hold plots) and a small notebook of figure
and address reprs under nbval in one pytest run, with both set (about 20 s), and reads which outputs were
pictures: either fault alone fails it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from fifteen_kit import plotstyle

ROOT = Path(__file__).resolve().parents[1]
TEACHER = ROOT / "lessons" / "teacher" / "class_results.ipynb"

matplotlib = pytest.importorskip("matplotlib")


def _chart() -> Any:
    from matplotlib.figure import Figure

    with plotstyle.context():
        fig = Figure(figsize=(4, 3))
    fig.add_subplot().bar([1, 2, 3], [3, 1, 2])
    return fig


def test_image_is_the_same_png_whatever_the_rc_says() -> None:
    fig = _chart()
    first = plotstyle.image(fig)
    with matplotlib.rc_context({"figure.dpi": 150, "savefig.dpi": 150, "savefig.bbox": None}):
        second = plotstyle.image(fig)
    assert first.format == "png" and first.data.startswith(b"\x89PNG")
    assert first.data == second.data


def test_a_prediction_that_reveals_a_figure_shows_a_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display
    from fifteen_kit.widgets.exercise import Prediction

    from fifteen_kit.answers import Number

    shown: list[Any] = []
    monkeypatch.setattr(IPython.display, "display", lambda item, *a, **k: shown.append(item))
    p = Prediction("How many?", Number(places=0), lambda: 8, reveal=_chart)
    p.guess.value = "7"
    p.lock_button.click()
    assert len(shown) == 1 and isinstance(shown[0], IPython.display.Image), shown


def test_the_class_view_shows_its_charts_as_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    from fifteen_kit.widgets import class_view
    from IPython.display import HTML, Image

    shown: list[Any] = []
    monkeypatch.setattr(class_view, "display", lambda item, *a, **k: shown.append(item))
    view = class_view.ClassView(folder=str(TEACHER.parent / "sample_results"))
    view.report("04")
    # the tables (the class, pupil by pupil, the why answers), then every chart as a picture
    assert all(isinstance(item, HTML) for item in shown[:3]) and len(shown) > 3
    assert all(isinstance(item, Image) for item in shown[3:]), [type(item).__name__ for item in shown]


# -- under nbval, with MPLBACKEND=Agg and figure.dpi 150 --------------------------------------------------------
def _reprs_notebook(path: Path) -> None:
    # saved outputs as the kernel gives them at matplotlib's default 100 dpi (no inline backend: text only)
    cells = [
        ("from matplotlib.figure import Figure\n\nfig = Figure(figsize=(7.5, 4))\n_ = fig.add_subplot()\nfig",
         "<Figure size 750x400 with 1 Axes>"),
        ("fig = Figure(figsize=(2.592, 1.728))\n_ = fig.add_subplot()\nfig", "<Figure size 259.2x172.8 with 1 Axes>"),
        ("object()", "<object at 0x7f2b9c3d1e50>"),
    ]
    nb = nbformat.v4.new_notebook()
    for n, (source, text) in enumerate(cells, 1):
        nb.cells.append(nbformat.v4.new_code_cell(source, execution_count=n, outputs=[
            nbformat.v4.new_output("execute_result", {"text/plain": text}, execution_count=n)]))
    nbformat.write(nb, path)


def _saved_pictures(path: Path) -> int:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum("image/png" in out.get("data", {}) for c in cells for out in c.get("outputs", []))


def test_plot_notebooks_pass_nbval_with_mplbackend_agg_and_another_dpi(tmp_path: Path) -> None:
    (tmp_path / "matplotlibrc").write_text("figure.dpi: 150\n", encoding="utf-8")
    reprs, outputs = tmp_path / "figure_reprs.ipynb", tmp_path / "outputs.jsonl"
    _reprs_notebook(reprs)
    env = dict(os.environ, MPLBACKEND="Agg", MATPLOTLIBRC=str(tmp_path / "matplotlibrc"),
               KIT_NBVAL_OUTPUTS=str(outputs), PYTHONPATH=str(ROOT / "tests"))
    dpi = subprocess.run([sys.executable, "-c", "import matplotlib; print(matplotlib.rcParams['figure.dpi'])"],
                         env=env, capture_output=True, text=True, check=True)
    assert dpi.stdout.strip() == "150.0"  # the matplotlibrc is the one in effect
    sanitize = ROOT / "tests" / "sanitize.cfg"
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "nbval_outputs", "-q",
                          "--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(sanitize),
                          "--rootdir", str(ROOT), str(TEACHER), str(reprs)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    cells = [json.loads(line) for line in outputs.read_text(encoding="utf-8").splitlines()]
    pictures = sum("image/png" in kinds for c in cells if c["notebook"] == TEACHER.name for kinds in c["outputs"])
    assert pictures == _saved_pictures(TEACHER) > 0
