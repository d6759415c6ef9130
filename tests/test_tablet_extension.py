"""The kit's JupyterLab extension for tablets (issue 36): its built files are committed, up to date with its
source, packaged where JupyterLab looks, linked by make and given to the JupyterLite build.
tests/browser/test_touch.py and tests/lite/test_touch.py run it in Chromium."""

from __future__ import annotations

import json
import pathlib
import re

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
SOURCE = ROOT / "labextension"
BUILT = ROOT / "share" / "jupyter" / "labextensions" / "fifteen-kit-tablet"


def test_built_files_are_committed_and_load():
    meta = json.loads((BUILT / "package.json").read_text())
    source = json.loads((SOURCE / "package.json").read_text())
    assert meta["name"] == source["name"] == "fifteen-kit-tablet"
    assert meta["version"] == source["version"]
    assert (BUILT / meta["jupyterlab"]["_build"]["load"]).is_file()
    assert source["jupyterlab"]["outputDir"] == "../share/jupyter/labextensions/fifteen-kit-tablet"


def test_build_is_up_to_date_with_the_source():
    # every string of the source (plugin id, media query, class names, event names) is in the built bundle:
    # a change to them without `make labextension` fails here
    code = (SOURCE / "index.js").read_text()
    code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("//"))
    strings = set(re.findall(r'"([^"\n]+)"', code))
    bundle = "".join(p.read_text() for p in (BUILT / "static").glob("*.js"))
    assert strings and sorted(s for s in strings if s not in bundle) == []
    # and every declaration of its CSS (the style it loads: "Run this lesson" 44 px high on a tablet)
    css = re.sub(r"/\*.*?\*/", "", (SOURCE / "style.css").read_text(), flags=re.S)
    declarations = {re.sub(r"\s+", "", d) for d in re.findall(r"[a-z-]+\s*:\s*[^;{}]+;", css)}
    squeezed = re.sub(r"\s+", "", bundle)
    assert declarations and sorted(d for d in declarations if d not in squeezed) == []


def test_installed_with_the_kit_make_and_jupyterlite():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["data-files"]
    root = "share/jupyter/labextensions/fifteen-kit-tablet"
    assert data[root] == [f"{root}/package.json"] and data[f"{root}/static"] == [f"{root}/static/*"]
    assert [p.name for p in BUILT.iterdir()] and {p.name for p in BUILT.iterdir()} == {"package.json", "static"}
    makefile = (ROOT / "Makefile").read_text()
    assert f"TABLET_EXT := {root}" in makefile
    assert "$(call tablet-ext,$(VENV))" in makefile and "$(call tablet-ext,$(HUB_VENV))" in makefile
    assert "LiteBuildConfig.federated_extensions={TABLET_EXTENSION}" in (ROOT / "lite" / "build.py").read_text()


def test_voila_skips_it():
    # an app has no file browser or menus; Voila also refused (403) the linked files of make's editable install
    for rel in ("etc/jupyter/voila.json", "etc/jupyter/jupyter_server_config.d/fifteen-kit-voila.json"):
        config = json.loads((ROOT / rel).read_text())
        assert "fifteen-kit-tablet" in config["VoilaConfiguration"]["extension_denylist"], rel
