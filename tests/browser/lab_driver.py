"""Drive JupyterLab in Debian's Chromium through Playwright (helpers for the browser tests; not a test module).

* :class:`Server` starts the kit's own JupyterLab (``.venv/bin/jupyter``) on 127.0.0.1, on a free port with a
  random token, isolated in a temporary folder (config, data, runtime, settings, workspaces), with the app
  exposed as ``window.jupyterapp``, notebook windowing off, autosave off, and a *read-only* contents manager
  (the tests can never change a notebook on disk).  :meth:`Server.stop` always shuts kernels and server down.
* :func:`open_notebook`, :func:`run_all`, :func:`wait_idle` and :func:`check` open a notebook, run every cell,
  wait for the kernel, and collect errors: error outputs, tracebacks on stderr, kernel errors (also from widget
  callbacks), and the texts 'Error displaying widget', 'Model not found', 'Loading widget...'.
* :func:`fit_and_shoot` grows the viewport to the whole notebook and saves a screenshot.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]

# User settings written into the isolated settings dir (never into the project's venv).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",       # attach every cell: nothing virtualized away
        "scrollPastEnd": False,        # no 50vh padding below the last cell (we grow the viewport)
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

# ---------------------------------------------------------------------------------------------
# Page-side helpers (need window.jupyterapp, i.e. --LabApp.expose_app_in_browser=True)

JS_DISMISS_DIALOGS = """() => {
  const seen = [];
  for (const d of document.querySelectorAll('.jp-Dialog')) {
    const title = (d.querySelector('.jp-Dialog-header') || d).innerText.trim().slice(0, 120);
    const body = (d.querySelector('.jp-Dialog-body') || d).innerText.trim().slice(0, 300);
    const btn = d.querySelector('.jp-Dialog-button.jp-mod-accept') || d.querySelector('.jp-Dialog-button');
    seen.push(title + ' | ' + body + ' -> ' + (btn ? btn.innerText.trim() : 'no button'));
    if (btn) btn.click();
  }
  return seen;
}"""

JS_FIND_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w.id;
  }
  return null;
}"""

JS_INSTALL = """(id) => {
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets('main')).find(w => w.id === id);
  window.__kitPanel = panel;
  window.__kitMsgs = [];
  panel.sessionContext.iopubMessage.connect((_, msg) => {
    const t = msg.header.msg_type, c = msg.content;
    if (t === 'error')
      window.__kitMsgs.push('kernel error: ' + c.ename + ': ' + c.evalue);
    else if (t === 'stream' && c.name === 'stderr')
      window.__kitMsgs.push('kernel stderr: ' + c.text);
  });
  const style = document.createElement('style');  // no cell toolbar over the outputs
  style.textContent = '.jp-cell-toolbar{display:none!important}';
  document.head.appendChild(style);
  app.shell.collapseLeft();
  app.shell.collapseRight();
  app.shell.activateById(id);
  return true;
}"""

JS_READY = """() => {
  const p = window.__kitPanel, s = p.sessionContext;
  return {context: p.context.isReady, session: s.isReady, kernel: !!(s.session && s.session.kernel),
          kernelName: s.kernelDisplayName, status: s.kernelDisplayStatus, ncells: p.content.widgets.length,
          windowingMode: p.content.notebookConfig ? p.content.notebookConfig.windowingMode : null};
}"""

JS_RUN_ALL = """() => {
  const app = window.jupyterapp, p = window.__kitPanel;
  app.shell.activateById(p.id);
  window.__kitRun = {done: false, result: null, error: null};
  app.commands.execute('notebook:run-all-cells').then(
    r => { window.__kitRun.done = true; window.__kitRun.result = String(r); },
    e => { window.__kitRun.done = true; window.__kitRun.error = String(e); });
  return true;
}"""

JS_PROGRESS = """() => {
  const p = window.__kitPanel;
  const prompts = Array.from(p.node.querySelectorAll('.jp-CodeCell .jp-InputPrompt'))
                       .map(e => e.textContent.trim());
  return {status: p.sessionContext.kernelDisplayStatus,
          running: prompts.filter(t => t.includes('*')).length,
          executed: prompts.filter(t => /\\[\\d+\\]/.test(t)).length,
          ncode: prompts.length,
          run: window.__kitRun || null};
}"""

