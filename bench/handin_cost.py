"""What handing in a class's results costs the teacher (issue 33): code lengths measured, minutes modelled.

A class of 14 pairs (made-up pairs of tests/results_samples.py, right with chances spread evenly from 0.35 to
0.9, every task answered and the lesson's game played) saves its results in every lesson; this measures each
pair's code (``to_code``) and the characters a teacher must type (the code without its ``F15-`` prefix and its
dashes, which ``from_code`` does not need), then turns them into minutes with a stated model:

* **typing codes** read from the pupils' screens or paper: 1.5 characters a second (90 a minute: copy-typing a
  random string of letters and digits, about half the speed of typing prose at 36 words a minute), plus 10 s
  per code to find the next one and start a new line, plus one code in ten mistyped and found again (from_code
  names the group of five to look at) at 30 s each;
* **pasting codes**: each pair posts its code in one shared place (the class chat, a shared document, an email
  to the teacher); the teacher copies them all and pastes them into the box at once: 1 minute whatever the class;
* **uploading files** from a shared folder or an assignment: download the folder and pick all the files at once in
  the upload dialog: 2 minutes whatever the class.

    python bench/handin_cost.py      # writes bench/results/handin_cost.json and prints a table
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

PAIRS = 14
TYPING_RATE = 1.5  # characters a second
PER_CODE = 10.0  # seconds per code to find it and start a new line
MISTYPED_SHARE, MISTYPED_COST = 0.1, 30.0  # one code in ten, 30 s each
PASTE_MINUTES = 1.0
UPLOAD_MINUTES = 2.0


def main() -> dict[str, dict[str, float]]:
    from fifteen_kit.widgets.workbook import LESSONS
    from results_samples import pupil_results

    from fifteen_kit.results import CODE_PREFIX, to_code

    out: dict[str, dict[str, float]] = {}
    for lesson in LESSONS:
        if lesson == "00":  # the start-here lesson hands in nothing
            continue
        codes = [to_code(pupil_results(lesson, f"pair {n}", 0.35 + 0.55 * (n - 1) / (PAIRS - 1), 300 + n))
                 for n in range(1, PAIRS + 1)]
        typed = [len(code.removeprefix(CODE_PREFIX).replace("-", "")) for code in codes]
        seconds = sum(typed) / TYPING_RATE + PAIRS * PER_CODE + PAIRS * MISTYPED_SHARE * MISTYPED_COST
        out[lesson] = {"code_chars_median": statistics.median(len(c) for c in codes),
                       "code_chars_min": min(len(c) for c in codes), "code_chars_max": max(len(c) for c in codes),
                       "typed_chars_class": sum(typed), "typing_minutes": round(seconds / 60, 1),
                       "paste_minutes": PASTE_MINUTES, "upload_minutes": UPLOAD_MINUTES}
    return out


if __name__ == "__main__":
    figures = main()
    (ROOT / "bench" / "results" / "handin_cost.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(f"{'lesson':7} {'code (chars)':>18} {'typed, 14 pairs':>16} {'typing':>8} {'paste':>6} {'upload':>7}")
    for lesson, f in figures.items():
        print(f"{lesson:7} {f['code_chars_min']:>5.0f} to {f['code_chars_max']:>3.0f} "
              f"(med {f['code_chars_median']:>3.0f}) {f['typed_chars_class']:>16.0f} {f['typing_minutes']:>6.1f} m"
              f" {f['paste_minutes']:>4.0f} m {f['upload_minutes']:>5.0f} m")
