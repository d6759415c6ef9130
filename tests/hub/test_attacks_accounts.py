"""Attacks on the class hub's accounts (issue 29, bullet 4), on a short real hub of 3 pupils.

A mischievous pupil tries to claim a classmate's account, to open one account with another's code, to guess a
password (one after another and in parallel), and to reach the teacher's pages and API; the teacher resets a pupil.
The hub runs with a 6-second lockout so the test sees it end.  About a minute; the hub's state folder (database,
codes, slips) is a temporary folder, removed afterwards.  Needs `make test-hub`'s .venv-hub and proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hub.accounts import codes_path, new_code, read_codes, sign_in_dir
from hub.classroom import REPO_ROOT, TEACHER, Classroom
from hub.run import RunningHub, port_free, start_hub

PORT = 19000  # this test's own ports: 19000-19002 and 19010-19013
LOCKOUT_AFTER = 5
LOCKOUT_SECONDS = 6
# hub/authenticator.py imports what only the hub's environment has (bcrypt): its constant is read from its text.
LOCK_FOR_ALL = int(re.search(r"^LOCK_FOR_ALL = (\d+)$", (REPO_ROOT / "hub" / "authenticator.py").read_text(),
                             re.MULTILINE).group(1))  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def hub() -> Iterator[RunningHub]:
    assert (REPO_ROOT / ".venv-hub" / "bin" / "jupyterhub").exists(), "run `make test-hub` (it builds .venv-hub)"
    state = Path(tempfile.mkdtemp(prefix="fifteen-kit-accounts-"))
    room = Classroom(pupils=3, port=PORT, state=str(state), lockout_after=LOCKOUT_AFTER,
                     lockout_seconds=LOCKOUT_SECONDS)
    running = start_hub(room)
    try:
        yield running
    finally:
        left = running.stop()
        shutil.rmtree(state, ignore_errors=True)
        if os.geteuid() == 0:  # the system users this hub made: the machine is left as it was
            from hub.users import remove_users

            remove_users(PORT)
        assert left == [], left
        assert port_free("127.0.0.1", PORT)


def client(hub: RunningHub) -> httpx.Client:
    return httpx.Client(base_url=hub.room.local_url, trust_env=False, timeout=60)


def _xsrf(page: httpx.Response) -> str:
    return page.text.split('name="_xsrf" value="', 1)[-1].split('"', 1)[0]


def login(browser: httpx.Client, name: str, password: str) -> httpx.Response:
    """Log in through the form, as a browser does (302 = logged in, 403 = wrong, 429 = locked)."""
    page = browser.get("hub/login")
    return browser.post("hub/login", data={"username": name, "password": password, "_xsrf": _xsrf(page)})


@contextlib.contextmanager
def logged_in(hub: RunningHub, name: str) -> Iterator[httpx.Client]:
    """A browser logged in as ``name`` with the code on their slip."""
    with client(hub) as browser:
        assert login(browser, name, read_codes(hub.room)[name]).status_code == 302
        yield browser


def test_nobody_can_claim_an_account(hub):
    """FirstUseAuthenticator took any password for an unclaimed account; now only the account's own code opens it."""
    codes = read_codes(hub.room)
    with client(hub) as pupil01:
        for chosen in ("pupil01-chooses-this", "x" * 8, ""):
            assert login(pupil01, "pupil03", chosen).status_code == 403
        assert pupil01.get("hub/signup").status_code == 404  # no sign-up page to claim one either
        signup = pupil01.post("hub/signup", data={"username": "pupil03", "signup_password": "mine-now-123",
                                                  "signup_password_confirmation": "mine-now-123"})
        assert signup.status_code in (403, 404)
        assert login(pupil01, "pupil04", "anything-at-all").status_code == 403  # no such account: not created
    with client(hub) as pupil03:  # the real pupil03 still gets in with the code on their slip
        assert login(pupil03, "pupil03", codes["pupil03"]).status_code == 302
        assert pupil03.get("hub/api/user").json()["name"] == "pupil03"


def test_a_code_opens_only_its_own_account(hub):
    codes = read_codes(hub.room)
    names = hub.room.accounts()
    assert len(set(codes.values())) == len(names) == 4
    with client(hub) as browser:
        for name, other in zip(names, names[1:] + names[:1], strict=True):
            assert login(browser, other, codes[name]).status_code == 403, f"{name}'s code opened {other}"
        assert login(browser, "pupil01", codes["pupil01"].upper()).status_code == 403
        assert login(browser, "pupil01", codes["pupil01"] + " ").status_code == 403
    for name in names:  # each code opens its own account (and clears that account's count of wrong passwords)
        with logged_in(hub, name) as browser:
            assert browser.get("hub/api/user").json()["name"] == name


