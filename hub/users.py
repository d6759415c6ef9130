"""The system side of a class hub: one system user per account, private homes and state, a read-only lesson copy.

When the hub runs as root, :func:`prepare` (called by :func:`hub.run.start_hub`) creates one system user per
account (``fk<port>-<name>``, no login shell, no password), gives each a home of mode 0700 that it owns under
``HUB_HOMES``, makes the state folder (``HUB_STATE``: database, cookie secret, proxy token, passwords) mode 0700
owned by root, publishes a bare, read-only copy of this checkout for the lesson links, and checks that nothing a
pupil's server runs or reads (the checkout, ``.venv-hub``, ``hub/jupyterhub_config.py``) is writable by them.
:func:`remove_users` (``make hub-clean-users``, and the tests) deletes the class's system users again; the homes
stay unless asked.  Run as another user, nothing can separate the accounts: :func:`refuse_unless_trusted`.

>>> MARK
'fifteen-kit hub account'
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

from hub.classroom import REPO_ROOT, Classroom

__all__ = [
    "MARK",
    "SINGLE_USER_OVERRIDE",
    "NotIsolated",
    "as_user",
    "end_processes",
    "kit_users",
    "main",
    "prepare",
    "private_dir",
    "processes_of",
    "publish_repo",
    "refuse_unless_trusted",
    "remove_users",
    "runtime_dir",
    "unreachable",
    "writable_by_others",
    "write_git_config",
]

MARK = "fifteen-kit hub account"  # the GECOS field of every system user the kit creates (and only those)
SINGLE_USER_OVERRIDE = "HUB_SINGLE_TRUSTED_USER"
NOLOGIN = next((p for p in ("/usr/sbin/nologin", "/sbin/nologin", "/bin/false") if Path(p).exists()), "/bin/false")


class NotIsolated(RuntimeError):
    """The hub would run several people's code as one system user, and the teacher did not say that is wanted."""


def refuse_unless_trusted(room: Classroom, euid: int | None = None, env: dict[str, str] | None = None) -> str:
    """Raise :class:`NotIsolated` when a non-root hub would serve a class; else the banner's isolation line.

    Without root nothing can keep one pupil's code out of another's files, so a non-root ``make hub`` serves one
    trusted person only, and only if ``HUB_SINGLE_TRUSTED_USER=yes`` says so.

    >>> refuse_unless_trusted(Classroom(pupils=1), euid=1000, env={"HUB_SINGLE_TRUSTED_USER": "yes"})[:38]
    'NOT ISOLATED: every account runs as th'
    >>> try:
    ...     refuse_unless_trusted(Classroom(pupils=3), euid=1000, env={})
    ... except NotIsolated as error:
    ...     print(str(error)[:58])
    make hub is not running as root, so it cannot give each of
    """
    euid = os.geteuid() if euid is None else euid
    env = dict(os.environ) if env is None else env
    if euid == 0:
        return (f"Isolated: each account runs as its own system user (fk{room.port}-<name>), "
                f"homes of mode 0700 in {room.homes}.")
    if env.get(SINGLE_USER_OVERRIDE, "").strip().lower() == "yes":
        return ("NOT ISOLATED: every account runs as this machine's user "
                f"{pwd.getpwuid(euid).pw_name}; anyone logged in can read and change everything of everyone's.")
    raise NotIsolated(
        f"make hub is not running as root, so it cannot give each of the {len(room.accounts())} accounts a system "
        "user of its own: any pupil's code could read, change or delete every other account's files and the "
        "hub's passwords. For a class, run it as root: sudo make hub. For one trusted person on a machine of "
        f"their own: make hub PUPILS=1 {SINGLE_USER_OVERRIDE}=yes")


