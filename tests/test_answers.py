"""The answer forms are fair: every correct way of writing an answer passes, and each wrong one gets a message
that helps (tables per form, and properties over many values)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fifteen_kit.answers import MAX_ANSWER, Choice, DigitSequence, DigitSet, Number, Tile
from fifteen_kit.errors import InvalidArgumentError

SIXTH = Fraction(1, 6)

RIGHT = [
    (Number(places=3), SIXTH, ["1/6", "2/12", " 1 / 6 ", "0.167", ".167", "0.1667", "16.7%", "16.67 %", "0,167",
                               '"1/6"', "1/6.", "≈ 0.167", "about 0.167", "1.67e-1", "16.7 percent"]),
    (Number(places=2), Fraction(5, 12), ["5/12", "0.42", "0.417", "41.7%", "42%", "10/24"]),
    (Number(places=2), 6, ["6", "6.0", "6.00", "6.", "+6", "six", "Six.", "'6'", "6.000", "600%"]),
    (Number(places=0), 1666, ["1666", "1,666", "1 666", "1_666", "1666.0", "2002 - 336", "2002-336 = 1666",
                              "one thousand six hundred and sixty-six", "1,666 boards"]),
    (Number(places=0), 144, ["6x6x4=144", "6 x 6 x 4", "6*6*4", "144 ways", "one hundred and forty-four",
                             "12^2", "around 144?"]),
    (Number(places=1, percent=True), SIXTH, ["16.7", "16.7%", "16.67", "1/6", "0.167"]),
    (Number(places=0), -3, ["-3", "−3", "minus 3" if False else "-3.0"]),
    (Number(places=1), Fraction(3, 2), ["1 1/2", "3/2", "1.5", "1,5"]),
    (DigitSet(), {2, 4, 6, 8}, ["2 4 6 8", "8642", "8, 6, 4 and 2", "{2,4,6,8}", "[2, 4, 6, 8]", "2+4+6+8",
                                "2;4;6;8", "2 4 6 8."]),
    (DigitSequence(), (4, 9, 2), ["4 9 2", "492", "4, 9, 2", "4-9-2"]),
    (Tile(), "O3", ["O3", "o3", "O 3", "O-3", "orange 3", "Orange 3.", "'O3'"]),
    (Choice(("fewest", "options", "cannot tell")), "cannot tell", ["cannot tell", "Cannot tell.", "CANNOT TELL",
                                                                   "can", "cannot"]),
]

WRONG = [
    (Number(places=3), SIXTH, [("0.17", "give 3 decimal places"), ("0.166", "round the last digit"),
                               ("17%", "decimal places"), ("16.7", "percentage"), ("1/7", "not yet"),
                               ("1/0", "cannot be 0"), ("a sixth", "type a number"), ("", "type an answer"),
                               ("1" * (MAX_ANSWER + 1), "too long")]),
    (Number(places=2), 6, [("7", "not yet"), ("6.5", "not yet"), ("lots of apples", "type a number"),
                           ("2 x 4", "not yet"), ("9^9^9", "type a number"), ("1/(1-1)", "type a number")]),
    (Number(places=0), 1666, [("1,667", "not yet"), ("1.666", "not yet")]),
    (DigitSet(), {2, 4, 6, 8}, [("2 4", "missing"), ("2 4 6 8 9", "do not belong"), ("1 3 5 7", "not yet"),
                                ("24 68", "single digit"), ("two four", "digits only"), ("2 4 6 o", "letter o")]),
    (DigitSequence(), (4, 9, 2), [("2 9 4", "wrong order"), ("4 9 3", "not yet")]),
    (Tile(), "O3", [("03", "letter o"), ("B3", "not yet"), ("orange", "colour letter")]),
    (Choice(("fewest", "options", "cannot tell")), "cannot tell", [("fewest", "not yet"), ("maybe", "pick one of"),
                                                                   ("ca", "pick one of")]),
]


@pytest.mark.parametrize(("form", "expected", "texts"), RIGHT, ids=[f"{type(r[0]).__name__}-{r[1]}" for r in RIGHT])
def test_every_right_form_is_accepted(form, expected, texts):
    for text in [*texts, *form.renderings(expected)]:
        verdict = form.judge(text, expected)
        assert verdict.correct, f"{text!r} for {expected!r}: {verdict.message}"


@pytest.mark.parametrize(("form", "expected", "cases"), WRONG, ids=[f"{type(r[0]).__name__}-{r[1]}" for r in WRONG])
def test_every_wrong_form_gets_a_helpful_message(form, expected, cases):
    for text, fragment in cases:
        verdict = form.judge(text, expected)
        assert not verdict.correct, f"{text!r} accepted for {expected!r}"
        assert fragment.lower() in verdict.message.lower(), f"{text!r}: {verdict.message!r}"


def test_slips_get_their_own_message_even_rounded():
    slips = {Fraction(1, 3): "You added the two chances; multiply them."}
    assert Number(places=3).judge("0.333", SIXTH, slips).message.startswith("You added")
    assert Number(places=3).judge("1/3", SIXTH, slips).message.startswith("You added")
    assert DigitSet().judge("1 3", {2, 4}, {frozenset({1, 3}): "Those are odd."}).message == "Those are odd."


def test_bad_expected_answers_are_refused_when_the_exercise_is_made():
    for form, bad in ((Number(), "six"), (Number(), float("nan")), (DigitSet(), [12]), (DigitSet(), []),
                      (Tile(), "Q3"), (Choice(("a", "b")), "c")):
        with pytest.raises(InvalidArgumentError):
            form.judge("1", bad)
    for bad in ((), ("a",), ("a", "A")):
        with pytest.raises(InvalidArgumentError):
            Choice(bad)
    with pytest.raises(InvalidArgumentError):
        Number(places=13)


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=500), st.integers(0, 4), st.booleans())
def test_every_rendering_of_any_number_is_accepted(value, places, percent):
    form = Number(places=places, percent=percent)
    for text in form.renderings(value):
        assert form.judge(text, value).correct, (text, value)


@given(st.text(max_size=120))
def test_any_typed_text_gets_a_verdict_never_an_exception(text):
    for form, expected in ((Number(places=3), SIXTH), (DigitSet(), {1, 5, 9}), (Tile(), "O3"),
                           (DigitSequence(), (1, 2)), (Choice(("yes", "no")), "yes")):
        verdict = form.judge(text, expected)
        assert isinstance(verdict.message, str) and verdict.message
