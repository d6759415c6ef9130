"""JupyterHub's configuration for one class on this machine (loaded by ``jupyterhub -f``; see hub/run.py).

Settings come from ``KIT_HUB_*`` environment variables through :class:`hub.classroom.Classroom`.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hub.accounts import configure as configure_accounts
from hub.classroom import CPU_LIMIT, MEM_LIMIT, Classroom, hub_bin, proxy_command

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub defines it while loading this file)
room = Classroom.from_env()
state = room.state_path
state.mkdir(parents=True, exist_ok=True)

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
# one local process per pupil with its home under build/hub/homes/<name>.  SimpleLocalProcessSpawner runs every
# server as the hub's own system user: no isolation between pupils (a pupil's code could read another's files), so
# terminals are switched off and this setup suits one trusted class on a machine of its own; see README.
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "homes" / "{username}")
c.Spawner.cmd = [hub_bin("jupyterhub-singleuser")]
# Kernels talk to their server over ipc sockets in the pupil's home, not TCP ports on loopback: with thirty
# servers starting kernels at once, each picking "free" TCP ports on its own, two kernels took the same port
# (ZMQError: Address already in use) in the 30-pupil load test.
c.Spawner.args = ["--ServerApp.terminals_enabled=False", "--KernelManager.transport=ipc"]
if os.getuid() == 0:
    c.Spawner.args.append("--allow-root")


def fixed_port(spawner):
    """Give each account its own server port below the ephemeral range (see Classroom.server_port).

    With random ports, a pupil's port could be taken (by another server or an outgoing connection) before their
    server bound it; the server then moved to the next port and the hub sent the pupil to the wrong server (a 404
    in the 20-pupil load test).  port_retries=0 makes a taken port a visible failed start instead.
    """
    spawner.port = room.server_port(spawner.user.name)


c.Spawner.pre_spawn_hook = fixed_port
c.Spawner.args.append("--ServerApp.port_retries=0")
c.Spawner.default_url = "/lab"
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "TZ"]
c.Spawner.environment = {
    "PATH": f"{Path(hub_bin('python')).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
    # Short per-pupil runtime folder: ipc socket paths (below) must stay under 107 characters.
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(room.runtime_dir(spawner.user.name)),
}
# Thirty servers starting at once on two cores take a while: generous timeouts instead of failed spawns.
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
c.JupyterHub.concurrent_spawn_limit = 50
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}
# Opening a lesson link while one's server is stopped starts it (after a one-second "starting" page).
c.JupyterHub.implicit_spawn_seconds = 1

# Per-pupil limits, measured: see MEM_LIMIT and CPU_LIMIT in hub/classroom.py for the numbers and the reasoning.
# SimpleLocalProcessSpawner does not enforce them (no spawner does on this machine: SystemdSpawner needs systemd
# as PID 1, DockerSpawner a Docker daemon); hub/run.py says so, and the load test checks every pupil stays under.
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.cpu_limit = CPU_LIMIT

# The idle culler stops a pupil's server after cull_idle seconds without activity (default 3600: one lesson of up
# to an hour, so a pupil reading a long explanation keeps their board; a server left running after class is gone
# an hour later).  The pupil's files stay in their home; only the running kernels go.
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={room.cull_idle}", f"--cull-every={room.cull_every}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
