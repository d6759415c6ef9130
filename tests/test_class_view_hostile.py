"""The class view against pupils' hostile files and codes (issue 33): whatever a pupil types or a file holds is
shown as text, the kit's values come from the kit, a part or a lesson that fails says why and the rest shows,
copies of one pupil are kept side by side, and files that say one thing twice are refused."""

from __future__ import annotations

import datetime
import json
import os

import pytest
import results_samples
from fifteen_kit.widgets.class_view import (
    ClassView,
    class_table,
    dice_chart,
    fifteens_chart,
    gather,
    predictions_chart,
    pupil_table,
    split_codes,
    why_table,
)
from matplotlib.text import Text

from fifteen_kit import plotstyle
from fifteen_kit.class_results import ClassResults
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.results import PupilResults, from_code, from_json, to_code, to_json

SAMPLES = results_samples.SAMPLES
MATHS = ("$\\foo$", "$x^$", "a $ b $ c", "$$", "\\$x$")
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


def _uploads(results, name=None):
    return tuple(_file(name or f"{r.pupil}.json", to_json(r).encode()) for r in results)


def _file(name: str, content: bytes) -> dict:
    # as ipywidgets 8's FileUpload holds an uploaded file
    return {"name": name, "type": "application/json", "size": len(content), "content": memoryview(content),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)}


def _dice(name: str, strategy_or_score: int = 120, computer: int = 125, boards: int = 10) -> PupilResults:
    return PupilResults("04", name, (
        {"key": "04.q1", "kind": "check", "answer": IMG, "tries": 2, "correct": False, "first": False,
         "wrong": ["$x^$", IMG]},
        {"key": "04.p1", "kind": "prediction", "answer": "$\\foo$", "truth": "a pupil's own truth"},
        {"key": "04.p2", "kind": "prediction", "answer": "9" * 200, "truth": ""},
        {"key": "04.w1", "kind": "why", "answer": "**bold** [link](javascript:alert(1)) " + SCRIPT + " $x^$"},
        {"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": boards, "score": strategy_or_score,
         "computer": computer, "policy": "$\\foo$"}))


def _fifteens(name: str, strategy: str) -> PupilResults:
    return PupilResults("05", name, ({"key": "05.pool", "kind": "game", "game": "fifteens", "seed": 9,
                                      "strategy": strategy, "deals": 20, "wins": 7},
                                     {"key": "05.p1", "kind": "prediction", "answer": "1e999", "truth": "666"}))


def _no_maths(fig) -> None:
    """Every text of the figure draws as plain text (matplotlib would read $...$ as mathematics), and it draws."""
    fig.canvas.draw()
    for text in fig.findobj(Text):
        if text.get_text().startswith("$\\mathdefault{"):  # matplotlib's own tick labels (powers of ten)
            continue
        assert text._preprocess_math(text.get_text())[1] is False, text.get_text()
    plotstyle.image(fig)


@pytest.mark.parametrize("maths", MATHS)
def test_maths_in_a_name_or_a_strategy_draws_literally(maths):
    c04 = ClassResults([_dice(maths), _dice("Ben " + maths)])
    c05 = ClassResults([_fifteens(maths, maths), _fifteens("pair 2", "fewest")])
    for fig in (dice_chart(c04), predictions_chart(c04), fifteens_chart(c05), predictions_chart(c05)):
        _no_maths(fig)
    legend = [t.get_text() for t in fifteens_chart(c05).axes[0].get_legend().get_texts()]
    assert legend[0].startswith(maths.replace("$", "\\$"))  # shown as typed once matplotlib drops the escapes


def test_a_valid_code_with_maths_in_its_strategy_shows_the_class():
    code = to_code(_fifteens("pair 1", "$x^$"))
    view = ClassView()
    view.codes.value = code + "\n" + to_code(_fifteens("$\\foo$", "most"))
    shown = []
    import fifteen_kit.widgets.class_view as cv
    original = cv.display
    cv.display = shown.append
    try:
        view.show()
    finally:
        cv.display = original
    assert not any("could not be drawn" in getattr(item, "data", "") for item in shown if isinstance(
        getattr(item, "data", ""), str))
    assert len(shown) == 5  # three tables (the first with the follow-up box), the Fifteens and predictions charts


