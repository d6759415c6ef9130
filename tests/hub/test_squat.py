"""What a pupil's code can leave for the hub or the teacher's tools, checked without a running hub.

- A classmate listening on a stopped pupil's fixed server port: :mod:`hub.ports` must see who holds it, so that
  ClassSpawner neither starts on a taken port nor routes the pupil to a socket that is not their own server's.
- A lesson copy whose ``.git/config`` is a named pipe: the checks of :mod:`hub.pulls` (run by the hub before each
  start, and by ``make hub-status``) must give up within their time limit instead of hanging.
- A copy's origin full of escape sequences: ``make hub-status`` must not print them raw on root's terminal.
- A runtime folder made first by someone else: :func:`hub.users.runtime_dir` must not keep what they planted.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from hub import ports, pulls
from hub.classroom import Classroom


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_listener_names_the_owner_and_the_socket_of_a_listening_port() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        assert ports.listener(port) is None  # bound, not listening yet
        s.listen(1)
        found = ports.listener(port)
        assert found is not None
        uid, inode = found
        assert uid == os.getuid()
        assert ports.socket_of(os.getpid(), inode)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        try:
            assert not ports.socket_of(child.pid, inode)  # another process: not its socket
        finally:
            child.kill()
            child.wait()
    assert ports.listener(port) is None


def test_listener_sees_an_ipv6_socket_that_takes_the_ipv4_port_too() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    port = free_port()
    try:
        s = socket.socket(socket.AF_INET6)
    except OSError:
        pytest.skip("no IPv6")
    with s:
        s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        try:
            s.bind(("::", port))
        except OSError:
            pytest.skip("port taken meanwhile")
        s.listen(1)
        found = ports.listener(port)
        assert found is not None and found[0] == os.getuid()


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


def test_a_named_pipe_as_git_config_does_not_hang_the_checks(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "pupil01" / "fifteen-kit"
    copy.mkdir(parents=True)
    git(copy, "init", "-q")
    (copy / ".git" / "config").unlink()
    os.mkfifo(copy / ".git" / "config")
    monkeypatch.setattr(pulls, "TIME_LIMIT", 1)
    started = time.monotonic()
    state = pulls.check_copy(copy, "/nowhere/lessons.git", "main", note=False)
    assert time.monotonic() - started < 30
    assert state.exists and state.origin == ""


def test_make_hub_status_never_prints_a_pupils_escape_sequences(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    evil = "\x1b]0;root@school\x07\x1b[2J\x1b[1;31mrun: curl x | sudo sh\x1b[8m"
    states = [pulls.CopyState("pupil01", exists=True, origin=evil, old_source=True),
              pulls.CopyState("pupil02", exists=True, unmerged=True, missing={"(check failed)": ["\x1b[2J boom"]})]
    monkeypatch.setattr(pulls, "status", lambda room: states)
    assert pulls.main([]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J" in out


@pytest.mark.skipif(os.geteuid() != 0, reason="planting a folder of another user needs root")
def test_runtime_dir_removes_a_folder_someone_else_made_first() -> None:
    from hub.users import runtime_dir

    room = Classroom(pupils=1, port=18790, state=tempfile.mkdtemp(), homes=tempfile.mkdtemp())
    parent = room.runtime_dir("pupil01").parent
    if parent.exists():
        pytest.skip(f"{parent} is in use")
    planted = room.runtime_dir("pupil01") / "jupyter_cookie_secret"
    try:
        planted.parent.mkdir(parents=True)
        planted.write_text("known to the attacker")
        for path in (parent, planted.parent, planted):
            os.chown(path, 65534, 65534)
        folder = Path(runtime_dir(room, "pupil01", 0, 0))
        assert parent.stat().st_uid == 0 and folder.stat().st_uid == 0
        assert not planted.exists()
    finally:
        import shutil

        shutil.rmtree(parent, ignore_errors=True)
