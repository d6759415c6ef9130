"""A mischievous pupil on the class hub (issue 29): each attack from pupil01's own kernel, each refused.

The hub is ``attack_hub`` (tests/hub/conftest.py: 3 pupils, as root, so every account is its own system user).
The test process (root) knows the secrets and the other accounts' tokens and checks that none reaches pupil01.
About a minute.
"""

from __future__ import annotations

import json
import os
import pwd
import signal
import subprocess
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from hub import limits
from hub.classroom import MEM_LIMIT_BYTES, REPO_ROOT

ATTACKER = "pupil01"


def attempt(attack_hub, action: str, name: str = ATTACKER) -> str:
    """Run ``action`` (Python statements) in ``name``'s kernel: 'DONE' if it went through, else the error's type."""
    code = "try:\n" + textwrap.indent(textwrap.dedent(action), "    ") + (
        "\n    print('DONE')\nexcept BaseException as error:\n    print(type(error).__name__)")
    return attack_hub.run(name, code).strip().splitlines()[-1]


def server_of(attack_hub, name: str) -> psutil.Process:
    """Account ``name``'s single-user server process."""
    for p in attack_hub.hub.processes():
        if "jupyterhub-singleuser" in " ".join(p.cmdline()) and p.environ().get("JUPYTERHUB_USER") == name:
            return p
    raise AssertionError(f"no server for {name}")


def test_code_runs_as_the_pupils_own_user_not_root(attack_hub):
    ids = json.loads(attack_hub.run(ATTACKER, "import os, json; print(json.dumps([os.getuid(), os.geteuid(), "
                                                "os.getgid(), os.getgroups(), os.environ['HOME']]))"))
    uid, euid, gid, groups, home = ids
    assert uid != 0 and euid != 0 and gid != 0 and 0 not in groups
    assert uid == psutil.Process(server_of(attack_hub, ATTACKER).pid).uids().real
    assert home == str(attack_hub.room.home(ATTACKER))
    assert attempt(attack_hub, "os.setuid(0)") == "PermissionError"
    # No set-user-id way up: the kernel has no_new_privs (hub/limits.py).
    assert attack_hub.run(ATTACKER, "print(open('/proc/self/status').read().split('NoNewPrivs:')[1].split()[0])"
                          ).strip() == "1"


@pytest.mark.parametrize("victim", ["pupil02", "teacher"])
def test_other_homes_cannot_be_listed_written_or_deleted(attack_hub, victim):
    home = attack_hub.room.home(victim)
    keep = home / "my-work.txt"
    keep.write_text("mine\n")
    os.chown(keep, home.stat().st_uid, home.stat().st_gid)
    assert oct(home.stat().st_mode & 0o777) == "0o700"
    assert attempt(attack_hub, f"os.listdir({str(home)!r})") == "PermissionError"
    assert attempt(attack_hub, f"open({str(home / 'planted.py')!r}, 'w')") == "PermissionError"
    assert attempt(attack_hub, f"os.remove({str(keep)!r})") == "PermissionError"
    assert attempt(attack_hub, f"open({str(keep)!r}).read()") == "PermissionError"
    assert keep.read_text() == "mine\n" and not (home / "planted.py").exists()
    # Nor the homes' folder: the names of others' files are not even listed.
    assert attempt(attack_hub, f"os.listdir({str(attack_hub.room.homes_path)!r})") == "PermissionError"


def test_hub_secrets_are_out_of_reach(attack_hub):
    state = attack_hub.room.state_path
    secrets = [state / "jupyterhub.sqlite", state / "jupyterhub_cookie_secret", state / "proxy_token"]
    # The sign-in codes (NativeAuthenticator keeps only their bcrypt hashes, in the database) and the slips.
    secrets += [state / "sign-in", *sorted((state / "sign-in").iterdir())]
    assert all(p.exists() for p in secrets[:3]) and (state / "sign-in" / "codes.json") in secrets, \
        sorted(state.iterdir())
    assert oct(state.stat().st_mode & 0o777) == "0o700" and state.stat().st_uid == 0
    assert attempt(attack_hub, f"os.listdir({str(state)!r})") == "PermissionError"
    for secret in secrets:
        if secret.is_dir():
            assert attempt(attack_hub, f"os.listdir({str(secret)!r})") == "PermissionError", secret
            continue
        assert attempt(attack_hub, f"open({str(secret)!r}, 'rb').read()") == "PermissionError", secret
        assert attempt(attack_hub, f"open({str(secret)!r}, 'ab')") == "PermissionError", secret


