"""Strategies that cannot see the stock, a Monte Carlo study, and Wilson intervals.

A strategy sees the tableau only (as a real player does) and picks one legal removal:

* ``random`` -- any legal removal;
* ``fewest`` -- one with the fewest cards (keep cards on the table for later);
* ``most`` -- one with the most cards (clear space, draw more new cards);
* ``options`` -- the kit's own: take a face-card set at once (never worse, see
  :mod:`fifteen_kit.fifteens.solver`), else the removal that leaves the most
  kinds of removal (by rank) among the cards still visible, then the most cards.

Ties are broken by the strategy's seeded generator, so a study is repeatable.

>>> outcome = play(Position.deal(seed=4), "most", seed=4)
>>> outcome.won in (True, False), outcome.cards_left >= 0
(True, True)
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass

from .. import _check
from ..chance import Seed, make_rng
from ..errors import InvalidArgumentError
from .rules import FACE_RULES, Position
from .solver import removal_ranks, solve

__all__ = ["MAX_GAMES", "STRATEGIES", "Outcome", "StudyRow", "choose", "play", "study", "wilson_interval"]

Removal = tuple[int, ...]

#: The most deals one :func:`study` plays (the benchmark's big study; minutes on several cores).
MAX_GAMES = 10_000


def _visible_options(position: Position, removal: Removal) -> int:
    # kinds of removal (by rank) left among the visible cards once `removal` is gone (the stock is unknown)
    counts = [0] * 14
    for p, card in enumerate(position.tableau):
        if card is not None and p not in removal:
            counts[card.rank] += 1
    return sum(1 for _ in removal_ranks(tuple(counts), position.face_rule))


def _random(position: Position, options: list[Removal], rng: random.Random) -> Removal:
    return rng.choice(options)


def _fewest(position: Position, options: list[Removal], rng: random.Random) -> Removal:
    least = min(map(len, options))
    return rng.choice([o for o in options if len(o) == least])


def _most(position: Position, options: list[Removal], rng: random.Random) -> Removal:
    most = max(map(len, options))
    return rng.choice([o for o in options if len(o) == most])


def _options(position: Position, options: list[Removal], rng: random.Random) -> Removal:
    faces = [o for o in options if position.tableau[o[0]].is_face]
    if faces:
        return faces[0]
    scored = [(_visible_options(position, o), len(o), o) for o in options]
    best = max((s, n) for s, n, _ in scored)
    return rng.choice([o for s, n, o in scored if (s, n) == best])


#: The strategies by name: ``(position, legal removals, rng) -> removal``.
STRATEGIES: dict[str, Callable[[Position, list[Removal], random.Random], Removal]] = {
    "random": _random, "fewest": _fewest, "most": _most, "options": _options,
}


def _strategy(name: object) -> str:
    if not isinstance(name, str) or name not in STRATEGIES:
        raise InvalidArgumentError(f"unknown strategy; choose one of {', '.join(STRATEGIES)}", input=name)
    return name


def choose(position: Position, strategy: str, rng: random.Random) -> Removal | None:
    """The removal ``strategy`` picks in ``position`` (None when no removal is legal).

    Raises InvalidArgumentError for a non-Position, an unknown strategy or an ``rng`` that is not a
    ``random.Random``.

    >>> choose(Position.deal(seed=1), "fewest", random.Random(0))
    (6, 15)
    """
    if not isinstance(position, Position):
        raise InvalidArgumentError("choose needs a Fifteens Position", input=position)
    _strategy(strategy)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError("rng must be a random.Random", input=rng)
    options = list(position.legal_removals())
    return STRATEGIES[strategy](position, options, rng) if options else None


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``won``, the removals made, and how many cards were left (tableau + stock)."""

    won: bool
    line: tuple[Removal, ...]
    cards_left: int


