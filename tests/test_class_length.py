"""No class of the engine (``fifteen_kit/``) or the boards (``widgets/``) is longer than 500 lines (issue 31): a
longer one is split as the Game of 15 board is (a controller that draws nothing, views that draw), or by concern.

A class's length is its lines from ``class`` to its last statement, docstrings and doctests included, as the
``ast`` module reports them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 500


def class_lengths(folder: Path) -> dict[str, int]:
    """``{"path:Class": lines}`` for every class (nested ones too) in the Python files under ``folder``.

    >>> lengths = class_lengths(ROOT / "widgets")
    >>> lengths["widgets/five_by_15.py:FiveBy15Board"] > 100
    True
    """
    found = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.ClassDef):
                start = min([d.lineno for d in node.decorator_list] + [node.lineno])
                found[f"{path.relative_to(ROOT)}:{node.name}"] = (node.end_lineno or node.lineno) - start + 1
    return found


def test_no_class_over_500_lines():
    lengths = {**class_lengths(ROOT / "fifteen_kit"), **class_lengths(ROOT / "widgets")}
    assert len(lengths) > 50  # the walk found the kit's classes
    over = {name: n for name, n in sorted(lengths.items(), key=lambda kv: -kv[1]) if n > MAX_LINES}
    assert over == {}, f"classes over {MAX_LINES} lines (split them): {over}"
