"""Small studies of the "15" dice game that lesson 04 shows: simple rules side by side, a simulation,
every board's value, and what optimal play holds back.

Each function is a few lines over the engine (:mod:`~fifteen_kit.nasty15.probability`,
:mod:`~fifteen_kit.nasty15.policy`, :mod:`~fifteen_kit.nasty15.rules`), so a lesson cell can call one
readable function instead of a loop.  Values are exact :class:`fractions.Fraction` where the engine's are.

>>> values = simple_rule_values((4, 3, 3, 2, 2, 1), thresholds=(8,))
>>> {name: round(float(v), 2) for name, v in values.items()}
{'cautious': 5.51, 'greedy': 7.54, 'stop at 8 pips': 9.83}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from .. import _check
from ..chance import make_rng
from .boards import COLOURS, six_target_multisets
from .players import PlayerName, make_player
from .policy import policy_for
from .probability import _place_every_valid
from .rules import Targets, Turn, _targets, bonus_score

__all__ = [
    "MAX_SIMULATED",
    "HeldBack",
    "board_values",
    "held_back",
    "running_averages",
    "simple_rule_values",
    "simulate_turns",
]

#: The most turns :func:`simulate_turns` plays in one call (about a second of work per 2,000 turns).
MAX_SIMULATED = 100_000


def simple_rule_values(targets: Targets, thresholds: Iterable[int] = (6, 8, 9, 10, 12),
                       gambler: bool = False) -> dict[str, Fraction]:
    """The exact expected score of a turn under each simple rule, by the rule's name (points).

    The rules place every valid die of each roll; ``'cautious'`` stops after the first placement,
    ``'greedy'`` never stops, ``'stop at n pips'`` (one per entry of ``thresholds``, each 0..30) stops
    once the placed pips reach n.  ``targets``: six targets in colour order or a base side.  The values
    equal :func:`~fifteen_kit.nasty15.probability.expected_score`'s; the rolls are enumerated once for all
    the rules, so thirty rules cost little more than one.

    Raises InvalidArgumentError for bad targets or thresholds (at most 31 of them).

    >>> simple_rule_values([4, 3, 3, 2, 2, 1], thresholds=())['cautious']
    Fraction(446, 81)
    >>> from fifteen_kit.nasty15.probability import expected_score, threshold
    >>> board = [4, 3, 3, 2, 2, 1]
    >>> simple_rule_values(board, (9,))['stop at 9 pips'] == expected_score(board, threshold(9))
    True
    """
    board = _targets(targets)
    cuts = [_check.whole(n, 0, 30, "a pip threshold") for n in _check.items(thresholds, 31, "the pip thresholds")]
    _check.flag(gambler, "gambler")
    moves = _roll_outcomes(board)
    rules = {"cautious": 0, "greedy": 10**6, **{f"stop at {n} pips": n for n in cuts}}
    return {name: _rule_value(board, moves, cut, gambler) for name, cut in rules.items()}


_SCALE = 6**21  # every value is a whole multiple of 1/6^21: a turn rolls at most 6 + 5 + ... + 1 = 21 dice


def _roll_outcomes(board: tuple[int, ...]) -> dict[int, tuple[int, list[tuple[int, int, int]]]]:
    """For each set of placed dice (a bit mask), the outcomes of rolling the others when every valid die is
    placed: ``(6^dice rolled, [(new mask, pips gained, weight), ...])``, outcomes with the same dice and pips
    merged (the weights count the equally likely rolls)."""
    out: dict[int, tuple[int, list[tuple[int, int, int]]]] = {}
    for placed in range(63):
        merged: Counter[tuple[int, int]] = Counter()
        for new, gained, weight in _place_every_valid(board, placed):
            merged[(new, gained)] += weight
        out[placed] = (6 ** (6 - placed.bit_count()), [(new, gained, w) for (new, gained), w in merged.items()])
    return out


def _rule_value(board: tuple[int, ...], moves: dict[int, tuple[int, list[tuple[int, int, int]]]], cut: int,
                gambler: bool) -> Fraction:
    """The expected score of 'place every valid die, roll on while the placed pips are below ``cut``'."""
    memo: dict[tuple[int, int], int] = {}

    def roll(placed: int, pips: int) -> int:  # in units of 1/6^21
        key = (placed, pips)
        if key not in memo:
            rolls, outcomes = moves[placed]
            bust = 0 if gambler else sum(t for i, t in enumerate(board) if not placed >> i & 1) * _SCALE
            value = 0
            for new, gained, weight in outcomes:
                total, count = pips + gained, new.bit_count()
                if new == placed:
                    score = bust
                elif count == 6:
                    score = bonus_score(6, total) * _SCALE
                elif total < cut:
                    score = roll(new, total)
                else:
                    score = bonus_score(count, total) * _SCALE
                value += weight * score
            memo[key] = value // rolls  # exact: see _SCALE
        return memo[key]

    return Fraction(roll(0, 0), _SCALE)


def simulate_turns(targets: Targets, turns: int, seed: int, player: PlayerName = "optimal",
                   gambler: bool = False) -> list[int]:
    """The scores of ``turns`` simulated turns (1 to 100,000) of one computer player on one board.

    Each turn starts afresh; the dice come from a ``random.Random`` seeded with ``seed`` (the same seed
    gives the same scores).  ``player``: ``'optimal'``, ``'cautious'`` or ``'greedy'``.

    Raises InvalidArgumentError for bad targets, counts, seeds or player names.

    >>> simulate_turns((4, 3, 3, 2, 2, 1), 3, seed=1) == simulate_turns((4, 3, 3, 2, 2, 1), 3, seed=1)
    True
    """
    board = _targets(targets)
    count = _check.whole(turns, 1, MAX_SIMULATED, "the number of turns")
    rng = make_rng(_check.whole(seed, 0, None, "seed"))
    chooser = make_player(player)
    _check.flag(gambler, "gambler")
    scores = []
    for _ in range(count):
        turn = Turn.start(board, gambler)
        while turn.score is None:
            move = chooser.choose(turn)  # place dice, stop, or roll
            turn = turn.roll(rng) if move.action == "roll" else turn.play(move)
        scores.append(turn.score)
    return scores


def running_averages(scores: Iterable[float]) -> list[float]:
    """The average of the first 1, 2, 3, ... scores (the running average), as floats.

    Raises InvalidArgumentError for anything but numbers (at most 1,000,000 of them).

    >>> running_averages([4, 8, 0])
    [4.0, 6.0, 4.0]
    """
    values = _check.items(scores, 1_000_000, "the scores")
    out, total = [], 0.0
    for n, s in enumerate(values, start=1):
        total += _check.number(s, -1e9, 1e9, "a score")
        out.append(total / n)
    return out


def board_values(gambler: bool = False) -> dict[tuple[int, ...], Fraction]:
    """The exact expected score of a turn under optimal play for each of the 19 kinds of base side.

    A kind is a board's six targets listed from largest to smallest (which colour holds which target
    does not change the game): the 19 lists of :func:`~fifteen_kit.nasty15.boards.six_target_multisets`.
    Ordered from the hardest board (lowest value) to the easiest.

    >>> values = board_values()
    >>> len(values), next(iter(values))
    (19, (6, 5, 1, 1, 1, 1))
    """
    found = {m: policy_for(m, _check.flag(gambler, "gambler")).expected_score() for m in six_target_multisets()}
    return dict(sorted(found.items(), key=lambda item: item[1]))


@dataclass(frozen=True)
class HeldBack:
    """What optimal play does with the first roll of a turn (see :func:`held_back`).

    ``rolls``: the first rolls with at least one valid die (ordered rolls, each equally likely);
    ``fewer``: those where the optimal policy places fewer than all the valid dice;
    ``kept_by_target``: how many valid dice it keeps back, by their target.
    """

    rolls: int
    fewer: int
    kept_by_target: dict[int, int]

    @property
    def share(self) -> Fraction:
        """``fewer / rolls``: the probability that optimal play keeps back a valid die of the first roll."""
        return Fraction(self.fewer, self.rolls)


def held_back(targets: Targets) -> HeldBack:
    """How often the optimal policy places fewer than all the valid dice of the first roll, and which dice
    it keeps back (by target).  Every first roll counts (46,656 equally likely ordered rolls; rolls that differ only in
    the faces of dice that are too high are looked at once).

    ``targets``: six targets in colour order or a base side.  Raises InvalidArgumentError for bad targets.

    >>> result = held_back((1, 1, 1, 1, 5, 6))
    >>> 0 < result.share < 1
    True
    """
    board = _targets(targets)
    policy = policy_for(board)
    rolls = fewer = 0
    kept: Counter[int] = Counter()
    start = Turn.start(board)
    # a die is too high (any of its 6 - t such faces: weight 6 - t, shown as t + 1) or shows one valid face
    faces = [[(t + 1, 6 - t)] * (t < 6) + [(v, 1) for v in range(1, t + 1)] for t in board]
    for combo in product(*faces):
        roll = tuple(v for v, _ in combo)
        if all(v > t for v, t in zip(roll, board, strict=True)):
            continue  # a bust: nothing to place
        weight = 1
        for _, w in combo:
            weight *= w
        rolls += weight
        turn = start.roll_with(roll)
        placed = policy.best(turn).colours
        held = [c for c in turn.valid_colours() if c not in placed]
        if held:
            fewer += weight
            for c in held:
                kept[board[COLOURS.index(c)]] += weight
    return HeldBack(rolls, fewer, dict(sorted(kept.items())))
