"""The lessons and boards are ready for the browser-only site (JupyterLite) without a teacher's edits."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "play").glob("*.ipynb"))


def _install_cell(notebook: Path) -> dict:
    return next(c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS])
def test_first_code_cell_installs_the_kit_only_in_the_browser(notebook):
    cell = _install_cell(notebook)
    source = "".join(cell["source"])
    assert 'if sys.platform == "emscripten":' in source  # Pyodide's platform; nothing happens elsewhere
    match = re.search(r"^\s+%pip install -q (.+)$", source, re.M)
    assert match, source
    assert cell["outputs"] == []  # it prints nothing on Binder or a laptop
    assert "nbval-ignore-output" in cell["metadata"].get("tags", [])  # in JupyterLite it may print
    served = {"fifteen-kit"} | {
        re.split(r"[=<>]", line)[0].strip().lower().replace("_", "-")
        for line in (ROOT / "lite" / "wheels.txt").read_text().splitlines() if line.strip() and line[0] != "#"}
    assert set(match.group(1).split()) <= served  # everything it installs is on the site itself


def test_every_notebook_has_the_same_install_cell():
    sources = {"".join(_install_cell(nb)["source"]) for nb in NOTEBOOKS}
    assert len(sources) == 1
