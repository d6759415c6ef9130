"""The class tournament of the teacher's class view (issue 35), fed hostile hand-ins: results files whose players
read or write the teacher's files, open connections, run commands, loop, allocate gigabytes or flood the output,
with markup and maths in names and source, giant files and names handed in twice.  Nothing may touch the
teacher's files, and every other entry must still play and show."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from fifteen_kit.widgets.class_tournament import (
    TournamentPanel,
    class_tournament,
    handed_in,
    leaderboard_table,
    replay_text,
)
from fifteen_kit.widgets.class_view import _report, gather
from test_tournament import BOUNDARY, FAST, HONEST, hostile, trap

from fifteen_kit import sandbox
from fifteen_kit.class_results import ClassResults
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.results import MAX_SOURCE, PupilResults, to_json

needs_boundary = pytest.mark.skipif(not BOUNDARY, reason="no Linux namespaces here (the view says so, tested below)")
KEY = "07.q4"
CAREFUL = ("from fifteen_kit.pupil_players import points_if_stop, valid_dice\n"
           "def my_player(turn):\n    # <b>bold</b> $\\alpha$ </pre><script>alert(1)</script>\n"
           "    if valid_dice(turn):\n        return 'place ' + ' '.join(valid_dice(turn))\n"
           "    return 'stop' if points_if_stop(turn) >= 6 else 'roll'\n")
NAMES = ("<script>alert(1)</script>", "$\\foo$ & <img src=x onerror=alert(1)>", "Ana")


def _file(folder: Path, pupil: str, source: str, n: int, game: str = "dice") -> None:
    record = {"key": KEY, "kind": "player", "game": game, "source": source}
    results = PupilResults("07", pupil, ({"key": "07.w1", "kind": "why", "answer": "It rolls."}, record))
    (folder / f"results-07-{n}.json").write_text(to_json(results), encoding="utf-8")


def _class(folder: Path, secret: Path, port: int) -> dict[str, str]:
    # one file per hostile player, three honest ones with hostile names (two under the same name), and files the
    # view must refuse; returns pupil name -> what the entry is
    made = {}
    for n, (attack, source) in enumerate(hostile(secret).items()):
        _file(folder, f"pair {n}: {attack}", source.replace("PORT", str(port)), n)
        made[f"pair {n}: {attack}"] = "hostile"
    _file(folder, NAMES[0], HONEST, 100)
    _file(folder, NAMES[1], CAREFUL, 101)
    _file(folder, "Ana", HONEST, 102)
    _file(folder, "Ana", CAREFUL, 103)  # the same name again, another player: both play
    _file(folder, "Cy", "def my_player(p):\n    return p.legal_moves()[0]", 104, game="fifteens")
    giant = json.loads(to_json(PupilResults("07", "Giant", ())))
    giant["records"] = [{"key": KEY, "kind": "player", "game": "dice", "source": "#" * (MAX_SOURCE + 1)}]
    (folder / "results-07-giant.json").write_text(json.dumps(giant), encoding="utf-8")
    (folder / "results-07-huge.json").write_bytes(b" " * 2_000_001)
    return made


@needs_boundary
def test_hostile_hand_ins_leave_the_teacher_alone_and_the_others_play(tmp_path, monkeypatch):
    folder = tmp_path / "hand-ins"
    folder.mkdir()
    secret = tmp_path / "teacher_marks.txt"
    server = trap(secret, monkeypatch)
    made = _class(folder, secret, server.getsockname()[1])
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for extra in ("/tmp/pwned", "/tmp/pwned-too"):
        Path(extra).unlink(missing_ok=True)

    found = gather(folder=folder)
    refused = [p for p in found.problems if "giant" in p or "huge" in p]
    assert len(refused) == 2 and any("Ana" in p for p in found.problems), found.problems  # and the two Anas
    results = found.classes["07"]
    entries = handed_in(results)[KEY]
    assert entries.game == "dice" and entries.other_game == ("Cy",)
    assert len(entries.sources) == len(made) + 4  # both Anas play, under different names
    panel = TournamentPanel(results, limits=FAST)
    panel.task.value, panel.games.value, panel.seed.value = KEY, 20, 5
    began = time.monotonic()
    done = panel.run()
    took = time.monotonic() - began
    board = done.board

    honest = [name for name, source in entries.sources.items() if source in (HONEST, CAREFUL)]
    assert len(honest) == 4 and all(len(board.records[name]) == 20 for name in honest)
    assert set(board.stopped) == set(entries.sources) - set(honest), board.stopped
    assert secret.read_text() == "marks of the class"
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written beside the hand-ins
    assert not Path("/tmp/pwned").exists() and not Path("/tmp/pwned-too").exists()
    with pytest.raises(BlockingIOError):
        server.accept()  # nobody connected
    server.close()

    shown = panel.board.value
    for leak in ("marks of the class", "do-not-leak", "root:x", "<script>", "<img", "</pre><script>"):
        assert leak not in shown, leak
    assert "tex2jax_ignore" in shown and "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    for name in entries.sources:  # every entry shows, ranked or stopped with its reason
        assert name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in shown, name
    assert "Stopped" in shown and "95% interval" in shown and "Cy" in shown
    assert ("Real differences" in shown) or ("No difference is real yet" in shown)
    assert took < 240
    print(f"\n{len(entries.sources)} entries, 20 games each: {took:.1f} s; {board.cpu_seconds} s CPU")
    print("\n".join(f"{n}: after {board.stopped_after[n]} s: {board.stopped[n][:110]}" for n in board.stopped))

    assert panel.entry.value == board.ranking[0].name  # the leader's games are ready to show at once
    panel.entry.value = next(name for name in honest if "img" in name)
    panel.game_number.value = 3
    panel.show_replay()
    shown = panel.replay.value
    assert ">1. " in shown and "game 3" in shown and "&lt;img" in shown and "<img" not in shown
    board = panel.replay_area.children[0]  # the game on the replay board too, its title escaped
    assert board.moves > 0 and "game 3" in board.status.value and "<img" not in board.status.value
    panel.show_code()
    shown = panel.replay.value
    assert "&lt;/pre&gt;&lt;script&gt;" in shown and "<script" not in shown and "points_if_stop" in shown


@needs_boundary
def test_the_leaderboard_ranks_with_intervals_and_real_differences():
    def pair(name, source):
        return PupilResults("07", name, ({"key": KEY, "kind": "player", "game": "dice", "source": source},))

    results = ClassResults([pair("always stops", "def my_player(t):\n    return t.legal_moves()[-1]"),
                            pair("careful", CAREFUL)])
    done = class_tournament(handed_in(results)[KEY], games=60, seed=1)
    board = done.board
    assert [r.games for r in board.ranking] == [60, 60] and all(r.low < r.mean < r.high for r in board.ranking)
    html = leaderboard_table(done).data
    assert "points per turn" in html and "the same boards and the same dice" in html
    first = board.ranking[0].name
    assert html.index(first) < html.index(board.ranking[1].name)
    assert ("Real differences" in html) == bool(board.real_differences())
    text = replay_text(done, "careful", 0)
    assert text.startswith("1. ") and "->" in text
    with pytest.raises(InvalidArgumentError):
        replay_text(done, "nobody", 0)
    with pytest.raises(InvalidArgumentError):
        replay_text(done, "careful", 60)


def test_without_a_sandbox_the_view_says_so_and_shows_the_rest(monkeypatch, tmp_path):
    monkeypatch.setitem(sandbox._BOUNDARY, "reason", "no user namespaces here")
    ran = []
    monkeypatch.setattr(sandbox.SandboxedPlayer, "start", lambda self: ran.append(self))
    folder = tmp_path / "hand-ins"
    folder.mkdir()
    _file(folder, "<b>Ana</b>", HONEST, 1)
    _file(folder, "Ben", "import os\nos.system('touch /tmp/pwned')", 2)
    results = gather(folder=folder).classes["07"]
    panel = TournamentPanel(results)
    shown = panel.board.value
    assert "cannot run on this computer" in shown and "no user namespaces here" in shown
    assert "No pupil's code was run" in shown and "&lt;b&gt;Ana&lt;/b&gt;" in shown and "Ben" in shown
    assert not ran and panel.result.board is None
    parts = _report(results)  # the rest of the class report still shows
    assert any(isinstance(p, TournamentPanel) for p in parts) and len(parts) >= 3
    panel.show_replay()
    assert "Run the tournament first" in panel.replay.value or panel.replay.value


def test_a_class_with_no_players_and_bad_arguments():
    results = ClassResults([PupilResults("07", "A", ({"key": "07.w1", "kind": "why", "answer": "x y z"},))])
    assert handed_in(results) == {}
    assert not any(isinstance(p, TournamentPanel) for p in _report(results))
    assert TournamentPanel(results).run_button.disabled
    with pytest.raises(InvalidArgumentError):
        handed_in("not a class")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        class_tournament("entries")  # type: ignore[arg-type]
    one = ClassResults([PupilResults("07", "A", ({"key": KEY, "kind": "player", "game": "dice", "source": HONEST},))])
    with pytest.raises(InvalidArgumentError):
        class_tournament(handed_in(one)[KEY], games=0)


def test_entry_names_are_one_line_short_and_unique():
    long = "x" * 50
    pupils = [PupilResults("07", name, ({"key": KEY, "kind": "player", "game": "dice", "source": HONEST},))
              for name in (long + "a", long + "b", "Ana", "Ana (2)", " Ana  ")]
    names = list(handed_in(ClassResults(pupils))[KEY].sources)
    assert names == ["x" * 40, "x" * 36 + " (2)", "Ana", "Ana (2)", "Ana (3)"]


def test_the_class_table_counts_the_players_handed_in():
    from fifteen_kit.widgets.class_view import class_table

    pupils = [PupilResults("07", name, ({"key": KEY, "kind": "player", "game": "dice", "source": HONEST},))
              for name in ("A", "B")] + [PupilResults("07", "C", ())]
    question = ClassResults(pupils).questions()[0]
    assert (question.key, question.kind, question.answered, question.right_first) == (KEY, "player", 2, None)
    html = class_table(ClassResults(pupils), values={}).data
    assert "2 of 3" in html and "see the class tournament below" in html