def test_wrong_passwords_lock_the_account(hub):
    """LOCKOUT_AFTER wrong passwords lock the account: even the right code is refused until the lockout ends."""
    code = read_codes(hub.room)["pupil02"]
    with client(hub) as attacker:
        statuses = [login(attacker, "pupil02", new_code()).status_code for _ in range(LOCKOUT_AFTER + 3)]
        locked_at = time.monotonic()
        assert statuses == [403] * LOCKOUT_AFTER + [429] * 3
        refused = login(attacker, "pupil02", code)
        assert refused.status_code == 429 and "Too many wrong passwords for pupil02" in refused.text
        assert login(attacker, "pupil01", read_codes(hub.room)["pupil01"]).status_code == 302  # others unaffected
    time.sleep(max(0.0, locked_at + LOCKOUT_SECONDS + 1.5 - time.monotonic()))
    with client(hub) as pupil02:
        assert login(pupil02, "pupil02", code).status_code == 302


def test_parallel_wrong_passwords_cannot_slip_past_the_lockout(hub):
    """24 wrong passwords at once on one account: only LOCKOUT_AFTER are checked, the rest refused as locked."""
    code = read_codes(hub.room)["pupil01"]

    async def attack() -> list[int]:
        async with httpx.AsyncClient(base_url=hub.room.local_url, trust_env=False, timeout=120) as browser:
            token = _xsrf(await browser.get("hub/login"))
            replies = await asyncio.gather(*(browser.post("hub/login", data={
                "username": "pupil01", "password": new_code(), "_xsrf": token}) for _ in range(24)))
            return [r.status_code for r in replies]

    statuses = asyncio.run(attack())
    assert sorted(statuses) == [403] * LOCKOUT_AFTER + [429] * (24 - LOCKOUT_AFTER), statuses
    with client(hub) as pupil01:
        assert login(pupil01, "pupil01", code).status_code == 429
    time.sleep(LOCKOUT_SECONDS + 1.5)
    with client(hub) as pupil01:
        assert login(pupil01, "pupil01", code).status_code == 302


def test_the_teacher_resets_a_pupil(hub):
    """A locked-out pupil who lost their slip: the teacher sets a new password, which works at once."""
    old = read_codes(hub.room)["pupil03"]
    with client(hub) as attacker:
        for _ in range(LOCKOUT_AFTER):
            login(attacker, "pupil03", new_code())
        assert login(attacker, "pupil03", old).status_code == 429
    new = "fresh-" + new_code()
    with logged_in(hub, TEACHER) as teacher:
        page = teacher.get("hub/change-password/pupil03")
        assert page.status_code == 200 and "pupil03" in page.text
        done = teacher.post("hub/change-password/pupil03", data={
            "new_password": new, "new_password_confirmation": new, "_xsrf": _xsrf(page)})
        assert done.status_code == 200 and "changed successfully" in done.text
        assert teacher.get("hub/change-password/nobody").status_code == 404
    with client(hub) as pupil03:
        assert login(pupil03, "pupil03", old).status_code == 403  # the lost slip no longer opens the account
        assert login(pupil03, "pupil03", new).status_code == 302  # the new password works, lockout lifted
        # and the pupil can choose their own password (the old one is needed; common ones are refused)
        page = pupil03.get("hub/change-password")
        weak = pupil03.post("hub/change-password", data={"old_password": new, "new_password": "password",
                                                         "new_password_confirmation": "password",
                                                         "_xsrf": _xsrf(page)})
        assert "changed successfully" not in weak.text
        mine = "pupil03-own-" + new_code()
        done = pupil03.post("hub/change-password", data={"old_password": new, "new_password": mine,
                                                         "new_password_confirmation": mine, "_xsrf": _xsrf(page)})
        assert "changed successfully" in done.text
    with client(hub) as pupil03:
        assert login(pupil03, "pupil03", mine).status_code == 302


