"""Fifteens patience: cards, positions, a solver that sees the stock, computer players that do not, and a study.

:class:`Position` satisfies the engine contract (:mod:`fifteen_kit.contract`): ``legal_moves()``,
``explain(move)``, ``play(move)``, ``is_over``, ``notation()`` and ``parse(text)``; a move is a removal, the
tuple of places of the cards removed together.

>>> from fifteen_kit.fifteens import Position, make_player, solve
>>> solve(Position.deal(seed=3)).status in ('won', 'lost')
True
>>> p = Position.deal(seed=1)
>>> p.play(make_player('fewest', seed=0).choose(p)).notation() == p.play('6 15').notation()
True
"""

from .cards import RANKS, SUITS, Card, deck, shuffled_deck
from .rules import (
    FACE_RULES,
    MAX_NOTATION,
    MAX_REMOVAL_TEXT,
    FaceRule,
    Position,
    Removal,
    parse_removal,
    removal_problem,
    removal_text,
    removals_of,
)
from .solver import MAX_NODES, removal_ranks, solve
from .strategies import (
    MAX_GAMES,
    PLAYERS,
    FewestPlayer,
    MostPlayer,
    OptionsPlayer,
    Outcome,
    PlayerName,
    RandomPlayer,
    Study,
    StudyPlayer,
    StudyRow,
    make_player,
    play,
    study,
    wilson_interval,
)

__all__ = [
    "FACE_RULES", "MAX_GAMES", "MAX_NODES", "MAX_NOTATION", "MAX_REMOVAL_TEXT", "PLAYERS", "RANKS", "SUITS", "Card",
    "FaceRule", "FewestPlayer", "MostPlayer", "OptionsPlayer", "Outcome", "PlayerName", "Position", "RandomPlayer",
    "Removal", "Study", "StudyPlayer", "StudyRow", "deck", "make_player", "parse_removal", "play", "removal_problem",
    "removal_ranks", "removal_text", "removals_of", "shuffled_deck", "solve", "study", "wilson_interval",
]
