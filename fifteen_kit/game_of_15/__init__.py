"""The Game of 15 (Number Scrabble): rules, magic square, solver, computer players, matches.

Play against the computer from a Python prompt:

>>> from fifteen_kit.game_of_15 import Match, PerfectPlayer
>>> m, computer = Match(target=1), PerfectPlayer(seed=1)
>>> m.draft(5)                          # you are Onyx
>>> m.draft(computer.choose(m.round))   # the computer answers for Ivory
>>> m
Match(round 1: 5/4 O; rounds won Onyx 0, Ivory 0; points 0-0; single round)

>>> from fifteen_kit.game_of_15 import Round, evaluate
>>> evaluate(Round().play(5)).outcome
'draw'
"""

from .match import Achievements, LogEntry, Match, MatchRules, RoundRecord
from .players import PLAYERS, PerfectPlayer, RandomPlayer, TacticianPlayer, make_player, threats
from .puzzles import Puzzle, puzzles
from .rules import Claim, Draft, Reason, Round, RoundResult, Side
from .solver import Evaluation, Solver, evaluate, move_evaluations, solve_all
from .square import (
    DIGITS,
    LINES,
    MAGIC_SQUARE,
    SYMMETRIES,
    WINNING_TRIPLES,
    Line,
    Symmetry,
    cell_of,
    digit_at,
    fifteen_in,
    is_magic,
    line_of,
    triples_through,
)

__all__ = [
    "DIGITS",
    "LINES",
    "MAGIC_SQUARE",
    "PLAYERS",
    "SYMMETRIES",
    "WINNING_TRIPLES",
    "Achievements",
    "Claim",
    "Draft",
    "Evaluation",
    "Line",
    "LogEntry",
    "Match",
    "MatchRules",
    "PerfectPlayer",
    "Puzzle",
    "RandomPlayer",
    "Reason",
    "Round",
    "RoundRecord",
    "RoundResult",
    "Side",
    "Solver",
    "Symmetry",
    "TacticianPlayer",
    "cell_of",
    "digit_at",
    "evaluate",
    "fifteen_in",
    "is_magic",
    "line_of",
    "make_player",
    "move_evaluations",
    "puzzles",
    "solve_all",
    "threats",
    "triples_through",
]
