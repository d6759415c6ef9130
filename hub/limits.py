"""Per-pupil memory and CPU limits on one machine: cgroups where the machine offers them, resource limits always.

:func:`detect` looks at what this machine has and :func:`describe` says it (``make hub`` prints it at start and in
the banner).  Every pupil's server and kernels then run under, set by :func:`preexec` between fork and exec (as root,
before the spawner drops to the pupil's system user):

- a cgroup of their own, made below the hub's own cgroup (so a limit set on the hub by the machine still holds):
  cgroup v2 (``memory.max``, ``cpu.max``) where the unified hierarchy has the memory and cpu controllers, else
  cgroup v1 (``memory.limit_in_bytes``, ``cpu.cfs_quota_us``).  The memory limit counts the pupil's server and
  kernels together; above it the kernel's OOM killer ends the pupil's largest process (their kernel), nobody
  else's.  The CPU limit is :data:`~hub.classroom.CPU_LIMIT` core: one pupil's busy loop cannot take both cores.
- ``RLIMIT_DATA`` of :data:`~hub.classroom.MEM_LIMIT` per process, so one big allocation (a 2 GB list) fails at
  once with MemoryError in the pupil's own kernel instead of growing until the OOM killer ends it; and
  ``RLIMIT_NPROC`` (:data:`MAX_PROCESSES` threads and processes per pupil), so a fork bomb stops at that.
- ``PR_SET_NO_NEW_PRIVS``: no set-user-id program (su, sudo, ...) can give a pupil's process more rights.
- ``RLIMIT_FSIZE`` of :data:`MAX_FILE` per file: a write past it fails with ``OSError`` (File too large) in the
  pupil's own kernel.  Disk space as a whole is NOT limited per pupil: that needs filesystem quotas, which a school
  server's administrator turns on for the folder of the homes (Linux ``quota`` tools, or a volume per pupil as the
  Kubernetes chart gives); :func:`describe` says so in the banner.

The folders are removed by :func:`cleanup` when the hub stops.

>>> detect(Path("/nonexistent")).kind
'rlimit'
"""

from __future__ import annotations

import ctypes
import os
import resource
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hub.classroom import CPU_LIMIT, MEM_LIMIT, MEM_LIMIT_BYTES

__all__ = ["MAX_FILE", "MAX_PROCESSES", "Mechanism", "cleanup", "describe", "detect", "preexec", "user_cgroups"]

CGROUP_ROOT = Path("/sys/fs/cgroup")
MAX_PROCESSES = 512  # threads + processes per pupil's system user: a server and kernels use about 60
#: Bytes one file of a pupil's may hold (the lessons' files are under 300 KB; a saved notebook with every board
#: played stays under a few MB).
MAX_FILE = 256 * 1024**2
PERIOD_US = 100_000
PR_SET_NO_NEW_PRIVS = 38


@dataclass(frozen=True)
class Mechanism:
    """How limits are enforced here: ``kind`` is ``cgroup2``, ``cgroup1`` or ``rlimit`` (no usable cgroups);
    ``memory``/``cpu`` are the folders under which each class's per-pupil cgroups go (None for ``rlimit``)."""

    kind: str
    memory: Path | None = None
    cpu: Path | None = None


