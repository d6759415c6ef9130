"""Solo puzzles: positions where the side to move forces a win in exactly N own drafts.

The rulebook mentions solo puzzle challenges (section 1.1).  A *win-in-N* puzzle
is a position, reachable in real play and not yet decided, in which the side to
move can force a fifteen on its N-th own draft at the latest whatever the
opponent does, and not sooner.  Every puzzle is checked by the solver; the same
seed gives the same puzzles.

>>> p = puzzles(2, count=1, seed=7)[0]
>>> p.drafts, evaluate(p.position).own_drafts
(2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from .. import _check
from ..chance import Seed, make_rng
from ..errors import InvalidArgumentError
from .rules import Round, Side
from .solver import evaluate
from .square import digits_of
from .tree import reachable_positions

__all__ = ["Puzzle", "PuzzleStatus", "PuzzleVerdict", "puzzle_positions", "puzzles"]


#: How a puzzle attempt stands (see :meth:`Puzzle.referee`): ``'solved'`` (won within N own drafts),
#: ``'on_track'`` (the forced win in N still stands), ``'slipped'`` (a draft let it slip: no longer forced
#: within N), ``'won_late'`` (won, but after more than N own drafts), ``'lost'`` (the round ended without
#: the puzzle side winning).
PuzzleStatus = Literal["solved", "on_track", "slipped", "won_late", "lost"]


@dataclass(frozen=True)
class PuzzleVerdict:
    """The referee's word on a puzzle attempt: ``status``, the puzzle ``side``, its own ``drafts`` so far, N.

    >>> Puzzle(Round.parse('25/13 O'), 1, (8,)).referee(Round.parse('258/13 I')).describe()
    'Solved! Onyx wins in 1.'
    """

    status: PuzzleStatus
    side: Side
    drafts: int
    target: int

    def describe(self) -> str:
        """One sentence for the pupil, e.g. ``'Solved! Onyx wins in 2.'``.

        >>> PuzzleVerdict("slipped", Side.ONYX, 1, 2).describe()
        'That draft lets the forced win slip away.'
        """
        if self.status == "solved":
            return f"Solved! {self.side.title} wins in {self.drafts}."
        if self.status == "slipped":
            return "That draft lets the forced win slip away."
        if self.status == "won_late":
            return f"{self.side.title} wins, but in {self.drafts} own drafts, not {self.target}."
        if self.status == "lost":
            return f"The round is over without {self.side.title}'s fifteen."
        left = self.target - self.drafts
        return f"{self.side.title} still forces a win in {left} more draft{'s' if left != 1 else ''}."


@dataclass(frozen=True)
class Puzzle:
    """A win-in-N puzzle: the position, N (own drafts) and every first move that wins in N.

    ``solutions`` may be given as any collection of digits; it is kept as an ascending tuple.
    A puzzle is checked by the solver when it is built.

    Raises InvalidArgumentError if ``position`` is not a :class:`Round`, ``drafts`` is not 1, 2
    or 3, or the position is not a win in exactly ``drafts`` own drafts for the side to move
    whose winning first drafts are exactly ``solutions``.

    >>> p = Puzzle(Round.parse('25/13 O'), 1, (8,))
    >>> p.title()
    'Onyx to draft and win in 1'
    """

    position: Round
    drafts: int
    solutions: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.position, Round):
            raise InvalidArgumentError("a puzzle's position must be a Round (see Round.parse)",
                                       input=_check.short(self.position))
        where = self.position.notation()
        _check.whole(self.drafts, 1, 3, "N (own drafts to win)", position=where)
        digits = _check.items(self.solutions, 9, "a puzzle's solutions", position=where)
        for d in digits:
            _check.whole(d, 1, 9, "each solution (a digit)", position=where)
        solutions = tuple(sorted(set(digits)))
        object.__setattr__(self, "solutions", solutions)
        if self.position.is_over:
            raise InvalidArgumentError("a puzzle's round must still be on", input=where, position=where)
        e = evaluate(self.position)
        if e.outcome != "win" or e.own_drafts != self.drafts:
            raise InvalidArgumentError(f"the side to move does not win in exactly {self.drafts} own draft(s) here",
                                       input=self.drafts, position=where)
        if solutions != tuple(sorted(e.best_moves)):
            raise InvalidArgumentError(f"the drafts that win in {self.drafts} are "
                                       f"{', '.join(map(str, sorted(e.best_moves)))}",
                                       input=solutions, position=where)

    def title(self) -> str:
        """A one-line heading such as ``'Ivory to draft and win in 2'``."""
        return f"{self.position.to_move.title} to draft and win in {self.drafts}"

    def check(self, digit: int) -> bool:
        """True if drafting ``digit`` keeps the forced win in N.

        >>> Puzzle(Round.parse('25/13 O'), 1, (8,)).check(8)
        True

        Raises InvalidArgumentError unless ``digit`` is a whole number 1..9.
        """
        _check.whole(digit, 1, 9, "a digit", position=self.position.notation())
        return digit in self.solutions

    def referee(self, position: Round) -> PuzzleVerdict:
        """Judge an attempt: does ``position``, played on from the puzzle, still win within N own drafts?

        The puzzle side is the side to move in the puzzle's position; its own drafts are counted from there.
        Won within N is ``'solved'``; a live round in which the puzzle side still forces a fifteen within the
        drafts it has left (whoever is to move, the defence perfect) is ``'on_track'``, else ``'slipped'``;
        see :data:`PuzzleStatus` for the others.  Judged by the solver.

        Args:
            position: a :class:`Round` reached from the puzzle's position (both racks contain the puzzle's).

        Raises InvalidArgumentError unless ``position`` is a Round that continues this puzzle.

        >>> p = Puzzle(Round.parse('25/13 O'), 1, (8,))
        >>> p.referee(Round.parse('258/13 I')).status, p.referee(Round.parse('254/13 I')).status
        ('solved', 'slipped')
        """
        where = self.position.notation()
        if not isinstance(position, Round):
            raise InvalidArgumentError("a puzzle attempt is judged on a Round (see Round.parse)",
                                       input=_check.short(position), position=where)
        if any(not self.position.rack(s) <= position.rack(s) for s in Side):
            raise InvalidArgumentError("that position does not continue this puzzle (its racks must contain the "
                                       "puzzle's)", input=position.notation(), position=where)
        side = self.position.to_move
        drafted = len(position.rack(side)) - len(self.position.rack(side))
        left = self.drafts - drafted
        status: PuzzleStatus
        if position.winner is side:
            status = "solved" if drafted <= self.drafts else "won_late"
        elif position.is_over:
            status = "lost"
        else:
            e = evaluate(position)
            if position.to_move is side:
                forced = e.outcome == "win" and e.own_drafts <= left
            else:  # the defender to move: lost within the puzzle side's drafts left (plies // 2 of them)
                forced = e.outcome == "loss" and e.plies // 2 <= left
            status = "on_track" if forced else "slipped"
        return PuzzleVerdict(status, side, drafted, self.drafts)


def puzzle_positions(drafts: int) -> list[Round]:
    """Every reachable, undecided position whose side to move wins in exactly ``drafts`` own drafts.

    Positions are given with Onyx as the first player; sorted by notation.

    Raises InvalidArgumentError unless ``drafts`` is 1, 2 or 3 (no position needs more).

    >>> len(puzzle_positions(1)) > 0
    True
    """
    return list(_puzzle_positions(_check.whole(drafts, 1, 3, "N (own drafts to win)")))


@cache
def _puzzle_positions(drafts: int) -> tuple[Round, ...]:
    out = []
    for first, second in reachable_positions():
        onyx, ivory = frozenset(digits_of(first)), frozenset(digits_of(second))
        to_move = Side.ONYX if len(onyx) == len(ivory) else Side.IVORY
        try:
            position = Round(onyx, ivory, to_move)
        except ValueError:
            continue
        if position.is_over:
            continue
        e = evaluate(position)
        if e.outcome == "win" and e.own_drafts == drafts:
            out.append(position)
    return tuple(sorted(out, key=Round.notation))


def puzzles(drafts: int, count: int = 5, seed: Seed = 0) -> list[Puzzle]:
    """``count`` different win-in-``drafts`` puzzles, chosen reproducibly from ``seed``.

    Raises InvalidArgumentError for a bad N or count.

    >>> [p.position.notation() for p in puzzles(1, count=2, seed=1)] == \\
    ...     [p.position.notation() for p in puzzles(1, count=2, seed=1)]
    True
    """
    positions = puzzle_positions(drafts)
    _check.whole(count, 1, len(positions), "count")
    chosen = make_rng(seed).sample(positions, count)
    return [Puzzle(p, drafts, evaluate(p).best_moves) for p in chosen]
