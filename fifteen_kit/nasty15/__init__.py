"""The "15" dice game (published as *Fiese 15*): boards, turns, games, exact odds and the optimal policy.

>>> from fifteen_kit.nasty15 import PUBLIC_BOARD, Turn, policy_for
>>> round(float(policy_for(Turn.start((4, 3, 3, 2, 2, 1)).targets).expected_score()), 2)
13.23
"""

from .boards import (
    COLOURS,
    DEFAULT_MULTISETS,
    PUBLIC_BOARD,
    Colour,
    GoalBoard,
    check_board_pairs,
    default_boards,
    five_target_backs,
    format_boards,
    parse_boards,
    six_target_boards,
    six_target_multisets,
)
from .game import MARKERS, Game, ScoreEntry
from .players import DICE_PLAYERS, CautiousPlayer, GreedyPlayer, OptimalPlayer, make_dice_player
from .policy import Advice, Choice, OptimalPolicy, policy_for
from .rules import Phase, Turn, bonus_score

__all__ = [
    "COLOURS",
    "DEFAULT_MULTISETS",
    "DICE_PLAYERS",
    "MARKERS",
    "PUBLIC_BOARD",
    "Advice",
    "CautiousPlayer",
    "Choice",
    "Colour",
    "Game",
    "GoalBoard",
    "GreedyPlayer",
    "OptimalPlayer",
    "OptimalPolicy",
    "Phase",
    "ScoreEntry",
    "Turn",
    "bonus_score",
    "check_board_pairs",
    "default_boards",
    "five_target_backs",
    "format_boards",
    "make_dice_player",
    "parse_boards",
    "policy_for",
    "six_target_boards",
    "six_target_multisets",
]
