"""The Zero to JupyterHub values (deploy/z2jh/values.yaml) agree with the one-server hub (hub/) and its measurements.

Issue 20: the Kubernetes configuration uses the per-pupil limits `make hub-loadtest` measured, the same accounts,
authenticator and culling as `make hub`, and the image repo2docker builds from binder/ (so binder/ must hold what a
Zero to JupyterHub single-user image needs).
"""

import doctest
import json
import re
from pathlib import Path

import yaml

import hub.accounts
import hub.school
from hub.classroom import CPU_LIMIT, MEM_LIMIT, TEACHER, Classroom, lesson_files, pupil_names

ROOT = Path(__file__).resolve().parent.parent
VALUES = yaml.safe_load((ROOT / "deploy" / "z2jh" / "values.yaml").read_text())
RESULTS = json.loads((ROOT / "hub" / "results" / "loadtest.json").read_text())
HUB_CONFIG = (ROOT / "hub" / "jupyterhub_config.py").read_text()
MIB = 1024**2


def byte_size(text: str) -> int:
    """Bytes of a JupyterHub/KubeSpawner size such as '640M' (K, M, G are powers of 1024 there)."""
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG])", str(text)).groups()
    return round(float(number) * 1024 ** "KMG".index(unit) * 1024)


def test_limits_are_the_measured_ones():
    single = VALUES["singleuser"]
    assert single["memory"]["limit"] == MEM_LIMIT
    assert float(single["cpu"]["limit"]) == CPU_LIMIT
    largest = max(lesson["pss_mb"] for lesson in RESULTS["lessons"])
    # pss_mb is in MiB: the guarantee is the largest lesson's PSS rounded up to 64 MiB
    assert byte_size(single["memory"]["guarantee"]) == -(-largest // 64) * 64 * MIB
    assert byte_size(single["memory"]["guarantee"]) < byte_size(single["memory"]["limit"])
    assert float(single["cpu"]["guarantee"]) == int(2 / 30 / 0.05) * 0.05


def test_accounts_authenticator_and_lockout_match_make_hub(tmp_path):
    """The same authenticator class, accounts, lockout and login page as make hub's configure() sets."""
    from traitlets.config import Config

    config = VALUES["hub"]["config"]
    made = Config()
    room = Classroom(state=str(tmp_path))
    hub.accounts.configure(made, room)
    assert "configure_accounts(c, room)" in HUB_CONFIG
    # the class: hub/authenticator.py, which the values mount beside the chart's configuration (on its sys.path)
    module, name = config["JupyterHub"]["authenticator_class"].rsplit(".", 1)
    assert (name, "hub.authenticator") == tuple(reversed(made.JupyterHub.authenticator_class.rsplit(".", 1)))
    files = VALUES["hub"]["extraFiles"]
    assert files["fifteen-kit-authenticator"]["mountPath"] == f"/usr/local/etc/jupyterhub/{module}.py"
    readme = (ROOT / "deploy" / "README.md").read_text()
    assert "--set-file hub.extraFiles.fifteen-kit-authenticator.stringData=hub/authenticator.py" in readme
    assert "--set-file hub.extraFiles.fifteen-kit-sign-in-codes.stringData=" in readme
    # every setting of the authenticator is make hub's, the codes file aside (the mounted one)
    native = dict(config["ClassroomAuthenticator"])
    assert native.pop("codes_file") == files["fifteen-kit-sign-in-codes"]["mountPath"]
    mine = dict(made.ClassroomAuthenticator)
    assert mine.pop("codes_file") == str(hub.accounts.codes_path(room))
    assert native == mine
    assert (native["allowed_failed_logins"], native["seconds_before_next_try"]) == (5, 120)
    # the accounts: the teacher and pupil01 .. pupil30
    admins, allowed = config["Authenticator"]["admin_users"], config["Authenticator"]["allowed_users"]
    assert admins == [] and set(admins) == made.Authenticator.admin_users  # the teacher's rights are a role's
    assert allowed == [TEACHER, *pupil_names(30)] == [TEACHER, *pupil_names(room.pupils)]
    assert set(allowed) == made.Authenticator.allowed_users
    # the teacher's role: the admin role less access to pupils' servers, the same scopes as make hub's
    assert [{"name": name, **role} for name, role in VALUES["hub"]["loadRoles"].items()] == made.JupyterHub.load_roles
    assert "access:servers" not in hub.accounts.TEACHER_SCOPES and "tokens" not in hub.accounts.TEACHER_SCOPES
    announcement = config["JupyterHub"]["template_vars"]["announcement_login"]
    assert " ".join(announcement.split()) == made.JupyterHub.template_vars["announcement_login"]


def test_the_mounted_authenticator_needs_only_what_the_hub_image_has():
    """hub/authenticator.py runs in the chart's hub pod: no import of the kit or hub/, only the hub's libraries."""
    import ast
    import sys

    tree = ast.parse((ROOT / "hub" / "authenticator.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported - set(sys.stdlib_module_names) == {"bcrypt", "nativeauthenticator", "tornado", "traitlets"}


def test_culling_matches_make_hub():
    room = Classroom()
    assert VALUES["cull"] == {"enabled": True, "timeout": room.cull_idle, "every": room.cull_every}
    # make hub's own culler (a JupyterHub service) takes the same two settings from the Classroom
    culler = re.search(r'"jupyterhub_idle_culler",\s*(.*?)\]', HUB_CONFIG, re.S)
    assert culler and culler.group(1).split() == ['f"--timeout={room.cull_idle}",', 'f"--cull-every={room.cull_every}"']


def test_the_image_from_binder_has_what_a_single_user_pod_needs():
    pins = dict(line.split("==") for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))
    assert "nbgitpuller" in pins, "lesson links need nbgitpuller in the pupils' image"
    assert "notebook" in pins
    base = (ROOT / "tests" / "binder" / "repo2docker-base-py311.txt").read_text()
    singleuser = re.search(r"^jupyterhub==(\d+)\.", base, re.M)
    # repo2docker's base image brings jupyterhub-singleuser; the chart's hub (4.3.x) runs JupyterHub 5
    assert singleuser and singleuser.group(1) == "5"
    assert VALUES["singleuser"]["cmd"] == "jupyterhub-singleuser"


def test_the_walkthrough_links_are_the_hubs_links():
    text = (ROOT / "deploy" / "README.md").read_text()
    room = Classroom(repo="https://github.com/OWNER/REPO", public_url="https://hub.example.org/")
    assert room.lesson_link("lessons/01_magic_square.ipynb") in text
    assert "--version 4.3.3" in text and "--version 4.3.3" in (ROOT / "deploy" / "z2jh" / "values.yaml").read_text()
    assert len(lesson_files()) == 8


def test_readme_school_tables_are_the_results():
    text = (ROOT / "docs" / "schools.md").read_text()
    start, end = hub.school.MARKERS
    assert f"{start}\n{hub.school.section()}{end}" in text, "docs/schools.md is stale: python -m hub.school rewrites it"


def test_school_docstring_examples():
    failures, tried = doctest.testmod(hub.school)
    assert failures == 0 and tried > 0