def test_one_part_that_fails_says_why_and_the_others_show(monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr("fifteen_kit.widgets.class_view.display", shown.append)
    monkeypatch.setattr("fifteen_kit.widgets.class_view.dice_chart",
                        lambda _r: (_ for _ in ()).throw(ValueError("$x^$ broke it <b>")))
    for sample in list(SAMPLES.glob("results-04-*")) + list(SAMPLES.glob("results-05-*")):
        (tmp_path / sample.name).write_bytes(sample.read_bytes())
    view = ClassView(folder=tmp_path)
    view.show()
    texts = [item.data for item in shown if isinstance(item.data, str)]
    failed = [t for t in texts if "could not be drawn" in t]
    assert len(failed) == 1
    assert "The dice chart could not be drawn (ValueError: <bdi>$x^$ broke it &lt;b&gt;" in failed[0]
    assert any("Lesson 05" in t for t in texts)  # the next lesson still shows, and the rest of lesson 04
    assert len(shown) == 12  # lesson 04: 3 tables, 2 charts and the failure; lesson 05: 3 tables and 3 charts
    # a whole lesson that fails says so, and the next lesson still shows
    shown.clear()
    real = ClassView.report

    def report(self, lesson):
        if lesson == "04":
            raise RuntimeError("lesson 04 is broken")
        real(self, lesson)

    monkeypatch.setattr(ClassView, "report", report)
    view.show()
    assert "The report of lesson 04 could not be drawn (RuntimeError: <bdi>lesson 04 is broken" in shown[0].data
    assert "Lesson 05" in shown[1].data


def test_the_kits_values_come_from_the_kit_never_from_a_file():
    forged = _fifteens("pair 1", "most")  # says 05.p1's truth is 666
    html = class_table(ClassResults([forged])).data
    assert "<td>109</td>" in html and "666" not in html
    assert predictions_chart(ClassResults([forged])).axes[0].get_title(loc="left").startswith(
        "Prediction 1: the kit says 109")
    assert "a pupil&#x27;s own truth" not in class_table(ClassResults([_dice("Ana")])).data


def test_different_hand_ins_under_one_name_are_all_shown_never_dropped():
    a, b = _dice("Ana", 100), _dice("Ana", 140)
    found = gather(uploads=_uploads([a]) + _uploads([b]), codes=to_code(_dice("Ana", 90)))
    assert found.classes["04"].names() == ("Ana", "Ana (2)", "Ana (3)")
    assert list(found.sources["04"].values()) == ["Ana.json", "Ana.json #2", "code 1"]
    assert found.problems == ["lesson 04: 3 different hand-ins use the name Ana: all are shown (Ana from Ana.json "
                              "and Ana (2) from Ana.json #2 and Ana (3) from code 1); ask the pairs and rename one"]
    assert gather(uploads=_uploads([a]) + _uploads([b])).problems == [
        "lesson 04: two different hand-ins use the name Ana: both are shown (Ana from Ana.json and Ana (2) from "
        "Ana.json #2); ask the pairs and rename one"]
    html = pupil_table(found.classes["04"], found.sources["04"]).data
    assert html.index("Ana.json #2") < html.index("code 1")  # side by side, each with where it came from
    # a pupil already named "Ana (2)" keeps the name; the copy takes the next free number
    found = gather(uploads=_uploads([a, _dice("Ana (2)")]) + _uploads([b]))
    assert found.classes["04"].names() == ("Ana", "Ana (3)", "Ana (2)")
    # the longest name still fits the 60 characters of a name
    long = "x" * 60
    assert gather(uploads=_uploads([_dice(long, 100), _dice(long, 140)])).classes["04"].names()[1] == "x" * 52 + " (2)"
    # different copies: no choice to leave one out
    view = ClassView()
    view.upload.value = _uploads([a]) + _uploads([b])
    view.load()
    assert view.choices.children == ()


def test_a_double_hand_in_is_shown_once_and_the_choice_redraws_at_once(monkeypatch):
    a = _dice("Ana", 100)
    view = ClassView()
    view.upload.value = _uploads([a]) + _uploads([a])
    shown = []
    monkeypatch.setattr(ClassView, "report", lambda self, lesson: shown.append(self.found.classes[lesson].names()))
    view.load()
    assert view.found.classes["04"].pupils == (a,)
    assert [[label for label, _ in c.options] for c in view.choices.children] == [[
        "show Ana once, from Ana.json (the copies are the same)", "show all 2 copies side by side"]]
    view.choices.children[0].value = "Ana"  # no second click on Show the class: the class is shown again
    assert shown == [("Ana", "Ana (2)")] and view.choices.children[0].value == "Ana"
    view.choices.children[0].value = ""
    assert shown[-1] == ("Ana",)


@pytest.mark.parametrize("text, named", [
    ('{"format": "fifteen-kit results", "version": 1, "lesson": "04", "pupil": "Ana", "pupil": "Eve", '
     '"records": []}', "pupil"),
    ('{"format": "fifteen-kit results", "version": 1, "lesson": "04", "pupil": "Ana", "records": '
     '[{"key": "04.w1", "kind": "why", "answer": "a", "answer": "b"}]}', "answer"),
    ('{"format": "fifteen-kit results", "format": "fifteen-kit results", "version": 1, "lesson": "04", '
     '"pupil": "Ana", "records": []}', "format"),
])
def test_a_file_that_says_one_thing_twice_is_refused(text, named):
    with pytest.raises(InvalidArgumentError, match=f"gives '{named}' twice"):
        from_json(text)
    assert gather(uploads=({"name": "twice.json", "content": text.encode()},)).problems[0].startswith(
        f"twice.json: this results file is refused: it gives '{named}' twice")


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5000])
def test_numbers_json_allows_but_a_results_file_does_not(number):
    text = ('{"format": "fifteen-kit results", "version": 1, "lesson": "04", "pupil": "Ana", "records": '
            '[{"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10, "score": %s, '
            '"computer": 1, "policy": null}]}').replace("%s", number)
    with pytest.raises(InvalidArgumentError):
        from_json(text)


