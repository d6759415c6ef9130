"""The Game of 15 (Number Scrabble): rules, magic square, solver, computer players, matches.

>>> from fifteen_kit.game_of_15 import Round, evaluate
>>> evaluate(Round().play(5)).outcome
'draw'
"""

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
    "SYMMETRIES",
    "WINNING_TRIPLES",
    "Claim",
    "Draft",
    "Evaluation",
    "Line",
    "Reason",
    "Round",
    "RoundResult",
    "Side",
    "Solver",
    "Symmetry",
    "cell_of",
    "digit_at",
    "evaluate",
    "fifteen_in",
    "is_magic",
    "line_of",
    "move_evaluations",
    "solve_all",
    "triples_through",
]