def test_other_tokens_are_not_readable_from_proc_or_runtime_files(attack_hub):
    victim = server_of(attack_hub, "pupil02")
    token = victim.environ()["JUPYTERHUB_API_TOKEN"]
    hub_pid = attack_hub.hub.process.pid
    for pid in [victim.pid, *(c.pid for c in victim.children()), hub_pid]:
        assert attempt(attack_hub, f"open('/proc/{pid}/environ', 'rb').read()") == "PermissionError", pid
    runtime = attack_hub.room.runtime_dir("pupil02")
    assert oct(runtime.stat().st_mode & 0o777) == "0o700"
    assert attempt(attack_hub, f"os.listdir({str(runtime)!r})") == "PermissionError"
    assert attempt(attack_hub, f"open({str(runtime.parent / 'planted')!r}, 'w')") == "PermissionError"
    # Command lines are visible to all (no hidepid here): no secret may be on one.
    state = attack_hub.room.state_path
    secrets = [token, (state / "proxy_token").read_text().strip(),
               (state / "jupyterhub_cookie_secret").read_bytes().hex(),
               (state / "jupyterhub_cookie_secret").read_text(errors="replace").strip()]
    cmdlines = attack_hub.run(ATTACKER, textwrap.dedent("""
        import glob
        seen = []
        for path in glob.glob('/proc/[0-9]*/cmdline'):
            try:
                seen.append(open(path, 'rb').read().decode(errors='replace'))
            except OSError:
                pass
        print(len(seen), '\\x00'.join(seen))"""))
    assert int(cmdlines.split(" ", 1)[0]) > 5  # the attacker did see others' command lines
    for secret in secrets:
        assert secret not in cmdlines


def test_a_pupils_own_token_opens_nothing_of_anyone_elses(attack_hub):
    url = attack_hub.room.local_url
    direct = f"http://127.0.0.1:{attack_hub.room.server_port('pupil02')}/user/pupil02/"
    out = attack_hub.run(ATTACKER, textwrap.dedent(f"""
        import os, urllib.request, urllib.error
        token = os.environ['JUPYTERHUB_API_TOKEN']
        for target in ['{url}user/pupil02/api/contents', '{direct}api/contents', '{url}hub/api/users',
                       '{url}hub/api/users/pupil02', '{url}user/teacher/api/contents']:
            request = urllib.request.Request(target, headers={{'Authorization': 'token ' + token}})
            try:
                print(urllib.request.urlopen(request, timeout=20).status, target)
            except urllib.error.HTTPError as error:
                print(error.code, target)"""))
    codes = [int(line.split()[0]) for line in out.strip().splitlines()]
    assert len(codes) == 5 and all(code in (403, 404) for code in codes), out


def test_a_forged_admin_cookie_is_refused(attack_hub):
    # The cookie secret is unreadable (above); a cookie signed with any other secret is refused.
    out = attack_hub.run(ATTACKER, textwrap.dedent(f"""
        import os, urllib.request, urllib.error, uuid
        from tornado.web import create_signed_value
        forged = create_signed_value(os.urandom(32).hex(), 'jupyterhub-hub-login', uuid.uuid4().hex).decode()
        for target in ['{attack_hub.room.local_url}hub/api/users', '{attack_hub.room.local_url}hub/admin']:
            request = urllib.request.Request(target, headers={{'Cookie': 'jupyterhub-hub-login=' + forged}})
            opener = urllib.request.build_opener(type('NoRedirect', (urllib.request.HTTPRedirectHandler,),
                                                      {{'redirect_request': lambda *a, **k: None}}))
            try:
                print(opener.open(request, timeout=20).status)
            except urllib.error.HTTPError as error:
                print(error.code, error.headers.get('Location', ''))"""))
    first, second = out.strip().splitlines()
    assert first.startswith("403"), out
    assert second.startswith("302") and "/hub/login" in second, out


def test_the_proxy_api_is_refused(attack_hub):
    api = f"http://127.0.0.1:{attack_hub.room.port + 2}/api/routes"
    out = attack_hub.run(ATTACKER, textwrap.dedent(f"""
        import os, urllib.request, urllib.error
        for token in ['', os.environ['JUPYTERHUB_API_TOKEN'], 'guess']:
            request = urllib.request.Request('{api}', headers={{'Authorization': 'token ' + token}})
            try:
                print(urllib.request.urlopen(request, timeout=20).status)
            except urllib.error.HTTPError as error:
                print(error.code)
        request = urllib.request.Request('{api}/user/pupil02', method='POST', data=b'{{"target": "http://x"}}')
        try:
            print(urllib.request.urlopen(request, timeout=20).status)
        except urllib.error.HTTPError as error:
            print(error.code)"""))
    assert out.split() == ["403"] * 4, out


