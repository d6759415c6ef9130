"""Every docstring example of the hub's modules runs (those that import without JupyterHub itself).

hub/spawner.py and hub/authenticator.py import JupyterHub and NativeAuthenticator, which live only in .venv-hub;
tests/hub runs them through a real hub.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util

import pytest

from hub.classroom import REPO_ROOT

MODULES = ["hub.accounts", "hub.classroom", "hub.limits", "hub.loadtest", "hub.login_attack", "hub.ports",
           "hub.pulls", "hub.run", "hub.school", "hub.slips", "hub.users"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0


@pytest.mark.parametrize("extension", ["kit_session_end", "kit_lesson_links"])
def test_the_server_extensions_examples(extension):
    path = REPO_ROOT / "hub" / "singleuser" / f"{extension}.py"
    spec = importlib.util.spec_from_file_location(extension, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    failures, tried = doctest.testmod(module)
    assert failures == 0 and tried > 0


def test_every_hub_module_is_covered():
    found = {f"hub.{p.stem}" for p in (REPO_ROOT / "hub").glob("*.py") if p.stem != "__init__"}
    assert found - set(MODULES) == {"hub.jupyterhub_config", "hub.spawner", "hub.authenticator"}
