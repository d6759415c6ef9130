"""Handed-in players run behind an operating-system boundary: one separate process per player.

A pupil's player handed in as source text is untrusted code.  :class:`SandboxedPlayer` runs it in a new
process that, before reading a line of it (:mod:`fifteen_kit._sandbox_worker`):

* enters new Linux **namespaces** (user, mount, network, IPC, UTS, PID) and acts as ``nobody`` (or the teacher's
  own user when the kit is not run by root) on the real filesystem;
* **sees no files** but a read-only Python installation and the kit's package, an empty 1 MB ``/work`` and
  ``/dev/null`` (``chroot`` into a new tmpfs root: no home directory, no ``/etc``, no ``/proc``, no sockets);
* has **no network** (a fresh network namespace: a loopback interface that is down);
* has **limits** (``setrlimit``): CPU seconds, address space, file size, open files, no new processes, no core;
  every capability is dropped and no_new_privs is set; the environment is empty (``python -I -S``, ``env={}``);
* is **watched** by the teacher's process: each move must come back within a wall-clock limit, a reply is read
  at most :data:`MAX_REPLY` characters long, and a player that breaks any rule is killed with its whole process
  group and reported as stopped.  The teacher's process checks every move again with its own engine.

Where the boundary cannot be set up (not Linux, no user namespaces allowed, Pyodide/JupyterLite with no
processes at all), :func:`check_boundary` raises :class:`~fifteen_kit.errors.UnsafeError` and nothing untrusted
runs: there is no weaker fallback.  In JupyterLite the tournament uses another real boundary instead, a Web
Worker per player with its own Pyodide and no Web capability (:mod:`fifteen_kit.lite_sandbox`).

>>> import fifteen_kit.sandbox as sandbox
>>> sandbox.Limits().cpu_seconds
60
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _check
from .errors import InvalidArgumentError, PlayerError, UnsafeError
from .fifteens.rules import Position, parse_removal
from .nasty15.rules import Decision, Turn
from .pupil_players import GAMES, MAX_SECONDS, MAX_STEPS, STEPS, Game
from .results import MAX_SOURCE as _RESULTS_MAX_SOURCE

__all__ = ["MAX_REPLY", "MAX_SOURCE", "Limits", "SandboxedPlayer", "available", "check_boundary"]

#: The longest reply line read from a sandbox (characters); a longer one stops the player.
MAX_REPLY = 4_000
#: The longest handed-in source text (characters): the longest a results file keeps.
MAX_SOURCE = _RESULTS_MAX_SOURCE
_WORKER = Path(__file__).with_name("_sandbox_worker.py")
_KIT = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Limits:
    """The limits of one sandboxed player.

    Attributes:
        cpu_seconds: CPU time of the whole process (all its games), in seconds (RLIMIT_CPU).
        memory_bytes: its address space in bytes (RLIMIT_AS); the Python interpreter itself needs about 30 MB.
        file_bytes: the largest file it may write (in its empty, private ``/work``), bytes (RLIMIT_FSIZE).
        open_files: open file descriptors (RLIMIT_NOFILE).
        move_seconds: wall-clock seconds the teacher's process waits for one move before it kills the player.
        start_seconds: wall-clock seconds for the process to start and load the player's code.
        steps: the budget of Python steps per move inside the sandbox (see
            :func:`fifteen_kit.pupil_players.run_with_budget`).

    Raises InvalidArgumentError for a value out of range.

    >>> Limits(move_seconds=1.0).move_seconds
    1.0
    """

    cpu_seconds: int = 60
    memory_bytes: int = 512 * 2**20
    file_bytes: int = 2**20
    open_files: int = 16
    move_seconds: float = 3.0
    start_seconds: float = 10.0
    steps: int = STEPS

    def __post_init__(self) -> None:
        _check.whole(self.cpu_seconds, 1, 3600, "the CPU seconds")
        _check.whole(self.memory_bytes, 64 * 2**20, 2**34, "the memory limit in bytes")
        _check.whole(self.file_bytes, 0, 2**30, "the file size limit in bytes")
        _check.whole(self.open_files, 8, 1024, "the open files limit")
        _check.number(self.move_seconds, 0, MAX_SECONDS, "the seconds per move", lo_open=True, unit="seconds")
        _check.number(self.start_seconds, 0, MAX_SECONDS, "the seconds to start", lo_open=True, unit="seconds")
        _check.whole(self.steps, 1, MAX_STEPS, "the budget of steps")


def _config(limits: Limits) -> dict[str, Any]:
    # what the worker needs: the paths to show read-only, the symlinks to recreate, the limits
    prefix = os.path.realpath(sys.base_prefix)
    read_only = [prefix] if not prefix.startswith("/usr/") and prefix != "/usr" else []
    read_only.append("/usr")
    links = []
    for top in ("/lib", "/lib64", "/bin"):
        if os.path.islink(top):
            links.append([top, os.readlink(top)])
        elif os.path.isdir(top):
            read_only.append(top)
    return {"read_only": [[p, p] for p in read_only] + [[str(_KIT), "/kit/fifteen_kit"]], "links": links,
            "limits": {
        "cpu_seconds": limits.cpu_seconds, "memory_bytes": limits.memory_bytes, "file_bytes": limits.file_bytes,
        "open_files": limits.open_files}}


class SandboxedPlayer:
    """A handed-in player (source text defining ``function(position)``) running in its own sandbox process.

    Args:
        source: the player's Python source (untrusted), at most :data:`MAX_SOURCE` characters.
        game: ``'dice'`` or ``'fifteens'``.
        name: the player's name on a leaderboard (1 to 40 characters).
        function: the name of the function the source defines (``my_player`` in lesson 07).
        limits: the sandbox's :class:`Limits`.

    The process starts at the first :meth:`choose` (or :meth:`start`) and ends with :meth:`close` (or ``with``).
    Once the player has been stopped, :attr:`stopped` holds the :class:`~fifteen_kit.errors.PlayerError` and
    every later :meth:`choose` raises it again.  Raises InvalidArgumentError for bad arguments.

    >>> SandboxedPlayer("def my_player(turn): return 'roll'", "dice", name="bold").name
    'bold'
    """

    def __init__(self, source: str, game: Game, name: str = "my_player", function: str = "my_player",
                 limits: Limits | None = None) -> None:
        self.source = _check.text(source, MAX_SOURCE, "the player's source")
        self.game: Game = _check.choice(game, GAMES, "the game")
        self.name = _check.text(name, 40, "the player's name", empty=False)
        self.function = _check.text(function, 40, "the function's name", empty=False)
        if not self.function.isidentifier():
            raise InvalidArgumentError("the function's name must be a Python name", input=function)
        if limits is not None and not isinstance(limits, Limits):
            raise InvalidArgumentError("limits must be a Limits", input=_check.short(limits))
        self.limits = limits or Limits()
        self.stopped: PlayerError | None = None
        self.moves = 0
        self.seconds = 0.0  # wall-clock seconds spent waiting for this player
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._directory: tempfile.TemporaryDirectory[str] | None = None

    def __repr__(self) -> str:
        return f"SandboxedPlayer({self.name!r}, {self.game!r})"

    def __enter__(self) -> SandboxedPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a player forgotten without close() does not leave its process behind
        with contextlib.suppress(Exception):
            self.close()

    # -- the process ------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the sandbox and load the player's code (done by the first :meth:`choose` otherwise).

        Raises :class:`~fifteen_kit.errors.UnsafeError` if the boundary cannot be set up (nothing of the
        player ran), :class:`~fifteen_kit.errors.PlayerError` if its code does not load (syntax error, no such
        function, it raised, it took too long).
        """
        if self._process is not None or self.stopped is not None:
            if self.stopped is not None:
                raise self.stopped
            return
        check_boundary()
        self._directory = tempfile.TemporaryDirectory(prefix="fifteen-kit-player-")
        os.chmod(self._directory.name, 0o755)  # the sandbox's user (nobody) mounts its new root here
        self._process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-B", str(_WORKER), json.dumps(_config(self.limits))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={},
            cwd=self._directory.name, start_new_session=True, close_fds=True)
        os.set_blocking(self._process.stdout.fileno(), False)  # type: ignore[union-attr]
        reply = self._ask({"source": self.source, "function": self.function, "game": self.game,
                           "steps": self.limits.steps, "seconds": self.limits.move_seconds},
                          self.limits.start_seconds, None, "loading its code")
        if "unsafe" in reply:
            self.close()
            raise UnsafeError(f"handed-in players are not run: {_check.short(str(reply['unsafe']), 300)}",
                              input=self.name)
        if reply.get("ready") is not True:
            raise self._stop(None, str(reply.get("error", "it did not start")))

    def close(self) -> None:
        """End the sandbox process (and everything it started) and remove its directory.  Safe to call twice."""
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()
        if self._directory is not None:
            self._directory.cleanup()
            self._directory = None

    def _stop(self, position: Any, reason: str, *, during: str = "") -> PlayerError:
        self.close()
        where = f"its move {self.moves}" if self.moves else "the start"
        self.stopped = PlayerError(f"{self.name} was stopped at {where}: {reason}",
                                   position=None if position is None else position.notation(),
                                   move_number=self.moves, reason=reason)
        return self.stopped

    def _ask(self, request: dict[str, Any], seconds: float, position: Any, doing: str) -> dict[str, Any]:
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        began = time.monotonic()
        try:
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._stop(position, self._ended(process)) from None
        deadline = began + seconds
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.seconds += time.monotonic() - began
                    raise self._stop(position, f"it took more than {seconds:g} seconds ({doing}) and was ended")
                if not selector.select(left):
                    continue
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    self.seconds += time.monotonic() - began
                    raise self._stop(position, self._ended(process))
                self._buffer += chunk
                if len(self._buffer) > MAX_REPLY and b"\n" not in self._buffer[:MAX_REPLY]:
                    raise self._stop(position, "its answer was far too long")
        self.seconds += time.monotonic() - began
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line[:MAX_REPLY])
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise self._stop(position, "its answer could not be read")
        return reply

    def _ended(self, process: subprocess.Popen[bytes]) -> str:
        try:
            code = process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "its process stopped answering"
        if code in (128 + signal.SIGXCPU, 128 + signal.SIGKILL, -signal.SIGXCPU):
            return f"it used up its {self.limits.cpu_seconds} seconds of CPU time"
        return f"its process ended (exit code {code}): it may have run out of memory or ended itself"

    # -- the contract ----------------------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start counting this player's moves from 1 again (a series calls it before each game)."""
        self.moves = 0

    def choose(self, position: Any) -> Any:
        """The player's move in ``position`` (a dice :class:`~fifteen_kit.nasty15.Turn` or a Fifteens
        :class:`~fifteen_kit.fifteens.Position`), checked again here: one of ``position.legal_moves()``.

        Raises InvalidArgumentError for a position of the wrong game or one that is over, UnsafeError when
        no sandbox can be set up, PlayerError when the player is (or was) stopped.
        """
        self._before(position)
        self.start()
        self.moves += 1
        reply = self._ask({"position": position.notation()}, self.limits.move_seconds + 0.5, position,
                          f"move {self.moves}")
        return self._move(position, reply)

    def _before(self, position: Any) -> None:
        # the checks before a move is asked for (the same in every sandbox)
        kind = Turn if self.game == "dice" else Position
        if not isinstance(position, kind):
            raise InvalidArgumentError(f"a {self.game} player moves in a {kind.__name__}",
                                       input=_check.short(position))
        if position.is_over:
            raise InvalidArgumentError("the game is over: there is no move to choose", input=position.notation(),
                                       position=position.notation())
        if self.stopped is not None:
            raise self.stopped

    def _move(self, position: Any, reply: dict[str, Any]) -> Any:
        # the legal move a sandbox's reply names, checked with the teacher's own engine (the same in every sandbox)
        if "error" in reply:
            raise self._stop(position, _check.short(str(reply["error"]), 500))
        text = reply.get("move")
        if not isinstance(text, str) or len(text) > 60:
            raise self._stop(position, "its answer was not a move")
        try:
            move = Decision.parse(text) if self.game == "dice" else parse_removal(text)
        except ValueError:
            move = None
        if move is None or move not in position.legal_moves():
            raise self._stop(position, f"it returned {text!r}, which is not a legal move here")
        return move


