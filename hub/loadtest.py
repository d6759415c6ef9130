"""Load test of the class hub: simulated pupils log in, pull a lesson, run it and play its board, measured.

``make hub-loadtest`` runs ``python -m hub.loadtest``: for each class size N (default 10, 20, 30; at most
:data:`MAX_LOAD`), a fresh hub on loopback and N pupils at once, each as a browser would: the login form (with its
xsrf token, and the pupil's sign-in code, read from the codes file in the hub's state folder), their server started,
lesson 01 opened through its nbgitpuller link (the pull finishes and the files are in the pupil's home), a kernel
started and every code cell run through the kernel's websocket (any error output fails the pupil), then moves played
on the lesson's first board by the comm messages JupyterLab sends when a button is clicked.  Then one pupil per
lesson 00..06, one after another, for each lesson's memory and CPU after Run All, and from these the pupils one
2-core/24 GB machine holds per lesson.  Results go to
``hub/results/loadtest.json`` and ``hub/results/loadtest.md``.

Memory is read with psutil: USS (memory only this pupil's processes use), PSS (USS plus a fair share of shared
pages; the sum over all processes is what the machine really uses) and RSS (what a container's cgroup would
roughly charge), each summed over the pupil's single-user server and kernel.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import statistics
import sys
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import psutil
import websockets

from hub.accounts import read_codes
from hub.classroom import (
    CPU_LIMIT,
    MEM_LIMIT,
    MEM_LIMIT_BYTES,
    REPO_ROOT,
    TARGET_DIR,
    Classroom,
    default_root,
    lesson_files,
)
from hub.run import RunningHub, signals_as_interrupt, start_hub

__all__ = [
    "MAX_LOAD",
    "ClassRun",
    "LessonRun",
    "PupilResult",
    "capacity",
    "empty_notebook",
    "forget",
    "fresh_room",
    "main",
    "run_busy_neighbour",
    "run_class",
    "run_lessons",
]

MAX_LOAD = 40  # pupils per run: the load test refuses more (2 cores, loopback only)
LESSON = "lessons/01_magic_square.ipynb"
MOVES = 4  # clicks on the board per pupil
CELL_TIMEOUT = 180.0  # seconds for one cell (or one click) before the pupil fails
MACHINE_CORES = 2
MACHINE_MEMORY = 24 * 1024**3
RESERVE = 3 * 1024**3  # kept for the operating system, the hub, the proxy and the page cache
RUN_ALL_WINDOW = 60.0  # CPU bound: the whole class presses Run All within the same minute
RESULTS = REPO_ROOT / "hub" / "results"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class PupilFailure(RuntimeError):
    """A simulated pupil could not go on (the message says at which step and why)."""


@dataclass
class PupilResult:
    """One simulated pupil's run: times in seconds, memory in bytes, CPU in seconds (server + kernel)."""

    name: str
    ok: bool = False
    error: str = ""
    first_board: float | None = None  # from the start of login to the first widget view of the lesson
    pulled: bool = False  # the lesson's files were in the pupil's home after the pull
    kept: bool = False  # the board's unfinished game was in the lesson's work file in the pupil's home (issue 32)
    cells: int = 0  # code cells run without error
    cells_total: int = 0
    moves: list[float] = field(default_factory=list)  # reply time of each click
    run_all: float = 0.0  # wall time of running every cell
    run_all_cpu: float = 0.0  # CPU seconds of server + kernel during Run All
    uss: int = 0
    pss: int = 0
    rss: int = 0
    cpu: float = 0.0  # CPU seconds of server + kernel, from start to the end of the run


