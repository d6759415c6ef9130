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
        # a plan's minutes (the part marks, the Time line, the start page's table) are not answers
        return _TIMES.sub(" ", "".join(cell["source"]))
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


# -- every kind of place an answer can show before its question is answered (issue 32) -------------------------
def _comments(cell: dict) -> str:
    # a code cell's comments: a pupil reads them
    return "\n".join(line.split("#", 1)[1] for line in "".join(cell["source"]).splitlines() if "#" in line)


def _headings(cells: list[dict]) -> str:
    # every heading of the lesson, and the whole of its summary: on screen whatever a pupil has answered
    found, summary = [], False
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        summary = summary or text.lstrip().lower().startswith("## summary")
        if text.lstrip().lower().startswith("## hand in"):
            summary = False
        found += [text] if summary else [line for line in text.splitlines() if line.lstrip().startswith("#")]
    return "\n".join(found)


def _words_of(item) -> list[str]:
    # what a task shows once it is asked or answered: question, hint, model answer and points (not its solution,
    # which opens only after the answer or two wrong tries, and not a prediction's truth)
    from fifteen_kit.widgets.workbook import Why
    from fifteen_kit.widgets.workbook.core import _value

    words = [str(_value(item.question))]
    if isinstance(item, Predict) and item.reveal is not None:  # the words shown after the guess (``after``)
        from fifteen_kit.widgets.workbook.records import records

        record = next(r for r in records(item.key[:2]) if r.key == item.key)
        if "after" in record.fields:
            words.append(str(item.reveal()[1]))
    if isinstance(item, Exercise):
        words.append(str(_value(item.hint)))
    if isinstance(item, Why):
        words += [str(_value(item.model)), *(str(_value(p)) for p in item.points)]
    return words


def _tells(item) -> list[re.Pattern]:
    # the answer as a pupil would recognise it: every rendering of a number (two characters or more), a choice's
    # own words (four characters or more), and the phrases its record lists as giveaways
    from fifteen_kit.widgets.workbook.records import records

    record = next(r for r in records(item.key[:2]) if r.key == item.key)
    shown = item.form.renderings(item.expected())
    # a choice of several words is its own giveaway; a one-word choice (a strategy's name, "roll") is a word the
    # lesson uses anyway, so its record names the phrases that would give it away
    found = [re.compile(re.escape(s), re.IGNORECASE) for s in shown[:1] if isinstance(item.form, Choice)
             and len(s.split()) >= 2]
    # 15 is the kit's theme (the game called "15", the magic constant): as an answer it is left to giveaways
    found += [_token(s) for s in shown if not isinstance(item.form, Choice) and len(s.rstrip("%")) >= 2
              and s != "15"]
    if isinstance(item, Predict):  # a number the prediction's own question gives ("of 10 deals, how many?")
        question = _words_of(item)[0]
        found = [p for p in found if not p.search(question)]
    found += [re.compile(re.escape(g), re.IGNORECASE) for g in record.fields.get("giveaways", [])]
    return found


_TIMES = re.compile(r"\(?\b\d+(\s*[-–]\s*\d+)?\s*min(utes)?\b\)?")

ANSWERED = [(lesson, cell, key) for lesson in LESSONS for cell, key in asked(lesson)
            if isinstance(task(key), (Predict, Exercise))]


@pytest.mark.parametrize(("lesson", "cell", "key"), ANSWERED, ids=[c[2] for c in ANSWERED])
def test_no_answer_shows_anywhere_before_it_is_given(lesson, cell, key):
    """An answer (a number, a choice, or a phrase its record lists as a giveaway) is not in a heading or the
    summary anywhere, nor before its question in the lesson's text, a code comment, a saved output, or the words
    of an earlier task (questions, hints, model answers and their points), nor in the text just below the
    question (down to the next task, and that task's question)."""
    cells = notebook(lesson)["cells"]
    item = task(key)
    places = {"a heading or the summary": _headings(cells)}
    for index in range(cell):
        where = f"cell {index + 1} ({''.join(cells[index]['source'])[:40]!r})"
        if cells[index]["cell_type"] == "markdown":
            places[where] = "".join(cells[index]["source"])
        else:
            places[where] = _comments(cells[index]) + "\n" + _visible(cells[index])
    for _index, earlier in asked(lesson):
        if _index < cell:
            places[f"the words of {earlier}"] = "\n".join(_words_of(task(earlier)))
    # what is on screen just below the question before it is answered: the text down to the next task or
    # section, and that task's question (a pupil reads on before answering, as the trials showed)
    for index in range(cell + 1, len(cells)):
        following = cells[index]
        asked_next = re.search(r'ask\("(\d\d\.[pqw]\d+)"\)', "".join(following["source"]))
        if asked_next:
            places[f"the question of {asked_next.group(1)}, just below"] = str(_words_of(task(asked_next.group(1)))[0])
            break
        if following["cell_type"] == "markdown":
            text = "".join(following["source"])
            if text.lstrip().startswith("#"):  # a new section: no longer just below
                break
            places[f"cell {index + 1}, just below the question"] = text
        else:
            places[f"cell {index + 1}'s comments, just below the question"] = _comments(following)
    if isinstance(item, Exercise):  # (a prediction's own question may hold its answer: "of 10, how many?")
        places[f"the words of {key} itself"] = "\n".join(_words_of(item))
    # the headings and the summary are short and said for every pupil: a one-digit answer counts there too
    short = [_token(s) for s in item.form.renderings(item.expected()) if len(s) == 1 and s.isdigit()
             and not isinstance(item.form, Choice)]
    for pattern in short:
        shown = re.sub(r"(?m)^(#+) \d+ · ", r"\1 ", places["a heading or the summary"])  # (a section's number)
        found = pattern.search(_TIMES.sub(" ", shown))
        assert not found, f"{key} (lesson {lesson}): its answer {found.group(0)!r} is in a heading or the summary"
    for pattern in _tells(item):
        for where, text in places.items():
            text = _TIMES.sub(" ", text)  # a plan's minutes, "(10 min)", are not answers
            found = pattern.search(text)
            assert not found, (f"{key} (lesson {lesson}): its answer shows as {found.group(0)!r} in {where}, "
                               f"before it is given: ...{text[max(0, found.start() - 60):found.end() + 30]!r}")
