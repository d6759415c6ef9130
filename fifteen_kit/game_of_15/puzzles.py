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

from ..chance import Seed, make_rng
from ..errors import InvalidArgumentError
from .rules import Round, Side
from .solver import evaluate
from .square import digits_of
from .tree import reachable_positions

__all__ = ["Puzzle", "puzzle_positions", "puzzles"]


@dataclass(frozen=True)
class Puzzle:
    """A win-in-N puzzle: the position, N (own drafts) and every first move that wins in N.

    >>> p = Puzzle(Round.parse('25/13 O'), 1, (8,))
    >>> p.title()
    'Onyx to draft and win in 1'
    """

    position: Round
    drafts: int
    solutions: tuple[int, ...]

    def title(self) -> str:
        """A one-line heading such as ``'Ivory to draft and win in 2'``."""
        return f"{self.position.to_move.title} to draft and win in {self.drafts}"

    def check(self, digit: int) -> bool:
        """True if drafting ``digit`` keeps the forced win in N.

        >>> Puzzle(Round.parse('25/13 O'), 1, (8,)).check(8)
        True
        """
        return digit in self.solutions


def puzzle_positions(drafts: int) -> list[Round]:
    """Every reachable, undecided position whose side to move wins in exactly ``drafts`` own drafts.

    Positions are given with Onyx as the first player; sorted by notation.

    Raises InvalidArgumentError unless ``drafts`` is 1, 2 or 3 (no position needs more).

    >>> len(puzzle_positions(1)) > 0
    True
    """
    if isinstance(drafts, bool) or not isinstance(drafts, int) or not 1 <= drafts <= 3:
        raise InvalidArgumentError("N (own drafts to win) must be 1, 2 or 3", input=drafts)
    return list(_puzzle_positions(drafts))


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
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= len(positions):
        raise InvalidArgumentError(f"count must be 1..{len(positions)}", input=count)
    chosen = make_rng(seed).sample(positions, count)
    return [Puzzle(p, drafts, evaluate(p).best_moves) for p in chosen]
