"""The optimal policy for a turn: exact expected scores by dynamic programming.

A position after placing is ``(placed dice, placed pips)``.  Its value is the
larger of *stop* (the pips, +5 for five dice) and *roll*: the average, over
every outcome of the unplaced dice, of the best thing to do with that roll (a
bust scores the unplaced targets, or 0 in the gambler variant; otherwise place
the best non-empty set of valid dice).

What the future holds depends only on the *targets of the unplaced dice* (as a
multiset: their colours do not matter) and the pips already placed, so the
solver works on ``(multiset of unplaced targets, pips)`` states and keeps one
table per variant that every board shares: once one board is solved, its
sub-positions are solved for every other board too (a handicap back side with
six different white markers shares almost everything).  Dice with equal
targets are interchangeable, so a roll is enumerated as a multiset of pips per
target (a die is "too high" or shows one valid value), and of several valid
dice with equal targets only the highest ones are worth placing (a value never
drops when more pips are placed).  The worst of the 462 possible six-target
boards is solved from scratch in well under a second (see
``bench/bench_dice_board.py``).

Values are exact.  Every value is a multiple of 1 / 6^21 (at most 21 dice are
rolled in a turn: 6 + 5 + ... + 1), so the solver computes in whole numbers of
1 / 6^21 and returns :class:`fractions.Fraction` values.

Solving can be done in small steps (:meth:`OptimalPolicy.solve_steps`), so a
board can solve ahead inside an ``asyncio`` event loop without ever blocking
it for long; every public answer solves what it still needs at once.

>>> policy = OptimalPolicy((4, 3, 3, 2, 2, 1))
>>> round(float(policy.expected_score()), 4)
13.2299
>>> round(float(OptimalPolicy((4, 3, 3, 2, 2, 1), gambler=True).expected_score()), 4)
10.2725
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from operator import itemgetter, mul

from .. import _check
from ..contract import SolveResult
from ..errors import GameOverError, InvalidArgumentError
from .boards import COLOURS, Colour
from .rules import Action, Decision, Phase, Targets, Turn, _targets, bonus_score

__all__ = ["Advice", "Choice", "OptimalPolicy", "policy_for", "solve"]

_SCALE = 6**21
_FULL = 0b111111
_MAX_PIPS = 36  # six dice, each at most 6
_BASE = 7  # a multiset of targets is the number sum(count[t] * 7 ** (t - 1)): at most 6 dice per target


@dataclass(frozen=True)
class Choice:
    """One option and its exact expected final score (points).

    ``action`` is ``'stop'``, ``'roll'`` or ``'place'``; ``colours`` the dice placed (for ``'place'``).
    For ``'place'`` the value is that of placing exactly these dice and then stopping or rolling,
    whichever is better (placing more dice of the same roll is listed as its own, larger choice).
    """

    action: Action
    colours: tuple[Colour, ...]
    value: Fraction

    @property
    def move(self) -> Decision:
        """The choice as a decision to play (:meth:`Turn.play <fifteen_kit.nasty15.rules.Turn.play>`)."""
        return Decision(self.action, self.colours)

    def describe(self) -> str:
        """E.g. ``'place B R: 13.82'`` or ``'stop: 7.00'``."""
        what = self.action + (" " + " ".join(c.value for c in self.colours) if self.colours else "")
        return f"{what}: {float(self.value):.2f}"


@dataclass(frozen=True)
class Advice:
    """What optimal play does in a position: the best choice and every alternative, best first."""

    best: Choice
    choices: tuple[Choice, ...]


def _key(targets: Iterable[int]) -> int:
    """The multiset of these targets as one number (see ``_BASE``)."""
    return sum(_BASE ** (t - 1) for t in targets)


def _counts(key: int) -> list[int]:
    """How many dice of each target 1..6 the multiset ``key`` holds."""
    out = []
    for _ in range(6):
        key, c = divmod(key, _BASE)
        out.append(c)
    return out


@cache
def _group_outcomes(target: int, count: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every roll of ``count`` dice with this target, up to order: ``(weight, tops)``.

    ``tops[j]`` is the sum of the j highest valid pips (``tops[0] == 0``); ``weight`` counts the ordered rolls
    (a die too high stands for its 6 - target faces).
    """
    faces = [*range(target, 0, -1), *([0] if target < 6 else [])]
    out = []
    for combo in combinations_with_replacement(faces, count):  # descending, so the valid pips come first
        weight = factorial(count)
        for face in set(combo):
            weight //= factorial(combo.count(face))
        weight *= (6 - target) ** combo.count(0)
        tops = [0]
        for face in combo:
            if face:
                tops.append(tops[-1] + face)
        out.append((weight, tuple(tops)))
    return tuple(out)


