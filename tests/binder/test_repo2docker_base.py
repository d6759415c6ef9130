"""repo2docker's base pins (tests/binder/repo2docker_base.py) and their fit with binder/requirements.txt.

Fast and offline: the pin file is regenerated from the committed lock text, and the kit's pins are checked against
the requirements of the distributions installed here (the test venv holds binder/requirements.txt's pins).
``make binder-check`` does the full replay (install, ``pip check``, extensions) in its own venv.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import check_extensions  # noqa: E402 -- scripts beside this test, not a package
import repo2docker_base as base  # noqa: E402

BINDER = HERE.parents[1] / "binder" / "requirements.txt"


def _binder_pins() -> dict[str, str]:
    return base.exact_pins(BINDER.read_text(encoding="utf-8"))


def test_pin_file_is_regenerated_identically_from_the_lock() -> None:
    assert base.render(base.LOCK.read_text(encoding="utf-8")) == base.PINS.read_text(encoding="utf-8")
    assert base.main(["--check"]) == 0


def test_lock_is_the_recorded_python_3_11_lock() -> None:
    text = base.LOCK.read_text(encoding="utf-8")
    assert text.startswith("# AUTO GENERATED FROM environment.py-3.11.yml")
    assert "# platform: linux-64" in text
    assert ("python", "3.11.14", "hd63d673_2_cpython") in base.conda_packages(text)
    assert base.SOURCE_COMMIT in base.PINS.read_text(encoding="utf-8")


def test_conda_names_become_pypi_pins() -> None:
    pins = base.pypi_pins(base.LOCK.read_text(encoding="utf-8"))
    # the Jupyter stack Binder's image starts from (the versions the issue reports)
    assert pins["notebook"] == "7.4.7"
    assert pins["jupyterlab"] == "4.4.10"
    assert pins["jupyterhub"] == "5.4.2"  # jupyterhub-base and the jupyterhub-singleuser metapackage
    # renamed on PyPI
    assert pins["nbconvert"] == "7.16.6"
    assert pins["fastjsonschema"] == "2.21.2"
    assert pins["brotli"] == "1.2.0"
    assert pins["tzdata"] == "2025.2"  # python-tzdata; conda's tzdata 2025b is the system database
    # conda-only packages are not PyPI pins
    for name in ("python", "openssl", "zeromq", "libsodium", "nodejs", "python-abi", "ca-certificates",
                 "jupyterhub-singleuser", "jupyterhub-base", "nbconvert-core", "bleach-with-css"):
        assert name not in pins
    assert all(name == canonicalize_name(name) for name in pins)


def test_bad_lock_line_is_named() -> None:
    with pytest.raises(ValueError, match="lock line 2"):
        base.conda_packages("@EXPLICIT\nnotebook 7.4.7\n")
    with pytest.raises(ValueError, match=r"jupyterhub appears at 5\.4\.2 and at 5\.4\.3"):
        base.pypi_pins("https://x/noarch/jupyterhub-base-5.4.2-pyh_0.conda\n"
                       "https://x/noarch/jupyterhub-singleuser-5.4.3-h0_0.conda\n")


def test_kept_pins_leave_out_only_what_binder_replaces() -> None:
    pins_text = base.PINS.read_text(encoding="utf-8")
    binder = _binder_pins()
    kept = base.exact_pins(base.kept_beside(pins_text, BINDER.read_text(encoding="utf-8")))
    for name, version in base.exact_pins(pins_text).items():
        assert (name in kept) == (binder.get(name, version) == version), name
    assert "notebook" not in kept and "jupyterhub" in kept


def test_notebook_is_pinned_and_accepts_the_jupyterlab_pin() -> None:
    binder = _binder_pins()
    assert "notebook" in binder, "Binder's image ships notebook; binder/requirements.txt must pin it"
    assert binder["notebook"] != base.exact_pins(base.PINS.read_text(encoding="utf-8"))["notebook"]
    try:
        installed = metadata.distribution("notebook")
    except metadata.PackageNotFoundError:
        pytest.skip("notebook is not installed here (make .venv/.test installs binder/requirements.txt)")
    if installed.version != binder["notebook"]:
        pytest.skip(f"notebook {installed.version} installed here, not the pinned {binder['notebook']}")
    jupyterlab = [Requirement(r) for r in installed.requires or [] if canonicalize_name(Requirement(r).name)
                  == "jupyterlab" and Requirement(r).marker is None]
    assert jupyterlab, "notebook no longer requires jupyterlab?"
    assert all(r.specifier.contains(binder["jupyterlab"]) for r in jupyterlab), jupyterlab


def test_binder_pins_satisfy_the_requirements_of_the_pinned_distributions_installed_here() -> None:
    """An offline ``pip check`` of binder/requirements.txt, for each pinned distribution installed at its pin."""
    binder = _binder_pins()
    broken, checked = [], 0
    for dist in metadata.distributions():
        name = canonicalize_name(dist.metadata["Name"])
        if binder.get(name) != dist.version:
            continue
        checked += 1
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            pinned = binder.get(canonicalize_name(req.name))
            if pinned is not None and not req.specifier.contains(pinned, prereleases=True):
                broken.append(f"{name} {dist.version} needs {req}, pinned {pinned}")
    assert checked > len(binder) // 2, f"only {checked} pinned distributions installed here"
    assert not broken, broken


LAB_BAD = """JupyterLab v4.6.6
/venv/share/jupyter/labextensions
        jupyterlab_pygments v0.3.0 \x1b[32menabled\x1b[0m \x1b[32mOK\x1b[0m (python, jupyterlab_pygments)
        @jupyter-notebook/lab-extension v7.4.7 \x1b[32menabled\x1b[0m \x1b[31m X\x1b[0m

   The following extensions may be outdated or specify dependencies that are incompatible with the current version \
of jupyterlab:
        @jupyter-notebook/lab-extension
"""
SERVER_OK = """Config dir: /venv/etc/jupyter
    jupyterlab \x1b[32menabled\x1b[0m
    - Validating jupyterlab...
Extension package jupyterlab took 0.1544s to import
      jupyterlab 4.6.6 \x1b[32mOK\x1b[0m
    notebook \x1b[32menabled\x1b[0m
    - Validating notebook...
      notebook 7.6.5 \x1b[32mOK\x1b[0m
"""


def test_extension_check_flags_notebook_74_beside_jupyterlab_46() -> None:
    clean = check_extensions.ANSI.sub
    lab_ok = LAB_BAD.replace("v7.4.7", "v7.6.5").replace("\x1b[31m X", "\x1b[32mOK").split("\n\n")[0]
    assert check_extensions.problems(clean("", lab_ok), clean("", SERVER_OK)) == []
    found = check_extensions.problems(clean("", LAB_BAD), clean("", SERVER_OK))
    assert "lab extension @jupyter-notebook/lab-extension v7.4.7: enabled, X" in found
    assert any("incompatible" in line for line in found)
    server_off = clean("", SERVER_OK).replace("notebook enabled", "notebook disabled")
    assert check_extensions.problems(clean("", lab_ok), server_off) == ["server extension notebook: disabled, OK"]
    assert check_extensions.problems("", "") == [
        f"lab extension {check_extensions.REQUIRED_LAB} is missing",
        f"server extension {check_extensions.REQUIRED_SERVER} is missing",
    ]
