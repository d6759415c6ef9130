"""Wrong passwords against the class hub, measured: the lockout, and how the hub's API answers others meanwhile.

``python -m hub.login_attack`` starts a fresh hub of 25 pupils on loopback (the lockout as ``make hub`` has it:
:attr:`Classroom.lockout_after` wrong passwords, then :attr:`Classroom.lockout_seconds`), logs the teacher in, and:

1. samples the API's reply time for the teacher (``GET /hub/api/users``, every 50 ms) at rest;
2. sends 40 wrong passwords for pupil01, one after another, then pupil01's right code: what each got;
3. sends 24 wrong passwords at once, one for each of pupil02 .. pupil25 (each one a real password check), and then
   24 at once for pupil02 alone, sampling the teacher's API reply times during each burst;
4. waits until pupil01's lockout is over and logs in with the right code.

Writes ``hub/results/login_attack.json`` and ``.md``.  A measurement, not a test (tests/hub asserts the behaviour;
timings are never asserted).  About four minutes, most of it waiting for the lockout to end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from hub.accounts import new_code, read_codes
from hub.classroom import REPO_ROOT, TEACHER, Classroom
from hub.loadtest import _pct
from hub.run import signals_as_interrupt, start_hub

__all__ = ["main", "measure"]

RESULTS = REPO_ROOT / "hub" / "results"
SAMPLE_EVERY = 0.05  # seconds between two API requests of the sampler
BURST = 24


async def _login(client: httpx.AsyncClient, name: str, password: str) -> int:
    """Log in through the form; the HTTP status (302 in, 403 wrong, 429 locked)."""
    page = await client.get("hub/login")
    token = page.text.split('name="_xsrf" value="', 1)[-1].split('"', 1)[0]
    reply = await client.post("hub/login", data={"username": name, "password": password, "_xsrf": token})
    return reply.status_code


def _fresh(url: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=url, trust_env=False, timeout=httpx.Timeout(300))


async def _sample(teacher: httpx.AsyncClient, stop: asyncio.Event) -> list[float]:
    """The teacher's API reply times (seconds) until ``stop`` is set."""
    times = []
    while not stop.is_set():
        start = time.monotonic()
        reply = await teacher.get("hub/api/users")
        if reply.status_code != 200:
            raise RuntimeError(f"the teacher's API request failed: HTTP {reply.status_code}")
        times.append(time.monotonic() - start)
        await asyncio.sleep(SAMPLE_EVERY)
    return times


def _stats(times: list[float]) -> dict[str, Any]:
    return {"n": len(times), "p50_s": _pct(times, 50), "p95_s": _pct(times, 95),
            "max_s": round(max(times), 3) if times else None}