class _Table:
    """Exact values of ``(unplaced multiset, pips)`` states for one variant, shared by every board.

    ``value[key][p]``: the value after placing (stop or roll, whichever is better); ``roll[key][p]``: the value
    of rolling now; both in units of 1 / 6^21, None where not solved yet.
    """

    def __init__(self, gambler: bool) -> None:
        self.gambler = gambler
        self.value: dict[int, list[int | None]] = {0: [2 * p * _SCALE for p in range(_MAX_PIPS + 1)]}
        self.roll: dict[int, list[int | None]] = {}

    def row(self, table: dict[int, list[int | None]], key: int) -> list[int | None]:
        """The row of ``key`` in ``table`` (values by pips, None where not solved), created empty if missing."""
        found = table.get(key)
        if found is None:
            found = table[key] = [None] * (_MAX_PIPS + 1)
        return found

    def missing(self, full: int) -> list[tuple[int, list[int]]]:
        """The states a board with the target multiset ``full`` needs and that are not solved, smallest first.

        Each entry is ``(unplaced multiset, pips still to solve)``; a board's placed dice show between one
        pip each and their targets.
        """
        counts = _counts(full)
        out = []
        for sub in _sub_multisets(counts):
            key = _key(t for t in range(1, 7) for _ in range(sub[t - 1]))
            placed = [counts[i] - sub[i] for i in range(6)]
            low = sum(placed)
            high = sum((i + 1) * placed[i] for i in range(6))
            row = self.row(self.value, key)
            todo = [p for p in range(low, high + 1) if row[p] is None]
            if todo:
                out.append((sum(sub), key, todo))
        out.sort(key=lambda e: e[0])
        return [(key, todo) for _, key, todo in out]

    def size(self, full: int) -> int:
        """How many states the board with the target multiset ``full`` needs (solved or not)."""
        counts = _counts(full)
        total = 0
        for sub in _sub_multisets(counts):
            placed = [counts[i] - sub[i] for i in range(6)]
            total += sum((i + 1) * placed[i] for i in range(6)) - sum(placed) + 1
        return total

    def solve_steps(self, full: int) -> Iterator[None]:
        """Solve every state of the board ``full``, yielding after each multiset of unplaced targets (a step
        takes a few milliseconds at most)."""
        for key, pips in self.missing(full):
            self._solve(key, pips)
            yield

    def _solve(self, key: int, pips: list[int]) -> None:
        """Solve the states ``(key, p)`` for ``p`` in ``pips``; every smaller state they lead to is solved.

        A roll is enumerated group by group (a group: the unplaced dice of one target), the group with the
        most outcomes innermost.  For the outcomes of the outer groups fixed, ``H[K][q]`` is the best value
        reachable by the inner choices when the dice ``K`` are taken from the inner groups and the placed
        pips, before theirs, are ``q``; eliminating a group takes the maximum over how many of its valid
        dice to place (always the highest ones), so no outcome enumerates every subset of dice.  ``H`` is
        one flat list (each ``K``'s range of ``q`` in turn, then a 0 standing for "no such choice": every
        value is >= 0), and eliminating a group is a few ``itemgetter`` calls over positions worked out once
        per multiset and pip span (:func:`_plan`) and one comparison per position; the innermost group is
        eliminated for all its outcomes at once.  The one outcome with no valid die (a bust) comes out as 0
        and is counted apart.
        """
        low, high = min(pips), max(pips)
        span = high - low + 1
        groups, rows, outer, innermost, weights0 = _plan(key, span)
        base: list[int] = []
        for k, lo, hi in rows:
            first, last = low + lo, high + hi + 1
            base.extend(_known_row(self.value[key - k], first, last) if k else [0] * (last - first))
        base.append(0)
        totals = [0] * span

        def eliminate(d: int, flat: list[int], weight: int) -> None:
            if d == 0:
                best = _best([get(flat) for get in innermost])
                for i in range(span):
                    totals[i] += weight * sum(map(mul, weights0, best[i::span]))
                return
            for w, getters in outer[d]:
                below = _best([get(flat) for get in getters])
                below.append(0)
                eliminate(d - 1, below, weight * w)

        eliminate(len(groups) - 1, base, 1)
        n = sum(c for _, c in groups)
        if not self.gambler and all(t < 6 for t, _ in groups):
            busts = 1
            for t, c in groups:
                busts *= (6 - t) ** c
            bust = sum(t * c for t, c in groups) * _SCALE
            totals = [total + busts * bust for total in totals]
        value_row, roll_row = self.row(self.value, key), self.row(self.roll, key)
        for p in pips:
            roll, remainder = divmod(totals[p - low], 6**n)
            if remainder:  # pragma: no cover - the scale argument in the module docstring rules this out
                raise ArithmeticError("expected score is not a multiple of 1/6^21")
            roll_row[p] = roll
            if n == 6:  # nothing placed yet: a roll is the only choice
                value_row[p] = roll
            else:
                stop = bonus_score(6 - n, p) * _SCALE
                value_row[p] = stop if stop >= roll else roll


