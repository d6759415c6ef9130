"""The replay board and the player lab (issue 35, the play page "Your own player"): a played game shown move by
move on the kit's board, and a pupil's typed player played, tabled and replayed, with hostile code stopped and
said in plain words while the lab keeps working."""

import json
import re

import pupil_folder
import pytest
from fifteen_kit.widgets import PlayerLab, ReplayBoard
from fifteen_kit.widgets.player_lab import EXAMPLES, MAX_PRINTED, load_player

from fifteen_kit.errors import InvalidArgumentError, PlayerError
from fifteen_kit.fifteens import Position
from fifteen_kit.nasty15 import Turn
from fifteen_kit.pupil_players import removals, valid_dice
from fifteen_kit.series import GameRecord, Replay, play_game, try_player


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'").replace("&amp;", "&")


def _bold(turn):
    dice = valid_dice(turn)
    return "place " + " ".join(dice) if dice else "stop" if turn.stop_score() >= 8 else "roll"


def _first(position):
    return removals(position)[0]


# -- the replay board ----------------------------------------------------------------------------------------------
def test_dice_replay_walks_the_game_with_the_four_buttons():
    series = try_player(_bold, game="dice", games=3, seed=4)
    record = series.records["_bold"][0]
    board = ReplayBoard(series.replay("_bold", 0), title="_bold, game 1")
    assert board.game == "dice" and board.moves == len(record.steps) - 1
    assert [p.notation() for p in board.positions] == [s[0] for s in record.steps]
    assert board.line(0).startswith(f"Move 1 of {board.moves}: rolled")
    assert "<svg" in board.picture.value and board.table is None
    seen = []
    for _ in range(board.moves + 2):  # one press more than there are moves: Next at the end stays there
        seen.append(_text(board.message.value))
        board.next_button.click()
    assert board.index == board.moves
    assert seen[-1].startswith("The end:") and f"Score: {record.score} point" in seen[-1]
    assert all("Press" in s for s in seen), "the board always says what to press next"
    assert any("placed" in s for s in seen)
    board.back_button.click()
    assert board.index == board.moves - 1
    board.first_button.click()
    assert board.index == 0 and "Press Next" in board.message.value
    board.back_button.click()  # at the start Back stays there
    assert board.index == 0
    board.last_button.click()
    assert board.index == board.moves and board.score_text() == f"{record.score} point{'s' * (record.score != 1)}"


def test_dice_replay_rings_the_dice_the_player_placed():
    start = Turn.start((4, 3, 3, 2, 2, 1))
    rolled = start.roll_with((2, 1, 6, 6, 6, 6))
    placed = rolled.play("place B Y")
    stopped = placed.play("stop")
    steps = ((start.notation(), "roll"), (rolled.notation(), "place B Y"), (placed.notation(), "stop"),
             (stopped.notation(), stopped.outcome()))
    board = ReplayBoard(GameRecord(stopped.score, steps))
    board.go(1)
    assert board.line(1) == ("Move 2 of 3: placed blue 2 and yellow 1: 3 points placed, 4 dice left to roll "
                             "(targets K 3 W 2 G 2 R 1)")
    assert board.picture.value.count('stroke="#F0E442"') == 2  # the two dice placed next are ringed
    board.go(2)
    assert board.line(2).startswith("Move 3 of 3: stopped and scored 3 points")
    board.go(3)
    assert board.score_text() == f"{stopped.score} points"


def test_fifteens_replay_shows_the_table_and_rings_the_removal():
    series = try_player(_first, game="fifteens", games=2, seed=1)
    record = series.records["_first"][0]
    board = ReplayBoard(series.replay("_first", 0), size="large")
    assert board.game == "fifteens" and board.table is not None
    first = tuple(int(p) for p in record.steps[0][1].split())
    assert [place for place, mark in enumerate(board.table.marks) if mark == "hint"] == list(first)
    assert all(card.disabled for card in board.table.cards), "the table only shows: no card takes a click"
    assert board.table.controls.layout.display == "none"
    assert re.match(r"Move 1 of \d+: removed .+ \(15\), one of \d+ legal removals", board.line(0))
    board.last()
    assert board.score_text() == ("won" if record.score else "lost")
    assert "hint" not in board.table.marks
    assert "kit-large" in board._dom_classes


def test_a_game_record_from_play_game_replays_too():
    from fifteen_kit.fifteens.strategies import PLAYERS
    record = play_game(PLAYERS["fewest"](1), "fifteens", seed=2, index=0)
    board = ReplayBoard(record)
    board.last()
    assert board.game == "fifteens" and isinstance(board.positions[-1], Position)
    assert isinstance(ReplayBoard(play_game(PLAYERS["fewest"](1), "fifteens", 2, 1), game="fifteens"), ReplayBoard)


@pytest.mark.parametrize("bad", [None, "roll", Replay(()), Replay((("not a position", "roll"),)),
                                 Replay((("433221 ...... ...... R", 5),)), Replay(((1, 2),))])
def test_a_bad_replay_is_refused(bad):
    with pytest.raises(InvalidArgumentError):
        ReplayBoard(bad)


