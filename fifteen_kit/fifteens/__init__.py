"""Fifteens patience: cards, positions, a solver that sees the stock, strategies that do not, and a study.

>>> from fifteen_kit.fifteens import Position, solve
>>> solve(Position.deal(seed=3)).status in ('won', 'lost')
True
"""

from .cards import RANKS, SUITS, Card, deck, shuffled_deck
from .rules import FACE_RULES, Position, removal_problem, removals_of
from .solver import SolveResult, removal_ranks, solve
from .strategies import STRATEGIES, Outcome, StudyRow, choose, play, study, wilson_interval

__all__ = [
    "FACE_RULES", "RANKS", "STRATEGIES", "SUITS", "Card", "Outcome", "Position", "SolveResult", "StudyRow", "choose",
    "deck", "play", "removal_problem", "removal_ranks", "removals_of", "shuffled_deck", "solve", "study",
    "wilson_interval",
]
