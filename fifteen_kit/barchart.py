"""The lessons' bar charts as plain data, drawn by matplotlib where it is installed and as SVG where it is not.

A :class:`BarChart` holds what a chart shows (bars, their colours and hatching, labels, the axis range) and
nothing of how it is drawn.  :meth:`BarChart.figure` draws it with matplotlib in the kit's projector style
(:mod:`fifteen_kit.plotstyle`); :meth:`BarChart.svg` draws the same chart as SVG text with the standard library
only, for the browser-only site (JupyterLite), where matplotlib and numpy are WebAssembly packages that only
Pyodide's CDN serves.  :func:`fifteen_kit.plotstyle.image` picks the first that works, so a lesson's reveal
shows its chart in both places, and offline.

Both drawings follow the same rules: bars start at zero, each series has a colour and a hatching (never colour
alone), text is at least the style's 14 pt (19 px) and the y axis has light grid lines.

>>> chart = BarChart(x=(1, 2, 3), series=(Series(values=(3, 1, 2), colours="#0072B2", label="wins"),),
...                  title="Three bars", xlabel="game", ylabel="wins", ymax=4)
>>> drawing = chart.svg()
>>> drawing.startswith("<svg") and 'aria-label="Three bars"' in drawing
True
>>> BarChart(x=(1,), series=(Series(values=(1, 2), colours="#000000"),), title="", xlabel="", ylabel="", ymax=3)
Traceback (most recent call last):
...
fifteen_kit.errors.InvalidArgumentError: a series needs one value per bar: 2 values for 1 bars (input: (1, 2))
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.plotstyle import STYLE
from fifteen_kit.svg import MAX_TEXT, SVG

__all__ = ["HATCHES", "LEGEND_PLACES", "MAX_BARS", "BarChart", "Line", "Series", "row_svg"]

#: The hatchings a series may use (matplotlib's names): none, diagonal lines, dots, crosses, plus signs.
HATCHES = ("", "//", "..", "xx", "++")
#: Where a legend may sit (matplotlib's names), inside the axes.
LEGEND_PLACES = ("upper left", "upper right", "lower left", "lower right")
#: The most bars one chart may hold.
MAX_BARS = 500

# The SVG drawing's sizes and colours, read from the matplotlib style (points at its 100 dpi, in pixels).
_INK = STYLE["text.color"]
_GRID = STYLE["grid.color"]
_GRID_ALPHA = STYLE["grid.alpha"]
_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"  # matplotlib's own font first
_PX = STYLE["figure.dpi"] / 72
_TICK, _LABEL, _TITLE = (STYLE[k] * _PX for k in ("xtick.labelsize", "axes.labelsize", "axes.titlesize"))
_LINE, _PATCH, _HATCH, _AXES, _GRID_W = (STYLE[k] * _PX for k in ("lines.linewidth", "patch.linewidth",
                                                                  "hatch.linewidth", "axes.linewidth",
                                                                  "grid.linewidth"))
_TICK_LEN, _CAP = STYLE["xtick.major.size"] * _PX, STYLE["errorbar.capsize"] * _PX
_DASH = f"{3.7 * _LINE:.1f},{1.6 * _LINE:.1f}"  # matplotlib's "--", scaled by the line width as it scales it


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z]{3,20}")


def _colour(value: Any, what: str) -> str:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise InvalidArgumentError(f"{what} must be a colour like '#0072B2' or 'white'", input=_check.short(value))
    return value


def _numbers(value: Any, what: str, limit: int = MAX_BARS, empty: bool = False) -> tuple[float, ...]:
    items = _check.items(value, limit, what)
    if (not items and not empty) or any(_check.finite(v) is None for v in items):
        raise InvalidArgumentError(f"{what} must be {'' if empty else '1 to '}{limit} finite numbers",
                                   input=_check.short(value))
    return tuple(items)


def _per_bar(value: Any, n: int, what: str, check: Any) -> tuple[str, ...]:
    items = [value] * n if isinstance(value, str) else _check.items(value, MAX_BARS, what)
    if len(items) != n:
        raise InvalidArgumentError(f"{what} must be one text or one per bar ({n})", input=_check.short(value))
    return tuple(check(i, what) for i in items)


def _label(value: Any, what: str) -> str:
    return _check.text(value, MAX_TEXT, what)


def _hatch(value: Any, what: str) -> str:
    return _check.choice(value, HATCHES, what)


def _pair(value: Any, what: str) -> tuple[float, str]:
    items = _check.items(value, 2, what)
    if len(items) != 2 or _check.finite(items[0]) is None:
        raise InvalidArgumentError(f"{what} must be a (number, text) pair", input=_check.short(value))
    return items[0], _label(items[1], what)


@dataclass(frozen=True)
class Series:
    """One row of bars: a value per position of the chart's ``x``, drawn in one colour and hatching.

    ``colours`` and ``hatches`` are one value for every bar or one per bar (colours as ``#rrggbb``, hatchings
    from :data:`HATCHES`).  ``bottoms`` stacks the bars on others (the values below them); ``errors`` gives each
    bar a range (how far below and above the value it reaches, in the values' units); ``notes`` is a text above
    each bar (above its range, if any).  ``offset`` and ``width`` place the bars in x units (groups side by side).
    ``label`` names the series in the legend (empty: not in it).

    >>> Series(values=(1, 2), colours=("#0072B2", "#D55E00")).colours
    ('#0072B2', '#D55E00')
    """

    values: tuple[float, ...]
    colours: str | tuple[str, ...]
    hatches: str | tuple[str, ...] = ""
    label: str = ""
    bottoms: tuple[float, ...] | None = None
    errors: tuple[tuple[float, float], ...] | None = None
    notes: tuple[str, ...] | None = None
    edge: str = "white"
    width: float = 0.8
    offset: float = 0.0
    note_rotate: float = 0

    def __post_init__(self) -> None:
        values = _numbers(self.values, "a series' values")
        n = len(values)
        set_ = object.__setattr__
        set_(self, "values", values)
        set_(self, "colours", _per_bar(self.colours, n, "colours", _colour))
        set_(self, "hatches", _per_bar(self.hatches, n, "hatches", _hatch))
        set_(self, "label", _label(self.label, "a series' label"))
        set_(self, "edge", _colour(self.edge, "edge"))
        set_(self, "width", _check.number(self.width, 0, 1, "width", lo_open=True))
        set_(self, "offset", _check.number(self.offset, -1, 1, "offset"))
        set_(self, "note_rotate", _check.number(self.note_rotate, -90, 90, "note_rotate"))
        if self.bottoms is not None:
            set_(self, "bottoms", _numbers(self.bottoms, "bottoms"))
        if self.errors is not None:
            set_(self, "errors", tuple(_numbers(e, "an error range", 2) for e in _check.items(self.errors, MAX_BARS,
                                                                                             "errors")))
            if any(len(e) != 2 or min(e) < 0 for e in self.errors):
                raise InvalidArgumentError("each error range must be two numbers, 0 or more", input=self.errors)
        if self.notes is not None:
            set_(self, "notes", tuple(_label(t, "a note") for t in _check.items(self.notes, MAX_BARS, "notes")))
        for name in ("bottoms", "errors", "notes"):
            items = getattr(self, name)
            if items is not None and len(items) != n:
                raise InvalidArgumentError(f"{name} must have one item per bar ({n})", input=_check.short(items))


@dataclass(frozen=True)
class Line:
    """A line through the points (``xs[i]``, ``ys[i]``) in one colour, named ``label`` in the legend.

    >>> len(Line(xs=(1, 2, 3), ys=(2.0, 1.0, 1.5), colour="#0072B2").xs)
    3
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    colour: str
    label: str = ""

    def __post_init__(self) -> None:
        xs, ys = _numbers(self.xs, "a line's xs", 100_000), _numbers(self.ys, "a line's ys", 100_000)
        if len(xs) != len(ys):
            raise InvalidArgumentError(f"a line needs as many ys as xs ({len(xs)})", input=len(ys))
        object.__setattr__(self, "xs", xs)
        object.__setattr__(self, "ys", ys)
        object.__setattr__(self, "colour", _colour(self.colour, "a line's colour"))
        object.__setattr__(self, "label", _label(self.label, "a line's label"))


@dataclass(frozen=True)
class BarChart:
    """A bar chart: bars at the positions ``x`` (one :class:`Series` or several, grouped or stacked).

    ``lines`` are drawn over the bars (a chart may have lines only); ``hline`` is a dashed horizontal line
    (value, legend text), ``line`` a dashed vertical one (position, legend text), both in ``line_colour``.
    ``ymax`` is the top of the y axis, ``ymin`` its bottom (bars need 0, the default); ``percent`` shows y
    values as percentages (1.0 is 100%), otherwise with thousands separators.  ``xticks`` are (position, text)
    pairs under the axis (text may hold line breaks; default: every position in ``x``); ``rotate`` turns them
    (degrees).  ``legend`` lists extra legend entries (text, colour, hatching) after the series' labels;
    ``legend_at`` is one of :data:`LEGEND_PLACES`.  ``size`` is in inches, drawn at 100 pixels per inch.

    Raises InvalidArgumentError when a series does not have one value per position.
    """

    x: tuple[float, ...]
    series: tuple[Series, ...]
    title: str
    xlabel: str
    ylabel: str
    ymax: float
    percent: bool = False
    xticks: tuple[tuple[float, str], ...] | None = None
    rotate: float = 0
    line: tuple[float, str] | None = None
    lines: tuple[Line, ...] = ()
    hline: tuple[float, str] | None = None
    line_colour: str = "#555555"
    ymin: float = 0
    legend: tuple[tuple[str, str, str], ...] = ()
    legend_at: str = "upper left"
    legend_columns: int = 1
    size: tuple[float, float] = (8.0, 4.8)
    _ids: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        x = _numbers(self.x, "x")
        set_(self, "x", x)
        series = tuple(_check.items(self.series, 20, "series"))
        lines = tuple(_check.items(self.lines, 20, "lines"))
        if not all(isinstance(v, Series) for v in series) or not all(isinstance(v, Line) for v in lines):
            raise InvalidArgumentError("series must be Series values and lines Line values", input=self.series)
        set_(self, "series", series)
        set_(self, "lines", lines)
        for s in series:
            if len(s.values) != len(x):
                raise InvalidArgumentError(f"a series needs one value per bar: {len(s.values)} values for "
                                           f"{len(x)} bars", input=s.values)
        for name in ("title", "xlabel", "ylabel"):
            set_(self, name, _label(getattr(self, name), name))
        if _check.finite(self.ymax) is None or _check.finite(self.ymin) is None or self.ymax <= self.ymin:
            raise InvalidArgumentError("ymax must be a number above ymin", input=(self.ymin, self.ymax))
        set_(self, "percent", _check.flag(self.percent, "percent"))
        if self.xticks is not None:
            set_(self, "xticks", tuple(_pair(t, "an x tick") for t in _check.items(self.xticks, MAX_BARS, "xticks")))
        set_(self, "rotate", _check.number(self.rotate, -90, 90, "rotate"))
        for name in ("line", "hline"):
            if getattr(self, name) is not None:
                set_(self, name, _pair(getattr(self, name), name))
        set_(self, "line_colour", _colour(self.line_colour, "line_colour"))
        legend = []
        for entry in _check.items(self.legend, 20, "legend"):
            items = _check.items(entry, 3, "a legend entry")
            if len(items) != 3:
                raise InvalidArgumentError("a legend entry must be (text, colour, hatching)", input=_check.short(entry))
            legend.append((_label(items[0], "a legend text"), _colour(items[1], "a legend colour"),
                           _hatch(items[2], "a legend hatching")))
        set_(self, "legend", tuple(legend))
        set_(self, "legend_at", _check.choice(self.legend_at, LEGEND_PLACES, "legend_at"))
        set_(self, "legend_columns", _check.whole(self.legend_columns, 1, 10, "legend_columns"))
        size = _numbers(self.size, "size", 2)
        if len(size) != 2 or not all(0.5 <= v <= 40 for v in size):
            raise InvalidArgumentError("size must be (width, height) in inches, each from 0.5 to 40", input=self.size)
        set_(self, "size", size)

    # -- what both drawings share -------------------------------------------------------------------------------
    def ticks(self) -> tuple[tuple[float, str], ...]:
        """The x axis's (position, text) pairs.

        >>> BarChart(x=(5, 6), series=(), title="", xlabel="", ylabel="", ymax=1).ticks()
        ((5, '5'), (6, '6'))
        """
        return self.xticks if self.xticks is not None else tuple((v, f"{v:g}") for v in self.x)

    def yticks(self) -> tuple[float, ...]:
        """Round values from ``ymin`` to ``ymax`` for the y axis, both drawings' (at most 10, steps of 1, 2, 2.5 or 5
        times a power of ten, as matplotlib picks them).

        >>> BarChart(x=(1,), series=(), title="", xlabel="", ylabel="", ymax=1.15, percent=True).yticks()
        (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
        """
        raw = (self.ymax - self.ymin) / 9
        power = 10 ** math.floor(math.log10(raw))
        step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * (1 - 1e-9))
        first = math.ceil(self.ymin / step - 1e-9)
        return tuple(round(i * step, 10) for i in range(first, int(self.ymax / step + 1e-9) + 1))

    def ylabel_of(self, value: float) -> str:
        """How the y axis writes ``value``: as a percentage, or with as many decimals as the ticks' step needs.

        >>> BarChart(x=(1,), series=(), title="", xlabel="", ylabel="", ymax=1, percent=True).ylabel_of(0.4)
        '40%'
        >>> BarChart(x=(1,), series=(), title="", xlabel="", ylabel="", ymax=0.16).ylabel_of(0.1)
        '0.10'
        """
        value = _check.number(value, -1e15, 1e15, "value")
        if self.percent:
            return f"{value * 100:.0f}%"
        ticks = self.yticks()
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
        decimals = next(d for d in range(8) if abs(step * 10 ** d - round(step * 10 ** d)) < 1e-6)
        return f"{value:,.{decimals}f}"

    # -- matplotlib ---------------------------------------------------------------------------------------------
    def figure(self) -> Any:
        """The chart as a matplotlib Figure in the kit's style (not shown; no pyplot figure is left open).

        Raises ModuleNotFoundError (naming ``pip install 'fifteen-kit[lab]'``) when matplotlib is missing.

        >>> chart = BarChart(x=(1, 2), series=(Series(values=(3, 1), colours="#0072B2"),), title="Two",
        ...                  xlabel="", ylabel="", ymax=4)
        >>> float(chart.figure().axes[0].get_ylim()[1])
        4.0
        """
        return _figure_row((self,), self.size)

    def _draw(self, ax: Any) -> None:
        """Draw the chart on the matplotlib Axes ``ax`` (inside :func:`fifteen_kit.plotstyle.context`)."""
        from fifteen_kit._extras import require

        patches = require("matplotlib.patches", "lab", "fifteen_kit.barchart")
        ticker = require("matplotlib.ticker", "lab", "fifteen_kit.barchart")
        handles: list[Any] = []
        for s in self.series:
            xs = [v + s.offset for v in self.x]
            yerr = None if s.errors is None else [[e[0] for e in s.errors], [e[1] for e in s.errors]]
            bars = ax.bar(xs, s.values, s.width, bottom=s.bottoms, yerr=yerr, color=list(s.colours),
                          edgecolor=s.edge)
            for bar, hatch in zip(bars, s.hatches, strict=True):
                bar.set_hatch(hatch)
            if s.notes is not None:
                for i, (xv, note) in enumerate(zip(xs, s.notes, strict=True)):
                    top = s.values[i] + (s.bottoms[i] if s.bottoms else 0) + (s.errors[i][1] if s.errors else 0)
                    ax.annotate(note, (xv, top), ha="center", va="bottom", xytext=(0, 4), rotation=s.note_rotate,
                                textcoords="offset points")
            if s.label:
                handles.append(patches.Patch(facecolor=s.colours[0], hatch=s.hatches[0], edgecolor=s.edge,
                                             label=s.label))
        for text, colour, hatch in self.legend:
            handles.append(patches.Patch(facecolor=colour, hatch=hatch, edgecolor="black", label=text))
        for line in self.lines:
            (drawn,) = ax.plot(line.xs, line.ys, color=line.colour, label=line.label or None)
            if line.label:
                handles.append(drawn)
        if self.line is not None:
            handles.append(ax.axvline(self.line[0], color=self.line_colour, linestyle="--", label=self.line[1]))
        if self.hline is not None:
            handles.append(ax.axhline(self.hline[0], color=self.line_colour, linestyle="--", label=self.hline[1]))
        ticks = self.ticks()
        ax.set_xticks([t for t, _ in ticks], [text for _, text in ticks])
        if self.rotate:
            ax.tick_params(axis="x", rotation=self.rotate)
        ax.set_yticks(self.yticks())  # the SVG's ticks, so the formatter's decimals fit them
        ax.set_ylim(self.ymin, self.ymax)
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _pos: self.ylabel_of(float(v))))
        ax.set_xlabel(self.xlabel)
        if self.ylabel:
            ax.set_ylabel(self.ylabel)
        ax.set_title(self.title)
        if handles:
            ax.legend(handles=handles, loc=self.legend_at, ncol=self.legend_columns)

    # -- SVG ----------------------------------------------------------------------------------------------------
    def _fill(self, colour: str, hatch: str, edge: str, defs: list[str]) -> str:
        """The fill of a bar: ``colour``, or a pattern of ``hatch`` marks drawn in the ``edge`` colour over it (as
        matplotlib draws hatching in the edge colour), added to ``defs``."""
        if not hatch:
            return escape(colour)
        pid = "kit-hatch-" + hashlib.sha1(f"{colour}|{hatch}|{edge}".encode()).hexdigest()[:10]  # same look, same id
        if pid not in self._ids:
            size = 14  # pixels between marks, about matplotlib's at 100 dpi
            marks = {"//": f"M-2,2 l4,-4 M0,{size} l{size},-{size} M{size - 2},{size + 2} l4,-4",
                     "xx": f"M0,0 l{size},{size} M{size},0 l-{size},{size}",
                     "++": f"M{size / 2},0 v{size} M0,{size / 2} h{size}"}
            mark = (f'<circle cx="{size / 2}" cy="{size / 2}" r="{_HATCH}" fill="{escape(edge)}"/>' if hatch == ".."
                    else f'<path d="{marks[hatch]}" stroke="{escape(edge)}" stroke-width="{_HATCH:.1f}"/>')
            self._ids[pid] = (f'<pattern id="{pid}" width="{size}" height="{size}" patternUnits="userSpaceOnUse">'
                              f'<rect width="{size}" height="{size}" fill="{escape(colour)}"/>{mark}</pattern>')
        defs.append(self._ids[pid])
        return f"url(#{pid})"

    def svg(self) -> SVG:
        """The chart as SVG text (standard library only): the same bars, ticks, labels and legend as :meth:`figure`.

        Sizes, line widths and colours are those of :data:`fifteen_kit.plotstyle.STYLE`; a title or axis label too
        long for its room is split in two lines (matplotlib would widen the picture instead).  Its ``aria-label``
        is the title; it scales to the width of the output (``viewBox``).

        >>> chart = BarChart(x=(1, 2), series=(Series(values=(3, 1), colours="#0072B2", hatches="//",
        ...                  notes=("3", "1")),), title="A & B", xlabel="", ylabel="", ymax=4)
        >>> drawing = chart.svg()
        >>> 'A &amp; B' in drawing and drawing.count('<rect class="bar"') == 2 and '<pattern' in drawing
        True
        """
        defs: list[str] = []
        body = self._svg_body(defs)
        return _svg_document(self.size[0] * 100, self.size[1] * 100, self.title, defs, body)

    def _svg_body(self, defs: list[str]) -> str:
        """The chart's drawing on a white ground of ``size`` inches at 100 pixels per inch; patterns go to ``defs``."""
        width, height = self.size[0] * 100, self.size[1] * 100
        title = _wrap(self.title, _TITLE * 1.1, width - 20)  # bold: a little wider
        ticks = self.ticks()
        tick_lines = max(text.count("\n") + 1 for _, text in ticks) if ticks else 1
        longest = max((_width(line, _TICK) for _, text in ticks for line in text.split("\n")), default=0.0)
        turn = math.radians(self.rotate)
        below = (_TICK * 1.25 * tick_lines if not self.rotate else
                 _TICK * math.cos(turn) + longest * math.sin(turn))
        top = 16 + (_TITLE * 1.25 * (title.count("\n") + 1) if title else 0)

        def bottom_for(xlabel: str) -> float:
            return _TICK_LEN + 8 + below + (_LABEL * 1.25 * (xlabel.count("\n") + 1) + 10 if xlabel else 0) + 8

        ylabel = _wrap(self.ylabel, _LABEL, height - top - bottom_for(self.xlabel) + 40)
        ylab_lines = ylabel.count("\n") + 1 if ylabel else 0
        widest_y = max(_width(self.ylabel_of(v), _TICK) for v in self.yticks())
        left = 10 + ylab_lines * _LABEL * 1.25 + (10 if ylabel else 0) + widest_y + _TICK_LEN + 8
        plot_w = width - left - 20
        xlabel = _wrap(self.xlabel, _LABEL, plot_w + 20)
        plot_h = height - top - bottom_for(xlabel)
        lows = [v + s.offset - s.width / 2 for s in self.series for v in self.x] or list(self.x)
        highs = [v + s.offset + s.width / 2 for s in self.series for v in self.x] or list(self.x)
        lows += [min(line.xs) for line in self.lines]
        highs += [max(line.xs) for line in self.lines]
        lo, hi = min(lows + [t for t, _ in ticks]), max(highs + [t for t, _ in ticks])
        pad = (hi - lo) * 0.03 or 0.5
        lo, hi = lo - pad, hi + pad

        def px(xv: float) -> float:
            return left + (xv - lo) / (hi - lo) * plot_w

        def py(yv: float) -> float:
            return top + plot_h - (min(max(yv, self.ymin), self.ymax) - self.ymin) / (self.ymax - self.ymin) * plot_h

        out: list[str] = [f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
        ink = f'stroke="{_INK}" stroke-width="{_AXES:.1f}"'
        for v in self.yticks():  # grid, y ticks and their values
            y = py(v)
            out.append(f'<line x1="{left:.1f}" x2="{left + plot_w:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{_GRID}" '
                       f'stroke-opacity="{_GRID_ALPHA}" stroke-width="{_GRID_W:.1f}"/>')
            out.append(f'<line x1="{left - _TICK_LEN:.1f}" x2="{left:.1f}" y1="{y:.1f}" y2="{y:.1f}" {ink}/>')
            out.append(_text(left - _TICK_LEN - 6, y + _TICK * 0.35, self.ylabel_of(v), _TICK, "end"))
        for s in self.series:
            for i, xv in enumerate(self.x):
                base = s.bottoms[i] if s.bottoms else 0
                x0, x1 = px(xv + s.offset - s.width / 2), px(xv + s.offset + s.width / 2)
                y0, y1 = py(base + s.values[i]), py(base)
                fill = self._fill(s.colours[i], s.hatches[i], s.edge, defs)
                out.append(f'<rect class="bar" x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" '
                           f'height="{max(y1 - y0, 0):.1f}" fill="{fill}" stroke="{escape(s.edge)}" '
                           f'stroke-width="{_PATCH:.1f}"><title>{escape(self._bar_name(i))}: '
                           f'{escape(self._value_name(s.values[i]))}</title></rect>')
                head = base + s.values[i]
                centre = (x0 + x1) / 2
                if s.errors is not None:
                    below_e, above_e = s.errors[i]
                    ya, yb = py(head + above_e), py(head - below_e)
                    out.append(f'<path d="M{centre:.1f},{ya:.1f} V{yb:.1f} M{centre - _CAP:.1f},{ya:.1f} '
                               f'h{2 * _CAP:.1f} M{centre - _CAP:.1f},{yb:.1f} h{2 * _CAP:.1f}" stroke="{_INK}" '
                               f'stroke-width="{_LINE:.1f}" fill="none"/>')
                    head += above_e
                lift = 4 * _PX + (_LINE / 2 if s.errors is not None else 0)  # matplotlib's 4 points, over a cap
                if s.notes is not None and s.note_rotate:
                    yn = py(head) - lift
                    out.append(_text(centre + _TICK * 0.35, yn, s.notes[i], _TICK, "start",
                                     f' transform="rotate({-s.note_rotate:g} {centre + _TICK * 0.35:.1f} {yn:.1f})"'))
                elif s.notes is not None:
                    out.append(_text(centre, py(head) - lift, s.notes[i], _TICK))
        for line in self.lines:
            step = max(1, len(line.xs) // 1000)  # at most about 1,000 points: the picture stays small
            pairs = list(zip(line.xs, line.ys, strict=True))[::step]
            points = " ".join(f"{px(xv):.1f},{py(yv):.1f}" for xv, yv in pairs)
            out.append(f'<polyline points="{points}" fill="none" stroke="{escape(line.colour)}" '
                       f'stroke-width="{_LINE:.1f}" stroke-linejoin="round"/>')
        dash = f'stroke="{escape(self.line_colour)}" stroke-width="{_LINE:.1f}" stroke-dasharray="{_DASH}"'
        if self.line is not None:
            xl = px(self.line[0])
            out.append(f'<line x1="{xl:.1f}" x2="{xl:.1f}" y1="{top:.1f}" y2="{top + plot_h:.1f}" {dash}/>')
        if self.hline is not None:
            yl = py(self.hline[0])
            out.append(f'<line x1="{left:.1f}" x2="{left + plot_w:.1f}" y1="{yl:.1f}" y2="{yl:.1f}" {dash}/>')
        base_y = top + plot_h
        out.append(f'<path d="M{left:.1f},{top:.1f} V{base_y:.1f} H{left + plot_w:.1f}" {ink} fill="none"/>')
        for xv, label in ticks:  # x ticks and their texts
            x = px(xv)
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{base_y:.1f}" y2="{base_y + _TICK_LEN:.1f}" {ink}/>')
            ty = base_y + _TICK_LEN + 4 + _TICK * 0.8
            if self.rotate:
                out.append(_text(x, ty, label, _TICK, "end", f' transform="rotate({-self.rotate:g} {x:.1f} {ty:.1f})"'))
            else:
                out.append(_text(x, ty, label, _TICK))
        if xlabel:
            out.append(_text(left + plot_w / 2, height - 8 - _LABEL * (1.25 * (xlabel.count("\n") + 1) - 1) - 4,
                             xlabel, _LABEL))
        if ylabel:  # turned a quarter; its lines stack from the left edge
            cx, cy = 10 + _LABEL * 0.95, top + plot_h / 2
            out.append(_text(cx, cy, ylabel, _LABEL, "middle", f' transform="rotate(-90 {cx:.1f} {cy:.1f})"'))
        if title:
            out.append(_text(width / 2, 12 + _TITLE, title, _TITLE, "middle", ' font-weight="bold"'))
        out.append(self._legend_svg(left, top, plot_w, plot_h, defs))
        return "".join(out)

    def _legend_svg(self, left: float, top: float, plot_w: float, plot_h: float, defs: list[str]) -> str:
        swatch = f'width="{2 * _TICK:.0f}" height="{0.7 * _TICK:.0f}" y="{0.15 * _TICK:.1f}"'
        entries: list[tuple[str, str]] = []  # (swatch markup at 0,0, text)
        for s in self.series:
            if s.label:
                fill = self._fill(s.colours[0], s.hatches[0], s.edge, defs)
                entries.append((f'<rect {swatch} fill="{fill}" stroke="{escape(s.edge)}" '
                                f'stroke-width="{_PATCH:.1f}"/>', s.label))
        for label, colour, hatch in self.legend:
            fill = self._fill(colour, hatch, "black", defs)
            entries.append((f'<rect {swatch} fill="{fill}" stroke="black" stroke-width="{_PATCH:.1f}"/>', label))
        middle = f'x1="0" x2="{2 * _TICK:.0f}" y1="{0.5 * _TICK:.1f}" y2="{0.5 * _TICK:.1f}"'
        for line in self.lines:
            if line.label:
                entries.append((f'<line {middle} stroke="{escape(line.colour)}" stroke-width="{_LINE:.1f}"/>',
                                line.label))
        for dashed in (self.line, self.hline):
            if dashed is not None:
                entries.append((f'<line {middle} stroke="{escape(self.line_colour)}" stroke-width="{_LINE:.1f}" '
                                f'stroke-dasharray="{_DASH}"/>', dashed[1]))
        if not entries:
            return ""
        cols = max(1, min(self.legend_columns, len(entries)))
        text_x = 2 * _TICK + 0.6 * _TICK
        col_w = text_x + max(_width(t, _TICK) for _, t in entries) + _TICK
        row_h = _TICK * 1.4
        rows = -(-len(entries) // cols)
        x0 = left + 0.5 * _TICK if self.legend_at.endswith("left") else left + plot_w - cols * col_w + 0.5 * _TICK
        y0 = top + 0.4 * _TICK if self.legend_at.startswith("upper") else top + plot_h - rows * row_h - 0.4 * _TICK
        parts = []
        for n, (mark, label) in enumerate(entries):
            x, y = x0 + (n % cols) * col_w, y0 + (n // cols) * row_h
            parts.append(f'<g transform="translate({x:.1f},{y:.1f})">{mark}'
                         f'{_text(text_x, 0.85 * _TICK, label, _TICK, "start")}</g>')
        return '<g class="legend">' + "".join(parts) + "</g>"

    def _bar_name(self, i: int) -> str:
        ticks = dict(self.ticks())
        return ticks.get(self.x[i], f"{self.x[i]:g}").replace("\n", " ")

    def _value_name(self, value: float) -> str:
        return f"{value * 100:.1f}%" if self.percent else f"{value:,.4g}" if value != int(value) else f"{value:,.0f}"


def _figure_row(charts: tuple[BarChart, ...], size: tuple[float, float]) -> Any:
    """``charts`` side by side in one matplotlib Figure of ``size`` inches, sharing the y axis (one Axes each).

    Raises ModuleNotFoundError (naming ``pip install 'fifteen-kit[lab]'``) when matplotlib is missing.

    >>> one = BarChart(x=(1,), series=(Series(values=(1,), colours="#0072B2"),), title="", xlabel="", ylabel="",
    ...                ymax=2)
    >>> len(_figure_row((one, one), (8, 4)).axes)
    2
    """
    from fifteen_kit import plotstyle
    from fifteen_kit._extras import require

    charts = _row(charts)
    inches = _numbers(size, "size", 2)
    if len(inches) != 2 or not all(0.5 <= v <= 80 for v in inches):
        raise InvalidArgumentError("size must be (width, height) in inches, each from 0.5 to 80", input=inches)
    figure = require("matplotlib.figure", "lab", "fifteen_kit.barchart")
    with plotstyle.context():
        fig = figure.Figure(figsize=inches)
        axes = fig.subplots(1, len(charts), sharey=True, squeeze=False)[0]
        for ax, chart in zip(axes, charts, strict=True):
            chart._draw(ax)
    return fig


def row_svg(charts: tuple[BarChart, ...]) -> SVG:
    """``charts`` side by side in one SVG drawing, as :func:`_figure_row` puts them in one Figure (standard
    library only).

    >>> one = BarChart(x=(1,), series=(Series(values=(1,), colours="#0072B2"),), title="one", xlabel="", ylabel="",
    ...                ymax=2)
    >>> row_svg((one, one)).count("<svg")
    3
    """
    charts = _row(charts)
    defs: list[str] = []
    parts, x = [], 0.0
    for chart in charts:
        w, h = chart.size[0] * 100, chart.size[1] * 100
        parts.append(f'<svg x="{x:.0f}" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
                     f'aria-label="{escape(chart.title)}">{chart._svg_body(defs)}</svg>')
        x += w
    return _svg_document(x, max(c.size[1] for c in charts) * 100, " | ".join(c.title for c in charts), defs,
                         "".join(parts))


def _svg_document(width: float, height: float, title: str, defs: list[str], body: str) -> SVG:
    """The outer ``<svg>`` of a drawing ``width`` by ``height`` pixels, scaled to the output's width; its class
    ``kit-chart`` tells the offline site test a chart from the kit's other drawings."""
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-chart" viewBox="0 0 {width:.0f} {height:.0f}" '
               f'width="{width:.0f}" style="max-width:100%;height:auto" role="img" aria-label="{escape(title)}" '
               f'font-family="{_FONT}">'
               f'<defs>{"".join(dict.fromkeys(defs))}</defs>{body}</svg>')


def _text(x: float, y: float, body: str, size: float, anchor: str = "middle", extra: str = "") -> str:
    """SVG text at (``x``, ``y``: the first line's baseline), one ``tspan`` per line of ``body``."""
    spans = "".join(f'<tspan x="{x:.1f}" dy="{size * 1.2 if i else 0:.1f}">{escape(line)}</tspan>'
                    for i, line in enumerate(body.split("\n")))
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{anchor}" fill="{_INK}"{extra}>'
            f"{spans}</text>")


def _width(text: str, size: float) -> float:
    """An estimate of the width in pixels of ``text`` at font ``size`` in DejaVu Sans (the SVG is not measured).

    >>> round(_width("100%", 20))
    58
    """
    widest = sum(c in "%mwMW" for c in text)
    wide = sum(c.isdigit() or c.isupper() for c in text) - sum(c in "MW" for c in text)
    thin = sum(c in " .,:;'|!il()[]" for c in text)
    return size * (0.92 * widest + 0.66 * wide + 0.33 * thin + 0.58 * (len(text) - widest - wide - thin))


def _wrap(text: str, size: float, room: float) -> str:
    """``text`` split in two lines at the space nearest its middle when it is estimated wider than ``room`` pixels
    at font ``size`` (a text holding a line break already is kept as it is).

    >>> _wrap("number of subsets of 1..9", 20, 1000)
    'number of subsets of 1..9'
    >>> _wrap("number of subsets of 1..9", 20, 200).split("\\n")
    ['number of', 'subsets of 1..9']
    """
    if "\n" in text or " " not in text or _width(text, size) <= room:
        return text
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return text[:cut] + "\n" + text[cut + 1:]


def _row(charts: Any) -> tuple[BarChart, ...]:
    items = _check.items(charts, 6, "charts")
    if not items or not all(isinstance(c, BarChart) for c in items):
        raise InvalidArgumentError("charts must be 1 to 6 BarChart values", input=_check.short(charts))
    return tuple(items)
