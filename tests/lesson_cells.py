"""Reading the lesson notebooks for tests: the cells, and which cell asks which workbook task."""

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1] / "lessons"
ASK = re.compile(r"""\bask\(\s*["'](\d\d\.[pqw]\d+)["']\s*\)""")


def notebook(lesson: str) -> dict:
    """The notebook of lesson ``"04"`` as JSON."""
    (path,) = ROOT.glob(f"{lesson}_*.ipynb")
    return json.loads(path.read_text())


def asked(lesson: str) -> list[tuple[int, str]]:
    """(cell index, task key) for every ask(...) in a lesson's code cells."""
    found = []
    for index, cell in enumerate(notebook(lesson)["cells"]):
        if cell["cell_type"] == "code":
            found += [(index, key) for key in ASK.findall("".join(cell["source"]))]
    return found
