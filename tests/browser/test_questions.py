"""Lesson questions in a real JupyterLab: readable, usable by keyboard, and a pupil's answers survive a save and
a fresh kernel (saved in the notebook and read back from it), and, with no save at all, a kernel restart and a
closed tab (kept in the lesson's work file the moment they are given)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from classroom import axe_violations, fit_problems, measure
from fifteen_kit.widgets.palette import TEXT_PX
from lab_driver import check, click, open_and_run
from lab_server import pupil_lab
from playwright.sync_api import expect

NOTEBOOK = Path(__file__).parent / "notebooks" / "questions.ipynb"


@pytest.fixture
def pupil_server():
    """A JupyterLab on a writable copy of the questions notebook, as a pupil's own server is."""
    with pupil_lab(NOTEBOOK, "kit-pupil-") as lab:
        yield lab


def _records(path: Path) -> dict[str, dict]:
    found = {}
    for cell in json.loads(path.read_text())["cells"]:
        for output in cell.get("outputs", []):
            record = output.get("metadata", {}).get("fifteen_kit")
            if record:
                found[record["key"]] = record
    return found


def test_answers_are_saved_with_the_notebook_and_come_back_in_a_fresh_kernel(browser, pupil_server, artifacts):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_and_run(page, pupil_server, NOTEBOOK.name)
        questions = page.locator(".kit-question")
        expect(questions).to_have_count(3)
        m = measure(page, ".kit-question")
        assert fit_problems(m, TEXT_PX["normal"], whole_screen=False) == [], m
        assert axe_violations(page, ".kit-question") == []
        smallest = page.evaluate("() => Math.min(...Array.from(document.querySelectorAll("
                                 "'.kit-question button, .kit-question input, .kit-question textarea, "
                                 ".kit-question .widget-html-content'))"
                                 ".map(e => parseFloat(getComputedStyle(e).fontSize)))")
        assert smallest >= TEXT_PX["normal"], f"question text of {smallest} px"
        for width, height in ((1024, 768), (1280, 800)):  # no horizontal scrollbar under a question (issue 32)
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            wider = page.evaluate("() => Array.from(document.querySelectorAll('.kit-question, .kit-question *'))"
                                  ".filter(e => e.scrollWidth > e.clientWidth + 1 && "
                                  "['auto', 'scroll'].includes(getComputedStyle(e).overflowX))"
                                  ".map(e => e.className + ': ' + e.scrollWidth + ' > ' + e.clientWidth)")
            assert wider == [], f"{width}x{height}: {wider}"
        page.set_viewport_size({"width": 1024, "height": 768})
        # the pupil answers each question (two wrong tries open the worked solution)
        check_box = questions.nth(0)
        for answer, says in (("2/3", "That is the chance the die is valid"), ("0.5", "Not yet")):
            check_box.locator("input").fill(answer)
            check_box.locator("input").press("Enter")
            check_box.get_by_role("button", name="Check").click()
            expect(check_box).to_contain_text(says)  # the slip's own message, then the generic one
        check_box.get_by_role("button", name="Show worked solution").click()
        expect(check_box).to_contain_text("2 of 6")
        guess = questions.nth(1)
        guess.locator("input").fill("10")
        guess.locator("input").press("Enter")
        guess.get_by_role("button", name="Lock in my guess").click()
        expect(guess).to_contain_text("The kit: 8")
        expect(guess).to_contain_text("The eight sets")
        why = questions.nth(2)
        why.locator("textarea").fill("Four lines go through the middle, so it is counted four times.")
        why.locator("textarea").press("Tab")
        why.get_by_role("button", name="Compare with a model answer").click()
        expect(why).to_contain_text("key points")
        page.screenshot(path=str(artifacts / "questions-answered.png"), full_page=True)
        page.keyboard.press("Control+s")
        saved = pupil_server.root / NOTEBOOK.name
        for _ in range(50):
            if len(_records(saved)) == 3:
                break
            page.wait_for_timeout(200)
        records = _records(saved)
        assert records["97.q1"]["answer"] == "0.5" and records["97.q1"]["tries"] == 2
        assert records["97.p1"]["answer"] == "10"
        assert records["97.w1"]["answer"].startswith("Four lines")
        assert check(page, NOTEBOOK.name, []) == []
        # a fresh kernel (the next lesson day): run everything again; the answers are back
        pupil_server.shutdown_kernels()
        open_and_run(page, pupil_server, NOTEBOOK.name)
        expect(questions.nth(0).locator("input")).to_have_value("0.5")
        expect(questions.nth(0)).to_contain_text("Not yet")
        expect(questions.nth(1)).to_contain_text("The kit: 8")
        expect(questions.nth(2).locator("textarea")).to_have_value(records["97.w1"]["answer"])
        page.screenshot(path=str(artifacts / "questions-restored.png"), full_page=True)
    finally:
        context.close()


def _work(root: Path) -> dict[str, dict]:
    file = root / NOTEBOOK.name.replace(".ipynb", ".work.json")
    return json.loads(file.read_text())["records"] if file.exists() else {}


