"""The kit's public address: one setting that every published link is made from.

The address is a public Git repository ``owner/name`` on GitHub (``HOST``; a fork sets its own).  It is read, in
this order, from

1. the environment variable ``KIT_REPO`` (``make ... KIT_REPO=owner/name``; the publishing workflow sets it to
   the repository it runs in), then
2. the checkout's ``origin`` remote, when that is a GitHub address.

Where neither gives one, :func:`kit_address` returns ``None`` and every page that would show a link says instead
how to publish a copy (:data:`HOW_TO_PUBLISH`), never a ``<owner>/<repo>`` template.

From an :class:`Address` come the links a user clicks: the published site (GitHub Pages), a lesson in the browser
(the site's JupyterLite), a lesson on Binder, and the Git URL a school hub's lesson links pull from.

>>> a = Address.parse("school-maths/fifteen-kit")
>>> a.site_url
'https://school-maths.github.io/fifteen-kit/'
>>> a.binder_url("lessons/01_magic_square.ipynb")
'https://mybinder.org/v2/gh/school-maths/fifteen-kit/main?urlpath=lab/tree/lessons/01_magic_square.ipynb'
>>> a.lite_url("lessons/01_magic_square.ipynb")
'https://school-maths.github.io/fifteen-kit/lite/lab/index.html?path=01_magic_square.ipynb'
>>> a.git_url
'https://github.com/school-maths/fifteen-kit.git'
>>> kit_address(env={"KIT_REPO": "school-maths/fifteen-kit"}).repo
'school-maths/fifteen-kit'
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from fifteen_kit.errors import InvalidArgumentError

__all__ = ["HOST", "HOW_TO_PUBLISH", "LITE_PATH", "Address", "kit_address", "lite_path", "repo_from_remote"]

ROOT = Path(__file__).resolve().parent.parent
#: The Git host whose pages and CI publish the kit (a fork on another host changes this and the URLs below).
HOST = "github.com"
#: Where the JupyterLite site sits inside the published site.
LITE_PATH = "lite/"
#: What a page says where no public address is known yet.
HOW_TO_PUBLISH = (
    "This copy of the kit has no public address yet. To publish it: push it to a public GitHub repository, "
    "turn on GitHub Pages with 'GitHub Actions' as its source (Settings > Pages), and the workflow in "
    ".github/workflows/publish.yml tests and publishes it on every push to main. Its links then point at "
    "https://OWNER.github.io/NAME/; to build the same site here, run `make site KIT_REPO=OWNER/NAME`."
)

# GitHub's rules: an owner is 1-39 letters, digits or single hyphens (not first or last); a repository name is
# 1-100 letters, digits, '.', '-' or '_', and not '.' or '..'.
_OWNER = r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}"
_NAME = r"(?!\.\.?$)[A-Za-z0-9._-]{1,100}"
_REPO = re.compile(rf"({_OWNER})/({_NAME})")
_REMOTE = re.compile(
    rf"(?:https://(?:[^@/]+@)?{re.escape(HOST)}/|git@{re.escape(HOST)}:|ssh://git@{re.escape(HOST)}/)"
    rf"({_OWNER})/({_NAME}?)(?:\.git)?/?"
)


def lite_path(path: str = "lessons/00_start_here.ipynb") -> str:
    """Where ``path`` (relative to the repository's root) opens in the JupyterLite site, relative to the site's root.

    The site's own pages link to this (prefixed with the way up to the root), so the link works on any host and
    offline; lessons sit at JupyterLite's top, boards in its ``play/``.

    >>> lite_path("play/dice.ipynb")
    'lite/lab/index.html?path=play/dice.ipynb'
    """
    inside = path.removeprefix("lessons/")
    return f"{LITE_PATH}lab/index.html?path={quote(inside)}"


@dataclass(frozen=True)
class Address:
    """A published copy of the kit: ``owner/name`` on :data:`HOST`, and the branch its links open.

    Attributes:
        owner: the GitHub account or organisation.
        name: the repository's name.
        branch: the branch Binder builds and hub links pull (``main``).

    Raises:
        InvalidArgumentError: (from :meth:`parse`) text that is not ``owner/name`` by GitHub's rules.

    >>> Address.parse("a/b").repo_url
    'https://github.com/a/b'
    """

    owner: str
    name: str
    branch: str = "main"

    @classmethod
    def parse(cls, text: str, branch: str = "main") -> Address:
        """``owner/name`` (surrounding spaces ignored) as an :class:`Address`.

        >>> Address.parse(" school/kit ").repo
        'school/kit'
        >>> Address.parse("<owner>/<repo>")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.InvalidArgumentError: a public address is owner/name, ... (input: '<owner>/<repo>'; ...)
        """
        if not isinstance(text, str) or not (m := _REPO.fullmatch(text.strip())):
            raise InvalidArgumentError("a public address is owner/name, as on GitHub", input=text,
                                       position="KIT_REPO")
        if not isinstance(branch, str) or not re.fullmatch(r"[A-Za-z0-9._/-]{1,100}", branch) or ".." in branch:
            raise InvalidArgumentError("a branch name is letters, digits, '.', '_', '-' and '/'", input=branch,
                                       position="KIT_BRANCH")
        return cls(m.group(1), m.group(2), branch)

    @property
    def repo(self) -> str:
        """``owner/name``."""
        return f"{self.owner}/{self.name}"

    @property
    def repo_url(self) -> str:
        """The repository's page."""
        return f"https://{HOST}/{self.repo}"

    @property
    def git_url(self) -> str:
        """What ``git clone`` (and a hub's nbgitpuller links) fetch."""
        return f"{self.repo_url}.git"

    @property
    def site_url(self) -> str:
        """The published site on GitHub Pages (a project site: ``https://owner.github.io/name/``).

        >>> Address.parse("Owner/owner.github.io").site_url
        'https://owner.github.io/'
        """
        user_site = self.name.lower() == f"{self.owner.lower()}.github.io"
        return f"https://{self.owner.lower()}.github.io/" + ("" if user_site else f"{self.name}/")

    def binder_url(self, path: str = "lessons/00_start_here.ipynb") -> str:
        """A link that opens ``path`` (relative to the repository's root) in JupyterLab on Binder."""
        return (f"https://mybinder.org/v2/gh/{self.repo}/{quote(self.branch, safe='')}"
                f"?urlpath=lab/tree/{quote(path)}")

    def lite_url(self, path: str = "lessons/00_start_here.ipynb") -> str:
        """A link that opens ``path`` in the published JupyterLite site (lessons sit at its top, boards in play/)."""
        return self.site_url + lite_path(path)


def repo_from_remote(url: str) -> str | None:
    """``owner/name`` of a GitHub remote URL (https, ssh or ``git@``), or ``None`` for any other URL.

    >>> repo_from_remote("git@github.com:school/fifteen-kit.git")
    'school/fifteen-kit'
    >>> repo_from_remote("/srv/git/fifteen-kit") is None
    True
    """
    m = _REMOTE.fullmatch(url.strip())
    return f"{m.group(1)}/{m.group(2)}" if m and m.group(2) else None


def kit_address(env: Mapping[str, str] | None = None, root: Path = ROOT) -> Address | None:
    """The kit's public address: ``KIT_REPO`` (and ``KIT_BRANCH``), else the ``origin`` remote, else ``None``.

    Args:
        env: the environment to read (``os.environ`` by default).
        root: the checkout whose ``origin`` remote is read when ``KIT_REPO`` is not set.

    Raises:
        InvalidArgumentError: ``KIT_REPO`` is set but is not ``owner/name``.

    >>> kit_address(env={"KIT_REPO": "a/b", "KIT_BRANCH": "lessons"}).binder_url("README.md")
    'https://mybinder.org/v2/gh/a/b/lessons?urlpath=lab/tree/README.md'
    """
    env = os.environ if env is None else env
    branch = env.get("KIT_BRANCH") or "main"
    if env.get("KIT_REPO", "").strip():
        return Address.parse(env["KIT_REPO"], branch)
    try:
        url = subprocess.run(["git", "-C", str(root), "remote", "get-url", "origin"], capture_output=True,
                             text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    repo = repo_from_remote(url) if url.strip() else None
    return Address.parse(repo, branch) if repo else None
