"""JupyterHub's configuration for one class on this machine (loaded by ``jupyterhub -f``; see hub/run.py).

Settings come from ``KIT_HUB_*`` environment variables through :class:`hub.classroom.Classroom`.
"""

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hub.accounts import configure as configure_accounts
from hub.classroom import CPU_LIMIT, MEM_LIMIT, TARGET_DIR, Classroom, hub_bin, proxy_command
from hub.pulls import repoint
from hub.users import runtime_dir

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub defines it while loading this file)
room = Classroom.from_env()
state = room.state_path
state.mkdir(parents=True, exist_ok=True, mode=0o700)
state.chmod(0o700)  # database, cookie secret, proxy token, passwords: the hub's user only

c.JupyterHub.ip = room.ip
c.JupyterHub.port = room.port
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = room.port + 1  # the hub's own API, behind the proxy; loopback only
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.JupyterHub.log_level = "WARN"
# On Ctrl-C the hub stops every pupil's server and the proxy it started (both are JupyterHub's defaults; kept
# explicit because hub/run.py relies on them and then checks that nothing is left).
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# The proxy: configurable-http-proxy from npm (installed by `make hub` into .cache/hub-proxy).
c.ConfigurableHTTPProxy.command = [proxy_command()]
c.ConfigurableHTTPProxy.log_level = "warn"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{room.port + 2}"
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
token_file = state / "proxy_token"
if not token_file.exists():
    token_file.write_text(os.urandom(32).hex())
    token_file.chmod(0o600)
c.ConfigurableHTTPProxy.auth_token = token_file.read_text().strip()

# Accounts: a sign-in code per account on cut-out slips, no first-come claiming, lockout after wrong passwords
# (NativeAuthenticator, see hub/accounts.py and hub/authenticator.py).
configure_accounts(c, room)

# Pupils' servers: JupyterLab from .venv-hub (the kit's environment: binder/requirements.txt plus the hub's pins),
# one local process per account.  Run as root (a school server), JupyterHub's LocalProcessSpawner runs each account
# as its own system user (hub/spawner.py: fk<port>-<name>, made by hub/users.py) with a home of mode 0700 under
# HUB_HOMES and per-pupil limits (hub/limits.py); nothing ever runs as root (no --allow-root).  Run as another user,
# hub/run.py refuses a class unless HUB_SINGLE_TRUSTED_USER=yes: then one person's server runs as that user.
# SystemdSpawner is not used: it needs systemd as PID 1, which school containers and this machine do not have.
ISOLATED = os.geteuid() == 0
if ISOLATED:
    c.JupyterHub.spawner_class = "hub.spawner.ClassSpawner"
else:
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(room.homes_path / "{username}")
c.Spawner.cmd = [hub_bin("jupyterhub-singleuser")]
# Kernels talk to their server over ipc sockets in the pupil's runtime folder (mode 0700, theirs), not TCP ports on
# loopback: with thirty servers starting kernels at once, each picking "free" TCP ports on its own, two kernels took
# the same port (ZMQError: Address already in use) in the 30-pupil load test.
c.Spawner.args = ["--ServerApp.terminals_enabled=False", "--KernelManager.transport=ipc"]
# Culling that holds with a tab left open (an open JupyterLab tab polls the server every few seconds, so the hub's
# culler alone never sees it idle; see hub/README.md): the server ends each kernel that has run nothing for
# cull_idle seconds, even while a tab is connected (measured by tests/hub/test_culling.py).  The server itself then
# stops, no kernel running and nothing saved for cull_idle seconds (hub/singleuser/kit_session_end.py, a server
# extension found through JUPYTER_CONFIG_PATH below); the hub's idle culler (below) stops servers whose tabs are closed.
c.Spawner.args += [f"--MappingKernelManager.cull_idle_timeout={room.cull_idle}",
                   "--MappingKernelManager.cull_connected=True", "--MappingKernelManager.cull_busy=False",
                   f"--MappingKernelManager.cull_interval={min(60, room.cull_every)}"]


async def before_spawn(spawner):
    """Give each account its own server port, its own runtime folder, and point its lesson copy at the current source.

    The port is fixed below the ephemeral range (see Classroom.server_port).

    With random ports, a pupil's port could be taken (by another server or an outgoing connection) before their
    server bound it; the server then moved to the next port and the hub sent the pupil to the wrong server (a 404
    in the 20-pupil load test).  port_retries=0 makes a taken port a visible failed start instead.

    The lesson copy is repointed in a thread (git in a folder the pupil controls, with a time limit): a pupil's
    copy whose .git/config is a named pipe blocked git, and with it the hub's event loop, for the whole class.
    """
    spawner.port = room.server_port(spawner.user.name)
    uid, gid = spawner.owner() if ISOLATED else (os.getuid(), os.getgid())
    runtime_dir(room, spawner.user.name, uid, gid)
    old = await asyncio.to_thread(repoint, room, spawner.user.name)
    if old:  # %r: the pupil chose this text (their copy's origin)
        spawner.log.warning("%s's lesson copy pulled from %r; now from %s", spawner.user.name, old, room.source)