_Getter = Callable[[list[int]], tuple[int, ...]]


@lru_cache(maxsize=1024)
def _plan(key: int, span: int) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]],
                                        list[list[tuple[int, list[_Getter]]]], list[_Getter], list[int]]:
    """How :meth:`_Table._solve` reads its flat lists for the multiset ``key`` and ``span`` pips (the same for
    every variant and every lowest pips, so it is worked out once): ``(groups, base rows, outer, innermost,
    weights)``.

    ``groups``: ``(target, count)``, innermost first; base rows: ``(K, fewest, most pips K adds)`` in the
    order of the first flat list; ``outer[d]``: for each outcome of group d, its weight and one getter per
    number of its valid dice placed; ``innermost``: per number of dice of group 0 placed, a getter of every
    ``(outcome, q)``; ``weights``: the weights of group 0's outcomes.
    """
    counts = _counts(key)
    groups = [(t, counts[t - 1]) for t in range(6, 0, -1) if counts[t - 1]]
    groups.sort(key=lambda g: -len(_group_outcomes(*g)))  # groups[0] (innermost): the most outcomes
    m = len(groups)
    # layers[d]: the rows of H while groups 0..d-1 are not eliminated yet, one per way K of taking dice
    # from them: K -> (fewest pips they add, most pips they add, start of the row in the flat list)
    layers: list[dict[int, tuple[int, int, int]]] = [{0: (0, 0, 0)}]
    sizes = [span]  # the flat list's length without the sentinel (which sits at position sizes[d])
    for t, c in groups:
        step = _BASE ** (t - 1)
        layer, at = {}, 0
        for k, (lo, hi, _) in layers[-1].items():
            for j in range(c + 1):
                layer[k + j * step] = (lo + j, hi + j * t, at)
                at += span + hi + j * t - lo - j
        layers.append(layer)
        sizes.append(at)
    found: dict[tuple[int, int, int], list[int]] = {}

    def positions(d: int, j: int, tj: int) -> list[int]:
        # where H of layer d reads from layer d + 1 when j dice of group d showing tj pips are placed
        spots = found.get((d, j, tj))
        if spots is None:
            step = _BASE ** (groups[d][0] - 1)
            inner = layers[d + 1]
            spots = found[d, j, tj] = []
            for k, (lo, hi, _) in layers[d].items():
                lo2, _, start = inner[k + j * step]
                shift = start - lo2 + tj
                spots.extend(range(lo + shift, span + hi + shift))
        return spots

    getters: dict[tuple[int, int, int], _Getter] = {}
    outer = [[(w, [getters.get((d, j, tj)) or getters.setdefault((d, j, tj), _getter(positions(d, j, tj)))
                   for j, tj in enumerate(tops)])
              for w, tops in _group_outcomes(*groups[d])] for d in range(1, m)]
    outer.insert(0, [])
    outcomes0 = _group_outcomes(*groups[0])
    innermost = []
    for j in range(groups[0][1] + 1):
        spots: list[int] = []
        for _, tops in outcomes0:
            spots.extend(positions(0, j, tops[j]) if j < len(tops) else [sizes[1]] * span)
        innermost.append(_getter(spots))
    rows = [(k, lo, hi) for k, (lo, hi, _) in layers[m].items()]
    return groups, rows, outer, innermost, [w for w, _ in outcomes0]


