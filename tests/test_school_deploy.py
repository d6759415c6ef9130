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


def test_accounts_authenticator_and_culling_match_make_hub():
    config = VALUES["hub"]["config"]
    authenticator = config["JupyterHub"]["authenticator_class"]
    assert f'authenticator_class = "{authenticator}"' in HUB_CONFIG
    assert config["Authenticator"]["admin_users"] == [TEACHER]
    assert config["Authenticator"]["allowed_users"] == pupil_names(30) == pupil_names(Classroom().pupils)
    assert config["FirstUseAuthenticator"]["create_users"] is False
    assert "create_users = False" in HUB_CONFIG
    announcement = config["JupyterHub"]["template_vars"]["announcement_login"]
    room30 = Classroom()
    assert announcement.startswith(f"First time here? Type your account name ({room30.accounts()[1]}, ")
    assert "choose a password of 7 characters" in announcement and "choose a password of 7 characters" in HUB_CONFIG
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
    assert len(lesson_files()) == 7


def test_readme_school_tables_are_the_results():
    text = (ROOT / "docs" / "schools.md").read_text()
    start, end = hub.school.MARKERS
    assert f"{start}\n{hub.school.section()}{end}" in text, "docs/schools.md is stale: python -m hub.school rewrites it"


def test_school_docstring_examples():
    failures, tried = doctest.testmod(hub.school)
    assert failures == 0 and tried > 0
