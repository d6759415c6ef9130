"""Computer players that cannot see the stock, a Monte Carlo study, and Wilson intervals.

A computer player sees the tableau only (as a real player does) and picks one legal removal.  Each is an
object with a ``name`` and ``choose(position)`` (the engine contract's :class:`~fifteen_kit.contract.Player`),
listed by name in :data:`PLAYERS` and built with :func:`make_player`:

* ``random`` -- any legal removal;
* ``fewest`` -- one with the fewest cards (keep cards on the table for later);
* ``most`` -- one with the most cards (clear space, draw more new cards);
* ``options`` -- the kit's own: take a face-card set at once (never worse, see
  :mod:`fifteen_kit.fifteens.solver`), else the removal that leaves the most
  kinds of removal (by rank) among the cards still visible, then the most cards.

Ties are broken by the player's seeded generator, so a study is repeatable.

>>> make_player("fewest", seed=0).choose(Position.deal(seed=1))
(6, 15)
>>> outcome = play(Position.deal(seed=4), "most", seed=4)
>>> outcome.won in (True, False), outcome.cards_left >= 0
(True, True)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from .. import _check
from ..chance import MAX_SEED, Seed, derived_seed, make_rng
from ..contract import Player, Verdict
from ..errors import GameOverError, InvalidArgumentError
from .rules import OPTIONS, FaceRule, Position, Removal
from .solver import _removal_ranks, solve

__all__ = ["MAX_GAMES", "PLAYERS", "FewestPlayer", "MostPlayer", "OptionsPlayer", "Outcome", "PlayerName",
           "RandomPlayer", "Study", "StudyPlayer", "StudyRow", "make_player", "play", "study", "wilson_interval"]

#: The name of a computer player in :data:`PLAYERS`.
PlayerName = Literal["random", "fewest", "most", "options"]
#: A player in a :func:`study`: a computer player's name, or ``'thoughtful'`` (the solver, which sees the stock).
StudyPlayer = Literal["random", "fewest", "most", "options", "thoughtful"]

#: The most deals one :func:`study` plays (the benchmark's big study; minutes on several cores).
MAX_GAMES = 10_000


def _visible_options(position: Position, options: list[Removal]) -> list[int]:
    # for each removal: the kinds of removal (by rank) left among the visible cards once it is gone (the stock
    # is unknown).  That depends only on the ranks removed, so each multiset of ranks is counted once.
    tableau = position.tableau
    counts = [0] * 14
    for card in tableau:
        if card is not None:
            counts[card.rank] += 1
    known: dict[tuple[int, ...], int] = {}
    out = []
    for removal in options:
        ranks = tuple(sorted(tableau[p].rank for p in removal))  # type: ignore[union-attr]
        left = known.get(ranks)
        if left is None:
            after = counts.copy()
            for r in ranks:
                after[r] -= 1
            left = known[ranks] = len(_removal_ranks(tuple(after), position.face_rule))  # valid counts: no checks
        out.append(left)
    return out


class _BlindPlayer:
    # what every computer player here shares: a seeded generator and choose() over the legal removals
    name: str = ""

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, position: Position) -> Removal:
        """The removal this player picks in ``position`` (one of ``position.legal_moves()``).

        Raises InvalidArgumentError for a non-Position and GameOverError when no removal is legal.
        """
        if not isinstance(position, Position):
            raise InvalidArgumentError("a computer player moves in a Fifteens Position", input=position)
        options = list(position.legal_moves())
        if not options:
            raise GameOverError("no removal is possible in this position", input=None, position=position.notation())
        return self._pick(position, options)

    def _play_out(self, position: Position) -> tuple[list[Removal], Position]:
        # the removals this player makes from `position` to the end, and the last position (the legal removals
        # are found once a turn)
        line = []
        while options := list(position.legal_moves()):
            removal = self._pick(position, options)
            line.append(removal)
            position = position._after(removal)  # one of legal_moves(): no checks needed
        return line, position

    def _pick(self, position: Position, options: list[Removal]) -> Removal:  # pragma: no cover - overridden
        raise NotImplementedError


class RandomPlayer(_BlindPlayer):
    """Removes any legal removal, chosen uniformly.

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    >>> RandomPlayer(seed=0).choose(Position.deal(seed=1)) in Position.deal(seed=1).legal_moves()
    True
    """

    name = "random"

    def _pick(self, position: Position, options: list[Removal]) -> Removal:
        return self.rng.choice(options)


class FewestPlayer(_BlindPlayer):
    """Removes a legal removal with the fewest cards (random among those).

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    >>> FewestPlayer(seed=0).choose(Position.deal(seed=1))
    (6, 15)
    """

    name = "fewest"

    def _pick(self, position: Position, options: list[Removal]) -> Removal:
        least = min(map(len, options))
        return self.rng.choice([o for o in options if len(o) == least])


class MostPlayer(_BlindPlayer):
    """Removes a legal removal with the most cards (random among those).

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    >>> len(MostPlayer(seed=0).choose(Position.deal(seed=1)))
    4
    """

    name = "most"

    def _pick(self, position: Position, options: list[Removal]) -> Removal:
        most = max(map(len, options))
        return self.rng.choice([o for o in options if len(o) == most])


class OptionsPlayer(_BlindPlayer):
    """Takes a face-card set at once, else the removal that leaves the most kinds of removal in sight.

    Ties go to the most cards, then to the seeded generator.

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    >>> OptionsPlayer(seed=0).choose(Position.deal(seed=1)) in Position.deal(seed=1).legal_moves()
    True
    """

    name = "options"

    def _pick(self, position: Position, options: list[Removal]) -> Removal:
        faces = [o for o in options if _is_face_set(position, o)]
        if faces:
            return faces[0]
        scored = [(left, len(o), o) for left, o in zip(_visible_options(position, options), options, strict=True)]
        best = max((s, n) for s, n, _ in scored)
        return self.rng.choice([o for s, n, o in scored if (s, n) == best])


def _is_face_set(position: Position, removal: Removal) -> bool:
    # a legal removal is a face-card set when its first card is a face card (they never mix)
    card = position.tableau[removal[0]]
    return card is not None and card.is_face


#: The computer players by name (name -> class taking a ``seed``): ``random``, ``fewest``, ``most``, ``options``.
PLAYERS: dict[str, type[_BlindPlayer]] = {cls.name: cls for cls in (RandomPlayer, FewestPlayer, MostPlayer,
                                                                     OptionsPlayer)}


def make_player(name: PlayerName, seed: Seed = None) -> Player[Position, Removal]:
    """The computer player called ``name`` (see :data:`PLAYERS`), seeded with ``seed``.

    Raises InvalidArgumentError for an unknown name or a bad seed (see :func:`~fifteen_kit.chance.make_rng`).

    >>> make_player("options", seed=2).name
    'options'
    """
    return _player(name, seed)


def _player(name: object, seed: Seed) -> _BlindPlayer:
    return PLAYERS[_check.choice(name, PLAYERS, "the computer player")](seed)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``won``, the removals made, and how many cards were left (tableau + stock)."""

    won: bool
    line: tuple[Removal, ...]
    cards_left: int