@dataclass
class ClassRun:
    """N pupils at once through one fresh hub."""

    pupils: int
    wall: float
    pupil_results: list[PupilResult]
    hub_pss: int  # hub + proxy + culler
    hub_rss: int
    hub_cpu: float
    machine_cpu_percent: float  # mean utilisation of all cores during the run
    left_running: list[str]

    def summary(self) -> dict[str, Any]:
        """The figures of the report (seconds, MB, CPU seconds)."""
        ok = [r for r in self.pupil_results if r.ok]
        boards = [r.first_board for r in ok if r.first_board is not None]
        moves = [m for r in ok for m in r.moves]
        return {
            "pupils": self.pupils,
            "failures": len(self.pupil_results) - len(ok),
            "first_board_p50_s": _pct(boards, 50),
            "first_board_p95_s": _pct(boards, 95),
            "uss_mean_mb": _mb(statistics.fmean([r.uss for r in ok])) if ok else None,
            "uss_max_mb": _mb(max(r.uss for r in ok)) if ok else None,
            "pss_mean_mb": _mb(statistics.fmean([r.pss for r in ok])) if ok else None,
            "pss_max_mb": _mb(max(r.pss for r in ok)) if ok else None,
            "rss_max_mb": _mb(max(r.rss for r in ok)) if ok else None,
            "pss_total_mb": _mb(sum(r.pss for r in ok) + self.hub_pss),
            "hub_proxy_pss_mb": _mb(self.hub_pss),
            "cpu_per_pupil_s": round(statistics.fmean([r.cpu for r in ok]), 1) if ok else None,
            "hub_cpu_s": round(self.hub_cpu, 1),
            "machine_cpu_percent": round(self.machine_cpu_percent),
            "move_p50_ms": _ms(_pct(moves, 50)),
            "move_p95_ms": _ms(_pct(moves, 95)),
            "moves": len(moves),
            "wall_s": round(self.wall, 1),
            "under_mem_limit": all(r.rss < MEM_LIMIT_BYTES for r in ok),
            "left_running": self.left_running,
        }


@dataclass
class LessonRun:
    """One pupil's Run All of one lesson: memory after it (bytes) and the CPU seconds it took."""

    lesson: str
    result: PupilResult

    def summary(self) -> dict[str, Any]:
        """The lesson's figures and the pupils per machine they allow (see :func:`capacity`)."""
        r = self.result
        cpu = r.run_all_cpu
        return {"lesson": Path(self.lesson).stem, "ok": r.ok, "error": r.error, "cells": r.cells,
                "pss_mb": _mb(r.pss), "uss_mb": _mb(r.uss), "rss_mb": _mb(r.rss),
                "run_all_cpu_s": round(cpu, 2), "run_all_wall_s": round(r.run_all, 2), **capacity(r.pss, cpu)}


def capacity(pss: int, run_all_cpu: float) -> dict[str, int]:
    """Pupils one 2-core/24 GB machine holds, given one pupil's memory (PSS, bytes) and Run All CPU seconds.

    Memory bound: (24 GB - the reserve for the system, hub and proxy) / memory per pupil.  CPU bound: the whole
    class presses Run All within the same minute, and the two cores must get through it within that minute.
    The capacity is the smaller.

    >>> capacity(200 * 1024**2, 2.0)
    {'memory_bound': 107, 'cpu_bound': 60, 'pupils': 60}
    """
    if pss <= 0 or run_all_cpu < 0:
        raise ValueError(f"pss, run_all_cpu: a positive memory and a CPU time, not {pss}, {run_all_cpu}")
    memory = (MACHINE_MEMORY - RESERVE) // pss
    cpu = math.floor(MACHINE_CORES * RUN_ALL_WINDOW / run_all_cpu) if run_all_cpu > 0 else 10**6
    return {"memory_bound": int(memory), "cpu_bound": cpu, "pupils": int(min(memory, cpu))}


