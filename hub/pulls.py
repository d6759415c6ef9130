"""Which pupils got the teacher's latest lessons: each pupil's copy (``~/fifteen-kit``) checked, and told.

nbgitpuller merges the teacher's changes into a pupil's copy with ``-Xours``: where the pupil changed the same
lines, the pupil's version wins and the teacher's correction is dropped without a word (nbgitpuller#263).  And a
copy cloned before the teacher changed ``HUB_REPO`` keeps fetching the old source (nbgitpuller#389; no release
fixes it yet: 1.3.0 is the latest).  So:

- :func:`repoint` (the hub calls it before starting a pupil's server) points the copy's ``origin`` at the hub's
  current source, so the next lesson link pulls from there;
- :func:`check_copy` finds what did not arrive: the teacher's changes not merged at all, and lines the teacher
  added (since the pupil's first pull) that are missing from the pupil's files.  It writes (or removes) a note,
  :data:`NOTE`, in the pupil's home, which JupyterLab's file browser shows;
- ``python -m hub.pulls`` (``make hub-status``) does it for every account of the class and prints who did not get
  what.

Everything in a pupil's home runs as that pupil's system user (a root hub), never as root: git run as root in a
folder a pupil controls could be made to run the pupil's code (hooks, ``core.fsmonitor``).

>>> NOTE
'LESSON-UPDATES-MISSING.txt'
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from difflib import ndiff
from pathlib import Path

from hub.classroom import TARGET_DIR, Classroom

__all__ = ["NOTE", "CopyState", "check_copy", "main", "repoint", "status"]

NOTE = "LESSON-UPDATES-MISSING.txt"
#: Seconds a check of one pupil's copy may take: git in a folder the pupil controls can be made to wait forever
#: (a named pipe as .git/config), which must not hang the hub's start of their server or ``make hub-status``.
TIME_LIMIT = 30


@dataclass
class CopyState:
    """One pupil's copy: where it pulls from, and what of the teacher's did not arrive."""

    name: str
    exists: bool = False
    origin: str = ""
    old_source: bool = False  # origin is not the hub's current source
    unmerged: bool = False  # the teacher's latest commit (as last fetched) is not merged at all
    missing: dict[str, list[str]] = field(default_factory=dict)  # file -> the teacher's lines not in the pupil's

    @property
    def up_to_date(self) -> bool:
        """True when the copy pulls from the current source and has every line the teacher added."""
        return self.exists and not (self.old_source or self.unmerged or self.missing)


def _git(copy: Path, *args: str) -> str:
    """Run git in ``copy`` (as the calling user) and return its output; '' when it fails."""
    env = {**os.environ, "GIT_CEILING_DIRECTORIES": str(copy.parent), "LANG": "C"}
    try:
        done = subprocess.run(["git", "-C", str(copy), *args], capture_output=True, text=True, env=env,
                              stdin=subprocess.DEVNULL, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return ""
    return done.stdout if done.returncode == 0 else ""


def _lines(text: str, path: str) -> list[str]:
    """The lines that carry the lesson: a notebook's cell sources (outputs change whenever a pupil runs a cell),
    else every line."""
    if path.endswith(".ipynb"):
        try:
            cells = json.loads(text).get("cells", [])
        except ValueError:
            return text.splitlines()
        return [line for c in cells for line in "".join(c.get("source", "")).splitlines()]
    return text.splitlines()


def _teacher_added(copy: Path, old: str, new: str, path: str) -> list[str]:
    """Lines of ``path`` present at commit ``new`` but not at ``old`` (blank lines ignored)."""
    before = _lines(_git(copy, "show", f"{old}:{path}"), path)
    after = _lines(_git(copy, "show", f"{new}:{path}"), path)
    return [d[2:] for d in ndiff(before, after) if d.startswith("+ ") and d[2:].strip()]


def _last_shared(copy: Path, latest: str) -> str:
    """The newest commit on the copy's own line (``HEAD``'s first parents) that is one of the teacher's up to
    ``latest``: where the pupil last had the teacher's lessons exactly (their clone, or a fast-forward since).

    nbgitpuller commits the pupil's edits and merges the teacher's branch into them, so the pupil's line runs
    merge, automatic commit, merge, ... back to the commit they cloned.
    """
    teachers = set(_git(copy, "rev-list", latest).split())
    for commit in _git(copy, "rev-list", "--first-parent", "HEAD").split():
        if commit in teachers:
            return commit
    return ""


def check_copy(copy: Path, source: str, branch: str, note: bool = True) -> CopyState:
    """Check the copy at ``copy`` (run as its owner) against ``source``/``branch``; write or remove the note.

    The teacher's changes are those between :func:`_last_shared` (where the pupil last had the teacher's version)
    and the latest fetched ``origin/<branch>``; a line the teacher added is missing when the pupil's file (as it
    is now) lacks it.
    """
    state = CopyState(copy.parent.name, exists=(copy / ".git").is_dir())
    if state.exists:
        state.origin = _git(copy, "remote", "get-url", "origin").strip()
        state.old_source = state.origin != source
        ref = f"refs/remotes/origin/{branch}"
        latest = _git(copy, "rev-parse", "--verify", "-q", ref).strip()
        first = _last_shared(copy, latest) if latest else ""
        if latest:
            try:
                state.unmerged = subprocess.run(["git", "-C", str(copy), "merge-base", "--is-ancestor", latest,
                                                 "HEAD"], capture_output=True, stdin=subprocess.DEVNULL,
                                                timeout=TIME_LIMIT).returncode != 0
            except subprocess.TimeoutExpired:
                state.unmerged = True
        if latest and first and first != latest:
            for path in _git(copy, "diff", "--name-only", "--diff-filter=AM", first, latest).split("\n"):
                if not path:
                    continue
                mine_path = copy / path
                mine = _lines(mine_path.read_text(errors="replace"), path) if mine_path.is_file() else []
                lost = [line for line in _teacher_added(copy, first, latest, path) if line not in set(mine)]
                if lost:
                    state.missing[path] = lost
    if note:
        _write_note(copy.parent / NOTE, state)
    return state


def _write_note(path: Path, state: CopyState) -> None:
    """Write the pupil's note (or remove it when everything arrived); never through a symlink."""
    if path.is_symlink() or path.exists():
        path.unlink()
    if not state.exists or state.up_to_date:
        return
    lines = ["Some of your teacher's changes to the lessons did not reach your copy (fifteen-kit/).", ""]
    if state.old_source:
        lines.append(f"Your copy still pulled from {state.origin}; the next lesson link pulls from the new place.")
    if state.unmerged:
        lines.append("The latest lessons could not be merged with your edits. Ask your teacher.")
    for file, lost in state.missing.items():
        lines.append(f"In {file} your version was kept, and these lines of your teacher's are not in it:")
        lines += [f"    {line}" for line in lost[:20]]
    lines += ["", "To get the teacher's version of a file: rename yours (keep your work), then open the lesson "
              "link again; the link brings back any file that is missing."]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "w") as out:
        out.write("\n".join(lines) + "\n")


