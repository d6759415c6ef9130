"""A 3x3 pad where a pupil tries to build a magic square by hand (lesson 01).

The pupil types a digit in each box and presses **Check my square**; the pad says which digits are missing or
used twice, and otherwise the sum of every row, column and diagonal.

>>> pad = SquarePad()
>>> pad.fill([[2, 9, 4], [7, 5, 3], [6, 1, 8]]); pad.check()
'Every line makes 15: a magic square!'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .palette import PALETTE, TEXT_PX

__all__ = ["SquarePad", "line_sums", "square_report"]

_LINES = {"rows": [[(r, 0), (r, 1), (r, 2)] for r in range(3)],
          "columns": [[(0, c), (1, c), (2, c)] for c in range(3)],
          "diagonals": [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]}


def line_sums(square: Iterable[Iterable[int]]) -> dict[str, list[int]]:
    """The sums of the rows (top to bottom), columns (left to right) and diagonals (from top left, from top
    right) of a 3x3 square of whole numbers.

    Raises InvalidArgumentError unless ``square`` is three rows of three whole numbers.

    >>> line_sums([[2, 9, 4], [7, 5, 3], [6, 1, 8]])
    {'rows': [15, 15, 15], 'columns': [15, 15, 15], 'diagonals': [15, 15]}
    """
    rows = [list(_check.items(r, 3, "a row of the square")) for r in _check.items(square, 3, "a square")]
    if len(rows) != 3 or any(len(r) != 3 for r in rows):
        raise InvalidArgumentError("a square is three rows of three numbers", input=square)
    cells = [[_check.whole(n, -999, 999, "a number in the square") for n in r] for r in rows]
    return {kind: [sum(cells[r][c] for r, c in line) for line in lines] for kind, lines in _LINES.items()}


def square_report(entries: Iterable[Iterable[str]]) -> str:
    """What the pad says about the nine typed ``entries`` (rows of text): a missing or repeated digit, or the
    line sums and how many of the 8 lines make 15.

    Raises InvalidArgumentError unless ``entries`` is three rows of three texts.

    >>> square_report([["2", "9", "4"], ["7", "5", "3"], ["6", "8", "1"]])
    'Rows: 15, 15, 15 · columns: 15, 22, 8 · diagonals: 8, 15. 5 of the 8 lines make 15.'
    >>> square_report([["1", "1", ""], ["", "", ""], ["", "", ""]])
    'The digit 1 is used twice: each digit goes in once. Still empty: 7 boxes.'
    """
    rows = [[_check.text(t, 100, "a box") for t in _check.items(r, 3, "a row of boxes")]
            for r in _check.items(entries, 3, "the boxes")]
    if len(rows) != 3 or any(len(r) != 3 for r in rows):
        raise InvalidArgumentError("the pad has three rows of three boxes", input=entries)
    texts = [t.strip() for r in rows for t in r]
    bad = [t for t in texts if t and t not in "123456789"]
    if bad:
        return f"Type one digit from 1 to 9 in each box ({bad[0]!r} is not one)."
    twice = sorted(d for d, n in Counter(t for t in texts if t).items() if n > 1)
    empty = texts.count("")
    messages = []
    if twice:
        messages.append(f"The digit {twice[0]} is used {'twice' if texts.count(twice[0]) == 2 else 'more than once'}"
                        ": each digit goes in once.")
    if empty:
        messages.append(f"Still empty: {empty} box{'es' if empty > 1 else ''}.")
    if messages:
        return " ".join(messages)
    sums = line_sums([[int(t) for t in r] for r in rows])
    good = sum(s == 15 for kind in sums.values() for s in kind)
    if good == 8:
        return "Every line makes 15: a magic square!"
    shown = " · ".join(f"{kind}: {', '.join(map(str, values))}" for kind, values in sums.items())
    return f"{shown[0].upper()}{shown[1:]}. {good} of the 8 lines make 15."


class SquarePad(w.VBox):
    """Nine boxes in a 3x3 grid, a **Check my square** button and a message line (see :func:`square_report`).

    >>> SquarePad().check()
    'Still empty: 9 boxes.'
    """

    def __init__(self) -> None:
        px = TEXT_PX["large"]
        self.boxes = [[w.Text(layout=w.Layout(width=f"{px * 2.4:g}px", height="auto", margin="2px"),
                              description="", tooltip=f"row {r + 1}, column {c + 1}", continuous_update=False)
                       for c in range(3)] for r in range(3)]
        for row in self.boxes:
            for box in row:
                box.add_class("fk-pad-box")
                box.placeholder = "?"
        grid = w.GridBox([b for row in self.boxes for b in row],
                         layout=w.Layout(grid_template_columns=f"repeat(3, {px * 2.6:g}px)", width="max-content"))
        self.button = w.Button(description="Check my square", button_style="", tooltip="add up every line",
                               layout=w.Layout(width="auto", min_width="max-content"))
        self.button.style.font_size = f"{TEXT_PX['normal']}px"
        self.button.on_click(lambda _: self.check())
        self.message = w.HTML(f'<span style="font-size:{TEXT_PX["normal"]}px">Type a digit in every box, then '
                              'press Check my square.</span>')
        box_css = (f"font-size: {px}px; height: {px * 2.2:g}px; text-align: center; color: {PALETTE['ink']}; "
                   f"background: {PALETTE['ivory']}; border: 2px solid {PALETTE['mahogany']};")
        style = w.HTML(f'<style>.fk-pad-box.widget-text input[type="text"] {{ {box_css} }}</style>',
                       layout=w.Layout(display="none"))
        super().__init__([style, grid, self.button, self.message])

    def fill(self, square: Iterable[Iterable[int | str]]) -> None:
        """Type ``square`` (three rows of three digits or texts) into the boxes, as a pupil would.

        Raises InvalidArgumentError unless ``square`` is three rows of three entries.

        >>> pad = SquarePad(); pad.fill([[1, 2, 3], [4, 5, 6], [7, 8, ""]]); pad.check()
        'Still empty: 1 box.'
        """
        rows = [list(_check.items(r, 3, "a row of the square")) for r in _check.items(square, 3, "a square")]
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise InvalidArgumentError("a square is three rows of three entries", input=square)
        for boxes, values in zip(self.boxes, rows, strict=True):
            for box, value in zip(boxes, values, strict=True):
                box.value = str(value)

    def check(self) -> str:
        """Judge the boxes as they are, show the verdict under the pad and return it.

        >>> SquarePad().check()
        'Still empty: 9 boxes.'
        """
        text = square_report([[box.value for box in row] for row in self.boxes])
        self.message.value = f'<span style="font-size:{TEXT_PX["normal"]}px">{text}</span>'
        return text
