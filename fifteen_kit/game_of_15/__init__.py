"""The Game of 15 (Number Scrabble): rules, magic square, solver, computer players, matches.

Play against the computer from a Python prompt:

>>> from fifteen_kit.game_of_15 import Match, PerfectPlayer
>>> m, computer = Match(target=1), PerfectPlayer(seed=1)
>>> m.draft(5)                          # you are Onyx
>>> m.draft(computer.choose(m.round))   # the computer answers for Ivory
>>> m
Match(round 1: 5/4 O; rounds won Onyx 0, Ivory 0; points 0-0; single round)

>>> from fifteen_kit.game_of_15 import Round, evaluate, solve
>>> evaluate(Round().play(5)).outcome
'draw'
>>> solve(Round.parse('25/13 O')).line
(8,)
"""

from .match import (
    READINGS,
    Achievements,
    ChampionReading,
    CountReading,
    FalseClaimReading,
    FirstDrafter,
    LogEntry,
    Match,
    MatchRules,
    MatchState,
    RoundRecord,
    ViolationReading,
    tally_text,
)
from .players import (
    PLAYERS,
    ComputerPlayer,
    PerfectPlayer,
    RandomPlayer,
    TacticianPlayer,
    Technique,
    make_player,
    threats,
)
from .puzzles import Puzzle, puzzle_positions, puzzles
from .rules import Claim, Draft, Move, Reason, Round, RoundResult, Side, WrongStatementReading
from .solver import Evaluation, Solver, evaluate, full_table, move_evaluations, score_to_outcome, solve
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
    digits_of,
    fifteen_in,
    is_magic,
    line_of,
    mask_of,
    symmetric_squares,
    triples_through,
)
from .tree import (
    Ending,
    TreeStatistics,
    canonical,
    count_games,
    games_by_length,
    reachable_positions,
    tree_statistics,
)

__all__ = [
    "DIGITS",
    "LINES",
    "MAGIC_SQUARE",
    "PLAYERS",
    "READINGS",
    "SYMMETRIES",
    "WINNING_TRIPLES",
    "Achievements",
    "ChampionReading",
    "Claim",
    "ComputerPlayer",
    "CountReading",
    "Draft",
    "Ending",
    "Evaluation",
    "FalseClaimReading",
    "FirstDrafter",
    "Line",
    "LogEntry",
    "Match",
    "MatchRules",
    "MatchState",
    "Move",
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
    "Technique",
    "TreeStatistics",
    "ViolationReading",
    "WrongStatementReading",
    "canonical",
    "cell_of",
    "count_games",
    "digit_at",
    "digits_of",
    "evaluate",
    "fifteen_in",
    "full_table",
    "games_by_length",
    "is_magic",
    "line_of",
    "make_player",
    "mask_of",
    "move_evaluations",
    "puzzle_positions",
    "puzzles",
    "reachable_positions",
    "score_to_outcome",
    "solve",
    "symmetric_squares",
    "tally_text",
    "threats",
    "tree_statistics",
    "triples_through",
]
