"""A pupil's lesson folder for the tests of kept work (tests/test_keep.py, tests/test_resume.py): a notebook
``NN_try.ipynb`` that JupyterLab names to its kernel (``JPY_SESSION_NAME``), so the lesson's work file is kept
beside it, and the lesson's records forgotten before and after."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fifteen_kit.widgets.keep import ENV
from fifteen_kit.widgets.results import forget


def lesson_folder(lesson: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder, set up for lesson ``lesson`` ("93"); a generator for a pytest fixture."""
    notebook = tmp_path / f"{lesson}_try.ipynb"
    notebook.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    monkeypatch.delenv(ENV, raising=False)
    forget(lesson)
    yield tmp_path
    forget(lesson)
