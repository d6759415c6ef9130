"""The question records (widgets/workbook/lessonNN.toml): every lesson's file loads and checks, and a teacher's
edit that breaks something is answered with a QuestionFileError naming the file and line, nothing run."""

import re

import pytest
from fifteen_kit.widgets.workbook import LESSONS, Exercise, tasks
from fifteen_kit.widgets.workbook.records import check, check_text, load_text, path, records

from fifteen_kit.errors import InvalidArgumentError, QuestionFileError

GOOD = '''# a small record
[[task]]
key = "99.q1"
question = "What is {a} x {b}?"
form = "number"
places = 0
answer = "product"
check = "product_by_adding"
transfer = true
hint = "Seven eights."
solution = """
1. {a} x {b} = {product}.
2. Adding {b} seven times gives the same."""
right = ["56", "56.0"]
wrong = [
    { typed = "54", says = "not yet" },
    { typed = "x", says = "type a number" },
]

[[task.slip]]
typed = "{a_plus_b}"
message = "That is {a} + {b}: multiply instead."

[[task]]
key = "99.p1"
question = "Guess: is 7 x 8 more than 50?"
form = "choice"
choices = ["yes", "no"]
truth = "more"

[[task]]
key = "99.w1"
question = "Why is 7 x 8 the same as 8 x 7?"
model = "Seven rows of eight and eight rows of seven are the same {product} dots, turned round."
points = ["a product counts a rectangle of dots", "turning the rectangle does not change the count"]
'''
NAMED = {"a": lambda: 7, "b": lambda: 8, "product": lambda: 56, "times": lambda x, y: x * y,
         "product_by_adding": lambda: 8 * 7, "a_plus_b": lambda: 15, "more": lambda: "yes"}


def _line(text: str, fragment: str) -> int:
    # the line of the fragment's last place (an edit adds the fragment; the original comes first)
    return [n for n, line in enumerate(text.splitlines(), start=1) if fragment in line][-1]


def test_a_good_record_loads_and_checks():
    exercise, prediction, why = load_text(GOOD, "99", NAMED, "lesson99.toml")
    assert exercise.widget().judge("15") == (False, "That is 7 + 8: multiply instead.")
    assert exercise.widget().judge("fifty-six")[0]
    assert "1. 7 x 8 = 56." in exercise.widget().solution()
    assert prediction.expected() == "yes" and why.widget().points()[0].startswith("a product")
    assert check_text(GOOD, "99", NAMED, "lesson99.toml") == 1


# (what a teacher's edit does, the text replaced, its replacement, the line's fragment, words of the message)
BROKEN = [
    ("a misspelt field", 'hint = "Seven', 'hnit = "Seven', "hnit", "not a field"),
    ("an unknown name in a text", "x {b}?", "x {c}?", "x {c}?", "{c} in question is not one of"),
    ("an expression in braces", "x {b}?", "x {b.__class__}?", "x {b.", "is not a placeholder"),
    ("indexing in braces", "x {b}?", "x {b[0]}?", "x {b[", "is not a placeholder"),
    ("a conversion in braces", "x {b}?", "x {b!r}?", "x {b!r}", "is not a placeholder"),
    ("an odd brace", "x {b}?", "x {b?", "x {b?", "braces"),
    ("an unknown answer function", 'answer = "product"', 'answer = "produkt"', "answer =", "not one of the"),
    ("code in a placeholder call", "x {b}?", "x {times(__import__('os'), 8)}?", "x {times(", "not a"),
    ("an unknown function in braces", "x {b}?", "x {tims(7, 8)}?", "x {tims(", "did you mean {times}?"),
    ("code in a call", 'answer = "product"', 'answer = "times(__import__(\'os\'), 8)"', "answer =", "plain values"),
    ("an attribute call", 'answer = "product"', 'answer = "a.__class__()"', "answer =", "plain values"),
    ("an unknown function called", 'answer = "product"', 'answer = "tims(7, 8)"', "answer =", "'tims' is not one"),
    ("an unknown form", 'form = "number"', 'form = "numbr"', 'form = "numbr"', "is not a form"),
    ("a bad key", 'key = "99.q1"', 'key = "98.q1"', 'key = "98.q1"', "key must be"),
    ("a missing hint", 'hint = "Seven eights."', "", "[[task]]", "needs hint"),
    ("a form option that does not fit", "places = 0", 'choices = ["a", "b"]', 'choices = ["a"', "does not belong"),
    ("places out of range", "places = 0", "places = 99", "places = 99", "places"),
    ("a missing closing quote", 'hint = "Seven eights."', 'hint = "Seven eights.', 'hint = "Seven',
     "missing its closing quote"),
    ("a quote inside a text", 'hint = "Seven eights."', 'hint = "Seven "eights"."', 'hint = "Seven',
     'written \\"'),
    ("text without quotes", 'hint = "Seven eights."', "hint = Seven eights.", "hint = Seven", "needs quotes"),
    ("a misspelt placeholder", "x {b}?", "x {bb}?", "x {bb}?", "did you mean {b}?"),
    ("two tasks with one key", 'key = "99.p1"', 'key = "99.q1"', 'key = "99.q1"', "used twice"),
    ("a slip with a third field", 'message = "That is', 'says = "x"\nmessage = "That is', 'says = "x"',
     "exactly two fields"),
    ("too many points", '"turning the', '"a", "b", "turning the', "points =", "2 or 3"),
]


