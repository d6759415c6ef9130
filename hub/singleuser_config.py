"""Configuration of each account's single-user server (``jupyterhub-singleuser --config=<this file>``).

Only real use counts as activity: jupyter_server counts every API request, and an untouched open JupyterLab tab
polls the server (kernels, sessions, the file browser) every few seconds, so neither the server's own idle
shutdown nor the hub's culler would ever see it idle (nebari#974, 2i2c#2586).  Here a request counts only when it
changes something (POST, PUT, PATCH, DELETE: saving, opening a notebook, starting a kernel); kernel activity (running
a cell, clicking a board) counts as before.  With the kernel culling and ``shutdown_no_activity_timeout`` that
hub/jupyterhub_config.py passes, a server whose tab stays open is stopped after its last real use; see hub/README.md.
"""

import sys

from jupyter_server.base.handlers import APIHandler

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (traitlets defines it while loading this file)

_count_request = APIHandler.update_api_activity


def _count_changes_only(self: APIHandler) -> None:
    """Record API activity for requests that change something, not for reads (a tab's polling)."""
    if self.request.method not in ("GET", "HEAD", "OPTIONS"):
        _count_request(self)


APIHandler.update_api_activity = _count_changes_only  # type: ignore[method-assign]
print("fifteen-kit: only requests that change something count as this server's activity", file=sys.stderr)
