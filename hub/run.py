"""Start one class's JupyterHub, print its URL, accounts and lesson links, and stop it with nothing left running.

``make hub`` runs ``python -m hub.run``; the load test and tests/hub use :func:`start_hub` and
:meth:`RunningHub.stop`.  The hub runs in its own session (so Ctrl-C reaches this runner, which then stops the hub
in order: JupyterHub stops every pupil's server and its proxy); :meth:`RunningHub.stop` then looks for anything
the hub started that is still alive (servers, kernels, proxy, culler), ends it and reports it.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import httpx
import psutil

from hub import limits, users
from hub.accounts import banner_lines
from hub.classroom import REPO_ROOT, Classroom, hub_bin, proxy_command
from hub.slips import print_slips, read_class_list

__all__ = ["RunningHub", "banner", "main", "port_free", "signals_as_interrupt", "signals_ignored", "start_hub"]

CONFIG = REPO_ROOT / "hub" / "jupyterhub_config.py"


def port_free(ip: str, port: int) -> bool:
    """True if nothing accepts TCP connections on ``ip:port``.

    >>> port_free("127.0.0.1", 1)
    True
    """
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex((ip, port)) != 0


class RunningHub:
    """A JupyterHub process started by :func:`start_hub`; ``room`` holds its settings, ``log`` its log file."""

    def __init__(self, room: Classroom, process: subprocess.Popen[bytes], log: Path) -> None:
        self.room = room
        self.process = process
        self.log = log

    def processes(self) -> list[psutil.Process]:
        """The hub and every process it started that is still alive (proxy, culler, servers, kernels)."""
        try:
            hub = psutil.Process(self.process.pid)
            return [hub, *hub.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def stop(self, timeout: float = 90) -> list[str]:
        """Stop the hub (SIGTERM: it stops the pupils' servers and the proxy), then end anything left over.

        Returns a description of each process that was still alive ``timeout`` seconds later (and was then
        killed), or that still listens on the hub's ports; an empty list means the hub stopped cleanly.
        """
        started = self.processes()
        session = [p for p in psutil.process_iter() if _sid(p) == self.process.pid]
        watched = {p.pid: p for p in [*started, *session]}
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        _gone, alive = psutil.wait_procs(list(watched.values()), timeout=10)
        alive += _class_leftovers(self.room, {p.pid for p in alive})
        left = [f"pid {p.pid}: {_describe(p)}" for p in alive]
        for p in alive:
            with contextlib.suppress(psutil.NoSuchProcess):
                p.kill()
        psutil.wait_procs(alive, timeout=10)
        left += [f"port {port} still open" for port in self.room.ports() if not port_free(self.room.ip, port)]
        shutil.rmtree(self.room.runtime_dir("x").parent, ignore_errors=True)  # connection files, ipc sockets
        left += [f"cgroup {path} still there" for path in limits.cleanup(limits.detect(), self.room.port)]
        return left


def _class_leftovers(room: Classroom, known: set[int]) -> list[psutil.Process]:
    """Processes of the class's system users still running (a root hub): a pupil's code can leave its session
    (setsid, a double fork) and so outlive the hub, holding the hub's ports or planting files for the next run."""
    if os.geteuid() != 0:
        return []
    uids = {u.pw_uid for u in users.kit_users(room.port)}
    found = []
    for p in psutil.process_iter(["uids"]):
        if p.pid not in known and p.info["uids"] is not None and p.info["uids"].real in uids:
            found.append(p)
    return found


def _sid(p: psutil.Process) -> int | None:
    """The session id of ``p``, or None if it is gone."""
    try:
        return os.getsid(p.pid)
    except OSError:
        return None


def _describe(p: psutil.Process) -> str:
    """A short command line of ``p``."""
    try:
        return " ".join(p.cmdline())[:160]
    except psutil.Error:
        return "(gone)"


def start_hub(room: Classroom, wait: float = 120) -> RunningHub:
    """Start JupyterHub with ``room``'s settings and wait until it answers.

    As root, first :func:`hub.users.prepare`: a system user and a private home per account, the state folder
    (mode 0700) and the read-only lesson copy.  As another user, :func:`hub.users.refuse_unless_trusted` first.
    Raises RuntimeError if a port it needs is taken, the proxy is not installed (``make hub`` installs it), or the
    hub does not answer within ``wait`` seconds (its log, ``<state>/jupyterhub.log``, says why);
    :class:`hub.users.NotIsolated` for a class without root.
    """
    if not Path(proxy_command()).exists():
        raise RuntimeError(f"configurable-http-proxy not found at {proxy_command()}: run `make hub` once")
    taken = [port for port in room.ports() if not port_free(room.ip, port)]
    if taken:
        raise RuntimeError(f"port(s) {taken} on {room.ip} are in use: stop what uses them or choose HUB_PORT")
    users.refuse_unless_trusted(room)
    if os.geteuid() == 0:
        users.prepare(room)
    else:
        users.private_dir(room.state_path, 0o700, os.getuid(), os.getgid())
        for name in room.accounts():
            users.private_dir(room.home(name), 0o700, os.getuid(), os.getgid())
        users.write_git_config(room)
        if room.source == str(room.repo_copy):
            users.publish_repo(REPO_ROOT, room.repo_copy)
    log = room.state_path / "jupyterhub.log"
    # Mode 0600: every pupil's server writes into this log (its inherited stdout), and a pupil's code can reopen
    # that through /proc/<their server>/fd/1, which checks only the file's own mode, not the state folder's.
    with os.fdopen(os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600), "ab") as out:
        os.fchmod(out.fileno(), 0o600)
        # stdin: never the terminal make hub runs in (root's): every pupil's server would inherit it.
        process = subprocess.Popen([hub_bin("jupyterhub"), "-f", str(CONFIG)], cwd=room.state_path,
                                   env={**os.environ, **room.to_env()}, stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    hub = RunningHub(room, process, log)
    deadline = time.monotonic() + wait
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"JupyterHub exited with code {process.returncode}; see {log}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{room.local_url}hub/api/", timeout=5, trust_env=False).status_code == 200:
                    return hub
            time.sleep(0.5)
        raise RuntimeError(f"JupyterHub did not answer within {wait} s; see {log}")
    except BaseException:  # not started, or interrupted while starting: leave nothing behind
        with signals_ignored():
            hub.stop()
        raise


