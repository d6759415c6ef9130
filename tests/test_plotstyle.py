"""The kit's plot style: projector-sized text, thick lines, Okabe-Ito colours, used by every lesson that plots."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from fifteen_kit import plotstyle

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLOTTING = ("plt.", "matplotlib", ".plot(", "savefig")


def test_importing_the_style_imports_no_matplotlib():
    code = "import sys, fifteen_kit, fifteen_kit.plotstyle; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_minimums_are_projector_sized():
    assert plotstyle.MIN_PT["tick"] >= 14
    assert plotstyle.MIN_PT["label"] >= 16 and plotstyle.MIN_PT["title"] >= 16


def test_style_meets_the_minimums():
    s = plotstyle.STYLE
    for key in ("xtick.labelsize", "ytick.labelsize", "legend.fontsize", "font.size"):
        assert s[key] >= plotstyle.MIN_PT["tick"], key
    assert s["axes.labelsize"] >= plotstyle.MIN_PT["label"]
    for key in ("axes.titlesize", "figure.titlesize", "legend.title_fontsize"):
        assert s[key] >= plotstyle.MIN_PT["title"], key
    assert s["lines.linewidth"] >= 3


def test_colours_are_okabe_ito_and_the_boards_hues():
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"}
    assert set(plotstyle.COLOURS) == okabe_ito and len(plotstyle.COLOURS) == 8
    pytest.importorskip("ipywidgets")
    from fifteen_kit.widgets.palette import PALETTE

    for name in ("yellow", "sky", "green", "orange", "vermillion"):
        assert PALETTE[name].upper() in plotstyle.COLOURS


def test_a_drawn_plot_has_the_sizes():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    before = matplotlib.rcParams["xtick.labelsize"]
    with plotstyle.context():
        fig, ax = plt.subplots()
        (line,) = ax.plot([1, 2, 3], [3, 1, 2], label="a line")
        ax.set_title("title")
        ax.set_xlabel("x")
        legend = ax.legend()
        fig.canvas.draw()
        ticks = ax.get_xticklabels() + ax.get_yticklabels()
        assert ticks and min(t.get_fontsize() for t in ticks) >= plotstyle.MIN_PT["tick"]
        assert min(t.get_fontsize() for t in legend.get_texts()) >= plotstyle.MIN_PT["tick"]
        assert ax.xaxis.label.get_fontsize() >= plotstyle.MIN_PT["label"]
        assert ax.title.get_fontsize() >= plotstyle.MIN_PT["title"]
        assert line.get_linewidth() >= 3
        assert matplotlib.colors.to_hex(line.get_color()).upper() == plotstyle.COLOURS[0]
        plt.close(fig)
    assert matplotlib.rcParams["xtick.labelsize"] == before  # the context restores matplotlib's settings


def test_missing_matplotlib_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails as if not installed
    with pytest.raises(ModuleNotFoundError, match=r"fifteen-kit\[lab\]"):
        plotstyle.use()


def _notebooks():
    return sorted([*ROOT.glob("lessons/*.ipynb"), *ROOT.glob("play/*.ipynb"), *ROOT.glob("docs/**/*.ipynb")])


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_every_notebook_that_plots_uses_the_style(path):
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    sources = ["".join(c["source"]) for c in cells]
    plotting = [i for i, s in enumerate(sources) if any(p in s for p in PLOTTING)]
    if not plotting:
        return
    styled = [i for i, s in enumerate(sources) if "plotstyle.use()" in s or "plotstyle.context()" in s]
    assert styled and styled[0] <= plotting[0], f"{path.name}: plots before using fifteen_kit.plotstyle"
