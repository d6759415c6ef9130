"""The "15" dice game (published as *Fiese 15*): boards, turns, games, exact odds and the optimal policy.

Everything public in the modules is here: :mod:`~fifteen_kit.nasty15.boards` (colours, goal boards),
:mod:`~fifteen_kit.nasty15.rules` (a turn and its decisions), :mod:`~fifteen_kit.nasty15.game` (a whole
game), :mod:`~fifteen_kit.nasty15.probability` (exact odds of simple rules), :mod:`~fifteen_kit.nasty15.policy`
(the optimal policy, :func:`solve`), :mod:`~fifteen_kit.nasty15.players` (computer players) and
:mod:`~fifteen_kit.nasty15.examples` (the rules' worked examples, :data:`WORKED_EXAMPLES`).

>>> from fifteen_kit.nasty15 import PUBLIC_BOARD, Turn, p_bust, policy_for, solve
>>> round(float(policy_for(PUBLIC_BOARD).expected_score()), 2)
13.23
>>> solve(Turn.start(PUBLIC_BOARD)).line
(Decision.parse('roll'),)
>>> p_bust(PUBLIC_BOARD)
Fraction(5, 162)
"""

from .boards import (
    COLOURS,
    DEFAULT_MULTISETS,
    MAX_BOARDS,
    MAX_BOARDS_TEXT,
    MAX_NAME,
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
from .examples import WORKED_EXAMPLES, Step, StepKind, WorkedExample
from .game import MARKERS, MAX_PLAYERS, Game, ScoreEntry, check_player_count, check_player_name
from .players import PLAYERS, CautiousPlayer, GreedyPlayer, OptimalPlayer, PlayerName, make_player
from .policy import Advice, Choice, OptimalPolicy, policy_for, solve
from .probability import (
    SIMPLE_POLICIES,
    SimpleRule,
    StoppingRule,
    expected_score,
    p_at_least_one_valid,
    p_bust,
    p_valid,
    pip_distribution,
    score_distribution,
    threshold,
)
from .rules import ACTIONS, Action, Decision, Phase, Targets, Turn, bonus_score

__all__ = [
    "ACTIONS",
    "COLOURS",
    "DEFAULT_MULTISETS",
    "MARKERS",
    "MAX_BOARDS",
    "MAX_BOARDS_TEXT",
    "MAX_NAME",
    "MAX_PLAYERS",
    "PLAYERS",
    "PUBLIC_BOARD",
    "SIMPLE_POLICIES",
    "WORKED_EXAMPLES",
    "Action",
    "Advice",
    "CautiousPlayer",
    "Choice",
    "Colour",
    "Decision",
    "Game",
    "GoalBoard",
    "GreedyPlayer",
    "OptimalPlayer",
    "OptimalPolicy",
    "Phase",
    "PlayerName",
    "ScoreEntry",
    "SimpleRule",
    "Step",
    "StepKind",
    "StoppingRule",
    "Targets",
    "Turn",
    "WorkedExample",
    "bonus_score",
    "check_board_pairs",
    "check_player_count",
    "check_player_name",
    "default_boards",
    "expected_score",
    "five_target_backs",
    "format_boards",
    "make_player",
    "p_at_least_one_valid",
    "p_bust",
    "p_valid",
    "parse_boards",
    "pip_distribution",
    "policy_for",
    "score_distribution",
    "six_target_boards",
    "six_target_multisets",
    "solve",
    "threshold",
]