@pytest.mark.parametrize(("what", "old", "new", "fragment", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_edit_is_named_with_its_line(what, old, new, fragment, words):
    text = GOOD.replace(old, new, 1)
    assert text != GOOD
    with pytest.raises(QuestionFileError) as caught:
        load_text(text, "99", NAMED, "lesson99.toml")
    message = str(caught.value)
    assert isinstance(caught.value, InvalidArgumentError) and isinstance(caught.value, ValueError)
    assert words in message, message
    where = re.search(r"lesson99\.toml(, line |:)(\d+)", message)
    assert where, f"{what}: the message names no line: {message}"
    if fragment and fragment != "[[task]]":
        assert int(where.group(2)) == _line(text, fragment), f"{what}: {message}"
    assert caught.value.position.startswith("lesson99.toml")


def test_an_answer_may_call_a_named_function_with_plain_values():
    text = GOOD.replace('answer = "product"', 'answer = "times(7, 8)"').replace('"product_by_adding"', '"times(8, 7)"')
    (exercise, *_rest) = load_text(text, "99", NAMED, "lesson99.toml")
    assert exercise.expected() == 56 and check_text(text, "99", NAMED, "lesson99.toml") == 1
    shown = text.replace("x {b}?", "x {b}? (Not {times(7, 9)}.)")
    (exercise, *_rest) = load_text(shown, "99", NAMED, "lesson99.toml")
    assert exercise.widget().question == "What is 7 x 8? (Not 63.)"  # a call in braces shows its value
    wrong = text.replace('"times(8, 7)"', '"times(8, 8)"')
    with pytest.raises(QuestionFileError, match="disagree: 56 against 64"):
        check_text(wrong, "99", NAMED, "lesson99.toml")


CHECKED = [
    ("a slip equal to the answer", 'typed = "{a_plus_b}"', 'typed = "56"', 'typed = "56"', "is the answer itself"),
    ("answer and check disagree", 'check = "product_by_adding"', 'check = "a_plus_b"', "check =", "disagree"),
    ("a right answer the checker refuses", 'right = ["56",', 'right = ["65",', "right =", "refuses"),
    ("a wrong answer it accepts", '{ typed = "54"', '{ typed = "56"', '{ typed = "56"', "accepted"),
    ("the answer typed into the hint", 'hint = "Seven eights."', 'hint = "Seven eights make 56."', "hint =",
     "shows the answer, 56"),
    ("the answer in the hint by a placeholder", 'hint = "Seven eights."', 'hint = "Seven eights: {product}."',
     "hint =", "shows the answer, 56"),
    ("a slip it cannot read", 'typed = "{a_plus_b}"', 'typed = "lots"', 'typed = "lots"', "cannot be read"),
]


@pytest.mark.parametrize(("what", "old", "new", "fragment", "words"), CHECKED, ids=[c[0] for c in CHECKED])
def test_a_wrong_fact_is_found_by_the_check_with_its_line(what, old, new, fragment, words):
    text = GOOD.replace(old, new, 1)
    load_text(text, "99", NAMED, "lesson99.toml")  # it loads: only computing the values shows the mistake
    with pytest.raises(QuestionFileError) as caught:
        check_text(text, "99", NAMED, "lesson99.toml")
    message = str(caught.value)
    assert words in message, message
    assert f"line {_line(text, fragment)}:" in message, message


def test_hostile_text_is_shown_as_text_and_runs_nothing():
    text = GOOD.replace("What is {a} x {b}?", "{{__import__('os').system('x')}} <script>alert(1)</script>")
    (exercise, *_rest) = load_text(text, "99", NAMED, "lesson99.toml")
    box = exercise.widget()
    assert box.question == "{__import__('os').system('x')} <script>alert(1)</script>"  # doubled braces are text
    assert "<script>" not in box.children[0].value  # and the widget escapes the question's HTML


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_record_loads_and_checks(lesson):
    from importlib import import_module

    module = import_module(f"fifteen_kit.widgets.workbook.lesson{lesson}")
    assert path(lesson).exists(), f"lesson {lesson} keeps its words in {path(lesson).name}"
    exercises = check(lesson, module.NAMED)
    assert exercises == sum(isinstance(t, Exercise) for t in tasks(lesson))
    assert [r.key for r in records(lesson)] == [t.key for t in tasks(lesson)]


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_exercise_record_names_right_and_wrong_answers(lesson):
    for record in records(lesson):
        if record.kind == "exercise":
            assert len(record.fields.get("right", [])) >= 2, f"{record.key}: list at least two right answers"
            wrong = record.fields.get("wrong", []) + record.fields.get("slip", [])
            assert len(wrong) >= 2, f"{record.key}: list at least two wrong answers"
            assert record.fields.get("slip"), f"{record.key}: name the likely slips"


def test_words_after_a_prediction_show_only_once_the_guess_is_locked():
    # ``after``: the lesson's words that discuss the answer, which would give it away below the question
    text = GOOD.replace('truth = "more"', 'truth = "more"\nafter = "Yes: {product} is more than 50."')
    _exercise, prediction, _why = load_text(text, "99", NAMED, "lesson99.toml")
    board = prediction.widget()
    assert not board.reveal_box.children
    board.guess.value = "no"
    assert board.lock(record=False)
    assert prediction.reveal is not None and prediction.reveal()[1] == "Yes: 56 is more than 50."
    assert board.reveal_box.children
    with pytest.raises(QuestionFileError, match="not a placeholder"):
        load_text(text.replace("{product} is", "{product.real} is"), "99", NAMED, "lesson99.toml")
