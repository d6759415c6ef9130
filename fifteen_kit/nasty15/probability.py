"""Exact probabilities of the "15" dice game, as :class:`fractions.Fraction`.

Simple facts a lesson needs (a die is valid with probability t/6; at least one
of several dice is valid; a roll busts), the distribution of one die's placed
pips, and the exact score distribution of simple policies: every policy here
places *all* valid dice of a roll, then

* ``'cautious'`` stops as soon as it may (after the first placement);
* ``'greedy'`` always rolls on (until a bust or all six are placed);
* ``threshold(n)`` rolls on until the placed pips reach ``n``, then stops.

>>> p_valid(4)
Fraction(2, 3)
>>> p_bust([4, 3, 3, 2, 2, 1])
Fraction(5, 162)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import reduce
from itertools import product
from typing import Literal

from .. import _check
from ..errors import InvalidArgumentError
from .rules import Targets, _targets, bonus_score

__all__ = [
    "SIMPLE_POLICIES",
    "SimpleRule",
    "StoppingRule",
    "expected_score",
    "p_at_least_one_valid",
    "p_bust",
    "p_valid",
    "pip_distribution",
    "score_distribution",
    "threshold",
]


def p_valid(target: int) -> Fraction:
    """Probability that one die is valid for ``target`` (pips at most the target): t/6.

    Raises InvalidArgumentError unless the target is 1..6.
    """
    return Fraction(_check.whole(target, 1, 6, "a target"), 6)


def p_bust(targets: Targets) -> Fraction:
    """Probability that a roll of dice with these targets has no valid die: the product of (1 - t/6).

    ``targets``: 1 to 6 targets, each 1..6 (the dice rolled), or a :class:`~fifteen_kit.nasty15.boards.GoalBoard`
    side (all its dice: six on a base side, five on a back side).  Raises InvalidArgumentError otherwise.

    >>> p_bust([1])
    Fraction(5, 6)
    >>> from fifteen_kit.nasty15.boards import PUBLIC_BOARD
    >>> p_bust(PUBLIC_BOARD)
    Fraction(5, 162)
    """
    values = _targets(targets, least=1)
    return reduce(lambda acc, t: acc * (1 - p_valid(t)), values, Fraction(1))


def p_at_least_one_valid(targets: Targets) -> Fraction:
    """Probability that at least one of the rolled dice is valid: 1 - :func:`p_bust` (the same ``targets``).

    >>> p_at_least_one_valid([4, 3, 3, 2, 2, 1])
    Fraction(157, 162)
    """
    return 1 - p_bust(targets)


def pip_distribution(target: int) -> dict[int, Fraction]:
    """The pips of one die given that it is valid: uniform on 1..t.

    >>> pip_distribution(2)
    {1: Fraction(1, 2), 2: Fraction(1, 2)}
    """
    t = _check.whole(target, 1, 6, "a target")
    return {v: Fraction(1, t) for v in range(1, t + 1)}


#: Every probability of a turn is a whole multiple of 1/6^21 (a turn rolls at most 6 + 5 + ... + 1 = 21 dice),
#: so the distributions are computed in whole numbers of 1/6^21 (integer counts, no Fraction arithmetic).
_SCALE = 6**21

#: A stopping rule: ``(placed dice, placed pips) -> roll on?`` (True: roll on, False: stop).
StoppingRule = Callable[[int, int], bool]


def threshold(pips: int) -> StoppingRule:
    """A stopping rule: roll on while the placed pips are below ``pips``.

    >>> threshold(8)(2, 7), threshold(8)(2, 8)
    (True, False)
    """
    n = _check.whole(pips, 0, 30, "a pip threshold")
    return lambda placed, total: total < n


#: The names of the simple policies.
SimpleRule = Literal["cautious", "greedy"]

#: The simple policies by name: stop as soon as possible, or always roll on.
SIMPLE_POLICIES: dict[SimpleRule, StoppingRule] = {
    "cautious": lambda placed, total: False,
    "greedy": lambda placed, total: True,
}


def score_distribution(targets: Targets, rule: StoppingRule | SimpleRule, gambler: bool = False) -> dict[int, Fraction]:
    """The exact distribution of a turn's score when all valid dice are always placed and ``rule`` decides.

    ``targets``: six targets in colour order, or a base side :class:`~fifteen_kit.nasty15.boards.GoalBoard`.
    ``rule`` is a name from :data:`SIMPLE_POLICIES` or a :data:`StoppingRule`.

    Raises InvalidArgumentError for bad targets, an unknown rule, or a rule that answers anything but a bool.

    >>> dist = score_distribution([4, 3, 3, 2, 2, 1], "cautious")
    >>> sum(dist.values())
    Fraction(1, 1)
    """
    return {score: Fraction(count, _SCALE) for score, count in _score_counts(targets, rule, gambler).items()}


def _score_counts(targets: Targets, rule: StoppingRule | SimpleRule, gambler: bool) -> dict[int, int]:
    """:func:`score_distribution` with each probability in whole units of 1/6^21, by score (ascending)."""
    t = _targets(targets)
    if isinstance(rule, str):
        named = next((f for name, f in SIMPLE_POLICIES.items() if name == rule), None)
        if named is None:
            raise InvalidArgumentError(f"unknown policy; choose one of {', '.join(SIMPLE_POLICIES)}",
                                       input=_check.short(rule))
        rule = named
    if not callable(rule):
        raise InvalidArgumentError("a rule is a policy name or a function (placed, pips) -> bool", input=rule)
    _check.flag(gambler, "gambler")
    memo: dict[tuple[int, int], dict[int, int]] = {}
    given = rule

    def decide(placed: int, total: int) -> bool:
        return _check.flag(given(placed, total), f"a rule's answer (True: roll on, False: stop) for {placed} dice "
                           f"and {total} pips")

    def roll(placed: int, pips: int) -> dict[int, int]:
        # the distribution of the final score, each probability in whole units of 1/6^21 (exact: see _SCALE)
        key = (placed, pips)
        if key in memo:
            return memo[key]
        free = [i for i in range(6) if not placed >> i & 1]
        out: dict[int, int] = {}
        for new, gained, weight in _place_every_valid(t, placed):
            if new == placed:
                result = {0 if gambler else sum(t[i] for i in free): _SCALE}
            elif new == 0b111111:
                result = {bonus_score(6, pips + gained): _SCALE}
            elif decide(new.bit_count(), pips + gained):
                result = roll(new, pips + gained)
            else:
                result = {bonus_score(new.bit_count(), pips + gained): _SCALE}
            for score, count in result.items():
                out[score] = out.get(score, 0) + count * weight
        rolls = 6 ** len(free)
        for score, count in out.items():
            out[score], remainder = divmod(count, rolls)
            if remainder:  # pragma: no cover - ruled out by the argument at _SCALE
                raise ArithmeticError("a probability is not a multiple of 1/6^21")
        memo[key] = out
        return out

    return dict(sorted(roll(0, 0).items()))


def expected_score(targets: Targets, rule: StoppingRule | SimpleRule, gambler: bool = False) -> Fraction:
    """The exact expected score of a simple policy (see :func:`score_distribution`).

    >>> float(expected_score([4, 3, 3, 2, 2, 1], "cautious")) < 13.2299
    True
    """
    return Fraction(sum(s * count for s, count in _score_counts(targets, rule, gambler).items()), _SCALE)


def _place_every_valid(targets: tuple[int, ...], placed: int) -> Iterator[tuple[int, int, int]]:
    """Rolling the dice not in ``placed`` (a bit mask) and placing every valid one: ``(new mask, pips gained,
    weight)`` per kind of roll, the weights counting equally likely rolls (6 to the number of dice rolled in all)."""
    free = [i for i in range(6) if not placed >> i & 1]
    # each free die is either too high (weight 6 - t) or shows one valid value (weight 1)
    choices = [[(0, 6 - targets[i])] * (targets[i] < 6) + [(v, 1) for v in range(1, targets[i] + 1)] for i in free]
    for combo in product(*choices):
        weight, gained, new = 1, 0, placed
        for i, (v, w) in zip(free, combo, strict=True):
            weight *= w
            if v:
                gained += v
                new |= 1 << i
        yield new, gained, weight
