"""Drive JupyterLab (or Notebook 7, or JupyterLite) in Debian's Chromium through Playwright: helpers, not a test module.

* :func:`open_url` / :func:`open_notebook` open a notebook and wait for its kernel; :func:`run_all` runs every
  cell; :func:`wait_idle` waits until every cell has run, every widget view has rendered and the kernel is idle;
  :func:`check` collects the errors: error outputs, tracebacks on stderr, kernel errors (also from widget
  callbacks), and the texts 'Error displaying widget', 'Model not found', 'Loading widget...'.
* :func:`click` clicks a board's button and waits until the kernel has handled the click.
* Every wait is Playwright's own: locator assertions (``expect``) where the page shows the state, and
  ``wait_for_function`` only to find a notebook panel by its path (a JupyterLab API question).  The kernel's
  state is mirrored onto the notebook panel's node as attributes, so that locator assertions can wait for it:
  ``data-kit-kernel`` (the display status: ``idle`` once started and idle), ``data-kit-idle`` (how many requests
  the kernel has finished: cells, widget clicks) and ``data-kit-ran`` (how many of them were cells), and
  ``data-kit-run`` once the run-all command has returned.  Locator assertions also let the dialog handler of
  :func:`watch` click JupyterLab dialogs away while they wait, which ``wait_for_function`` would not.
"""

from __future__ import annotations

import contextlib
import re
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

