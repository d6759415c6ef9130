"""A pupil's work is kept on disk the moment it is given (widgets/keep.py): read back by a fresh kernel, never
replaced by a re-run, and a damaged, hostile or unwritable work file loses nothing and runs nothing."""

import json
import os

import pupil_folder
import pytest
from fifteen_kit.widgets import SelfCheck
from fifteen_kit.widgets.keep import ENV, MAX_BYTES, keep, kept, problem, work_file
from fifteen_kit.widgets.results import Recorder, ResultsExport, forget, lesson_records, saved_answer

from fifteen_kit.answers import Number


@pytest.fixture
def lesson_folder(tmp_path, monkeypatch):
    """A pupil's lesson folder with notebook 93_try.ipynb, as JupyterLab tells its kernel (JPY_SESSION_NAME)."""
    yield from pupil_folder.lesson_folder("93", tmp_path, monkeypatch)


def _fresh_kernel() -> None:
    forget("93")  # what a restart does to this kernel's records


def test_an_answer_is_on_disk_as_soon_as_it_is_checked_and_comes_back_in_a_fresh_kernel(lesson_folder):
    box = SelfCheck("What is 3 x 6?", Number(places=0), 18, key="93.q1")
    box.answer.value = "18"
    assert box.check()
    file = lesson_folder / "93_try.work.json"
    assert json.loads(file.read_text())["records"]["93.q1"]["answer"] == "18"
    _fresh_kernel()
    assert saved_answer("93.q1")["correct"] is True
    again = SelfCheck("What is 3 x 6?", Number(places=0), 18, key="93.q1")
    assert again.answer.value == "18" and again.feedback.value.startswith("✔")


def test_a_solved_exercise_stays_solved(lesson_folder):
    box = SelfCheck("What is 3 x 6?", Number(places=0), 18, key="93.q1")
    box.answer.value = "18"
    box.check()
    box.answer.value = "19"
    assert not box.check()
    assert "stays recorded" in box.feedback.value
    record = saved_answer("93.q1")
    assert (record["answer"], record["correct"], record["wrong"], record["tries"]) == ("18", True, ["19"], 2)
    _fresh_kernel()
    assert SelfCheck("What is 3 x 6?", Number(places=0), 18, key="93.q1").solved == "18"


def test_a_rerun_board_never_replaces_the_game_played_before(lesson_folder):
    first = Recorder("93.game", "game")
    first.write(game="dice", seed=1, boards=3, score=7, computer=42, policy="optimal")
    _fresh_kernel()  # the lesson is reopened and run again: a new board, a new game number
    second = Recorder("93.game", "game")
    second.write(game="dice", seed=2, boards=1, score=4, computer=9, policy="optimal")
    second.write(game="dice", seed=2, boards=2, score=9, computer=20, policy="optimal")  # the same game goes on
    games = {r["key"]: (r["seed"], r["boards"]) for r in lesson_records("93")}
    assert games == {"93.game": (2, 2), "93.game_1": (1, 3)}
    _fresh_kernel()  # the same result again (a computer's study re-run on the same deals) is not a new game
    Recorder("93.game", "game").write(game="dice", seed=2, boards=2, score=9, computer=20, policy="optimal")
    assert sorted(r["key"] for r in lesson_records("93")) == ["93.game", "93.game_1"]
    box = ResultsExport("93")
    box.name.value = "pair 7"
    assert box.save() and "2 games" in box.message.value


def test_the_hand_in_says_what_it_holds(lesson_folder):
    Recorder("93.q1", "check").write(answer="18", tries=1, correct=True, first=True, wrong=[])
    Recorder("93.p1", "prediction").write(answer="20", truth="18")
    box = ResultsExport("93")
    box.name.value = "pair 7"
    assert box.save()
    assert "1 answer and 1 prediction" in box.message.value and "Warning" not in box.message.value


@pytest.mark.parametrize("damage", ["not json {", json.dumps([1, 2]), json.dumps({"format": "other"}),
                                    "x" * (MAX_BYTES + 1)])