def banner(room: Classroom, slips: Path | None = None) -> str:
    """What ``make hub`` prints: the URL, the accounts, the lesson links, isolation, limits and what ends a session.

    ``slips``: the printed sign-in slips (PDF), if :func:`hub.slips.print_slips` made them.
    """
    lines = [
        f"JupyterHub for a class is running at {room.url}  (stop it with Ctrl-C)",
        "",
        *banner_lines(room, slips),
        "",
        f"Lesson links (nbgitpuller; they pull {room.source} at branch {room.branch} into ~/fifteen-kit):",
        *[f"  {path}\n    {link}" for path, link in room.lesson_links().items()],
        "  Who did not get the teacher's latest changes: make hub-status (each such pupil also finds a note).",
        "",
        users.refuse_unless_trusted(room),
        limits.describe(limits.detect()),
        f"Sessions: a kernel that runs nothing for {room.cull_idle // 60} minutes is stopped, even with its tab open;",
        f"  a server whose tabs are closed is stopped after {room.cull_idle // 60} minutes (files stay).",
        f"Homes: {room.homes}   State (database, secrets, passwords; mode 0700): {room.state}",
    ]
    return "\n".join(lines)


@contextlib.contextmanager
def signals_ignored() -> Iterator[None]:
    """Ignore SIGINT, SIGTERM and SIGHUP for a while (while the hub is being stopped)."""
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    old = {s: signal.signal(s, signal.SIG_IGN) for s in signals}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


@contextlib.contextmanager
def signals_as_interrupt() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into KeyboardInterrupt while the hub runs, so every way out stops it."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    old = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.run [--pupils N] [--port P] [--ip IP] [--repo URL] [--branch B]``: run the hub until Ctrl-C.

    Defaults come from ``KIT_HUB_*`` variables (:meth:`Classroom.from_env`).  Returns 0 when the hub stopped
    cleanly, 1 if something was left running (and had to be killed) or the hub failed.
    """
    base = Classroom.from_env()
    parser = argparse.ArgumentParser(prog="python -m hub.run", description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=base.pupils)
    parser.add_argument("--port", type=int, default=base.port)
    parser.add_argument("--ip", default=base.ip)
    parser.add_argument("--repo", default=base.repo)
    parser.add_argument("--branch", default=base.branch)
    parser.add_argument("--cull-idle", type=int, default=base.cull_idle, help="seconds")
    args = parser.parse_args(argv)
    room = dataclasses.replace(base, pupils=args.pupils, ip=args.ip, port=args.port, repo=args.repo,
                               branch=args.branch, cull_idle=args.cull_idle)  # the other settings: KIT_HUB_*
    if room.class_list:  # the hub runs in its state folder: a class list named relative to here must stay found
        room = dataclasses.replace(room, class_list=str(Path(room.class_list).resolve()))
        try:
            read_class_list(Path(room.class_list), room.pupils)
        except (OSError, ValueError) as error:
            _say(f"make hub: CLASS_LIST: {error}")
            return 1
    _say(limits.describe(limits.detect()))
    try:
        hub = start_hub(room)
    except RuntimeError as error:  # NotIsolated too
        _say(f"make hub: {error}")
        return 1
    try:
        with signals_as_interrupt():
            _say(banner(room, print_slips(room)))
            code = hub.process.wait()
            _say(f"JupyterHub exited by itself (code {code}); see {hub.log}")
    except KeyboardInterrupt:
        _say("\nStopping the hub, the pupils' servers and the proxy...")
    finally:
        # Whatever ended the wait (Ctrl-C, SIGTERM, a closed terminal, an error), the hub is stopped, and a second
        # Ctrl-C does not cut the stopping short.
        with signals_ignored():
            left = hub.stop()
    if left:
        _say("Left running (now killed):\n  " + "\n  ".join(left))
        return 1
    _say(f"Stopped cleanly: no server, kernel or proxy left; port {room.port} is free.")
    return 0


def _say(text: str) -> None:
    """Print ``text``; a closed terminal or pipe is not an error (the hub must still be stopped)."""
    with contextlib.suppress(OSError):
        print(text, flush=True)


if __name__ == "__main__":
    sys.exit(main())
