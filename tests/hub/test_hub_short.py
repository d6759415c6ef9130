"""The short class-hub load test of `make test` (issue 20): 5 pupils through a fresh JupyterHub.

Each simulated pupil logs in through the login form, starts their server, opens lesson 01 by its nbgitpuller link
(the files land in their home), runs every code cell through the kernel's websocket without error output and
plays moves on the board through widget comm messages; afterwards the hub stops with nothing left running.
About a minute on a quiet 2-core machine.  It needs `make test-hub`'s .venv-hub and proxy.
"""

import doctest
import subprocess
import time

import pytest

import hub.classroom
import hub.loadtest
import hub.run
from hub.classroom import REPO_ROOT, TARGET_DIR, Classroom, lesson_files, proxy_command
from hub.loadtest import MOVES, run_class
from hub.run import port_free

PORT = 8410  # not make hub's default, so a teacher's running hub does not get in the way


def current_branch() -> str:
    """The branch checked out here (the lesson links pull it), or main when HEAD is detached."""
    name = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                          text=True, check=True).stdout.strip()
    return "main" if name == "HEAD" else name


@pytest.mark.parametrize("module", [hub.classroom, hub.run, hub.loadtest])
def test_docstring_examples(module):
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_links_and_accounts():
    room = Classroom(pupils=3, repo="https://example.org/fork.git", branch="spring")
    links = room.lesson_links()
    assert list(links)[:-1] == lesson_files() and len(lesson_files()) == 8
    link = links["lessons/01_magic_square.ipynb"]
    assert "repo=https%3A%2F%2Fexample.org%2Ffork.git" in link and "branch=spring" in link
    assert f"urlpath=lab%2Ftree%2F{TARGET_DIR}%2Flessons%2F01_magic_square.ipynb" in link
    assert Classroom.from_env(room.to_env()) == room
    with pytest.raises(ValueError, match="pupils"):
        Classroom(pupils=100)


def test_five_pupils_through_the_hub():
    assert (REPO_ROOT / ".venv-hub" / "bin" / "jupyterhub").exists(), "run `make test-hub` (it builds .venv-hub)"
    assert port_free("127.0.0.1", PORT)
    start = time.monotonic()
    run = run_class(5, port=PORT, timeout=150, branch=current_branch())
    summary = run.summary()
    errors = {r.name: r.error for r in run.pupil_results if not r.ok}
    assert summary["failures"] == 0, errors
    for r in run.pupil_results:
        assert r.pulled, f"{r.name}: lesson 01 did not land in the home by nbgitpuller"
        assert r.cells == r.cells_total > 0, f"{r.name}: ran {r.cells} of {r.cells_total} code cells"
        assert len(r.moves) == MOVES, f"{r.name}: the board answered {len(r.moves)} of {MOVES} moves"
        assert r.first_board is not None
        assert r.kept, f"{r.name}: the unfinished match is not in the work file beside the lesson in the home"
    assert summary["under_mem_limit"]
    assert run.left_running == [], run.left_running
    assert port_free("127.0.0.1", PORT)
    assert time.monotonic() - start < 180
    assert "configurable-http-proxy" in proxy_command()


def test_limits_follow_the_measurements():
    """The per-pupil limits keep to the rules written beside them in hub/classroom.py, on the committed results."""
    import json

    from hub.classroom import CPU_LIMIT, MEM_LIMIT_BYTES
    from hub.loadtest import MACHINE_MEMORY, RESERVE, RESULTS

    results = json.loads((RESULTS / "loadtest.json").read_text())
    rss = [r["rss"] for c in results["classes"] for r in c["pupil_results"] if r["ok"]]
    rss += [round(lesson["rss_mb"] * 1024**2) for lesson in results["lessons"]]
    assert len(rss) >= 60 + 7
    step = 128 * 1024**2
    assert -(-2 * max(rss) // step) * step == MEM_LIMIT_BYTES  # twice the largest, rounded up to 128 MiB
    assert 30 * MEM_LIMIT_BYTES <= MACHINE_MEMORY - RESERVE  # a class of 30 at the limit fits
    assert max(lesson["run_all_cpu_s"] for lesson in results["lessons"]) < 5  # one core finishes it in seconds
    assert CPU_LIMIT == 1
    assert results["mem_limit"] == hub.classroom.MEM_LIMIT