def _own(controller: str, root: Path) -> str:
    """This process's cgroup path for ``controller`` (``""`` for the unified hierarchy), from /proc/self/cgroup."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _num, names, path = line.split(":", 2)
        if controller in names.split(",") or (controller == "" and names == ""):
            return path.lstrip("/")
    return ""


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK)


def detect(root: Path = CGROUP_ROOT) -> Mechanism:
    """What this machine offers (see the module's text); needs root to find a writable cgroup hierarchy."""
    controllers = root / "cgroup.controllers"
    if controllers.exists() and {"memory", "cpu"} <= set(controllers.read_text().split()):
        base = root / _own("", root)
        if _writable(base):
            return Mechanism("cgroup2", base, base)
    memory, cpu = root / "memory", root / "cpu"
    if (memory / "memory.limit_in_bytes").exists() and (cpu / "cpu.cfs_quota_us").exists():
        mem_base, cpu_base = memory / _own("memory", root), cpu / _own("cpu", root)
        if _writable(mem_base) and _writable(cpu_base):
            return Mechanism("cgroup1", mem_base, cpu_base)
    return Mechanism("rlimit")


def describe(mechanism: Mechanism) -> str:
    """One paragraph for the banner: what is enforced, and what happens to a pupil at the limit.

    >>> describe(Mechanism("rlimit")).startswith("Limits per pupil: NO CGROUPS")
    True
    """
    each = (f"each process at most {MEM_LIMIT} of data (a bigger allocation raises MemoryError in the pupil's "
            f"kernel), {MAX_PROCESSES} processes/threads per pupil, each file at most {MAX_FILE // 1024**2}M, no "
            "set-user-id programs. Disk space is NOT limited per pupil (no quotas: a pupil writing flat out fills "
            "about 1 GB in 3 s; turn on quotas for HUB_HOMES and /tmp on a shared server)")
    if mechanism.kind == "rlimit":
        return ("Limits per pupil: NO CGROUPS here (none writable), so only " + each + ". Memory is limited per "
                "process, not per pupil (several kernels can together exceed it), and CPU is NOT limited: one "
                "pupil's busy loop can slow everyone.")
    return (f"Limits per pupil ({mechanism.kind}): memory {MEM_LIMIT} for server + kernels together (above it "
            f"the pupil's own kernel is ended, nobody else's), CPU {CPU_LIMIT:g} core; " + each + ".")


def user_cgroups(mechanism: Mechanism, port: int, user: str) -> list[Path]:
    """The cgroup folders of system user ``user`` on the hub at ``port`` (none for ``rlimit``).

    >>> user_cgroups(Mechanism("cgroup1", Path("/m"), Path("/c")), 8000, "fk8000-pupil01")
    [PosixPath('/m/fifteen-kit-hub-8000/fk8000-pupil01'), PosixPath('/c/fifteen-kit-hub-8000/fk8000-pupil01')]
    """
    if mechanism.memory is None or mechanism.cpu is None:
        return []
    memory = mechanism.memory / f"fifteen-kit-hub-{port}" / user
    cpu = mechanism.cpu / f"fifteen-kit-hub-{port}" / user
    return [memory] if memory == cpu else [memory, cpu]


def _make(mechanism: Mechanism, port: int, user: str) -> list[Path]:
    """Create (or reset) ``user``'s cgroup folders with the limits; returns their ``cgroup.procs`` files."""
    folders = user_cgroups(mechanism, port, user)
    quota = round(CPU_LIMIT * PERIOD_US)
    for folder in folders:
        if mechanism.kind == "cgroup2":
            for parent in (folder.parent.parent, folder.parent):
                parent.mkdir(exist_ok=True)
                (parent / "cgroup.subtree_control").write_text("+memory +cpu")
        folder.mkdir(parents=True, exist_ok=True)
    if mechanism.kind == "cgroup2":
        (folders[0] / "memory.max").write_text(str(MEM_LIMIT_BYTES))
        (folders[0] / "memory.swap.max").write_text("0")
        (folders[0] / "cpu.max").write_text(f"{quota} {PERIOD_US}")
    elif mechanism.kind == "cgroup1":
        mem, cpu = folders
        (mem / "memory.limit_in_bytes").write_text(str(MEM_LIMIT_BYTES))
        if (mem / "memory.memsw.limit_in_bytes").exists():  # swap accounting on: no swapping past the limit
            (mem / "memory.memsw.limit_in_bytes").write_text(str(MEM_LIMIT_BYTES))
        (cpu / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (cpu / "cpu.cfs_quota_us").write_text(str(quota))
    return [folder / "cgroup.procs" for folder in folders]


def preexec(mechanism: Mechanism, port: int, user: str, then: Callable[[], None]) -> Callable[[], None]:
    """A ``preexec_fn`` that puts the new process in ``user``'s cgroups and sets its limits, then runs ``then``
    (the spawner's own, which drops to the pupil's system user).  The folders are made now, in the hub."""
    procs = _make(mechanism, port, user)
    libc = ctypes.CDLL(None, use_errno=True)

    def run() -> None:
        for path in procs:
            with open(path, "w") as f:
                f.write("0")  # 0: the writing process, i.e. this child
        resource.setrlimit(resource.RLIMIT_DATA, (MEM_LIMIT_BYTES, MEM_LIMIT_BYTES))
        resource.setrlimit(resource.RLIMIT_NPROC, (MAX_PROCESSES, MAX_PROCESSES))
        resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_FILE, MAX_FILE))
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
        then()

    return run


def cleanup(mechanism: Mechanism, port: int) -> list[str]:
    """Remove the class's cgroup folders (after its processes ended); returns those that could not go."""
    left = []
    for base in {p for p in (mechanism.memory, mechanism.cpu) if p is not None}:
        class_dir = base / f"fifteen-kit-hub-{port}"
        if not class_dir.is_dir():
            continue
        for folder in sorted(class_dir.iterdir()):
            if folder.is_dir():
                try:
                    folder.rmdir()
                except OSError:
                    left.append(str(folder))
        try:
            class_dir.rmdir()
        except OSError:
            left.append(str(class_dir))
    return left
