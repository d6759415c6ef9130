"""The lessons' tasks: every exercise is complete (hint, slips, worked solution), used by its lesson exactly once,
and every lesson asks for predictions and a "why".  That each is fair (its right and wrong answers, from its
record) is checked by tests/test_records.py."""

import pytest
from fifteen_kit.widgets.workbook import LESSONS, Exercise, Predict, Why, ask, task, tasks
from lesson_cells import asked

from fifteen_kit.errors import InvalidArgumentError

EXERCISES = [t for t in tasks() if isinstance(t, Exercise)]


@pytest.mark.parametrize("exercise", EXERCISES, ids=[t.key for t in EXERCISES])
def test_exercise_has_a_hint_slips_and_a_worked_solution(exercise):
    box = exercise.widget()
    assert box.hint and box.slips, f"{exercise.key} needs a hint and its likely slips"
    solution = box.solution()
    assert len(solution.split()) >= 12, f"{exercise.key}: the worked solution must show steps"
    for slip in box.slips:
        assert box.form.expect(slip) != box.expected, f"{exercise.key}: a slip equals the answer"


def test_every_task_is_asked_once_in_its_lesson_and_every_ask_exists():
    for lesson in LESSONS:
        keys = [key for _cell, key in asked(lesson)]
        assert len(keys) == len(set(keys)), f"lesson {lesson} asks a task twice"
        defined = [t.key for t in tasks(lesson)]
        never = [key for key in defined if key not in keys]
        unknown = [key for key in keys if key not in defined]
        assert not never, f"lesson {lesson}: no cell asks {', '.join(never)} (add a cell: ask(\"{never[0]}\"))"
        assert not unknown, f"lesson {lesson}: a cell asks {', '.join(unknown)}, which no record defines"


@pytest.mark.parametrize("lesson", [n for n in LESSONS if n != "00"])
def test_every_lesson_predicts_explains_and_transfers(lesson):
    kinds = [type(t) for t in tasks(lesson)]
    assert kinds.count(Predict) >= 2, f"lesson {lesson}: predictions before the reveals"
    assert kinds.count(Why) >= 1, f"lesson {lesson}: at least one why question"
    exercises = [t for t in tasks(lesson) if isinstance(t, Exercise)]
    assert exercises and all(t.transfer for t in exercises), f"lesson {lesson}: exercises ask for new things"


def test_why_questions_have_a_model_and_key_points():
    for item in (t for t in tasks() if isinstance(t, Why)):
        box = item.widget()
        assert len(box.model().split()) >= 15 and 2 <= len(box.points()) <= 3, item.key


def test_predictions_reveal_the_kit_value():
    for item in (t for t in tasks() if isinstance(t, Predict)):
        box = item.widget()
        box.guess.value = box.form.renderings(box.truth)[0] if not hasattr(box.form, "options") else \
            box.form.options[0]
        assert box.lock(record=False), item.key
        assert "The kit:" in box.comparison.value, item.key


def test_unknown_task_keys_are_refused():
    for bad in ("04.q99", "4.q1", "", "99.q1"):
        with pytest.raises(InvalidArgumentError):
            ask(bad)
    with pytest.raises(InvalidArgumentError):
        task(12)