JS_IDLE = """() => {
  const p = window.__kitPanel;
  const busy = Array.from(p.node.querySelectorAll('.jp-CodeCell .jp-InputPrompt'))
                    .some(e => e.textContent.includes('*'));
  return !busy && p.sessionContext.kernelDisplayStatus === 'idle';
}"""

JS_ERRORS = """() => {
  const p = window.__kitPanel, errs = [];
  const text = p.content.node.innerText.toLowerCase();
  for (const s of ['Error displaying widget', 'Model not found', 'Loading widget...'])
    if (text.includes(s.toLowerCase())) errs.push('page contains: ' + s);
  p.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    for (const o of cell.model.outputs.toJSON()) {
      const t = Array.isArray(o.text) ? o.text.join('') : (o.text || '');
      if (o.output_type === 'error') errs.push(`cell ${i + 1}: error output ${o.ename}: ${o.evalue}`);
      else if (o.output_type === 'stream' && o.name === 'stderr' && /Traceback/.test(t))
        errs.push(`cell ${i + 1}: stderr traceback: ${t.slice(0, 400)}`);
    }
  });
  for (const e of p.node.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    if (/Traceback/.test(e.textContent)) errs.push('stderr output with Traceback: ' + e.textContent.slice(0, 400));
  const warnings = [];
  for (const e of p.node.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    if (!/Traceback/.test(e.textContent)) warnings.push('stderr output: ' + e.textContent.slice(0, 300));
  return {errors: Array.from(new Set(errs)), warnings, msgs: window.__kitMsgs.splice(0)};
}"""

JS_OVERFLOW = """() => {
  const p = window.__kitPanel;
  let best = 0;
  for (const el of [p.content.node, ...p.node.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')])
    best = Math.max(best, el.scrollHeight - el.clientHeight);
  document.activeElement && document.activeElement.blur && document.activeElement.blur();
  return best;
}"""


# ---------------------------------------------------------------------------------------------

class Failure(Exception):
    pass


class Stalled(Failure):
    """Run-all was requested, yet no cell has started."""


