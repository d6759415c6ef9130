"""Every lesson runs in a real browser: all cells, no error output, every widget displayed."""

from __future__ import annotations

import pytest
from conftest import ROOT
from lab_driver import check, open_and_run, scroll_to_top

LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_in_jupyterlab(page, server, artifacts, lesson):
    panel = open_and_run(page, server, f"lessons/{lesson.name}")
    errors = check(page, lesson.stem, page.console_errors)
    scroll_to_top(page)  # the lesson's first screen, as a student sees it on opening
    page.locator(f'[id="{panel}"]').screenshot(path=str(artifacts / f"lesson-{lesson.stem}.png"))
    assert errors == []
    assert page.dialogs == []