def _pct(values: list[float], q: int) -> float | None:
    """The q-th percentile (nearest rank) of ``values``, or None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)], 3)


def _mb(value: float) -> float:
    """Bytes as megabytes (MiB), one decimal."""
    return round(value / 1024**2, 1)


def _ms(seconds: float | None) -> float | None:
    """Seconds as milliseconds."""
    return None if seconds is None else round(seconds * 1000, 1)


# --- measuring processes -------------------------------------------------------------------------------------

def pupil_processes(hub: RunningHub, name: str) -> list[psutil.Process]:
    """The single-user server of pupil ``name`` and its kernels (children)."""
    for p in hub.processes():
        with contextlib.suppress(psutil.Error):
            if "jupyterhub-singleuser" in " ".join(p.cmdline()) and p.environ().get("JUPYTERHUB_USER") == name:
                return [p, *p.children(recursive=True)]
    return []


def memory(processes: list[psutil.Process]) -> tuple[int, int, int]:
    """(USS, PSS, RSS) in bytes, summed over ``processes`` (those gone count 0)."""
    uss = pss = rss = 0
    for p in processes:
        with contextlib.suppress(psutil.Error):
            info = p.memory_full_info()
            uss, pss, rss = uss + info.uss, pss + info.pss, rss + info.rss
    return uss, pss, rss


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """User + system CPU seconds used so far by ``processes`` and their finished children."""
    total = 0.0
    for p in processes:
        with contextlib.suppress(psutil.Error):
            t = p.cpu_times()  # children_*: finished child processes (e.g. lesson 05's process pool)
            total += t.user + t.system + t.children_user + t.children_system
    return total


def hub_processes(hub: RunningHub) -> list[psutil.Process]:
    """The hub, its proxy and its services (every process of the hub's tree that is not a pupil's)."""
    pupils: set[int] = set()
    for p in hub.processes():
        with contextlib.suppress(psutil.Error):
            if "jupyterhub-singleuser" in " ".join(p.cmdline()):
                pupils.update(c.pid for c in [p, *p.children(recursive=True)])
    return [p for p in hub.processes() if p.pid not in pupils]


# --- one simulated pupil ------------------------------------------------------------------------------------

async def _events(response: httpx.Response) -> AsyncIterator[dict[str, Any]]:
    """The JSON payloads of a server-sent event stream."""
    async for line in response.aiter_lines():
        if line.startswith("data:"):
            yield json.loads(line[5:])


class Browser:
    """One pupil's browser: cookies, the hub's pages and APIs, their single-user server."""

    def __init__(self, room: Classroom, name: str) -> None:
        self.room = room
        self.name = name
        self.client = httpx.AsyncClient(base_url=room.local_url, timeout=httpx.Timeout(CELL_TIMEOUT), trust_env=False)
        self.prefix = f"/user/{name}/"

    async def aclose(self) -> None:
        """Close the connections."""
        await self.client.aclose()

    def _xsrf(self, path: str) -> str:
        """The ``_xsrf`` cookie set for ``path`` (the hub's or the pupil's server's)."""
        for cookie in self.client.cookies.jar:
            if cookie.name == "_xsrf" and path.startswith(cookie.path):
                return cookie.value or ""
        raise PupilFailure(f"no _xsrf cookie for {path}")

    async def login(self, password: str) -> None:
        """Log in through the hub's login form with ``password`` (the sign-in code on the pupil's slip)."""
        page = await self.client.get("hub/login")
        token = page.text.split('name="_xsrf" value="', 1)[-1].split('"', 1)[0]
        if page.status_code != 200 or not token:
            raise PupilFailure(f"login page: HTTP {page.status_code}")
        reply = await self.client.post("hub/login", data={"username": self.name, "password": password,
                                                          "_xsrf": token})
        if reply.status_code != 302 or "jupyterhub-session-id" not in self.client.cookies:
            raise PupilFailure(f"login: HTTP {reply.status_code}")

    async def start_server(self, next_url: str) -> None:
        """Start the pupil's server as the hub's spawn page does, and follow its progress until it is ready."""
        reply = await self.client.get(f"hub/spawn/{self.name}", params={"next": next_url})
        if reply.status_code not in (200, 302):
            raise PupilFailure(f"spawn: HTTP {reply.status_code}")
        headers = {"X-XSRFToken": self._xsrf("/hub/")}
        async with self.client.stream("GET", f"hub/api/users/{self.name}/server/progress", headers=headers,
                                      timeout=httpx.Timeout(600)) as stream:
            async for event in _events(stream):
                if event.get("failed"):
                    raise PupilFailure(f"spawn failed: {event.get('message')}")
                if event.get("ready"):
                    return
        raise PupilFailure("spawn: the progress stream ended before the server was ready")

    async def pull(self, lesson_link: str) -> None:
        """Open a lesson's nbgitpuller link (logging in to the server by OAuth) and wait for the pull to finish."""
        page = await self.client.get(lesson_link, follow_redirects=True)
        if page.status_code != 200 or "git-pull" not in str(page.url):
            raise PupilFailure(f"lesson link: HTTP {page.status_code} at {page.url}")
        query = dict(page.url.params)
        api = {k: query[k] for k in ("repo", "branch", "targetpath") if k in query}
        async with self.client.stream("GET", f"{self.prefix}git-pull/api?{urlencode(api)}",
                                      timeout=httpx.Timeout(600)) as stream:
            async for event in _events(stream):
                if event.get("phase") == "error":
                    raise PupilFailure(f"nbgitpuller: {event.get('message')}")
                if event.get("phase") == "finished":
                    return
        raise PupilFailure("nbgitpuller: the stream ended before the pull finished")

    async def notebook(self, path: str) -> dict[str, Any]:
        """A notebook of the pupil's home, through the server's contents API."""
        reply = await self.client.get(f"{self.prefix}api/contents/{quote(path)}", params={"content": "1"})
        if reply.status_code != 200:
            raise PupilFailure(f"contents {path}: HTTP {reply.status_code}")
        content: dict[str, Any] = reply.json()["content"]
        return content

    async def kernel(self, path: str) -> Kernel:
        """Start a kernel for notebook ``path`` (a session, as JupyterLab does) and connect to its websocket."""
        reply = await self.client.post(f"{self.prefix}api/sessions",
                                       json={"path": path, "type": "notebook", "name": Path(path).name,
                                             "kernel": {"name": "python3"}},
                                       headers={"X-XSRFToken": self._xsrf(self.prefix)})
        if reply.status_code != 201:
            raise PupilFailure(f"session: HTTP {reply.status_code}")
        return await self.connect(reply.json()["kernel"]["id"])

    async def connect(self, kernel_id: str) -> Kernel:
        """Connect to the websocket of kernel ``kernel_id`` of the pupil's server (as another tab would)."""
        session = uuid.uuid4().hex
        ws_path = f"{self.prefix}api/kernels/{kernel_id}/channels?session_id={session}"
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.client.cookies.jar
                            if self.prefix.startswith(c.path) or c.path == "/")
        url = f"ws://{self.room.ip}:{self.room.port}{ws_path}"
        socket = await websockets.connect(url, additional_headers={"Cookie": cookies}, max_size=None,
                                          open_timeout=CELL_TIMEOUT)
        kernel = Kernel(socket, session, self.name)
        await kernel.ready()
        return kernel