def test_a_pupil_cannot_reach_the_teachers_pages(hub):
    with logged_in(hub, "pupil01") as pupil01:
        token = pupil01.cookies.get("_xsrf", path="/hub/") or ""
        headers = {"X-XSRFToken": token}
        assert pupil01.get("hub/admin").status_code == 403
        assert pupil01.get("hub/api/users").status_code == 403
        assert pupil01.get("hub/api/users/pupil02").status_code in (403, 404)
        assert pupil01.patch("hub/api/users/pupil01", json={"admin": True}, headers=headers).status_code == 403
        assert pupil01.post("hub/api/users/pupil02/tokens", json={}, headers=headers).status_code in (403, 404)
        page = pupil01.get("hub/change-password/pupil02")
        assert page.status_code == 403
        new = "taken-" + new_code()
        assert pupil01.post("hub/change-password/pupil02", data={
            "new_password": new, "new_password_confirmation": new, "_xsrf": token}).status_code == 403
        for path in ("hub/authorize", "hub/authorize/pupil02", "hub/discard/pupil02"):
            assert pupil01.get(path).status_code == 404, path  # NativeAuthenticator's approval pages are not served
        assert pupil01.get("hub/api/user").json()["admin"] is False
    with client(hub) as browser:
        assert login(browser, "pupil02", new).status_code == 403  # the attempted reset did nothing
        assert login(browser, "pupil02", read_codes(hub.room)["pupil02"]).status_code == 302


def test_codes_stay_where_only_the_teacher_reads_them(hub):
    codes = read_codes(hub.room)
    folder, path = sign_in_dir(hub.room), codes_path(hub.room)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for file in [path, folder / "slips.html"]:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    log = hub.log.read_text(errors="replace")
    page = httpx.get(f"{hub.room.local_url}hub/login", trust_env=False).text
    for code in codes.values():
        assert code not in log and code not in page
    database = (hub.room.state_path / "jupyterhub.sqlite").read_bytes()
    assert not any(code.encode() in database for code in codes.values())  # only bcrypt hashes are stored


AUTHENTICATOR_CHECKS = r'''
import asyncio, json, shutil, sys, tempfile
from datetime import datetime, timedelta
from pathlib import Path
from jupyterhub import orm
sys.path.insert(0, sys.argv[1])
from hub.authenticator import ClassroomAuthenticator

folder = Path(tempfile.mkdtemp(prefix="fifteen-kit-authenticator-"))
codes = folder / "codes.json"
codes.write_text(json.dumps({"accounts": {"teacher": "aaaa-bbbb-cccc", "pupil01": "dddd-eeee-ffff"}}))
db = orm.new_session_factory("sqlite://")()
auth = ClassroomAuthenticator(_deprecated_db_session=db, codes_file=str(codes), allowed_users={"pupil01", "pupil02"},
                              admin_users={"teacher"}, seconds_before_next_try=120)
from nativeauthenticator.orm import UserInfo
assert sorted(i.username for i in db.query(UserInfo)) == ["pupil01", "teacher"]  # pupil02 has no code: no account
assert auth.seed_accounts() == []  # a second start changes nothing
login = lambda name, password: asyncio.run(auth.authenticate(None, {"username": name, "password": password}))
assert login("pupil01", "dddd-eeee-ffff") == "pupil01" and login("PUPIL01", "dddd-eeee-ffff") == "pupil01"
assert login("pupil01", "aaaa-bbbb-cccc") is None and login("pupil02", "") is None and login("nobody", "x") is None
assert login("pupil01", "\udcff" * 80) is None  # not UTF-8, and longer than bcrypt reads: refused, no error
assert not auth.is_password_strong("é" * 40) and not auth.is_password_strong("password")
assert auth.is_password_strong("a-fine-pass-2026")
# locked a day and a bit ago: NativeAuthenticator's own check (timedelta.seconds) would say locked again
auth.login_attempts["pupil01"] = {"count": 5, "time": datetime.now() - timedelta(days=1, seconds=30)}
assert not auth.is_blocked("pupil01")
auth.login_attempts["pupil01"] = {"count": 5, "time": datetime.now() - timedelta(seconds=30)}
assert auth.is_blocked("pupil01")
assert auth.change_password("pupil01", "a-fine-pass-2026") and "pupil01" not in auth.login_attempts
assert [p for p, _ in auth.get_handlers(None)] == ["/change-password", "/change-password/([^/]+)"]
shutil.rmtree(folder)
print("ok")
'''


