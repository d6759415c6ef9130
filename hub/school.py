"""The schools' comparison (docs/schools.md, "The ways compared"), filled from the kit's own measurements.

The section's numbers come from ``hub/results/loadtest.json`` (``make hub-loadtest``),
``bench/results/lite_first_board.json`` (``make test-lite``) and ``bench/results/lesson_times.json``
(``make bench``); :func:`section` writes the text between the ``<!-- school -->`` markers in docs/schools.md, and
``tests/test_school_deploy.py`` fails when that page no longer matches the results.  ``python -m hub.school``
rewrites it (``make hub-loadtest`` does so at its end).

>>> text = section()
>>> text.startswith("| | laptop (`make lab`) |")
True
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hub.classroom import CPU_LIMIT, MEM_LIMIT, REPO_ROOT

__all__ = ["MARKERS", "figures", "section", "write_readme"]

README = REPO_ROOT / "docs" / "schools.md"
MARKERS = ("<!-- school -->", "<!-- /school -->")


def _load(path: str) -> Any:
    return json.loads((REPO_ROOT / path).read_text())


def figures() -> dict[str, Any]:
    """The numbers the section quotes, by name (seconds, MB, pupils), read from the committed results files.

    >>> figures()["hub_sizes"]
    [10, 20, 30]
    """
    hub = _load("hub/results/loadtest.json")
    lite = _load("bench/results/lite_first_board.json")["after"]
    lessons = _load("bench/results/lesson_times.json")["lessons"]
    classes = {c["pupils"]: c for c in hub["classes"]}
    per_lesson = hub["lessons"]
    return {
        "hub_sizes": sorted(classes),
        "classes": classes,
        "lessons": per_lesson,
        "pupils_min": min(lesson["pupils"] for lesson in per_lesson),
        "pupils_max": max(lesson["pupils"] for lesson in per_lesson),
        "pss_max": max(lesson["pss_mb"] for lesson in per_lesson),
        "laptop_01": lessons["01_magic_square"]["run_all_s"],
        "lite_s": lite["first_board_s"],
        "lite_mb": lite["first_board_mb"],
    }


def section() -> str:
    """The markdown between docs/schools.md's ``<!-- school -->`` markers: the comparison and per-lesson table."""
    f = figures()
    big, small = f["classes"][max(f["hub_sizes"])], f["classes"][min(f["hub_sizes"])]
    n_big, n_small = max(f["hub_sizes"]), min(f["hub_sizes"])
    rows = [
        "| | laptop (`make lab`) | Binder link | JupyterLite site (`make lite`) | one server (`make hub`) | "
        "Kubernetes (`deploy/`) |",
        "|---|---|---|---|---|---|",
        f"| capacity | one pupil per computer (a pupil's server and kernel take at most {f['pss_max']:.0f} MB) | "
        "public machines shared by everyone; limited sessions per repository, no guarantee | unlimited: each "
        f"browser runs its own Python | one 2-core, 24 GB server holds {f['pupils_min']} to {f['pupils_max']} "
        "pupils, depending on the lesson (table below) | as many nodes as needed, each holding what one server "
        "holds; the chart keeps room for 4 more pupils warm |",
        f"| first board | lesson 01 runs top to bottom in {f['laptop_01']:.1f} s | waits for a Binder machine "
        f"(seconds to minutes) | {f['lite_s']:.0f} s from opening lesson 01 ({f['lite_mb']:.0f} MB downloaded "
        f"once) | {n_big} pupils logging in together: {big['first_board_p50_s']:.0f} s (median), "
        f"{big['first_board_p95_s']:.0f} s (95th percentile); {n_small} pupils: {small['first_board_p50_s']:.0f} s "
        "| as one server, once every node has pulled the image |",
        "| cost | none beyond the computers | free | any static web host (GitHub Pages is free) | one server or "
        "virtual machine | a cluster, paid per node-hour, and a technician |",
        "| where work is kept | on the computer (`make lab` turns autosave off; *Save Notebook As* into "
        "`my_work/`) | nowhere: lost when the session ends (about 10 idle minutes) | in that browser's storage "
        "only | in each pupil's private home on the server (`/var/lib/fifteen-kit-hub/homes/`), kept when idle "
        "servers are stopped | on "
        "each pupil's volume (1 GiB) |",
        "| what the teacher does | installs Python and runs `make lab` on each computer | shares the link; pupils "
        "download their notebooks | publishes `build/lite/` once; pupils download their notebooks | runs `make "
        "hub` on the server, hands out the sign-in slips and the lesson links it prints, resets a forgotten "
        "password on the hub's admin page | asks a technician to build the image, install the chart and add HTTPS "
        "(`deploy/README.md`); "
        "then as one server |",
        "",
        f"**A class logging in at once** (`make hub-loadtest`: simulated pupils log in, start their server, open "
        "lesson 01 by its link, run every cell and play moves on the board; failures "
        f"{', '.join(str(f['classes'][n]['failures']) for n in f['hub_sizes'])} for "
        f"{', '.join(str(n) for n in f['hub_sizes'])} pupils):",
        "",
        "| pupils | first board, median / 95th percentile (s) | memory per pupil (MB) | all pupils with hub (MB) | "
        "CPU per pupil (s) | board reply, median / 95th percentile (ms) |",
        "|---|---|---|---|---|---|",
    ]
    for n in f["hub_sizes"]:
        c = f["classes"][n]
        rows.append(f"| {n} | {c['first_board_p50_s']:.0f} / {c['first_board_p95_s']:.0f} | {c['pss_mean_mb']:.0f} "
                    f"| {c['pss_total_mb']:.0f} | {c['cpu_per_pupil_s']:.1f} | {c['move_p50_ms']:.0f} / "
                    f"{c['move_p95_ms']:.0f} |")
    rows += [
        "",
        "**How many pupils one server holds, lesson by lesson** (2 cores, 24 GB): each pupil's server and kernel "
        "measured after *Run All*; memory allows (24 GB less 3 GB for the system and the hub) / memory per pupil; "
        "the CPU allows as many pupils as two cores serve within one minute if the whole class presses *Run All* "
        "together.",
        "",
        "| lesson | memory per pupil (MB) | *Run All* CPU (s) | pupils by memory | pupils by CPU | pupils per "
        "server |",
        "|---|---|---|---|---|---|",
    ]
    for lesson in f["lessons"]:
        rows.append(f"| {lesson['lesson']} | {lesson['pss_mb']:.0f} | {lesson['run_all_cpu_s']:.1f} | "
                    f"{lesson['memory_bound']} | {lesson['cpu_bound']} | **{lesson['pupils']}** |")
    rows += [
        "",
        f"Per-pupil limits (`hub/classroom.py`, the same in `deploy/z2jh/values.yaml`): {MEM_LIMIT} of memory and "
        f"{CPU_LIMIT:g} CPU core.",
    ]
    return "\n".join(rows) + "\n"


def write_readme(readme: Path = README) -> bool:
    """Replace the text between the page's markers with :func:`section`; True if it changed.

    Raises ValueError if the page lacks the markers.
    """
    text = readme.read_text()
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + r"\n.*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"{readme}: no {start} ... {end} markers")
    new = pattern.sub(lambda _m: f"{start}\n{section()}{end}", text)
    if new != text:
        readme.write_text(new)
    return new != text


if __name__ == "__main__":
    print("docs/schools.md", "rewritten" if write_readme() else "already up to date")
