"""The teacher's class view: reading files, uploads and codes; the table; the charts; the teacher notebook."""

from __future__ import annotations

import json
from html import escape

import pytest
import results_samples
from fifteen_kit.widgets.class_view import (
    ClassView,
    class_table,
    dice_chart,
    exercises_chart,
    fifteens_chart,
    gather,
    predictions_chart,
    question_text,
    truths,
)

from fifteen_kit.class_results import ClassResults
from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.results import to_code, to_json

SAMPLES = results_samples.SAMPLES
NOTEBOOK = SAMPLES.parent / "class_results.ipynb"


def _uploads(results):
    return tuple({"name": f"{r.pupil}.json", "content": memoryview(to_json(r).encode())} for r in results)


def test_gather_reads_a_folder_uploads_and_codes_alike():
    samples = results_samples.all_samples()
    from_folder = gather(folder=SAMPLES)
    from_uploads = gather(uploads=_uploads(samples))
    assert from_folder.problems == from_uploads.problems == []
    for lesson in ("04", "05"):
        assert from_folder.classes[lesson].pupils == from_uploads.classes[lesson].pupils
        assert len(from_folder.classes[lesson].pupils) == 3
    codes = "\n\n".join(to_code(r) for r in samples[3:]) + "\n"
    from_codes = gather(codes=codes)
    assert from_codes.problems == [] and from_codes.classes["05"].names() == ("pair 1", "pair 2", "pair 3")
    # ipywidgets 7's FileUpload value: a dict of file name -> {content}
    assert gather(uploads={"a.json": {"content": to_json(samples[0]).encode()}}).classes["04"].names() == (
        "Ana and Ben",)


def test_a_pair_handed_in_twice_is_shown_once_and_bad_input_is_listed():
    samples = results_samples.all_samples()
    codes = to_code(samples[3]) + "\nF15-NOT-A-CODE\n"
    found = gather(folder=SAMPLES, codes=codes, uploads=({"name": "x.json", "content": b"{not json"},))
    # the file's pair 1 and the code of the same results (a code keeps no "why" sentences): one hand-in, twice
    assert found.classes["05"].names() == ("pair 1", "pair 2", "pair 3")
    assert found.identical == {"05": {"pair 1": ["results-05-pair-1.json", "code 1"]}} and found.duplicates == {}
    assert found.sources["05"]["pair 1"] == "results-05-pair-1.json"
    assert found.problems[0].startswith("x.json: this is not a results file")
    assert found.problems[1].startswith("code 2 (line 2: F15-NOT-A-CODE): ")
    assert found.problems[2] == ("lesson 05: pair 1 was handed in 2 times with the same results "
                                 "(results-05-pair-1.json and code 1): shown once, from results-05-pair-1.json")
    assert len(found.problems) == 3
    # the teacher's choice: show both copies
    both = gather(folder=SAMPLES, codes=codes, keep_copies=["pair 1"])
    assert both.classes["05"].names() == ("pair 1", "pair 1 (2)", "pair 2", "pair 3")
    assert both.duplicates == {"05": {"pair 1": ["pair 1", "pair 1 (2)"]}}
    assert len(both.problems) == 2  # code 2 and the copies: their same deals are not named as two pairs' number
    chosen = gather(folder=SAMPLES, codes=codes, leave_out=["code 1"])
    assert chosen.classes["05"].pupils == gather(folder=SAMPLES).classes["05"].pupils and not chosen.identical
    with pytest.raises(InvalidArgumentError, match="existing folder"):
        gather(folder=SAMPLES / "missing")
    with pytest.raises(InvalidArgumentError, match="copies are all kept"):
        gather(folder=SAMPLES, keep_copies=[3])


def test_the_table_shows_every_question_and_every_prediction():
    found = gather(folder=SAMPLES)
    html = class_table(found.classes["04"]).data
    keys = [t for t in truths("04")]
    assert all(f"<b>{k}</b>" for k in keys)
    for key, label in (("04.q1", "Exercise 1"), ("04.q5", "Exercise 5"), ("04.w1", "Why? 1"),
                       ("04.p16", "Prediction 16")):
        assert f"title='{key}'><b>{label}</b>" in html
        assert escape(question_text(key, 1000)) in html  # the whole question, wrapped in its column
    assert "Right first time" in html and "Most common wrong answers" in html and "font-size:18px" in html
    # a class read from codes shows the predictions' values from the lesson
    coded = ClassResults(list(gather(codes="\n".join(to_code(r) for r in found.classes["04"].pupils))
                              .classes["04"].pupils))
    for key, value in truths("04").items():
        assert f"title='{key}'>" in class_table(coded).data and f"<td>{value}</td>" in class_table(coded).data


