"""repo2docker's Python 3.11 base environment as exact PyPI pins, for ``make binder-check``.

Binder (repo2docker) first creates a conda environment from a lock file it ships, and only then runs
``pip install -r binder/requirements.txt`` and ``binder/postBuild`` into it.  conda's channel cannot be reached from
here, so ``make binder-check`` replays that environment's *Python* packages with pip, at the lock's versions, before
the kit's own pins.  This script turns the lock (kept verbatim beside it, :data:`LOCK`) into that pin file
(:data:`PINS`):

* each line of the lock is a conda package file ``<name>-<version>-<build>.<ext>``;
* packages whose build string does not start with ``py`` hold no Python code of their own (C libraries, Python
  itself, conda metapackages) and are skipped, except the metapackages in :data:`METAPACKAGES`, which stand for a
  PyPI distribution;
* conda names that differ from the PyPI name (beyond PEP 503 normalisation) go through :data:`CONDA_TO_PYPI`.

Run ``python tests/binder/repo2docker_base.py`` to rewrite :data:`PINS`, ``--check`` to fail if it is stale
(tests/binder/test_repo2docker_base.py does the same).  ``--kept-beside binder/requirements.txt --output FILE``
writes the pins the image *keeps* once those requirements are installed on top: every base pin except those the
requirements pin at another version (pip would uninstall them at once), so ``make binder-check`` installs about
half as much and still ends with the same packages at the same versions.  The script needs only the standard
library: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCK = HERE / "environment.py-3.11-linux-64.lock"
PINS = HERE / "repo2docker-base-py311.txt"

# Where the lock comes from (read with the session's code-search tools; conda-lock output, published data).
SOURCE_REPO = "jupyterhub/repo2docker"
SOURCE_PATH = "repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock"
SOURCE_COMMIT = "30a9dcec48dac14430fc0d9df0211be1a695169e"

# conda-forge names whose PyPI distribution is called otherwise.
CONDA_TO_PYPI = {
    "brotli-python": "brotli",
    "jupyterhub-base": "jupyterhub",
    "nbconvert-core": "nbconvert",
    "python-fastjsonschema": "fastjsonschema",
    "python-tzdata": "tzdata",  # conda's own "tzdata" is the system time-zone database, not this
}

# Metapackages (no files, build string not "py...") that stand for a PyPI distribution at their own version.
METAPACKAGES = {
    "jupyterhub-singleuser": "jupyterhub",
}

_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)$")
_PACKAGE_URL = re.compile(r"^https://\S+/(?P<file>[^/#\s]+?)\.(?:conda|tar\.bz2)(?:#\w+)?$")


def canonical_name(name: str) -> str:
    """A distribution name normalised as PEP 503 does (what ``packaging.utils.canonicalize_name`` returns).

    >>> canonical_name("jupyter_server.Terminals")
    'jupyter-server-terminals'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def conda_packages(lock_text: str) -> list[tuple[str, str, str]]:
    """The lock's packages as ``(name, version, build)`` triples, in the lock's order.

    Raises ValueError naming the line for a line that is neither a comment, ``@EXPLICIT`` nor a package URL.

    >>> conda_packages("@EXPLICIT\\nhttps://conda.anaconda.org/conda-forge/noarch/notebook-7.4.7-pyhd8ed1ab_0.conda#82")
    [('notebook', '7.4.7', 'pyhd8ed1ab_0')]
    """
    packages = []
    for number, line in enumerate(lock_text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#") or line == "@EXPLICIT":
            continue
        match = _PACKAGE_URL.match(line)
        if match is None:
            raise ValueError(f"lock line {number} is not a conda package URL: {line!r}")
        name, version, build = match["file"].rsplit("-", 2)
        packages.append((name, version, build))
    return packages


def pypi_pins(lock_text: str) -> dict[str, str]:
    """PyPI name (normalised) -> exact version, for every Python package of the lock.

    Raises ValueError if two conda packages map to the same PyPI name at different versions.
    """
    pins: dict[str, str] = {}
    for name, version, build in conda_packages(lock_text):
        if name in METAPACKAGES:
            pypi = METAPACKAGES[name]
        elif build.startswith("py"):
            pypi = CONDA_TO_PYPI.get(name, name)
        else:
            continue
        pypi = canonical_name(pypi)
        if pins.setdefault(pypi, version) != version:
            raise ValueError(f"{pypi} appears at {pins[pypi]} and at {version} in the lock")
    return dict(sorted(pins.items()))


def render(lock_text: str) -> str:
    """The pin file's text for ``lock_text``: a header naming the source, then ``name==version`` lines."""
    frozen = next((line[2:] for line in lock_text.splitlines() if line.startswith("# Frozen on")), "")
    header = [
        "# repo2docker's base environment for Python 3.11 (conda, linux-64), its Python packages as PyPI pins:",
        "# what a Binder image holds before binder/requirements.txt is installed on top (make binder-check).",
        f"# Source: {SOURCE_REPO} {SOURCE_PATH}",
        f"#   at commit {SOURCE_COMMIT} ({frozen[0].lower()}{frozen[1:]}), kept verbatim in tests/binder/.",
        "# Generated by tests/binder/repo2docker_base.py; do not edit by hand.",
    ]
    return "\n".join(header + [f"{name}=={version}" for name, version in pypi_pins(lock_text).items()]) + "\n"


def exact_pins(requirements_text: str) -> dict[str, str]:
    """``name==version`` lines of a requirements file as normalised name -> version (other lines ignored).

    >>> exact_pins("# pins\\njupyterlab==4.6.6\\nNotebook==7.6.5  # Notebook 7\\n")
    {'jupyterlab': '4.6.6', 'notebook': '7.6.5'}
    """
    pins = {}
    for line in requirements_text.splitlines():
        match = _PIN.match(line.split("#", 1)[0].strip())
        if match:
            pins[canonical_name(match["name"])] = match["version"]
    return pins


def kept_beside(pins_text: str, requirements_text: str) -> str:
    """``pins_text`` without the pins that ``requirements_text`` sets to another version (comments kept).

    >>> kept_beside("a==1\\nb==1\\nc==1\\n", "b==2\\nc==1\\n")
    'a==1\\nc==1\\n'
    """
    replaced = exact_pins(requirements_text)
    kept = []
    for line in pins_text.splitlines():
        pin = exact_pins(line)
        if not any(replaced.get(name, version) != version for name, version in pin.items()):
            kept.append(line)
    return "\n".join(kept) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write :data:`PINS` from :data:`LOCK`; with ``--check`` return 1 if it differs; see the module's docstring."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed pin file is stale")
    parser.add_argument("--kept-beside", type=Path, metavar="REQUIREMENTS",
                        help="write only the base pins these requirements do not replace (needs --output)")
    parser.add_argument("--output", type=Path, help="where --kept-beside writes")
    args = parser.parse_args(argv)
    text = render(LOCK.read_text(encoding="utf-8"))
    if args.kept_beside is not None:
        if args.output is None:
            parser.error("--kept-beside needs --output")
        if PINS.read_text(encoding="utf-8") != text:
            parser.error(f"{PINS.name} is stale: run this script without options first")
        args.output.write_text(kept_beside(text, args.kept_beside.read_text(encoding="utf-8")), encoding="utf-8")
        return 0
    if args.check:
        if PINS.read_text(encoding="utf-8") != text:
            print(f"{PINS} is stale: run python tests/binder/{Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    PINS.write_text(text, encoding="utf-8")
    print(f"wrote {PINS} ({len(exact_pins(text))} packages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
