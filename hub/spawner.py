"""The spawner of a root hub: JupyterHub's own LocalProcessSpawner, each account as its own system user, limited.

:class:`ClassSpawner` changes three things of LocalProcessSpawner: the system user of account ``name`` is
``fk<port>-name`` (:meth:`hub.classroom.Classroom.system_user`, created by :func:`hub.users.prepare`), its home is
the account's folder under ``HUB_HOMES``, and between fork and exec the new server joins the pupil's cgroups and
gets its resource limits (:func:`hub.limits.preexec`) before LocalProcessSpawner's own code drops to that user.
Loaded by hub/jupyterhub_config.py, only in JupyterHub's environment (.venv-hub).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner

from hub import limits
from hub.classroom import Classroom

__all__ = ["ClassSpawner", "runtime_dir"]


def runtime_dir(room: Classroom, name: str, uid: int, gid: int) -> str:
    """Make account ``name``'s Jupyter runtime folder (connection files, kernels' sockets): owned by ``uid``,
    mode 0700, in a folder of the class that only root can change.  Returns its path."""
    from hub.users import private_dir

    folder = room.runtime_dir(name)
    private_dir(folder.parent, 0o755)
    private_dir(folder, 0o700, uid, gid)
    return str(folder)


class ClassSpawner(LocalProcessSpawner):
    """LocalProcessSpawner with the class's system users, homes and limits (see the module's text)."""

    room = Classroom.from_env()
    mechanism = limits.detect()

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