def test_others_processes_cannot_be_signalled(attack_hub):
    victim = server_of(attack_hub, "pupil02")
    kernels = victim.children()
    assert kernels, "pupil02 has a kernel"
    targets = [victim.pid, *(k.pid for k in kernels), attack_hub.hub.process.pid,
               server_of(attack_hub, "teacher").pid]
    for pid in targets:
        assert attempt(attack_hub, f"os.kill({pid}, {int(signal.SIGKILL)})") == "PermissionError", pid
    assert all(psutil.pid_exists(pid) for pid in targets)
    assert attack_hub.run("pupil02", "print(6 * 7)").strip() == "42"  # pupil02's kernel still answers


def test_the_lessons_the_config_and_the_teachers_checkout_are_read_only(attack_hub):
    repo = attack_hub.room.repo_copy
    git_dir = Path(subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=REPO_ROOT,
                                  capture_output=True, text=True, check=True).stdout.strip())
    obj = next(p for p in (repo / "objects").rglob("*") if p.is_file())
    ref = next(p for p in (repo / "refs" / "heads").rglob("*") if p.is_file())
    for path in [obj, ref, repo / "HEAD", repo / "config", REPO_ROOT / "hub" / "jupyterhub_config.py",
                 REPO_ROOT / "hub" / "limits.py", REPO_ROOT / "README.md",
                 REPO_ROOT / "fifteen_kit" / "__init__.py", git_dir / "config"]:
        assert attempt(attack_hub, f"open({str(path)!r}, 'ab')") == "PermissionError", path
    for folder in [repo / "hooks", repo / "refs" / "heads", REPO_ROOT, REPO_ROOT / "hub", REPO_ROOT / "lessons",
                   REPO_ROOT / ".venv-hub" / "bin", git_dir / "refs", git_dir / "objects"]:
        assert attempt(attack_hub, f"open({str(folder / 'planted')!r}, 'w')") == "PermissionError", folder
    site = next((REPO_ROOT / ".venv-hub" / "lib").glob("python3*/site-packages"))
    assert attempt(attack_hub, f"open({str(site / 'planted.pth')!r}, 'w')") == "PermissionError"
    # The lesson links pull the read-only copy, and git in a pupil's folder never climbs to another repository.
    assert attack_hub.room.source == str(repo)
    out = attack_hub.run(ATTACKER, textwrap.dedent("""
        import os, subprocess
        os.makedirs('no-git-here', exist_ok=True)
        done = subprocess.run(['git', 'rev-parse', '--show-toplevel'], cwd='no-git-here', capture_output=True,
                              text=True)
        print(done.returncode, os.environ['GIT_CEILING_DIRECTORIES'])"""))
    code, ceiling = out.split()
    assert code != "0" and ceiling == str(attack_hub.room.home(ATTACKER))


def test_a_2_gb_allocation_is_a_memory_error_in_the_pupils_own_kernel(attack_hub):
    assert attempt(attack_hub, "hog = bytearray(2 * 1024**3)") == "MemoryError"
    assert attempt(attack_hub, "hog = [0] * (300 * 1024**2)") == "MemoryError"  # 2.4 GB of list
    assert attack_hub.run(ATTACKER, "print(6 * 7)").strip() == "42"  # the same kernel goes on
    server = server_of(attack_hub, ATTACKER)
    mechanism = limits.detect()
    folders = limits.user_cgroups(mechanism, attack_hub.room.port, attack_hub.room.system_user(ATTACKER))
    if mechanism.kind == "cgroup1":
        mem, cpu = folders
        assert int((mem / "memory.limit_in_bytes").read_text()) == MEM_LIMIT_BYTES
        assert str(server.pid) in (mem / "cgroup.procs").read_text().split()
        assert str(server.pid) in (cpu / "cgroup.procs").read_text().split()
        assert int((cpu / "cpu.cfs_quota_us").read_text()) == 100_000
    elif mechanism.kind == "cgroup2":
        assert int((folders[0] / "memory.max").read_text()) == MEM_LIMIT_BYTES
        assert str(server.pid) in (folders[0] / "cgroup.procs").read_text().split()
    # The pupil cannot lift the limits: the cgroup files and their own rlimits are root's.
    for folder in folders:
        for control in folder.glob("*"):
            if control.name.startswith(("memory.", "cpu.", "cgroup.")):
                assert attempt(attack_hub, f"open({str(control)!r}, 'w').write('-1')") == "PermissionError", control
    assert attempt(attack_hub, "import resource; resource.setrlimit(resource.RLIMIT_DATA, (-1, -1))") == "ValueError"


