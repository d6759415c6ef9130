"""One class on one JupyterHub: its settings, accounts, lesson links and per-pupil limits.

Shared by ``hub/jupyterhub_config.py`` (which JupyterHub loads), :mod:`hub.run` and :mod:`hub.loadtest`, so each
of these reads the same values.  The settings travel from ``make hub`` to the hub's configuration in environment
variables (``KIT_HUB_*``, see :meth:`Classroom.from_env`).

>>> room = Classroom(pupils=2, repo="https://example.org/school/fifteen-kit.git")
>>> room.accounts()
['teacher', 'pupil01', 'pupil02']
>>> room.lesson_link("lessons/01_magic_square.ipynb").split("?")[0]
'http://127.0.0.1:8000/hub/user-redirect/git-pull'
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, fields
from pathlib import Path
from urllib.parse import urlencode

__all__ = [
    "CPU_LIMIT",
    "MAX_PUPILS",
    "MEM_LIMIT",
    "MEM_LIMIT_BYTES",
    "REPO_ROOT",
    "TARGET_DIR",
    "TEACHER",
    "Classroom",
    "default_root",
    "lesson_files",
    "pupil_names",
]

REPO_ROOT = Path(__file__).resolve().parent.parent
TEACHER = "teacher"
MAX_PUPILS = 99
TARGET_DIR = "fifteen-kit"  # the folder nbgitpuller pulls the repository into, in each pupil's home

# Per-pupil limits.  JupyterHub passes them to its spawner; SimpleLocalProcessSpawner (what make hub uses on this
# machine, see jupyterhub_config.py) does not enforce them, Zero to JupyterHub's KubeSpawner does (deploy/z2jh/).
# Chosen from `make hub-loadtest` (hub/results/loadtest.json; tests/hub checks both rules against it):
# - memory: at least twice the largest RSS (what a container's cgroup charges) of any measured pupil (server +
#   kernel, after a lesson's Run All and the board moves; about 0.28 GB, lesson 01), for a pupil who re-runs
#   cells, plays longer or opens a second lesson (a second kernel); and small enough that a class of 30 all at
#   the limit still fits a 24 GB machine beside the 3 GB reserve (30 x 640 MiB = 18.75 GiB).  Rounded up to a
#   128 MiB step: 640 MiB.
# - CPU: one core.  The heaviest Run All (server + kernel) takes under 5 CPU-seconds, nearly all on one core, so a
#   pupil alone is not slowed; the cap keeps one pupil (a runaway loop) from taking both cores of a 2-core machine.
MEM_LIMIT = "640M"
MEM_LIMIT_BYTES = 640 * 1024 * 1024
CPU_LIMIT = 1.0


def default_root(euid: int | None = None, env: dict[str, str] | None = None) -> Path:
    """Where a hub keeps its state, the pupils' homes and the copy of the lessons, by default: outside the checkout.

    Run as root (a school server): ``/var/lib/fifteen-kit-hub``, the place the Filesystem Hierarchy Standard gives
    a program's own data (not ``/home``, where a school's real accounts live).  Run as another user (one trusted
    person, see hub/README.md): ``$XDG_DATA_HOME/fifteen-kit-hub`` (``~/.local/share/fifteen-kit-hub``).

    >>> default_root(euid=0)
    PosixPath('/var/lib/fifteen-kit-hub')
    >>> default_root(euid=1000, env={"XDG_DATA_HOME": "/data/ann"})
    PosixPath('/data/ann/fifteen-kit-hub')
    """
    euid = os.geteuid() if euid is None else euid
    if euid == 0:
        return Path("/var/lib/fifteen-kit-hub")
    env = dict(os.environ) if env is None else env
    data = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", str(Path.home()))) / ".local" / "share")
    return Path(data) / "fifteen-kit-hub"


def pupil_names(count: int) -> list[str]:
    """The pupils' account names, ``pupil01`` .. ``pupilNN``.

    Raises ValueError if ``count`` is not between 1 and :data:`MAX_PUPILS`.

    >>> pupil_names(3)
    ['pupil01', 'pupil02', 'pupil03']
    >>> pupil_names(0)
    Traceback (most recent call last):
    ...
    ValueError: count: a class has 1 to 99 pupils, not 0
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PUPILS:
        raise ValueError(f"count: a class has 1 to {MAX_PUPILS} pupils, not {count!r}")
    return [f"pupil{i:02d}" for i in range(1, count + 1)]


