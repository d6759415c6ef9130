"""5x15 tile solitaire: positions with the three levels, games with loop detection, players and solvers.

>>> from fifteen_kit.five_by_15 import Position, Game
>>> Game(Position.deal(seed=1)).status
'playing'
"""

from .game import ENDING_REASONS, Ending, Game, GameStatus
from .players import (
                      MAX_MOVES,
                      PLAYERS,
                      FiveBy15Player,
                      GreedyPlayer,
                      PlayerName,
                      Playout,
                      RandomPlayer,
                      compare_players,
                      make_player,
                      play_out,
)
from .rules import (
                      COLOUR_HEX,
                      COLOUR_LETTERS,
                      COLOUR_NAMES,
                      LEVELS,
                      MAX_NOTATION,
                      Cell,
                      Fill,
                      Move,
                      Position,
                      Shift,
                      Tile,
                      parse_move,
)
from .solver import MAX_NODES, MAX_SECONDS, PREFIX_COUNTEREXAMPLE, best_first, depth_first

__all__ = ["COLOUR_HEX", "COLOUR_LETTERS", "COLOUR_NAMES", "ENDING_REASONS", "LEVELS", "MAX_MOVES", "MAX_NODES",
           "MAX_NOTATION", "MAX_SECONDS", "PLAYERS", "PREFIX_COUNTEREXAMPLE", "Cell", "Ending", "Fill",
           "FiveBy15Player", "Game", "GameStatus", "GreedyPlayer", "Move", "PlayerName", "Playout", "Position",
           "RandomPlayer", "Shift", "Tile", "best_first", "compare_players", "depth_first", "make_player",
           "parse_move", "play_out"]