def test_a_busy_loop_is_held_to_one_core(attack_hub):
    mechanism = limits.detect()
    if mechanism.kind == "rlimit":
        pytest.skip("no writable cgroups on this machine: CPU is not limited (make hub says so)")
    # Two processes spinning flat out in the pupil's kernel get one core between them, not two.
    out = attack_hub.run(ATTACKER, textwrap.dedent("""
        import multiprocessing, os, time
        def spin(seconds):
            end = time.time() + seconds
            while time.time() < end:
                pass
        procs = [multiprocessing.Process(target=spin, args=(3,)) for _ in range(2)]
        start = time.time()
        for p in procs: p.start()
        for p in procs: p.join()
        used = os.times()
        print(time.time() - start, used.children_user + used.children_system)"""))
    wall, cpu = map(float, out.split())
    assert cpu <= 1.15 * wall, f"{cpu:.2f} CPU-s in {wall:.2f} s: more than one core"


def test_nothing_of_the_hub_is_in_a_pupil_readable_place(attack_hub):
    room = attack_hub.room
    for path in (room.state_path, room.homes_path):
        assert REPO_ROOT not in path.resolve().parents
    assert oct(room.homes_path.stat().st_mode & 0o777) == "0o711"
    for name in room.accounts():
        info = room.home(name).stat()
        assert oct(info.st_mode & 0o777) == "0o700"
        assert info.st_uid == pwd.getpwnam(room.system_user(name)).pw_uid != 0
    # The repo copy is root's and nobody else may write it.
    for p in [room.repo_copy, *room.repo_copy.rglob("*")]:
        assert p.lstat().st_uid == 0 and not p.lstat().st_mode & 0o022, p
    assert Path(room.runtime_dir("x")).parent.stat().st_uid == 0


def test_a_classmates_stopped_server_port_gets_none_of_their_traffic(attack_hub):
    """pupil01 listens on pupil03's fixed port while pupil03's server is stopped (hub.ports, ClassSpawner.start)."""
    port = attack_hub.room.server_port("pupil03")
    attack_hub.run(ATTACKER, textwrap.dedent(f"""
        import socket, threading
        squat = socket.socket()
        squat.bind(('127.0.0.1', {port}))
        squat.listen(8)
        squat.settimeout(0.5)
        heard, done = [], threading.Event()
        def serve():
            while not done.is_set():
                try:
                    conn, _ = squat.accept()
                except OSError:
                    continue
                heard.append(conn.recv(4096))
                conn.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\nok')
                conn.close()
        threading.Thread(target=serve, daemon=True).start()
        print('listening')"""))
    from hub.loadtest import PupilFailure

    with pytest.raises(PupilFailure, match="held by another program"):
        attack_hub.start("pupil03")
    heard = attack_hub.run(ATTACKER, "done.set(); squat.close(); print(len(heard))").strip()
    assert heard == "0", f"pupil03's traffic reached pupil01's program ({heard} requests)"
    attack_hub.browsers.pop("pupil03", None)


def test_nothing_in_a_pupils_home_is_loaded_as_code_by_their_server(attack_hub):
    """A server extension, a .pth file and a JupyterLab extension planted in pupil03's home: none is loaded."""
    home = attack_hub.room.home("pupil03")
    user = pwd.getpwnam(attack_hub.room.system_user("pupil03"))
    marker = home / "planted-code-ran"
    python = next((REPO_ROOT / ".venv-hub" / "lib").glob("python3*")).name  # the servers' Python
    site = home / ".local" / "lib" / python / "site-packages"
    planted = {
        home / ".jupyter" / "jupyter_server_config.py": f"open({str(marker)!r}, 'a').write('config\\n')\n",
        home / ".jupyter" / "jupyter_server_config.d" / "evil.json":
            '{"ServerApp": {"jpserver_extensions": {"evil_extension": true}}}\n',
        home / ".local" / "share" / "jupyter" / "jupyter_server_config.d" / "evil.json":
            '{"ServerApp": {"jpserver_extensions": {"evil_extension": true}}}\n',
        site / "evil_extension.py": f"open({str(marker)!r}, 'a').write('extension\\n')\n",
        site / "evil.pth": f"import os; open({str(marker)!r}, 'a').write('pth\\n')\n",
        home / ".local" / "share" / "jupyter" / "labextensions" / "evil-lab-extension" / "package.json":
            '{"name": "evil-lab-extension", "version": "1.0.0", "jupyterlab": {"_build": {"load": "x.js"}}}\n',
    }
    for path, text in planted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for path in [p for p in home.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)
    attack_hub.start("pupil03")
    browser = attack_hub.browsers["pupil03"]
    lab = attack_hub.sync(browser.client.get("user/pupil03/lab", follow_redirects=True))
    assert lab.status_code == 200 and "jupyter-config-data" in lab.text
    assert "evil-lab-extension" not in lab.text
    assert not marker.exists(), marker.read_text()
    # The pupil's own JupyterLab settings still live in their home.
    reply = attack_hub.sync(browser.client.put(
        "user/pupil03/lab/api/settings/@jupyterlab/apputils-extension:themes",
        json={"raw": '{"theme": "JupyterLab Dark"}'}, headers={"X-XSRFToken": browser._xsrf(browser.prefix)}))
    assert reply.status_code == 204, reply.text
    assert (home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
            / "themes.jupyterlab-settings").exists()