def test_huge_and_strange_guesses_and_games_still_draw():
    # guesses that are not numbers (NaN, inf, 1e999, 1/0) are listed in the table and left off the chart;
    # huge ones draw on a logarithmic number line; the kit's largest game numbers draw
    guesses = ["NaN", "inf", "-inf", "1e999", "1/0", "9" * 200, "-5", "0", "109", "1,5", "\u0661\u0662"]
    pupils = [PupilResults("05", f"pair {i}", ({"key": "05.p1", "kind": "prediction", "answer": g, "truth": ""},))
              for i, g in enumerate(guesses)]
    c05 = ClassResults(pupils)
    ax = predictions_chart(c05).axes[0]
    assert ax.get_xscale() == "log" and "(6 guesses; 5 not a number)" in ax.get_title(loc="left")
    _no_maths(predictions_chart(c05))
    html = class_table(c05).data
    assert all(f"<bdi>{g}</bdi>" in html for g in guesses if g != "109")
    assert "<b>= the kit's value</b> <small>(&times;1)</small>" in html  # 109, the kit's value
    big = ClassResults([_dice("Ana", 10**12, 0, 1), _dice("Ben", 0, 10**12, 100)])
    _no_maths(dice_chart(big))


def test_markup_control_characters_and_right_to_left_text_are_shown_as_text():
    rtl = "\u0639\u0644\u064a \u0648 \u0633\u0627\u0631\u0629"  # Arabic names, written right to left
    pupils = [_dice(SCRIPT), _dice(IMG), _dice(rtl), _dice("**bold** _it_ `code` [x](javascript:alert(1))")]
    results = ClassResults(pupils)
    for html in (class_table(results).data, pupil_table(results).data, why_table(results).data):
        assert "<script>" not in html and "<img" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "tex2jax_ignore mathjax_ignore" in html  # MathJax leaves $...$ as typed
    assert f"<bdi>{rtl}</bdi>" in pupil_table(results).data  # its direction stays inside its cell
    assert "**bold** [link](javascript:alert(1))" in why_table(results).data  # markdown is not rendered
    # control characters in an answer show as a replacement mark; in a name (and a direction override) they are
    # refused when the file is read
    odd = PupilResults("04", "Ana", ({"key": "04.w1", "kind": "why", "answer": "a\x00b\x1b[31mred\u202eevil"},))
    assert "a\ufffdb\ufffd[31mred" in why_table(ClassResults([odd])).data
    for name in ("Ana\x00", "\u202eAna", "Ana\nBen"):
        with pytest.raises(InvalidArgumentError, match="control characters"):
            PupilResults("04", name, ())
    # a name or file name with markup in the view's message is escaped
    view = ClassView()
    view.upload.value = (_file(IMG + ".json", b"{not json"),)
    view.load()
    assert "<img" not in view.message.value and "&lt;img src=x onerror=alert(1)&gt;.json" in view.message.value


