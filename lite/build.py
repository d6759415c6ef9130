"""Build the kit's JupyterLite site: every lesson, running in the student's browser on Pyodide.

Run by ``make lite`` with the tools of ``lite/requirements.txt`` (in ``.venv-lite``)::

    python lite/build.py [--output build/lite]

What it puts together in a staging folder, then hands to ``jupyter lite build``:

* ``static/pyodide/``: the Pyodide core (npm package ``pyodide@314.0.6``: the interpreter,
  its standard library and ``pyodide-lock.json``) so the kernel never starts from a CDN.
  The npm package holds no wheels, so the pure-Python packages the kernel itself loads
  (micropip, IPython, jedi and everything they depend on in the lock) are downloaded from
  PyPI at the lock's exact versions and served beside it; their sha256 in the lock are
  rewritten for these copies.  sympy and mpmath (1.3.0: sympy 1.14 refuses the lock's 1.4.1)
  are served the same way, from the ``pypi/`` folder.  Every other lock entry, among them
  the WebAssembly builds of numpy and matplotlib, keeps Pyodide's own file on its CDN
  (an absolute URL), so a published site plots and an offline one fails loudly there.
* ``pypi/``: the kit as a pure-Python wheel, ipywidgets, comm and sympy: the lessons'
  first cell installs them with ``%pip install`` (piplite).
* ``files/``: the lessons and the ``play/`` boards.
* ``jupyter-lite.json``: ``disablePyPIFallback``, so a missing package fails at once
  instead of waiting for PyPI.

Downloads are cached in ``.cache/lite/``; a second build needs no network.
The site's ``index.html`` opens lesson 00.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = ROOT / ".cache" / "lite"
PYODIDE_VERSION = "314.0.6"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the Pyodide kernel loads from the lock at start (micropip first, then IPython and jedi).
KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
# Lock entries served from the site's pypi/ folder instead, at the versions of lite/wheels.txt.
FROM_PYPI_FOLDER = ("sympy", "mpmath")
START_PAGE = "00_start_here.ipynb"


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned() -> dict[str, str]:
    """{normalized name: version} of lite/wheels.txt."""
    pins = {}
    for line in (LITE / "wheels.txt").read_text().splitlines():
        spec = line.split("#")[0].strip()
        if spec:
            name, version = spec.split("==")
            pins[normalize(name)] = version.strip()
    return pins


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*args: str, cwd: Path | None = None) -> None:
    print("+", " ".join(args), flush=True)
    subprocess.run(args, check=True, cwd=cwd)


def pyodide_core(dest: Path) -> dict:
    """Unpack the Pyodide core files into ``dest``; return the lock as shipped."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            member = tar.getmember(f"package/{name}")
            (dest / name).write_bytes(tar.extractfile(member).read())
    return json.loads((dest / "pyodide-lock.json").read_text())