def test_a_damaged_work_file_is_left_alone_and_the_hand_in_warns(lesson_folder, damage):
    file = lesson_folder / "93_try.work.json"
    file.write_text(damage)
    assert kept("93") == {}
    assert not keep({"key": "93.q1", "kind": "check", "answer": "1"})
    assert file.read_text() == damage  # not overwritten: nothing of the pupil's is destroyed
    assert "cannot be read" in problem("93")
    Recorder("93.q1", "check").write(answer="18", tries=1, correct=True, first=True, wrong=[])
    box = ResultsExport("93")
    box.name.value = "pair 7"
    assert box.save() and "Warning" in box.message.value and "Ctrl+S" in box.message.value


def test_hostile_records_in_the_file_are_left_out(lesson_folder):
    records = {"93.q1": {"key": "93.q1", "kind": "check", "answer": "18"},
               "94.q1": {"key": "94.q1", "kind": "check", "answer": "other lesson"},
               "93.q2": {"key": "93.q9", "kind": "check", "answer": "key mismatch"},
               "93.q3": {"key": "93.q3", "kind": "exec", "answer": "unknown kind"},
               "93.q4": "__import__('os').system('x')", "../../etc": {"key": "../../etc", "kind": "why"}}
    (lesson_folder / "93_try.work.json").write_text(json.dumps({"format": "fifteen-kit work", "records": records}))
    assert list(kept("93")) == ["93.q1"]
    assert keep({"key": "93.q5", "kind": "why", "answer": "because"})
    on_disk = json.loads((lesson_folder / "93_try.work.json").read_text())["records"]
    assert sorted(on_disk) == ["93.q1", "93.q5"]  # the junk is dropped when the file is next written


def test_an_unwritable_folder_is_reported(lesson_folder, monkeypatch):
    monkeypatch.setenv(ENV, str(lesson_folder / "a-file"))
    (lesson_folder / "a-file").write_text("")  # a file where the folder should be: nothing can be written
    assert not keep({"key": "93.q1", "kind": "check", "answer": "1"})
    assert "could not be written" in problem("93")


def test_nothing_is_kept_without_a_notebook_or_when_turned_off(tmp_path, monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "93_try.ipynb").write_text("{}")
    assert work_file("93") is None  # a plain kernel (nbval, nbconvert) running the lessons writes nothing
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "93_try.ipynb"))
    monkeypatch.setenv(ENV, "off")
    assert work_file("93") is None and not keep({"key": "93.q1", "kind": "why", "answer": "x"})
    assert os.listdir(tmp_path) == ["93_try.ipynb"]


def test_a_browser_site_without_its_storage_says_so_and_the_hand_in_warns(tmp_path, monkeypatch):
    # JupyterLite with no service worker (a private window, a school policy, plain http): the kernel's folder
    # cannot even be listed, nothing can be kept, and the pupil is told to hand in before the page goes
    import sys

    from fifteen_kit.widgets import keep as keeping

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setattr(keeping.os, "listdir", lambda _path: (_ for _ in ()).throw(OSError(28, "Invalid argument")))
    forget("92")
    record = Recorder("92.q1", "check")
    record.write(answer="18", tries=1, correct=True, first=True, wrong=[])
    assert not record.stored and problem("92") == keeping.NO_DRIVE
    box = ResultsExport("92")
    box.name.value = "pair 7"
    assert box.save() and "download the file (or note the code) now" in box.message.value
    monkeypatch.setattr(keeping.os, "listdir", lambda _path: ["92_a.ipynb", "92_b.ipynb"])  # two copies: a plain reason
    Recorder("92.q2", "check").write(answer="1", tries=1, correct=True, first=True, wrong=[])
    assert "not exactly one notebook" in problem("92")
    forget("92")


def test_a_new_game_on_the_same_board_keeps_the_game_before_it(lesson_folder):
    # New game / New match / New deal on a board: the game played before stays in the hand-in (the trial lost one)
    from fifteen_kit.widgets import FiveBy15Board

    def play_out(board):
        for _ in range(500):
            moves = board.game.position.legal_moves()
            if board.game.status != "playing" or not moves:
                return
            board._play(moves[0])

    board = FiveBy15Board(seed=0, colours=2, numbers=3, key="93.game")
    play_out(board)
    first = saved_answer("93.game")
    assert first is not None
    board.new_deal(1)
    play_out(board)
    games = {r["key"] for r in lesson_records("93")}
    assert games == {"93.game", "93.game_1"} and saved_answer("93.game_1") == dict(first, key="93.game_1")