def test_a_replay_of_the_other_game_is_refused_when_the_game_is_named():
    with pytest.raises(InvalidArgumentError):
        ReplayBoard(Replay((("433221 ...... ...... R", "roll"),)), game="fifteens")
    board = ReplayBoard(Replay((("433221 ...... ...... R", "roll"),)), game="dice")
    with pytest.raises(InvalidArgumentError):
        board.go(5)
    assert board.index == 0
    assert isinstance(board.positions[0], Turn)


# -- the player lab ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["dice", "fifteens"])
def test_the_example_player_plays_and_any_game_can_be_watched(game):
    lab = PlayerLab(game=game, games=6)
    assert lab.code.value == EXAMPLES[game] and "kit-code" in lab.code._dom_classes
    lab.play_button.click()
    assert lab.series is not None and lab.series.rows[0].name == "my_player"
    table = _text(lab.table.value)
    assert ("points per turn" if game == "dice" else "win rate") in table and "95% interval" in table
    assert ("cautious" if game == "dice" else "fewest") in table
    assert lab.picker.layout.display == "flex" and lab.pick_game.max == 6
    lab.pick_player.value = lab.pick_player.options[1]
    lab.pick_game.value = 3
    lab.show_button.click()
    board = lab.replay_board
    assert isinstance(board, ReplayBoard) and lab.replay_area.children == (board,)
    assert board.title == f"{lab.pick_player.options[1]}, game 3" and board.game == game
    board.last()
    assert "The end:" in board.message.value


