"""Fixtures of the published site's tests: the built site on 127.0.0.1, Chromium cut off from every other address.

The site is built by ``make site`` (``make test-site`` builds it for the made-up address ``$KIT_SITE_REPO`` into
``$KIT_SITE``).  A plain static file server serves it, as GitHub Pages or a USB stick would; every request the
browser makes to any other address is aborted and recorded, and a test fails if there is any.
Screenshots go to ``artifacts/site/``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_driver import chromium  # noqa: E402
from static_host import serve  # noqa: E402

SITE = Path(os.environ.get("KIT_SITE", ROOT / "build" / "site")).resolve()
ARTIFACTS = ROOT / "artifacts" / "site"
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")
PORT = int(os.environ.get("KIT_SITE_PORT", "0"))  # 0: any free port


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail(f"no site in {SITE}: build it with `make site`")
    return SITE


@pytest.fixture(scope="session")
def base(site_dir: Path) -> Iterator[str]:
    """The site's root URL (ending in /), served from its folder on 127.0.0.1."""
    with serve(site_dir, port=PORT) as url:
        yield f"{url}/"


@pytest.fixture(scope="session")
def outside() -> list[str]:
    """Every request the browser tried to make to another address (each was aborted)."""
    return []


@pytest.fixture(scope="session")
def context(base: str, outside: list[str]):
    """A fresh browser profile at 1024x768 (a classroom projector) whose only reachable address is the site."""
    with chromium(CHROMIUM) as browser:
        ctx = browser.new_context(viewport={"width": 1024, "height": 768})

        def route(r):
            if r.request.url.startswith(base) or r.request.url.startswith(("data:", "blob:")):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        ctx.route("**/*", route)
        yield ctx
        ctx.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