def lesson_files() -> list[str]:
    """The lessons, as paths relative to the repository root, in teaching order.

    >>> lesson_files()[0]
    'lessons/00_start_here.ipynb'
    """
    return sorted(p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))


@dataclass(frozen=True)
class Classroom:
    """Settings of one class's hub.

    ``pupils``: number of pupil accounts (1 to 99); ``ip``/``port``: where the hub listens; ``repo``/``branch``:
    the git repository (URL or local path) the lesson links pull from (empty: the kit's public git address if it
    has one, else the read-only copy of this checkout that the hub publishes, :attr:`repo_copy`); ``state``: the
    folder (mode 0700, only the hub's user can enter it) for the hub's database, cookie secret, proxy token and
    password store; ``homes``: the folder of the people's homes (one per account, mode 0700, owned by that
    account's system user when the hub runs as root); ``cull_idle``/``cull_every``: seconds of inactivity after which a
    pupil's server is stopped, and how often the culler looks (seconds); ``public_url``: the address pupils use when
    the hub sits behind a school's HTTPS proxy (``https://hub.example.org/``; empty: ``http://ip:port/``), which
    the printed address and lesson links then use; ``lockout_after``/``lockout_seconds``: that many wrong passwords
    in a row lock an account for that many seconds (hub/accounts.py); ``class_list``: a text file of the pupils'
    names, one a line in account order, printed on their sign-in slips only (hub/slips.py; empty: no names).
    """

    pupils: int = 30
    ip: str = "127.0.0.1"
    port: int = 8000
    repo: str = ""
    branch: str = "main"
    state: str = str(default_root() / "state")
    homes: str = str(default_root() / "homes")
    cull_idle: int = 3600
    cull_every: int = 300
    public_url: str = ""
    lockout_after: int = 5
    lockout_seconds: int = 120
    class_list: str = ""

    def __post_init__(self) -> None:
        pupil_names(self.pupils)
        if not 1 <= self.port <= 32000 - 10 - MAX_PUPILS:
            raise ValueError(f"port: 1 to {32000 - 10 - MAX_PUPILS} (servers use the 110 after), not {self.port}")
        if self.cull_idle < 60 or self.cull_every < 10:
            raise ValueError(f"cull_idle/cull_every: at least 60/10 seconds, not {self.cull_idle}/{self.cull_every}")
        for name in ("state", "homes"):
            path = Path(getattr(self, name))
            if not path.is_absolute() or path.resolve() == REPO_ROOT or REPO_ROOT in path.resolve().parents:
                raise ValueError(f"{name}: an absolute folder outside the kit's checkout, not {str(path)!r}")
        if self.public_url and not self.public_url.startswith(("http://", "https://")):
            raise ValueError(f"public_url: an http:// or https:// address, not {self.public_url!r}")
        if not 1 <= self.lockout_after <= 100 or not 1 <= self.lockout_seconds <= 86400:
            raise ValueError(f"lockout_after/lockout_seconds: 1 to 100 wrong passwords and 1 to 86400 seconds, not "
                             f"{self.lockout_after}/{self.lockout_seconds}")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Classroom:
        """The settings from ``KIT_HUB_<FIELD>`` environment variables (missing ones keep their defaults).

        >>> Classroom.from_env({"KIT_HUB_PUPILS": "5"}).pupils
        5
        """
        env = dict(os.environ) if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = env.get(f"KIT_HUB_{f.name.upper()}")
            if raw not in (None, ""):
                values[f.name] = int(raw) if f.type == "int" else raw
        return cls(**values)  # type: ignore[arg-type]

    def to_env(self) -> dict[str, str]:
        """The settings as ``KIT_HUB_*`` environment variables (what :meth:`from_env` reads).

        >>> Classroom(pupils=4).to_env()["KIT_HUB_PUPILS"]
        '4'
        """
        return {f"KIT_HUB_{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}

    @property
    def url(self) -> str:
        """The hub's address, ending in ``/``: ``public_url`` if set, else ``http://ip:port/``.

        >>> Classroom(public_url="https://hub.example.org").url
        'https://hub.example.org/'
        """
        return self.public_url.rstrip("/") + "/" if self.public_url else self.local_url

    @property
    def local_url(self) -> str:
        """Where the hub listens on this machine, ``http://ip:port/`` (what hub/run.py and the load test call)."""
        return f"http://{self.ip}:{self.port}/"

    @property
    def state_path(self) -> Path:
        """The state folder as a path."""
        return Path(self.state)

    @property
    def homes_path(self) -> Path:
        """The folder of the homes as a path."""
        return Path(self.homes)

    @property
    def repo_copy(self) -> Path:
        """The read-only bare copy of this checkout that the hub publishes for the links (beside the homes).

        >>> Classroom(homes="/srv/kit/homes").repo_copy
        PosixPath('/srv/kit/lessons.git')
        """
        return self.homes_path.parent / "lessons.git"

    @property
    def git_config(self) -> Path:
        """The git settings every account's server uses (``GIT_CONFIG_GLOBAL``; root's, read-only), beside the homes.

        >>> Classroom(homes="/srv/kit/homes").git_config
        PosixPath('/srv/kit/gitconfig')
        """
        return self.homes_path.parent / "gitconfig"

    @property
    def source(self) -> str:
        """What the lesson links pull: ``repo`` if set, else the kit's public git address, else :attr:`repo_copy`.

        >>> Classroom(repo="https://example.org/a.git").source
        'https://example.org/a.git'
        """
        if self.repo:
            return self.repo
        from website.address import kit_address

        address = kit_address()
        return address.git_url if address is not None else str(self.repo_copy)

    def system_user(self, name: str) -> str:
        """The system user that account ``name`` runs as (a root hub): ``fk<port>-<name>``, one set per class.

        The prefix keeps the class's users apart from a school's own accounts (a ``teacher`` may exist already)
        and from another class's hub on another port.

        >>> Classroom(port=8000).system_user("pupil07")
        'fk8000-pupil07'
        """
        self.server_port(name)  # ValueError for a name that is not an account
        return f"fk{self.port}-{name}"

    def home(self, name: str) -> Path:
        """The home folder of user ``name``."""
        return self.homes_path / name

    def runtime_dir(self, name: str) -> Path:
        """Jupyter's runtime folder (connection files, kernels' ipc sockets) for user ``name``.

        Under the system's temporary folder, not the home, so that socket paths stay within the 107 characters
        Unix allows.

        >>> len(str(Classroom().runtime_dir("pupil30")) + "/kernel-" + "x" * 36 + "-ipc-4") < 107
        True
        """
        return Path(tempfile.gettempdir()) / f"fifteen-kit-hub-{self.port}" / name

    def ports(self) -> list[int]:
        """Every port the hub uses: the public one (the proxy), the hub's API, the proxy's API, each server's.

        >>> Classroom(pupils=2).ports()
        [8000, 8001, 8002, 8010, 8011, 8012]
        """
        return [self.port, self.port + 1, self.port + 2, *(self.server_port(name) for name in self.accounts())]

    def server_port(self, name: str) -> int:
        """The port of user ``name``'s single-user server: the hub's port + 10 for the teacher, + 10 + NN for pupilNN.

        Fixed ports below the system's ephemeral range (32768 and up on Linux), so no other process takes them.

        >>> Classroom().server_port("pupil07")
        8017

        Raises ValueError for a name that is not one of the class's accounts.
        """
        accounts = self.accounts()
        if name not in accounts:
            raise ValueError(f"name: not an account of this class: {name!r}")
        return self.port + 10 + accounts.index(name)

    def accounts(self) -> list[str]:
        """Every account: the teacher (an admin) first, then the pupils."""
        return [TEACHER, *pupil_names(self.pupils)]

    def lesson_link(self, path: str) -> str:
        """The nbgitpuller link that pulls the repository into the pupil's home and opens ``path`` in JupyterLab.

        ``path`` is relative to the repository root (a notebook or a folder).  Opening the link logs the pupil
        in, starts their server if needed, pulls (a first clone, later a merge that keeps the pupil's edits) into
        ``~/fifteen-kit`` and opens the file.
        """
        query = urlencode({"repo": self.source, "branch": self.branch, "targetpath": TARGET_DIR,
                           "urlpath": f"lab/tree/{TARGET_DIR}/{path}"})
        return f"{self.url}hub/user-redirect/git-pull?{query}"

    def lesson_links(self) -> dict[str, str]:
        """One link per lesson (and one for ``play/``), keyed by path."""
        return {path: self.lesson_link(path) for path in [*lesson_files(), "play"]}


def hub_bin(name: str) -> str:
    """Path of a command in the hub's venv (``.venv-hub/bin``), or next to this Python if that venv is absent."""
    candidate = REPO_ROOT / ".venv-hub" / "bin" / name
    return str(candidate if candidate.exists() else Path(sys.executable).parent / name)


def proxy_command() -> str:
    """Path of configurable-http-proxy as ``make hub`` installs it (npm, into ``.cache/hub-proxy``)."""
    return str(REPO_ROOT / ".cache" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy")