def play(position: Position, player: PlayerName, seed: Seed = 0) -> Outcome:
    """Play ``position`` to the end with the computer player called ``player`` (a name in :data:`PLAYERS`).

    A game makes at most 26 removals (each takes two or more of the 52 cards), so it always ends quickly.
    Raises InvalidArgumentError for a bad position, player name or seed.

    >>> play(Position.deal(seed=1), "most", seed=1).cards_left >= 0
    True
    """
    if not isinstance(position, Position):
        raise InvalidArgumentError("play needs a Fifteens Position", input=position)
    line, position = _player(player, seed)._play_out(position)
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
    """One line of a study: a player (a name in :data:`PLAYERS` or ``'thoughtful'``), wins out of ``games``, the
    95% Wilson interval ``low``..``high`` of the win rate, and each deal's result.

    ``unknown`` counts deals the thoughtful solver left undecided within its budget (counted as not won).
    ``results[i]`` is the :data:`~fifteen_kit.contract.Verdict` on deal ``i`` of the study: ``'won'``,
    ``'lost'`` or (the thoughtful solver only) ``'unknown'``.
    """

    player: StudyPlayer
    wins: int
    games: int
    low: float
    high: float
    unknown: int = 0
    results: tuple[Verdict, ...] = field(default=(), repr=False)

    @property
    def rate(self) -> float:
        """The observed win rate."""
        return self.wins / self.games

    def deals(self, verdict: Verdict) -> tuple[int, ...]:
        """The indexes (0-based, in study order) of the deals with this result.

        Raises InvalidArgumentError unless ``verdict`` is ``'won'``, ``'lost'`` or ``'unknown'``.

        >>> study(("most",), games=4, seed=2)[0].deals("won")
        (0, 1)
        """
        _check.choice(verdict, ("won", "lost", "unknown"), "the result")
        return tuple(i for i, r in enumerate(self.results) if r == verdict)


