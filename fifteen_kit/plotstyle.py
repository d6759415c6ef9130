"""The kit's matplotlib style: lesson plots readable on a classroom projector.

Matplotlib's defaults (10 pt text, 1.5 pt lines) are for a page held at arm's length; from the back of a room
a plot needs tick labels of at least 14 pt, titles and axis labels of at least 16 pt, thick lines and colours
that stay distinct with the common colour-vision deficiencies (the Okabe-Ito palette, whose hues the boards use
too: see ``fifteen_kit.widgets.palette``).  :data:`STYLE` holds the settings as plain data;
:func:`use` applies them to every later plot, :func:`context` to the plots made inside a ``with`` block, and
:func:`image` is how every plot the kit shows reaches a notebook: as a PNG picture, whatever the plotting backend.

Importing this module does not import matplotlib (``import fifteen_kit`` stays light); :func:`use`,
:func:`context` and :func:`image` import it, and raise ModuleNotFoundError naming the ``lab`` extra when it is
missing.

>>> STYLE["xtick.labelsize"] >= MIN_PT["tick"]
True
>>> COLOURS[:2]
('#0072B2', '#D55E00')
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from typing import Any

from fifteen_kit._extras import require
from fifteen_kit.errors import InvalidArgumentError

__all__ = ["COLOURS", "MIN_PT", "STYLE", "context", "image", "use"]

#: The Okabe-Ito colours, in the order plots take them: blue, vermillion, bluish green, orange, sky blue,
#: reddish purple, yellow, black (Okabe and Ito 2008; yellow, sky, green, orange, vermillion as on the boards).
COLOURS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442", "#000000")

#: The smallest font sizes (points) the style allows: tick and legend labels, axis labels, titles.
MIN_PT: dict[str, float] = {"tick": 14, "label": 16, "title": 16}

#: matplotlib rcParams of the style (plain values, so reading them needs no matplotlib).
STYLE: dict[str, Any] = {
    "font.size": 15,
    "axes.titlesize": 19,
    "axes.titleweight": "bold",
    "axes.labelsize": 17,
    "xtick.labelsize": 15,
    "ytick.labelsize": 15,
    "legend.fontsize": 15,
    "legend.title_fontsize": 16,
    "figure.titlesize": 20,
    "figure.titleweight": "bold",
    "figure.figsize": (8.0, 4.5),
    "figure.dpi": 100,
    "figure.constrained_layout.use": True,  # labels never cut at the figure's edge
    "savefig.dpi": 100,
    "savefig.bbox": "tight",
    "lines.linewidth": 3.5,
    "lines.markersize": 9,
    "patch.linewidth": 1.5,
    "hatch.linewidth": 2.0,
    "errorbar.capsize": 6,
    "axes.linewidth": 1.8,
    "axes.prop_cycle": None,  # the COLOURS cycle, built by _rc() (a cycler is a matplotlib object)
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.grid.axis": "y",
    "grid.color": "#b0b0b0",
    "grid.linewidth": 1.0,
    "grid.alpha": 0.6,
    "axes.axisbelow": True,
    "xtick.major.width": 1.8,
    "ytick.major.width": 1.8,
    "xtick.major.size": 7,
    "ytick.major.size": 7,
    "legend.frameon": False,
    "text.color": "#1f1f24",
    "axes.labelcolor": "#1f1f24",
    "axes.edgecolor": "#1f1f24",
    "xtick.color": "#1f1f24",
    "ytick.color": "#1f1f24",
}


def _rc() -> dict[str, Any]:
    """:data:`STYLE` as matplotlib takes it (imports matplotlib, or raises ModuleNotFoundError naming the extra)."""
    require("matplotlib", "lab", "fifteen_kit.plotstyle")
    cycler = require("cycler", "lab", "fifteen_kit.plotstyle").cycler
    return {**STYLE, "axes.prop_cycle": cycler(color=list(COLOURS))}


def use() -> None:
    """Apply the kit's style to every plot made after this call (matplotlib's global rcParams).

    Raises ModuleNotFoundError (naming ``pip install 'fifteen-kit[lab]'``) when matplotlib is missing.

    >>> use()
    >>> import matplotlib
    >>> matplotlib.rcParams["xtick.labelsize"]
    15.0
    """
    matplotlib = require("matplotlib", "lab", "fifteen_kit.plotstyle")
    matplotlib.rcParams.update(_rc())


@contextlib.contextmanager
def context() -> Iterator[None]:
    """The kit's style for the plots made inside a ``with`` block; matplotlib's settings are restored after it.

    Raises ModuleNotFoundError (naming ``pip install 'fifteen-kit[lab]'``) when matplotlib is missing.

    >>> import matplotlib
    >>> with context():
    ...     matplotlib.rcParams["axes.titlesize"]
    19.0
    """
    matplotlib = require("matplotlib", "lab", "fifteen_kit.plotstyle")
    with matplotlib.rc_context(_rc()):
        yield


def image(fig: Any) -> Any:
    """The matplotlib Figure ``fig`` as a PNG picture for a notebook output (an ``IPython.display.Image``).

    ``fig`` may also be a :class:`fifteen_kit.barchart.BarChart` (or a tuple of them, side by side): drawn by
    matplotlib as a PNG where matplotlib is installed, and as SVG (an :class:`fifteen_kit.svg.SVG`, standard
    library only) where it is not, as in the browser-only site, which serves no matplotlib.

    Every plot the kit shows goes through here.  A bare Figure is shown as a picture only when IPython's inline
    backend is on, which ipykernel turns on only when ``MPLBACKEND`` is unset (with ``MPLBACKEND=Agg`` the
    output is the text ``<Figure size ...>`` alone); a PNG drawn here by ``savefig`` (then kept to 256 colours)
    shows the same in JupyterLab, Voila, JupyterLite and under nbval.  It is drawn with the kit's style (100 dpi,
    tight box), whatever a matplotlibrc says, and without the software's name in its metadata, so a figure gives
    the same bytes every time.  The picture is about ``fig``'s size in inches times 100 pixels (less its empty margins).

    Raises InvalidArgumentError for anything but a matplotlib Figure; ModuleNotFoundError (naming
    ``pip install 'fifteen-kit[lab]'``) when matplotlib or IPython is missing.

    >>> from matplotlib.figure import Figure
    >>> with context():
    ...     fig = Figure(figsize=(3, 2))
    >>> _ = fig.add_subplot().plot([1, 2, 3], [3, 1, 2])
    >>> picture = image(fig)
    >>> picture.format, picture.data[:4]
    ('png', b'\\x89PNG')
    >>> image("a chart")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: image needs a matplotlib Figure, not str (input: 'a chart')
    >>> from fifteen_kit.barchart import BarChart, Series
    >>> image(BarChart(x=(1,), series=(Series(values=(2,), colours="#0072B2"),), title="", xlabel="", ylabel="",
    ...                ymax=3)).format
    'png'
    """
    from fifteen_kit import barchart

    row = fig if isinstance(fig, tuple) and fig and all(isinstance(c, barchart.BarChart) for c in fig) else None
    if isinstance(fig, barchart.BarChart) or row:
        if importlib.util.find_spec("matplotlib") is None:
            return barchart.row_svg(row) if row else fig.svg()
        fig = barchart._figure_row(row, (sum(c.size[0] for c in row), row[0].size[1])) if row else fig.figure()
    figure = require("matplotlib.figure", "lab", "fifteen_kit.plotstyle")
    display = require("IPython.display", "lab", "fifteen_kit.plotstyle")
    if not isinstance(fig, figure.Figure):
        raise InvalidArgumentError(f"image needs a matplotlib Figure, not {type(fig).__name__}", input=fig)
    import io

    buffer = io.BytesIO()
    with context():
        fig.savefig(buffer, format="png", metadata={"Software": None})
    return display.Image(data=_palette_png(buffer.getvalue()), format="png")


def _palette_png(png: bytes) -> bytes:
    """The opaque chart ``png`` as a PNG of at most 256 colours (Pillow, matplotlib's own dependency).

    A chart's flat colours (background, bars, lines, text) stay exact; only some anti-aliased edge pixels take the
    nearest colour of the palette.  A third of the bytes: the teacher's notebook saves six charts (300 KB less).
    """
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as picture:
        palette = picture.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                                  dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, format="png", optimize=True)
    return out.getvalue()
