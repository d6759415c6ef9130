"""Who listens on a pupil's server port: so that the hub never routes a pupil to a classmate's program.

Every account's server has a fixed TCP port on loopback (:meth:`hub.classroom.Classroom.server_port`), and any
local user may bind a free port.  While pupil02's server is stopped, pupil01's kernel can listen on pupil02's
port: when pupil02 next starts, their real server cannot bind it (``port_retries=0``) and exits, but JupyterHub
only asks "does something answer HTTP there?", finds pupil01's program, and routes pupil02's browser to it for up
to ``poll_interval`` seconds.  That program's page is on the hub's own origin, so its script can create an API
token for pupil02 and hand it to pupil01.

:func:`listener` reads the kernel's table of TCP sockets (``/proc/net/tcp``), :func:`socket_of` tells whether a
socket belongs to a process; :class:`hub.spawner.ClassSpawner` refuses to start a server on a port another
program holds, and reports a start only once the listening socket is its own server's.  Standard library only.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["LISTEN", "listener", "socket_of"]

LISTEN = "0A"  # the state column of a listening socket in /proc/net/tcp


def listener(port: int, ip: str = "127.0.0.1", proc: Path = Path("/proc/net")) -> tuple[int, int] | None:
    """``(uid, inode)`` of the socket listening on ``ip:port`` (IPv4), or None if nothing listens there.

    Sockets that take ``ip:port`` as well count too: bound to 0.0.0.0, or to IPv6's ``::`` or ``::ffff:ip``
    (which also accept IPv4 connections).

    >>> listener(1) is None
    True
    """
    wanted = {_hex_address(ip, port), _hex_address("0.0.0.0", port),
              f"{'0' * 32}:{port:04X}", f"0000000000000000FFFF0000{_hex_address(ip, port)}"}
    for table in (proc / "tcp", proc / "tcp6"):
        try:
            lines = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and fields[1] in wanted and fields[3] == LISTEN:
                return int(fields[7]), int(fields[9])
    return None


def socket_of(pid: int, inode: int) -> bool:
    """True if process ``pid`` holds the socket ``inode`` (needs root, or the process's own user)."""
    target = f"socket:[{inode}]"
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for name in names:
        try:
            if os.readlink(f"/proc/{pid}/fd/{name}") == target:
                return True
        except OSError:
            continue
    return False


def _hex_address(ip: str, port: int) -> str:
    """``ip:port`` as /proc/net/tcp writes it (little-endian address in hex, port in hex).

    >>> _hex_address("127.0.0.1", 8000)
    '0100007F:1F40'
    """
    a, b, c, d = (int(part) for part in ip.split("."))
    return f"{d:02X}{c:02X}{b:02X}{a:02X}:{port:04X}"
