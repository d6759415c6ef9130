"""5x15 tile solitaire: positions with the three levels, games with loop detection, and solvers.

>>> from fifteen_kit.five_by_15 import Position, Game
>>> Game(Position.deal(seed=1)).status
'playing'
"""

from .game import Game
from .players import PLAYERS, Playout, greedy_player, play_out, random_player
from .rules import COLOUR_HEX, COLOUR_LETTERS, COLOUR_NAMES, LEVELS, Move, Position
from .solver import PREFIX_COUNTEREXAMPLE, SolveResult, best_first, depth_first

__all__ = ["COLOUR_HEX", "COLOUR_LETTERS", "COLOUR_NAMES", "LEVELS", "PLAYERS", "PREFIX_COUNTEREXAMPLE", "Game",
           "Move", "Playout", "Position", "SolveResult", "best_first", "depth_first", "greedy_player", "play_out",
           "random_player"]
