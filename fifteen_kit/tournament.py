"""A class tournament of handed-in players: source text from pupils, run in sandboxes, ranked with intervals.

Every entry is source text defining ``my_player(position)`` (untrusted: it runs only in a
:class:`~fifteen_kit.sandbox.SandboxedPlayer`, and :func:`run_tournament` refuses to start at all where the
sandbox cannot be set up).  All entries play the same seeded games (:func:`fifteen_kit.series.play_game`): in the
dice game the same boards and the same dice, in Fifteens the same deals.  Both games are played alone, so this
*is* the round-robin: every pair of entries is compared on the same games.

The leaderboard ranks entries by mean score (dice: points per turn, 95% t interval) or win rate (Fifteens, 95%
Wilson interval).  Which differences are real: every pair is compared game by game with an exact two-sided sign
test, Holm-corrected over all pairs at the 5% level (:func:`fifteen_kit.series.sign_test`,
:func:`fifteen_kit.series.holm`).  An entry that is stopped (it raised, returned an illegal move, took too long,
used too much memory, its code did not load) is listed below the others with the reason; the others go on.

>>> from fifteen_kit.sandbox import available
>>> if available():  # the kit refuses to run handed-in players where the sandbox cannot be set up
...     board = run_tournament({"ann": "def my_player(turn):\\n    return turn.legal_moves()[-1]"}, "dice", games=3)
...     print(board.ranking[0].name, board.ranking[0].games)
... else:
...     print("ann 3")
ann 3
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Awaitable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import _check
from .chance import MAX_SEED
from .errors import InvalidArgumentError, PlayerError, UnsafeError
from .pupil_players import GAMES, Game
from .sandbox import Limits, SandboxedPlayer, check_boundary
from .series import MAX_SERIES, GameRecord, Replay, Row, _split, game_moves, holm, play_game, row_of, sign_test

__all__ = ["MAX_ENTRIES", "Comparison", "Leaderboard", "run_tournament", "run_tournament_async"]

#: The most entries one tournament takes (a class of pairs).
MAX_ENTRIES = 60


@dataclass(frozen=True)
class Comparison:
    """Two entries compared on the games both finished: ``better`` games the first did better, ``worse`` games
    the second did (the first is always the one that did better in more games, so ``better >= worse``; it may rank
    below the second by mean score), the sign test's ``p`` value, and ``real``: significant after Holm's
    correction."""

    first: str
    second: str
    better: int
    worse: int
    p: float
    real: bool


@dataclass(frozen=True)
class Leaderboard:
    """A tournament's result: ``ranking`` (best first; stopped entries last), each entry's games
    (``records``), why entries were stopped (``stopped``: name -> message, with the seconds until then in
    ``stopped_after``), every pair's :class:`Comparison`, and the CPU seconds (the teacher's process and the
    sandboxes) and wall-clock seconds it took."""

    game: Game
    seed: int
    ranking: tuple[Row, ...]
    comparisons: tuple[Comparison, ...]
    stopped: dict[str, str]
    stopped_after: dict[str, float]
    records: dict[str, tuple[GameRecord, ...]] = field(repr=False)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    def replay(self, entry: str, index: int) -> Replay:
        """Game ``index`` (from 0) of ``entry``, move by move.  Raises InvalidArgumentError for an unknown entry or
        a game it did not finish."""
        name = _check.choice(entry, tuple(self.records), "the entry")
        games = self.records[name]
        if not games:
            raise InvalidArgumentError("this entry finished no game", input=entry)
        _check.whole(index, 0, len(games) - 1, "the game number")
        return Replay(games[index].steps)

    def real_differences(self) -> tuple[Comparison, ...]:
        """The pairs whose difference is real (significant after Holm's correction)."""
        return tuple(c for c in self.comparisons if c.real)

    def __str__(self) -> str:
        unit = "points per turn" if self.game == "dice" else "win rate"
        lines = [f"{'rank':<5}{'entry':<22}{'games':>6} {unit:>16}  95% interval"]
        for i, r in enumerate(self.ranking, 1):
            if r.name in self.stopped:
                lines.append(f"{'-':<5}{r.name:<22}{r.games:>6}  stopped: {self.stopped[r.name]}")
                continue
            span = "" if r.low is None else f"{r.low:.3f} to {r.high:.3f}"
            lines.append(f"{i:<5}{r.name:<22}{r.games:>6} {r.mean:>16.3f}  {span}")
        real = self.real_differences()
        shown = "; ".join(f"{c.first} > {c.second} (p = {c.p:.2g})" for c in real[:8])
        more = f"; and {len(real) - 8} more (see real_differences())" if len(real) > 8 else ""
        lines.append(f"real differences (sign test, Holm, 5%): {shown + more if real else 'none yet'}")
        return "\n".join(lines)


def _cpu() -> float:
    # CPU seconds of this process and of the sandboxes it has waited for
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run_tournament(entries: Mapping[str, str], game: Game, games: int = 100, seed: int = 0,
                   limits: Limits | None = None) -> Leaderboard:
    """Run every handed-in player (entry name -> source text) on the same ``games`` seeded games of ``game``.

    Each entry runs in its own sandbox (:mod:`fifteen_kit.sandbox`) with ``limits``.  In JupyterLite (Pyodide)
    each entry runs in its own Web Worker instead (:mod:`fifteen_kit.lite_sandbox`), and this waits for
    :func:`run_tournament_async` where the browser lets Python wait (``pyodide.ffi.run_sync``); where it does
    not, write ``board = await run_tournament_async(...)`` in the cell.  Raises
    :class:`~fifteen_kit.errors.UnsafeError` before running anything where no sandbox can be set up, and
    InvalidArgumentError for bad arguments (1 to :data:`MAX_ENTRIES` entries, names of 1 to 40 characters).
    """
    items, game, games, seed = _checked(entries, game, games, seed, limits)
    if sys.platform == "emscripten":
        return _wait_in_pyodide(_in_workers(items, game, games, seed, limits))
    check_boundary()
    began, cpu = time.monotonic(), _cpu()
    records: dict[str, tuple[GameRecord, ...]] = {}
    stopped: dict[str, str] = {}
    after: dict[str, float] = {}
    for name, source in items:
        played: list[GameRecord] = []
        start = time.monotonic()
        with SandboxedPlayer(source, game, name=name, limits=limits) as player:
            try:
                for i in range(games):
                    played.append(play_game(player, game, seed, i))
            except PlayerError as err:
                stopped[name], after[name] = _why(err, len(played) + 1), round(time.monotonic() - start, 2)
        records[name] = tuple(played)
    return _leaderboard(game, seed, records, stopped, after, round(_cpu() - cpu, 3),
                        round(time.monotonic() - began, 3))


def run_tournament_async(entries: Mapping[str, str], game: Game, games: int = 100, seed: int = 0,
                         limits: Limits | None = None) -> Awaitable[Leaderboard]:
    """:func:`run_tournament` in JupyterLite, awaited: ``board = await run_tournament_async(entries, "dice")``.

    The arguments are checked at once; the tournament runs when it is awaited.  Every entry runs in its own Web
    Worker with its own Pyodide and no Web capability
    (:class:`~fifteen_kit.lite_sandbox.WorkerPlayer`); the games, the checks of every move and the leaderboard
    are those of :func:`run_tournament`, so the same entries and seed give the same leaderboard.  Raises
    UnsafeError (nothing ran) outside JupyterLite or where a worker cannot remove its capabilities, and
    InvalidArgumentError for bad arguments.

    >>> import asyncio
    >>> try:
    ...     asyncio.run(run_tournament_async({"ann": "def my_player(turn):\\n    return 'stop'"}, "dice", games=1))
    ... except UnsafeError as err:
    ...     print(err.message[:38])
    handed-in players are not run here: no
    """
    return _in_workers(*_checked(entries, game, games, seed, limits), limits)


async def _in_workers(items: list[tuple[str, str]], game: Game, games: int, seed: int,
                      limits: Limits | None) -> Leaderboard:
    # the tournament of run_tournament_async, every entry in its own Web Worker; the next entry's worker starts
    # (loads Pyodide, removes its capabilities, loads its code) while this one plays
    from .lite_sandbox import WorkerPlayer

    began, cpu = time.monotonic(), _cpu()
    records: dict[str, tuple[GameRecord, ...]] = {}
    stopped: dict[str, str] = {}
    after: dict[str, float] = {}
    players = [WorkerPlayer(source, game, name=name, limits=limits) for name, source in items]
    starts = [asyncio.ensure_future(_started(players[0]))]
    try:
        for k, player in enumerate(players):
            if k + 1 < len(players):
                starts.append(asyncio.ensure_future(_started(players[k + 1])))
            played: list[GameRecord] = []
            start = time.monotonic()
            try:
                failed = await starts[k]
                if failed is not None:
                    raise failed
                for i in range(games):
                    player.new_game()
                    moves = game_moves(game, seed, i)
                    try:
                        position = next(moves)
                        while True:
                            position = moves.send(await player.achoose(position))
                    except StopIteration as done:
                        played.append(done.value)
            except PlayerError as err:
                stopped[player.name], after[player.name] = (_why(err, len(played) + 1),
                                                            round(time.monotonic() - start, 2))
            finally:
                player.close()
            records[player.name] = tuple(played)
    finally:
        for task in starts:
            task.cancel()
        for player in players:
            player.close()
    return _leaderboard(game, seed, records, stopped, after, round(_cpu() - cpu, 3),
                        round(time.monotonic() - began, 3))


async def _started(player: Any) -> PlayerError | None:
    # start a worker player; its PlayerError (its code did not load) is returned for its turn, not raised
    try:
        await player.astart()
    except PlayerError as err:
        return err
    return None


def _wait_in_pyodide(work: Coroutine[Any, Any, Leaderboard]) -> Leaderboard:
    # the tournament's result, waited for synchronously where Pyodide can (JavaScript promise integration)
    from pyodide.ffi import can_run_sync, run_sync  # type: ignore[import-not-found]

    if not can_run_sync():
        work.close()
        raise UnsafeError("in JupyterLite write: board = await run_tournament_async(entries, game, ...)", input=None)
    return run_sync(work)


def _checked(entries: Mapping[str, str], game: Game, games: int, seed: int,
             limits: Limits | None) -> tuple[list[tuple[str, str]], Game, int, int]:
    # the checked arguments of a tournament
    if not isinstance(entries, Mapping):
        raise InvalidArgumentError("entries are a mapping: entry name -> the player's source text",
                                   input=_check.short(entries))
    items = list(_check.items(entries.items(), MAX_ENTRIES, "the entries"))
    if not items:
        raise InvalidArgumentError("a tournament needs at least one entry", input=entries)
    for name, source in items:
        _check.text(name, 40, "an entry's name", empty=False)
        _check.text(source, 50_000, f"{name}'s source")
    game = _check.choice(game, GAMES, "the game")
    games = _check.whole(games, 1, MAX_SERIES, "the number of games")
    seed = _check.whole(seed, 0, MAX_SEED, "the seed")
    if limits is not None and not isinstance(limits, Limits):
        raise InvalidArgumentError("limits must be a Limits", input=_check.short(limits))
    return items, game, games, seed


def _why(err: PlayerError, game: int) -> str:
    # why an entry was stopped, with where
    return err.reason + (f" (game {game}, its move {err.move_number}; position: {err.position})"
                         if err.position else "")


def _leaderboard(game: Game, seed: int, records: dict[str, tuple[GameRecord, ...]], stopped: dict[str, str],
                 after: dict[str, float], cpu: float, wall: float) -> Leaderboard:
    # the ranking and every pair's sign test, from the games every entry played
    rows = [row_of(name, game, [r.score for r in recs]) for name, recs in records.items()]
    ranking = sorted(rows, key=lambda r: (r.name in stopped, -(r.mean if r.games else -1e9), r.name))
    finished = [r.name for r in ranking if r.name not in stopped]
    pairs = []
    for i, a in enumerate(finished):
        for b in finished[i + 1:]:
            better, worse = _split((r.score for r in records[a]), (r.score for r in records[b]))
            # the first of a pair is the one that scored more in more games
            first, second = (b, a) if worse > better else (a, b)
            better, worse = max(better, worse), min(better, worse)
            pairs.append((first, second, better, worse, sign_test(better, worse)))
    real = holm([p[4] for p in pairs]) if pairs else ()
    comparisons = tuple(Comparison(a, b, up, down, p, ok) for (a, b, up, down, p), ok in zip(pairs, real, strict=True))
    return Leaderboard(game, seed, tuple(ranking), comparisons, stopped, after, records, cpu, wall)
