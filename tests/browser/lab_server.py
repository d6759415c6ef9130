"""The kit's own JupyterLab for the browser tests (and ``make binder-check``): no Playwright needed here.

:class:`Server` starts ``jupyter lab`` (or Notebook 7's ``jupyter notebook``) on 127.0.0.1, on a free port (within
``KIT_PORTS``, ``first-last``, if set) with a random token, isolated in a temporary folder (config, data, runtime,
settings, workspaces), with the app exposed as ``window.jupyterapp``, notebook windowing off, autosave off, and a
*read-only* contents manager (the tests can never change a notebook on disk).
:meth:`Server.stop` always shuts kernels and server down.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

# User settings written into the isolated settings dir (never into the project's venv).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",       # attach every cell: nothing virtualized away
        "scrollPastEnd": False,        # no 50vh padding below the last cell
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}

# Server config: a contents manager that refuses every write.
SERVER_CONFIG = '''
import datetime
from tornado import web
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager

class ReadOnlyContentsManager(AsyncLargeFileManager):
    """The browser tests never write into the tree they serve."""
    def _refuse(self, *args, **kwargs):
        raise web.HTTPError(403, "the browser tests serve the kit read-only")
    async def save(self, model, path=""):
        self._refuse()
    async def delete_file(self, path):
        self._refuse()
    async def rename_file(self, old_path, new_path):
        self._refuse()
    async def list_checkpoints(self, path):
        return []  # FileCheckpoints would create .ipynb_checkpoints/ just to list it
    async def create_checkpoint(self, path):
        return {"id": "browser-tests", "last_modified": datetime.datetime.now(datetime.timezone.utc)}
    async def restore_checkpoint(self, checkpoint_id, path):
        self._refuse()
    async def delete_checkpoint(self, checkpoint_id, path):
        pass

c.ServerApp.contents_manager_class = ReadOnlyContentsManager
'''


class Failure(Exception):
    """The browser tests' machinery failed (the server, the page, the kernel), not what a test checks."""


def log(*a: object) -> None:
    print("[browser]", *a, flush=True)


