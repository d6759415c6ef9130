"""Write the teacher guide's answer pages from the workbook: ``python -m fifteen_kit.widgets.workbook [folder]``.

Each lesson gets ``<folder>/NN_name.md`` (default folder: lessons/teacher_guide/answers), with every answer,
worked solution, model answer, the slips the checkers name and what each prediction's reveal says.
``make guide-answers`` runs this; tests/test_teacher_guide.py fails when a committed page is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import LESSONS, answer_key_text

__all__ = ["FOLDER", "ROOT", "main"]

ROOT = Path(__file__).resolve().parent.parent.parent
FOLDER = ROOT / "lessons" / "teacher_guide" / "answers"


def _page(lesson: str) -> str:
    # one answer page: a line saying where it comes from, then the answer key with reveals and slips
    return ("<!-- Written by `make guide-answers` from the lesson's question record (widgets/workbook/lesson"
            f"{lesson}.toml). Do not edit: change the record and run it again. -->\n\n"
            + answer_key_text(lesson, reveals=True).rstrip() + "\n")


def _lesson_name(lesson: str) -> str:
    # "03" -> "03_counting_to_15", from the lesson's notebook
    (notebook,) = sorted((ROOT / "lessons").glob(f"{lesson}_*.ipynb"))
    return notebook.stem


def main(argv: list[str]) -> int:
    """Write every lesson's answer page into the folder ``argv[0]`` (default :data:`FOLDER`)."""
    folder = Path(argv[0]) if argv else FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for lesson in LESSONS:
        path = folder / f"{_lesson_name(lesson)}.md"
        path.write_text(_page(lesson))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