def test_answers_given_are_kept_with_no_save_through_a_restart_a_closed_tab_and_a_rerun(browser, pupil_server):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_and_run(page, pupil_server, NOTEBOOK.name)
        questions = page.locator(".kit-question")
        box = questions.nth(0)
        box.locator("input").fill("1/3")
        box.get_by_role("button", name="Check").click()
        expect(box).to_contain_text("Correct")
        guess = questions.nth(1)
        guess.locator("input").fill("10")
        guess.get_by_role("button", name="Lock in my guess").click()
        expect(guess).to_contain_text("The kit: 8")
        why = questions.nth(2)
        why.locator("textarea").fill("Four lines go through the middle.")
        why.locator("textarea").press("Tab")
        why.get_by_role("button", name="Compare with a model answer").click()
        expect(why).to_contain_text("key points")
        # on disk at once, with no save: the work file beside the notebook, the notebook itself untouched
        for _ in range(50):
            if len(_work(pupil_server.root)) == 3:
                break
            page.wait_for_timeout(200)
        work = _work(pupil_server.root)
        assert (work["97.q1"]["answer"], work["97.q1"]["correct"]) == ("1/3", True)
        assert work["97.p1"]["answer"] == "10" and work["97.w1"]["answer"].startswith("Four lines")
        assert _records(pupil_server.root / NOTEBOOK.name) == {}
        # the kernel restarts and the tab is closed without saving; the pupil comes back and runs everything
        pupil_server.shutdown_kernels()
        page.close()
        page = context.new_page()
        open_and_run(page, pupil_server, NOTEBOOK.name)
        questions = page.locator(".kit-question")
        expect(questions.nth(0).locator("input")).to_have_value("1/3")
        expect(questions.nth(0)).to_contain_text("Correct")
        expect(questions.nth(1)).to_contain_text("The kit: 8")
        expect(questions.nth(2).locator("textarea")).to_have_value("Four lines go through the middle.")
        # a re-run of the whole lesson in the same kernel keeps them too, and the work file is unchanged
        open_and_run(page, pupil_server, NOTEBOOK.name)
        expect(page.locator(".kit-question").nth(0).locator("input")).to_have_value("1/3")
        assert _work(pupil_server.root) == work
    finally:
        context.close()


UNFINISHED = Path(__file__).parent / "notebooks" / "unfinished.ipynb"


@pytest.fixture
def match_server():
    """A JupyterLab on a writable copy of a notebook with one Game of 15 match, as a pupil's own server is."""
    with pupil_lab(UNFINISHED, "kit-match-") as lab:
        yield lab


def _open_match(root: Path) -> dict:
    file = root / UNFINISHED.name.replace(".ipynb", ".work.json")
    record = json.loads(file.read_text())["records"].get("96.game_open", {}) if file.exists() else {}
    return record.get("state") or {}


def test_an_unfinished_match_comes_back_after_a_restart_and_a_closed_tab_or_starts_anew(browser, match_server,
                                                                                        artifacts):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_and_run(page, match_server, UNFINISHED.name)
        taken = page.locator(".f15-board .f15-taken")
        click(page, ".f15-board .f15-tile", "5")  # Onyx drafts 5; the perfect computer replies at once
        expect(taken).to_have_count(2)
        for _ in range(50):  # on disk at once, with no save
            if _open_match(match_server.root).get("actions"):
                break
            page.wait_for_timeout(200)
        assert _open_match(match_server.root)["actions"] == [["digit", 5, False]]
        # the kernel restarts and the tab is closed without saving; the pupil comes back and runs everything
        match_server.shutdown_kernels()
        page.close()
        page = context.new_page()
        open_and_run(page, match_server, UNFINISHED.name)
        bar = page.locator(".kit-resume")
        expect(bar).to_be_visible()
        expect(bar).to_contain_text("unfinished game")
        expect(page.locator(".f15-board .f15-taken")).to_have_count(0)  # a new board until the pupil chooses
        box = bar.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1024, "the bar fits the screen"
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.kit-resume "
                             ".widget-html-content')).fontSize)")
        assert size >= TEXT_PX["normal"], f"the bar's words are {size} px"
        page.screenshot(path=str(artifacts / "unfinished-offered.png"))
        click(page, ".kit-resume button", "Continue my game")
        expect(bar).to_be_hidden()
        expect(page.locator(".f15-board .f15-taken")).to_have_count(2)
        expect(page.locator(".f15-board")).to_contain_text("Your match is back")
        # Run All again: still unfinished, so it is offered again; this time the pupil starts anew
        open_and_run(page, match_server, UNFINISHED.name)
        expect(page.locator(".kit-resume")).to_be_visible()
        click(page, ".kit-resume button", "Start anew")
        expect(page.locator(".kit-resume")).to_be_hidden()
        expect(page.locator(".f15-board .f15-taken")).to_have_count(0)
        for _ in range(50):
            if not _open_match(match_server.root):
                break
            page.wait_for_timeout(200)
        assert _open_match(match_server.root) == {}
    finally:
        context.close()
