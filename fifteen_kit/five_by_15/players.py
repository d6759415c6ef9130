"""Simple ways to play 5x15, to measure what a person meets: how often a game ends stuck or in a loop.

A *computer player* has a ``name`` and ``choose(position) -> move`` (the kit's contract,
:class:`fifteen_kit.contract.Player`); :data:`PLAYERS` lists them by name, each a factory taking a
``seed``, and :func:`make_player` builds one.  ``choose`` takes a :class:`Position` (any legal move may be
chosen) or a :class:`Game`: then it avoids moves that lead back to a position already seen in that game
(as a person would), so a game played out that way always ends: won, ``'stuck'`` (no legal move) or
``'loop'`` (every legal move leads back to a position seen).

* :class:`RandomPlayer` -- any such move, uniformly at random;
* :class:`GreedyPlayer` -- "fill the most useful gap": a move that lengthens a row's sorted prefix if there
  is one, else one that puts a tile right after its predecessor, else any such move.

>>> from fifteen_kit.five_by_15.rules import Position
>>> play_out(Position.deal(1, colours=3, size=6), "greedy", seed=0).status in ('won', 'stuck', 'loop')
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from .. import _check
from ..chance import MAX_SEED, Seed, make_rng
from ..contract import Player
from ..errors import GameOverError, InvalidArgumentError
from .game import Ending, Game
from .rules import Fill, Move, Position, Shift

__all__ = ["MAX_MOVES", "PLAYERS", "FiveBy15Player", "GreedyPlayer", "PlayerName", "Playout", "RandomPlayer",
           "compare_players", "make_player", "play_out"]

#: The names of the computer players in :data:`PLAYERS`.
PlayerName: TypeAlias = Literal["random", "greedy"]
#: A 5x15 computer player: ``choose`` takes a Position or a Game and returns a move.
FiveBy15Player: TypeAlias = Player["Position | Game", Move]

#: The largest move limit :func:`play_out` accepts (its default); real games are far shorter (bench/bench_limits.py).
MAX_MOVES = 100_000


def _candidates(position: Position | Game) -> tuple[Position, tuple[Move, ...]]:
    # the position and the moves a player may choose from: in a game, only moves to positions not seen before
    if isinstance(position, Game):
        status = position.status
        if status != "playing":
            raise GameOverError(f"the game is over ({status}): there is no move to choose", input=None,
                                position=position.position.notation())
        return position.position, position.fresh_moves()
    if isinstance(position, Position):
        moves = position.legal_moves()
        if not moves:
            state = "won" if position.is_won else "stuck"
            raise GameOverError(f"the game is over ({state}): there is no move to choose", input=None,
                                position=position.notation())
        return position, moves
    raise InvalidArgumentError("a player chooses in a 5x15 Position or Game", input=_check.short(position))


class RandomPlayer:
    """Any move (in a Game: any move to a position not seen before), uniformly at random.

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    ``choose`` raises InvalidArgumentError for anything but a Position or a Game, and GameOverError once the
    game has ended (won, stuck or in a loop).

    >>> RandomPlayer(seed=0).choose(Position.deal(seed=1)) in Position.deal(seed=1).legal_moves()
    True
    """

    name = "random"

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, position: Position | Game) -> Move:
        """A random move among the candidates (see the class docstring)."""
        return self.rng.choice(_candidates(position)[1])


def _usefulness(position: Position, move: Move) -> int:
    # 2: lengthens a sorted prefix; 1: the tile lands right after its predecessor; 0: anything else
    if isinstance(move, Shift):
        return 0
    row, col = move.to
    if col == position.sorted_prefix(row) and move.tile == (position.row_colour(row), col + 1):
        return 2
    left = position.grid[row][col - 1]
    return int(left is not None and move.tile == (left[0], left[1] + 1))


class GreedyPlayer:
    """'Fill the most useful gap': the most useful candidate move (see the module docstring), ties at random.

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    ``choose`` raises as :class:`RandomPlayer`'s does.

    >>> GreedyPlayer(seed=0).choose(Game(Position.deal(seed=1))) in Position.deal(seed=1).legal_moves()
    True
    """

    name = "greedy"

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, position: Position | Game) -> Move:
        """The most useful candidate move, ties broken at random."""
        p, moves = _candidates(position)
        scores = [_usefulness(p, m) for m in moves]
        best = max(scores)
        return self.rng.choice([m for m, s in zip(moves, scores, strict=True) if s == best])


#: The computer players by name, each a factory taking a seed: ``'random'``, ``'greedy'``.
PLAYERS: dict[PlayerName, Callable[[Seed], FiveBy15Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}


def make_player(name: PlayerName, seed: Seed = None) -> FiveBy15Player:
    """The computer player ``name`` (a key of :data:`PLAYERS`) with its randomness from ``seed``.

    Raises InvalidArgumentError for an unknown name or a bad seed.

    >>> make_player('greedy', seed=2).name
    'greedy'
    """
    return PLAYERS[_check.choice(name, PLAYERS, "the 5x15 player")](seed)


@dataclass(frozen=True)
class Playout:
    """How a played-out game ended: ``status`` ('won', 'stuck' or 'loop') after ``moves`` moves."""

    status: Ending
    moves: int


def play_out(position: Position, player: FiveBy15Player | PlayerName, seed: Seed = None,
             max_moves: int = MAX_MOVES) -> Playout:
    """Play ``position`` to the end with ``player``: a name in :data:`PLAYERS` (built with ``seed``) or a
    player object (``seed`` must then be None: the player has its own randomness).

    The player is asked with the :class:`Game` so far, so it avoids positions already seen.  ``max_moves`` is
    1 to :data:`MAX_MOVES`.  Raises InvalidArgumentError for an unknown player, a player that returns
    anything but a legal move, or a bad position, seed or move limit; a game still going after ``max_moves``
    moves raises too (it cannot happen within the positions of a full deal's reach in practice, and a silent
    cut-off would bias the figures).

    >>> play_out(Position.deal(1, colours=2, size=4), "random", seed=1).status in ('won', 'stuck', 'loop')
    True
    """
    if isinstance(player, str):
        player = make_player(player, seed)
    elif not isinstance(player, Player) or isinstance(player, type):
        raise InvalidArgumentError(f"the player is an object with choose(position) or one of {', '.join(PLAYERS)}",
                                   input=_check.short(player))
    elif seed is not None:
        raise InvalidArgumentError("seed is for a player given by name; a player object has its own randomness",
                                   input=_check.short(seed))
    if not isinstance(position, Position):
        raise InvalidArgumentError("play_out needs a 5x15 Position", input=_check.short(position))
    _check.whole(max_moves, 1, MAX_MOVES, "the move limit")
    game = Game(position)
    while True:
        status = game.status
        if status == "playing":
            if len(game.moves) >= max_moves:
                raise InvalidArgumentError(f"the game was still going after {max_moves} moves", input=max_moves)
            move = player.choose(game)
            if not isinstance(move, (Fill, Shift)):
                raise InvalidArgumentError("the player must return a Fill or a Shift", input=_check.short(move),
                                           position=game.position.notation())
            game.play(move)
        else:
            return Playout(status, len(game.moves))


def compare_players(level: int, deals: int = 10, budget: int = 20_000, first_seed: int = 100, colours: int = 5,
                    size: int = 15) -> dict[str, dict[str, int]]:
    """How the solver, the greedy player and the random player end on the same deals of one level.

    Deal ``i`` (from 0) is ``Position.deal(first_seed + i, level, colours, size)``.  The solver is
    :func:`~fifteen_kit.five_by_15.solver.best_first` with a node ``budget`` per deal; the two players play each
    deal out with :func:`play_out` (seed ``i``), never returning to a position already seen.

    Returns ``{"solver": {"won": n, "lost": n, "unknown": n}, "greedy": {"won": n, "stuck": n, "loop": n},
    "random": {...}}``: how many of the ``deals`` ended each way (a new dict on every call).  The lesson's study
    (levels 1 to 3, up to 10 deals from seed 100, budget 20,000, full size) is stored in the kit, built by the
    same code and checked by a test, so it answers at once; any other comparison is played (about a second per
    full deal) and remembered.

    Limits: ``level`` 1, 2 or 3; ``deals`` 1 to 100; ``budget`` 1 to the solver's MAX_NODES; ``first_seed`` 0 to
    2**63 - 1 - ``deals``; ``colours`` and ``size`` as for :meth:`Position.deal`.
    Raises InvalidArgumentError for anything outside them.

    >>> compare_players(1, deals=3, colours=3, size=6)["solver"]
    {'won': 3, 'lost': 0, 'unknown': 0}
    """
    from .rules import OPTIONS
    from .solver import MAX_NODES

    OPTIONS["level"].check(level)
    _check.whole(deals, 1, 100, "the number of deals")
    _check.whole(budget, 1, MAX_NODES, "the node budget")
    _check.whole(first_seed, 0, MAX_SEED - deals, "the first seed")
    Position.deal(first_seed, level=level, colours=colours, size=size)  # checks colours and size
    counted = _compare(level, deals, budget, first_seed, colours, size)
    return {name: dict(counts) for name, counts in counted}


@functools.lru_cache(maxsize=16)
def _compare(level: int, deals: int, budget: int, first_seed: int, colours: int,
             size: int) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    from ._study import STUDY, STUDY_ARGS

    stored = STUDY.get(level, ()) if (budget, first_seed, colours, size) == STUDY_ARGS else ()
    ends = [stored[i] if i < len(stored) else _deal_ends(level, i, budget, first_seed, colours, size)
            for i in range(deals)]

    def counts(which: int, kinds: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        found: Sequence[str] = [end[which] for end in ends]
        return tuple((kind, found.count(kind)) for kind in kinds)

    return (("solver", counts(0, ("won", "lost", "unknown"))),
            ("greedy", counts(1, ("won", "stuck", "loop"))),
            ("random", counts(2, ("won", "stuck", "loop"))))


def _deal_ends(level: int, index: int, budget: int, first_seed: int, colours: int,
               size: int) -> tuple[str, str, str]:
    # how deal ``index`` of a comparison ends for the solver, the greedy and the random player (arguments trusted)
    from .solver import best_first

    position = Position.deal(first_seed + index, level=level, colours=colours, size=size)
    return (best_first(position, budget=budget).status, play_out(position, "greedy", seed=index).status,
            play_out(position, "random", seed=index).status)


def _build_study() -> dict[int, tuple[tuple[str, str, str], ...]]:
    # the stored comparison of fifteen_kit/five_by_15/_study.py, computed afresh (about half a minute)
    from ._study import STUDY_ARGS, STUDY_DEALS

    return {level: tuple(_deal_ends(level, i, *STUDY_ARGS) for i in range(STUDY_DEALS)) for level in (1, 2, 3)}
