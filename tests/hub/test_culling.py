"""Culling keeps its promise with a tab left open (issue 29): a real JupyterLab tab in Chromium, never closed.

The hub is started with short timeouts (cull_idle 60 s, cull_every 10 s) for one pupil.  The pupil opens a notebook
in JupyterLab (its kernel starts: the last real use) and leaves the tab open; the tab keeps polling the server.
The server must still stop, no sooner than cull_idle after that last use, and within a few minutes of it.
About three minutes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import time

import psutil
import pytest

from hub.loadtest import Browser, forget, fresh_room
from hub.run import port_free, start_hub

from .conftest import SCRATCH, _empty_notebook, current_branch

PORT = 18400
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")


def servers(hub) -> list[psutil.Process]:
    return [p for p in hub.processes() if "jupyterhub-singleuser" in " ".join(p.cmdline())]


def test_an_open_tab_does_not_keep_an_unused_server_alive():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import sync_playwright

    assert port_free("127.0.0.1", PORT)
    room = dataclasses.replace(fresh_room(1, PORT, "culling", current_branch()), cull_idle=60, cull_every=10)
    hub = start_hub(room)
    try:
        browser = Browser(room, "pupil01")
        loop = asyncio.new_event_loop()
        loop.run_until_complete(browser.login("pupil01-chosen-password"))
        loop.run_until_complete(browser.start_server("/user/pupil01/lab"))
        loop.run_until_complete(browser.client.get("user/pupil01/lab", follow_redirects=True))
        loop.run_until_complete(browser.client.put(f"{browser.prefix}api/contents/{SCRATCH}",
                                                   json={"type": "notebook", "content": _empty_notebook()},
                                                   headers={"X-XSRFToken": browser._xsrf(browser.prefix)}))
        cookies = [{"name": c.name, "value": c.value or "", "domain": "127.0.0.1", "path": c.path}
                   for c in browser.client.cookies.jar]
        loop.run_until_complete(browser.aclose())
        loop.close()
        requests: list[float] = []
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = chromium.new_context().new_page()
            page.context.add_cookies(cookies)
            page.on("request", lambda request: requests.append(time.monotonic()) if "/api/" in request.url else None)
            page.goto(f"{room.local_url}user/pupil01/lab/tree/{SCRATCH}", timeout=120_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            page.wait_for_function("document.querySelector('.jp-Notebook') && "
                                   "!document.title.includes('Starting')", timeout=60_000)
            last_use = time.monotonic()
            assert servers(hub)
            stopped = None
            while time.monotonic() - last_use < room.cull_idle + 240:
                page.wait_for_timeout(2000)  # the tab stays open and keeps polling
                if not servers(hub):
                    stopped = time.monotonic() - last_use
                    break
            polled = [t for t in requests if t > last_use + 10]
            chromium.close()
        assert stopped is not None, "the server was never stopped while its tab stayed open"
        assert stopped >= room.cull_idle, f"stopped {stopped:.0f} s after the last use, before cull_idle"
        assert len(polled) > 5, "the open tab did not poll the server (not a faithful open tab)"
        print(f"server stopped {stopped:.0f} s after its last real use, the tab open and polling "
              f"({len(polled)} API requests meanwhile)")
    finally:
        left = hub.stop()
        forget(room)
    assert left == [], left