def pypi_wheel(name: str, version: str) -> Path:
    """The pure-Python wheel of ``name==version`` from PyPI (cached), as Python 3.14 would take it."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    stem = "[-_.]".join(re.escape(part) for part in normalize(name).split("-"))
    pattern = re.compile(rf"^{stem}-{re.escape(version)}-.*\.whl$", re.I)
    found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
            "-d", str(folder), f"{name}=={version}")
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        sys.exit(f"expected one pure-Python wheel of {name}=={version}, found {[p.name for p in found]}")
    return found[0]


def closure(packages: dict, roots: tuple[str, ...]) -> set[str]:
    """The lock entries ``roots`` need, by normalized name."""
    seen: set[str] = set()
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(normalize(d) for d in packages[name]["depends"])
    return seen


def rewrite_lock(lock: dict, pyodide_dir: Path, pypi_dir: Path) -> dict[str, str]:
    """Point the lock at the copies this site serves, and at Pyodide's CDN for the rest.

    Returns {package: where it comes from} for the build log.
    """
    packages = {normalize(k): v for k, v in lock["packages"].items()}
    served = closure(packages, KERNEL_PACKAGES)
    pins = pinned()
    where = {}
    for key, entry in lock["packages"].items():
        name = normalize(key)
        if name in served:
            wheel = pypi_wheel(entry["name"], entry["version"])
            shutil.copy2(wheel, pyodide_dir / wheel.name)
            entry.update(file_name=wheel.name, sha256=sha256(wheel))
            where[name] = "site (static/pyodide)"
        elif name in FROM_PYPI_FOLDER:
            wheel = pypi_wheel(entry["name"], pins[name])
            shutil.copy2(wheel, pypi_dir / wheel.name)
            # file_name is resolved against static/pyodide/: the one copy in pypi/ serves both.
            entry.update(version=pins[name], file_name=f"../../pypi/{wheel.name}", sha256=sha256(wheel))
            where[name] = "site (pypi)"
        else:
            entry["file_name"] = PYODIDE_CDN + entry["file_name"]
            where[name] = "Pyodide CDN"
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return where


def site_wheels(pypi_dir: Path) -> None:
    """The kit's own wheel and the pinned wheels of lite/wheels.txt, into ``pypi_dir``."""
    with tempfile.TemporaryDirectory() as tmp:
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT))
        for wheel in Path(tmp).glob("fifteen_kit-*.whl"):
            shutil.copy2(wheel, pypi_dir / wheel.name)
    for name, version in pinned().items():
        if name not in FROM_PYPI_FOLDER:  # those two were copied with the lock
            shutil.copy2(pypi_wheel(name, version), pypi_dir)


def contents(files: Path) -> None:
    """The lessons (with the teacher guide) at the top, the app-mode boards in play/."""
    files.mkdir(parents=True)
    for path in sorted((ROOT / "lessons").iterdir()):
        if path.suffix in (".ipynb", ".md"):
            shutil.copy2(path, files / path.name)
    (files / "play").mkdir()
    for path in sorted((ROOT / "play").glob("*.ipynb")):
        shutil.copy2(path, files / "play" / path.name)


def start_page(output: Path) -> None:
    """The site's front door opens lesson 00 in JupyterLab.

    JupyterLite's pages read the (empty) configuration block of this file, so it stays.
    """
    target = f"lab/index.html?path={START_PAGE}"
    (output / "index.html").write_text(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<title>fifteen-kit: the mathematics of 15</title>\n"
        "<script id=\"jupyter-config-data\" type=\"application/json\" data-jupyter-lite-root=\".\">{}</script>\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={target}\">\n"
        "</head><body style=\"font-family: sans-serif\">\n"
        f"<p>Opening <a href=\"{target}\">lesson 00, Start here</a>...</p>\n"
        "</body></html>\n")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    args = parser.parse_args()
    output = args.output.resolve()
    with tempfile.TemporaryDirectory(prefix="kit-lite-") as tmp:
        stage = Path(tmp)
        pyodide_dir, pypi_dir = stage / "static" / "pyodide", stage / "pypi"
        pypi_dir.mkdir(parents=True)
        lock = pyodide_core(pyodide_dir)
        where = rewrite_lock(lock, pyodide_dir, pypi_dir)
        site_wheels(pypi_dir)
        contents(stage / "files")
        shutil.copy2(LITE / "jupyter-lite.json", stage / "jupyter-lite.json")
        shutil.copy2(ROOT / "binder" / "overrides.json", stage / "overrides.json")
        if output.exists():
            shutil.rmtree(output)
        run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage), "--output-dir", str(output),
            "--settings-overrides", str(stage / "overrides.json"),
            "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages", cwd=stage)  # its task database too
    start_page(output)
    local = sorted(k for k, v in where.items() if v != "Pyodide CDN")
    print(f"Served by the site from Pyodide's lock: {', '.join(local)}")
    print(f"From Pyodide's CDN when first imported: {sum(v == 'Pyodide CDN' for v in where.values())} packages "
          "(numpy, matplotlib, ...)")
    print(f"Site: {output} ({folder_size(output) / 1e6:.1f} MB). Serve it with any static web server, e.g.\n"
          f"    python -m http.server -d {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output} 8000")


if __name__ == "__main__":
    main()
