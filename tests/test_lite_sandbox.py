"""The JupyterLite sandbox's parts that run outside a browser (issue 35); ``tests/lite/test_tournament.py`` runs
the whole boundary in Chromium with hostile players.

The worker is sent the kit's engine as files and answers with the same protocol function as the process
sandbox (``_sandbox_player.answer``); outside Pyodide the Lite tournament refuses before running anything.
"""

from __future__ import annotations

import ast
import asyncio
import json
import subprocess
import sys
import textwrap
from importlib import resources

import pytest

from fifteen_kit import lite_sandbox
from fifteen_kit.errors import UnsafeError
from fifteen_kit.lite_sandbox import WorkerPlayer, kit_files
from fifteen_kit.nasty15 import Turn
from fifteen_kit.tournament import run_tournament_async

HONEST = "def my_player(turn):\n    return turn.legal_moves()[-1]\n"


def test_outside_pyodide_the_lite_tournament_refuses_and_runs_nothing():
    assert not lite_sandbox.available()
    waiting = run_tournament_async({"a": HONEST}, "dice", games=1)  # the arguments are checked at once
    with pytest.raises(UnsafeError, match="no Web Worker sandbox"):
        asyncio.run(waiting)  # type: ignore[arg-type]
    player = WorkerPlayer(HONEST, "dice")
    with pytest.raises(UnsafeError, match="await"):
        player.choose(Turn.start((4, 3, 3, 2, 2, 1)))
    with pytest.raises(UnsafeError):
        asyncio.run(player.achoose(Turn.start((4, 3, 3, 2, 2, 1))))  # type: ignore[arg-type]
    assert player.moves == 0 and player._worker is None


def test_the_worker_gets_every_module_the_players_need():
    """Every kit module the sandbox's player imports (directly or not) is among the files the worker gets."""
    files = kit_files()
    names = {path.removeprefix("/kit/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
             for path in files}
    todo, seen = ["fifteen_kit._sandbox_player", "fifteen_kit.pupil_players"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = next(p for p in files if p in (f"/kit/{name.replace('.', '/')}.py",
                                              f"/kit/{name.replace('.', '/')}/__init__.py"))
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(files[path])):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
                for alias in node.names:
                    todo.extend(m for m in (f"{module}.{alias.name}", module) if m in names)
    assert {"fifteen_kit.pupil_players", "fifteen_kit.nasty15.rules", "fifteen_kit.fifteens.rules"} <= seen
    assert not any("widgets" in p or p.endswith("_sandbox_worker.py") for p in files)


def test_the_worker_script_is_shipped_and_removes_before_it_loads_pupil_code():
    script = (resources.files("fifteen_kit") / "_lite_sandbox.js").read_text(encoding="utf-8")
    boot = script[script.index("async function boot"):]
    # the capabilities go (and no new code can be compiled) before boot answers "locked"; the source comes after
    assert boot.index("lockDown()") < boot.index("noNewCode()") < boot.index("locked:")
    assert '"eval"' not in script[:script.index("const KEEP")]


def test_one_protocol_for_both_sandboxes():
    """``_sandbox_player.answer`` (what the Lite worker calls) loads a player and answers moves, in a fresh
    Python, as the process sandbox's ``serve`` does."""
    turn = Turn.start((4, 3, 3, 2, 2, 1))
    code = textwrap.dedent(f"""
        import json
        from fifteen_kit import _sandbox_player
        print(_sandbox_player.answer(json.dumps({{"source": {HONEST!r}, "function": "my_player", "game": "dice",
                                                  "steps": 10000, "seconds": 2.0}})))
        print(_sandbox_player.answer(json.dumps({{"position": {turn.notation()!r}}})))
        print(_sandbox_player.answer("not json"))
    """)
    lines = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert json.loads(lines[0]) == {"ready": True}
    assert json.loads(lines[1]) == {"move": turn.legal_moves()[-1].notation()}
    assert "error" in json.loads(lines[2])
