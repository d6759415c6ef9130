"""Accounts a school controls: a random sign-in code per account, handed out on paper, and a lockout.

Nobody claims an account by logging in first.  The first time the hub starts, each account (the teacher and every
pupil) gets a sign-in code from :mod:`secrets` (:func:`new_code`), kept in the hub's state folder
(``<state>/sign-in/codes.json``, mode 0600 in a folder of mode 0700) next to the cut-out slips that carry them
(:mod:`hub.slips`); the hub stores only their bcrypt hashes (:class:`hub.authenticator.ClassroomAuthenticator`).
Wrong passwords lock an account for a while (:attr:`Classroom.lockout_after`, :attr:`Classroom.lockout_seconds`).
A pupil may set their own password at ``/hub/change-password``; the teacher sets a new one for any account at
``/hub/change-password/<name>`` (which also lifts its lock).

:func:`configure` is what ``hub/jupyterhub_config.py`` calls.  Standard library only, so the load test and the
kit's tests (which have no JupyterHub) can read the codes.

>>> len(new_code()), new_code().count("-")
(14, 2)
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

from hub.classroom import TEACHER, Classroom

__all__ = [
    "AUTHENTICATOR",
    "CODE_ALPHABET",
    "CODE_BITS",
    "CODE_GROUPS",
    "CODE_GROUP_LENGTH",
    "TEACHER_SCOPES",
    "announcement",
    "banner_lines",
    "codes_path",
    "configure",
    "ensure_codes",
    "new_code",
    "read_codes",
    "reset_page",
    "sign_in_dir",
    "write_codes",
    "write_private",
]

#: Letters and digits that cannot be mistaken for one another when read off paper (no 0/o, 1/l/i).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: A code is CODE_GROUPS groups of CODE_GROUP_LENGTH characters joined by dashes, e.g. ``k7mq-x3pd-h9wz``.
CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4
#: Bits of randomness in one code: 12 characters of 31, about 59 bits (guessing online, 5 tries per 2 minutes, would
#: take longer than the universe has existed).
CODE_BITS = CODE_GROUPS * CODE_GROUP_LENGTH * 4.954
#: The authenticator JupyterHub loads (hub/authenticator.py).
AUTHENTICATOR = "hub.authenticator.ClassroomAuthenticator"
#: What the teacher's account may do (its own role, "teacher"; it is not one of JupyterHub's admin users): the
#: admin page, the accounts and their servers (start, stop, a new password), nothing more.  Left out of
#: JupyterHub's admin role, which cannot be narrowed: ``access:servers`` (opening a pupil's own server: every page
#: there shares the hub's web address, so a script a pupil left in their server would run as the teacher),
#: ``tokens`` (API tokens for others), ``shares``, ``proxy``, ``shutdown`` and ``access:services``.
TEACHER_SCOPES = ["admin-ui", "admin:users", "admin:servers", "admin:groups", "list:services", "read:services",
                  "read:hub", "read:roles", "read:metrics"]


def new_code() -> str:
    """A fresh random sign-in code: three groups of four characters from :data:`CODE_ALPHABET`, dash-separated.

    Drawn with :func:`secrets.choice` (the operating system's random source), never :mod:`random`.

    >>> code = new_code()
    >>> len(code.replace("-", "")) == 12 and set(code) <= set(CODE_ALPHABET + "-")
    True
    """
    return "-".join("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP_LENGTH))
                    for _ in range(CODE_GROUPS))


def sign_in_dir(room: Classroom) -> Path:
    """The folder of the codes and slips: ``<state>/sign-in`` (mode 0700; the files in it 0600).

    >>> sign_in_dir(Classroom(state="/srv/hub")).as_posix()
    '/srv/hub/sign-in'
    """
    return room.state_path / "sign-in"


def codes_path(room: Classroom) -> Path:
    """The codes file, ``<state>/sign-in/codes.json``: ``{"accounts": {name: code}}``.

    >>> codes_path(Classroom(state="/srv/hub")).name
    'codes.json'
    """
    return sign_in_dir(room) / "codes.json"


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable by this user only (file mode 0600, its folder 0700).

    The file is created with mode 0600 before a byte is written (no moment when others could read it), then moved
    into place, so a reader never sees half a file.

    >>> import stat, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_private(Path(folder) / "x" / "note.txt", "hello")
    ...     oct(stat.S_IMODE((Path(folder) / "x" / "note.txt").stat().st_mode))
    '0o600'
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    path.parent.chmod(0o700)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)


def write_codes(path: Path, codes: dict[str, str]) -> None:
    """Write ``codes`` (name -> code) to ``path`` as JSON ``{"accounts": codes}`` with :func:`write_private`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_codes(Path(folder) / "codes.json", {"pupil01": "abcd-efgh-jkmn"})
    ...     json.loads((Path(folder) / "codes.json").read_text())
    {'accounts': {'pupil01': 'abcd-efgh-jkmn'}}
    """
    write_private(path, json.dumps({"accounts": codes}, indent=1) + "\n")


def read_codes(room: Classroom) -> dict[str, str]:
    """The sign-in codes of ``room``'s accounts, name -> code (empty if the hub never started).

    The load test logs its simulated pupils in with these.

    >>> read_codes(Classroom(state="/nonexistent/hub"))
    {}
    """
    path = codes_path(room)
    if not path.exists():
        return {}
    accounts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))["accounts"]
    return accounts


def ensure_codes(room: Classroom) -> dict[str, str]:
    """The codes of every account of ``room``, making one (:func:`new_code`) for each account that has none yet.

    Codes already made are kept (a hub restarted with more pupils gets codes for the new ones only); the file is
    written only when a code was added.  Returns name -> code for ``room``'s accounts.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = ensure_codes(Classroom(pupils=2, state=folder))
    ...     again = ensure_codes(Classroom(pupils=3, state=folder))
    >>> list(again), again["pupil02"] == first["pupil02"]
    (['teacher', 'pupil01', 'pupil02', 'pupil03'], True)
    """
    codes = read_codes(room)
    missing = [name for name in room.accounts() if name not in codes]
    if missing:
        codes.update({name: new_code() for name in missing})
        write_codes(codes_path(room), codes)
    codes_path(room).chmod(0o600)
    sign_in_dir(room).chmod(0o700)
    return {name: codes[name] for name in room.accounts()}


def announcement(room: Classroom) -> str:
    """What the login page says above the form (JupyterHub's ``announcement_login``).

    >>> announcement(Classroom(pupils=3)).split(":")[0]
    'Type your account name (pupil01, pupil02, ...) and the sign-in code from your slip, dashes included'
    """
    pupils = room.accounts()[1:]
    shown = ", ".join(pupils[:2])
    return (f"Type your account name ({shown}, ...) and the sign-in code from your slip, dashes included: "
            "it is your password. Lost your slip or locked out? Ask your teacher.")


def reset_page(room: Classroom, name: str) -> str:
    """The admin page where the teacher sets a new password for account ``name`` (it also lifts a lockout).

    >>> reset_page(Classroom(), "pupil03")
    'http://127.0.0.1:8000/hub/change-password/pupil03'
    """
    room.server_port(name)  # raises ValueError for a name that is not an account of this class
    return f"{room.url}hub/change-password/{name}"


def banner_lines(room: Classroom, slips: Path | None) -> list[str]:
    """The accounts part of ``make hub``'s banner: who can log in, where the slips are, lockout and reset.

    ``slips``: the printed slips (a PDF); None when none could be printed (then the HTML page, to print from a
    browser).

    >>> banner_lines(Classroom(pupils=3), None)[0]
    'Accounts: teacher (admin page) and 3 pupils, pupil01 .. pupil03; nobody else can log in.'
    """
    pupils = room.accounts()[1:]
    where = slips if slips is not None else sign_in_dir(room) / "slips.html"
    return [
        f"Accounts: {TEACHER} (admin page) and {len(pupils)} pupils, {pupils[0]} .. {pupils[-1]}; "
        "nobody else can log in.",
        "  Each account has its own sign-in code; print the cut-out slips and hand them out:",
        f"    {where}",
        "  (readable by you only; the first page holds your own code, the teacher's).",
        f"  {room.lockout_after} wrong passwords in a row lock an account for {room.lockout_seconds} s.",
        f"  Reset a pupil (lost slip, locked out): log in as {TEACHER} and open {reset_page(room, pupils[0])}",
        "  (with their account name at the end) to set a new password; a pupil can choose their own at",
        f"  {room.url}hub/change-password",
    ]


def configure(c: Any, room: Classroom) -> None:
    """Set the accounts part of JupyterHub's configuration ``c`` for ``room``: authenticator, accounts, lockout.

    Makes the sign-in codes (:func:`ensure_codes`) and the slips' HTML page (:func:`hub.slips.write_slips_html`)
    in the state folder, if missing.  The authenticator keeps its hashes in the hub's database, also there.

    >>> import tempfile
    >>> from traitlets.config import Config
    >>> c = Config()
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     configure(c, Classroom(pupils=2, state=folder))
    >>> c.JupyterHub.authenticator_class, c.ClassroomAuthenticator.allowed_failed_logins
    ('hub.authenticator.ClassroomAuthenticator', 5)
    """
    from hub.slips import write_slips_html

    write_slips_html(room, ensure_codes(room))
    c.JupyterHub.authenticator_class = AUTHENTICATOR
    c.ClassroomAuthenticator.codes_file = str(codes_path(room))
    c.ClassroomAuthenticator.allowed_failed_logins = room.lockout_after
    c.ClassroomAuthenticator.seconds_before_next_try = room.lockout_seconds
    c.ClassroomAuthenticator.minimum_password_length = 8
    c.ClassroomAuthenticator.check_common_password = True
    c.ClassroomAuthenticator.enable_signup = False
    c.Authenticator.allowed_users = set(room.accounts())
    c.Authenticator.admin_users = set()  # the teacher's rights are the "teacher" role's (see TEACHER_SCOPES)
    c.JupyterHub.load_roles = [{"name": "teacher", "description": "The class's teacher: accounts and servers, not "
                                "pupils' pages", "scopes": TEACHER_SCOPES, "users": [TEACHER]}]
    # The login page says what to type (JupyterHub shows announcement_login above the form).
    c.JupyterHub.template_vars = {"announcement_login": announcement(room)}
