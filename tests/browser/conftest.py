"""Fixtures of the browser tests: one JupyterLab server for the session, Debian's Chromium, a page per test.

Screenshots go to ``artifacts/browser/`` (ignored by git) for a person to look at.
The server is stopped at the end of the session even when tests fail.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from lab_driver import chromium, watch
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
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    p = watch(context.new_page())
    try:
        yield p
    finally:
        context.close()
        server.shutdown_kernels()
