"""No exercise can be copied: its right answer, in every accepted rendering, appears nowhere before it.

For each ``ask("NN.qK")`` cell, every earlier cell's markdown and every output (text, HTML and SVG text, without
tags) is searched for the answer as a standalone token (``18`` does not match ``180`` or ``3x18``).
"""

import html
import re

import pytest
from fifteen_kit.widgets.workbook import LESSONS, Exercise, Predict, task
from lesson_cells import asked, notebook

from fifteen_kit.answers import Choice


def _visible(cell: dict) -> str:
    # what a pupil can read in a cell: markdown source, and every output's text
    if cell["cell_type"] == "markdown":
        return "".join(cell["source"])
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append("".join(output["text"]))
        for mime, data in (output.get("data") or {}).items():
            if mime.startswith("text/") or mime == "image/svg+xml":
                text = "".join(data) if isinstance(data, list) else str(data)
                if mime in ("text/html", "image/svg+xml"):
                    text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.S))
                parts.append(text)
    return "\n".join(parts)


def _token(text: str) -> re.Pattern:
    return re.compile(r"(?<![\w.,/])" + re.escape(text) + r"(?![\w/]|[.,]\d)")


CASES = [(lesson, cell, key) for lesson in LESSONS for cell, key in asked(lesson)
         if isinstance(task(key), Exercise)]


@pytest.mark.parametrize(("lesson", "cell", "key"), CASES, ids=[c[2] for c in CASES])
def test_no_answer_is_on_screen_before_its_exercise(lesson, cell, key):
    cells = notebook(lesson)["cells"]
    for form in task(key).renderings():
        pattern = _token(form)
        for index in range(cell):
            found = pattern.search(_visible(cells[index]))
            assert not found, (f"exercise {key}: its answer {form!r} is shown earlier in lesson {lesson}, in cell "
                               f"{index + 1} (counting every cell from 1), which begins "
                               f"{''.join(cells[index]['source'])[:60]!r}: choose a question whose answer no earlier "
                               "cell shows")


PREDICTIONS = [(lesson, cell, key) for lesson in LESSONS for cell, key in asked(lesson)
               if isinstance(task(key), Predict) and not isinstance(task(key).form, Choice)]


@pytest.mark.parametrize(("lesson", "cell", "key"), PREDICTIONS, ids=[c[2] for c in PREDICTIONS])
def test_no_output_shows_a_prediction_before_the_guess(lesson, cell, key):
    # a saved output is on screen as soon as the notebook opens: no code cell before a prediction, nor the code
    # cell right after it, may show its truth (numbers of two or more characters; a digit is everywhere)
    cells = notebook(lesson)["cells"]
    item = task(key)
    truth = item.truth() if callable(item.truth) else item.truth
    after = next((i for i in range(cell + 1, len(cells)) if cells[i]["cell_type"] == "code"), None)
    nearby = [i for i in range(cell) if cells[i]["cell_type"] == "code"] + ([after] if after is not None else [])
    for form in item.form.renderings(truth):
        if len(form.rstrip("%")) < 2:
            continue
        pattern = _token(form)
        for index in nearby:
            assert not pattern.search(_visible(cells[index])), \
                f"prediction {key}: its answer {form!r} is in the output of cell {index} of lesson {lesson}"