class Kernel:
    """A kernel's websocket (JSON messages on the shell and iopub channels), with the widget models it opened."""

    def __init__(self, socket: Any, session: str, username: str) -> None:
        self.socket = socket
        self.session = session
        self.username = username
        self.comms: dict[str, dict[str, Any]] = {}  # comm id -> widget model state

    async def close(self) -> None:
        """Close the websocket."""
        await self.socket.close()

    async def ready(self, timeout: float = CELL_TIMEOUT) -> None:
        """Wait until the kernel answers a kernel_info_request (as JupyterLab does before running anything).

        A request sent while the server is still connecting to a new kernel can be lost: ask again every 5 s.
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                await self.request("kernel_info_request", {}, timeout=5)
                return
            except PupilFailure:
                if time.monotonic() > deadline:
                    raise

    async def request(self, msg_type: str, content: dict[str, Any], timeout: float = CELL_TIMEOUT) -> dict[str, Any]:
        """Send one shell request and read until the kernel is idle again; what it answered, summed up.

        Returns ``{"errors": [...], "views": n, "opened": [comm ids], "updates": n, "idle_at": time,
        "stdout": text printed}``.
        Raises PupilFailure if the kernel does not go idle within ``timeout`` seconds.
        """
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": self.username,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3"}
        await self.socket.send(json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                           "content": content, "channel": "shell", "buffers": []}))
        answer: dict[str, Any] = {"errors": [], "views": 0, "opened": [], "updates": 0, "first_view_at": None,
                                  "stdout": ""}
        replied = idle = False
        deadline = time.monotonic() + timeout
        while not (replied and idle):
            try:
                raw = await asyncio.wait_for(self.socket.recv(), max(0.1, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise PupilFailure(f"{msg_type}: no answer within {timeout:g} s") from None
            if isinstance(raw, bytes):  # a message with binary buffers: only widgets' images use them here
                continue
            msg = json.loads(raw)
            kind, body = msg["header"]["msg_type"], msg["content"]
            if kind == "comm_open" and body.get("target_name") == "jupyter.widget":
                self.comms[body["comm_id"]] = dict(body["data"].get("state", {}))
            elif kind == "comm_msg" and body["comm_id"] in self.comms and body["data"].get("method") == "update":
                self.comms[body["comm_id"]].update(body["data"].get("state", {}))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if kind == "comm_open":
                answer["opened"].append(body["comm_id"])
            elif kind == "comm_msg":
                answer["updates"] += 1
            elif kind in ("display_data", "execute_result") and WIDGET_VIEW in body.get("data", {}):
                answer["views"] += 1
                answer["first_view_at"] = answer["first_view_at"] or time.monotonic()
            elif kind == "error":
                answer["errors"].append(f"{body.get('ename')}: {body.get('evalue')}")
            elif kind == "stream" and body.get("name") == "stdout":
                answer["stdout"] += body.get("text", "")
            elif kind == "stream" and body.get("name") == "stderr":
                answer["errors"].append(f"stderr: {body.get('text', '')[:200]}")
            elif kind == "execute_reply":
                replied = True
                if body.get("status") != "ok":
                    answer["errors"].append(f"execute_reply status {body.get('status')}")
            elif kind == "status" and body.get("execution_state") == "idle":
                idle = True
                if msg_type != "execute_request":
                    replied = True
        answer["idle_at"] = time.monotonic()
        return answer

    async def execute(self, code: str) -> dict[str, Any]:
        """Run ``code`` as a notebook cell; see :meth:`request`."""
        return await self.request("execute_request", {"code": code, "silent": False, "store_history": True,
                                                      "user_expressions": {}, "allow_stdin": False,
                                                      "stop_on_error": True})

    async def click(self, comm_id: str) -> dict[str, Any]:
        """Click the Button model ``comm_id`` as JupyterLab's widget manager does; see :meth:`request`."""
        return await self.request("comm_msg", {"comm_id": comm_id,
                                               "data": {"method": "custom", "content": {"event": "click"}}})