from lab_server import Failure, Server, log
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]

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
  const s = panel.sessionContext, node = panel.node;
  window.__kitPanel = panel;
  window.__kitMsgs = [];
  let idle = 0, ran = 0;
  const mirror = () => { node.dataset.kitKernel = s.kernelDisplayStatus; };
  node.dataset.kitIdle = '0';
  node.dataset.kitRan = '0';
  mirror();
  s.statusChanged.connect(mirror);
  s.connectionStatusChanged.connect(mirror);
  s.kernelChanged.connect(mirror);
  s.iopubMessage.connect((_, msg) => {
    const t = msg.header.msg_type, c = msg.content;
    if (t === 'error')
      window.__kitMsgs.push('kernel error: ' + c.ename + ': ' + c.evalue);
    else if (t === 'stream' && c.name === 'stderr')
      window.__kitMsgs.push('kernel stderr: ' + c.text);
    else if (t === 'status' && c.execution_state === 'idle') {
      mirror();
      node.dataset.kitIdle = String(++idle);
      if (msg.parent_header && msg.parent_header.msg_type === 'execute_request')
        node.dataset.kitRan = String(++ran);
    }
  });
  const style = document.createElement('style');  // no cell toolbar over the outputs
  style.textContent = '.jp-cell-toolbar{display:none!important}';
  document.head.appendChild(style);
  app.shell.collapseLeft();
  app.shell.collapseRight();
  app.shell.activateById(id);
  return true;
}"""

JS_STATE = """() => {
  const p = window.__kitPanel, s = p.sessionContext;
  const prompts = Array.from(p.node.querySelectorAll('.jp-CodeCell .jp-InputPrompt')).map(e => e.textContent.trim());
  return {context: p.context.isReady, session: s.isReady, kernel: !!(s.session && s.session.kernel),
          kernelName: s.kernelDisplayName, status: s.kernelDisplayStatus,
          running: prompts.filter(t => t.includes('*')).length,
          executed: prompts.filter(t => /\\[\\d+\\]/.test(t)).length, ncode: prompts.length,
          ran: p.node.dataset.kitRan, run: window.__kitRun || null};
}"""

JS_RUN_ALL = """() => {
  const app = window.jupyterapp, p = window.__kitPanel;
  app.shell.activateById(p.id);
  delete p.node.dataset.kitRun;
  window.__kitRun = {done: false, result: null, error: null};
  const done = () => { window.__kitRun.done = true; p.node.dataset.kitRun = 'done'; };
  app.commands.execute('notebook:run-all-cells').then(
    r => { window.__kitRun.result = String(r); done(); },
    e => { window.__kitRun.error = String(e); done(); });
  return true;
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

JS_TO_TOP = """() => {
  const p = window.__kitPanel;
  p.content.activeCellIndex = 0;
  for (const el of [p.content.node, ...p.node.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')])
    el.scrollTop = 0;
}"""


# ---------------------------------------------------------------------------------------------

class Stalled(Failure):
    """The kernel did not come up, or run-all was requested and the cells stay queued."""


def panel_of(page: Page) -> Locator:
    """The notebook panel that :func:`open_url` set up (its node carries the ``data-kit-*`` attributes)."""
    panel_id = page.evaluate("() => window.__kitPanel.id")
    return page.locator(f'[id="{panel_id}"]')


def find_panel(page: Page, rel: str, timeout: float = 60) -> str:
    """Wait until JupyterLab shows notebook ``rel`` (its path); return the panel's id.

    No locator names a document by its path, so this asks JupyterLab's API (``page.wait_for_function``).
    """
    handle = page.wait_for_function(JS_FIND_PANEL, arg=rel, timeout=timeout * 1000, polling=100)
    return str(handle.json_value())


def open_url(page: Page, url: str, rel: str, timeout: float) -> str:
    """Open a JupyterLab (or JupyterLite) ``url`` showing notebook ``rel``; return the panel id once its kernel
    is idle.  Raises :class:`Stalled` with the kernel state if it is not ready within ``timeout`` s."""
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.evaluate("() => window.jupyterapp.restored")
    panel_id = find_panel(page, rel)
    page.evaluate(JS_INSTALL, panel_id)
    try:
        expect(page.locator(f'[id="{panel_id}"]')).to_have_attribute("data-kit-kernel", "idle",
                                                                     timeout=timeout * 1000)
    except AssertionError:
        raise Stalled(f"{rel}: the kernel was not ready after {timeout} s: {page.evaluate(JS_STATE)}") from None
    return panel_id


def open_notebook(page: Page, server: Server, rel: str, timeout: float = 120) -> str:
    """Open ``rel`` (a path under the server's root) in JupyterLab, or on its own page in Notebook 7 (a server
    started with ``app="notebook"``); return the panel id once the kernel is idle."""
    if server.app == "notebook":  # Notebook 7: one document per page, no workspace to reset
        return open_url(page, f"{server.base}/notebooks/{urllib.parse.quote(rel)}?token={server.token}", rel, timeout)
    # ?reset: a fresh workspace, so notebooks of earlier tests are not reopened (with kernels of their own)
    return open_url(page, f"{server.base}/lab/tree/{urllib.parse.quote(rel)}?reset&token={server.token}", rel, timeout)


def run_all(page: Page, cell_timeout: float, retry_lost: bool = False) -> None:
    """Run every cell (JupyterLab's Run All) and wait until the command has returned.

    Fails when no cell finishes for ``cell_timeout`` s while the kernel works.  With ``retry_lost``, raises
    :class:`Stalled` when no cell finishes for 30 s while the kernel reports idle and cells stay queued at [*]
    (a lost execute request leaves them so, after any number of cells; seen once in CI after three cells).
    """
    panel = panel_of(page)
    page.evaluate(JS_RUN_ALL)
    t0 = time.time()
    while panel.get_attribute("data-kit-run") is None:  # one wait per finished cell
        ran = panel.get_attribute("data-kit-ran")
        progress = panel.and_(page.locator(f':is([data-kit-run], :not([data-kit-ran="{ran}"]))'))
        since, idle_since = time.time(), None
        while True:
            try:
                expect(progress).to_be_attached(timeout=5_000)
                break
            except AssertionError:
                pass
            state, now = page.evaluate(JS_STATE), time.time()
            lost = state["status"] == "idle" and state["running"] > 0
            idle_since = (idle_since or now) if lost else None
            if retry_lost and idle_since is not None and now - idle_since >= 30:
                raise Stalled(f"the kernel is idle with cells queued for 30 s: {state}") from None
            if now - since >= cell_timeout:
                raise Failure(f"no cell finished for {cell_timeout}s (a cell is stuck?): {state}") from None
    state = page.evaluate(JS_STATE)
    if state["run"]["error"]:
        raise Failure(f"run-all command failed: {state['run']['error']}")
    log(f"run-all finished in {time.time() - t0:.1f}s: {state['executed']}/{state['ncode']} code cells "
        f"executed (command returned {state['run']['result']})")


def wait_idle(page: Page, timeout: float) -> None:
    """Wait until no prompt shows [*], every widget view has rendered and the kernel is idle."""
    panel, ms = panel_of(page), timeout * 1000
    expect(panel.locator(".jp-CodeCell .jp-InputPrompt").filter(has_text="*")).to_have_count(0, timeout=ms)
    expect(panel.get_by_text("Loading widget...")).to_have_count(0, timeout=ms)  # a view waits for its model
    expect(panel).to_have_attribute("data-kit-kernel", "idle", timeout=ms)


def open_and_run(page: Page, server: Server, rel: str, cell_timeout: float = 120) -> str:
    """Open ``rel``, run all its cells and wait until the kernel is idle and every widget shows; return the panel id.

    If the kernel does not come up, or the cells stay queued (prompts at [*] while the kernel reports idle),
    end every kernel, reload and try once more; a second failure fails the test.  Both
    were seen a few times in dozens of runs on a loaded 2-core machine (a kernel lost right after its start).
    """
    for attempt in (1, 2):
        try:
            panel = open_notebook(page, server, rel, timeout=60 if attempt == 1 else 120)
            run_all(page, cell_timeout, retry_lost=attempt == 1)
        except Stalled as why:
            if attempt == 2:
                raise
            log(f"{rel}: {why}; ending the kernels, reloading and trying once more")
            server.shutdown_kernels()
            continue
        wait_idle(page, cell_timeout)
        return panel
    raise AssertionError("unreachable")


def check(page: Page, where: str, console: list[str]) -> list[str]:
    """The errors on the notebook panel (logged, with warnings and the browser console's errors); empties
    ``console`` and the kernel messages collected so far."""
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


def scroll_to_top(page: Page) -> None:
    """Show the notebook's first screen, as a student sees it on opening (wait until its first cell shows)."""
    page.evaluate(JS_TO_TOP)
    expect(panel_of(page).locator(".jp-Cell").first).to_be_in_viewport()


@contextlib.contextmanager
def chromium(executable: str) -> Iterator[Browser]:
    """Debian's Chromium at ``executable``, launched headless by Playwright with :data:`CHROMIUM_ARGS`."""
    if not Path(executable).exists():
        raise Failure(f"no Chromium at {executable}: `make test` installs Debian's chromium, or set KIT_CHROMIUM")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def watch(page):
    """Collect the page's console errors in ``page.console_errors``, and click JupyterLab dialogs away whenever
    one shows during a Playwright action or assertion, recording them in ``page.dialogs`` (each is a failure:
    a student would have met it); return the page."""
    page.console_errors = []
    page.dialogs = []
    page.on("console", lambda m: page.console_errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(f"pageerror: {e}"))

    def dismiss() -> None:
        for d in page.evaluate(JS_DISMISS_DIALOGS):
            log("dismissed dialog:", d)
            page.dialogs.append(d)

    page.add_locator_handler(page.locator(".jp-Dialog"), dismiss)
    return page


def click(page: Page, selector: str | Locator, text: str | None = None) -> None:
    """Click the first visible element matching ``selector`` (a CSS selector or a locator; and whose whole text is
    ``text``), then wait until the kernel has handled the click and is idle again (see :func:`wait_idle`)."""
    loc = (page.locator(selector) if isinstance(selector, str) else selector).filter(visible=True)
    if text is not None:
        loc = loc.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
    panel = panel_of(page)
    handled = panel.get_attribute("data-kit-idle")
    loc.first.click(timeout=10_000)
    expect(panel).not_to_have_attribute("data-kit-idle", handled or "", timeout=60_000)
    wait_idle(page, 60)


def text_of(page: Page, selector: str) -> str:
    """The text of the first visible element matching ``selector``."""
    return page.locator(selector).filter(visible=True).first.inner_text()


@contextlib.contextmanager
def fresh_page(browser: Browser, server: Server, **options) -> Iterator[Page]:
    """A page of a new browser context (``options`` as ``browser.new_context`` takes them: a viewport, a tablet's
    emulation), watched for console errors; afterwards the context is closed and the server's kernels shut down."""
    context = browser.new_context(**options)
    p = watch(context.new_page())
    try:
        yield p
    finally:
        context.close()
        server.shutdown_kernels()
