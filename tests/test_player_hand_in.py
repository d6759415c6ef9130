"""Player tasks (issue 35): ``form = "player"`` in a lesson's record file, the pupil's code box with its Try it
button, and the player's source in the results file (not in the short code).  A throwaway lesson 99 record
file stands in for lesson 07's."""

from __future__ import annotations

import json

import pytest
from fifteen_kit.widgets.player_box import PlayerBox
from fifteen_kit.widgets.player_lab import MAX_CODE, MAX_PRINTED, load_player
from fifteen_kit.widgets.results import ResultsExport, forget, lesson_records, saved_answer
from fifteen_kit.widgets.workbook import Player
from fifteen_kit.widgets.workbook.key import answer_of
from fifteen_kit.widgets.workbook.paper import default_space
from fifteen_kit.widgets.workbook.records import load_text

from fifteen_kit.errors import InvalidArgumentError, PlayerError, QuestionFileError
from fifteen_kit.results import MAX_SOURCE, PupilResults, from_code, from_json, to_code, to_json

HONEST = "def my_player(turn):\n    return turn.legal_moves()[-1]\n"
RECORD = '''
[[task]]
key = "99.q1"
question = "Write a player for the dice game: it must beat the cautious player."
form = "player"
game = "dice"
games = 20
seed = 3
starter = """def my_player(turn):
    return turn.legal_moves()[-1]
"""
model = """def my_player(turn):
    return 'roll'
"""
paper = "Write your rule for the dice game in words: when do you roll, when do you stop?"
space = 6

[[task]]
key = "99.w1"
question = "Why did your player win or lose?"
model = "Because."
points = ["one", "two"]
'''


@pytest.fixture(autouse=True)
def _clean(monkeypatch):
    monkeypatch.setenv("FIFTEEN_KIT_WORK", "off")
    forget("99")
    yield
    forget("99")


def test_a_player_task_in_a_record_file():
    player, why = load_text(RECORD, "99", {}, "lesson99.toml")
    assert isinstance(player, Player) and player.game == "dice" and (player.games, player.seed) == (20, 3)
    box = player.widget()
    assert isinstance(box, PlayerBox) and box.code.value.startswith("def my_player(turn):")
    assert answer_of(player).kind == "player" and "'roll'" in answer_of(player).answer
    assert default_space(player) == 8 and answer_of(why).kind == "why"


@pytest.mark.parametrize(("change", "says"), [
    (('game = "dice"', 'game = "chess"'), "game"),
    (("games = 20", "games = 0"), "games is a whole number"),
    (("games = 20", "games = true"), "games is a whole number"),
    (("seed = 3", "seed = -1"), "seed is a whole number"),
    (("seed = 3", "hint = 'x'"), "'hint' is not a field of a player"),
    (('key = "99.q1"', 'key = "99.p1"'), "is not a field of a prediction"),
    (('game = "dice"\n', ""), "needs game"),
])
def test_a_player_task_with_a_mistake_is_named_by_line(change, says):
    with pytest.raises(QuestionFileError, match=says):
        load_text(RECORD.replace(*change, 1), "99", {}, "lesson99.toml")


def test_the_code_is_kept_as_it_changes_and_comes_back():
    box = PlayerBox("Write a player.", "dice", key="99.q1", games=5)
    box.code.value = HONEST
    assert saved_answer("99.q1") == {"key": "99.q1", "kind": "player", "game": "dice", "source": HONEST}
    again = PlayerBox("Write a player.", "dice", key="99.q1", games=5)
    assert again.code.value == HONEST
    other = PlayerBox("Write a player.", "fifteens", key="99.q1", games=5)  # another game: not restored
    assert other.code.value != HONEST
    box.code.value = "x" * (MAX_SOURCE + 10)
    assert len(saved_answer("99.q1")["source"]) == MAX_SOURCE and "longer than" in box.result.value


def test_try_it_shows_the_table_beside_the_kits_players():
    box = PlayerBox("Write a player.", "dice", games=8, seed=2)
    box.code.value = HONEST
    assert box.try_it()
    for name in ("my_player", "cautious", "greedy", "optimal (exact)", "95% interval"):
        assert name in box.lab.table.value
    assert box.series.replay("my_player", 0).steps
    assert box.lab.game_choice.layout.display == "none"  # a task's player plays the task's game only
    fifteens = PlayerBox("Write a player.", "fifteens", games=4)
    assert fifteens.try_it() and "win rate" in fifteens.lab.table.value  # the starter code plays


