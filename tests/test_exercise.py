"""SelfCheck exercises: the student's answer is judged by the kit's computed answer."""

import pytest
from fifteen_kit.widgets import SelfCheck

from fifteen_kit.errors import InvalidArgumentError


def test_number_question():
    q = SelfCheck.number("How many?", 8)
    q.check_button.click()
    assert "Type an answer" in q.feedback.value
    for wrong in ("7", "eight", "8.5"):
        q.answer.value = wrong
        assert not q.check()
        assert q.feedback.value.startswith("✘")
    q.answer.value = "8"
    assert q.check() and q.feedback.value.startswith("✔")


def test_digits_question_any_order_and_partial():
    q = SelfCheck.digits("Which?", [2, 4, 6, 8], hint="corners")
    q.answer.value = "2 4"
    assert not q.check() and "missing" in q.feedback.value and "corners" in q.feedback.value
    q.answer.value = "x y"
    assert not q.check() and "digits" in q.feedback.value
    q.answer.value = "8,6, 4 2"
    assert q.check()


def test_judge_must_be_callable():
    with pytest.raises(InvalidArgumentError):
        SelfCheck("?", judge=5)
