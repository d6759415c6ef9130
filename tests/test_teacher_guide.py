"""The teacher guide (lessons/teacher_guide/): its answer pages match the kit, its timings match the measured
Run All times (bench/results/lesson_times.json, written by `make bench`), its pages have every part and its
links lead somewhere.  The numbers in its prose are checked in tests/test_lesson_claims.py (GUIDE_CLAIMS).
"""

import itertools
import json
import pathlib
import re

import pytest
from fifteen_kit.widgets.workbook import LESSONS as TASK_LESSONS
from fifteen_kit.widgets.workbook import answer_key_text
from fifteen_kit.widgets.workbook.__main__ import _lesson_name, _page

from fifteen_kit.errors import InvalidArgumentError

ROOT = pathlib.Path(__file__).resolve().parents[1]
GUIDE = ROOT / "lessons" / "teacher_guide"
TIMES = json.loads((ROOT / "bench" / "results" / "lesson_times.json").read_text())["lessons"]
NOTEBOOKS = sorted(p.stem for p in (ROOT / "lessons").glob("0*.ipynb"))

#: The parts of a lesson page, in order (the guide's index lists them).
PARTS = ("## Why this lesson", "## For whom", "## Pupils will be able to", "## Before the lesson",
         "## The 45-minute plan", "## If a Binder session drops", "## The 50-minute variant",
         "## Key questions", "## Possible support", "## Possible extension", "## Answers",
         "## Common misconceptions", "## Unplugged")
#: The pages written in that structure: every lesson's.
STRUCTURED = tuple(NOTEBOOKS)


@pytest.mark.parametrize("lesson", TASK_LESSONS)
def test_answer_pages_are_up_to_date(lesson):
    page = GUIDE / "answers" / f"{_lesson_name(lesson)}.md"
    assert page.exists(), f"run `make guide-answers`: {page.name} is missing"
    assert page.read_text() == _page(lesson), f"run `make guide-answers`: {page.name} no longer matches the kit"


def test_every_question_of_a_lesson_has_its_answer_on_the_page():
    from fifteen_kit.widgets.workbook import tasks

    for lesson in TASK_LESSONS:
        text = (GUIDE / "answers" / f"{_lesson_name(lesson)}.md").read_text()
        for task in tasks(lesson):
            block = text.split(f"**{task.key}.**", 1)[1].split("\n**", 1)[0]
            assert re.search(r"\* (Answer|The kit's value|Model answer): \S", block), task.key


def test_the_measurements_cover_every_lesson():
    assert sorted(TIMES) == NOTEBOOKS, "run `make bench` (bench/bench_lessons.py) after adding a lesson"


def test_the_index_table_of_run_all_times_is_the_measured_one():
    rows = re.findall(r"^\| (\d\d) [a-z0-9 ]+ \| ([\d.]+) s \| ([\d.]+) s \|$", (GUIDE / "README.md").read_text(), re.M)
    assert [r[0] for r in rows] == [n[:2] for n in NOTEBOOKS]
    for (_number, run_all, slowest), stem in zip(rows, NOTEBOOKS, strict=True):
        assert (float(run_all), float(slowest)) == (TIMES[stem]["run_all_s"], TIMES[stem]["slowest_cell_s"]), stem


@pytest.mark.parametrize("stem", NOTEBOOKS)
def test_each_page_states_its_lessons_measured_time(stem):
    stated = re.findall(r"takes ([\d.]+) s of computing", (GUIDE / f"{stem}.md").read_text())
    assert set(stated) <= {str(TIMES[stem]["run_all_s"])}, f"{stem}.md: 'takes N s of computing' with N not measured"
    if stem in STRUCTURED:
        assert stated, f"{stem}.md: say 'takes N s of computing' with the measured N"


def test_the_readme_rounds_the_run_all_times_as_measured():
    assert "runs top to bottom in under 5 seconds of computing" in " ".join((ROOT / "README.md").read_text().split())
    assert max(row["run_all_s"] for row in TIMES.values()) < 5


@pytest.mark.parametrize("stem", STRUCTURED)
def test_a_lesson_page_has_every_part_in_order(stem):
    text = (GUIDE / f"{stem}.md").read_text()
    places = [text.find(part) for part in PARTS]
    assert -1 not in places, f"{stem}.md lacks {PARTS[places.index(-1)]!r}"
    assert places == sorted(places), f"{stem}.md has its parts out of order"
    plan = text.split("## The 45-minute plan", 1)[1].split("\n## ", 1)[0]
    minutes = [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)-(\d+) \|", plan, re.M)]
    assert minutes[0][0] == 0 and minutes[-1][1] == 45, f"{stem}.md: the plan must run from minute 0 to 45"
    assert all(b == c for (_, b), (c, _) in itertools.pairwise(minutes)), f"{stem}.md: the plan's minutes leave gaps"
    assert "launch" in plan.lower() and "Save my results" in plan, f"{stem}.md: the plan must launch and hand in"


def test_every_link_in_the_guide_leads_to_a_file_or_a_heading():
    for page in GUIDE.rglob("*.md"):
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            if target.startswith("http"):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", linked.read_text(), re.M)
                slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
                assert anchor in slugs, f"{page.name}: no heading for #{anchor} in {linked.name}"


def test_the_answer_key_text_refuses_bad_input():
    with pytest.raises(InvalidArgumentError, match="lesson"):
        answer_key_text("99")
    with pytest.raises(InvalidArgumentError, match="reveals"):
        answer_key_text("00", reveals="yes")  # type: ignore[arg-type]


def test_every_printable_the_guide_names_is_made_by_make_printables():
    from fifteen_kit.widgets.printables import BUILDERS

    made = {f"{name}.pdf" for name in BUILDERS} | {"lesson-NN-worksheet.pdf", "lesson-NN-answers.pdf"}
    named = {n for page in GUIDE.glob("*.md") for n in re.findall(r"`([\w-]+\.pdf)`", page.read_text())}
    assert named and named <= made, f"not made by make printables: {sorted(named - made)}"
