"""Fixtures of the JupyterLite tests: the built site on 127.0.0.1, Debian's Chromium cut off from everything else.

The site is built by ``make lite`` (into ``build/lite``, or ``$KIT_LITE_SITE``).  It is served by a plain
static file server, as a school's web host or a USB stick would serve it.  Every request to any other
address is aborted and recorded, so the tests prove the site works offline, in CI as here.
Screenshots and the timing and skipped-cell reports go to ``artifacts/lite/``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import ClassVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the JupyterLab page helpers are shared with the Lab tests

from lab_driver import chromium  # noqa: E402
from lab_server import free_port  # noqa: E402
from lite_offline import offline_page  # noqa: E402
from static_host import StaticHost, serve  # noqa: E402

SITE = Path(os.environ.get("KIT_LITE_SITE", ROOT / "build" / "lite")).resolve()
ARTIFACTS = ROOT / "artifacts" / "lite"
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")


class StaticFiles(StaticHost):
    """The static host, counting what it sends (the download a student's browser makes)."""

    served_bytes = 0  # what the site has sent so far: the download a student's browser makes
    served_files: ClassVar[dict[str, int]] = {}  # the same, by path (query strings dropped)
    first_served: ClassVar[dict[str, float]] = {}  # when each path was first asked for (time.perf_counter())

    def copyfile(self, source, outputfile):
        StaticFiles.first_served.setdefault(self.path.split("?")[0], time.perf_counter())
        start = source.tell()
        super().copyfile(source, outputfile)
        sent = source.tell() - start
        StaticFiles.served_bytes += sent
        path = self.path.split("?")[0]
        StaticFiles.served_files[path] = StaticFiles.served_files.get(path, 0) + sent



@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def site() -> str:
    """The base URL of the site, served from its folder on a free port of 127.0.0.1."""
    if not (SITE / "index.html").exists():
        pytest.fail(f"no JupyterLite site in {SITE}: build it with `make lite`")
    with serve(SITE, StaticFiles, free_port()) as url:  # a port of KIT_PORTS, if set
        yield url


@pytest.fixture(scope="session")
def browser():
    with chromium(CHROMIUM) as b:
        yield b


@pytest.fixture
def page(browser, site):
    """A fresh, offline page (1300x900): see :func:`offline_page`."""
    context, p = offline_page(browser, site, viewport={"width": 1300, "height": 900})
    try:
        yield p
    finally:
        context.close()
