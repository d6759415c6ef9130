"""``make lab`` as a teacher runs it: the repository's root served, lesson 00 opened first, autosave off.

The test asks make for the command ``make lab`` runs (``make -n``), builds make lab's settings folder, starts that
very command on a free port (with a random token, and JupyterLab's own state in a temporary folder, so a user's
settings cannot hide the kit's) and reads the answers of the running server: where ``/`` leads, which folders it
serves, and the settings JupyterLab hands the page.  About 10 s.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
START = "/lab/tree/lessons/00_start_here.ipynb"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _make(*args: str, capture: bool = False) -> str:
    # a make of its own, whatever flags the make running the tests was given
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", *args], cwd=ROOT, env=env, capture_output=capture, text=True, check=True).stdout


def _make_lab_command(port: int) -> list[str]:
    dry = _make("-n", "lab", f"PORT={port}", "IP=127.0.0.1", capture=True).replace("\\\n", " ")
    commands = [shlex.split(line) for line in dry.splitlines()
                if line.split()[:2] and line.split()[0].endswith("/jupyter") and line.split()[1:2] == ["lab"]]
    assert len(commands) == 1, dry
    return commands[0]


def _option(command: list[str], name: str) -> str:
    values = [arg.split("=", 1)[1] for arg in command if arg.startswith(f"--{name}=")]
    assert len(values) == 1, (name, command)
    return values[0]


class _Lab:
    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token

    def get(self, path: str) -> tuple[int, dict[str, str], Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request("GET", path, headers={"Authorization": f"token {self.token}"})
            response = conn.getresponse()
            body = response.read()
            data = json.loads(body) if response.getheader("Content-Type", "").startswith("application/json") else body
            return response.status, dict(response.getheaders()), data
        finally:
            conn.close()


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[str], _Lab]]:
    port, token = _free_port(), secrets.token_hex(16)
    command = _make_lab_command(port)
    for arg in command:  # make lab's settings folder, built as make lab builds it
        if arg.startswith("--LabApp.app_settings_dir="):
            settings = Path(arg.split("=", 1)[1]) / "overrides.json"
            _make("-s", str(settings.relative_to(ROOT)))
    state = tmp_path_factory.mktemp("make-lab")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(state / "config"), JUPYTER_RUNTIME_DIR=str(state / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(state / "user-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"))
    server = subprocess.Popen([str(ROOT / command[0]), *command[1:], f"--ServerApp.token={token}",
                               "--ServerApp.port_retries=0"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=open(state / "lab.log", "w"), start_new_session=True)  # noqa: SIM115
    client = _Lab(port, token)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert server.poll() is None, (state / "lab.log").read_text()
            try:
                if client.get("/api/status")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, (state / "lab.log").read_text()
            time.sleep(0.3)
        yield command, client
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def test_make_lab_serves_the_repository_root(lab: tuple[list[str], _Lab]) -> None:
    command, client = lab
    assert Path(_option(command, "ServerApp.root_dir")).resolve() == ROOT
    for folder in ("lessons", "play", "bench"):
        status, _, model = client.get(f"/api/contents/{folder}?content=0")
        assert status == 200 and model["type"] == "directory", folder


def test_make_lab_opens_lesson_00_first(lab: tuple[list[str], _Lab]) -> None:
    command, client = lab
    assert _option(command, "LabApp.default_url") == START
    status, headers, _ = client.get("/")
    assert status in (301, 302) and headers["Location"].split("?")[0].endswith(START)
    status, _, model = client.get("/api/contents/lessons/00_start_here.ipynb?content=0")
    assert status == 200 and model["type"] == "notebook"


def _setting(client: _Lab, plugin: str, key: str) -> Any:
    # what the page gets: the user's own value if set (none here), else the schema's default with overrides applied
    status, _, answer = client.get(f"/lab/api/settings/{plugin}")
    assert status == 200, plugin
    return answer["settings"].get(key, answer["schema"]["properties"][key]["default"])


def test_make_lab_turns_autosave_off_and_keeps_binders_settings(lab: tuple[list[str], _Lab]) -> None:
    _, client = lab
    assert _setting(client, "@jupyterlab/docmanager-extension:plugin", "autosave") is False
    binder = json.loads((ROOT / "binder" / "overrides.json").read_text(encoding="utf-8"))
    assert "autosave" not in json.dumps(binder)  # Binder's pupils work on their own copies: autosave stays on there
    for plugin, values in binder.items():
        for key, value in values.items():
            assert _setting(client, plugin, key) == value, (plugin, key)
