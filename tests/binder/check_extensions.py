"""Fail if a Jupyter extension of this environment is disabled or incompatible (run by ``make binder-check``).

``jupyter labextension list`` exits 0 even when it marks an extension ``X`` (built for another JupyterLab, e.g.
Notebook 7.4's extension beside JupyterLab 4.6), so its output is read here: every JupyterLab extension and every
server extension must say ``enabled`` and ``OK``, and Notebook 7's two (server extension ``notebook`` and lab
extension ``@jupyter-notebook/lab-extension``) must be among them, since Binder's image ships Notebook 7.
Run with the environment's Python: ``.venv-binder/bin/python tests/binder/check_extensions.py``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# "        @jupyter-notebook/lab-extension v7.6.5 enabled OK"  (a lab extension's line)
LAB_LINE = re.compile(r"^\s+(?P<name>\S+) v(?P<version>\S+) (?P<state>enabled|disabled)\s+(?P<status>OK|X)\b")
# "    notebook enabled" then "      notebook 7.6.5 OK"  (a server extension's two lines)
SERVER_STATE = re.compile(r"^\s+(?P<name>[\w.]+) (?P<state>enabled|disabled)\s*$")
SERVER_STATUS = re.compile(r"^\s+(?P<name>[\w.]+) .*?(?P<status>OK|X)\s*$")
REQUIRED_LAB = "@jupyter-notebook/lab-extension"
REQUIRED_SERVER = "notebook"


def _jupyter(*args: str) -> str:
    """Combined stdout and stderr of ``jupyter <args>`` from this environment, colours removed."""
    jupyter = Path(sys.executable).with_name("jupyter")
    done = subprocess.run([str(jupyter), *args], capture_output=True, text=True, check=True)
    return ANSI.sub("", done.stdout + done.stderr)


def problems(lab_output: str, server_output: str) -> list[str]:
    """What is wrong in the two listings (empty if nothing): disabled, incompatible, or missing extensions."""
    found: list[str] = []
    lab = {m["name"]: m for m in map(LAB_LINE.match, lab_output.splitlines()) if m}
    for name, m in lab.items():
        if m["state"] != "enabled" or m["status"] != "OK":
            found.append(f"lab extension {name} v{m['version']}: {m['state']}, {m['status']}")
    if "incompatible" in lab_output:
        found.append("jupyter labextension list reports incompatible extensions")
    if REQUIRED_LAB not in lab:
        found.append(f"lab extension {REQUIRED_LAB} is missing")
    server_states = {m["name"]: m["state"] for m in map(SERVER_STATE.match, server_output.splitlines()) if m}
    server_status = {m["name"]: m["status"] for m in map(SERVER_STATUS.match, server_output.splitlines()) if m}
    for name, state in server_states.items():
        if state != "enabled" or server_status.get(name) != "OK":
            found.append(f"server extension {name}: {state}, {server_status.get(name, 'not validated')}")
    if REQUIRED_SERVER not in server_states:
        found.append(f"server extension {REQUIRED_SERVER} is missing")
    return found


def main() -> int:
    """Print the extensions' state; return 1 if :func:`problems` finds any."""
    lab_output = _jupyter("labextension", "list")
    server_output = _jupyter("server", "extension", "list")
    found = problems(lab_output, server_output)
    for line in found:
        print(f"binder-check: {line}", file=sys.stderr)
    if not found:
        print(f"binder-check: every Jupyter extension enabled and OK ({REQUIRED_LAB} and {REQUIRED_SERVER} among them)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
