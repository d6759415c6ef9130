"""The class hub's authenticator: NativeAuthenticator's accounts and lockout, opened by sign-in codes, no sign-up.

JupyterHub loads this module (``make hub``: ``hub.authenticator.ClassroomAuthenticator``; Zero to JupyterHub: this
same file mounted beside the chart's configuration as ``fifteen_kit_authenticator.py``, see deploy/README.md), so it
imports only what a hub has: JupyterHub, NativeAuthenticator, bcrypt, tornado and traitlets.  The codes themselves
come from :mod:`hub.accounts` (``make hub``) or from the same file made by ``python -m hub.slips`` (Kubernetes).

What it keeps from NativeAuthenticator 1.3.0: the password store (bcrypt hashes in JupyterHub's own database, the
``users_info`` table), the per-account lockout (``allowed_failed_logins`` wrong passwords in a row lock the account
for ``seconds_before_next_try`` seconds; after that, one more wrong password locks it again), the page where a user
changes their own password (``/hub/change-password``) and the page where an admin sets anyone's
(``/hub/change-password/<name>``).  What it changes, and why:

- Accounts are made once, at the hub's start, from ``codes_file`` (JSON ``{"accounts": {name: code}}``): each
  allowed or admin account that has no password yet gets its code's hash, already authorized.  There is no sign-up,
  approval or discard page, so nobody can claim an account, and no page changes an account on a plain GET request
  (NativeAuthenticator's ``/hub/authorize/<name>`` and ``/hub/discard/<name>`` do).
- The login page is JupyterHub's own (it shows ``announcement_login``).  NativeAuthenticator's page checks the
  password a second time after every failure, on the hub's event loop, even while the account is locked.
- A password check (bcrypt, about 0.2 s of CPU) runs in a thread, one check at a time, so a burst of wrong
  passwords costs at most one core and never stalls the hub's event loop for everyone else; the attempts on one
  account are taken one after another, so parallel wrong passwords cannot slip past the lockout.
- Wrong passwords are counted per account *and* place.  A place is where the request came from: for a request
  through the hub's own proxy, the address the proxy saw (the last ``X-Forwarded-For`` entry, which
  configurable-http-proxy appends; every loopback address counts as one place, the hub's machine); for a request
  from any other program on the hub's machine (a pupil's kernel calling the hub directly, whose headers are its own
  words), that program's system user.  A pupil who types wrong passwords for the teacher's (or a classmate's)
  account locks only their own attempts at it; the owner, from their own computer, still gets in.  Where the hub
  cannot tell (a proxy on another machine, as in Kubernetes, where pupils' pods can also call the hub directly and
  name any place), every account also has a lock for everyone after ``LOCK_FOR_ALL`` times
  ``allowed_failed_logins`` wrong passwords from all places together; it ends like any lock, and its count starts
  again after it.
- A locked account is told so (HTTP 429, with the wait) instead of "invalid password"; an admin who sets a new
  password for an account also lifts its lock.  Passwords longer than bcrypt's 72 bytes are refused, not cut.
  The lock's end is measured in whole elapsed time (NativeAuthenticator's check forgets the days).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import bcrypt
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import ChangePasswordAdminHandler, ChangePasswordHandler
from nativeauthenticator.orm import UserInfo
from tornado import web
from traitlets import Unicode, default

__all__ = ["BCRYPT_MAX_BYTES", "LOCK_FOR_ALL", "ClassroomAuthenticator", "client_place", "socket_owner"]

#: bcrypt reads at most this many bytes of a password (bcrypt 5 raises on longer ones).
BCRYPT_MAX_BYTES = 72
#: An account is locked for every place once this many times ``allowed_failed_logins`` wrong passwords were typed
#: for it, from all places together.
LOCK_FOR_ALL = 10


def socket_owner(ip: str, port: int, tables: Path = Path("/proc/net")) -> int | None:
    """The user id owning the TCP socket whose own end is ``ip:port`` on this machine (the far end of a connection
    to the hub, when the client runs here), or None if this machine has no such socket.

    >>> import socket
    >>> with socket.create_server(("127.0.0.1", 0)) as server, socket.create_connection(server.getsockname()) as c:
    ...     socket_owner(*c.getsockname()) == os.getuid()
    True
    >>> socket_owner("203.0.113.9", 1) is None
    True
    """
    wanted = (ipaddress.ip_address(ip), port)
    for table in (tables / "tcp", tables / "tcp6"):
        try:
            rows = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 7 and _endpoint(fields[1]) == wanted:
                return int(fields[7])
    return None


def _endpoint(text: str) -> tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, int]:
    """``/proc/net/tcp``'s ``address:port`` in hex (the address in little-endian 32-bit words) as (address, port);
    an IPv4 address mapped into IPv6 as the IPv4 address."""
    address, port = text.split(":")
    raw = b"".join(bytes.fromhex(address[k:k + 8])[::-1] for k in range(0, len(address), 8))
    ip = ipaddress.ip_address(raw)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped, int(port, 16)
    return ip, int(port, 16)


def client_place(request: Any, peer: tuple[str, int] | None = None) -> str:
    """Where a login request came from, for counting wrong passwords (see the module's text).

    ``peer`` is the connection's far end (ip, port); the request's own headers count only when that end is a socket
    of the hub's own user (its proxy) or not on this machine.

    >>> from types import SimpleNamespace
    >>> client_place(SimpleNamespace(headers={"X-Forwarded-For": "6.6.6.6, 10.0.0.7"}, remote_ip="127.0.0.1"))
    '10.0.0.7'
    >>> client_place(SimpleNamespace(headers={"X-Forwarded-For": "127.0.0.9"}, remote_ip="127.0.0.1"))
    "the hub's machine"
    """
    if peer is not None:
        owner = socket_owner(*peer)
        if owner is not None and owner != os.getuid():
            return f"user {owner} on the hub's machine"
    forwarded = str(request.headers.get("X-Forwarded-For", "") or "").split(",")[-1].strip()
    place = forwarded or str(getattr(request, "remote_ip", "") or "unknown")
    try:
        return "the hub's machine" if ipaddress.ip_address(place).is_loopback else place
    except ValueError:
        return place


def _peer(handler: Any) -> tuple[str, int] | None:
    """The (ip, port) of the connection a request came on, or None where tornado does not say."""
    try:
        name = handler.request.connection.stream.socket.getpeername()
        return str(name[0]), int(name[1])
    except Exception:
        return None


class ClassroomAuthenticator(NativeAuthenticator):  # NativeAuthenticator has no type hints (an Any base)
    """NativeAuthenticator for one class: accounts from a file of sign-in codes, lockout, no sign-up.

    Configured like NativeAuthenticator (``allowed_failed_logins``, ``seconds_before_next_try``,
    ``minimum_password_length``, ``check_common_password``), plus ``codes_file``.  The defaults here lock an
    account for 120 s after 5 wrong passwords and ask for 8 characters or more, not a common password, when a user
    changes theirs.
    """

    codes_file = Unicode(
        "", config=True,
        help="JSON file {'accounts': {name: code}}: the first password of each allowed or admin account "
             "(read at start, for accounts that have no password yet).")

    @default("enable_signup")
    def _no_signup(self) -> bool:
        return False

    @default("allowed_failed_logins")
    def _failed_logins(self) -> int:
        return 5

    @default("seconds_before_next_try")
    def _lock_seconds(self) -> int:
        return 120

    @default("minimum_password_length")
    def _min_length(self) -> int:
        return 8

    @default("check_common_password")
    def _common(self) -> bool:
        return True

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # NativeAuthenticator creates its users_info table if missing
        self._turns: dict[str, asyncio.Lock] = {}
        self._checks: asyncio.Semaphore | None = None
        self.seed_accounts()

    def seed_accounts(self) -> list[str]:
        """Give each allowed or admin account without a password its code from ``codes_file``; return the names.

        An account already in the store keeps its password (the code on its slip, a password its user chose, or one
        an admin set).  A missing code is logged (the account cannot log in), never the codes themselves.
        """
        if not self.codes_file:
            return []
        codes = json.loads(Path(self.codes_file).read_text(encoding="utf-8"))["accounts"]
        made = []
        for name in sorted(set(self.allowed_users) | set(self.admin_users)):
            if self.get_user(name) is not None:
                continue
            code = codes.get(name)
            if not isinstance(code, str) or not code:
                self.log.warning("No sign-in code for %s in %s: that account cannot log in", name, self.codes_file)
                continue
            self.db.add(UserInfo(username=name, password=bcrypt.hashpw(code.encode(), bcrypt.gensalt()),
                                 is_authorized=True))
            made.append(name)
        if made:
            self.db.commit()
            self.log.info("Sign-in codes stored for %d accounts", len(made))
        return made

    def can_try_to_login_again(self, username: str) -> bool:
        """True once ``seconds_before_next_try`` have passed since the account's last wrong password.

        NativeAuthenticator 1.3.0 compares ``timedelta.seconds``, which starts again at 0 every day, so an account
        left locked would be locked again for a while at the same time each following day.
        """
        attempts = self.login_attempts.get(username)
        if not attempts:
            return True
        return bool((datetime.now() - attempts["time"]).total_seconds() > self.seconds_before_next_try)

    def _seconds_left(self, name: str) -> int:
        """Seconds until a locked account ``name`` may try again."""
        attempts = self.login_attempts.get(name) or {"time": datetime.now()}
        waited = (datetime.now() - attempts["time"]).total_seconds()
        return max(1, round(self.seconds_before_next_try - waited))

    async def authenticate(self, handler: Any, data: dict[str, Any]) -> str | None:
        """The account name if ``data``'s username and password are right and the account is not locked, else None.

        Raises tornado.web.HTTPError 429 while the account is locked (the login page shows the message).
        """
        name = self.normalize_username(str(data.get("username", "")))
        password = str(data.get("password", ""))
        if self.get_user(name) is None:
            return None
        place = f"{name} from {client_place(handler.request, _peer(handler))}" if handler is not None else name
        turn = self._turns.setdefault(name, asyncio.Lock())
        async with turn:  # one attempt at a time per account: parallel guesses all count
            info = self.get_user(name)
            if info is None or not info.is_authorized:
                return None
            locked = next((key for key in (place, name) if self._locked(key, key == name)), None)
            if locked is not None:
                self.log.warning("Refused login for %s: locked after wrong passwords", place)
                error = web.HTTPError(429, "account locked")
                # JupyterHub's login page shows jupyterhub_message above the form
                error.jupyterhub_message = (  # type: ignore[attr-defined]
                    f"Too many wrong passwords for {name}: try again in {self._seconds_left(locked)} s, "
                    "or ask your teacher.")
                raise error
            if await self._check(password, bytes(info.password)):
                self.successful_login(name)
                self.login_attempts.pop(place, None)
                return name
            self.add_login_attempt(place)
            self.add_login_attempt(name)
            for key in (place, name):
                if self._locked(key, key == name):
                    self.log.warning("Login for %s locked for %d s after wrong passwords", key,
                                     self.seconds_before_next_try)
            return None

    def _locked(self, key: str, for_all: bool) -> bool:
        """True while ``key`` (an account from one place, or with ``for_all`` the account from everywhere) is locked."""
        if not self.allowed_failed_logins:
            return False
        attempts = self.login_attempts.get(key)
        limit = self.allowed_failed_logins * (LOCK_FOR_ALL if for_all else 1)
        if not attempts or attempts["count"] < limit:
            return False
        if self.can_try_to_login_again(key):
            if for_all:  # the lock for everyone has ended: its count starts again
                self.login_attempts.pop(key, None)
            return False
        return True

    async def _check(self, password: str, stored: bytes) -> bool:
        """bcrypt's check of ``password`` against ``stored``, in a thread, one check at a time."""
        secret = password.encode("utf-8", "surrogatepass")
        if len(secret) > BCRYPT_MAX_BYTES:
            return False
        if self._checks is None:
            self._checks = asyncio.Semaphore(1)
        async with self._checks:
            return bool(await asyncio.to_thread(bcrypt.checkpw, secret, stored))

    def is_password_strong(self, password: str) -> bool:
        """NativeAuthenticator's rules (length, not common) and at most 72 bytes, which bcrypt can hash whole."""
        return (len(password.encode("utf-8", "surrogatepass")) <= BCRYPT_MAX_BYTES
                and bool(super().is_password_strong(password)))

    def change_password(self, username: str, new_password: str) -> bool | None:
        """Set a new password (NativeAuthenticator's) and lift the account's lockout when it worked."""
        changed: bool | None = super().change_password(username, new_password)
        if changed:
            name = self.normalize_username(username)
            for key in [k for k in self.login_attempts if k == name or k.startswith(f"{name} from ")]:
                self.login_attempts.pop(key, None)
        return changed

    def get_handlers(self, app: Any) -> list[tuple[str, type]]:
        """Only the password pages: a user's own (/change-password) and the admin's for anyone (/change-password/x).

        The login page is JupyterHub's; sign-up, approval, discard and e-mail confirmation are not served.
        """
        return [(r"/change-password", ChangePasswordHandler),
                (r"/change-password/([^/]+)", ChangePasswordAdminHandler)]