def _as_owner(room: Classroom, name: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``python -m hub.pulls <args>`` as account ``name``'s system user (a root hub) or as ourselves.

    Never with the caller's terminal as stdin (root's, under ``make hub-status``), and for at most twice
    :data:`TIME_LIMIT` seconds: a copy that takes longer counts as a failed check (code -9, nothing printed).
    """
    from hub.classroom import REPO_ROOT

    kwargs: dict[str, object] = {}
    if os.geteuid() == 0:
        from hub.users import as_user

        kwargs = as_user(room.system_user(name))
        kwargs["env"] = {**kwargs["env"], "PYTHONPATH": str(REPO_ROOT)}  # type: ignore[dict-item]
    command = [sys.executable, "-m", "hub.pulls", *args]
    try:
        return subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL,  # type: ignore[call-overload]
                              timeout=2 * TIME_LIMIT, **kwargs)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -9, "", f"the check took over {2 * TIME_LIMIT} s")


def repoint(room: Classroom, name: str) -> str | None:
    """Point account ``name``'s copy at the hub's current source; return the old source if it changed."""
    copy = room.home(name) / TARGET_DIR
    if not copy.is_dir() or copy.is_symlink():
        return None
    done = _as_owner(room, name, ["--repoint", str(copy), "--source", room.source])
    return done.stdout.strip() or None


def status(room: Classroom) -> list[CopyState]:
    """Check every account's copy (each as its owner) and write each pupil's note; see :func:`check_copy`."""
    states = []
    for name in room.accounts():
        copy = room.home(name) / TARGET_DIR
        if not copy.is_dir() or copy.is_symlink():
            states.append(CopyState(name))
            continue
        done = _as_owner(room, name, ["--check", str(copy), "--source", room.source, "--branch", room.branch])
        try:
            states.append(CopyState(**json.loads(done.stdout)))
        except (ValueError, TypeError):
            states.append(CopyState(name, exists=True, unmerged=True,
                                    missing={"(check failed)": [done.stderr.strip()[-200:]]}))
        states[-1].name = name
    return states


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.pulls``: print who did not get the teacher's latest lessons; 1 if anyone did not."""
    parser = argparse.ArgumentParser(prog="python -m hub.pulls", description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=Path, help=argparse.SUPPRESS)  # one copy, as its owner: JSON out
    parser.add_argument("--repoint", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--source", default="")
    parser.add_argument("--branch", default="main")
    args = parser.parse_args(argv)
    if args.check:
        print(json.dumps(asdict(check_copy(args.check, args.source, args.branch))))
        return 0
    if args.repoint:
        old = _git(args.repoint, "remote", "get-url", "origin").strip()
        if old and old != args.source:
            _git(args.repoint, "remote", "set-url", "origin", args.source)
            print(old)
        return 0
    room = Classroom.from_env()
    behind = 0
    # What a pupil's copy says (its origin, git's errors) is the pupil's text: never raw escape sequences on the
    # teacher's (root's) terminal.
    for s in status(room):
        if not s.exists:
            print(f"{s.name}: no copy yet (has not opened a lesson link)")
        elif s.up_to_date:
            print(f"{s.name}: up to date")
        else:
            behind += 1
            why = [f"pulls from the old source {_printable(s.origin)}"] if s.old_source else []
            why += ["the latest lessons are not merged"] if s.unmerged else []
            why += [f"{_printable(file)}: {len(lost)} of the teacher's lines missing" if file != "(check failed)"
                    else f"check failed: {_printable(' '.join(lost))}" for file, lost in s.missing.items()]
            print(f"{s.name}: NOT UPDATED: " + "; ".join(why))
    print(f"{behind} account(s) did not get everything; each has {NOTE} in their home saying what.")
    return 1 if behind else 0


def _printable(text: str) -> str:
    """``text`` with every control character (escape sequences, carriage returns) shown as an escape instead.

    >>> _printable("old\\x1b[2Jplace")
    'old\\\\x1b[2Jplace'
    """
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


if __name__ == "__main__":
    sys.exit(main())
