"""Shared fixtures of the hub tests: ``attack_hub``, a fresh 3-pupil hub (as root: isolated) to attack from inside.

``attack_hub`` (session scope) starts the hub on port :data:`ATTACK_PORT`, logs pupil01, pupil02 and the teacher in,
starts their servers and a kernel each (a scratch notebook in their home), and afterwards stops the hub and removes
its system users, homes, state and lesson copy (the machine is left as it was).  Use ``attack_hub.run(name, code)``
to run ``code`` in that account's own kernel and get what it printed; ``attack_hub.browser(name)`` for its logged-in
HTTP client (httpx.AsyncClient in :attr:`AttackHub.loop`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from hub.accounts import read_codes
from hub.classroom import REPO_ROOT
from hub.loadtest import Browser, Kernel, empty_notebook, forget, fresh_room
from hub.run import RunningHub, port_free, start_hub

ATTACK_PORT = 18300  # and 18301, 18302, 18310..18313 (the hub's API, the proxy's API, the servers)
SCRATCH = "attack.ipynb"


def current_branch() -> str:
    """The branch checked out here (the lesson links pull it), or main when HEAD is detached."""
    name = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()
    return "main" if name == "HEAD" else name


class AttackHub:
    """A running hub with logged-in accounts, each with a kernel of its own (see the module's text)."""

    def __init__(self, hub: RunningHub) -> None:
        self.hub = hub
        self.room = hub.room
        self.loop = asyncio.new_event_loop()
        self.browsers: dict[str, Browser] = {}
        self.kernels: dict[str, Kernel] = {}

    def sync(self, coroutine: Any) -> Any:
        """Run ``coroutine`` on the hub's event loop and return its result."""
        return self.loop.run_until_complete(coroutine)

    def browser(self, name: str) -> Browser:
        """Account ``name`` logged in, its server started (once)."""
        if name not in self.browsers:
            self.start(name)
        return self.browsers[name]

    def start(self, *names: str) -> None:
        """Log ``names`` in and start their servers, all at once."""

        async def one(name: str) -> Browser:
            browser = Browser(self.room, name)
            await browser.login(read_codes(self.room)[name])  # the code on the account's sign-in slip
            await browser.start_server(f"/user/{name}/lab")
            page = await browser.client.get(f"user/{name}/lab", follow_redirects=True)  # OAuth: the server's
            assert page.status_code == 200, page.status_code  # cookies, and its _xsrf
            return browser

        async def all_of() -> list[Browser]:
            return list(await asyncio.gather(*(one(name) for name in names)))

        self.browsers.update(zip(names, self.sync(all_of()), strict=True))

    def kernel(self, name: str) -> Kernel:
        """A kernel of account ``name``'s own server, for a scratch notebook in its home."""
        if name not in self.kernels:
            browser = self.browser(name)
            reply = self.sync(browser.client.put(f"{browser.prefix}api/contents/{SCRATCH}",
                                                 json={"type": "notebook", "content": empty_notebook()},
                                                 headers={"X-XSRFToken": browser._xsrf(browser.prefix)}))
            assert reply.status_code in (200, 201), reply.text
            self.kernels[name] = self.sync(browser.kernel(SCRATCH))
        return self.kernels[name]

    def run(self, name: str, code: str) -> str:
        """Run ``code`` in account ``name``'s kernel; return its stdout.  Fails the test on an uncaught error."""
        answer = self.sync(self.kernel(name).execute(code))
        assert not answer["errors"], answer["errors"]
        return str(answer["stdout"])

    def close(self) -> None:
        """Close the kernels' websockets and the clients."""
        for kernel in self.kernels.values():
            with contextlib.suppress(Exception):
                self.sync(kernel.close())
        for browser in self.browsers.values():
            with contextlib.suppress(Exception):
                self.sync(browser.aclose())
        self.loop.close()


@pytest.fixture(scope="session")
def branch() -> str:
    """The branch the test hubs' lesson links pull (the one checked out here)."""
    return current_branch()


@pytest.fixture(scope="session")
def attack_hub() -> Iterator[AttackHub]:
    """A fresh 3-pupil hub with pupil01, pupil02 and the teacher logged in, each with a kernel; see the module."""
    assert (REPO_ROOT / ".venv-hub" / "bin" / "jupyterhub").exists(), "run `make test-hub` (it builds .venv-hub)"
    if os.geteuid() != 0:
        pytest.skip("the attack suite needs root (one system user per account; CI runs as root)")
    assert port_free("127.0.0.1", ATTACK_PORT)
    room = fresh_room(3, ATTACK_PORT, "attacks", current_branch())
    hub = start_hub(room)
    attack = AttackHub(hub)
    try:
        attack.start("pupil02", "teacher", "pupil01")
        for name in ("pupil02", "teacher", "pupil01"):
            attack.kernel(name)
        yield attack
    finally:
        attack.close()
        left = hub.stop()
        forget(room)
        assert left == [], left
