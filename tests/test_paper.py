"""Worksheets that work with no computer (issue 33): what the printed sheet of each lesson holds.

Everything a question needs is on paper (its position or board as a figure, the rules and words of the lesson, a
tally table for each class activity done on paper), nothing points at a screen, and no page is left nearly empty.
tests/browser/test_printed_pdfs.py measures the same on the printed PDFs."""

import re
from html import unescape

import pytest
from fifteen_kit.widgets.printables.lessons import page_use, worksheet
from fifteen_kit.widgets.workbook import LESSONS, tasks
from fifteen_kit.widgets.workbook.paper import on_paper
from fifteen_kit.widgets.workbook.records import load_text

from fifteen_kit.errors import InvalidArgumentError, QuestionFileError

#: Words that point at something only the notebook has: a board, chart or cell on the screen, or a computer.
SCREEN = re.compile(r"\b(above|below|the board|the chart|the table above|notebook|on the (?:left|right)|click\w*|"
                    r"type|typed|press|code cell|the cell|sympy's answers|you saw|undo|the screen|scroll)\b",
                    re.IGNORECASE)


def _text(html: str) -> str:
    html = re.sub(r"(?is)<(style|svg|title)\b.*?</\1>", " ", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_worksheet_points_at_nothing_that_is_not_on_paper(lesson):
    text = _text(worksheet(lesson).html())
    found = [text[max(0, m.start() - 50):m.end() + 30] for m in SCREEN.finditer(text)]
    assert not found, f"lesson {lesson}'s worksheet refers to something not on paper: {found}"


def test_the_screen_words_are_caught():
    # the test above can fail: the notebook's own words for the lesson 06 questions are caught
    notebook_words = " ".join(str(t.question) for t in tasks("06"))
    assert len(SCREEN.findall(notebook_words)) >= 5


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_page_is_left_nearly_empty(lesson):
    used = page_use(lesson)
    assert len(used) == len(worksheet(lesson).pages)
    assert min(used) >= 1 / 3, f"lesson {lesson}: a page is used {min(used):.0%}"
    assert max(used) <= 1.0


@pytest.mark.parametrize(("key", "figure"), [
    ("00.p1", "25/13 O"), ("00.q1", "29/5 I"), ("02.q4", "figure"), ("02.q5", "figure"), ("02.q6", "figure"),
    ("06.p2", "a 5x15 position"), ("06.p3", "a 5x15 position"), ("06.p5", "a 5x15 position"),
    ("06.q2", "a 5x15 position"), ("06.q3", "a 5x15 position")])
def test_every_question_about_a_position_prints_it(key, figure):
    paper = on_paper(key[:2]).tasks[key]
    assert figure in paper.figure and "<svg" in paper.figure
    assert paper.figure in worksheet(key[:2]).html()


def test_the_printed_positions_are_the_lessons_own():
    from fifteen_kit.widgets.workbook import lesson06

    from fifteen_kit.five_by_15 import Position
    for name, position in lesson06.PICTURED.items():
        drawing = lesson06.position_picture(name)
        shown = position()
        assert drawing.count("stroke-dasharray") == len(shown.gaps())  # every gap drawn as a gap
        for row in shown.grid:
            for tile in row:
                if tile is not None:
                    assert f">{tile[1]}<" in drawing
    tiny = Position.parse(lesson06.TINY)
    assert lesson06.position_picture("tiny") == lesson06.position_picture("tiny") and tiny.size == 3


@pytest.mark.parametrize("lesson", ["00", "01", "02", "04", "05", "06"])
def test_a_lesson_that_plays_a_game_prints_its_rules(lesson):
    paper = on_paper(lesson)
    html = worksheet(lesson).html()
    assert paper.rules and "The rules in brief" in html
    assert re.search(r"You win|Winning|You lose|highest total wins", _text(html))


@pytest.mark.parametrize(("lesson", "terms"), [
    ("04", {"pips", "policy", "expected score", "cautious rule", "greedy rule", "stop at n pips"}),
    ("06", {"position", "finished start", "depth-first", "best-first", "decided"})])
def test_the_words_a_lesson_uses_are_defined_on_paper(lesson, terms):
    paper = on_paper(lesson)
    assert terms <= {term for term, _ in paper.words}
    rules = _text(paper.rules)
    if lesson == "04":  # the rules the trial found missing: valid, bust, +5, doubling
        for word in ("valid", "Bust", "plus 5", "doubles"):
            assert word in rules


@pytest.mark.parametrize(("lesson", "title", "rows"), [
    ("03", "Ten splits", 10), ("04", "Pool 20 turns", 10), ("05", "class tally", 10),
    ("06", "Positions we have had", 10)])
def test_every_class_activity_on_paper_has_its_tally(lesson, title, rows):
    (tally,) = [t for t in on_paper(lesson).tallies if title in t.title]
    assert tally.rows == rows
    html = worksheet(lesson).html()
    table = html.split(title, 1)[1].split("</table>", 1)[0]
    assert table.count("<tr>") == rows + 1  # the header and the rows to fill in
    if lesson == "04":  # 20 turns in two halves
        assert tally.columns.count("Turn") == 2


def test_working_space_is_sized_to_the_question():
    paper = on_paper("06").tasks
    assert paper["06.q2"].space > paper["06.q3"].space > 0  # listing 11 positions takes more room than one tile
    assert paper["06.q2"].draw  # a graph of positions is drawn, not written on lines
    assert all(paper[t.key].space <= 4 for t in tasks("06") if t.key[3] == "p")  # a guess needs little room


_SHEET = '''
[sheet]
rules = "Roll."
{extra}

[[task]]
key = "99.q1"
question = "What is 2 x 3 on the board above?"
paper = "What is 2 x 3?"
form = "number"
places = 0
answer = "six"
check = "six"
hint = "Add."
solution = "6"
'''


def test_a_paper_field_does_not_change_the_notebooks_question():
    (task,) = load_text(_SHEET.format(extra=""), "99", {"six": lambda: 6}, "lesson99.toml")
    assert "above" in task.question


@pytest.mark.parametrize(("extra", "says"), [
    ("colour = 3", "[sheet] has only"),
    ('words = ["pips"]', "each of the words"),
    ('[[sheet.tally]]\ntitle = "T"\ncolumns = []\nrows = 3', "1 to 8 texts"),
    ('[[sheet.tally]]\ntitle = "T"\ncolumns = ["a"]\nrows = 300', "1 to 30"),
])
def test_mistakes_in_a_sheet_table_are_named(monkeypatch, extra, says):
    _refused(monkeypatch, extra, says)


def _refused(monkeypatch, extra: str, says: str) -> None:
    # lesson 04's paper read from a record file with ``extra`` in its [sheet]: refused, saying ``says``
    from fifteen_kit.widgets.workbook import paper

    text = _SHEET.format(extra=extra)
    monkeypatch.setattr(paper, "_read_file", lambda lesson: (text, "lesson04.toml"))
    monkeypatch.setattr(paper, "records", lambda lesson: [])
    with pytest.raises(QuestionFileError, match=re.escape(says)):
        paper.on_paper("04")


def test_a_bad_lesson_is_refused():
    with pytest.raises(InvalidArgumentError):
        on_paper("99")
    with pytest.raises(InvalidArgumentError):
        page_use("7")


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_guide_names_each_tally_where_its_activity_is(lesson):
    from pathlib import Path

    guide = next((Path(__file__).resolve().parents[1] / "lessons" / "teacher_guide").glob(f"{lesson}_*.md"))
    text = " ".join(guide.read_text(encoding="utf-8").split())
    for tally in on_paper(lesson).tallies:
        assert f"*{tally.title}*" in text, f"the guide of lesson {lesson} does not name the table {tally.title!r}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_answer_sheet_speaks_the_worksheets_words(lesson):
    from fifteen_kit.widgets.printables.lessons import answer_sheet

    text = _text(answer_sheet(lesson).html())
    found = [text[max(0, m.start() - 50):m.end() + 30] for m in SCREEN.finditer(text)
             if m.group(0).lower() not in ("type", "typed", "cell", "scroll")]
    assert not [f for f in found if re.search(r"board (above|below)|the chart in|before you click", f)], found
    for item in tasks(lesson):
        assert on_paper(lesson).tasks[item.key].words[:60] in text


def test_the_answer_sheet_gives_the_teacher_the_numbers_behind_a_value():
    from fifteen_kit.widgets.printables.lessons import answer_sheet
    from fifteen_kit.widgets.workbook import lesson04

    text = _text(answer_sheet("04").html())
    cautious = lesson04.NAMED["cautious_expected"]()
    assert f"{cautious.numerator}/{cautious.denominator}" in text  # the pool's true value, for the class tally
    assert f"stop at {lesson04.NAMED['best_threshold']()} pips" in text  # the chart's best rule, in words
    assert "roll" in text.split("Prediction 13", 1)[1].split("Prediction 14", 1)[0]  # the decision's check
    six = _text(answer_sheet("06").html())
    assert "A winning line" in six.split("Prediction 5", 1)[1]  # the shortcut's line, to help a stuck group


def test_a_worked_example_box_stands_before_its_exercise():
    html = worksheet("04").html()
    assert html.index("Expected value, by example") < html.index("Exercise 1.")
    assert html.index("Prediction 11.") < html.index("Prediction 12.")
    pages = worksheet("04").pages
    eleven = next(i for i, p in enumerate(pages) if "Prediction 11." in p)
    assert "Prediction 12." not in pages[eleven]  # its words would hint at 11's answer: a page of its own


@pytest.mark.parametrize(("extra", "says"), [
    ('[[sheet.box]]\ntitle = "T"\ntext = "x"', "exactly title, text, before"),
    ('[[sheet.box]]\ntitle = "T"\ntext = "x"\nbefore = "99.q7"', "names a task"),
])
def test_mistakes_in_a_box_are_named(monkeypatch, extra, says):
    _refused(monkeypatch, extra, says)
