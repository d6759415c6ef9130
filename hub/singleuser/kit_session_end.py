"""A pupil's server ends itself an hour after its last real use, even with a JupyterLab tab left open (issue 29).

An open JupyterLab tab polls its server every few seconds (kernels, sessions, kernel specs); jupyter_server counts
those requests as activity, and so does the proxy, so JupyterHub's idle culler never sees a server with an open tab
as idle.  What a pupil really does reaches the server in two ways only: messages to and from a kernel (running a
cell, clicking a board) and saving a file.  This server extension keeps the time of the last of those and stops
the server once it is ``KIT_SESSION_IDLE`` seconds old, no kernel is running and none is busy.  Idle kernels are
already stopped by jupyter_server's own kernel culling after the same time (``cull_connected``), so a tab left open
ends the same way a closed one does.  The pupil's files stay; reopening the lesson link starts a new server.

Loaded by the hub's single-user servers only (``--ServerApp.jpserver_extensions``, see hub/jupyterhub_config.py);
``KIT_SESSION_IDLE`` and ``KIT_SESSION_EVERY`` (seconds) come from the spawner's environment.
"""

from __future__ import annotations

import datetime
import os
from typing import Any

__all__ = ["idle_for", "last_real_use"]

CONTENTS_EVENTS = "https://events.jupyter.org/jupyter_server/contents_service/v1"


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def last_real_use(kernel_activity: datetime.datetime, saved: datetime.datetime | None,
                  started: datetime.datetime) -> datetime.datetime:
    """The newest of the kernels' last message, the last save and the server's start.

    >>> t = datetime.datetime(2026, 12, 2, 9, 0, tzinfo=datetime.timezone.utc)
    >>> last_real_use(t, None, t - datetime.timedelta(hours=1)) == t
    True
    """
    return max(x for x in (kernel_activity, saved, started) if x is not None)


def idle_for(last: datetime.datetime, now: datetime.datetime) -> float:
    """Seconds from ``last`` to ``now`` (never negative).

    >>> t = datetime.datetime(2026, 12, 2, 9, 0, tzinfo=datetime.timezone.utc)
    >>> idle_for(t, t + datetime.timedelta(minutes=61))
    3660.0
    """
    return max(0.0, (now - last).total_seconds())


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Watch kernels and saves; stop ``serverapp`` after ``KIT_SESSION_IDLE`` seconds without either."""
    from tornado.ioloop import PeriodicCallback

    limit = float(os.environ.get("KIT_SESSION_IDLE", "3600"))
    every = float(os.environ.get("KIT_SESSION_EVERY", "60"))
    saved: list[datetime.datetime] = []

    async def on_contents(logger: Any, schema_id: str, data: dict[str, Any]) -> None:
        if data.get("action") in ("save", "rename", "copy", "delete"):  # not "get": reading is no use
            saved[:] = [_now()]

    serverapp.event_logger.add_listener(schema_id=CONTENTS_EVENTS, listener=on_contents)
    started = _now()

    def check() -> None:
        manager = serverapp.kernel_manager
        if list(manager.list_kernel_ids()):  # kernel culling ends idle kernels; a busy one keeps the server
            return
        last = last_real_use(manager.last_kernel_activity, saved[0] if saved else None, started)
        idle = idle_for(last, _now())
        if idle >= limit:
            serverapp.log.warning("fifteen-kit: no kernel and no real use for %.0f s (limit %.0f s): stopping "
                                  "this server (its files stay)", idle, limit)
            serverapp.stop()

    PeriodicCallback(check, every * 1000).start()
    serverapp.log.info("fifteen-kit: this server stops after %.0f s without kernel use or a save", limit)