def test_question_text():
    assert question_text("04.game") == ""
    assert len(question_text("04.q1", 20)) <= 20 and question_text("04.q1", 20).endswith("...")
    with pytest.raises(InvalidArgumentError):
        truths("99")


def test_the_charts():
    found = gather(folder=SAMPLES)
    c04, c05 = found.classes["04"], found.classes["05"]
    ax = exercises_chart(c04).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == [f"Exercise {n}" for n in range(1, 6)]
    titles = [a.get_title(loc="left") for a in predictions_chart(c04).axes]
    assert titles[0] == "Prediction 1: the kit says 8 (3 guesses)"
    assert not any(t.startswith("Prediction 15:") for t in titles)  # a choice
    fig = dice_chart(c04)
    dice = fig.axes[0]
    legend = " ".join(t.get_text() for t in fig.legends[0].get_texts())
    pool = c04.dice()
    assert f"{float(pool.exact):.2f}" in legend and f"the pupils' mean: {pool.mean:.2f}" in legend
    assert f"the computer's mean: {pool.computer_mean:.2f}" in legend and "pupils' 95% interval" not in legend
    assert "no 95% interval: 3 games, fewer than 5" in legend  # 3 games
    assert dice.get_xticklabels()[0].get_text().endswith(f"\n{pool.boards[0]} boards")
    legend = " ".join(t.get_text() for t in fifteens_chart(c05).axes[0].get_legend().get_texts())
    for pool in c05.fifteens():
        assert f"{pool.strategy}: {pool.steps[-1].wins} of {pool.steps[-1].deals}" in legend


def test_the_view_reads_and_shows(monkeypatch):
    view = ClassView(folder=SAMPLES)
    assert repr(view) == "ClassView(lesson 04: 3, lesson 05: 3, lesson 07: 3)"
    assert "lesson 04: 3 pupils or pairs" in view.message.value
    view.folder.value = ""
    view.codes.value = to_code(results_samples.all_samples()[0])
    view.show()
    assert repr(view) == "ClassView(lesson 04: 1)"  # (outside a kernel the Output widget captures nothing)
    assert "lesson 04: 1 pupil or pair" in view.message.value
    shown = []
    monkeypatch.setattr("fifteen_kit.widgets.class_view.display", shown.append)
    view.report("05")  # a lesson with no results says so, so that Run All goes on
    assert len(shown) == 1 and "No results of lesson 05 have been read (lessons read: 04)" in shown[0].data
    with pytest.raises(InvalidArgumentError, match="the lesson"):
        view.report("08")
    view.folder.value = "/no/such/folder"
    view.load()
    assert "existing folder" in view.message.value


def test_without_matplotlib_the_report_is_the_table_and_a_note(monkeypatch):
    """The browser-only site serves no matplotlib: the report shows the table and says where the charts are."""
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    shown = []
    monkeypatch.setattr("fifteen_kit.widgets.class_view.display", shown.append)
    ClassView(folder=SAMPLES).report("04")
    assert len(shown) == 4 and "Follow up" in shown[0].data and "Exercise 1" in shown[0].data
    assert "need matplotlib" in shown[3].data
    assert "Pupil by pupil" in shown[1].data and "Why? answers" in shown[2].data


def test_two_pairs_with_the_same_pair_number_are_named():
    from fifteen_kit.results import PupilResults

    def pair(name: str, seed: int) -> PupilResults:
        return PupilResults("05", name, ({"key": "05.pool_fewest", "kind": "game", "game": "fifteens", "seed": seed,
                                          "strategy": "fewest", "deals": 40, "wins": 30},))

    found = gather(uploads=_uploads([pair("Ana", 7), pair("Ben", 7), pair("Cy", 8)]))
    assert found.problems == ["lesson 05: Ana and Ben used the same pair number 7, so their fewest deals are the same "
                              "deals, counted 2 times in the pool; give each pair its own number"]


