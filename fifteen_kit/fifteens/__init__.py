"""Fifteens patience: cards, positions, a solver that sees the stock, strategies that do not, and a study.

>>> from fifteen_kit.fifteens import Position, solve
>>> solve(Position.deal(seed=3)).status in ('won', 'lost')
True
"""

from .cards import RANKS, SUITS, Card, deck, shuffled_deck
from .rules import FACE_RULES, MAX_NOTATION, Position, removal_problem, removals_of
from .solver import MAX_NODES, SolveResult, removal_ranks, solve
from .strategies import MAX_GAMES, STRATEGIES, Outcome, StudyRow, choose, play, study, wilson_interval

__all__ = [
    "FACE_RULES", "MAX_GAMES", "MAX_NODES", "MAX_NOTATION", "RANKS", "STRATEGIES", "SUITS", "Card", "Outcome",
    "Position", "SolveResult", "StudyRow", "choose",
    "deck", "play", "removal_problem", "removal_ranks", "removals_of", "shuffled_deck", "solve", "study",
    "wilson_interval",
]