def play(position: Position, strategy: str, seed: Seed = 0) -> Outcome:
    """Play ``position`` to the end with ``strategy`` (a name from :data:`STRATEGIES`).

    A game makes at most 26 removals (each takes two or more of the 52 cards), so it always ends quickly.
    Raises InvalidArgumentError for a bad position, strategy or seed.

    >>> play(Position.deal(seed=1), "most", seed=1).cards_left >= 0
    True
    """
    if not isinstance(position, Position):
        raise InvalidArgumentError("play needs a Fifteens Position", input=position)
    _strategy(strategy)
    rng = make_rng(seed)
    line = []
    while True:
        removal = choose(position, strategy, rng)
        if removal is None:
            break
        line.append(removal)
        position = position.remove(removal)
    return Outcome(position.is_won, tuple(line), len(position.cards) + len(position.stock))


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a win rate: ``(low, high)``, 95% by default.

    ``z`` is the normal quantile of the confidence level (1.96 for 95%), a finite number above 0 and at most 10.
    Raises InvalidArgumentError unless 1 <= n <= 10**15, 0 <= wins <= n and z is in that range.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    _check.whole(n, 1, 10**15, "the number of games")
    _check.whole(wins, 0, n, "the number of wins")
    z = _check.number(z, 0, 10, "z (the normal quantile)", lo_open=True)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class StudyRow:
    """One line of a study: a player (strategy name or ``'thoughtful'``), wins out of ``games``, and the interval.

    ``unknown`` counts deals the thoughtful solver left undecided within its budget (counted as not won).
    """

    player: str
    wins: int
    games: int
    low: float
    high: float
    unknown: int = 0

    @property
    def rate(self) -> float:
        """The observed win rate."""
        return self.wins / self.games


def _one_deal(args: tuple[int, tuple[str, ...], str]) -> dict[str, int]:
    seed, players, face_rule = args
    deal = Position.deal(seed, face_rule)
    out = {}
    for name in players:
        if name == "thoughtful":
            status = solve(deal, node_budget=200_000).status
            out[name] = {"won": 1, "lost": 0, "unknown": -1}[status]
        else:
            out[name] = int(play(deal, name, seed).won)
    return out


def study(players: tuple[str, ...] = ("random", "fewest", "most", "options", "thoughtful"), games: int = 200,
          seed: int = 0, face_rule: str = "four-of-a-kind", processes: int | None = None) -> list[StudyRow]:
    """Win rates of strategies (and the thoughtful solver) on the same ``games`` seeded deals.

    Deal ``i`` is ``Position.deal(seed * 1_000_003 + i)``.  With ``processes`` (or by
    default when there are 400 games or more) the deals are spread over the
    machine's cores with ``concurrent.futures``.  Under Pyodide (JupyterLite, where
    ``sys.platform`` is ``'emscripten'``) there are no processes, and wherever starting
    them fails it uses one process; the rows are the same either way.

    Limits (checked first): ``players`` is a collection of 1 to 5 different names from :data:`STRATEGIES` and
    ``'thoughtful'``; ``games`` is 1 to :data:`MAX_GAMES`; ``seed`` is 0 to 2**63 - 1; ``processes`` is None or
    1 to 64.  Its cost grows with ``games`` (bench/bench_limits.py times 20 deals on one core).

    Raises InvalidArgumentError for anything outside those limits or an unknown face rule.

    >>> [row.player for row in study(("most",), games=3)]
    ['most']
    """
    players = tuple(_check.items(players, 5, "the players"))
    if not players:
        raise InvalidArgumentError("name at least one player", input=players)
    for name in players:
        if not isinstance(name, str) or (name != "thoughtful" and name not in STRATEGIES):
            raise InvalidArgumentError(f"unknown player; choose from {', '.join(STRATEGIES)} or thoughtful",
                                       input=name)
    if len(set(players)) != len(players):
        raise InvalidArgumentError("each player appears once", input=players)
    _check.whole(games, 1, MAX_GAMES, "the number of games")
    _check.whole(seed, 0, 2**63 - 1, "the seed")
    _check.choice(face_rule, FACE_RULES, "face_rule")
    if processes is not None:
        _check.whole(processes, 1, 64, "the number of processes")
    jobs = [(seed * 1_000_003 + i, tuple(players), face_rule) for i in range(games)]
    workers = processes if processes is not None else (None if games >= 400 else 1)
    if sys.platform == "emscripten":
        workers = 1  # a browser tab has one thread and no processes
    results = None
    if workers != 1:
        try:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                results = list(pool.map(_one_deal, jobs, chunksize=max(1, games // 32)))
        except (OSError, NotImplementedError, RuntimeError, ImportError):
            results = None  # no processes here (e.g. Pyodide): fall back to one
    if results is None:
        results = [_one_deal(job) for job in jobs]
    rows = []
    for name in players:
        wins = sum(1 for r in results if r[name] == 1)
        unknown = sum(1 for r in results if r[name] == -1)
        low, high = wilson_interval(wins, games)
        rows.append(StudyRow(name, wins, games, low, high, unknown))
    return rows