def test_the_teacher_notebook_keeps_the_example_class_apart():
    # the teacher's own view starts empty: the made-up pairs are never pooled with a real class
    sources = ["".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    assert "view = ClassView()" in sources[1]
    assert all("sample_results" not in s or "example" in s or "codes-05" in s for s in sources)


def test_the_teacher_notebook_reads_the_samples_and_keeps_its_outputs():
    nb = json.loads(NOTEBOOK.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c.get("outputs") for c in code[1:])  # executed in place, outputs committed
    sources = "".join("".join(c["source"]) for c in code)
    assert 'ClassView(folder="sample_results")' in sources and "plotstyle" not in sources
    assert "emscripten" in "".join(code[0]["source"])  # the JupyterLite install cell, as in the lessons


def test_the_guide_states_the_measured_hand_in_cost_for_14_pairs():
    """The guide's hand-in table is bench/handin_cost.py's figures, and those are what the kit's codes give now."""
    import importlib.util
    import re

    root = SAMPLES.parents[2]
    spec = importlib.util.spec_from_file_location("handin_cost", root / "bench" / "handin_cost.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = module.main()
    assert figures == json.loads((root / "bench" / "results" / "handin_cost.json").read_text())
    guide = (root / "lessons" / "teacher_guide" / "README.md").read_text()
    for lesson in ("01", "04", "05", "06"):
        f = figures[lesson]
        row = re.search(rf"^\| {lesson} \| (\d+) to (\d+) \| ([\d,]+) characters: about (\d+) min \|", guide, re.M)
        assert row, lesson
        assert (int(row[1]), int(row[2])) == (f["code_chars_min"], f["code_chars_max"])
        assert int(row[3].replace(",", "")) == f["typed_chars_class"] and int(row[4]) == round(f["typing_minutes"])
    for lesson in ("02", "03"):
        assert figures[lesson]["code_chars_min"] >= 56 and figures[lesson]["code_chars_max"] <= 96
        assert round(figures[lesson]["typing_minutes"]) == 12


def test_the_follow_up_box_names_who_is_not_right_yet_and_links_the_chart():
    from fifteen_kit.widgets.class_view import _report, follow_up

    from fifteen_kit.results import PupilResults

    def check(key, correct):
        return {"key": key, "kind": "check", "answer": "1", "tries": 1, "correct": correct, "first": correct,
                "wrong": [] if correct else ["1"]}

    game = {"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10, "score": 110,
            "computer": 120, "policy": None}
    pupils = [PupilResults("04", "pair 1", (check("04.q1", True), check("04.q2", False))),
              PupilResults("04", "pair 2", (check("04.q1", False),)),
              PupilResults("04", "<i>pair 3</i>", (game,))]
    html = follow_up(ClassResults(pupils)).data
    assert "<b>Exercise 1</b>: <bdi>pair 2</bdi> <small>(no answer: <bdi>&lt;i&gt;pair 3&lt;/i&gt;</bdi>)</small>" \
        in html
    assert "<b>Exercise 2</b>: <bdi>pair 1</bdi> <small>(no answer: <bdi>pair 2</bdi>, " in html
    assert "<b>Nothing handed in beyond the game</b>: <bdi>&lt;i&gt;pair 3&lt;/i&gt;</bdi>" in html
    assert "href='#kit-dice-chart-04'" in html
    parts = _report(ClassResults(pupils))
    assert "<b>Lesson 04: Follow up</b>" in parts[0].data  # at the top of the lesson's report
    assert any("id='kit-dice-chart-04'" in getattr(part, "data", "") for part in parts if isinstance(part.data, str))


def test_the_pupil_table_shows_the_dice_games_and_each_guess_and_headers_never_break_mid_word():
    from fifteen_kit.widgets.class_view import pupil_table

    from fifteen_kit.results import PupilResults
    game = {"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10, "score": 115,
            "computer": 120, "policy": None}
    guess = {"key": "04.p1", "kind": "prediction", "answer": "<b>2/3</b>", "truth": ""}
    html = pupil_table(ClassResults([PupilResults("04", "pair 1", (game, guess)),
                                     PupilResults("04", "pair 2", ())])).data
    assert "<th>Dice game</th>" in html and "<td>10 boards: 11.5 points per board</td>" in html
    assert "<small>Prediction 1:</small> <bdi>&lt;b&gt;2/3&lt;/b&gt;</bdi>" in html
    assert "overflow-wrap:normal;word-break:normal" in html.split("th{background")[1].split("}")[0]


def test_the_dice_chart_keeps_its_whole_label_and_its_legend_below_with_many_games(tmp_path):
    from fifteen_kit.results import PupilResults
    game = {"key": "04.game", "kind": "game", "game": "dice", "seed": 1, "boards": 10, "score": 115,
            "computer": 120, "policy": None}
    fig = dice_chart(ClassResults([PupilResults("04", f"pair {n}", (game,)) for n in range(1, 13)]))
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["1", "2", "3"]
    assert "1 pair 1 (10)" in ax.get_xlabel() and "12 pair 12 (10)" in ax.get_xlabel()
    fig.canvas.draw()
    box, legend = fig.bbox, fig.legends[0].get_window_extent()
    label = ax.xaxis.label.get_window_extent()
    assert legend.y1 <= ax.get_window_extent().y0 and box.x0 <= label.x0 and label.x1 <= box.x1
    assert legend.y0 >= box.y0 and label.y0 >= box.y0  # nothing clipped by the figure's edge


def test_pairs_are_in_name_order_with_numbers_in_number_order():
    from fifteen_kit.results import PupilResults
    names = ["pair 10", "Pair 2", "pair 1", "pair \u00b2", "b", "pair 2 (Ana)"]
    found = gather(uploads=tuple({"name": f"{i}.json", "content": to_json(PupilResults("04", n, ())).encode()}
                                 for i, n in enumerate(names)))
    assert found.classes["04"].names() == ("b", "pair 1", "Pair 2", "pair 2 (Ana)", "pair 10", "pair \u00b2")


def test_when_every_wrong_answer_was_given_once_they_are_all_listed():
    from fifteen_kit.results import PupilResults

    def wrong(name, answer):
        return PupilResults("04", name, ({"key": "04.q1", "kind": "check", "answer": answer, "tries": 1,
                                          "correct": False, "first": False, "wrong": [answer]},))
    results = ClassResults([wrong(f"pair {n}", str(n)) for n in range(1, 16)])
    q = results.questions()[0]
    assert q.different == 15 and len(q.wrong) == 12
    assert "15 different answers, each given once:</small> <bdi>1</bdi>, <bdi>10</bdi>" in class_table(results).data
    assert "<small>and 3 more</small>" in class_table(results).data
    twice = ClassResults([wrong("a", "7"), wrong("b", "7"), *(wrong(f"c{n}", str(n)) for n in range(5))])
    assert len(twice.questions()[0].wrong) == 3  # some given more than once: the 3 most common


def test_a_bad_code_is_named_by_its_line_and_first_characters_and_a_short_one_says_how_short():
    samples = results_samples.all_samples()
    good = [to_code(s) for s in samples[:3]]
    pasted = f"{good[0]}\n\n{good[1]}\nF15-4484W-V7FWR-2F96\n{good[2]}\n"
    found = gather(codes=pasted)
    about = sorted(len(c.replace("-", "")) - 3 for c in good)[1]
    assert found.problems == [f"code 3 (line 4: F15-4484W-V7FWR-...): the code is too short (14 of about {about} "
                              "characters: was it cut?); the code's check fails: a character is mistyped, missing "
                              "or extra (input: 'F15-4484W-V7FWR-2F96')"]
    assert gather(codes=f"{good[0]}\nF15-12345").problems == [
        f"code 2 (line 2: F15-12345): the code is too short (5 of about {len(good[0].replace('-', '')) - 3} "
        "characters) (input: 'F15-12345')"]
    assert ClassView().codes.layout.height == "200px"


def test_guesses_equal_to_the_kits_value_are_counted_together():
    from fifteen_kit.results import PupilResults
    guesses = ["2/3", "4/6", "0.67", "4 out of 6", "2/3", "1/2", "<i>x</i>"]
    results = ClassResults([PupilResults("04", f"pair {n}", ({"key": "04.p4", "kind": "prediction", "answer": g,
                                                               "truth": ""},)) for n, g in enumerate(guesses)])
    html = class_table(results).data
    row = html[html.index("Prediction 4"):]
    # as this prediction's form reads answers: a fraction or a decimal, not words
    assert ("<b>= the kit's value</b> <small>(&times;4)</small>, <bdi>1/2</bdi>, <bdi>4 out of 6</bdi>, "
            "<bdi>&lt;i&gt;x&lt;/i&gt;</bdi>") in row


def test_number_lines_show_plain_numbers_and_percentages():
    from fifteen_kit.results import PupilResults
    guesses = ["0.05", "0.5", "5/6", "0.3", "30"]
    results = ClassResults([PupilResults("04", f"p{i}", tuple(
        {"key": k, "kind": "prediction", "answer": g, "truth": ""} for k in ("04.p4", "04.p5", "04.p9")))
        for i, g in enumerate(guesses)])
    fig = predictions_chart(results)
    fig.canvas.draw()
    for ax in fig.axes:
        low, high = ax.get_xlim()
        shown = [t.get_text() for t in ax.get_xticklabels() if low <= t.get_position()[0] <= high]
        assert shown and not any("10^" in t or "$" in t for t in shown), shown
        assert all(len(t.rstrip("%").split(".")[-1]) <= 4 or "." not in t for t in shown), shown
    labels = [t.get_text() for t in fig.axes[2].get_xticklabels()]
    assert "50%" in labels  # prediction 9 is a percentage