def _getter(spots: list[int]) -> _Getter:
    """A function reading the items at ``spots`` of a list, as a tuple (``itemgetter`` in C)."""
    if len(spots) == 1:
        only = spots[0]
        return lambda items: (items[only],)
    return itemgetter(*spots)


def _best(options: list[tuple[int, ...]]) -> list[int]:
    """The largest of the options position by position (all of one length): comparisons in a comprehension,
    several times faster than ``map(max, ...)`` for the two to four options a roll usually has."""
    best = list(options[0])
    for option in options[1:]:
        best = [a if a >= b else b for a, b in zip(best, option, strict=True)]
    return best


def _known_row(row: list[int | None], first: int, last: int) -> list[int]:
    """``row[first:last]``, every value of it solved (the solver solves smaller multisets first)."""
    part = row[first:last]
    if None in part:  # pragma: no cover - missing() lists the multisets smallest first
        raise ArithmeticError("a state of the board was not solved")
    return part  # type: ignore[return-value]


def _known(value: int | None) -> int:
    """A solved value (solving fills every state a board needs, so None never reaches an answer)."""
    if value is None:  # pragma: no cover - the solver fills every state of the board before answering
        raise ArithmeticError("a state of the board was not solved")
    return value


def _sub_multisets(counts: list[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``counts`` (counts per target 1..6)."""
    ranges = [range(c + 1) for c in counts]

    def walk(i: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == 6:
            yield prefix
            return
        for c in ranges[i]:
            yield from walk(i + 1, (*prefix, c))

    return walk(0, ())


_TABLES = {False: _Table(False), True: _Table(True)}


class OptimalPolicy:
    """The expected-score-maximising policy for one board and variant.

    Args:
        targets: six targets in colour order (a handicap back side: white's target is the marker), or a
            base side :class:`~fifteen_kit.nasty15.boards.GoalBoard`.
        gambler: the gambler variant (a bust scores 0).

    Raises InvalidArgumentError for bad targets.  Values are solved on first use (or ahead, with
    :meth:`solve_steps`) in a table shared by every board of the variant.

    >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).advise(Turn.parse('433221 4....1 441661 D')).best.action
    'roll'
    """

    def __init__(self, targets: Targets, gambler: bool = False) -> None:
        self.targets = _targets(targets)
        self.gambler = _check.flag(gambler, "gambler")
        self._table = _TABLES[gambler]
        self._full = _key(self.targets)
        self._keys = [_key(t for i, t in enumerate(self.targets) if not placed >> i & 1) for placed in range(64)]
        self._solved = False

    # -- solving -------------------------------------------------------------------------------------
    @property
    def is_solved(self) -> bool:
        """True once every position of this board is solved (answers no longer compute anything).

        >>> OptimalPolicy((2, 2, 2, 3, 3, 3)).is_solved in (True, False)
        True
        """
        if not self._solved:
            self._solved = not self._table.missing(self._full)
        return self._solved

    def solve_steps(self) -> Iterator[None]:
        """Solve every position of this board in short steps (a generator: each ``next`` does a little work).

        An ``asyncio`` task can run a few steps, then ``await asyncio.sleep(0)``, so solving ahead never
        blocks an event loop for long.  Exhausting it leaves :attr:`is_solved` True.

        >>> policy = OptimalPolicy((1, 1, 1, 1, 5, 6))
        >>> steps = sum(1 for _ in policy.solve_steps())
        >>> policy.is_solved
        True
        """
        if not self._solved:
            yield from self._table.solve_steps(self._full)
            self._solved = True

    def solve(self) -> OptimalPolicy:
        """Solve every position now (see :meth:`solve_steps`); returns the policy itself.

        >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).solve().is_solved
        True
        """
        for _ in self.solve_steps():
            pass
        return self

    def _value(self, placed: int, pips: int) -> int:
        if placed == _FULL:
            return 2 * pips * _SCALE
        value = self._table.value[self._keys[placed]][pips] if self._solved else None
        if value is None:
            self.solve()
            value = self._table.value[self._keys[placed]][pips]
        return _known(value)

    def _roll(self, placed: int, pips: int) -> int:
        if not self._solved:
            self.solve()
        return _known(self._table.roll[self._keys[placed]][pips])

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
        score = turn.score
        if score is not None:  # the turn is over
            return Fraction(score)
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

    def _ranked(self, turn: Turn) -> list[tuple[int, Action, tuple[Colour, ...]]]:
        # every option as (value in units of 1/6^21, action, colours), best first; ties: stop, roll, fewer dice
        placed, pips = self._state(turn)
        if turn.is_over:
            raise GameOverError("the turn is over; there is nothing to decide", input=turn.notation(),
                                position=turn.notation())
        options: list[tuple[int, Action, tuple[Colour, ...]]] = []
        if turn.phase in (Phase.DECIDE, Phase.ROLL) and placed:
            options.append((bonus_score(placed.bit_count(), pips) * _SCALE, "stop", ()))
        if turn.phase in (Phase.DECIDE, Phase.ROLL):
            options.append((self._roll(placed, pips), "roll", ()))
        valid = [COLOURS.index(c) for c in turn.valid_colours()]
        for size in range(1, len(valid) + 1):
            for subset in combinations(valid, size):
                new = placed | sum(1 << i for i in subset)
                gained = sum(v for i in subset if (v := turn.rolled[i]) is not None)  # valid dice show pips
                options.append((self._value(new, pips + gained), "place", tuple(COLOURS[i] for i in subset)))
        order = {"stop": 0, "roll": 1, "place": 2}
        options.sort(key=lambda o: (-o[0], order[o[1]], len(o[2]), [COLOURS.index(x) for x in o[2]]))
        return options

    def best(self, turn: Turn) -> Decision:
        """The optimal decision in ``turn`` (one of ``turn.legal_moves()``), without building every Fraction.

        Raises as :meth:`advise`.

        >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).best(Turn.parse('433221 ...... 214666 P'))
        Decision.parse('place Y')
        """
        _, action, colours = self._ranked(turn)[0]
        return Decision(action, colours)

    def states(self) -> int:
        """How many ``(dice not placed, pips placed)`` states this board's policy covers (each solved once).

        >>> OptimalPolicy((4, 3, 3, 2, 2, 1)).states()
        198
        """
        return self._table.size(self._full)


@lru_cache(maxsize=128)
def _cached(targets: tuple[int, ...], gambler: bool) -> OptimalPolicy:
    return OptimalPolicy(targets, gambler)


def policy_for(targets: Targets, gambler: bool = False) -> OptimalPolicy:
    """The optimal policy of a board and variant, shared across callers (solved once, then cached).

    ``targets``: six targets in colour order, or a base side :class:`~fifteen_kit.nasty15.boards.GoalBoard`.
    Raises InvalidArgumentError for bad targets.

    >>> policy_for((4, 3, 3, 2, 2, 1)) is policy_for([4, 3, 3, 2, 2, 1])
    True
    """
    return _cached(_targets(targets), _check.flag(gambler, "gambler"))


def solve(turn: Turn) -> SolveResult[Decision]:
    """Optimal play from ``turn`` as the kit's :class:`~fifteen_kit.contract.SolveResult`.

    ``line`` holds the optimal decisions up to the next roll or the end of the turn (what follows a roll
    depends on the dice: ask again after it); ``value`` is the exact expected final score of the turn under
    optimal play (points, as a float; :meth:`OptimalPolicy.value` gives the Fraction), its score once over;
    ``nodes`` the states of the board's policy (:meth:`OptimalPolicy.states`); ``seconds`` the time taken.
    ``status`` is ``'solved'``: the policy is exact, so the line is proved best play.

    Raises InvalidArgumentError for anything but a Turn.

    >>> result = solve(Turn.parse('433221 ...... 214666 P'))
    >>> [str(m) for m in result.line], round(result.value, 2)
    (['place Y', 'roll'], 11.43)
    """
    if not isinstance(turn, Turn):
        raise InvalidArgumentError("solve takes a Turn", input=_check.short(turn))
    start = time.perf_counter()
    policy = policy_for(turn.targets, turn.gambler)
    line: list[Decision] = []
    now = turn
    while not now.is_over:
        move = policy.best(now)
        line.append(move)
        now = now.play(move)
        if move.action == "roll":
            break  # a chance step comes next
    value = float(policy.value(turn))
    return SolveResult(status="solved", line=tuple(line), nodes=policy.states(), seconds=time.perf_counter() - start,
                       value=value)
