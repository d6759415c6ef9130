"""One turn of the "15" dice game as an immutable value.

Rules, in the kit's words:

* The goal board gives each colour a target.  A turn starts with a roll of all
  six dice.  A die is *valid* if its pips are at most its colour's target.
* After a roll with at least one valid die the player must place at least one
  valid die (any of them, as many as they like) on the board; placed dice are
  never rolled again.  Then they either *stop* and score, or roll the dice not
  yet placed.
* A roll with no valid die ends the turn at once, a *bust*: instead of the
  placed pips the player scores the targets of the colours not yet placed (even
  if nothing was placed).  In the *gambler* variant a bust scores 0.
* Stopping scores the placed pips, plus a bonus of 5 when exactly five dice are
  placed.  Placing all six dice ends the turn and doubles the placed pips (no +5).

Turns are played with a ``random.Random`` (:meth:`Turn.roll`) or with given
pips (:meth:`Turn.roll_with`, for lessons and tests).

The player's decisions are :class:`Decision` values, the moves of the engine contract
(:class:`fifteen_kit.contract.Position`): ``place`` some valid dice of the roll, ``stop``, or
``roll`` on (decide to roll the dice not placed: the turn goes to phase R).  :meth:`Turn.legal_moves`
lists the decisions open now, :meth:`Turn.explain` says why one is refused and :meth:`Turn.play`
takes one (or its text, ``'place B R'``, ``'stop'``, ``'roll'``).  The roll itself is a chance
step, not a decision: :meth:`Turn.roll` or :meth:`Turn.roll_with`.

Notation (round-trips through :meth:`Turn.parse`): the six targets in colour
order (blue yellow black white green red), the placed pips, the last roll
('.' for none), and the phase: ``R`` (roll next), ``P`` (must place),
``D`` (placed from this roll: place more, roll or stop), ``S`` stopped,
``B`` bust, ``A`` all six placed; ``gambler`` may follow.  Only turns that can
occur in play are accepted: with no roll shown the phase is R (the start, or
placed dice written without the roll they came from, as lessons do); after a
roll every unplaced die shows its pips; phases D, R, S and A follow placing at
least one die of the last roll, P and B come before it.

Goal boards (the rulebook's *Objective*), the kit's reading:

* The Objective says the demands on a goal board always add up to 15.  The
  kit holds the base sides (six dice) to that: their targets sum to 15.
* For the back sides (five dice, handicap variant) the kit does not: each
  player's white-die marker counts as the sixth target and differs from player
  to player, so the demand a player faces cannot always be 15 anyway, and the
  Handicap Variant says nothing about the back's own sum.  A back side takes
  any five targets 1..6 (sums 5 to 30).  The other reading (back sides sum to
  15 too) is the option ``backs_sum_to_15=True`` of
  :meth:`~fifteen_kit.nasty15.boards.GoalBoard.parse`,
  :func:`~fifteen_kit.nasty15.boards.parse_boards` and
  :class:`~fifteen_kit.nasty15.game.Game`; the kit's generated back sides
  happen to sum to 15, so they pass either way.

>>> t = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1))
>>> t.valid_colours()
(<Colour.BLUE: 'B'>, <Colour.BLACK: 'K'>, <Colour.RED: 'R'>)
>>> t = t.play('place B R').play('stop')
>>> t.score, t.notation()
(3, '433221 2....1 251661 S')
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal, NoReturn, TypeAlias

from .. import _check
from .._notation import Notated
from ..errors import FifteenKitError, GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from .boards import COLOURS, Colour, GoalBoard

__all__ = ["ACTIONS", "Action", "Decision", "Phase", "Targets", "Turn", "bonus_score"]

#: What a player decides in a turn: place valid dice, stop and score, or roll the dice not placed.
Action = Literal["place", "roll", "stop"]
#: The three actions, in the order :meth:`Turn.legal_moves` lists them (placements last).
ACTIONS: tuple[Action, ...] = ("stop", "roll", "place")
#: What the kit takes as a board's targets: six (or, where said, 1 to 6) whole numbers 1..6 in colour order,
#: or a :class:`~fifteen_kit.nasty15.boards.GoalBoard` side (a back side has five: it needs its white-die marker
#: where six are wanted, see :meth:`~fifteen_kit.nasty15.boards.GoalBoard.with_white`).
Targets: TypeAlias = Iterable[int] | GoalBoard

_MAX_TEXT = 64  # the longest turn notation is 29 characters; longer text is refused before it is read


class Phase(enum.Enum):
    """Where a turn stands.

    >>> Phase.PLACE.value, Phase.BUST.is_over
    ('P', True)
    """

    ROLL = "R"  #: the next action is a roll (start of the turn, or after choosing to roll on)
    PLACE = "P"  #: a roll with valid dice: at least one must be placed
    DECIDE = "D"  #: placed from this roll: place more valid dice, roll the rest, or stop
    STOPPED = "S"  #: the player stopped and scored
    BUST = "B"  #: a roll with no valid die ended the turn
    ALL_SIX = "A"  #: all six dice placed: the pips count double

    @property
    def is_over(self) -> bool:
        """True for the three ways a turn ends."""
        return self in (Phase.STOPPED, Phase.BUST, Phase.ALL_SIX)


def _at_most(pips: int | None, target: int) -> bool:
    # a die that was rolled and shows at most its target (a valid die, if it is not placed)
    return pips is not None and pips <= target


def bonus_score(placed_count: int, pips: int) -> int:
    """The score of stopping with ``placed_count`` dice worth ``pips``: +5 for exactly five, double for six.

    ``placed_count`` is 0..6 and ``pips`` the sum of those dice, so ``placed_count`` to ``6 * placed_count``.
    Raises InvalidArgumentError for anything else (naming the argument and the accepted values).

    >>> bonus_score(5, 10), bonus_score(6, 12), bonus_score(2, 7)
    (15, 24, 7)
    """
    if type(placed_count) is not int or not 0 <= placed_count <= 6:  # hot path: plain ints only, no bools
        raise InvalidArgumentError("placed_count, the number of placed dice, is a whole number 0..6",
                                   input=_check.short(placed_count))
    if type(pips) is not int or not placed_count <= pips <= 6 * placed_count:
        raise InvalidArgumentError(f"pips, the sum of {placed_count} placed dice, is a whole number "
                                   f"{placed_count}..{6 * placed_count}", input=_check.short(pips))
    if placed_count == 6:
        return 2 * pips
    return pips + (5 if placed_count == 5 else 0)


def _six_dice(value: object, none: bool = True) -> bool:
    """Whether ``value`` is already a tuple of six ``int`` (not bool) 1..6 (or None, if ``none``): the fast path
    of the checks below, which accept such a tuple as it is."""
    return type(value) is tuple and len(value) == 6 and all(
        (type(v) is int and 0 < v < 7) or (none and v is None) for v in value)


def _targets(value: object, least: int = 6) -> tuple[int, ...]:
    """The targets in ``value`` (a :data:`Targets`): six, or ``least`` to six where fewer dice are meant."""
    if _six_dice(value, none=False):
        return value  # type: ignore[return-value]
    if isinstance(value, GoalBoard):
        if len(value.targets) < least:
            raise InvalidArgumentError("a back side has five targets: six are wanted here, so give the white-die "
                                       "marker too (GoalBoard.with_white)", input=value.notation())
        return tuple(t for _, t in value.targets)
    items = _check.items(value, 6, "the targets")
    if not least <= len(items) <= 6:
        rule = "six targets (blue yellow black white green red)" if least == 6 else f"{least} to 6 targets"
        raise InvalidArgumentError(f"the targets must be {rule}", input=value)
    return tuple(_check.whole(t, 1, 6, "a target") for t in items)


_MAX_MOVE_TEXT = 60  # 'place' and six colour names fit; longer text is refused before it is read


@dataclass(frozen=True, repr=False)
class Decision(Notated):
    """A player's decision in a turn, the move of :class:`Turn`: ``place`` valid dice, ``stop``, or ``roll`` on.

    Attributes:
        action: an :data:`Action`.
        colours: the dice to place, in colour order (empty for ``stop`` and ``roll``).

    ``colours`` may be colours or their letters or names, in any order (a colour named twice is kept, so
    :meth:`Turn.explain` can say so).  Text form: ``'place B R'``, ``'stop'``, ``'roll'`` (:meth:`parse`).
    Raises InvalidArgumentError for an unknown action or colours with ``stop``/``roll``, NotationError for
    a name that is not a colour.

    >>> Decision("place", ("R", "b"))
    Decision.parse('place B R')
    >>> Decision.parse("stop") == Decision("stop")
    True
    """

    action: Action
    colours: tuple[Colour, ...] = ()

    def __post_init__(self) -> None:
        _check.choice(self.action, ACTIONS, "a decision's action")
        colours = _check.items(self.colours, 6, "the colours")
        if self.action != "place" and colours:
            raise InvalidArgumentError(f"'{self.action}' names no dice", input=self.colours)
        parsed = sorted((Colour.parse(c) for c in colours), key=COLOURS.index)
        object.__setattr__(self, "colours", tuple(parsed))

    def notation(self) -> str:
        """The decision as text, e.g. ``'place B R'`` (round-trips through :meth:`parse`)."""
        return " ".join([self.action, *(c.value for c in self.colours)])

    @classmethod
    def parse(cls, text: str) -> Decision:
        """The decision written in ``text``: ``'place'`` and colour letters or names, ``'stop'`` or ``'roll'``.

        Case and commas do not matter.  Raises NotationError for anything else.

        >>> Decision.parse("Place b, Red").colours
        (<Colour.BLUE: 'B'>, <Colour.RED: 'R'>)
        """
        if not isinstance(text, str) or len(text) > _MAX_MOVE_TEXT:
            raise NotationError(f"a decision is written 'place B R', 'stop' or 'roll' (at most {_MAX_MOVE_TEXT} "
                                "characters)", input=_check.short(text))
        words = text.replace(",", " ").lower().split()
        if not words or words[0] not in ACTIONS or (words[0] == "place") != (len(words) > 1):
            raise NotationError("a decision is written 'place B R' (the dice to place), 'stop' or 'roll'",
                                input=text)
        action = next(a for a in ACTIONS if a == words[0])
        try:
            return cls(action, tuple(Colour.parse(word) for word in words[1:]))
        except FifteenKitError as err:
            raise NotationError(err.message, input=text) from None


@dataclass(frozen=True, repr=False)
class Turn(Notated):
    """One player's turn on one goal board (immutable; every action returns a new Turn).

    Attributes:
        targets: six targets in colour order (a handicap back side: white's target is the marker); a base
            side :class:`~fifteen_kit.nasty15.boards.GoalBoard` is taken too.
        placed: pips of each placed die, None for unplaced, in colour order.
        rolled: pips of the last roll for the dice rolled, None elsewhere (all None before the first roll).
        phase: a :class:`Phase`.
        gambler: the gambler variant (a bust scores 0).

    Raises InvalidArgumentError / NotationError for inconsistent values.
    """

    targets: tuple[int, ...]
    placed: tuple[int | None, ...] = (None,) * 6
    rolled: tuple[int | None, ...] = (None,) * 6
    phase: Phase = Phase.ROLL
    gambler: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", _targets(self.targets))
        for name in ("placed", "rolled"):
            given = getattr(self, name)
            if _six_dice(given):  # the common case, a turn derived from a turn: nothing to convert
                continue
            values = _check.items(given, 6, name)
            if len(values) != 6:
                raise InvalidArgumentError(f"{name} has one entry per colour", input=getattr(self, name))
            for v in values:
                if v is not None:
                    _check.whole(v, 1, 6, f"a die in {name}")
            object.__setattr__(self, name, tuple(values))
        if not isinstance(self.phase, Phase):
            raise InvalidArgumentError("phase must be a Phase", input=self.phase)
        _check.flag(self.gambler, "gambler")
        for i, v in enumerate(self.placed):
            if v is not None and v > self.targets[i]:
                raise InvalidArgumentError(f"the {COLOURS[i].title} die shows {v}, above its target",
                                           input=self.placed)
        problem = self._phase_problem()
        if problem:
            raise InvalidArgumentError(f"impossible turn: {problem}", input=(self.placed, self.rolled, self.phase))

    def _phase_problem(self) -> str | None:
        """Why the placed dice, the last roll and the phase cannot occur together (None if they can).

        A roll rolls every die not placed, so after one every unplaced die shows pips; a die placed
        from the last roll shows the same pips in both; dice placed earlier were not rolled.
        """
        unplaced = [i for i, v in enumerate(self.placed) if v is None]
        rolled = [i for i, v in enumerate(self.rolled) if v is not None]
        from_roll = [i for i in rolled if self.placed[i] is not None]
        valid = [i for i in unplaced if _at_most(self.rolled[i], self.targets[i])]
        for i in from_roll:
            if self.rolled[i] != self.placed[i]:
                return f"the {COLOURS[i].title} die was placed with {self.placed[i]} but rolled {self.rolled[i]}"
        phase = self.phase
        if not rolled:
            # before the first roll, or a position written without its last roll (placed dice, about to roll)
            if phase is not Phase.ROLL or not unplaced:
                return "with no roll shown the phase is R, with at least one die not placed"
            return None
        if any(self.rolled[i] is None for i in unplaced):
            return "every die not placed was in the last roll and must show its pips"
        if not unplaced and phase is not Phase.ALL_SIX:
            return "all six dice are placed, so the turn has ended"
        if phase is Phase.ALL_SIX and unplaced:
            return "not all six dice are placed"
        if phase in (Phase.PLACE, Phase.BUST):
            if from_roll:
                return "a die of the last roll is already placed, so the phase is D, R, S or A"
            if phase is Phase.PLACE and not valid:
                return "no rolled die is valid, so nothing can be placed"
            if phase is Phase.BUST and valid:
                return "a valid die was rolled, so this is no bust"
        elif not from_roll:
            return "after a roll at least one of its dice is placed before the phase is D, R, S or A"
        return None

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def start(cls, targets: Targets, gambler: bool = False) -> Turn:
        """A fresh turn on a board with these six targets (colour order), or on a base side
        :class:`~fifteen_kit.nasty15.boards.GoalBoard`.

        Raises InvalidArgumentError for anything else (a back side needs its white-die marker: give
        ``[t for _, t in side.with_white(marker)]``).

        >>> Turn.start((4, 3, 3, 2, 2, 1)).phase
        <Phase.ROLL: 'R'>
        >>> from fifteen_kit.nasty15.boards import PUBLIC_BOARD
        >>> Turn.start(PUBLIC_BOARD).notation()
        '433221 ...... ...... R'
        """
        return cls(_targets(targets), gambler=gambler)

    # -- reading --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the turn has ended (stopped, bust, or all six placed)."""
        return self.phase.is_over

    @property
    def placed_count(self) -> int:
        """How many dice are placed."""
        return sum(v is not None for v in self.placed)

    @property
    def pips(self) -> int:
        """The pips of the placed dice."""
        return sum(v for v in self.placed if v is not None)

    @property
    def unplaced(self) -> tuple[Colour, ...]:
        """The colours whose dice are not placed yet."""
        return tuple(c for c, v in zip(COLOURS, self.placed, strict=True) if v is None)

    def valid_colours(self) -> tuple[Colour, ...]:
        """Colours of the dice in the current roll that may be placed (pips at most the target).

        Empty unless the phase is PLACE or DECIDE.
        """
        if self.phase not in (Phase.PLACE, Phase.DECIDE):
            return ()
        return tuple(c for i, c in enumerate(COLOURS)
                     if self.placed[i] is None and _at_most(self.rolled[i], self.targets[i]))

    @property
    def score(self) -> int | None:
        """The turn's score once it is over, else None."""
        if self.phase is Phase.STOPPED or self.phase is Phase.ALL_SIX:
            return bonus_score(self.placed_count, self.pips)
        if self.phase is Phase.BUST:
            return 0 if self.gambler else sum(t for t, v in zip(self.targets, self.placed, strict=True) if v is None)
        return None

    def outcome(self) -> str | None:
        """How the turn ended and what it scores, in the rules' words (None while it is on).

        >>> Turn.start((4, 3, 3, 2, 2, 1)).roll_with((5, 4, 4, 3, 3, 2)).outcome()
        'no valid die: the turn ends with 15 points (the targets of the dice not placed)'
        """
        score = self.score
        if score is None:
            return None
        if self.phase is Phase.BUST:
            why = "gambler: nothing" if self.gambler else "the targets of the dice not placed"
            return f"no valid die: the turn ends with {score} points ({why})"
        if self.phase is Phase.ALL_SIX:
            return f"all six placed: {score} points (doubled)"
        bonus = " (+5 for five dice)" if self.placed_count == 5 else ""
        return f"stopped with {score} points{bonus}"

    def stop_score(self) -> int:
        """What stopping now would score (placed pips, +5 for exactly five)."""
        return bonus_score(self.placed_count, self.pips)

    def bust_score(self) -> int:
        """What a bust now would score: the unplaced colours' targets (0 in the gambler variant)."""
        return 0 if self.gambler else sum(t for t, v in zip(self.targets, self.placed, strict=True) if v is None)

    # -- actions ----------------------------------------------------------------------------------
    def _fail(self, error: type[FifteenKitError], message: str, what: object) -> NoReturn:
        raise error(message, input=what, position=self.notation())

    def roll(self, rng: random.Random) -> Turn:
        """Roll every unplaced die with ``rng`` (a ``random.Random``).

        Raises GameOverError after the turn ended; IllegalMoveError when a die
        must be placed first; InvalidArgumentError for a non-Random ``rng``.
        """
        if not isinstance(rng, random.Random):
            raise InvalidArgumentError("roll needs a random.Random (seeded for repeatable games)", input=rng,
                                       position=self.notation())
        self._check_can_roll("roll")
        return self.roll_with(tuple(rng.randint(1, 6) if v is None else None for v in self.placed))

    def _check_can_roll(self, what: object) -> None:
        if self.is_over:
            self._fail(GameOverError, "the turn is over", what)
        if self.phase is Phase.PLACE:
            self._fail(IllegalMoveError, "place at least one valid die before rolling again", what)

    def roll_with(self, pips: Iterable[int | None]) -> Turn:
        """The turn after a roll showing ``pips``: one entry per colour, None for placed dice.

        Raises as :meth:`roll`, and InvalidArgumentError if a placed die is given pips or an unplaced one none.

        >>> Turn.start((4, 3, 3, 2, 2, 1)).roll_with((5, 4, 4, 3, 3, 2)).phase
        <Phase.BUST: 'B'>
        """
        self._check_can_roll(pips)
        values = _check.items(pips, 6, "a roll")
        if len(values) != 6:
            self._fail(InvalidArgumentError, "a roll gives one entry per colour", pips)
        for i, v in enumerate(values):
            if (v is None) != (self.placed[i] is not None):
                self._fail(InvalidArgumentError, f"the {COLOURS[i].title} die is "
                           + ("placed and is not rolled" if self.placed[i] is not None else "rolled and needs pips"),
                           pips)
            if v is not None:
                _check.whole(v, 1, 6, "a die's pips", position=self.notation())
        rolled = tuple(values)
        valid = any(_at_most(v, t) for v, t in zip(rolled, self.targets, strict=True))
        return replace(self, rolled=rolled, phase=Phase.PLACE if valid else Phase.BUST)

    def place(self, colours: Iterable[Colour | str] | Colour | str) -> Turn:
        """Place these valid dice of the current roll on the board (one colour or several).

        Placing the sixth die ends the turn with double pips.

        Raises:
            GameOverError: the turn is over.
            IllegalMoveError: there is no roll to place from, a colour is named
                twice, a die is already placed, or its pips exceed its target.

        >>> Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)).place('Y')
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.IllegalMoveError: the yellow die shows 5, above its target 3 (input: 'Y'; ...)
        """
        if self.is_over:
            self._fail(GameOverError, "the turn is over", colours)
        if self.phase not in (Phase.PLACE, Phase.DECIDE):
            self._fail(IllegalMoveError, "roll first: there are no rolled dice to place", colours)
        names = [colours] if isinstance(colours, (str, Colour)) else _check.items(colours, 6, "colours",
                                                                                  IllegalMoveError, self.notation())
        try:
            chosen = [Colour.parse(c) for c in names]
        except NotationError as err:
            raise IllegalMoveError(err.message, input=colours, position=self.notation()) from None
        if not chosen:
            self._fail(IllegalMoveError, "name at least one die to place", colours)
        if len(set(chosen)) != len(chosen):
            self._fail(IllegalMoveError, "a colour is named twice", colours)
        placed = list(self.placed)
        for c in chosen:
            i = COLOURS.index(c)
            if placed[i] is not None:
                self._fail(IllegalMoveError, f"the {c.title} die is already placed", colours)
            v = self.rolled[i]
            if v is None:
                self._fail(IllegalMoveError, f"the {c.title} die was not rolled", colours)
            if v > self.targets[i]:
                self._fail(IllegalMoveError, f"the {c.title} die shows {v}, above its target {self.targets[i]}",
                           colours)
            placed[i] = v
        done = all(v is not None for v in placed)
        return replace(self, placed=tuple(placed), phase=Phase.ALL_SIX if done else Phase.DECIDE)

    def stop(self) -> Turn:
        """Stop and score the placed pips (+5 for exactly five placed).

        Raises GameOverError after the turn ended, IllegalMoveError before anything is placed
        or while a die from this roll must still be placed.
        """
        if self.is_over:
            self._fail(GameOverError, "the turn is over", "stop")
        if self.phase is Phase.PLACE:
            self._fail(IllegalMoveError, "place at least one valid die first", "stop")
        if self.placed_count == 0:
            self._fail(IllegalMoveError, "roll first: nothing is placed yet", "stop")
        return replace(self, phase=Phase.STOPPED)

    def continue_rolling(self) -> Turn:
        """Decide to roll on (phase ROLL) without rolling yet; the board uses this before animating.

        Raises as :meth:`roll`.
        """
        self._check_can_roll("roll")
        return replace(self, phase=Phase.ROLL) if self.phase is Phase.DECIDE else self

    # -- decisions (the engine contract) ----------------------------------------------------------------
    def legal_moves(self) -> tuple[Decision, ...]:
        """The decisions open now: ``stop`` (once a die is placed), ``roll`` (on), then every non-empty set
        of valid dice to place, fewest first.  Empty once the turn is over.

        A roll is a chance step, not listed here: after ``roll`` (phase R) call :meth:`roll` or
        :meth:`roll_with`.

        >>> [str(m) for m in Turn.parse('433221 2....1 251661 D').legal_moves()]
        ['stop', 'roll', 'place K']
        >>> [str(m) for m in Turn.start((4, 3, 3, 2, 2, 1)).legal_moves()]
        ['roll']
        """
        if self.is_over:
            return ()
        out: list[Decision] = []
        if self.phase is not Phase.PLACE:
            if self.placed_count:
                out.append(Decision("stop"))
            out.append(Decision("roll"))
        valid = self.valid_colours()  # in colour order, so every subset is too: built without re-checking
        out.extend(_check.unchecked(Decision, action="place", colours=subset) for size in range(1, len(valid) + 1)
                   for subset in combinations(valid, size))
        return tuple(out)

    def _decision(self, move: object) -> Decision | str:
        # the Decision ``move`` stands for, or the notation's reason when it is text that is not one
        if isinstance(move, Decision):
            return move
        if isinstance(move, str):
            try:
                return Decision.parse(move)
            except NotationError as err:
                return err.message
        raise IllegalMoveError("not a decision: a Decision or its text, like 'place B R', 'stop' or 'roll'",
                               input=_check.short(move), position=self.notation())

    def _apply(self, decision: Decision) -> Turn:
        if decision.action == "place":
            return self.place(decision.colours)
        if decision.action == "stop":
            return self.stop()
        return self.continue_rolling()

    def explain(self, move: object) -> str | None:
        """Why the decision ``move`` (a :class:`Decision` or its text) is refused now, or None if it is legal.

        The reason is the message :meth:`play` raises.  A value that is neither a Decision nor text raises
        IllegalMoveError, as :meth:`play` does.

        >>> t = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1))
        >>> t.explain('place Y'), t.explain('place B R')
        ('the yellow die shows 5, above its target 3', None)
        """
        decision = self._decision(move)
        if self.is_over:
            return "the turn is over"
        if isinstance(decision, str):
            return decision
        try:
            self._apply(decision)
        except IllegalMoveError as err:  # GameOverError included
            return err.message
        return None

    def play(self, move: Decision | str) -> Turn:
        """The turn after the decision ``move`` (a :class:`Decision` or its text): :meth:`place`, :meth:`stop`
        or, for ``roll``, :meth:`continue_rolling` (the roll itself is the chance step :meth:`roll`).

        Raises GameOverError after the turn ended, IllegalMoveError with :meth:`explain`'s reason otherwise.

        >>> Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 5, 1, 6, 6, 1)).play('place B R').notation()
        '433221 2....1 251661 D'
        """
        decision = self._decision(move)
        if self.is_over:
            self._fail(GameOverError, "the turn is over", _check.short(move))
        if isinstance(decision, str):
            self._fail(IllegalMoveError, decision, _check.short(move))
        return self._apply(decision)

    # -- notation ---------------------------------------------------------------------------------
    def notation(self) -> str:
        """The turn as text, e.g. ``'433221 2....1 251661 S'`` (see the module docstring)."""
        def digits(values: tuple[int | None, ...]) -> str:
            return "".join("." if v is None else str(v) for v in values)

        text = f"{''.join(map(str, self.targets))} {digits(self.placed)} {digits(self.rolled)} {self.phase.value}"
        return text + (" gambler" if self.gambler else "")

    @classmethod
    def parse(cls, text: str) -> Turn:
        """The turn written in ``text`` (inverse of :meth:`notation`).

        Raises NotationError for malformed text.

        >>> Turn.parse('433221 2....1 251661 S').score
        3
        """
        if not isinstance(text, str) or len(text) > _MAX_TEXT:
            raise NotationError(f"a turn is written like '433221 ...... ...... R' (at most {_MAX_TEXT} characters)",
                                input=text if not isinstance(text, str) else text[:_MAX_TEXT] + "...")
        words = text.split()
        if len(words) not in (4, 5) or (len(words) == 5 and words[4].lower() != "gambler"):
            raise NotationError("expected '<targets> <placed> <rolled> <phase> [gambler]'", input=text)

        def digits(word: str, dots: bool) -> tuple[int | None, ...]:
            ok = len(word) == 6 and all(ch in ("123456." if dots else "123456") for ch in word)
            if not ok:
                raise NotationError(f"'{word}' is not six pips 1..6" + (" or dots" if dots else ""), input=text)
            return tuple(None if ch == "." else int(ch) for ch in word)

        try:
            phase = Phase(words[3].upper())
        except ValueError:
            raise NotationError(f"'{words[3]}' is not a phase (R P D S B A)", input=text) from None
        try:
            targets = tuple(v for v in digits(words[0], False) if v is not None)  # no dots: all six
            return cls(targets, digits(words[1], True), digits(words[2], True), phase, len(words) == 5)
        except InvalidArgumentError as err:
            raise NotationError(err.message, input=text) from None
