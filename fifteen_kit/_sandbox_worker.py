"""The process that runs one handed-in player behind an operating-system boundary (private; see
:mod:`fifteen_kit.sandbox`).

Run as ``python -I -S -B _sandbox_worker.py CONFIG_JSON`` with an empty environment, in a fresh empty
directory.  Before it reads a line of the pupil's code it

1. when started by root, becomes ``nobody`` (65534) with no supplementary groups; then enters new Linux
   namespaces: user, mount, network, IPC, UTS and PID.  Inside, it is root of its own user namespace, mapped
   to that one user, so every file access on the real filesystem is checked as ``nobody`` (or as the teacher's
   own user when the kit does not run as root);
2. builds a new root on a small tmpfs with only the Python installation and the kit's package, both
   read-only, an empty writable ``/work`` and ``/dev/null``; then ``pivot_root`` there and detaches the old
   root: the teacher's home,
   ``/etc``, ``/proc``, ``/tmp`` and every socket file are simply not there;
3. has no network (a new network namespace has only a loopback interface, down);
4. forks once into the new PID namespace (it is process 1 there; when it dies, everything it started dies);
5. sets resource limits (CPU seconds, address space, file size, open files, no new processes, no core),
   drops every capability, sets no_new_privs.

Then it answers the parent on stdin/stdout, one JSON object per line; the pupil's own prints go to
``/dev/null``.  If any step of the boundary fails it answers ``{"unsafe": reason}`` and exits without
running pupil code: the parent then refuses to run untrusted players.

Only the standard library is imported before the boundary is up.
"""

from __future__ import annotations

import ctypes
import json
import os
import platform
import resource
import sys

__all__ = ["CLONE_NEWIPC", "CLONE_NEWNET", "CLONE_NEWNS", "CLONE_NEWPID", "CLONE_NEWUSER", "CLONE_NEWUTS",
           "MNT_DETACH", "MS_BIND", "MS_NODEV", "MS_NOSUID", "MS_PRIVATE", "MS_RDONLY", "MS_REC", "MS_REMOUNT",
           "NOBODY", "PR_CAPBSET_DROP", "PR_SET_DUMPABLE", "PR_SET_NO_NEW_PRIVS", "PR_SET_PDEATHSIG",
           "SYS_PIVOT_ROOT", "Unsafe", "drop", "enter", "main"]

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "armv7l": 218, "riscv64": 41}
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS = 1, 4, 24, 38
NOBODY = 65534

_libc = ctypes.CDLL(None, use_errno=True)


class Unsafe(Exception):
    """A part of the boundary could not be set up."""


def _call(name: str, *args: object) -> None:
    if getattr(_libc, name)(*args) != 0:
        err = ctypes.get_errno()
        raise Unsafe(f"{name}{tuple(a.decode() if isinstance(a, bytes) else a for a in args)!r}: "
                     f"{os.strerror(err)}")


def _write(path: str, text: str, proc: int) -> None:
    # write ``text`` to ``path`` below /proc, open as the directory ``proc`` (kept from before the new root)
    try:
        fd = os.open(path, os.O_WRONLY, dir_fd=proc)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)
    except OSError as exc:
        raise Unsafe(f"writing /proc/{path}: {exc.strerror}") from None


def _bind(source: str, target: str, directory: bool = True) -> None:
    # bind ``source`` read-only at ``target``
    if directory:
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        open(target, "a").close()
    _call("mount", source.encode(), target.encode(), None, MS_BIND | MS_REC, None)
    flags = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID
    if not directory or _libc.mount(None, target.encode(), None, flags | MS_NODEV, None) != 0:
        _call("mount", None, target.encode(), None, flags, None)  # /dev/null is a device: no nodev there


