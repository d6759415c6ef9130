"""SelfCheck exercises: the student's answer is judged by the kit's computed answer."""

import pytest
from fifteen_kit.widgets import SelfCheck

from fifteen_kit.errors import InvalidArgumentError


def test_number_question():
    q = SelfCheck.number("How many?", 8)
    q.check_button.click()
    assert "Type an answer" in q.feedback.value
    for wrong in ("7", "seven", "8.5"):
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
        SelfCheck("?", 5)


def test_worked_solution_opens_after_two_wrong_tries_and_hint_after_one():
    from fifteen_kit.answers import Number

    q = SelfCheck("7 x 8?", Number(places=0), 56, hint="Count in eights.", solution="7 x 8 = 56.",
                  slips={15: "You added 7 and 8."})
    q.answer.value = "15"
    assert not q.check() and "You added" in q.feedback.value and "eights" in q.feedback.value
    assert q.solution_button.layout.display == "none"
    q.answer.value = "54"
    assert not q.check()
    assert q.solution_button.layout.display is None
    q.solution_button.click()
    assert q.solution_box.children and q.solution_button.layout.display == "none"


def test_an_unreadable_answer_is_not_a_wrong_try():
    q = SelfCheck.number("How many?", 8, solution="Eight.")
    for text in ("", "lots", "x" * 200):
        q.answer.value = text
        assert not q.check()
    assert q.tries == 0


def test_prediction_is_never_marked_wrong_and_reveals_only_after_the_guess():
    from fifteen_kit.widgets import Prediction

    from fifteen_kit.answers import Number

    shown = []
    p = Prediction("How many?", Number(places=0), lambda: 8, reveal=lambda: shown.append(1) or "chart")
    p.guess.value = "a few"
    assert not p.lock() and not shown and "Type a number" in p.comparison.value
    p.guess.value = "20"
    assert p.lock() and shown == [1] and p.guess.disabled
    assert "✘" not in p.comparison.value and "Fewer than you guessed" in p.comparison.value


def test_why_question_keeps_the_text_and_shows_the_model():
    from fifteen_kit.widgets import WhyQuestion

    q = WhyQuestion("Why?", "Because.", ["one point", "another point"])
    q.written.value = "no"
    assert not q.compare() and "Write your own" in q.model_box.value
    q.written.value = "Because the middle digit is in four lines."
    assert q.compare() and "another point" in q.model_box.value
    assert q.written.value.startswith("Because the middle")
    with pytest.raises(InvalidArgumentError):
        WhyQuestion("Why?", "Because.", ["only one"])


def test_answers_are_kept_by_key_and_shown_again(tmp_path, monkeypatch):
    import json

    from fifteen_kit.widgets.results import forget

    from fifteen_kit.answers import Number

    q = SelfCheck("2 + 2?", Number(places=0), 4, key="98.q1")
    q.answer.value = "5"
    q.check()
    again = SelfCheck("2 + 2?", Number(places=0), 4, key="98.q1")
    assert again.answer.value == "5" and again.tries == 1 and again.feedback.value.startswith("✘")
    # a fresh kernel: nothing in memory, the saved notebook holds the record
    forget("98")
    notebook = tmp_path / "lesson.ipynb"
    record = {"key": "98.q1", "kind": "check", "answer": "4", "tries": 1, "correct": True}
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [
        {"output_type": "display_data", "data": {"text/plain": ""}, "metadata": {"fifteen_kit": record}}]}]}))
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    fresh = SelfCheck("2 + 2?", Number(places=0), 4, key="98.q1")
    assert fresh.answer.value == "4" and fresh.feedback.value.startswith("✔")
    forget("98")
