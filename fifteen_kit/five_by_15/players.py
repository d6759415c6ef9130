"""Simple ways to play 5x15, to measure what a person meets: how often a game ends stuck or in a loop.

A *player* is a function ``(game, rng) -> Move`` called only while the game is
being played.  Both players here avoid moves that lead back to a position
already seen (as a person would), so a game always ends: won, ``'stuck'`` (no
legal move) or ``'loop'`` (every legal move leads back to a position seen).

* :func:`random_player` -- any new move, uniformly at random;
* :func:`greedy_player` -- "fill the most useful gap": a move that lengthens a
  row's sorted prefix if there is one, else one that puts a tile right after
  its predecessor, else any new move.

>>> from fifteen_kit.five_by_15.rules import Position
>>> play_out(Position.deal(1, colours=3, size=6), greedy_player, seed=0).status in ('won', 'stuck', 'loop')
True
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import _check
from ..chance import Seed, make_rng
from ..errors import GameOverError, InvalidArgumentError
from .game import Game
from .rules import Move, Position

__all__ = ["MAX_MOVES", "PLAYERS", "Playout", "greedy_player", "play_out", "random_player"]

Player = Callable[[Game, random.Random], Move]

#: The largest move limit :func:`play_out` accepts (its default); real games are far shorter (bench/bench_limits.py).
MAX_MOVES = 100_000


def _fresh(game: Game, rng: random.Random) -> tuple[Move, ...]:
    # the moves a player may choose from; a player is asked only while the game is being played
    if not isinstance(game, Game):
        raise InvalidArgumentError("a player needs a 5x15 Game", input=game)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError("rng must be a random.Random", input=rng)
    status = game.status
    if status != "playing":
        raise GameOverError(f"the game is over ({status}): there is no move to choose", input=None,
                            position=game.position.notation())
    return game.fresh_moves()


def random_player(game: Game, rng: random.Random) -> Move:
    """Any move to a position not seen before, uniformly at random.

    Raises InvalidArgumentError for a non-Game or an ``rng`` that is not a ``random.Random``, and
    GameOverError once the game has ended (won, stuck or in a loop).

    >>> random_player(Game(Position.deal(seed=1)), random.Random(0)) in Position.deal(seed=1).legal_moves()
    True
    """
    moves = _fresh(game, rng)  # checks game and rng before rng is used
    return rng.choice(moves)


def _usefulness(position: Position, move: Move) -> int:
    # 2: lengthens a sorted prefix; 1: the tile lands right after its predecessor; 0: anything else
    if move.kind == "shift":
        return 0
    row, col = move.to
    if col == position.sorted_prefix(row) and move.tile == (position.row_colour(row), col + 1):
        return 2
    left = position.grid[row][col - 1]
    return int(left is not None and move.tile == (left[0], left[1] + 1))


def greedy_player(game: Game, rng: random.Random) -> Move:
    """'Fill the most useful gap': the most useful new move (see the module docstring), ties at random.

    Raises as :func:`random_player` does.

    >>> greedy_player(Game(Position.deal(seed=1)), random.Random(0)) in Position.deal(seed=1).legal_moves()
    True
    """
    moves = _fresh(game, rng)
    p = game.position
    scores = [_usefulness(p, m) for m in moves]
    best = max(scores)
    return rng.choice([m for m, s in zip(moves, scores, strict=True) if s == best])


#: The players by name.
PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


@dataclass(frozen=True)
class Playout:
    """How a played-out game ended: ``status`` ('won', 'stuck' or 'loop') after ``moves`` moves."""

    status: str
    moves: int


def _takes_two(player: Any) -> bool:
    # whether player(game, rng) is a call its signature accepts (builtins without a signature pass)
    try:
        inspect.signature(player).bind(None, None)
    except TypeError:
        return False
    except ValueError:
        return True
    return True


def play_out(position: Position, player: Player | str, seed: Seed = None, max_moves: int = 100_000) -> Playout:
    """Play ``position`` to the end with ``player`` (a function or a name in :data:`PLAYERS`).

    ``max_moves`` is 1 to :data:`MAX_MOVES`.  Raises InvalidArgumentError for an unknown player or a bad
    position, seed or move limit; a game still going after ``max_moves`` moves raises too (it cannot happen
    within the positions of a full deal's reach in practice, and a silent cut-off would bias the figures).

    >>> play_out(Position.deal(1, colours=2, size=4), "random", seed=1).status in ('won', 'stuck', 'loop')
    True
    """
    if isinstance(player, str):
        if player not in PLAYERS:
            raise InvalidArgumentError(f"the player is one of {', '.join(PLAYERS)}", input=player)
        player = PLAYERS[player]
    if not callable(player) or not _takes_two(player):
        raise InvalidArgumentError(f"the player is a function (game, rng) -> Move or one of {', '.join(PLAYERS)}",
                                   input=player)
    if not isinstance(position, Position):
        raise InvalidArgumentError("play_out needs a 5x15 Position", input=position)
    _check.whole(max_moves, 1, MAX_MOVES, "the move limit")
    rng = make_rng(seed)
    game = Game(position)
    while game.status == "playing":
        if len(game.moves) >= max_moves:
            raise InvalidArgumentError(f"the game was still going after {max_moves} moves", input=max_moves)
        move = player(game, rng)
        if not isinstance(move, Move):
            raise InvalidArgumentError("the player must return a Move", input=move, position=game.position.notation())
        game.play(move)
    return Playout(game.status, len(game.moves))
