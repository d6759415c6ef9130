"""Fixtures of the browser tests: one JupyterLab server (and one Notebook 7 server) for the session, Debian's
Chromium, a page per test.

Screenshots go to ``artifacts/browser/`` (ignored by git) for a person to look at.
The server is stopped at the end of the session even when tests fail.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from lab_driver import chromium, fresh_page, watch
from lab_server import running

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def server():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium, or set KIT_CHROMIUM")
    with running(ROOT, Path(tempfile.mkdtemp(prefix="kit-browser-"))) as lab:
        yield lab


@pytest.fixture(scope="session")
def browser():
    with chromium(CHROMIUM) as b:
        yield b


@pytest.fixture
def page(browser, server):
    """A fresh page (1300x900) whose console errors are collected in ``page.console_errors``."""
    with fresh_page(browser, server, viewport={"width": 1300, "height": 900}) as p:
        yield p


@pytest.fixture(scope="session")
def notebook_server():
    """Notebook 7 (``jupyter notebook``: the same server, its one-document pages) on the kit, for the session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium, or set KIT_CHROMIUM")
    with running(ROOT, Path(tempfile.mkdtemp(prefix="kit-notebook7-")), app="notebook") as notebook:
        yield notebook


@pytest.fixture
def notebook_page(browser, notebook_server):
    """A fresh page (1300x900) on Notebook 7, its console errors collected in ``page.console_errors``."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    p = watch(context.new_page())
    p.upstream_errors = []
    p.on("pageerror", lambda e: p.upstream_errors.append(f"pageerror: {e}") if _notebook7_own(e) else None)
    p.on("console", lambda m: p.upstream_errors.append(f"error: {m.text}") if m.type == "error"
         and m.text in TREE_OWN and "/static/notebook/" in m.location.get("url", "") else None)
    try:
        yield p
    finally:
        context.close()
        notebook_server.shutdown_kernels()


# Notebook 7.6.5 itself throws this on every page, with no extension enabled and no settings of ours: its settings
# registry tells the shortcuts plugin about settings of plugins the page never activated (context menu, metadata
# form, log console: "has no transformers yet"; jupyter/notebook#7062), and the shortcuts plugin reads their schema.
NOTEBOOK7_OWN = "Cannot read properties of undefined (reading 'schema')"


# ...and on its file browser page (/tree) only, Notebook 7 logs these, from its own bundle: when Voila's lab
# extension (its "Preview with Voila" button, of the pinned voila) fails to start there (disabling that extension
# makes it go away), and when a notebook opened from the list in a new tab changes a setting that the tree page's
# kernel-status indicator, which has no notebook, then redraws (with no settings of ours, too).
TREE_OWN = ("Cannot convert undefined or null to object",
            "Cannot read properties of null (reading 'updateRenderOption')")


def _notebook7_own(error) -> bool:
    """Whether a page error is :data:`NOTEBOOK7_OWN`, thrown inside Notebook 7's own bundle (never the kit's)."""
    frames = [line for line in (error.stack or "").splitlines()[1:] if "://" in line]  # frames in a script
    return error.message == NOTEBOOK7_OWN and bool(frames) and all("/static/notebook/" in f for f in frames)