def _draft_buttons(kernel: Kernel, board: list[str]) -> list[str]:
    """The board's digit buttons ("Draft N") that are enabled now."""
    return [cid for cid in board if kernel.comms.get(cid, {}).get("_model_name") == "ButtonModel"
            and str(kernel.comms[cid].get("tooltip", "")).startswith("Draft ")
            and not kernel.comms[cid].get("disabled")]


async def run_pupil(hub: RunningHub, name: str, lesson: str, moves: int) -> PupilResult:
    """One pupil: log in, start their server, pull ``lesson`` by its link, Run All, then ``moves`` board clicks.

    Never raises: a failure is recorded in the result (``ok`` False, ``error`` says where).
    """
    result = PupilResult(name)
    browser = Browser(hub.room, name)
    kernel: Kernel | None = None
    processes: list[psutil.Process] = []
    step = "login"
    try:
        start = time.monotonic()
        code = read_codes(hub.room).get(name)
        if not code:
            raise PupilFailure(f"no sign-in code for {name} in the hub's state folder")
        await browser.login(code)
        link = hub.room.lesson_link(lesson)
        step = "start server"
        await browser.start_server(f"/user/{name}/git-pull?{link.split('?', 1)[1]}")
        step = "nbgitpuller"
        await browser.pull(link)
        landed = hub.room.home(name) / TARGET_DIR / lesson
        result.pulled = landed.is_file()
        if not result.pulled:
            raise PupilFailure(f"{landed} is missing after the pull")
        step = "open notebook"
        notebook = await browser.notebook(f"{TARGET_DIR}/{lesson}")
        cells = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                 for c in notebook["cells"] if c["cell_type"] == "code"]
        result.cells_total = len(cells)
        kernel = await browser.kernel(f"{TARGET_DIR}/{lesson}")
        processes = pupil_processes(hub, name)
        cpu_before = cpu_seconds(processes)
        board: list[str] = []
        run_start = time.monotonic()
        for i, code in enumerate(cells):
            step = f"cell {i + 1}"
            answer = await kernel.execute(code)
            if answer["errors"]:
                raise PupilFailure("; ".join(answer["errors"]))
            result.cells += 1
            if answer["views"] and not board:
                board = answer["opened"]
                result.first_board = answer["first_view_at"] - start
        result.run_all = time.monotonic() - run_start
        result.run_all_cpu = cpu_seconds(processes) - cpu_before
        for m in range(moves):
            step = f"move {m + 1}"
            buttons = _draft_buttons(kernel, board)
            if not buttons:
                raise PupilFailure("no enabled digit button on the board")
            sent = time.monotonic()
            answer = await kernel.click(buttons[0])
            if answer["errors"] or not answer["updates"]:
                raise PupilFailure(f"the board did not answer: {answer['errors'] or 'no state update'}")
            result.moves.append(answer["idle_at"] - sent)
        work = landed.with_name(landed.name.removesuffix(".ipynb") + ".work.json")
        with contextlib.suppress(OSError, ValueError, AttributeError):
            records = json.loads(work.read_text(encoding="utf-8"))["records"].values()
            result.kept = any(r.get("kind") == "open" and r.get("state") for r in records)
        result.ok = True
    except (PupilFailure, httpx.HTTPError, websockets.WebSocketException, OSError, KeyError, ValueError) as error:
        result.error = f"{step}: {type(error).__name__}: {error}"
    finally:
        processes = pupil_processes(hub, name) or processes
        result.uss, result.pss, result.rss = memory(processes)
        result.cpu = cpu_seconds(processes)
        if kernel is not None:
            with contextlib.suppress(Exception):
                await kernel.close()
        await browser.aclose()
    return result