def log(*a):
    print("[browser]", *a, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(url: str, method: str = "GET", token: str = "", timeout: float = 5):
    req = urllib.request.Request(url, method=method, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        body = r.read()
        return r.status, (json.loads(body) if body else None)


class Server:
    def __init__(self, jupyter: str, root: Path, workdir: Path):
        self.port, self.token, self.root, self.workdir = free_port(), secrets.token_hex(24), root, workdir
        self.base = f"http://127.0.0.1:{self.port}"
        self.logfile = workdir / "jupyter.log"
        cfg, data, rt = workdir / "config", workdir / "data", workdir / "runtime"
        settings, workspaces = workdir / "user-settings", workdir / "workspaces"
        for d in (cfg, data, rt, settings, workspaces):
            d.mkdir(parents=True, exist_ok=True)
        (cfg / "jupyter_server_config.py").write_text(SERVER_CONFIG)
        for rel, value in LAB_SETTINGS.items():
            f = settings / rel
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(value, indent=1))
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(cfg), JUPYTER_DATA_DIR=str(data),
                   JUPYTER_RUNTIME_DIR=str(rt), JUPYTERLAB_SETTINGS_DIR=str(settings),
                   JUPYTERLAB_WORKSPACES_DIR=str(workspaces), PYTHONUNBUFFERED="1")
        self.cmd = [jupyter, "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={self.port}",
                    "--ServerApp.port_retries=0", f"--ServerApp.token={self.token}",
                    f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
                    f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={workspaces}",
                    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        log("server:", " ".join(c if "token=" not in c else "--ServerApp.token=<random>" for c in self.cmd))
        self.logf = open(self.logfile, "w")  # noqa: SIM115 -- closed in stop()
        self.proc = subprocess.Popen(self.cmd, stdout=self.logf, stderr=subprocess.STDOUT, env=env,
                                     cwd=str(root), start_new_session=True)

    def wait_ready(self, timeout: float = 90):
        t0 = time.time()
        while time.time() - t0 < timeout:
            if self.proc.poll() is not None:
                raise Failure(f"jupyter lab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                if http(f"{self.base}/api/status", token=self.token)[0] == 200:
                    log(f"server up on port {self.port} after {time.time() - t0:.1f}s")
                    return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        raise Failure(f"jupyter lab did not answer in {timeout}s:\n{self.log_tail()}")

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

    def stop(self):
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


def dismiss_dialogs(page) -> None:
    """Click away JupyterLab dialogs, recording them in ``page.dialogs`` (a student would have met them)."""
    for d in page.evaluate(JS_DISMISS_DIALOGS):
        log("dismissed dialog:", d)
        if hasattr(page, "dialogs"):
            page.dialogs.append(d)


def poll(page, timeout: float, what: str, fn, interval: float = 0.25):
    """Call fn() until it returns a truthy value, dismissing JupyterLab dialogs meanwhile."""
    t0 = time.time()
    while True:
        dismiss_dialogs(page)
        v = fn()
        if v:
            return v
        if time.time() - t0 > timeout:
            raise Failure(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


def wait_idle(page, timeout: float, settle: float = 0.6):
    """Wait until no prompt shows [*] and the kernel is idle, continuously for `settle` s."""
    t0, since = time.time(), None
    while time.time() - t0 < timeout:
        dismiss_dialogs(page)
        if page.evaluate(JS_IDLE):
            since = since or time.time()
            if time.time() - since >= settle:
                return
        else:
            since = None
        time.sleep(0.2)
    raise Failure(f"kernel still busy after {timeout}s")


def run_all(page, cell_timeout: float, stalled_start: bool = False):
    page.evaluate(JS_RUN_ALL)
    t0 = last_change = time.time()
    last, idle_since = None, None
    while True:
        dismiss_dialogs(page)
        p = page.evaluate(JS_PROGRESS)
        key = (p["running"], p["executed"], p["run"]["done"] if p["run"] else None)
        if key != last:
            last, last_change = key, time.time()
        if p["run"] and p["run"]["error"]:
            raise Failure(f"run-all command failed: {p['run']['error']}")
        finished = p["run"] and p["run"]["done"] and p["running"] == 0 and p["status"] == "idle"
        if finished:
            idle_since = idle_since or time.time()
            if time.time() - idle_since > 0.6:
                log(f"run-all finished in {time.time() - t0:.1f}s: {p['executed']}/{p['ncode']} code cells "
                    f"executed (command returned {p['run']['result']})")
                return p
        else:
            idle_since = None
        if stalled_start and p["executed"] == 0 and time.time() - t0 > 30:
            raise Stalled(f"no cell started in 30 s: {p}")
        if time.time() - last_change > cell_timeout:
            raise Failure(f"no progress for {cell_timeout}s (a cell is stuck?): {p}")
        time.sleep(0.25)


def check(page, where: str, console: list[str]) -> list[str]:
    r = page.evaluate(JS_ERRORS)
    errors = list(r["errors"])
    for m in r["msgs"]:
        (errors if m.startswith("kernel error") or "Traceback" in m else r["warnings"]).append(m)
    # ipywidgets 8's front end probes a 'jupyter.widget.control' comm before the kernel has
    # imported ipywidgets; ipykernel logs these two lines to stderr. They are harmless.
    r["warnings"] = [w for w in r["warnings"] if "No such comm" not in w]
    for w in dict.fromkeys(r["warnings"]):
        log(f"WARNING ({where}):", w.strip()[:300])
    for c in console:
        log(f"browser console ({where}):", c[:300])
    console.clear()
    for e in errors:
        log(f"ERROR ({where}):", e.strip()[:600])
    return errors


def fit_and_shoot(page, panel_id: str, width: int, base_height: int, max_height: int, path: Path):
    page.set_viewport_size({"width": width, "height": base_height})
    page.wait_for_timeout(300)
    for _ in range(8):
        over = page.evaluate(JS_OVERFLOW)
        if over <= 1:
            break
        h = min(page.viewport_size["height"] + over + 4, max_height)
        if h == page.viewport_size["height"]:
            log(f"WARNING: notebook taller than --max-height {max_height}px; screenshot is cut")
            break
        page.set_viewport_size({"width": width, "height": h})
        page.wait_for_timeout(400)
    page.locator(f'[id="{panel_id}"]').screenshot(path=str(path), animations="disabled", caret="hide")
    log(f"screenshot {path} ({width}x{page.viewport_size['height']} viewport)")




def open_url(page, url: str, rel: str, timeout: float) -> str:
    """Open a JupyterLab (or JupyterLite) ``url`` showing notebook ``rel``; return the panel id once its kernel
    is idle.  Raises :class:`Stalled` with the kernel state if it is not ready within ``timeout`` s."""
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.evaluate("() => window.jupyterapp.restored")
    panel_id = poll(page, 60, f"the panel of {rel}", lambda: page.evaluate(JS_FIND_PANEL, rel))
    page.evaluate(JS_INSTALL, panel_id)
    state: dict = {}

    def ready():
        state.update(page.evaluate(JS_READY))
        return state["context"] and state["session"] and state["kernel"] and state["status"] == "idle"

    try:
        poll(page, timeout, "the kernel", ready)
    except Failure:
        raise Stalled(f"{rel}: the kernel was not ready after {timeout} s: {state}") from None
    return panel_id


def open_notebook(page, server: Server, rel: str, timeout: float = 120) -> str:
    """Open ``rel`` (a path under the server's root) in JupyterLab; return the panel id once the kernel is idle."""
    # ?reset: a fresh workspace, so notebooks of earlier tests are not reopened (with kernels of their own)
    return open_url(page, f"{server.base}/lab/tree/{urllib.parse.quote(rel)}?reset&token={server.token}", rel, timeout)


def open_and_run(page, server: Server, rel: str, cell_timeout: float = 120) -> str:
    """Open ``rel``, run all its cells and wait for the kernel; return the panel id.

    If the kernel does not come up, or not a single cell starts (every prompt stays queued at [*] while the
    kernel reports idle), end every kernel, reload and try once more; a second failure fails the test.  Both
    were seen a few times in dozens of runs on a loaded 2-core machine (a kernel lost right after its start).
    """
    for attempt in (1, 2):
        try:
            panel = open_notebook(page, server, rel, timeout=60 if attempt == 1 else 120)
            run_all(page, cell_timeout if attempt == 2 else min(cell_timeout, 60), stalled_start=attempt == 1)
        except Stalled as why:
            if attempt == 2:
                raise
            log(f"{rel}: {why}; ending the kernels, reloading and trying once more")
            server.shutdown_kernels()
            continue
        page.wait_for_timeout(1500)  # widget views render after their models arrive
        wait_idle(page, cell_timeout)
        return panel
    raise AssertionError("unreachable")


JS_TO_TOP = """() => {
  const p = window.__kitPanel;
  p.content.activeCellIndex = 0;
  for (const el of [p.content.node, ...p.node.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')])
    el.scrollTop = 0;
}"""


@contextlib.contextmanager
def chromium(executable: str):
    """Debian's Chromium at ``executable``, launched headless by Playwright with :data:`CHROMIUM_ARGS`."""
    if not Path(executable).exists():
        raise Failure(f"no Chromium at {executable}: `make test` installs Debian's chromium, or set KIT_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def watch(page):
    """Collect the page's console errors in ``page.console_errors`` and the dialogs the driver had to click away
    in ``page.dialogs`` (each is a failure: a student would have met it); return the page."""
    page.console_errors = []
    page.dialogs = []
    page.on("console", lambda m: page.console_errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(f"pageerror: {e}"))
    return page


def click(page, selector: str, text: str | None = None):
    """Click the first visible element matching ``selector`` (and whose whole text is ``text``), then wait idle."""
    loc = page.locator(selector).filter(visible=True)
    if text is not None:
        loc = loc.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
    loc.first.click(timeout=10_000)
    page.wait_for_timeout(400)
    wait_idle(page, 60)


def text_of(page, selector: str) -> str:
    """The text of the first visible element matching ``selector``."""
    return page.locator(selector).filter(visible=True).first.inner_text()