async def _burst(room: Classroom, teacher: httpx.AsyncClient, names: list[str]) -> dict[str, Any]:
    """Wrong passwords for ``names`` all at once, while sampling the teacher's API."""
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample(teacher, stop))
    await asyncio.sleep(0.3)
    start = time.monotonic()
    clients = [_fresh(room.local_url) for _ in names]
    try:
        statuses = await asyncio.gather(*(_login(c, n, new_code()) for c, n in zip(clients, names, strict=True)))
    finally:
        for c in clients:
            await c.aclose()
    wall = time.monotonic() - start
    stop.set()
    return {"accounts": sorted(set(names)), "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "wall_s": round(wall, 2), "api_during": _stats(await sampler)}


async def _run(room: Classroom) -> dict[str, Any]:
    codes = read_codes(room)
    out: dict[str, Any] = {"lockout_after": room.lockout_after, "lockout_seconds": room.lockout_seconds}
    async with _fresh(room.local_url) as teacher:
        if await _login(teacher, TEACHER, codes[TEACHER]) != 302:
            raise RuntimeError("the teacher could not log in")
        stop = asyncio.Event()
        sampler = asyncio.create_task(_sample(teacher, stop))
        await asyncio.sleep(10)
        stop.set()
        out["api_at_rest"] = _stats(await sampler)
        async with _fresh(room.local_url) as attacker:
            start = time.monotonic()
            statuses = [await _login(attacker, "pupil01", new_code()) for _ in range(40)]
            out["serial_40_wall_s"] = round(time.monotonic() - start, 2)
            locked_at = time.monotonic()
            out["serial_40_statuses"] = statuses
            out["right_code_during_lockout"] = await _login(attacker, "pupil01", codes["pupil01"])
        out["burst_24_accounts"] = await _burst(room, teacher, [f"pupil{i:02d}" for i in range(2, 2 + BURST)])
        out["burst_1_account"] = await _burst(room, teacher, ["pupil02"] * BURST)
        # the lockout runs from the last wrong password that was checked, before locked_at
        await asyncio.sleep(max(0.0, room.lockout_seconds + 2 - (time.monotonic() - locked_at)))
        async with _fresh(room.local_url) as pupil:
            out["right_code_after_lockout"] = await _login(pupil, "pupil01", codes["pupil01"])
    return out


def measure(port: int = 19000, state: Path | None = None) -> dict[str, Any]:
    """Run the measurement on a fresh 25-pupil hub at ``port``; the results as a dict (seconds, HTTP statuses)."""
    folder = state or REPO_ROOT / "build" / "hub-login-attack"
    shutil.rmtree(folder, ignore_errors=True)
    room = Classroom(pupils=1 + BURST, port=port, state=str(folder))
    hub = start_hub(room)
    try:
        result = asyncio.run(_run(room))
    finally:
        result_left = hub.stop()
        shutil.rmtree(folder, ignore_errors=True)
    result["left_running"] = result_left
    return result


def markdown(r: dict[str, Any]) -> str:
    """The results as a short markdown report.

    >>> api = {"n": 1, "p50_s": 0.1, "p95_s": 0.1, "max_s": 0.1}
    >>> burst = {"statuses": {"403": 24}, "wall_s": 9.0, "api_during": api}
    >>> markdown({"lockout_after": 5, "lockout_seconds": 120, "serial_40_statuses": [403] * 5 + [429] * 35,
    ...           "serial_40_wall_s": 10.0, "right_code_during_lockout": 429, "right_code_after_lockout": 302,
    ...           "api_at_rest": api, "burst_24_accounts": burst, "burst_1_account": burst}).splitlines()[8]
    '| at rest | 1 | 0.1 | 0.1 | 0.1 | | |'
    """
    serial = r["serial_40_statuses"]
    lines = [
        "# Wrong passwords against the class hub (`python -m hub.login_attack`)", "",
        f"Lockout: {r['lockout_after']} wrong passwords in a row, then {r['lockout_seconds']} s.", "",
        f"- 40 wrong passwords for one account, one after another ({r['serial_40_wall_s']} s): "
        f"{serial.count(403)} checked and refused (403), {serial.count(429)} refused as locked (429); then the "
        f"right code: HTTP {r['right_code_during_lockout']}; after the lockout: HTTP {r['right_code_after_lockout']}.",
        "", "| teacher's API (`GET /hub/api/users`) | requests | p50 (s) | p95 (s) | max (s) | burst wall (s) "
        "| login replies |", "|---|---|---|---|---|---|---|",
    ]
    rest = r["api_at_rest"]
    lines.append(f"| at rest | {rest['n']} | {rest['p50_s']} | {rest['p95_s']} | {rest['max_s']} | | |")
    for key, label in (("burst_24_accounts", f"{BURST} wrong passwords at once, {BURST} accounts"),
                       ("burst_1_account", f"{BURST} wrong passwords at once, one account")):
        b = r[key]
        a = b["api_during"]
        lines.append(f"| {label} | {a['n']} | {a['p50_s']} | {a['p95_s']} | {a['max_s']} | {b['wall_s']} "
                     f"| {', '.join(f'{n} x {s}' for s, n in b['statuses'].items())} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m hub.login_attack [--port P] [--output DIR]``: measure, write the results, print the report."""
    parser = argparse.ArgumentParser(prog="python -m hub.login_attack", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    with signals_as_interrupt():
        result = measure(args.port)
    args.output.mkdir(parents=True, exist_ok=True)
    (args.output / "login_attack.json").write_text(json.dumps(result, indent=1) + "\n")
    report = markdown(result)
    (args.output / "login_attack.md").write_text(report)
    print(report)
    return 0 if not result["left_running"] else 1


if __name__ == "__main__":
    sys.exit(main())
