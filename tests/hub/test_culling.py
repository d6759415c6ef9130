"""Culling keeps its promise with a tab left open (issue 29): a real JupyterLab tab in Chromium, never closed.

The hub is started with short timeouts (cull_idle 60 s, cull_every 10 s) for one pupil.  The pupil opens a notebook
in JupyterLab, runs a cell (the last real use) and leaves the tab open; the tab keeps polling the server.
The tab's kernel and then its server must still be stopped, no sooner than cull_idle after that last use, and
within a few minutes of it (hub/singleuser/kit_session_end.py ends the server).  About three minutes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import os
import time

import httpx
import psutil
import pytest

from hub.accounts import read_codes
from hub.loadtest import Browser, empty_notebook, forget, fresh_room
from hub.run import port_free, start_hub

PORT = 18400
SCRATCH = "open.ipynb"
CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")


def servers(hub) -> list[psutil.Process]:
    """The single-user servers still running (an exited one waiting for the hub to reap it does not count)."""
    running = []
    for p in hub.processes():
        try:
            if "jupyterhub-singleuser" in " ".join(p.cmdline()) and p.status() != psutil.STATUS_ZOMBIE:
                running.append(p)
        except psutil.Error:
            continue
    return running


async def run_in_tab_kernel(room, jar) -> str:
    """Run a cell in the kernel of pupil01's only session (the open tab's), as a second tab would; its output."""
    other = Browser(room, "pupil01")
    other.client.cookies = httpx.Cookies(jar)
    try:
        sessions = (await other.client.get(f"{other.prefix}api/sessions")).json()
        assert len(sessions) == 1, sessions
        kernel = await other.connect(sessions[0]["kernel"]["id"])
        answer = await kernel.execute("print(6 * 7)")
        await kernel.close()
        return str(answer["stdout"]).strip()
    finally:
        await other.aclose()


def test_an_open_tab_does_not_keep_an_unused_server_alive(branch):
    if os.geteuid() != 0:
        pytest.skip("the hub tests need root (one system user per account; CI runs as root)")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import sync_playwright

    assert port_free("127.0.0.1", PORT)
    room = dataclasses.replace(fresh_room(1, PORT, "culling", branch), cull_idle=60, cull_every=10)
    hub = start_hub(room)
    browser = Browser(room, "pupil01")
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(browser.login(read_codes(room)["pupil01"]))
        loop.run_until_complete(browser.start_server("/user/pupil01/lab"))
        loop.run_until_complete(browser.client.get("user/pupil01/lab", follow_redirects=True))
        loop.run_until_complete(browser.client.put(f"{browser.prefix}api/contents/{SCRATCH}",
                                                   json={"type": "notebook", "content": {**empty_notebook(), "cells": [
                                                       {"cell_type": "code", "source": "print(6 * 7)", "metadata": {},
                                                        "outputs": [], "execution_count": None, "id": "c1"}]}},
                                                   headers={"X-XSRFToken": browser._xsrf(browser.prefix)}))
        cookies = [{"name": c.name, "value": c.value or "", "domain": "127.0.0.1", "path": c.path}
                   for c in browser.client.cookies.jar]
        requests: list[float] = []
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = chromium.new_context().new_page()
            page.context.add_cookies(cookies)
            page.on("request", lambda request: requests.append(time.monotonic()) if "/api/" in request.url else None)
            page.goto(f"{room.local_url}user/pupil01/lab/tree/{SCRATCH}", timeout=120_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
            # The last real use: a cell run in the tab's kernel (sent on a second websocket; the tab sees it too).
            with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's own loop runs in this thread
                printed = pool.submit(asyncio.run, run_in_tab_kernel(room, browser.client.cookies.jar)).result()
            assert printed == "42"
            last_use = time.monotonic()
            (server,) = servers(hub)
            kernels = server.children()
            assert kernels, "the tab's kernel runs"
            stopped = ended = None
            while time.monotonic() - last_use < room.cull_idle + 240:
                page.wait_for_timeout(2000)  # the tab stays open and keeps polling
                if stopped is None and not any(k.is_running() and k.status() != psutil.STATUS_ZOMBIE
                                               for k in kernels):
                    stopped = time.monotonic() - last_use
                if not (server.is_running() and server.status() != psutil.STATUS_ZOMBIE):
                    ended = time.monotonic() - last_use
                    break
            polled = [t for t in requests if last_use + 10 < t < last_use + (stopped or 0)]
            chromium.close()
        assert stopped is not None, "the kernel was never stopped while its tab stayed open"
        assert stopped >= room.cull_idle, f"kernel stopped {stopped:.0f} s after the last use, before cull_idle"
        assert ended is not None, "the server was never stopped while its tab stayed open"
        assert ended >= room.cull_idle, f"server stopped {ended:.0f} s after the last use, before cull_idle"
        assert len(polled) > 5, "the open tab did not poll the server (not a faithful open tab)"
        print(f"kernel stopped {stopped:.0f} s and server {ended:.0f} s after its last real use, the tab open and "
              f"polling ({len(polled)} API requests meanwhile)")
    finally:
        with contextlib.suppress(Exception):
            loop.run_until_complete(browser.aclose())
            loop.close()
        left = hub.stop()
        log = hub.log.read_text(errors="replace")
        words = ("cull", "activity", "shut", "no kernels", "fifteen-kit:")
        print("\n".join(line for line in log.splitlines() if any(w in line.lower() for w in words)))
        forget(room)
    assert left == [], left
