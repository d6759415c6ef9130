"""The lessons' charts without matplotlib (the browser-only site serves none): drawn as SVG, the same data.

With matplotlib hidden (``sys.modules["matplotlib"] = None``: ``import matplotlib`` fails, as in Pyodide without
its CDN), every chart a lesson reveals is an SVG drawing holding its title, one bar per value and its legend;
with matplotlib present the same chart is a PNG.  Bad input is refused with the kit's errors.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

from fifteen_kit import plotstyle
from fifteen_kit.barchart import BarChart, Line, Series
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.svg import SVG


def _charts() -> dict[str, Any]:
    from fifteen_kit.widgets.workbook import lesson02, lesson03, lesson04, lesson05, lesson06

    return {"02 endings": lesson02.endings_bars(), "03 subset sums": lesson03.subset_sum_bars(),
            "04 rules": lesson04.rules_bars((8,)), "04 distributions": lesson04.distributions_bars(),
            "04 simulation": lesson04.simulation_bars(), "04 boards": lesson04.boards_bars(),
            "05 study": lesson05.study_bars(lesson05.lesson_study()[:3], "three players"),
            "06 levels": lesson06.level_bars()}


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError):
        import matplotlib  # noqa: F401


def test_every_lesson_chart_is_svg_without_matplotlib(no_matplotlib: None) -> None:
    for name, chart in _charts().items():
        picture = plotstyle.image(chart)
        charts = chart if isinstance(chart, tuple) else (chart,)
        assert isinstance(picture, SVG), name  # one picture, side by side charts included (as one Figure)
        assert picture.count("<svg") == len(charts) + (len(charts) > 1)
        bars = sum(len(s.values) for c in charts for s in c.series)
        assert picture.count('<rect class="bar"') == bars, name
        for c in charts:
            assert f'aria-label="{c.title}"' in picture
            for s in c.series:
                if s.label:
                    assert f">{s.label}</tspan>" in picture, (name, s.label)
            for line in c.lines:
                assert picture.count("<polyline") >= 1 and len(line.xs) > 1


def test_a_prediction_reveals_its_chart_as_svg_without_matplotlib(no_matplotlib: None,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display
    from fifteen_kit.widgets.workbook import task

    shown: list[Any] = []
    monkeypatch.setattr(IPython.display, "display", lambda item, *a, **k: shown.append(item))
    prediction = task("02.p2").widget()  # after how many drafts do the most games end? (the endings chart)
    prediction.guess.value = "9"
    prediction.lock_button.click()
    assert prediction.locked
    assert isinstance(shown[0], SVG) and "games end" in shown[0], shown  # (then the words after the guess)


def test_with_matplotlib_the_same_chart_is_a_png() -> None:
    pytest.importorskip("matplotlib")
    picture = plotstyle.image(_charts()["06 levels"])
    assert picture.format == "png" and picture.data.startswith(b"\x89PNG")


def test_text_is_escaped_and_hatches_get_one_pattern_each() -> None:
    chart = BarChart(x=(1, 2), series=(Series(values=(1, 2), colours="#0072B2", hatches="//",
                                              label="<script>alert(1)</script>"),),
                     title='"><img src=x onerror=alert(1)>', xlabel="a & b", ylabel="", ymax=3)
    drawing = chart.svg()
    assert "<script" not in drawing and "<img" not in drawing and "a &amp; b" in drawing
    assert len(set(re.findall(r'<pattern id="([^"]+)"', drawing))) == len(re.findall(r"<pattern ", drawing)) == 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"values": (1, float("nan"))}, "finite"),
    ({"values": ()}, "finite"),
    ({"values": (1, True)}, "finite"),
    ({"hatches": "%%"}, "hatches"),
    ({"colours": ("#000000",)}, "colours"),
    ({"notes": ("a",)}, "notes"),
])
def test_bad_series_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        Series(**{"values": (1, 2), "colours": "#000000", **kwargs})


def test_bad_charts_are_refused() -> None:
    bars = (Series(values=(1, 2), colours="#000000"),)
    with pytest.raises(InvalidArgumentError, match="one value per bar"):
        BarChart(x=(1, 2, 3), series=bars, title="", xlabel="", ylabel="", ymax=3)
    with pytest.raises(InvalidArgumentError, match="ymax"):
        BarChart(x=(1, 2), series=bars, title="", xlabel="", ylabel="", ymax=0)
    with pytest.raises(InvalidArgumentError, match="legend_at"):
        BarChart(x=(1, 2), series=bars, title="", xlabel="", ylabel="", ymax=3, legend_at="centre")
    with pytest.raises(InvalidArgumentError, match="line"):
        Line(xs=(1, 2), ys=(1,), colour="#000000")


def test_the_offline_site_test_answers_every_chart_reveal() -> None:
    """tests/lite reveals every chart a lesson has: its CHART_REVEALS names each prediction whose reveal draws one."""
    import ast
    from pathlib import Path

    from fifteen_kit.widgets.workbook import LESSONS, Predict, tasks

    source = (Path(__file__).parent / "lite" / "test_site.py").read_text(encoding="utf-8")
    table = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Assign)
                 and getattr(n.targets[0], "id", "") == "CHART_REVEALS")
    listed = {key for keys in ast.literal_eval(table.value).values() for key in keys}
    import importlib

    makers = set()  # the lesson modules' chart makers (each returns a BarChart)
    for lesson in LESSONS:
        try:
            module = importlib.import_module(f"fifteen_kit.widgets.workbook.lesson{lesson}")
        except ModuleNotFoundError:
            continue
        makers |= {name for name in module.__all__ if name.endswith("_bars")}
    def names(reveal):  # a reveal with words after it wraps the reveal that draws (widgets/workbook/records.py)
        inner = getattr(reveal, "__wrapped__", None)
        return set(reveal.__code__.co_names) | (names(inner) if inner is not None else set())

    drawn = {t.key for lesson in LESSONS for t in tasks(lesson) if isinstance(t, Predict) and t.reveal is not None
             and makers & names(t.reveal)}
    assert drawn and listed == drawn
