"""Recording a pupil's answers and games in the notebook, and the "Hand in your results" widget (issue 19)."""

from __future__ import annotations

import base64
import json
import random
import re

import pytest
from dice_clicks import random_click
from fifteen_kit.widgets import DiceBoard, FifteensBoard, FiveBy15Board, GameOf15Board, Prediction, SelfCheck
from fifteen_kit.widgets.fifteens import PairStudy
from fifteen_kit.widgets.results import Recorder, ResultsExport, export_results, forget, lesson_records

from fifteen_kit.answers import Number
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.fifteens.strategies import make_player, study
from fifteen_kit.results import PupilResults, from_code, from_json


@pytest.fixture(autouse=True)
def _clean():
    forget("97")
    yield
    forget("97")


def _by_key():
    return {r["key"]: r for r in lesson_records("97")}


def test_a_checked_answer_keeps_tries_first_and_the_wrong_answers():
    q = SelfCheck("2 + 2?", Number(places=0), 4, key="97.q1")
    for typed in ("5", "abc", "3", "4"):  # "abc" cannot be read: not a try
        q.answer.value = typed
        q.check()
    record = _by_key()["97.q1"]
    assert record == {"key": "97.q1", "kind": "check", "answer": "4", "tries": 3, "correct": True,
                      "first": False, "wrong": ["5", "3"]}
    right = SelfCheck("3 + 3?", Number(places=0), 6, key="97.q2")
    right.answer.value = "6"
    right.check()
    assert _by_key()["97.q2"]["first"] is True and _by_key()["97.q2"]["wrong"] == []


def test_at_most_five_wrong_answers_are_kept_and_a_restored_question_goes_on_counting():
    q = SelfCheck("2 + 2?", Number(places=0), 4, key="97.q1")
    for n in range(7):
        q.answer.value = str(10 + n)
        q.check()
    assert _by_key()["97.q1"]["wrong"] == ["10", "11", "12", "13", "14"]
    again = SelfCheck("2 + 2?", Number(places=0), 4, key="97.q1")  # the cell run again
    assert again.tries == 7 and again.attempts == 7 and again.first is False
    again.answer.value = "4"
    again.check()
    record = _by_key()["97.q1"]
    assert record["tries"] == 8 and record["correct"] and not record["first"]


def test_a_prediction_keeps_the_truth_as_shown():
    p = Prediction("How many?", Number(places=0), 8, key="97.p1")
    p.guess.value = "10"
    p.lock()
    assert _by_key()["97.p1"] == {"key": "97.p1", "kind": "prediction", "answer": "10", "truth": "8"}


def test_a_dice_board_with_a_key_records_the_game_after_each_board():
    board = DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=None, key="97.game")
    assert isinstance(board.game_seed, int)
    rng = random.Random(3)
    for _ in range(400):  # the pupil plays two boards with random legal clicks
        if len(board.game.pad) >= 4:
            break
        random_click(board, rng)
    record = _by_key()["97.game"]
    totals = board.game.totals()
    assert record == {"key": "97.game", "kind": "game", "game": "dice", "seed": board.game_seed, "boards": 2,
                      "score": totals["You"], "computer": totals["Computer"], "policy": "optimal"}
    assert PupilResults("97", "Ana", (record,)).records == (record,)


def test_the_other_boards_record_a_finished_game():
    fifteens = FifteensBoard(seed=3, key="97.fifteens")
    player = make_player("fewest", seed=1)
    while not fifteens.position.is_over:
        fifteens.selected = set(player.choose(fifteens.position))
        fifteens.remove()
    record = _by_key()["97.fifteens"]
    assert record["game"] == "fifteens" and record["seed"] == 3 and record["strategy"] == "pupil"
    assert (record["deals"], record["wins"]) == (1, int(fifteens.position.is_won))
    match = GameOf15Board(opponent="perfect", seed=1, key="97.match")
    while not match.match.is_over:
        match.click_digit(next(d for d in range(1, 10) if str(d) not in "".join(match.match.drafts)))
    record = _by_key()["97.match"]
    assert record["game"] == "game_of_15" and record["winner"] == "I" and record["ivory"] == 1
    five = FiveBy15Board(seed=2, colours=3, numbers=6, key="97.five")
    for _ in range(200):
        if five.game.status != "playing":
            break
        five.game.play(five.game.fresh_moves()[0])
        five.render()
    record = _by_key()["97.five"]
    assert record["game"] == "five_by_15" and record["status"] == five.game.status and record["seed"] == 2
    assert DiceBoard(players=[("You", "human")], seed=1).recorder is None  # no key, no record
    # every board's record is one the results format accepts
    assert len(PupilResults("97", "Ana", tuple(lesson_records("97"))).records) == 3


