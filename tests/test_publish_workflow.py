"""The publishing workflow (.github/workflows/publish.yml), checked as a file: no GitHub is reachable from here.

It must run on every push to main, test before it builds, build with the Makefile's own targets (and only
targets that exist), give the site the repository it runs in as its address, and deploy build/site to GitHub
Pages with the permissions and concurrency Pages asks for.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from website.address import HOST, kit_address

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "publish.yml"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as True
    data["on"] = data.pop(True, data.get("on"))
    return data


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {name for line in re.findall(r"^([A-Za-z][\w.-]*(?:[ \t]+[A-Za-z][\w.-]*)*)[ \t]*:(?!=)", text, re.M)
            for name in line.split()}


REPOSITORY = "some-school/fifteen-kit"  # what GitHub puts for ${{ github.repository }} before the shell runs


def make_calls(workflow: dict[Any, Any]) -> list[list[str]]:
    """Every `make ...` command line of the build job's steps, as the shell gets its words, in order."""
    calls = []
    for step in workflow["jobs"]["build"]["steps"]:
        run = re.sub(r"\$\{\{\s*github\.repository\s*\}\}", REPOSITORY, step.get("run", ""))
        for line in run.splitlines():
            if line.strip().split(" ", 1)[0] == "make":
                calls.append(shlex.split(line)[1:])
    return calls


def test_runs_on_every_push_to_main(workflow):
    assert workflow["on"]["push"]["branches"] == ["main"]
    assert set(workflow["on"]) <= {"push", "workflow_dispatch"}


def test_tests_then_builds_the_site_with_this_repository_as_its_address(workflow):
    calls = make_calls(workflow)
    assert calls == [["test"], ["site", f"KIT_REPO={REPOSITORY}"]]
    assert kit_address(env={"KIT_REPO": REPOSITORY}).site_url == "https://some-school.github.io/fifteen-kit/"
    targets = makefile_targets()
    for call in calls:
        assert call[0] in targets, f"make {call[0]}: no such target in the Makefile"
    assert {"test", "site", "test-site", "lite", "printables"} <= targets
    # make test runs the site's offline browser test
    assert re.search(r"^\t\$\(MAKE\) test-site$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)


def test_deploys_what_make_site_builds(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(upload) == 1 and upload[0]["with"]["path"] == "build/site"
    assert re.search(r"^SITE\s*\?=\s*build/site$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert steps.index(upload[0]) == len(steps) - 1
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["if"] == "github.ref == 'refs/heads/main'"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"] for s in deploy["steps"]] == ["actions/deploy-pages@v4"]
    assert deploy["environment"]["url"] == "${{ steps.deployment.outputs.page_url }}"
    assert deploy["steps"][0]["id"] == "deployment"


def test_permissions_and_concurrency(workflow):
    assert workflow["permissions"] == {"contents": "read"}
    assert workflow["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert "permissions" not in workflow["jobs"]["build"]
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": False}


def test_every_action_is_pinned_and_the_host_is_github(workflow):
    for job in workflow["jobs"].values():
        for step in job["steps"]:
            if "uses" in step:
                assert re.fullmatch(r"actions/[\w-]+@v\d+", step["uses"]), step["uses"]
    # the workflow is GitHub's (Actions and Pages): the host website/address.py names
    assert HOST == "github.com"


def test_checks_out_before_making(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    names = [s.get("uses", "") or s.get("run", "") for s in steps]
    checkout = next(i for i, n in enumerate(names) if n.startswith("actions/checkout@"))
    first_make = next(i for i, n in enumerate(names) if n.startswith("make "))
    assert checkout < first_make