def free_port() -> int:
    """A free port on 127.0.0.1: any port, or the first free one of ``KIT_PORTS`` (``first-last``), for a machine
    where each user keeps to a range."""
    first, _, last = os.environ.get("KIT_PORTS", "0-0").partition("-")
    for port in range(int(first), int(last or first) + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise Failure(f"no free port in KIT_PORTS={os.environ['KIT_PORTS']}")


def http(url: str, method: str = "GET", token: str = "", timeout: float = 5):
    req = urllib.request.Request(url, method=method, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        body = r.read()
        return r.status, (json.loads(body) if body else None)


class Server:
    """A JupyterLab serving ``root`` read-only (``writable``: as a pupil's, saving allowed), its state kept in
    ``workdir``; started at once.  ``app="notebook"`` starts Notebook 7 (``jupyter notebook``) instead: the same
    server, settings and kernels, the classic one-document pages (``/tree``, ``/notebooks/<path>``)."""

    def __init__(self, jupyter: str, root: Path, workdir: Path, writable: bool = False,
                 app: Literal["lab", "notebook"] = "lab") -> None:
        self.port, self.token, self.root, self.workdir = free_port(), secrets.token_hex(24), root, workdir
        self.app = app
        self.base = f"http://127.0.0.1:{self.port}"
        self.logfile = workdir / "jupyter.log"
        cfg, data, rt = workdir / "config", workdir / "data", workdir / "runtime"
        settings, workspaces = workdir / "user-settings", workdir / "workspaces"
        for d in (cfg, data, rt, settings, workspaces):
            d.mkdir(parents=True, exist_ok=True)
        (cfg / "jupyter_server_config.py").write_text("" if writable else SERVER_CONFIG)
        for rel, value in LAB_SETTINGS.items():
            f = settings / rel
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(value, indent=1))
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(cfg), JUPYTER_DATA_DIR=str(data),
                   JUPYTER_RUNTIME_DIR=str(rt), JUPYTERLAB_SETTINGS_DIR=str(settings),
                   JUPYTERLAB_WORKSPACES_DIR=str(workspaces), PYTHONUNBUFFERED="1")
        # pupils' work files (widgets/keep.py): beside the notebook on a pupil's own server; never into the
        # repository's lessons/ that a read-only server shows
        env.pop("FIFTEEN_KIT_WORK", None)
        if not writable:
            env["FIFTEEN_KIT_WORK"] = str(workdir / "work")
        cls = "LabApp" if app == "lab" else "JupyterNotebookApp"
        self.cmd = [jupyter, app, "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={self.port}",
                    "--ServerApp.port_retries=0", f"--ServerApp.token={self.token}",
                    f"--ServerApp.root_dir={root}", f"--{cls}.expose_app_in_browser=True",
                    f"--{cls}.user_settings_dir={settings}", f"--{cls}.workspaces_dir={workspaces}"]
        if app == "lab":
            self.cmd.append("--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")
        log("server:", " ".join(c if "token=" not in c else "--ServerApp.token=<random>" for c in self.cmd))
        self.logf = open(self.logfile, "w")  # noqa: SIM115 -- closed in stop()
        self.proc = subprocess.Popen(self.cmd, stdout=self.logf, stderr=subprocess.STDOUT, env=env,
                                     cwd=str(root), start_new_session=True)

    def wait_ready(self, timeout: float = 90) -> None:
        """Poll ``/api/status`` until the server answers (no browser yet, so no Playwright wait can do this)."""
        t0 = time.time()
        while time.time() - t0 < timeout:
            if self.proc.poll() is not None:
                raise Failure(f"jupyter {self.app} exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                if http(f"{self.base}/api/status", token=self.token)[0] == 200:
                    log(f"server up on port {self.port} after {time.time() - t0:.1f}s")
                    return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        raise Failure(f"jupyter {self.app} did not answer in {timeout}s:\n{self.log_tail()}")

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def shutdown_kernels(self) -> None:
        """End every session and kernel (between tests, so kernels do not pile up or go stale)."""
        try:
            _, sessions = http(f"{self.base}/api/sessions", token=self.token)
            for session in sessions or []:
                http(f"{self.base}/api/sessions/{session['id']}", method="DELETE", token=self.token, timeout=15)
            _, kernels = http(f"{self.base}/api/kernels", token=self.token)
            for k in kernels or []:
                http(f"{self.base}/api/kernels/{k['id']}", method="DELETE", token=self.token, timeout=15)
        except (urllib.error.URLError, OSError) as e:  # best effort; SIGTERM cleans up kernels too
            log("kernel shutdown via REST failed:", e)

    def stop(self) -> None:
        """Stop kernels and server (the server's whole process group if it will not stop)."""
        if self.proc.poll() is None:
            self.shutdown_kernels()
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                log("server did not stop on SIGTERM; killing its process group", self.proc.pid)
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.logf.close()
        log(f"server stopped (exit {self.proc.returncode})")


@contextlib.contextmanager
def running(root: Path, workdir: Path, *, writable: bool = False,
            app: Literal["lab", "notebook"] = "lab") -> Iterator[Server]:
    """JupyterLab (or Notebook 7: ``app="notebook"``) on ``root`` (its state in ``workdir``) while the block runs;
    stopped and ``workdir`` removed afterwards."""
    lab = Server(str(Path(sys.executable).parent / "jupyter"), root, workdir, writable=writable, app=app)
    try:
        lab.wait_ready()
        yield lab
    finally:
        lab.stop()
        shutil.rmtree(workdir, ignore_errors=True)


@contextlib.contextmanager
def pupil_lab(notebook: Path, prefix: str) -> Iterator[Server]:
    """A JupyterLab on a writable copy of ``notebook`` in a fresh folder, as a pupil's own server is; stopped and
    removed afterwards."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    shutil.copy(notebook, root / notebook.name)
    try:
        with running(root, root / ".state", writable=True) as lab:
            yield lab
    finally:
        shutil.rmtree(root, ignore_errors=True)