# --- whole runs ---------------------------------------------------------------------------------------------

def fresh_room(pupils: int, port: int, tag: str, branch: str) -> Classroom:
    """A class of ``pupils`` with its own empty state, homes and lesson copy, outside the checkout (beside
    :func:`~hub.classroom.default_root`, in ``fifteen-kit-hub-test/<tag>``); the links pull that copy."""
    root = default_root().parent / "fifteen-kit-hub-test" / tag
    if root.exists():
        import shutil

        shutil.rmtree(root)
    return Classroom(pupils=pupils, port=port, state=str(root / "state"), homes=str(root / "homes"),
                     repo=str(root / "lessons.git"), branch=branch)


def forget(room: Classroom) -> None:
    """Remove what :func:`fresh_room`'s hub left on the machine: its system users (as root), homes and state."""
    import os
    import shutil

    if os.geteuid() == 0:
        from hub.users import remove_users

        remove_users(room.port)
    shutil.rmtree(room.homes_path.parent, ignore_errors=True)
    with contextlib.suppress(OSError):  # the tests' common folder too, once no other test's hub is in it
        room.homes_path.parent.parent.rmdir()


async def _gather(hub: RunningHub, names: list[str], lessons: list[str], moves: int,
                  timeout: float) -> list[PupilResult]:
    """Run the pupils concurrently, each pupil on its lesson; a pupil still running at ``timeout`` fails."""
    tasks = [asyncio.create_task(run_pupil(hub, n, lesson, moves)) for n, lesson in zip(names, lessons, strict=True)]
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    results = []
    for name, task in zip(names, tasks, strict=True):
        if task in done:
            results.append(task.result())
        else:
            results.append(PupilResult(name, error=f"not finished within {timeout:g} s"))
    return results


def run_class(pupils: int, port: int = 8000, timeout: float = 900, branch: str = "main") -> ClassRun:
    """``pupils`` pupils at once through a fresh hub (lesson 01, :data:`MOVES` moves each), then the hub stopped.

    Raises ValueError if ``pupils`` is not 1 to :data:`MAX_LOAD`; RuntimeError if the hub does not start.
    """
    if not 1 <= pupils <= MAX_LOAD:
        raise ValueError(f"pupils: 1 to {MAX_LOAD} simulated pupils (loopback, 2 cores), not {pupils}")
    room = fresh_room(pupils, port, f"class-{pupils}", branch)
    hub = start_hub(room)
    left: list[str] = []
    try:
        psutil.cpu_percent(None)
        start = time.monotonic()
        names = room.accounts()[1:]
        results = asyncio.run(_gather(hub, names, [LESSON] * pupils, MOVES, timeout))
        wall = time.monotonic() - start
        machine = psutil.cpu_percent(None)
        extra = hub_processes(hub)
        _uss, hub_pss, hub_rss = memory(extra)
        hub_cpu = cpu_seconds(extra)
    finally:
        left = hub.stop()
        forget(room)
    return ClassRun(pupils, wall, results, hub_pss, hub_rss, hub_cpu, machine, left)


def run_lessons(port: int = 8000, timeout: float = 900, branch: str = "main") -> tuple[list[LessonRun], list[str]]:
    """One pupil per lesson, one lesson after another, through one fresh hub: each lesson's Run All measured.

    Returns the runs and what was left running when the hub stopped.
    """
    lessons = lesson_files()
    room = fresh_room(len(lessons), port, "lessons", branch)
    hub = start_hub(room)
    runs = []
    try:
        for name, lesson in zip(room.accounts()[1:], lessons, strict=True):
            (result,) = asyncio.run(_gather(hub, [name], [lesson], 0, timeout))
            runs.append(LessonRun(lesson, result))
    finally:
        left = hub.stop()
        forget(room)
    return runs, left