SESSION_END = Path(__file__).resolve().parent / "singleuser"
c.Spawner.pre_spawn_hook = before_spawn
# A server that ends by itself (kit_session_end, the OOM killer, its own pupil's kill) frees its fixed port while
# the proxy still routes to it until the hub's next poll: poll every second (a signal-0 check per server, nothing
# measurable on 30 servers), so that a program that binds the port after it gets at most a second of requests.
c.Spawner.poll_interval = 1
c.Spawner.args.append("--ServerApp.port_retries=0")
c.Spawner.default_url = "/lab"
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "TZ"]
c.Spawner.environment = {
    "PATH": f"{Path(hub_bin('python')).parent}:/usr/local/bin:/usr/bin:/bin",
    # Short per-account runtime folder (made by before_spawn): ipc socket paths must stay under 107 characters.
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(room.runtime_dir(spawner.user.name)),
    # git in a pupil's folder never climbs above their home (a copy without .git must not find another repository;
    # nbgitpuller#388); its global settings are root's read-only file that trusts the hub's lesson copy, which root
    # owns (git's safe.directory counts only there, not in -c or GIT_CONFIG_* variables, in git 2.39).
    "GIT_CEILING_DIRECTORIES": lambda spawner: str(room.home(spawner.user.name)),
    "GIT_CONFIG_GLOBAL": str(room.git_config),
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(min(60, room.cull_every)),  # see ACTIVITY_EVERY below
    # The server extension that ends a session left open in a tab (see the kernel culling above).
    "PYTHONPATH": str(SESSION_END),
    "JUPYTER_CONFIG_PATH": str(SESSION_END),
    # Nothing in a pupil's home is loaded as code by their server: pages a pupil's server serves share the hub's
    # web address, so a server extension, a JupyterLab extension or a .pth file of the pupil's own could serve a
    # script that acts as whoever opens it (the teacher: an admin token).  Jupyter's user config and data folders
    # (server extensions, lab extensions, templates, kernel specs) are root's read-only folder instead of ~/.jupyter
    # and ~/.local/share/jupyter; Python's user site-packages (~/.local/lib) is not read; JupyterLab's own settings
    # and workspaces (data, not code) stay in the home.
    "JUPYTER_CONFIG_DIR": str(SESSION_END),
    "JUPYTER_DATA_DIR": str(SESSION_END),
    "PYTHONNOUSERSITE": "1",
    "JUPYTERLAB_SETTINGS_DIR": lambda spawner: str(room.home(spawner.user.name) / ".jupyter" / "lab" / "user-settings"),
    "JUPYTERLAB_WORKSPACES_DIR": lambda spawner: str(room.home(spawner.user.name) / ".jupyter" / "lab" / "workspaces"),
    # The lesson links pull only the hub's lessons into ~/fifteen-kit (hub/singleuser/kit_lesson_links.py).
    "KIT_LESSON_SOURCE": room.source,
    "KIT_LESSON_TARGET": TARGET_DIR,
    "KIT_SESSION_IDLE": str(room.cull_idle),
    "KIT_SESSION_EVERY": str(min(60, room.cull_every)),
}
# Thirty servers starting at once on two cores take a while: generous timeouts instead of failed spawns.
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
c.JupyterHub.concurrent_spawn_limit = 50
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}
# Opening a lesson link while one's server is stopped starts it (after a one-second "starting" page).
c.JupyterHub.implicit_spawn_seconds = 1

# Per-pupil limits, measured: see MEM_LIMIT and CPU_LIMIT in hub/classroom.py for the numbers and the reasoning.
# LocalProcessSpawner does not enforce them itself; ClassSpawner does, with cgroups where the machine has them and
# resource limits always (hub/limits.py, which hub/run.py reports at start).
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.cpu_limit = CPU_LIMIT

# The idle culler stops a pupil's server after cull_idle seconds without activity (default 3600: one lesson of up
# to an hour, so a pupil reading a long explanation keeps their board) when its tabs are closed; with a tab open,
# the kernel culling above ends it.  The pupil's files stay in their home; only the running kernels go.
# The hub learns of activity from the proxy and from each server's reports, by default every 300 s: so late that
# the culler could stop a server used a few minutes ago (with cull_idle 60 s, the test's, it stopped one used 33 s
# before).  Once a minute (or every cull_every seconds if shorter) keeps the hub's view within that of the truth.
ACTIVITY_EVERY = min(60, room.cull_every)
c.JupyterHub.last_activity_interval = ACTIVITY_EVERY
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={room.cull_idle}", f"--cull-every={room.cull_every}"],
}]
# (configure_accounts above set the teacher's role: the admin page without opening pupils' servers.)
c.JupyterHub.load_roles = [*c.JupyterHub.load_roles, {
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