def test_very_long_texts_wrap_in_the_tables_and_are_cut_in_the_charts():
    long_name = "W" * 60
    pupil = PupilResults("04", long_name, (
        {"key": "04.w1", "kind": "why", "answer": "y" * 600},
        {"key": "04.q1", "kind": "check", "answer": "z" * 200, "tries": 5, "correct": False, "first": False,
         "wrong": ["z" * 200] * 5},
        {"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10, "score": 1, "computer": 1,
         "policy": "p" * 40}))
    results = ClassResults([pupil])
    assert "overflow-wrap:anywhere" in class_table(results).data and "y" * 600 in why_table(results).data
    fig = dice_chart(results)
    assert fig.axes[0].get_xticklabels()[0].get_text() == "W" * 9 + "...\n10 boards"
    _no_maths(fig)


@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/shadow", "..\\..\\boot.ini", "C:\\x.json", "~/.ssh/x",
                                  "a\x00b.json", "con.json", "x" * 5000])
def test_uploaded_file_names_are_only_text(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = sorted(os.listdir(tmp_path))
    found = gather(uploads=({"name": name, "content": to_json(_dice("Ana")).encode()},
                            {"name": name, "content": b"[]"}))
    assert found.classes["04"].names() == ("Ana",) and sorted(os.listdir(tmp_path)) == before
    assert found.sources["04"]["Ana"] == name[:200]
    assert found.problems[0].startswith(f"{name[:200]} #2: this is not a fifteen-kit results file")


def test_a_file_that_is_not_what_it_seems():
    deep = '{"format": "fifteen-kit results", "records": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for content in (b"\xff\xfe{}", deep.encode(), b"x" * 1_000_001, json.dumps([1] * 10).encode(),
                    b"\xef\xbb\xbf" + b'{"format": "fifteen-kit results", "version": 2}'):
        found = gather(uploads=({"name": "f.json", "content": content},))
        assert found.classes == {} and len(found.problems) == 1


def test_many_codes_pasted_at_once():
    pupils = [_dice(f"pair {n}", 100 + n) for n in range(1, 15)]
    codes = [to_code(p) for p in pupils]
    for pasted in ("\n".join(codes), " ".join(codes), ", ".join(codes), "\n\n".join(codes) + "\n",
                   "\n".join(c[:40] + "\n" + c[40:] for c in codes),  # each code broken over two lines
                   "\n".join(c.lower().replace("-", " ") for c in codes)):
        found = gather(codes=pasted)
        assert found.problems == [] and found.classes["04"].names() == tuple(p.pupil for p in pupils), pasted[:80]
    # a bad code among them is reported by its number, and the others are read
    pasted = "\n".join([*codes[:3], "F15-NOT-A-CODE", *codes[3:]])
    found = gather(codes=pasted)
    assert len(found.classes["04"].pupils) == 14 and found.problems[0].startswith("code 4 (line 4: F15-NOT-A-CODE):")
    assert split_codes("garbage before F15-4484W then F15 4484W") == ["garbage before", "F15-4484W then",
                                                                       "F15 4484W"]
    assert from_code(codes[0]).pupil == "pair 1"


def test_a_hand_edited_file_cannot_claim_a_right_answer():
    record = {"key": "05.q1", "kind": "check", "answer": "37", "tries": 1, "correct": True, "first": True,
              "wrong": []}
    right = {**record, "answer": "38"}
    forged, honest = PupilResults("05", "pair 1", (record,)), PupilResults("05", "pair 2", (right,))
    found = gather(uploads=_uploads([forged, honest]))
    q = found.classes["05"].questions()[0]
    assert (q.right_first, q.right_end) == (1, 1)  # only pair 2's 38
    assert found.classes["05"].pupils[0].records[0]["correct"] is False
    assert found.problems == ["pair 1.json: pair 1's Exercise 1 is marked right, but the kit's checker finds '37' "
                              "not right: shown as not right"]