def _new_root(config: dict) -> None:
    # in a new mount namespace: a tmpfs root with only what the player needs, read-only; then pivot_root to it
    root = os.getcwd()
    _call("mount", None, b"/", None, MS_REC | MS_PRIVATE, None)
    _call("mount", b"tmpfs", root.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, b"size=8m,mode=0755")
    for source, target in config["read_only"]:
        _bind(source, root + target)
    for link, target in config["links"]:
        os.symlink(target, root + link)
    _bind("/dev/null", root + "/dev/null", directory=False)
    os.makedirs(root + "/work", mode=0o777)
    _call("mount", None, root.encode(), None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, None)
    # the root is read-only; /work is a tmpfs of its own, 1 MB (and files are limited by RLIMIT_FSIZE too)
    _call("mount", b"tmpfs", (root + "/work").encode(), b"tmpfs", MS_NOSUID | MS_NODEV, b"size=1m,mode=0777")
    os.chdir(root)
    number = SYS_PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise Unsafe(f"no pivot_root for {platform.machine()}")
    _call("syscall", number, b".", b".")  # the old root is stacked on the new one ...
    _call("umount2", b".", MNT_DETACH)  # ... and detached: the real filesystem is gone from this namespace
    os.chdir("/work")


def _map_user(uid: int, gid: int, proc: int) -> None:
    _write("self/setgroups", "deny", proc)
    _write("self/uid_map", f"0 {uid} 1", proc)
    _write("self/gid_map", f"0 {gid} 1", proc)


def enter(config: dict) -> None:
    """Set up the boundary described in the module docstring (raises Unsafe if any part fails)."""
    others = CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWPID
    proc = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)  # closed before any player code
    try:
        _enter(config, others, proc)
    finally:
        os.close(proc)


def _enter(config: dict, others: int, proc: int) -> None:
    if os.getuid() == 0:
        # root: build the new root in a mount namespace of its own, then become nobody (no groups), and only
        # then enter a user namespace (which therefore has no power over that mount namespace) and the others
        _call("unshare", CLONE_NEWNS)
        _new_root(config)
        os.setgroups([])
        os.setresgid(NOBODY, NOBODY, NOBODY)
        os.setresuid(NOBODY, NOBODY, NOBODY)
        _call("prctl", PR_SET_DUMPABLE, 1, 0, 0, 0)  # a changed user is not dumpable: /proc/self would be root's
        _call("unshare", CLONE_NEWUSER | others)
        _map_user(NOBODY, NOBODY, proc)
    else:
        # another user: a user namespace first, which gives the right to build the new root
        uid, gid = os.getuid(), os.getgid()
        _call("unshare", CLONE_NEWUSER | CLONE_NEWNS | others)
        _map_user(uid, gid, proc)
        _new_root(config)


def drop(config: dict) -> None:
    """Resource limits, then no capabilities and no new privileges."""
    limits = config["limits"]
    for name, value in (("RLIMIT_CPU", limits["cpu_seconds"]), ("RLIMIT_AS", limits["memory_bytes"]),
                        ("RLIMIT_FSIZE", limits["file_bytes"]), ("RLIMIT_NOFILE", limits["open_files"]),
                        ("RLIMIT_NPROC", 0), ("RLIMIT_CORE", 0)):
        resource.setrlimit(getattr(resource, name), (value, value))
    _call("prctl", PR_SET_DUMPABLE, 0, 0, 0, 0)
    _call("prctl", PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() != 22:  # EINVAL: no such cap
            raise Unsafe(f"dropping capability {cap}: {os.strerror(ctypes.get_errno())}")

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    data = (Data * 2)()
    _call("capset", ctypes.byref(Header(0x20080522, 0)), data)


def main() -> None:
    """Set up the boundary, then serve the parent (see the module docstring)."""
    config = json.loads(sys.argv[1])
    out = os.fdopen(os.dup(1), "w", buffering=1)
    try:
        enter(config)
    except (Unsafe, OSError) as exc:
        out.write(json.dumps({"unsafe": f"could not isolate the player: {exc}"}) + "\n")
        return
    child = os.fork()  # process 1 of the new PID namespace
    if child:
        _, status = os.waitpid(child, 0)
        code = os.waitstatus_to_exitcode(status)
        os._exit(128 - code if code < 0 else code & 0x7F)  # killed by signal n: 128 + n, as a shell says
    _libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0)
    sys.path.insert(0, "/kit")
    try:
        from fifteen_kit import _sandbox_player  # the kit's engines, imported before the limits close in
        _sandbox_player.prepare()
        drop(config)
    except (Unsafe, OSError, ImportError) as exc:
        out.write(json.dumps({"unsafe": f"could not isolate the player: {exc}"}) + "\n")
        os._exit(3)
    null = os.open("/dev/null", os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - open for the life of the process
    _sandbox_player.serve(sys.stdin, out)
    os._exit(0)


if __name__ == "__main__":
    main()
