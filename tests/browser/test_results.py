"""Handing in results in a real JupyterLab: a pupil answers, plays, presses Save my results, downloads the file
and sees the code; the file holds the answers and the code decodes to the same results (issue 19)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from classroom import axe_violations
from lab_driver import check, open_and_run
from lab_server import pupil_lab
from playwright.sync_api import expect

from fifteen_kit.results import from_code, from_json

NOTEBOOK = Path(__file__).parent / "notebooks" / "results.ipynb"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pupil_server():
    """A JupyterLab on a writable copy of the results notebook, as a pupil's own server is."""
    with pupil_lab(NOTEBOOK, "kit-results-") as lab:
        yield lab


def _answer_play_and_hand_in(page, artifacts, front_end: str) -> None:
    """The pupil's steps on the results notebook (one wrong try, a right one, the pair's study, Save my results)
    and the checks of the downloaded file and the code."""
    question = page.locator(".kit-question").nth(0)
    for answer in ("9", "8"):  # one wrong try, then right
        question.locator("input").fill(answer)
        question.locator("input").press("Enter")
        question.get_by_role("button", name="Check").click()
    expect(question).to_contain_text("Correct")
    study = page.locator(".kit-question").nth(1)
    study.locator("input").fill("7")
    study.locator("input").press("Tab")
    study.get_by_role("button", name=re.compile("Play 5 deals")).click()
    expect(study).to_contain_text("recorded for the class tally", timeout=60_000)
    export = page.locator(".kit-export")
    # by keyboard: the name box, then Tab to the button and Enter
    export.locator("input").fill("Ana and Ben")
    export.locator("input").press("Tab")
    expect(export.get_by_role("button", name="Save my results")).to_be_focused()
    page.keyboard.press("Enter")
    link = export.locator(".kit-download a")
    expect(link).to_have_count(1, timeout=30_000)
    with page.expect_download() as caught:
        link.click()
    download = caught.value
    assert download.suggested_filename == "results-97-ana-and-ben.json"
    saved = from_json(Path(download.path()).read_text(encoding="utf-8"))
    assert saved.lesson == "97" and saved.pupil == "Ana and Ben"
    records = {r["key"]: r for r in saved.records}
    assert records["97.q1"]["answer"] == "8" and records["97.q1"]["wrong"] == ["9"]
    assert records["97.q1"]["first"] is False and records["97.q1"]["correct"] is True
    assert {records[f"97.pool_{s}"]["seed"] for s in ("fewest", "most")} == {7}
    code = export.locator(".kit-code-text").inner_text().strip()
    decoded = from_code(code)
    assert (decoded.lesson, decoded.pupil) == ("97", "Ana and Ben")
    assert [r["key"] for r in decoded.records] == [r["key"] for r in saved.records]
    assert axe_violations(page, ".kit-export") == []
    export.scroll_into_view_if_needed()
    export.screenshot(path=str(artifacts / f"results-export-{front_end}.png"))
    page.screenshot(path=str(artifacts / f"results-page-{front_end}.png"), full_page=True)


def test_save_my_results_downloads_the_file_and_shows_a_code_that_decodes_to_it(browser, pupil_server, artifacts):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True)
    page = context.new_page()
    try:
        open_and_run(page, pupil_server, NOTEBOOK.name)
        _answer_play_and_hand_in(page, artifacts, "lab")
        assert check(page, NOTEBOOK.name, []) == []
    finally:
        context.close()


def test_save_my_results_works_the_same_under_voila(browser, server, artifacts):
    # Voila renders the notebook as an app (no saving, no code): the download is made in the page all the same
    context = browser.new_context(viewport={"width": 1024, "height": 768}, accept_downloads=True)
    page = context.new_page()
    try:
        rel = NOTEBOOK.relative_to(ROOT).as_posix()
        page.goto(f"{server.base}/voila/render/{rel}?token={server.token}", wait_until="commit", timeout=120_000)
        page.locator(".kit-export").wait_for(state="visible", timeout=120_000)
        _answer_play_and_hand_in(page, artifacts, "voila")
    finally:
        context.close()


SAMPLES = ROOT / "lessons" / "teacher" / "sample_results"
TEACHER = Path(__file__).parent / "notebooks" / "teacher.ipynb"


def _load_the_class(page, artifacts, front_end: str) -> None:
    """The teacher uploads three pairs' files, sees the class, then pastes their codes instead."""
    view = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name="Show the class")).last
    files = sorted(SAMPLES.glob("results-05-*.json"))
    with page.expect_file_chooser() as chooser:  # the upload button opens the browser's file chooser
        view.get_by_role("button", name=re.compile("Upload results files")).click()
    chooser.value.set_files([str(f) for f in files])
    view.get_by_role("button", name="Show the class").click()
    expect(view).to_contain_text("lesson 05: 3 pupils or pairs", timeout=60_000)
    table = view.locator("table.kit-class").first
    expect(table).to_contain_text("Exercise 1", timeout=60_000)  # the worksheet's name (the key is a tooltip)
    expect(view.locator("img").first).to_be_visible(timeout=60_000)  # the charts
    view.screenshot(path=str(artifacts / f"class-view-{front_end}.png"))
    # the same pairs from their codes: each is a double hand-in, shown once (the files came first)
    view.locator("textarea").fill((SAMPLES / "codes-05.txt").read_text())
    view.get_by_role("button", name="Show the class").click()
    expect(view).to_contain_text("times with the same results", timeout=60_000)
    expect(view).to_contain_text("lesson 05: 3 pupils or pairs")


@pytest.fixture
def teacher_server():
    """A JupyterLab on a writable copy of the teacher's view notebook."""
    with pupil_lab(TEACHER, "kit-teacher-") as lab:
        yield lab


def test_the_teacher_uploads_files_and_pastes_codes_in_jupyterlab(browser, teacher_server, artifacts):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        open_and_run(page, teacher_server, TEACHER.name)
        _load_the_class(page, artifacts, "lab")
    finally:
        context.close()


def test_the_teacher_uploads_files_under_voila(browser, server, artifacts):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        rel = TEACHER.relative_to(ROOT).as_posix()
        page.goto(f"{server.base}/voila/render/{rel}?token={server.token}", wait_until="commit", timeout=120_000)
        page.get_by_role("button", name="Show the class").wait_for(state="visible", timeout=120_000)
        _load_the_class(page, artifacts, "voila")
    finally:
        context.close()