HOSTILE = {
    "endless loop": ("def my_player(position):\n    while True:\n        pass\n", "loop that never ends"),
    "endless loop at the top": ("while True:\n    pass\n", "did not load"),
    "raise": ("def my_player(position):\n    x = 1\n    raise ValueError('no idea')\n", "line 3"),
    "syntax error": ("def my_player(position):\n    return 'roll'\n  oops (\n", "line 3 of your code"),
    "no my_player": ("x = 3\n", "defines no function my_player"),
    "two functions": ("def a(p):\n    return 'roll'\ndef b(p):\n    return 'roll'\n", "several functions"),
    "junk": ("def my_player(position):\n    return {'a': 1}\n", "not a move"),
    "number": ("def my_player(position):\n    return 42\n", "it returned 42"),
    "recursion": ("def my_player(position):\n    return my_player(position)\n", "RecursionError"),
    "memory": ("def my_player(position):\n    return [0] * 10**13\n", "MemoryError"),
    "exit": ("exit()\n", "it called exit()"),
    "huge output": ("def my_player(position):\n    for i in range(5000):\n        print('spam ' * 200)\n"
                    "    return 'roll'\n", "Your player printed: spam"),
    "str with a trap": ("class S(str):\n    def __str__(self):\n        raise RuntimeError\n"
                        "def my_player(position):\n    return S('roll')\n", "S object"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_code_is_stopped_in_plain_words_and_the_lab_keeps_working(case):
    code, said = HOSTILE[case]
    lab = PlayerLab(game="dice", games=3)
    lab.code.value = code
    assert lab.play() is False
    words = _text(lab.feedback.value)
    assert said in words, words
    assert "Fix it, then press Play again" in words or case == "huge output"
    assert "Traceback" not in words
    if case == "huge output":
        assert len(words) < MAX_PRINTED + 1500
    lab.code.value = EXAMPLES["dice"]
    assert lab.play() is True, "the lab keeps working after hostile code"
    assert "games played" in _text(lab.feedback.value)


def test_a_player_stopped_in_a_later_game_keeps_the_games_before_and_names_the_move():
    code = ("games = [0]\n"
            "def my_player(position):\n"
            "    if position.notation().endswith(' R'):\n"
            "        games[0] += 1\n"
            "    if games[0] == 3:\n"
            "        return 'dance'\n"
            "    dice = valid_dice(position)\n"
            "    return 'place ' + ' '.join(dice) if dice else 'stop' if points_if_stop(position) else 'roll'\n")
    lab = PlayerLab(game="dice", games=5, code=code)
    assert lab.play() is False
    words = _text(lab.feedback.value)
    assert "stopped in game 3, at its move 1" in words and "'dance'" in words
    assert "The position (targets, dice placed, dice rolled, phase):" in words
    assert lab.series is not None and lab.series.rows[0].games == 2
    assert lab.pick_game.max == 2


def test_a_player_named_like_a_kit_player_keeps_both_rows():
    code = "def cautious(position):\n    return position.legal_moves()[0]\n"
    lab = PlayerLab(game="dice", games=2, code=code)
    assert lab.play() is True
    names = [r.name for r in lab.series.rows]
    assert names[0] == "your cautious" and "cautious" in names


def test_a_bad_number_of_games_is_said_and_nothing_plays():
    lab = PlayerLab(games=2)
    lab.games_box.max = 10**9
    lab.games_box.value = 10**6
    assert lab.play() is False and "from 1 to" in lab.feedback.value and lab.series is None


def test_the_example_follows_the_game_but_the_pupils_code_stays():
    lab = PlayerLab(game="dice")
    lab.game_choice.value = "fifteens"
    assert lab.code.value == EXAMPLES["fifteens"]
    lab.code.value = "def my_player(position):\n    return removals(position)[-1]\n"
    lab.game_choice.value = "dice"
    assert "removals(position)[-1]" in lab.code.value and "make sure your player plays it" in lab.feedback.value


def test_load_player_in_plain_words():
    assert load_player(EXAMPLES["fifteens"]).__name__ == "my_player"
    with pytest.raises(PlayerError, match="line 2 of your code"):
        load_player("def my_player(p):\n    return (\n")
    with pytest.raises(InvalidArgumentError):
        load_player("x" * 30_000)
    # the code runs in a fresh namespace: nothing of one run is there in the next
    load_player("leftover = 1\ndef my_player(p):\n    return 'roll'\n")
    with pytest.raises(PlayerError, match="NameError"):
        load_player("print(leftover)\n")


def test_the_code_is_kept_as_it_is_typed_and_comes_back(tmp_path, monkeypatch):
    folder = next(pupil_folder.lesson_folder("93", tmp_path, monkeypatch))
    lab = PlayerLab(game="dice", key="93.lab")
    lab.game_choice.value = "fifteens"
    lab.code.value = "def my_player(position):\n    return removals(position)[-1]  # mine\n"
    kept = json.loads((folder / "93_try.work.json").read_text())["records"]["93.lab_code"]
    assert kept["state"] == {"code": lab.code.value, "game": "fifteens"}
    again = PlayerLab(key="93.lab")
    assert again.code.value == lab.code.value and again.game == "fifteens"


@pytest.mark.parametrize("state", [{"code": 5}, {"code": "x" * 30_000}, {"code": ["import os"]}, "text", None])
def test_a_broken_kept_code_is_left_out(tmp_path, monkeypatch, state):
    folder = next(pupil_folder.lesson_folder("93", tmp_path, monkeypatch))
    PlayerLab(key="93.lab").code.value = "def my_player(p):\n    return 'roll'\n"
    file = folder / "93_try.work.json"
    data = json.loads(file.read_text())
    data["records"]["93.lab_code"]["state"] = state
    file.write_text(json.dumps(data))
    assert PlayerLab(key="93.lab").code.value == EXAMPLES["dice"]


@pytest.mark.parametrize("key", ["lab", "7.lab", "07.Lab", "07.a_very_long_name_here", 7])
def test_a_bad_key_is_refused(key):
    with pytest.raises(InvalidArgumentError):
        PlayerLab(key=key)


def test_projector_size_switches_the_lab_and_its_replay_board():
    lab = PlayerLab(game="fifteens", games=2)
    lab.play()
    lab.show_game()
    lab.size_toggle.value = True
    assert lab.size == "large" and "kit-large" in lab._dom_classes
    assert lab.replay_board.size == "large" and lab.replay_board.table.size == "large"
    assert lab.play_button.style.font_size == "24px"
    lab.size = "normal"
    assert lab.size_toggle.value is False and lab.replay_board.size == "normal"
    with pytest.raises(InvalidArgumentError):
        lab.size = "huge"
    with pytest.raises(InvalidArgumentError):
        lab.replay_board.size = "huge"
    assert lab.size == "normal" and lab.replay_board.size == "normal"


def test_one_replay_board_shows_every_game_watched():
    lab = PlayerLab(game="dice", games=3)
    lab.play()
    lab.show_game()
    board = lab.replay_board
    lab.pick_game.value = 2
    lab.show_game()
    assert lab.replay_board is board and board.title == "my_player, game 2" and board.index == 0
    lab.game_choice.value = "fifteens"
    lab.play()
    assert lab.replay_area.children == ()  # a new series: nothing of the old one on show
    lab.show_game()
    assert lab.replay_board is board and board.game == "fifteens" and board.table in board.children
    assert board.picture not in board.children
    with pytest.raises(InvalidArgumentError):
        board.show("not a replay")
    assert board.game == "fifteens" and board.title == "my_player, game 1"


def test_the_lab_hints_at_slips_python_accepts():
    # a move on a line of its own (no return) and a chance compared with a percentage: the player runs, but not as
    # the pupil meant; the lab plays it and adds a hint in plain words
    from fifteen_kit.widgets.player_lab import PlayerLab, code_hints

    lab = PlayerLab(games=3)
    lab.code.value = ("def my_player(turn):\n    if valid_dice(turn):\n"
                      "        return 'place ' + ' '.join(valid_dice(turn))\n"
                      "    if chance_of_bust(turn) > 50:\n        'stop'\n    return 'roll'\n")
    assert lab.play()
    assert "line 4: chance_of_bust gives a chance from 0 to 1" in lab.feedback.value
    assert "line 5: &#x27;stop&#x27; stands on a line of its own" in lab.feedback.value
    assert code_hints("def my_player(turn):\n    'a docstring is fine'\n    return 'roll'") == []
    assert code_hints("def my_player(turn)\n    'stop'") == []  # not Python: the lab says what is wrong instead
