"""The spawner of a root hub: JupyterHub's own LocalProcessSpawner, each account as its own system user, limited.

:class:`ClassSpawner` changes three things of LocalProcessSpawner: the system user of account ``name`` is
``fk<port>-name`` (:meth:`hub.classroom.Classroom.system_user`, created by :func:`hub.users.prepare`), its home is
the account's folder under ``HUB_HOMES``, and between fork and exec the new server joins the pupil's cgroups and
gets its resource limits (:func:`hub.limits.preexec`) before LocalProcessSpawner's own code drops to that user.
Loaded by hub/jupyterhub_config.py, only in JupyterHub's environment (.venv-hub).
"""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Callable
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import default

from hub import limits, ports
from hub.classroom import Classroom

__all__ = ["ClassSpawner"]


def _user_name(uid: int) -> str:
    """The name of system user ``uid`` (for the teacher: which account's program holds a port), or ``uid N``."""
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


class ClassSpawner(LocalProcessSpawner):
    """LocalProcessSpawner with the class's system users, homes and limits (see the module's text)."""

    room = Classroom.from_env()
    mechanism = limits.detect()

    @default("popen_kwargs")
    def _no_terminal(self) -> dict[str, Any]:
        # Never the hub's stdin: run from a terminal (sudo make hub), that is root's terminal, which a pupil's server
        # could then read (keystrokes) and write (fake messages) through its inherited file descriptor 0.
        return {"stdin": subprocess.DEVNULL}

    async def start(self) -> Any:
        """LocalProcessSpawner's start, on a port nobody else holds, reported only once this server listens there.

        JupyterHub itself takes any program that answers HTTP on the port for the pupil's server: a classmate
        listening on a stopped pupil's fixed port would get that pupil's browser on the hub's origin (see
        :mod:`hub.ports`).  Raises RuntimeError if another program holds the port, or if what listens there is
        not the server just started (which is then stopped).
        """
        from hub.users import end_processes

        ended = end_processes(self.owner()[0])  # leftovers of an earlier session must not meet the new server
        if ended:
            self.log.warning("Ended %d leftover processes of %s before starting their server", len(ended),
                             self.user.name)
        held = ports.listener(self.port, self.ip or "127.0.0.1")
        if held is not None:
            raise RuntimeError(f"{self.user.name}'s server port {self.port} is held by another program (of "
                               f"{_user_name(held[0])}); the hub will not route {self.user.name} there. Ask your "
                               "teacher.")
        url = await super().start()
        uid = self.owner()[0]
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            found = ports.listener(self.port, self.ip or "127.0.0.1")
            if found is not None:
                if found[0] == uid and ports.socket_of(self.pid, found[1]):
                    return url
                await self.stop(now=True)
                raise RuntimeError(f"port {self.port} of {self.user.name} was taken by another program (of "
                                   f"{_user_name(found[0])}) while the server started; not routing "
                                   f"{self.user.name} there")
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"{self.user.name}'s server exited at start (code {self.proc.returncode})")
            await asyncio.sleep(0.2)
        await self.stop(now=True)
        raise TimeoutError(f"{self.user.name}'s server did not listen on port {self.port} in {self.start_timeout} s")

    @property
    def system_name(self) -> str:
        """The system user this account runs as."""
        return self.room.system_user(self.user.name)

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Join the cgroups and set the limits, then LocalProcessSpawner's setuid to the account's system user."""
        drop: Callable[[], None] = super().make_preexec_fn(self.room.system_user(name))
        return limits.preexec(self.mechanism, self.room.port, self.room.system_user(name), drop)

    def user_env(self, env: dict[str, Any]) -> dict[str, Any]:
        """USER and HOME of the account's system user (LocalProcessSpawner would look up the account's name)."""
        import pwd

        user = pwd.getpwnam(self.system_name)
        env["USER"] = self.system_name
        env["HOME"] = user.pw_dir
        env["SHELL"] = user.pw_shell
        return env

    def owner(self) -> tuple[int, int]:
        """The (uid, gid) of the account's system user."""
        import pwd

        user = pwd.getpwnam(self.system_name)
        return user.pw_uid, user.pw_gid

