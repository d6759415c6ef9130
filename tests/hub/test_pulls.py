"""When a teacher's change cannot reach a pupil's copy, the pupil is told and the teacher can list who (issue 29).

Real nbgitpuller (its GitPuller, as a lesson link runs it) pulls a small lesson repository into a pupil's folder;
the pupil edits the line the teacher then corrects.  nbgitpuller keeps the pupil's line without a word; hub.pulls
must find the teacher's missing line, write the note into the pupil's home, list it for ``make hub-status``, move
a copy to a changed source, and never write its note through a symlink a pupil planted.  No hub needed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hub.pulls import NOTE, check_copy
from hub.pulls import main as pulls_main

nbgitpuller = pytest.importorskip("nbgitpuller.pull")


def git(folder: Path, *args: str) -> str:
    """Run git in ``folder`` as the teacher would (a fixed identity)."""
    return subprocess.run(["git", "-c", "user.name=Teacher", "-c", "user.email=teacher@school.invalid",
                           "-C", str(folder), *args], check=True, capture_output=True, text=True).stdout


def teacher_commits(source: Path, text: str, message: str) -> None:
    (source / "lesson.md").write_text(text)
    git(source, "add", "lesson.md")
    git(source, "commit", "-q", "-m", message)


def lesson_link(source: Path, copy: Path) -> None:
    """What opening a lesson link does to the pupil's copy: nbgitpuller's clone or merge."""
    for _ in nbgitpuller.GitPuller(str(source), str(copy), branch="main").pull():
        pass


@pytest.fixture
def classroom(tmp_path: Path) -> tuple[Path, Path]:
    """A teacher's lesson repository and a pupil's home holding its first pull (``~/fifteen-kit``)."""
    source = tmp_path / "lessons"
    source.mkdir()
    git(source, "init", "-q", "-b", "main")
    teacher_commits(source, "# Lesson\nFind three tiles that make 15.\nHint: start with 5.\n", "lesson")
    home = tmp_path / "homes" / "pupil07"
    home.mkdir(parents=True)
    lesson_link(source, home / "fifteen-kit")
    return source, home


def test_a_correction_the_pupil_overwrote_is_reported_to_both(classroom):
    source, home = classroom
    copy = home / "fifteen-kit"
    (copy / "lesson.md").write_text("# Lesson\nFind three tiles that make 15.\nHint: my own idea.\n")
    teacher_commits(source, "# Lesson\nFind three tiles that make 15.\nHint: start with the centre, 5.\n"
                    "Then try 9.\n", "correction")
    lesson_link(source, copy)
    assert "my own idea" in (copy / "lesson.md").read_text()  # nbgitpuller kept the pupil's line...
    assert "start with the centre" not in (copy / "lesson.md").read_text()  # ...and dropped the teacher's hunk,
    assert "Then try 9." not in (copy / "lesson.md").read_text()  # the line added next to it included
    state = check_copy(copy, str(source), "main")
    assert not state.up_to_date and not state.old_source
    assert state.missing == {"lesson.md": ["Hint: start with the centre, 5.", "Then try 9."]}
    note = (home / NOTE).read_text()
    assert "Hint: start with the centre, 5." in note and "lesson.md" in note and "rename yours" in note
    # Once the pupil has the teacher's version (they renamed theirs and opened the link), the note goes.
    (copy / "lesson.md").rename(home / "my-lesson.md")
    lesson_link(source, copy)
    assert check_copy(copy, str(source), "main").up_to_date
    assert not (home / NOTE).exists()


def test_an_untouched_copy_gets_everything_and_no_note(classroom):
    source, home = classroom
    teacher_commits(source, "# Lesson\nFind three tiles that make 15.\nHint: start with 5.\nNew line.\n", "more")
    lesson_link(source, home / "fifteen-kit")
    assert check_copy(home / "fifteen-kit", str(source), "main").up_to_date
    assert not (home / NOTE).exists()


def test_a_changed_source_moves_the_copy_and_is_reported_until_then(classroom, tmp_path, capsys):
    source, home = classroom
    copy = home / "fifteen-kit"
    fork = tmp_path / "fork.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(source), str(fork)], check=True)
    before = check_copy(copy, str(fork), "main")
    assert before.old_source and before.origin == str(source)
    assert "still pulled from" in (home / NOTE).read_text()
    assert pulls_main(["--repoint", str(copy), "--source", str(fork)]) == 0
    assert capsys.readouterr().out.strip() == str(source)  # the old source, for the hub's log
    assert git(copy, "remote", "get-url", "origin").strip() == str(fork)
    assert check_copy(copy, str(fork), "main").up_to_date and not (home / NOTE).exists()


def test_the_note_is_never_written_through_a_planted_symlink(classroom, tmp_path):
    source, home = classroom
    victim = tmp_path / "someone-elses-file.txt"
    victim.write_text("theirs\n")
    (home / NOTE).symlink_to(victim)
    (home / "fifteen-kit" / "lesson.md").write_text("# Lesson\nmine\n")
    teacher_commits(source, "# Lesson\nFind three tiles that make 15.\nHint: a better one.\n", "fix")
    lesson_link(source, home / "fifteen-kit")
    check_copy(home / "fifteen-kit", str(source), "main")
    assert victim.read_text() == "theirs\n"
    assert not (home / NOTE).is_symlink() and "Hint: a better one." in (home / NOTE).read_text()