def test_the_teacher_cannot_open_a_pupils_server_or_make_tokens_for_them(attack_hub):
    """Every page of a pupil's server shares the hub's address: the teacher's browser never loads one."""
    teacher = attack_hub.browser("teacher")
    page = attack_hub.sync(teacher.client.get("user/pupil02/api/contents", follow_redirects=True))
    assert page.status_code == 403, (page.status_code, str(page.url))
    headers = {"X-XSRFToken": teacher._xsrf("/hub/")}
    token = attack_hub.sync(teacher.client.post("hub/api/users/pupil02/tokens", json={"note": "x"},
                                                headers=headers))
    assert token.status_code == 403, token.text
    # What the teacher does need still works: the admin's list of accounts.
    users = attack_hub.sync(teacher.client.get("hub/api/users", headers=headers))
    assert users.status_code == 200 and "pupil02" in users.text


def test_a_huge_file_is_refused_in_the_pupils_own_kernel(attack_hub):
    size = limits.MAX_FILE
    assert attempt(attack_hub, f"""
        with open('huge.bin', 'wb') as f:
            f.seek({size})
            f.write(b'x')""") == "OSError"
    assert attack_hub.run(ATTACKER, "import os; print(os.path.getsize('huge.bin') <= "
                                    f"{size}); os.remove('huge.bin')").strip() == "True"


def test_a_pupils_kernel_cannot_take_its_own_servers_socket(attack_hub):
    """The server runs as the pupil, as the kernel does: were it dumpable, the kernel could take its listening
    socket (pidfd_getfd) and answer /user/pupil01/ itself, to anyone (hub/singleuser/jupyter_server_config.py)."""
    assert attempt(attack_hub, "os.listdir(f'/proc/{os.getppid()}/fd')") == "PermissionError"
    assert attempt(attack_hub, "open(f'/proc/{os.getppid()}/mem', 'rb')") == "PermissionError"
    assert attempt(attack_hub, """
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        pidfd = libc.syscall(434, os.getppid(), 0)  # pidfd_open
        if pidfd < 0:
            raise OSError(ctypes.get_errno(), 'pidfd_open')
        for fd in range(3, 64):
            if libc.syscall(438, pidfd, fd, 0) >= 0:  # pidfd_getfd
                raise RuntimeError(f"took the server's fd {fd}")
        raise PermissionError(ctypes.get_errno(), 'pidfd_getfd refused for every fd')""") == "PermissionError"
    assert attack_hub.run(ATTACKER, "print(6 * 7)").strip() == "42"  # the kernel itself is a normal program


def test_a_server_starts_again_after_its_kernel_ran(attack_hub):
    """A kernel leaves ~/.ipython behind; Jupyter's config folder is root's read-only one: the next start of the
    server must not fail trying to write its 'migrated' marker there (a pupil's second lesson)."""
    attack_hub.run("pupil03", "print('a cell ran')")
    assert (attack_hub.room.home("pupil03") / ".ipython").exists()
    browser = attack_hub.browsers["pupil03"]
    headers = {"X-XSRFToken": browser._xsrf("/hub/")}
    stop = attack_hub.sync(browser.client.delete("hub/api/users/pupil03/server", headers=headers))
    assert stop.status_code in (202, 204), stop.text
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        user = attack_hub.sync(browser.client.get("hub/api/user", headers=headers)).json()
        if not user["servers"]:
            break
        time.sleep(0.5)
    else:
        raise AssertionError("pupil03's server did not stop")
    attack_hub.kernels.pop("pupil03", None)
    attack_hub.sync(browser.start_server("/user/pupil03/lab"))
    attack_hub.sync(browser.client.get("user/pupil03/lab", follow_redirects=True))
    assert attack_hub.run("pupil03", "print(6 * 7)").strip() == "42"
