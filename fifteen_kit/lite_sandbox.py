"""Handed-in players in JupyterLite: each one runs in its own Pyodide, in its own Web Worker, with no Web capability.

In JupyterLite the kernel is Pyodide in a Web Worker of the browser: there are no processes, so the process
sandbox (:mod:`fifteen_kit.sandbox`) cannot be set up.  :class:`WorkerPlayer` builds another boundary there,
out of what the browser isolates:

* a **separate Web Worker** (a dedicated worker the kernel starts with ``new Worker``): its own thread, its own
  JavaScript realm and its own **fresh Pyodide**, so it shares no object, no Python module and no memory with the
  teacher's kernel.  The kernel gives it only the kit's engine (its Python files, written into the worker's
  own in-memory file system), then the player's source, then one position at a time, by ``postMessage``; it
  answers with text, which the kernel checks with its own engine;
* **no Web capability**: once Pyodide and the kit's engine are loaded, and *before* the worker is sent the
  player's source, the worker deletes from its global scope and from every prototype above it every property
  that is not one of ECMAScript's own globals or one of a short list it still needs (``postMessage`` and its
  message event, timers, text coding, the clock, random numbers) (``_lite_sandbox.js``, ``lockDown``).  So
  ``indexedDB`` (where JupyterLite keeps the teacher's files), ``caches``, ``fetch``, ``XMLHttpRequest``,
  ``WebSocket``, ``EventSource``, ``WebTransport``, ``importScripts``, ``Worker``, ``BroadcastChannel``,
  ``navigator`` (storage, locks, file system) and ``location`` are gone, and so is anything a future browser
  adds.  This is an allowlist of what stays, applied to the JavaScript world the pupil's code runs in, not a
  list of Python names to refuse: a player may import anything Pyodide has (``os``, ``subprocess``, ``js``,
  ``pyodide``); whatever it reaches, the functions that would touch storage or the network no longer exist in
  its worker.  If any of them cannot be deleted the worker answers "unsafe" and is never sent pupil code;
* **no new JavaScript**: a dynamic ``import()`` of an address is part of the JavaScript language and cannot be
  deleted, so nothing may compile new JavaScript from text in the worker: ``eval`` is deleted, ``Function`` and
  the constructors every function reaches through its prototype refuse, and the timers take functions only
  (``noNewCode``; Pyodide's ``run_js`` and C's ``emscripten_run_script`` both need ``eval``).  The only code
  that does a dynamic ``import()`` is Pyodide's loader, which has run already;
* a **memory limit**: the worker's WebAssembly memory refuses to grow past ``Limits.memory_bytes`` (Python then
  raises MemoryError in the worker);
* a **time limit**: the kernel waits for each answer asynchronously and ``terminate()``\\ s the worker when it
  is late (an endless loop, in Python or in C), which ends its thread and frees its memory at once;
* **one message at a time**: the kernel awaits one message per request; a message it did not ask for (a flood,
  a forged answer) ends the worker at once, and an answer is read at most
  :data:`~fifteen_kit.sandbox.MAX_REPLY` characters long.

What the boundary does not remove: the worker's own CPU time until it is ended (one browser thread), and the
worker may still post messages to the kernel (which reads them as above).  ``tests/lite/test_tournament.py``
attacks each part with hostile players in the built site.

Everything here needs Pyodide (``sys.platform == "emscripten"``); elsewhere :func:`available` is False.

>>> available()
False
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Awaitable
from importlib import resources
from pathlib import Path
from typing import Any

from . import _check
from .errors import PlayerError, UnsafeError
from .sandbox import MAX_REPLY, SandboxedPlayer

__all__ = ["WorkerPlayer", "available", "kit_files", "probe"]

_KIT = Path(__file__).resolve().parent
_PROBE: dict[str, str | None] = {}


def available() -> bool:
    """Whether this Python can start worker sandboxes: Pyodide in a browser with Web Workers (JupyterLite).

    A worker proves its boundary before it is sent any pupil code (:func:`probe`).

    >>> available() in (True, False)
    True
    """
    if sys.platform != "emscripten":
        return False
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

    return hasattr(js, "Worker") and hasattr(js, "Blob") and _PROBE.get("reason") is None


def kit_files() -> dict[str, str]:
    """The kit's engine as the worker gets it: ``{path in the worker: Python source}`` (the package's ``.py``
    files but its widgets and the process sandbox's worker).

    >>> "/kit/fifteen_kit/pupil_players.py" in kit_files()
    True
    """
    files = {}
    for path in sorted(_KIT.rglob("*.py")):
        relative = path.relative_to(_KIT)
        if relative.parts[0] in ("widgets", "__pycache__") or relative.name == "_sandbox_worker.py":
            continue
        files[f"/kit/fifteen_kit/{relative.as_posix()}"] = path.read_text(encoding="utf-8")
    return files


def _index_url() -> str:
    # where the kernel's own Pyodide was loaded from (the site's static/pyodide/): the worker loads the same one
    import pyodide_js  # type: ignore[import-not-found]

    url = str(pyodide_js._api.config.indexURL)
    return url if url.endswith("/") else url + "/"


class WorkerPlayer(SandboxedPlayer):
    """A handed-in player running in its own Web Worker with its own Pyodide (JupyterLite only).

    The same arguments, checks, limits (:class:`~fifteen_kit.sandbox.Limits`: ``move_seconds``,
    ``start_seconds``, ``steps``, and ``memory_bytes`` for the worker's WebAssembly memory) and messages as
    :class:`~fifteen_kit.sandbox.SandboxedPlayer`, whose move checks it shares; its moves are awaited:
    ``await player.achoose(position)``.  Raises InvalidArgumentError for bad arguments.

    >>> WorkerPlayer("def my_player(turn): return 'roll'", "dice", name="bold").name
    'bold'
    """

    _worker: Any = None
    _inbox: asyncio.Queue[Any] | None = None
    _listener: Any = None
    _expected = False  # whether one message from the worker is awaited now
    _ended_why = "its sandbox has ended"  # why the worker was ended, if it was ended between two moves
    removed: tuple[str, ...] = ()  # the Web names the worker deleted from its global scope

    def __repr__(self) -> str:
        return f"WorkerPlayer({self.name!r}, {self.game!r})"

    def start(self) -> None:
        """Refused: a worker sandbox is started with ``await player.astart()`` (and so :meth:`choose` refuses
        too: a move is awaited with :meth:`achoose`)."""
        raise UnsafeError("a handed-in player in a Web Worker is started with: await player.astart(), and its moves "
                          "are awaited: await player.achoose(position)", input=None)

    async def astart(self) -> None:
        """Start the worker, wait until it has loaded Pyodide and removed its capabilities, then load the player.

        Raises UnsafeError if the worker cannot be set up or cannot remove a capability (nothing of the
        player was sent), PlayerError if the player's code does not load.
        """
        if self._worker is not None or self.stopped is not None:
            if self.stopped is not None:
                raise self.stopped
            return
        if not available():
            raise UnsafeError("handed-in players are not run here: no Web Worker sandbox (JupyterLite in a "
                              "browser is needed)", input=self.name)
        import js
        from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

        self._inbox = asyncio.Queue()
        inbox = self._inbox

        def receive(event: Any) -> None:
            # one message is awaited at a time; a message nobody asked for (a player posting its own, perhaps
            # a flood of them) ends the worker at once
            if self._worker is None:
                return
            if not self._expected:
                worker, self._worker = self._worker, None
                worker.terminate()
                self._ended_why = "it sent messages it was not asked for, and was ended"
                inbox.put_nowait({"unsafe": self._ended_why})
                return
            self._expected = False
            data = getattr(event, "data", None)  # an ErrorEvent (the worker's script failed) has no data
            if data is None:
                inbox.put_nowait({"unsafe": "its worker failed"})
                return
            inbox.put_nowait(data.to_py(depth=3) if hasattr(data, "to_py") else data)

        text = (resources.files("fifteen_kit") / "_lite_sandbox.js").read_text(encoding="utf-8")
        options = to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([text]), options)
        url = js.URL.createObjectURL(blob)
        self._listener = create_proxy(receive)
        self._worker = js.Worker.new(url, to_js({"type": "module", "name": "fifteen-kit-sandbox"},
                                                dict_converter=js.Object.fromEntries))
        js.URL.revokeObjectURL(url)
        self._worker.onmessage = self._listener
        self._worker.onerror = self._listener
        boot = {"boot": {"indexURL": _index_url(), "files": kit_files(), "memoryBytes": self.limits.memory_bytes}}
        self._expected = True
        self._worker.postMessage(to_js(boot, dict_converter=js.Object.fromEntries))
        reply = await self._await(self.limits.start_seconds + 30, None, "starting its sandbox")
        if not isinstance(reply, dict) or "locked" not in reply:
            reason = reply.get("unsafe") if isinstance(reply, dict) else None
            self.close()
            _PROBE["reason"] = str(reason or "the worker did not lock itself down")
            raise UnsafeError(f"handed-in players are not run: {_check.short(_PROBE['reason'], 300)}",
                              input=self.name)
        self.removed = tuple(reply["locked"].get("removed", ()))
        _PROBE.setdefault("reason", None)
        answer = await self._request({"source": self.source, "function": self.function, "game": self.game,
                                      "steps": self.limits.steps, "seconds": self.limits.move_seconds},
                                     self.limits.start_seconds, None, "loading its code")
        if answer.get("ready") is not True:
            raise self._stop(None, str(answer.get("error", "it did not start")))

    async def _await(self, seconds: float, position: Any, doing: str) -> Any:
        # the worker's next message, or the player stopped (and the worker ended) when it is late
        assert self._inbox is not None
        began = time.monotonic()
        try:
            reply = await asyncio.wait_for(self._inbox.get(), seconds)
        except TimeoutError:
            self.seconds += time.monotonic() - began
            raise self._stop(position, f"it took more than {seconds:g} seconds ({doing}) and was ended") from None
        self.seconds += time.monotonic() - began
        return reply

    async def _request(self, request: dict[str, Any], seconds: float, position: Any, doing: str) -> dict[str, Any]:
        # one line of the protocol of _sandbox_player.answer, sent and answered
        if self._worker is None:
            raise self._stop(position, self._ended_why)
        self._expected = True
        self._worker.postMessage(_message(json.dumps(request)))
        message = await self._await(seconds, position, doing)
        text = message.get("reply") if isinstance(message, dict) else None
        if not isinstance(text, str):
            why = message.get("unsafe") if isinstance(message, dict) else None
            raise self._stop(position, f"its sandbox stopped working ({_check.short(str(why), 200)})" if why
                             else "its worker ended: it may have run out of memory")
        if len(text) > MAX_REPLY:
            raise self._stop(position, "its answer was far too long")
        try:
            reply = json.loads(text)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise self._stop(position, "its answer could not be read")
        return reply

    def achoose(self, position: Any) -> Awaitable[Any]:
        """The player's move in ``position``, to be awaited: ``move = await player.achoose(position)`` (see
        :meth:`SandboxedPlayer.choose`, whose checks it shares; :meth:`choose` itself refuses, as a move cannot
        be waited for without ``await``).  Raises InvalidArgumentError for a wrong or finished position at once;
        the awaited move raises UnsafeError where no worker sandbox can be set up, PlayerError when the player
        is (or was) stopped."""
        self._before(position)
        return self._achoose(position)

    async def _achoose(self, position: Any) -> Any:
        await self.astart()
        self.moves += 1
        reply = await self._request({"position": position.notation()}, self.limits.move_seconds + 0.5, position,
                                    f"move {self.moves}")
        return self._move(position, reply)

    def close(self) -> None:
        """End the worker (its thread and its memory at once).  Safe to call twice."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.terminate()
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.destroy()


def _message(request: str) -> Any:
    # {request: text} as a JavaScript object for postMessage
    import js
    from pyodide.ffi import to_js

    return to_js({"request": request}, dict_converter=js.Object.fromEntries)


async def probe() -> str | None:
    """Start one worker sandbox with an empty player and return why it could not lock itself down (None: it
    did).  The answer is kept for the session; :func:`available` is False once a probe failed.

    >>> import asyncio
    >>> print(asyncio.run(probe())[:40])
    there are Web Worker sandboxes only in P
    """
    if sys.platform != "emscripten":
        return "there are Web Worker sandboxes only in Pyodide (JupyterLite in a browser)"
    if "reason" not in _PROBE:
        player = WorkerPlayer("def my_player(position):\n    return None\n", "dice", name="probe")
        try:
            await player.astart()
        except UnsafeError as err:
            _PROBE.setdefault("reason", err.message)
        except PlayerError as err:
            _PROBE["reason"] = err.reason
        finally:
            player.close()
    return _PROBE.get("reason")
