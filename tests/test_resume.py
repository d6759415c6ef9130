"""An unfinished game is kept move by move and offered back when its cell runs again (widgets/resume.py): every
board of the lessons continues exactly where it was, or starts anew by the pupil's choice; a hostile or stale
kept state changes nothing and runs nothing (issue 32, bullet 1)."""

import json

import pupil_folder
import pytest
from fifteen_kit.widgets import DiceBoard, FifteensBoard, FiveBy15Board, GameOf15Board
from fifteen_kit.widgets.results import forget, lesson_records
from fifteen_kit.widgets.resume import SUFFIX

from fifteen_kit.nasty15.game import Game


@pytest.fixture
def lesson_folder(tmp_path, monkeypatch):
    """A pupil's lesson folder with notebook 94_try.ipynb, as JupyterLab tells its kernel (JPY_SESSION_NAME)."""
    yield from pupil_folder.lesson_folder("94", tmp_path, monkeypatch)


def _kept(folder, key="94.game"):
    file = folder / "94_try.work.json"
    return json.loads(file.read_text())["records"].get(key + SUFFIX) if file.exists() else None


def _tamper(folder, key, state):
    file = folder / "94_try.work.json"
    data = json.loads(file.read_text())
    data["records"][key + SUFFIX]["state"] = state
    file.write_text(json.dumps(data))


def _match():
    return GameOf15Board(opponent="perfect", computer_side="I", target=3, seed=7, key="94.game")


def _dice():
    return DiceBoard(players=[("You", "human"), ("Computer", "optimal")], seed=None, key="94.game")


def _play_dice_board(board):
    # the pupil plays one board of the dice game: roll, place the first valid die, stop when allowed
    number = board.game.board_number
    while board.game.board_number == number and board.game.player == "You":
        turn = board.game.turn
        if turn.is_over:
            board.next_turn()
        elif turn.phase.value == "R":
            board.roll()
        else:
            board.click_die(turn.valid_colours()[0])
            if not board.game.turn.is_over and board.controller.may_stop:
                board.stop()


def _play_5x15(board, moves):
    for _ in range(moves):
        board._play(board.game.position.legal_moves()[0])


def _play_fifteens(board):
    for place in board.position.legal_moves()[0]:
        board.click_card(place)
    board.remove()