def test_a_pair_study_records_each_strategy_on_the_pairs_own_deals():
    s = PairStudy("97.pool", ("fewest", "most"), deals=5)
    assert not s.run() and "pair number" in s.table.value
    s.pair.value = 12
    assert s.run()
    expected = study(("fewest", "most"), games=5, seed=12)
    by_key = _by_key()
    for row in expected:
        assert by_key[f"97.pool_{row.player}"] == {"key": f"97.pool_{row.player}", "kind": "game",
                                                   "game": "fifteens", "seed": 12, "strategy": row.player,
                                                   "deals": 5, "wins": row.wins}
    again = PairStudy("97.pool", ("fewest", "most"), deals=5)  # the cell run again shows the pair's results
    assert again.pair.value == 12 and "recorded" in again.table.value
    with pytest.raises(InvalidArgumentError):
        PairStudy("97.pool", ("fewest", "fewest"))


def test_recorder_refuses_bad_keys_kinds_and_values():
    with pytest.raises(InvalidArgumentError):
        Recorder("", "check")
    with pytest.raises(InvalidArgumentError):
        Recorder("97.q1", "guess")
    with pytest.raises(InvalidArgumentError):
        Recorder("97.q1", "check").write(answer={1, 2})
    with pytest.raises(InvalidArgumentError):
        ResultsExport("4")


def test_the_export_asks_for_a_name_and_for_something_to_hand_in():
    box = export_results("97")
    assert box.save_button.description == "Save my results" and "file" in box.save_button.tooltip
    assert not box.save() and "names" in box.message.value
    box.name.value = "Ana and Ben"
    assert not box.save() and "Nothing recorded" in box.message.value


def test_the_export_gives_a_file_and_a_code_with_every_record():
    q = SelfCheck("2 + 2?", Number(places=0), 4, key="97.q1")
    q.answer.value = "5"
    q.check()
    q.answer.value = "4"
    q.check()
    s = PairStudy("97.pool", ("fewest",), deals=3)
    s.pair.value = 2
    s.run()
    box = export_results("97")
    box.name.value = "Ana & Ben"
    assert box.save()
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', box.link.value)
    assert link and link.group(1).endswith(".json")
    loaded = from_json(base64.b64decode(link.group(2)).decode("utf-8"))
    assert loaded.lesson == "97" and loaded.pupil == "Ana & Ben"
    assert [r["key"] for r in loaded.records] == ["97.q1", "97.pool_fewest"]
    assert json.loads(base64.b64decode(link.group(2)))["records"][0]["wrong"] == ["5"]
    code = re.search(r"F15-[0-9A-Z-]+", box.code.value).group(0)
    assert from_code(code).records[0]["first"] is False


@pytest.mark.parametrize("found_by", ["session name", "folder"])
def test_records_saved_in_the_notebook_are_handed_in_after_a_fresh_kernel(tmp_path, monkeypatch, found_by):
    # the notebook saved yesterday holds a game and an answer; today's fresh kernel hands them in with today's
    # (JupyterLab names the kernel's notebook; JupyterLite does not, but runs the kernel in the notebook's folder)
    saved = [{"key": "97.game", "kind": "game", "game": "dice", "seed": 8, "boards": 10, "score": 120,
              "computer": 131, "policy": "optimal"},
             {"key": "97.q1", "kind": "check", "answer": "4", "tries": 1, "correct": True, "first": True,
              "wrong": []}]
    notebook = tmp_path / "97_lesson.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": [
        {"output_type": "display_data", "data": {"text/plain": ""}, "metadata": {"fifteen_kit": r}}]}
        for r in saved]}))
    if found_by == "session name":
        monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    else:
        monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
        monkeypatch.chdir(tmp_path)
    p = Prediction("How many?", Number(places=0), 8, key="97.p1")
    p.guess.value = "9"
    p.lock()
    assert [r["key"] for r in lesson_records("97")] == ["97.game", "97.q1", "97.p1"]
    assert SelfCheck("2 + 2?", Number(places=0), 4, key="97.q1").feedback.value.startswith("✔")
    box = export_results("97")
    box.name.value = "pair 4"
    assert box.save() and box.results.record("97.game")["score"] == 120
