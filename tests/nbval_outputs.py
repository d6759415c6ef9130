"""A pytest plugin for tests/test_plots_shown.py: the kinds of output nbval computed for each cell, as JSON lines.

Loaded with ``-p nbval_outputs`` (``tests/`` on PYTHONPATH); it writes to the file named by ``KIT_NBVAL_OUTPUTS``
one line per notebook cell run: the notebook, the cell's number and each output's MIME types (nbval compares text
but skips pictures, so whether a plot was drawn at all is read here).
"""

from __future__ import annotations

import json
import os
from typing import Any


def pytest_runtest_teardown(item: Any) -> None:
    path, outputs = os.environ.get("KIT_NBVAL_OUTPUTS"), getattr(item, "test_outputs", None)
    if not path or outputs is None:
        return
    kinds = [sorted(out.get("data", {})) for out in outputs]
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"notebook": item.fspath.basename, "cell": item.cell_num, "outputs": kinds}) + "\n")