def test_a_board_with_nothing_kept_shows_no_bar(lesson_folder):
    for board in (FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game"), _match(), FifteensBoard(key="94.x")):
        assert board.resume_bar.layout.display == "none" and board.resume_bar not in board.children
    assert FiveBy15Board(seed=3).resume() is False  # no key: nothing is kept or offered


@pytest.mark.parametrize("make, play, shows", [
    (lambda: FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game"), lambda b: _play_5x15(b, 2), "2 moves"),
    (lambda: FifteensBoard(seed=5, key="94.game"), _play_fifteens, "1 removal"),
    (_match, lambda b: [b.click_digit(5), b.click_digit(2)], "round 1"),
], ids=["5x15", "fifteens", "game of 15"])
def test_an_unfinished_game_comes_back_exactly_after_a_restart(lesson_folder, make, play, shows):
    board = make()
    play(board)
    before = repr(board)
    assert _kept(lesson_folder)["state"], "the unfinished game is on disk after the move, with no save"
    forget("94")  # the kernel restarts; the pupil runs the cell again
    again = make()
    assert again.resume_bar.layout.display == "flex" and again.children[0] is again.resume_bar
    assert shows in again._resume_words.value and repr(again) != before
    assert again.resume()
    assert repr(again) == before and again.resume_bar.layout.display == "none"
    assert "is back" in again.message.value, "the board says the game is back"


def test_the_dice_game_comes_back_with_its_dice_and_is_recorded_once(lesson_folder):
    board = _dice()
    _play_dice_board(board)
    board.roll()
    game_number, turn, pad = board.controller.game_seed, board.game.turn.notation(), len(board.game.pad)
    forget("94")
    again = _dice()
    assert again.controller.game_seed != game_number  # a fresh cell draws a new game number ...
    assert again.resume()  # ... and Continue puts the kept game back, dice and generator included
    assert (again.controller.game_seed, again.game.turn.notation(), len(again.game.pad)) == (game_number, turn, pad)
    reference = Game(["You", "Computer"], seed=game_number)
    reference.restore(board.game.snapshot())
    assert again.game.rng.getstate() == reference.rng.getstate()
    _play_dice_board(again)
    games = {r["key"]: r["boards"] for r in lesson_records("94")}
    assert games == {"94.game": 2}, "the continued game replaces its own record: no second game in the tally"


def test_start_anew_leaves_the_kept_game_and_a_move_on_the_new_board_does_too(lesson_folder):
    board = FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game")
    _play_5x15(board, 2)
    forget("94")
    again = FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game")
    again.start_anew()
    assert again.resume_bar.layout.display == "none" and not _kept(lesson_folder)["state"]
    _play_5x15(board, 1)  # (the old board object still plays: its state is kept again)
    forget("94")
    third = FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game")
    assert third.resume_bar.layout.display == "flex"
    _play_5x15(third, 1)  # playing on the new board without choosing: it starts anew, said on the bar
    assert third.resume_bar.layout.display == "none" and _kept(lesson_folder)["state"]["moves"] == [
        m.notation() for m in third.game.moves]


def test_a_board_waits_for_the_choice_and_a_finished_game_is_not_offered(lesson_folder):
    board = FifteensBoard(seed=5, key="94.game")
    _play_fifteens(board)
    kept = _kept(lesson_folder)
    forget("94")
    FifteensBoard(seed=5, key="94.game")  # built and left: the kept game waits, unchanged
    assert _kept(lesson_folder) == kept
    match = _match()
    for digit in range(1, 10):
        if match.controller.may_draft:
            match.click_digit(digit)
    while not match.match.is_over:
        match.next_round()
        for digit in range(1, 10):
            if match.controller.may_draft:
                match.click_digit(digit)
    assert not _kept(lesson_folder)["state"], "a finished match is recorded, not kept to continue"


HOSTILE = [
    {"start": "not a position", "moves": [], "seed": 3},
    {"start": "O1 O3 B4 -- B6 G4 G5 / G1 B3 -- -- B2 G2 O5 / B1 G6 O4 G3 O6 B5 O2 L1", "moves": ["Z9 to 9,9"]},
    {"start": "x" * 100_000, "moves": []},
    {"start": "O1", "moves": "__import__('os').system('touch pwned')"},
    {"moves": [[1, 2]] * 20_000},
    [],
]


@pytest.mark.parametrize("state", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_kept_state_is_refused_on_the_bar_and_changes_nothing(lesson_folder, state):
    board = FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game")
    _play_5x15(board, 1)
    _tamper(lesson_folder, "94.game", state)
    forget("94")
    again = FiveBy15Board(seed=3, colours=3, numbers=6, key="94.game")
    before = repr(again)
    if state:  # an empty or non-dict state is simply nothing to continue
        assert not again.resume()
        assert "cannot be continued" in again._resume_words.value and again._resume_continue.disabled
    assert repr(again) == before and not (lesson_folder / "pwned").exists()


@pytest.mark.parametrize("change", [
    lambda s: s.update(setup="{'opponent': None}"),
    lambda s: s.update(actions=[["__class__"]]),
    lambda s: s.update(actions=[["digit", "5; import os"]]),
    lambda s: s.update(actions=[["claim", 7]]),
    lambda s: s.update(new_matches=10**9),
], ids=["other settings", "not an action", "a bad digit", "a claim that is not text", "a huge match number"])
def test_a_tampered_match_is_refused(lesson_folder, change):
    board = _match()
    board.click_digit(5)
    state = _kept(lesson_folder)["state"]
    change(state)
    _tamper(lesson_folder, "94.game", state)
    forget("94")
    again = _match()
    assert not again.resume() and "cannot be continued" in again._resume_words.value


@pytest.mark.parametrize("change", [
    lambda g: g.update(players=["You", "Eve"]),
    lambda g: g.update(rng=[3, [1, 2, 3], None]),
    lambda g: g.update(pad=[[1, "You", 10**9, "x"]]),
    lambda g: g.update(turn="999999 ...... ...... R"),
    lambda g: g.update(board_index=99),
    lambda g: g.update(markers={"You": 7, "Computer": 1}),
], ids=["players", "generator", "pad", "turn", "board", "markers"])
def test_a_tampered_dice_game_is_refused_and_the_board_plays_on(lesson_folder, change):
    board = _dice()
    _play_dice_board(board)
    board.roll()
    state = _kept(lesson_folder)["state"]
    change(state["game"])
    _tamper(lesson_folder, "94.game", state)
    forget("94")
    again = _dice()
    seed = again.controller.game_seed
    assert not again.resume() and again.controller.game_seed == seed
    again.start_anew()
    again.roll()  # the new game plays
    assert again.game.turn.rolled != (None,) * 6
