"""The optimal policy for a turn: exact expected scores by dynamic programming.

A position after placing is ``(placed colours, placed pips)``.  Its value is
the larger of *stop* (the pips, +5 for five dice) and *roll*: the average, over
every outcome of the unplaced dice, of the best thing to do with that roll (a
bust scores the unplaced targets, or 0 in the gambler variant; otherwise place
the best non-empty set of valid dice).  The recursion runs over at most
64 x 16 positions; roll outcomes are grouped per die as "too high" or each valid
pip value, so the root of a six-target board has only prod(t + 1) outcomes.

Values are exact.  Every value is a multiple of 1 / 6^21 (at most 21 dice are
rolled in a turn: 6 + 5 + ... + 1), so the solver computes in whole numbers of
1 / 6^21 and returns :class:`fractions.Fraction` values.

>>> policy = OptimalPolicy((4, 3, 3, 2, 2, 1))
>>> round(float(policy.expected_score()), 4)
13.2299
>>> round(float(OptimalPolicy((4, 3, 3, 2, 2, 1), gambler=True).expected_score()), 4)
10.2725
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ..errors import GameOverError, InvalidArgumentError
from .boards import COLOURS, Colour
from .rules import Phase, Turn, _targets, bonus_score

__all__ = ["Advice", "Choice", "OptimalPolicy", "policy_for"]

_SCALE = 6**21
_FULL = 0b111111


@dataclass(frozen=True)
class Choice:
    """One option and its exact expected final score (points).

    ``action`` is ``'stop'``, ``'roll'`` or ``'place'``; ``colours`` the dice placed (for ``'place'``).
    For ``'place'`` the value is that of placing exactly these dice and then stopping or rolling,
    whichever is better (placing more dice of the same roll is listed as its own, larger choice).
    """

    action: str
    colours: tuple[Colour, ...]
    value: Fraction

    def describe(self) -> str:
        """E.g. ``'place B R: 13.82'`` or ``'stop: 7.00'``."""
        what = self.action + (" " + " ".join(c.value for c in self.colours) if self.colours else "")
        return f"{what}: {float(self.value):.2f}"


@dataclass(frozen=True)
class Advice:
    """What optimal play does in a position: the best choice and every alternative, best first."""

    best: Choice
    choices: tuple[Choice, ...]


class OptimalPolicy:
    """The expected-score-maximising policy for one board and variant.

    Args:
        targets: six targets in colour order (a handicap back side: white's target is the marker).
        gambler: the gambler variant (a bust scores 0).

    Raises InvalidArgumentError for bad targets.

    >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).advise(Turn.parse('433221 4....1 441661 D')).best.action
    'roll'
    """

    def __init__(self, targets: Iterable[int], gambler: bool = False) -> None:
        self.targets = _targets(targets)
        if not isinstance(gambler, bool):
            raise InvalidArgumentError("gambler must be True or False", input=gambler)
        self.gambler = gambler
        self._values: dict[int, int] = {}
        self._rolls: dict[int, int] = {}
        self._best_after: dict[tuple, int] = {}
        self._outcomes: dict[int, list[tuple[int, tuple[tuple[int, int], ...]]]] = {}
        self._bust = [0 if gambler else sum(t for i, t in enumerate(self.targets) if not s >> i & 1)
                      for s in range(64)]

    # -- the recursion (values in units of 1 / 6^21) ------------------------------------------------
    def _outcomes_of(self, unplaced: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        found = self._outcomes.get(unplaced)
        if found is None:
            found = [(1, ())]
            for i in range(6):
                if unplaced >> i & 1:
                    t = self.targets[i]
                    grown = []
                    for weight, valid in found:
                        if t < 6:
                            grown.append((weight * (6 - t), valid))
                        grown.extend((weight, (*valid, (i, v))) for v in range(1, t + 1))
                    found = grown
            self._outcomes[unplaced] = found
        return found

    def _value(self, placed: int, pips: int) -> int:
        key = placed << 6 | pips
        value = self._values.get(key)
        if value is None:
            if placed == _FULL:
                value = 2 * pips * _SCALE
            elif placed == 0:
                value = self._roll(0, 0)
            else:
                stop = bonus_score(placed.bit_count(), pips) * _SCALE
                roll = self._roll(placed, pips)
                value = stop if stop >= roll else roll
            self._values[key] = value
        return value

    def _after(self, placed: int, pips: int, valid: tuple[tuple[int, int], ...]) -> int:
        # best over every subset (the empty one included) of the valid dice still to consider
        if not valid:
            return self._value(placed, pips)
        key = (placed, pips, valid)
        value = self._best_after.get(key)
        if value is None:
            (i, v), rest = valid[0], valid[1:]
            skip = self._after(placed, pips, rest)
            take = self._after(placed | 1 << i, pips + v, rest)
            value = take if take > skip else skip
            self._best_after[key] = value
        return value

    def _best_nonempty(self, placed: int, pips: int, valid: tuple[tuple[int, int], ...]) -> int:
        (i, v), rest = valid[0], valid[1:]
        best = self._after(placed | 1 << i, pips + v, rest)
        if rest:
            other = self._best_nonempty(placed, pips, rest)
            if other > best:
                best = other
        return best

    def _roll(self, placed: int, pips: int) -> int:
        key = placed << 6 | pips
        value = self._rolls.get(key)
        if value is None:
            value = self._rolls[key] = self._roll_now(placed, pips)
        return value

    def _roll_now(self, placed: int, pips: int) -> int:
        unplaced = _FULL & ~placed
        bust = self._bust[placed] * _SCALE
        total = 0
        for weight, valid in self._outcomes_of(unplaced):
            total += weight * (self._best_nonempty(placed, pips, valid) if valid else bust)
        value, remainder = divmod(total, 6 ** unplaced.bit_count())
        if remainder:  # pragma: no cover - the scale argument in the module docstring rules this out
            raise ArithmeticError("expected score is not a multiple of 1/6^21")
        return value

    # -- public answers ----------------------------------------------------------------------------
    def expected_score(self) -> Fraction:
        """The exact expected score of a whole turn under optimal play (points).

        >>> OptimalPolicy((1, 1, 1, 1, 5, 6)).expected_score() > 0
        True
        """
        return Fraction(self._value(0, 0), _SCALE)

    def stop_value(self, turn: Turn) -> Fraction:
        """What stopping now scores (points).

        Raises InvalidArgumentError for a turn on another board, GameOverError / IllegalMoveError when
        stopping is not possible now.
        """
        self._state(turn)
        turn.stop()  # raises when stopping is not allowed in this turn
        return Fraction(turn.stop_score())

    def roll_value(self, turn: Turn) -> Fraction:
        """The exact expected final score of rolling the unplaced dice now and then playing optimally.

        Raises InvalidArgumentError if ``turn`` is not on this policy's board or variant, GameOverError
        after the turn, IllegalMoveError while a die of this roll must still be placed.
        """
        placed, pips = self._state(turn)
        turn.continue_rolling()  # raises when rolling is not allowed in this turn
        return Fraction(self._roll(placed, pips), _SCALE)

    def value(self, turn: Turn) -> Fraction:
        """The exact expected final score of ``turn`` under optimal play from here (its score if over)."""
        placed, pips = self._state(turn)
        if turn.is_over:
            return Fraction(turn.score)
        if turn.phase is Phase.PLACE or turn.phase is Phase.DECIDE:
            return self.advise(turn).best.value
        if placed == 0:
            return Fraction(self._roll(0, 0), _SCALE)
        return Fraction(self._value(placed, pips), _SCALE)

    def _state(self, turn: Turn) -> tuple[int, int]:
        if not isinstance(turn, Turn):
            raise InvalidArgumentError("the policy advises on a Turn", input=turn)
        if turn.targets != self.targets or turn.gambler != self.gambler:
            raise InvalidArgumentError("this turn is on another board or variant than the policy",
                                       input=turn.notation(), position=turn.notation())
        placed = sum(1 << i for i, v in enumerate(turn.placed) if v is not None)
        return placed, turn.pips

    def advise(self, turn: Turn) -> Advice:
        """The best action in ``turn`` and the exact value of every alternative (best first).

        In phase PLACE: every non-empty set of valid dice to place (followed by optimal play).
        In phase DECIDE: stop, roll, or place more valid dice.  In phase ROLL: roll (or stop).

        Raises GameOverError if the turn is over.

        >>> a = OptimalPolicy((4, 3, 3, 2, 2, 1)).advise(Turn.parse('433221 ...... 214666 P'))
        >>> a.best.describe()
        'place Y: 11.43'
        """
        ranked = self._ranked(turn)
        choices = [Choice(action, colours, Fraction(value, _SCALE)) for value, action, colours in ranked]
        return Advice(choices[0], tuple(choices))

    def _ranked(self, turn: Turn) -> list[tuple[int, str, tuple[Colour, ...]]]:
        # every option as (value in units of 1/6^21, action, colours), best first; ties: stop, roll, fewer dice
        placed, pips = self._state(turn)
        if turn.is_over:
            raise GameOverError("the turn is over; there is nothing to decide", input=turn.notation(),
                                position=turn.notation())
        options: list[tuple[int, str, tuple[Colour, ...]]] = []
        if turn.phase in (Phase.DECIDE, Phase.ROLL) and placed:
            options.append((bonus_score(placed.bit_count(), pips) * _SCALE, "stop", ()))
        if turn.phase in (Phase.DECIDE, Phase.ROLL):
            options.append((self._roll(placed, pips), "roll", ()))
        valid = [COLOURS.index(c) for c in turn.valid_colours()]
        for size in range(1, len(valid) + 1):
            for subset in combinations(valid, size):
                new = placed | sum(1 << i for i in subset)
                gained = sum(turn.rolled[i] for i in subset)
                options.append((self._value(new, pips + gained), "place", tuple(COLOURS[i] for i in subset)))
        order = {"stop": 0, "roll": 1, "place": 2}
        options.sort(key=lambda o: (-o[0], order[o[1]], len(o[2]), [COLOURS.index(x) for x in o[2]]))
        return options

    def best(self, turn: Turn) -> tuple[str, tuple[Colour, ...]]:
        """The optimal action in ``turn`` as ``(action, colours)``, without building every Fraction.

        >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).best(Turn.parse('433221 ...... 214666 P'))
        ('place', (<Colour.YELLOW: 'Y'>,))
        """
        _, action, colours = self._ranked(turn)[0]
        return action, colours


@lru_cache(maxsize=128)
def _cached(targets: tuple[int, ...], gambler: bool) -> OptimalPolicy:
    return OptimalPolicy(targets, gambler)


def policy_for(targets: Iterable[int], gambler: bool = False) -> OptimalPolicy:
    """The optimal policy of a board and variant, shared across callers (solved once, then cached).

    Raises InvalidArgumentError for bad targets.

    >>> policy_for((4, 3, 3, 2, 2, 1)) is policy_for([4, 3, 3, 2, 2, 1])
    True
    """
    if not isinstance(gambler, bool):
        raise InvalidArgumentError("gambler must be True or False", input=gambler)
    return _cached(_targets(targets), gambler)
