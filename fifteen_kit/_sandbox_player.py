"""The inside of the sandbox (private): compiles one handed-in player and answers moves, one JSON line each.

Protocol (parent -> here, here -> parent):

* ``{"source": text, "function": name, "game": "dice"|"fifteens", "steps": n, "seconds": s}`` ->
  ``{"ready": true}`` or ``{"error": reason}`` (a syntax error, no such function, the code raised);
* ``{"position": notation}`` -> ``{"move": text}`` or ``{"error": reason}`` (the pupil's player was stopped).

Everything the pupil's code does happens here, behind the boundary set up by
:mod:`fifteen_kit._sandbox_worker`; the parent checks every move again with its own engine.
"""

from __future__ import annotations

import json
from typing import IO, Any

__all__ = ["answer", "prepare", "serve"]


def prepare() -> None:
    """Import everything a player may need while files can still be opened."""
    import collections  # noqa: F401
    import itertools  # noqa: F401
    import math  # noqa: F401
    import random  # noqa: F401

    from . import pupil_players  # noqa: F401
    from .fifteens import rules  # noqa: F401
    from .nasty15 import rules as dice_rules  # noqa: F401


def _compile(request: dict[str, Any]) -> Any:
    from .pupil_players import GAMES, PupilPlayer, _describe, player_namespace

    source, name, game = request.get("source"), request.get("function"), request.get("game")
    if not isinstance(source, str) or not isinstance(name, str) or game not in GAMES:
        return "the request is not understood"
    namespace = player_namespace()  # the lesson's helpers, as in the pupil's own lab
    try:
        code = compile(source, "<player>", "exec")
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None)
        return f"its code is not Python: {getattr(exc, 'msg', exc)}" + (f" (line {line})" if line else "")
    try:
        exec(code, namespace)
    except BaseException as exc:  # the pupil's top-level code: anything it raises is reported
        return f"its code raised {_describe(exc)} when it was loaded"
    function = namespace.get(name)
    if not callable(function):
        return f"its code defines no function called {name}"
    return PupilPlayer(function, game, name=name, steps=request.get("steps", 200_000),
                       seconds=request.get("seconds", 2.0))


_PLAYER: list[Any] = []  # the one player this sandbox runs, once its code has loaded


def answer(line: str) -> str:
    """The answer (one JSON object, no newline) to one request line of the protocol (see the module docstring).

    The first request loads the player's code; a load that fails is answered with ``{"error": ...}`` and every
    later request is answered with the same error.  Used by :func:`serve` (the process sandbox) and by the
    JupyterLite sandbox's worker (``_lite_sandbox.js``), so both run a player with exactly the same code.
    """
    from .errors import PlayerError
    from .fifteens.rules import Position
    from .nasty15.rules import Decision, Turn

    try:
        request = json.loads(line)
        if not isinstance(request, dict):
            return json.dumps({"error": "the request is not understood"})
        if not _PLAYER:
            _PLAYER.append(_compile(request))
            if isinstance(_PLAYER[0], str):
                return json.dumps({"error": _PLAYER[0]})
            return json.dumps({"ready": True})
        player = _PLAYER[0]
        if isinstance(player, str):
            return json.dumps({"error": player})
        kind = Turn if player.game == "dice" else Position
        position = kind.parse(request["position"])
        move = player.choose(position)
        text = move.notation() if isinstance(move, Decision) else " ".join(map(str, move))
        reply: dict[str, Any] = {"move": text}
    except PlayerError as err:
        reply = {"error": err.reason}
    except MemoryError:
        reply = {"error": "it asked for more memory than the limit"}
    except BaseException as exc:
        reply = {"error": f"the player could not go on ({type(exc).__name__})"}
    return json.dumps(reply)


def serve(inp: IO[str], out: IO[str]) -> None:
    """Answer the parent until it closes the pipe (see the module docstring); a player whose code does not
    load ends the conversation."""
    for line in inp:
        reply = answer(line)
        out.write(reply + "\n")
        if _PLAYER and isinstance(_PLAYER[0], str):
            return