_BOUNDARY: dict[str, str | None] = {}


def available() -> bool:
    """Whether handed-in players can be run here (see :func:`check_boundary`, which says why not).

    In JupyterLite (Pyodide) it says whether Web Worker sandboxes can be started
    (:func:`fifteen_kit.lite_sandbox.available`).

    >>> available() in (True, False)
    True
    """
    if sys.platform == "emscripten":
        from .lite_sandbox import available as in_workers

        return in_workers()
    try:
        check_boundary()
    except UnsafeError:
        return False
    return True


def check_boundary() -> None:
    """Check once per session that a sandbox can be set up here; raise UnsafeError (with the reason) if not.

    Runs one empty sandbox (a process in new namespaces with the limits) and asks it whether every step worked.
    On systems without Linux namespaces the kit refuses to run handed-in players; in Pyodide (JupyterLite) it
    runs them in Web Worker sandboxes instead (:mod:`fifteen_kit.lite_sandbox`), never in processes.

    >>> try:
    ...     check_boundary()
    ... except UnsafeError as err:
    ...     print(err.message[:36])
    ... else:
    ...     print("the boundary works here")  # doctest: +SKIP
    the boundary works here
    """
    if "reason" not in _BOUNDARY:
        _BOUNDARY["reason"] = _probe()
    reason = _BOUNDARY["reason"]
    if reason is not None:
        raise UnsafeError(f"handed-in players are not run on this computer: {reason}; run the tournament on a "
                          "Linux server that allows user namespaces (see the teacher guide)", input=None)


def _probe() -> str | None:
    if sys.platform == "emscripten":
        return ("Pyodide (JupyterLite) has no processes; there run_tournament runs each player in a Web Worker "
                "sandbox (fifteen_kit.lite_sandbox)")
    if sys.platform != "linux":
        return "the sandbox needs Linux (this is " + sys.platform + ")"
    with tempfile.TemporaryDirectory(prefix="fifteen-kit-probe-") as directory:
        os.chmod(directory, 0o755)  # the sandbox's user (nobody) mounts its new root here
        try:
            done = subprocess.run([sys.executable, "-I", "-S", "-B", str(_WORKER), json.dumps(_config(Limits()))],
                                  input=b"", capture_output=True, env={}, cwd=directory, timeout=30,
                                  start_new_session=True)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"no process could be started ({type(exc).__name__})"
    lines = done.stdout.decode(errors="replace").splitlines()
    if lines:
        try:
            reply = json.loads(lines[0])
        except ValueError:
            reply = {"unsafe": "the probe's answer could not be read"}
        if isinstance(reply, dict) and "unsafe" in reply:
            return str(reply["unsafe"])[:300]
    if done.returncode != 0:
        return f"the sandbox probe failed (exit code {done.returncode})"
    return None