def private_dir(path: Path, mode: int, uid: int = 0, gid: int = 0) -> Path:
    """Make ``path`` a real folder (not a symlink) owned by ``uid:gid`` with ``mode``, creating it if needed.

    Its parents are created owned by the caller with mode 0755.  Raises RuntimeError if ``path`` is a symlink or
    not a folder (someone may have planted it).

    >>> import tempfile
    >>> d = private_dir(Path(tempfile.mkdtemp()) / "a" / "b", 0o700, os.getuid(), os.getgid())
    >>> oct(d.stat().st_mode & 0o777)
    '0o700'
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=mode)
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise RuntimeError(f"{path} is a symlink or not a folder: remove it, the hub makes it itself")
    if (info.st_uid, info.st_gid) != (uid, gid):
        os.chown(path, uid, gid, follow_symlinks=False)
    os.chmod(path, mode)
    return path


def _walk(top: Path) -> Iterator[Path]:
    """Every path under ``top`` (itself included), never following a symlink."""
    yield top
    for root, dirs, files in os.walk(top, followlinks=False):
        for name in [*dirs, *files]:
            yield Path(root) / name


def _home(path: Path, uid: int, gid: int) -> None:
    """Give the home ``path`` to ``uid:gid`` (mode 0700); files a former user of that name left keep their data.

    A home made for an earlier system user (the same account on another run, another uid) is handed over file by
    file with lchown, which never follows a symlink a pupil may have planted.
    """
    private_dir(path, 0o700, uid, gid)
    if any(p.lstat().st_uid != uid for p in _walk(path)):
        for p in _walk(path):
            os.chown(p, uid, gid, follow_symlinks=False)


def processes_of(uid: int, proc: Path = Path("/proc")) -> list[int]:
    """The ids of the running processes whose real user is ``uid`` (read from ``/proc/<pid>/status``, which also
    names processes that made themselves undumpable, whose ``/proc`` folder then belongs to root).

    >>> os.getpid() in processes_of(os.getuid())
    True
    """
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        line = next((row for row in status.splitlines() if row.startswith("Uid:")), "")
        if line.split()[1:2] == [str(uid)]:
            found.append(int(entry.name))
    return found


def end_processes(uid: int) -> list[int]:
    """Kill (SIGKILL) every process of system user ``uid``; returns their ids.  Never for root or the caller.

    ClassSpawner calls it before it starts an account's server: a pupil's process left from an earlier session (a
    double fork, setsid) could otherwise wait for the new server and take its socket before the server makes itself
    undumpable.  Raises ValueError for root's or the calling process's own user.

    >>> end_processes(0)
    Traceback (most recent call last):
    ...
    ValueError: uid: will not end root's or the hub's own processes: 0
    """
    import signal

    if uid in (0, os.getuid()):
        raise ValueError(f"uid: will not end root's or the hub's own processes: {uid}")
    ended = []
    for pid in processes_of(uid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
            ended.append(pid)
    return ended


def runtime_dir(room: Classroom, name: str, uid: int, gid: int) -> str:
    """Make account ``name``'s Jupyter runtime folder (connection files, kernels' sockets): owned by ``uid``,
    mode 0700, in a folder of the class that only root can change.  Returns its path."""
    folder = room.runtime_dir(name)
    # In /tmp anyone can make these folders first (a pupil's leftover process, another class's pupil) and put
    # files in them that a chown of the folder would leave in place: a folder not made by the hub is removed.
    # (rmtree never follows a symlink.)
    for path, owner, inside in ((folder.parent, 0, False), (folder, uid, True)):
        try:
            info = path.lstat()
        except FileNotFoundError:
            continue
        if info.st_uid != owner or (inside and path.is_dir() and not path.is_symlink()
                                    and any(p.lstat().st_uid != uid for p in path.iterdir())):
            if path.is_symlink() or not path.is_dir():
                path.unlink()
            else:
                shutil.rmtree(path)
    private_dir(folder.parent, 0o755)
    private_dir(folder, 0o700, uid, gid)
    return str(folder)


def kit_users(port: int | None = None) -> list[pwd.struct_passwd]:
    """The system users the kit created (GECOS :data:`MARK`), of the class on ``port`` or of every class."""
    prefix = "fk" if port is None else f"fk{port}-"
    return [u for u in pwd.getpwall() if u.pw_gecos == MARK and u.pw_name.startswith(prefix)]


def _ensure_user(name: str, home: Path) -> pwd.struct_passwd:
    """The system user ``name``, created (no login shell, no password, own group) if it does not exist.

    Raises RuntimeError if a user of that name exists that the kit did not create.
    """
    try:
        user = pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", str(home),
                        "--shell", NOLOGIN, "--comment", MARK, name], check=True, capture_output=True)
        return pwd.getpwnam(name)
    if user.pw_gecos != MARK:
        raise RuntimeError(f"a system user {name!r} exists and was not made by the kit: choose another HUB_PORT")
    if user.pw_dir != str(home):
        subprocess.run(["usermod", "--home", str(home), name], check=True, capture_output=True)
        user = pwd.getpwnam(name)
    return user


def remove_users(port: int | None = None, homes: Path | None = None) -> list[str]:
    """Delete the kit's system users (of the class on ``port``, or all) and their groups; returns their names.

    Their homes stay (pupils' work), unless ``homes`` is given: then each removed account's home under it goes too.
    Processes still running as one of them are killed first (userdel refuses otherwise).
    """
    removed = []
    import psutil

    for user in kit_users(port):
        running = [p for p in psutil.process_iter(["uids"]) if p.info["uids"] and p.info["uids"].real == user.pw_uid]
        for p in running:
            with contextlib.suppress(psutil.Error):
                p.kill()
        psutil.wait_procs(running, timeout=10)
        subprocess.run(["userdel", user.pw_name], check=True, capture_output=True)
        removed.append(user.pw_name)
        if homes is not None:
            shutil.rmtree(homes / user.pw_name.split("-", 1)[1], ignore_errors=True)
    return removed


def as_user(name: str) -> dict[str, object]:
    """``subprocess`` keyword arguments that run a command as system user ``name`` (no other groups, its home).

    >>> sorted(as_user("root"))
    ['cwd', 'env', 'extra_groups', 'group', 'user']
    """
    user = pwd.getpwnam(name)
    env = {"HOME": user.pw_dir, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "USER": name}
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": [], "cwd": "/", "env": env}


def publish_repo(checkout: Path, dest: Path) -> Path:
    """Copy ``checkout``'s branches into the bare repository ``dest`` (created if needed), readable by all, owned by
    the caller and writable only by it: what the lesson links pull from, never the teacher's working checkout.

    Committed work only: the teacher's uncommitted edits stay in the checkout.  Run again (``make hub`` does at
    every start) to publish new commits.
    """
    if not (dest / "HEAD").exists():
        dest.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
        subprocess.run(["git", "init", "--quiet", "--bare", str(dest)], check=True)
    subprocess.run(["git", "-C", str(dest), "fetch", "--quiet", "--prune", "--no-tags", str(checkout),
                    "+refs/heads/*:refs/heads/*"], check=True)
    subprocess.run(["chmod", "-R", "u+rwX,go+rX,go-w", str(dest)], check=True)
    return dest


def write_git_config(room: Classroom) -> Path:
    """Write the accounts' git settings (:attr:`~hub.classroom.Classroom.git_config`, mode 0644): trust the hub's
    lesson copy, which another user (root) owns, so that pupils' git may clone and fetch it."""
    path = room.git_config
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
    if path.is_symlink():
        path.unlink()
    path.write_text(f"# Written by make hub (hub/users.py) for the accounts' servers.\n[safe]\n"
                    f"\tdirectory = {room.repo_copy}\n")
    path.chmod(0o644)
    return path