def test_the_authenticator_itself():
    """ClassroomAuthenticator without a hub (in .venv-hub, where JupyterHub is): seeding, checks, lockout's end."""
    import subprocess

    python = REPO_ROOT / ".venv-hub" / "bin" / "python"
    done = subprocess.run([str(python), "-c", AUTHENTICATOR_CHECKS, str(REPO_ROOT)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]


def from_place(hub: RunningHub, place: str) -> httpx.Client:
    """A browser at address ``place`` as the hub's proxy would report it (this test runs as the hub's own user, so
    the hub believes its X-Forwarded-For, as it believes its proxy's)."""
    return httpx.Client(base_url=f"http://127.0.0.1:{hub.room.port + 1}/", trust_env=False, timeout=60,
                        headers={"X-Forwarded-For": place})


def test_a_prank_lockout_locks_only_the_prankster(hub):
    """Five wrong passwords for a classmate's (or the teacher's) account lock it only from the prankster's place."""
    code = read_codes(hub.room)["pupil02"]
    with from_place(hub, "10.1.1.2") as prankster:  # a pupil's Chromebook
        statuses = [login(prankster, "pupil02", new_code()).status_code for _ in range(LOCKOUT_AFTER + 2)]
        assert statuses == [403] * LOCKOUT_AFTER + [429] * 2
        assert login(prankster, "pupil02", code).status_code == 429  # not even the right code, from there
    with from_place(hub, "10.1.1.3") as owner:  # pupil02 at their own Chromebook
        assert login(owner, "pupil02", code).status_code == 302


GUESSER = """
import http.cookiejar, json, re, sys, urllib.error, urllib.parse, urllib.request
base, name, sources = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
statuses = []
for n, source in enumerate(sources):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    place = {"X-Forwarded-For": f"10.7.0.{n + 1}"}  # made up: the hub must not believe it
    page = opener.open(urllib.request.Request(base + "hub/login", headers=place), timeout=60).read().decode()
    token = re.search(r'name="_xsrf" value="([^"]+)"', page).group(1)
    form = urllib.parse.urlencode({"username": name, "password": "wrong-guess-%d" % n, "_xsrf": token}).encode()
    try:
        statuses.append(opener.open(urllib.request.Request(base + "hub/login", data=form, headers=place),
                                    timeout=60).status)
    except urllib.error.HTTPError as error:
        statuses.append(error.code)
print(json.dumps(statuses))
"""


@pytest.mark.parametrize("route", ["hub", "proxy"])
def test_a_program_on_the_hubs_machine_cannot_make_up_places(hub, route):
    """A pupil's kernel runs on the hub's machine: straight to the hub with a made-up X-Forwarded-For, or through
    the proxy from any loopback address, all its guesses count as one place (its user, or the hub's machine)."""
    if os.geteuid() != 0:
        pytest.skip("runs the guesser as another system user (nobody)")
    base = f"http://127.0.0.1:{hub.room.port + 1}/" if route == "hub" else hub.room.local_url
    name = "pupil01"
    done = subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3",
                           "-c", GUESSER, base, name, json.dumps(list(range(LOCKOUT_AFTER + 2)))],
                          capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [403] * LOCKOUT_AFTER + [429] * 2
    with from_place(hub, "10.1.1.4") as owner:  # the account's owner, elsewhere, is not locked out
        assert login(owner, name, read_codes(hub.room)[name]).status_code == 302


def test_untrusted_places_cannot_guess_without_end(hub):
    """Where the hub cannot tell places apart (Kubernetes: pods can call the hub and name any place), after
    LOCK_FOR_ALL x LOCKOUT_AFTER wrong passwords from all places together the account is locked everywhere; the
    lock ends as every lock does, and its count starts again."""
    code = read_codes(hub.room)[TEACHER]
    total = LOCK_FOR_ALL * LOCKOUT_AFTER

    def guess(n: int, password: str = "") -> int:
        with from_place(hub, f"10.9.{n // 250}.{n % 250 + 1}") as place:
            reply = login(place, TEACHER, password or new_code())
            assert reply.status_code in (302, 429) or "Invalid username or password" in reply.text, reply.text[-2000:]
            return reply.status_code

    statuses = [guess(n) for n in range(total + 2)]
    locked_at = time.monotonic()
    assert statuses == [403] * total + [429] * 2, statuses
    assert guess(total + 5, code) == 429  # the teacher too, from anywhere
    time.sleep(max(0.0, locked_at + LOCKOUT_SECONDS + 1.5 - time.monotonic()))
    assert guess(total + 6) == 403  # one more wrong password does not lock everyone again
    assert guess(total + 7, code) == 302


def test_the_authenticators_own_examples():
    """hub/authenticator.py imports what only the hub's environment has: its examples run there."""
    done = subprocess.run([str(REPO_ROOT / ".venv-hub" / "bin" / "python"), "-m", "doctest", "-v",
                           "hub/authenticator.py"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and " passed and 0 failed." in done.stdout, done.stdout[-3000:] + done.stderr
