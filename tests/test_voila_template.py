"""The kit's Voila template (the play/ boards as apps): packaged, chosen by every play/ notebook, in the boards'
checked colours, and asking nothing from outside.  tests/browser/test_voila_app.py opens the apps themselves."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "fifteen-kit"
PLAY = sorted((ROOT / "play").glob("*.ipynb"))


def test_template_extends_voilas_lab_template():
    assert json.loads((TEMPLATE / "conf.json").read_text()) == {"base_template": "lab"}
    assert "{%- extends 'voila/templates/lab/index.html.j2' -%}" in (TEMPLATE / "index.html.j2").read_text()


def test_template_is_installed_with_the_kit():
    # pyproject's data-files put it where Voila looks (<prefix>/share/jupyter/voila/templates); Binder runs
    # `pip install --no-deps .`, which installs them; make's editable install links the folder instead.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    files = config["tool"]["setuptools"]["data-files"]["share/jupyter/voila/templates/fifteen-kit"]
    assert sorted(files) == sorted(str(p.relative_to(ROOT)) for p in TEMPLATE.iterdir())
    assert "VOILA_TEMPLATE := share/jupyter/voila/templates/fifteen-kit" in (ROOT / "Makefile").read_text()


@pytest.mark.parametrize("path", PLAY, ids=lambda p: p.stem)
def test_every_play_notebook_is_an_app_with_its_games_name(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["voila"] == {"template": "fifteen-kit"}
    heading = "".join(nb["cells"][0]["source"]).splitlines()[0]
    assert heading == "# " + nb["metadata"]["title"]


def test_no_outside_requests():
    # the only addresses in the template are the lab template's CDN links it removes (inside replace filters)
    for line in (TEMPLATE / "index.html.j2").read_text().splitlines():
        if re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", line) and "replace(" not in line:
            pytest.fail(f"an outside address in the template: {line.strip()}")


def test_colours_are_the_boards_checked_pairs():
    pytest.importorskip("ipywidgets")
    from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS

    names = {v.lower(): k for k, v in PALETTE.items()}
    text = (TEMPLATE / "index.html.j2").read_text()
    used = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", text)}
    assert used <= set(names), f"colours not in the palette: {used - set(names)}"
    # the text the page shows: ink on the ivory page, ivory on the slate loading card
    for pair in (("ink", "ivory"), ("ivory", "slate")):
        assert pair in TEXT_PAIRS