@dataclass(frozen=True)
class Study(Sequence[StudyRow]):
    """The answer of :func:`study`: a sequence of :class:`StudyRow` (one per player, in the order asked) that
    also keeps the deals.

    Attributes:
        rows: the rows.
        seeds: deal ``i`` of the study is ``Position.deal(seeds[i], face_rule)``.
        face_rule: the face-card rule of every deal.

    >>> s = study(("fewest", "most"), games=3, seed=1)
    >>> [row.player for row in s], len(s.seeds)
    (['fewest', 'most'], 3)
    >>> s[0].results
    ('lost', 'lost', 'won')
    """

    rows: tuple[StudyRow, ...]
    seeds: tuple[int, ...] = field(repr=False)
    face_rule: FaceRule = "four-of-a-kind"

    @overload
    def __getitem__(self, index: int) -> StudyRow: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[StudyRow, ...]: ...

    def __getitem__(self, index: int | slice) -> StudyRow | tuple[StudyRow, ...]:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def deal(self, index: int) -> Position:
        """Deal ``index`` (0-based) of the study, as dealt to every player.

        Raises InvalidArgumentError unless ``index`` is a whole number from 0 to ``len(seeds) - 1``.

        >>> study(("most",), games=2, seed=0).deal(1) == Position.deal(1)
        True
        """
        _check.whole(index, 0, len(self.seeds) - 1, "the deal index")
        return Position.deal(self.seeds[index], self.face_rule)


def _one_deal(args: tuple[int, tuple[StudyPlayer, ...], FaceRule]) -> dict[str, Verdict]:
    seed, players, face_rule = args
    deal = Position.deal(seed, face_rule)
    out: dict[str, Verdict] = {}
    for name in players:
        if name == "thoughtful":
            status = solve(deal, node_budget=200_000).status
            out[name] = "won" if status == "won" else "lost" if status == "lost" else "unknown"
        else:
            out[name] = "won" if play(deal, name, seed).won else "lost"
    return out


def study(players: tuple[StudyPlayer, ...] = ("random", "fewest", "most", "options", "thoughtful"),
          games: int = 200, seed: int = 0, face_rule: FaceRule = "four-of-a-kind",
          processes: int | None = None) -> Study:
    """Win rates of computer players (and the thoughtful solver) on the same ``games`` seeded deals.

    Deal ``i`` is ``Position.deal(derived_seed(seed, i, 1_000_003))``, i.e. ``seed * 1_000_003 + i`` wrapped
    into the seed range.  With ``processes`` (or by
    default when there are 400 games or more) the deals are spread over the
    machine's cores with ``concurrent.futures``.  Under Pyodide (JupyterLite, where
    ``sys.platform`` is ``'emscripten'``) there are no processes, and wherever starting
    them fails it uses one process; the rows are the same either way.

    Returns a :class:`Study`: one :class:`StudyRow` per player (in the order given), each with every deal's
    result, and the deals' seeds.

    Limits (checked first): ``players`` is a collection of 1 to 5 different names from :data:`PLAYERS` and
    ``'thoughtful'``; ``games`` is 1 to :data:`MAX_GAMES`; ``seed`` is 0 to 2**63 - 1; ``processes`` is None or
    1 to 64.  Its cost grows with ``games`` (bench/bench_limits.py times 20 deals on one core).

    Raises InvalidArgumentError for anything outside those limits or an unknown face rule.

    >>> [row.player for row in study(("most",), games=3)]
    ['most']
    """
    names = tuple(_check.items(players, 5, "the players"))
    if not names:
        raise InvalidArgumentError("name at least one player", input=names)
    for name in names:
        if not isinstance(name, str) or (name != "thoughtful" and name not in PLAYERS):
            raise InvalidArgumentError(f"unknown player; choose from {', '.join(PLAYERS)} or thoughtful",
                                       input=name)
    if len(set(names)) != len(names):
        raise InvalidArgumentError("each player appears once", input=names)
    _check.whole(games, 1, MAX_GAMES, "the number of games")
    _check.whole(seed, 0, MAX_SEED, "the seed")
    OPTIONS["face_rule"].check(face_rule)
    if processes is not None:
        _check.whole(processes, 1, 64, "the number of processes")
    seeds = tuple(derived_seed(seed, i, 1_000_003) for i in range(games))
    jobs = [(s, names, face_rule) for s in seeds]
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
    for name in names:
        verdicts = tuple(r[name] for r in results)
        wins = verdicts.count("won")
        low, high = wilson_interval(wins, games)
        rows.append(StudyRow(name, wins, games, low, high, verdicts.count("unknown"), verdicts))
    return Study(tuple(rows), seeds, face_rule)
