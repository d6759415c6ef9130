"""Build the kit's JupyterLite site: every lesson, running in the student's browser on Pyodide.

Run by ``make lite`` with the tools of ``lite/requirements.txt`` (in ``.venv-lite``)::

    python lite/build.py [--output build/lite]

``jupyter lite build`` does the building, with ``lite/`` as its folder, where it reads
``jupyter_lite_config.json`` (apps, no source maps), ``jupyter-lite.json`` (``disablePyPIFallback``: a missing
package fails at once instead of waiting for PyPI) and ``overrides.json``, a link to Binder's settings
(jupyterlite-core 0.8.6 reads no other: its ``--settings-overrides`` option is used by no add-on).
This script only makes the inputs its options take, in a temporary folder:

* ``--pyodide``: a Pyodide distribution.  Its core is the npm package ``pyodide@314.0.6`` (interpreter,
  standard library, ``pyodide-lock.json``), which holds no wheels; so the pure-Python packages the kernel
  loads from the lock at start (micropip, IPython, jedi and what they depend on), and sympy and mpmath
  (1.3.0: sympy 1.14 refuses the lock's 1.4.1), are downloaded from PyPI and put beside it, and their lock
  entries get these files' sha256.  Every other entry, among them the WebAssembly builds of numpy and
  matplotlib, points at Pyodide's CDN, so a published site plots and an offline one fails loudly there.
* ``--piplite-wheels``: the kit as a pure-Python wheel and the wheels of ``lite/wheels.txt``
  (ipywidgets, comm, sympy, ...), which the lessons' first cell installs with ``%pip install``.
* ``--contents``: the lessons at the top, the app-mode boards in ``play/``.
* ``--LiteBuildConfig.federated_extensions`` (no shorter option): the kit's prebuilt JupyterLab extension for tablets
  (``share/jupyter/labextensions/fifteen-kit-tablet``, from ``labextension/``), the same one Binder and
  ``make lab`` load: the file browser closed at start on a narrow or touch screen, menus that answer a tap,
  the toolbar's "Run this lesson" button 44 px high on a touch screen.

Then it writes the site's ``index.html``, which opens lesson 00.
Downloads are cached in ``.cache/lite/``; a second build needs no network.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
TABLET_EXTENSION = ROOT / "share" / "jupyter" / "labextensions" / "fifteen-kit-tablet"
CACHE = ROOT / ".cache" / "lite"
PYODIDE_VERSION = "314.0.6"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the Pyodide kernel loads from the lock at start (micropip first, then IPython and jedi).
KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
# Lock entries served by the site at the versions of lite/wheels.txt instead of the lock's.
PINNED_IN_LOCK = ("sympy", "mpmath")
# The kernel's own wheels (jupyterlite-pyodide-kernel's pypi/ folder), added to the lock: {name: (imports, depends)}.
KERNEL_WHEELS = {"piplite": (["piplite"], ["micropip"]), "pyodide-kernel": (["pyodide_kernel"], ["comm", "ipython"]),
                 "ipykernel": (["ipykernel"], ["pyodide-kernel"]),
                 "widgetsnbextension": (["widgetsnbextension"], [])}
# The wheels of lite/wheels.txt and the kit, added to the lock likewise (sympy and mpmath are in it already).
SITE_WHEELS = {"comm": (["comm"], ["traitlets"]), "jupyterlab-widgets": (["jupyterlab_widgets"], []),
               "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets", "widgetsnbextension",
                                               "jupyterlab-widgets"]),
               "fifteen-kit": (["fifteen_kit"], ["ipywidgets", "sympy"])}
# Loaded with Pyodide itself, in one parallel download from the site, before the kernel starts (the kernel then
# installs none of its packages one by one, and the lessons' %pip finds everything installed).
PRELOAD = ("micropip", "piplite", "ipython", "jedi", "comm", "pyodide-kernel", "ipykernel", "widgetsnbextension",
           "jupyterlab-widgets", "ipywidgets", "sympy", "fifteen-kit")
KERNEL_PYPI = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
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


def closure(packages: dict[str, Any], roots: tuple[str, ...]) -> set[str]:
    """The lock entries ``roots`` need, by normalized name."""
    seen: set[str] = set()
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(normalize(d) for d in packages[name]["depends"])
    return seen


def lock_entry(wheel: Path, name: str, imports: list[str], depends: list[str]) -> dict[str, Any]:
    """A pyodide-lock.json entry for the pure-Python ``wheel`` (installed into site-packages)."""
    version = wheel.name.split("-")[1]
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site", "sha256": sha256(wheel),
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False}


def pyodide_distribution(dest: Path, wheels: Path) -> dict[str, str]:
    """The Pyodide that ``--pyodide`` copies into the site, in ``dest``; returns {package: where it comes from}.

    Its lock lists only what the site serves: the kernel's packages (from PyPI, and jupyterlite-pyodide-kernel's
    own wheels), and the kit with the wheels of lite/wheels.txt (from ``wheels``).  Every other entry of
    Pyodide's lock (numpy, matplotlib and the other WebAssembly builds, which only Pyodide's CDN serves: no
    registry reachable here has them) is left out, so an import of one fails at once, offline or not, instead
    of asking the CDN.

    By hand, measured with jupyterlite-pyodide-kernel 0.8.6 on this project's Python 3.11:
    * ``--pyodide`` unpacks only a ``.tar.bz2`` release; the one registry with Pyodide here is npm (a ``.tgz``).
    * Its lock add-on (``--pyodide-lock``) needs pyodide-lock >= 0.1.3, which needs Python >= 3.12; the last
      pyodide-lock for 3.11 (0.1.2) rejects Pyodide 314's lock ("info.version: Field required").
    """
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent")
    dest.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name  # a regular file in every Pyodide release
            (dest / name).write_bytes(member.read())
    lock = json.loads((dest / "pyodide-lock.json").read_text())
    packages = {normalize(k): v for k, v in lock["packages"].items()}
    served = closure(packages, KERNEL_PACKAGES) | set(PINNED_IN_LOCK)
    pins = pinned()
    kept: dict[str, Any] = {}
    where = {}
    for name in sorted(served):
        entry = packages[name]
        version = pins[name] if name in PINNED_IN_LOCK else entry["version"]
        wheel = pypi_wheel(entry["name"], version)
        shutil.copy2(wheel, dest / wheel.name)
        entry.update(version=version, file_name=wheel.name, sha256=sha256(wheel))
        kept[name] = entry
        where[name] = "PyPI"
    kernel_pypi = Path(sys.prefix) / KERNEL_PYPI
    for name, (imports, depends) in KERNEL_WHEELS.items():
        found = sorted(kernel_pypi.glob(f"{name.replace('-', '_')}-*.whl"))
        if not found:
            sys.exit(f"no {name} wheel in {kernel_pypi}")
        wheel = found[-1]  # widgetsnbextension: the 4.0 shim, for ipywidgets 8
        shutil.copy2(wheel, dest / wheel.name)
        kept[name] = lock_entry(wheel, name, imports, depends)
        where[name] = "jupyterlite-pyodide-kernel (PyPI)"
    for name, (imports, depends) in SITE_WHEELS.items():
        found = [w for w in wheels.glob("*.whl") if normalize(w.name.split("-")[0]) == name]
        if len(found) != 1:
            sys.exit(f"expected one {name} wheel in {wheels}, found {found}")
        shutil.copy2(found[0], dest / found[0].name)
        kept[name] = lock_entry(found[0], name, imports, depends)
        where[name] = "this repository" if name == "fifteen-kit" else "PyPI"
    left_out = sorted(set(packages) - set(kept))
    missing = [d for e in kept.values() for d in e["depends"] if normalize(d) not in kept]
    if missing:
        sys.exit(f"the lock's served packages depend on packages it does not serve: {missing}")
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    where.update(dict.fromkeys(left_out, "left out (only Pyodide's CDN has it)"))
    return where


def site_wheels(dest: Path) -> None:
    """The kit's own wheel and the pinned wheels of lite/wheels.txt, for ``--piplite-wheels``.

    By hand: that option takes wheel files or URLs, not ``name==version``, and builds no wheel from source.
    """
    dest.mkdir(parents=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(ROOT))
    for name, version in pinned().items():
        shutil.copy2(pypi_wheel(name, version), dest)


def lite_contents(source: Path, dest: Path) -> None:
    """Copy the notebooks of ``source`` to ``dest`` without their saved widget state and widget views, and
    without the teacher guide: its answer pages would sit in a pupil's file browser beside the lessons (the
    published site keeps the guide on its own pages, for teachers).

    In the browser-only site every widget is made anew when its cell runs, so the saved state (three
    quarters of a lesson's file, fetched several times as the lesson opens) would only be downloaded and
    shown as dead copies of the boards.  Every other output (pictures, tables) stays.
    """
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns(".*", "teacher_guide", "*.work.json"))
    for path in dest.rglob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        notebook.get("metadata", {}).pop("widgets", None)
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = [o for o in cell["outputs"]
                                   if "application/vnd.jupyter.widget-view+json" not in o.get("data", {})]
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def start_page(output: Path) -> None:
    """The site's front door opens lesson 00 in JupyterLab.

    By hand: JupyterLite's own ``index.html`` goes to its ``appUrl`` (the app, no document), which every
    app page also uses.  Its pages read the (empty) configuration block of this file, so it stays.
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


def preload(output: Path) -> None:
    """The kernel's setting that loads :data:`PRELOAD` with Pyodide, in the built site's ``jupyter-lite.json``.

    By hand: ``loadPyodideOptions.packages`` is passed to ``loadPyodide``, which fetches them from the lock in
    parallel; the kernel then skips its own installs of these packages (jupyterlite-pyodide-kernel 0.8.6's
    worker checks this list for micropip, piplite, ipykernel, comm, pyodide-kernel, jedi and ipython).
    """
    path = output / "jupyter-lite.json"
    config = json.loads(path.read_text())
    plugins = config["jupyter-config-data"].setdefault("litePluginSettings", {})
    kernel = plugins.setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    kernel["loadPyodideOptions"] = {**kernel.get("loadPyodideOptions", {}), "packages": list(PRELOAD)}
    path.write_text(json.dumps(config, indent=2) + "\n")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    args = parser.parse_args()
    output = args.output.resolve()
    with tempfile.TemporaryDirectory(prefix="kit-lite-") as tmp:
        stage = Path(tmp)
        # --pyodide takes a folder laid out as the release tarball: pyodide/ inside a folder named pyodide.
        site_wheels(stage / "wheels")
        where = pyodide_distribution(stage / "pyodide" / "pyodide", stage / "wheels")
        # By hand: --contents puts a folder's files at the top of the site; the boards go in play/.
        lite_contents(ROOT / "lessons", stage / "lessons")
        lite_contents(ROOT / "play", stage / "boards" / "play")
        if output.exists():
            shutil.rmtree(output)
        # Run in the stage: the task database (.jupyterlite.doit.db) and the cache start empty every time.
        run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(LITE), "--output-dir", str(output),
            f"--LiteBuildConfig.cache_dir={stage / 'cache'}", "--pyodide", str(stage / "pyodide"),
            "--piplite-wheels", str(stage / "wheels"),
            "--contents", str(stage / "lessons"), "--contents", str(stage / "boards"),
            f"--LiteBuildConfig.federated_extensions={TABLET_EXTENSION}", cwd=stage)
    start_page(output)
    preload(output)
    served = sorted(k for k, v in where.items() if not v.startswith("left out"))
    print(f"Served by the site, loaded with Pyodide: {', '.join(served)}")
    print(f"Left out of the lock (only Pyodide's CDN has them; the lessons draw their charts as SVG): "
          f"{sum(v.startswith('left out') for v in where.values())} packages (numpy, matplotlib, ...)")
    print(f"Site: {output} ({folder_size(output) / 1e6:.1f} MB). Serve it with any static web server, e.g.\n"
          f"    python -m http.server -d {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output} 8000")


if __name__ == "__main__":
    main()