@pytest.mark.parametrize(("source", "says"), [
    ("def my_player(turn)\n    return 'roll'", "line 1 of your code"),
    ("def helper(turn):\n    return 'roll'\ndef other(turn):\n    return 'stop'", "defines several functions"),
    ("while True:\n    pass\ndef my_player(turn):\n    return 'roll'", "is there a loop that never ends?"),
    ("raise SystemExit\ndef my_player(turn):\n    return 'roll'", "it called exit()"),
    ("def my_player(turn):\n    return 'stop'", "roll first"),
    ("def my_player(turn):\n    return 1 / 0", "ZeroDivisionError"),
    ("def my_player(turn):\n    while True:\n        pass", "is there a loop that never ends?"),
    ("def my_player(turn):\n    return my_player(turn)", "RecursionError"),
    ("def my_player(turn):\n    return '<img src=x onerror=alert(1)>'", "&lt;img"),
])
def test_try_it_says_what_went_wrong_in_plain_words(source, says):
    box = PlayerBox("Write a player.", "dice", games=3)
    box.code.value = source
    assert not box.try_it()
    assert says in box.result.value and "Fix it, then press Play again" in box.result.value
    assert "<img" not in box.result.value
    box.code.value = HONEST  # the box keeps working
    assert box.try_it()


def test_what_the_code_prints_is_capped_and_escaped(capsys):
    box = PlayerBox("Write a player.", "dice", games=2)
    box.code.value = ("print('<b>' + 'x' * 10**6)\ndef my_player(turn):\n    print('$\\\\alpha$ <script>')\n"
                      "    return turn.legal_moves()[-1]")
    assert box.try_it()
    shown = box.result.value
    assert "Your player printed" in shown and "&lt;b&gt;" in shown and "<script>" not in shown
    assert "…" in shown and len(shown) < MAX_PRINTED + 3000
    assert capsys.readouterr().out == ""  # nothing reached the notebook's own output


def test_load_player_runs_in_a_fresh_namespace():
    first = load_player("secret = 1\ndef my_player(p):\n    return secret")
    assert first(None) == 1
    with pytest.raises(PlayerError, match="defines no function"):
        load_player("secret = 2")
    with pytest.raises(InvalidArgumentError):
        load_player("x" * (MAX_CODE + 1))


def test_the_player_goes_in_the_file_not_in_the_code():
    box = PlayerBox("Write a player.", "dice", key="99.q1", games=2)
    box.code.value = HONEST
    records = lesson_records("99")
    assert [r["kind"] for r in records] == ["player"]
    export = ResultsExport("99")
    export.name.value = "Ana & <b>Ben</b>"
    assert export.save()
    assert "only in the file" in export.message.value and "1 player" in export.message.value
    results = export.results
    assert from_json(to_json(results)).record("99.q1")["source"] == HONEST
    assert from_code(to_code(results)).records == ()  # a code keeps no player


def test_a_results_file_refuses_bad_players():
    def one(**record):
        return PupilResults("07", "Ana", ({"key": "07.q4", "kind": "player", "game": "dice", "source": HONEST,
                                          **record},))

    assert one().record("07.q4")["source"] == HONEST
    assert PupilResults("07", "A", ({"key": "07.mine", "kind": "player", "game": "fifteens", "source": ""},))
    for bad, says in (({"game": "chess"}, "game must be one of"), ({"source": 42}, "source"),
                      ({"source": "x" * (MAX_SOURCE + 1)}, "50000"), ({"extra": 1}, "no field 'extra'"),
                      ({"key": "07.p4"}, "names a prediction")):
        with pytest.raises(InvalidArgumentError, match=says):
            one(**bad)
    text = to_json(one())
    data = json.loads(text)
    data["records"][0]["source"] = "x" * 2_000_000
    with pytest.raises(InvalidArgumentError):
        from_json(json.dumps(data))  # a giant file is refused whole


def test_a_player_task_on_the_worksheet_and_the_answer_sheet():
    from fifteen_kit.widgets.printables.lessons import _answer, _ask
    from fifteen_kit.widgets.workbook.paper import PaperTask

    player, _ = load_text(RECORD, "99", {}, "lesson99.toml")
    paper = PaperTask("99.q1", "Write your rule <in words>.", "", 6, False, False, "")
    sheet, height = _ask(player, paper)
    assert "My player's rule, in words:" in sheet and sheet.count("line") >= 6 and height > 50
    key, _ = _answer(answer_of(player), paper, "")
    assert "an example player" in key and "return &#x27;roll&#x27;" in key
