"""Measure the Binder environment (run with the Python of .venv-binder, by `make binder-check`).

Prints the installed size of the environment, the time until a fresh JupyterLab answers, and the time to run
lesson 01 end to end in a fresh kernel (nbclient, as JupyterLab's Run All would).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_server import Server  # noqa: E402 -- the browser tests' server helper (no Playwright needed)


def size_mb(path: Path) -> float:
    """Megabytes used by ``path`` (du)."""
    out = subprocess.run(["du", "-sm", str(path)], capture_output=True, text=True, check=True).stdout
    return float(out.split()[0])


def main() -> int:
    """Print the three measurements; return 0."""
    prefix = Path(sys.prefix)
    print(f"Binder environment: {prefix.name}, {size_mb(prefix):.0f} MB installed")
    workdir = Path(tempfile.mkdtemp(prefix="kit-binder-"))
    t0 = time.perf_counter()
    server = Server(str(prefix / "bin" / "jupyter"), ROOT, workdir)
    try:
        server.wait_ready()
        print(f"JupyterLab answered after {time.perf_counter() - t0:.1f} s")
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "lessons" / "01_magic_square.ipynb", as_version=4)
    t0 = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT / "lessons")}}
                   ).execute()
    print(f"lesson 01 ran end to end (kernel start included) in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