def writable_by_others(paths: list[Path], owner: int | None = None) -> list[str]:
    """The files and folders under ``paths`` that someone other than ``owner`` (default: the caller) could change.

    A path counts when it is writable by its group or everyone, or owned by another user (symlinks are skipped:
    their own mode means nothing).  An empty list means pupils cannot change what their servers run.
    """
    owner = os.geteuid() if owner is None else owner
    found = []
    for top in paths:
        for p in _walk(top):
            info = p.lstat()
            if stat.S_ISLNK(info.st_mode):
                continue
            if info.st_mode & 0o022 or info.st_uid not in (owner, 0):
                found.append(str(p))
                if len(found) >= 20:
                    return found
    return found


def unreachable(path: Path) -> str | None:
    """The first folder on the way to ``path`` (symlinks resolved) that other users cannot enter, or None.

    >>> unreachable(Path("/usr/bin/env")) is None
    True
    """
    real = path.resolve()
    for folder in [*reversed(real.parents), real]:
        mode = folder.stat().st_mode
        needed = 0o001 if folder != real else (0o005 if mode & 0o100 else 0o004)
        if mode & needed != needed:
            return str(folder)
    return None


def prepare(room: Classroom) -> list[str]:
    """Set a root hub's machine up for ``room`` (see the module's text); return what the banner should report.

    Raises RuntimeError if something pupils' servers run could be changed by others, or a user name is taken.
    """
    private_dir(room.state_path, 0o700)
    room.homes_path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
    private_dir(room.homes_path, 0o711)  # pupils may enter their own home but not list the others
    exposed = writable_by_others([REPO_ROOT / "hub", REPO_ROOT / ".venv-hub", REPO_ROOT / "fifteen_kit",
                                  REPO_ROOT / "widgets", REPO_ROOT / "etc"])
    if exposed:
        raise RuntimeError("pupils' servers run these, and someone other than root could change them: "
                           + ", ".join(exposed[:5]) + " (chmod go-w them, or chown them to root)")
    from hub.classroom import hub_bin

    for needed in (Path(hub_bin("python")), REPO_ROOT / "hub" / "jupyterhub_config.py"):
        blocked = unreachable(needed)
        if blocked:
            fix = ("rebuild .venv-hub from a Python every user can run: rm -rf .venv-hub; make hub "
                   "HUB_PYTHON=/usr/bin/python3" if "python" in needed.name else f"chmod a+rX {blocked}")
            raise RuntimeError(f"pupils' servers could not read {needed}: other users cannot enter or read "
                               f"{blocked}; {fix}")
    for name in room.accounts():
        user = _ensure_user(room.system_user(name), room.home(name))
        _home(room.home(name), user.pw_uid, user.pw_gid)
    notes = [f"System users: {room.system_user(room.accounts()[0])} .. {room.system_user(room.accounts()[-1])} "
             "(make hub-clean-users removes them; homes stay)."]
    write_git_config(room)
    if room.source == str(room.repo_copy):
        publish_repo(REPO_ROOT, room.repo_copy)
        notes.append(f"Lesson links pull {room.repo_copy}: a read-only copy of this checkout's committed branches.")
    return notes


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.users remove [--port P] [--homes DIR]``: delete the kit's system users (hub-clean-users).

    Without ``--port``, every class's; with ``--homes``, their homes in DIR too.  Needs root.
    """
    parser = argparse.ArgumentParser(prog="python -m hub.users", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["remove", "list"])
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--homes", type=Path, default=None, help="also delete each removed account's home here")
    args = parser.parse_args(argv)
    if args.action == "list":
        print("\n".join(u.pw_name for u in kit_users(args.port)) or "(no system users of the kit)")
        return 0
    if os.geteuid() != 0:
        print("make hub-clean-users: needs root (sudo make hub-clean-users)")
        return 1
    removed = remove_users(args.port, args.homes)
    print(f"Removed {len(removed)} system user(s) of the kit" + (": " + ", ".join(removed) if removed else "."))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