def empty_notebook() -> dict[str, Any]:
    """A notebook with no cells and the python3 kernel (the contents API's ``content``)."""
    return {"cells": [], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                     "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}


BUSY_LOOP = """
import multiprocessing, time
def spin(seconds):
    end = time.time() + seconds
    while time.time() < end:
        pass
workers = [multiprocessing.Process(target=spin, args=(%d,)) for _ in range(2)]
for w in workers: w.start()
spin(%d)
"""


async def _neighbours(hub: RunningHub, seconds: int, moves: int) -> tuple[PupilResult, float]:
    """pupil01 starts a busy loop (three spinning processes) and leaves it; then pupil02 runs lesson 01 and plays
    ``moves`` moves.  Returns pupil02's result and the cores pupil01 held meanwhile (CPU seconds per second)."""
    room = hub.room
    busy = Browser(room, "pupil01")
    try:
        await busy.login(read_codes(hub.room)["pupil01"])
        await busy.start_server("/user/pupil01/lab")
        await busy.client.get("user/pupil01/lab", follow_redirects=True)
        await busy.client.put(f"{busy.prefix}api/contents/busy.ipynb", json={"type": "notebook",
                                                                             "content": empty_notebook()},
                              headers={"X-XSRFToken": busy._xsrf(busy.prefix)})
        kernel = await busy.kernel("busy.ipynb")
        header = {"msg_id": uuid.uuid4().hex, "msg_type": "execute_request", "session": kernel.session,
                  "username": "pupil01", "version": "5.3"}
        await kernel.socket.send(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "channel": "shell",
                                             "content": {"code": BUSY_LOOP % (seconds, seconds), "silent": False},
                                             "buffers": []}))
        await asyncio.sleep(5)  # the loop is spinning
        spinning = pupil_processes(hub, "pupil01")
        before, since = cpu_seconds(spinning), time.monotonic()
        (result,) = await _gather(hub, ["pupil02"], [LESSON], moves, seconds)
        used = (cpu_seconds(pupil_processes(hub, "pupil01")) - before) / (time.monotonic() - since)
        await kernel.close()
    finally:
        await busy.aclose()
    return result, used


def run_busy_neighbour(port: int = 8000, seconds: int = 240, moves: int = MOVES,
                       branch: str = "main") -> dict[str, Any]:
    """A pupil's board while another pupil's kernel spins flat out: pupil02's move reply times (ms) and first board
    (s), and the cores pupil01 held meanwhile, through a fresh 2-pupil hub."""
    room = fresh_room(2, port, "neighbour", branch)
    hub = start_hub(room)
    try:
        result, cores = asyncio.run(_neighbours(hub, seconds, moves))
    finally:
        hub.stop()
        forget(room)
    return {"ok": result.ok, "error": result.error, "first_board_s": round(result.first_board or 0, 2),
            "move_p50_ms": _ms(_pct(result.moves, 50)), "move_p95_ms": _ms(_pct(result.moves, 95)),
            "move_max_ms": _ms(max(result.moves, default=0)), "moves": len(result.moves),
            "busy_pupil_cores": round(cores, 2)}


# --- report -------------------------------------------------------------------------------------------------

