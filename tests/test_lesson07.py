"""Lesson 07 (your own computer player): the notebook's example players are the ones the kit measures, the
lesson's values agree with a second computation, and what a series shows in a notebook is escaped text."""

import ast
import inspect
import json
import pathlib
import textwrap

import pytest
from fifteen_kit.widgets.workbook import lesson07

from fifteen_kit.pupil_players import PupilPlayer
from fifteen_kit.series import Replay, Row, Series

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "lessons" / "07_your_own_player.ipynb"


def _notebook_functions() -> dict[str, str]:
    # every function a code cell of the notebook defines: name -> its body, as text
    found = {}
    for cell in json.loads(NOTEBOOK.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if source.lstrip().startswith("#") and "%pip" in source:
            continue
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef):
                found[node.name] = "\n".join(ast.unparse(statement) for statement in node.body)
    return found


@pytest.mark.parametrize("name", ["stop_at_10", "careful", "fewest_cards", "most_left"])
def test_the_notebook_shows_the_players_the_kit_measures(name):
    tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(lesson07, name))))
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    assert _notebook_functions()[name] == "\n".join(ast.unparse(s) for s in body)


def test_the_pupils_own_player_starts_as_a_copy_of_the_first_player():
    from fifteen_kit.widgets.workbook import task

    (starter,) = [n for n in ast.parse(task("07.q1").starter).body if isinstance(n, ast.FunctionDef)]
    assert "\n".join(ast.unparse(s) for s in starter.body) == _notebook_functions()["stop_at_10"]


def test_the_paired_comparison_counts_every_game_once():
    for games in lesson07.GAMES_NEEDED:
        result = lesson07.paired(games)
        assert result.first_better + result.second_better + result.equal == games
        assert 0 <= result.p <= 1 and result.real == (result.p < 0.05)


def test_the_series_and_the_paired_comparison_agree():
    series = lesson07.dice_series()
    mine = next(r for r in series.rows if r.name == "stop_at_10")
    assert mine.mean == pytest.approx(lesson07.paired(lesson07.DICE_GAMES).first_mean)


def test_the_perfect_player_never_loses_and_every_game_is_counted():
    for record in lesson07.perfect_record().values():
        assert record.lost == 0 and record.won + record.drawn == record.games > 0


def test_a_series_shows_pupils_names_as_text():
    hostile = "<img src=x onerror=alert(1)>"
    series = Series("dice", 1, (Row(hostile, 2, 3.0, 1.0, 5.0),), {hostile: ()})
    html = series._repr_html_()
    assert "<img" not in html and "&lt;img" in html
    replay = Replay((("<b>", "<script>x</script>"),))
    assert "<script>" not in replay._repr_html_() and "&lt;script&gt;" in replay._repr_html_()


def test_a_fifteens_series_shows_win_rates_as_percentages():
    series = Series("fifteens", 1, (Row("ann", 10, 0.7, 0.4, 0.9),), {"ann": ()})
    assert "70%" in series._repr_html_() and "40% to 90%" in series._repr_html_()


def test_the_lesson_players_are_legal_contract_players():
    assert isinstance(PupilPlayer(lesson07.stop_at_10, "dice"), PupilPlayer)


def test_the_guide_states_the_measured_tournament_times():
    # the teacher page's "about half a minute" (JupyterLite) and "about 5 seconds" (process sandbox) for 15 players
    # of the dice game are the bench's (bench/lite_tournament.py, make bench-lite-tournament)
    measured = json.loads((ROOT / "bench" / "results" / "lite_tournament.json").read_text())
    guide = " ".join((ROOT / "lessons" / "teacher_guide" / "07_your_own_player.md").read_text().split())
    assert measured["entries"] == 15 and measured["dice"]["same_leaderboard"]
    assert "a class of 15 players takes about half a minute for the dice game" in guide
    assert 20 <= measured["dice"]["wall_s"] <= 40
    assert "About 5 seconds for 15 players" in guide
    assert round(measured["dice"]["process_sandbox_wall_s"]) == 5
