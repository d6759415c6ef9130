"""5x15 tile solitaire: positions with the three levels, games with loop detection, and solvers.

>>> from fifteen_kit.five_by_15 import Position, Game
>>> Game(Position.deal(seed=1)).status
'playing'
"""

from .game import Game
from .players import MAX_MOVES, PLAYERS, Playout, greedy_player, play_out, random_player
from .rules import COLOUR_HEX, COLOUR_LETTERS, COLOUR_NAMES, LEVELS, MAX_NOTATION, Move, Position
from .solver import MAX_NODES, MAX_SECONDS, PREFIX_COUNTEREXAMPLE, SolveResult, best_first, depth_first

__all__ = ["COLOUR_HEX", "COLOUR_LETTERS", "COLOUR_NAMES", "LEVELS", "MAX_MOVES", "MAX_NODES", "MAX_NOTATION",
           "MAX_SECONDS", "PLAYERS", "PREFIX_COUNTEREXAMPLE", "Game",
           "Move", "Playout", "Position", "SolveResult", "best_first", "depth_first", "greedy_player", "play_out",
           "random_player"]