def markdown(classes: list[dict[str, Any]], lessons: list[dict[str, Any]]) -> str:
    """The results as markdown tables."""
    lines = [
        "# Class hub load test (`make hub-loadtest`)", "",
        f"Measured on this machine ({psutil.cpu_count()} cores, {_mb(psutil.virtual_memory().total) / 1024:.0f} GB),"
        " pupils simulated on loopback. Memory: MB (MiB) of the pupil's single-user server + kernel, after "
        "lesson 01's cells and the board moves; PSS counts shared pages fairly, USS only the pupil's own; "
        "total = every pupil's PSS + hub, proxy and culler.",
        "",
        "| pupils | failures | first board p50 / p95 (s) | memory per pupil PSS mean / max (MB) "
        "| USS mean / max (MB) | total (MB) | hub+proxy (MB) | CPU per pupil (s) | machine CPU (%) "
        "| move reply p50 / p95 (ms) | wall (s) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in classes:
        lines.append(
            f"| {c['pupils']} | {c['failures']} | {c['first_board_p50_s']} / {c['first_board_p95_s']} "
            f"| {c['pss_mean_mb']} / {c['pss_max_mb']} | {c['uss_mean_mb']} / {c['uss_max_mb']} "
            f"| {c['pss_total_mb']} | {c['hub_proxy_pss_mb']} | {c['cpu_per_pupil_s']} "
            f"| {c['machine_cpu_percent']} | {c['move_p50_ms']} / {c['move_p95_ms']} | {c['wall_s']} |")
    lines += [
        "", "## Per lesson: pupils per 2-core / 24 GB machine", "",
        f"One pupil per lesson through the hub, Run All, measured after it. Memory bound = (24 GB - "
        f"{RESERVE // 1024**3} GB reserved for the system, hub and proxy) / PSS per pupil; CPU bound = the whole "
        f"class presses Run All within the same {RUN_ALL_WINDOW:g} s and {MACHINE_CORES} cores must finish it "
        "in that time (2 x 60 CPU-s / the Run All CPU-s of server + kernel). Pupils = the smaller.",
        "",
        "| lesson | PSS (MB) | USS (MB) | RSS (MB) | Run All CPU (s) | Run All wall (s) | memory bound "
        "| CPU bound | pupils per machine |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in lessons:
        lines.append(f"| {r['lesson']} | {r['pss_mb']} | {r['uss_mb']} | {r['rss_mb']} | {r['run_all_cpu_s']} "
                     f"| {r['run_all_wall_s']} | {r['memory_bound']} | {r['cpu_bound']} | {r['pupils']} |")
    lines += ["", f"Per-pupil limits in hub/classroom.py: memory {MEM_LIMIT}, CPU {CPU_LIMIT:g} core "
              "(reasoning there)."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.loadtest [--pupils "10 20 30"] [--no-lessons]``: run, write hub/results/, print the table.

    Returns 0 if every pupil succeeded, stayed under the memory limit and every hub stopped cleanly, else 1.
    """
    parser = argparse.ArgumentParser(prog="python -m hub.loadtest", description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", default="10 20 30", help="class sizes, e.g. '10 20 30' (each 1 to 40)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--timeout", type=float, default=900, help="seconds per class size (hard limit)")
    parser.add_argument("--branch", default="main")
    parser.add_argument("--no-lessons", action="store_true", help="skip the per-lesson measurements")
    parser.add_argument("--neighbour", action="store_true",
                        help="only measure one pupil's board beside another pupil's busy loop (prints JSON)")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.neighbour:
        print(json.dumps(run_busy_neighbour(args.port, branch=args.branch)))
        return 0
    sizes = [int(s) for s in args.pupils.split()]
    bad = [s for s in sizes if not 1 <= s <= MAX_LOAD]
    if bad or not sizes:
        parser.error(f"--pupils: class sizes from 1 to {MAX_LOAD}, not {args.pupils!r}")
    with signals_as_interrupt():  # a timeout's SIGTERM stops the running hub too (run_class's finally)
        return _measure(args, sizes)


def _measure(args: argparse.Namespace, sizes: list[int]) -> int:
    """The body of :func:`main`: run each class size and the lessons, write the results, print the table."""
    classes: list[dict[str, Any]] = []
    lessons: list[dict[str, Any]] = []
    ok = True
    for n in sizes:
        print(f"hub-loadtest: {n} pupils...", flush=True)
        run = run_class(n, args.port, args.timeout, args.branch)
        summary = run.summary()
        classes.append({**summary, "pupil_results": [asdict(r) for r in run.pupil_results]})
        for r in run.pupil_results:
            if not r.ok:
                print(f"  {r.name} FAILED: {r.error}", flush=True)
        ok = ok and summary["failures"] == 0 and summary["under_mem_limit"] and not summary["left_running"]
        _write(args.output, classes, lessons)  # after each step, so an interrupted run keeps what it measured
    if not args.no_lessons:
        print("hub-loadtest: one pupil per lesson...", flush=True)
        runs, left = run_lessons(args.port, args.timeout, args.branch)
        lessons = [r.summary() for r in runs]
        ok = ok and all(r["ok"] for r in lessons) and not left
    print(_write(args.output, classes, lessons))
    if args.output == RESULTS and not args.no_lessons:
        from hub.school import write_readme

        write_readme()  # docs/schools.md's tables follow the new results
    return 0 if ok else 1


def _write(output: Path, classes: list[dict[str, Any]], lessons: list[dict[str, Any]]) -> str:
    """Write loadtest.json and loadtest.md into ``output``; return the markdown."""
    output.mkdir(parents=True, exist_ok=True)
    table = markdown([{k: v for k, v in c.items() if k != "pupil_results"} for c in classes], lessons)
    (output / "loadtest.json").write_text(json.dumps({"classes": classes, "lessons": lessons,
                                                      "mem_limit": MEM_LIMIT, "cpu_limit": CPU_LIMIT},
                                                     indent=1) + "\n")
    (output / "loadtest.md").write_text(table)
    return table


if __name__ == "__main__":
    sys.exit(main())
