"""Dice colours and goal boards of the "15" dice game (published as *Fiese 15*).

Six dice in six colours.  A *goal board* gives each colour a *target*, a pip
value from 1 to 6; the base side has six targets summing to 15, the back side
five (no white die) summing to 15, used by the handicap variant together with a
white-die marker.

The real game has 15 double-sided goal boards; only one base side is public
(:data:`PUBLIC_BOARD`: blue 4, yellow 3, black 3, white 2, green 2, red 1).  The
kit ships that one plus a generated default set (:func:`default_boards`), and
users may define their own (:meth:`GoalBoard.parse`).  Counting helpers
enumerate every possible board: 1,666 ordered six-target sides (19 up to
order) and 651 ordered five-target backs.

Colours are colour-blind safe (Okabe-Ito) and each has a letter, so no one
depends on colour alone.

>>> PUBLIC_BOARD.notation()
'B4 Y3 K3 W2 G2 R1'
>>> len(six_target_boards()), len(six_target_multisets()), len(five_target_backs())
(1666, 19, 651)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache
from itertools import product

from .. import _check
from ..errors import InvalidArgumentError, NotationError

__all__ = [
    "COLOURS",
    "DEFAULT_MULTISETS",
    "PUBLIC_BOARD",
    "Colour",
    "GoalBoard",
    "default_boards",
    "five_target_backs",
    "six_target_boards",
    "six_target_multisets",
]


class Colour(enum.Enum):
    """A die colour with its letter (``value``) and an Okabe-Ito display colour (:attr:`hex`).

    The letter is the second cue for colour-blind players: B lue, Y ellow, K (blac)k, W hite, G reen, R ed.

    >>> Colour.parse('k'), Colour.BLACK.title
    (<Colour.BLACK: 'K'>, 'black')
    """

    BLUE = "B"
    YELLOW = "Y"
    BLACK = "K"
    WHITE = "W"
    GREEN = "G"
    RED = "R"

    @property
    def title(self) -> str:
        """The colour's name in lower case, e.g. ``'blue'``."""
        return self.name.lower()

    @property
    def hex(self) -> str:
        """Display colour (Okabe-Ito palette; white and black as they are)."""
        return {"B": "#0072B2", "Y": "#F0E442", "K": "#1f1f24", "W": "#ffffff", "G": "#009E73",
                "R": "#D55E00"}[self.value]

    @property
    def ink(self) -> str:
        """A readable colour for pips and letters on this die."""
        return "#ffffff" if self in (Colour.BLUE, Colour.BLACK, Colour.GREEN, Colour.RED) else "#1f1f24"

    @classmethod
    def parse(cls, text: str | Colour) -> Colour:
        """A colour from its letter or name (any case). Raises NotationError otherwise."""
        if isinstance(text, Colour):
            return text
        key = text.strip().upper() if isinstance(text, str) else None
        for c in cls:
            if key in (c.value, c.name):
                return c
        raise NotationError("a colour is one of B Y K W G R (blue yellow black white green red)", input=text)


#: The six colours in the order boards list them.
COLOURS: tuple[Colour, ...] = tuple(Colour)


@dataclass(frozen=True)
class GoalBoard:
    """One side of a goal board: a target (1..6) for each of its colours.

    ``targets`` maps colour to target.  A base side has all six colours and sums
    to 15; a back side (``back=True``) has the five colours other than white and
    sums to 15.  ``name`` is a label for menus.

    Raises InvalidArgumentError for targets outside 1..6, wrong colours, or a sum other than 15.

    >>> GoalBoard.parse('B4 Y3 K3 W2 G2 R1').total
    15
    """

    targets: tuple[tuple[Colour, int], ...]
    back: bool = False
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _check.flag(self.back, "back")
        if not isinstance(self.name, str):
            raise InvalidArgumentError("a board's name is text", input=self.name)
        raw = self.targets.items() if isinstance(self.targets, dict) else self.targets
        pairs = []
        for item in _check.items(raw, 6, "a goal board's targets"):
            if not (isinstance(item, tuple) and len(item) == 2):
                raise InvalidArgumentError("targets are (colour, target) pairs", input=self.targets)
            colour, target = Colour.parse(item[0]), _check.whole(item[1], 1, 6, "a target")
            pairs.append((colour, target))
        colours = [c for c, _ in pairs]
        expected = [c for c in COLOURS if not (self.back and c is Colour.WHITE)]
        if sorted(colours, key=COLOURS.index) != expected:
            side = "a back side has blue, yellow, black, green and red" if self.back else \
                "a base side has one target for each of the six colours"
            raise InvalidArgumentError(side, input=self.targets)
        if sum(t for _, t in pairs) != 15:
            raise InvalidArgumentError("the targets of a goal board sum to 15", input=self.targets)
        object.__setattr__(self, "targets", tuple(sorted(pairs, key=lambda p: COLOURS.index(p[0]))))

    @property
    def total(self) -> int:
        """Sum of the targets (always 15)."""
        return sum(t for _, t in self.targets)

    def target(self, colour: Colour) -> int | None:
        """The target of ``colour``, or None if the side has no such colour (white on a back side)."""
        return dict(self.targets).get(Colour.parse(colour))

    def with_white(self, marker: int) -> tuple[tuple[Colour, int], ...]:
        """A back side's five targets plus the white-die marker as the sixth (handicap variant).

        Raises InvalidArgumentError on a base side or for a marker outside 1..6.

        >>> dict(GoalBoard.parse('B4 Y4 K3 G2 R2', back=True).with_white(3))[Colour.WHITE]
        3
        """
        if not self.back:
            raise InvalidArgumentError("only a back side takes a white-die marker", input=self.notation())
        _check.whole(marker, 1, 6, "a white-die marker")
        return tuple(sorted([*self.targets, (Colour.WHITE, marker)], key=lambda p: COLOURS.index(p[0])))

    def notation(self) -> str:
        """The side as text, e.g. ``'B4 Y3 K3 W2 G2 R1'`` (round-trips through :meth:`parse`)."""
        return " ".join(f"{c.value}{t}" for c, t in self.targets)

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def parse(cls, text: str, back: bool | None = None, name: str = "") -> GoalBoard:
        """A side from text like ``'B4 Y3 K3 W2 G2 R1'`` (five entries, no white, for a back side).

        Raises NotationError for malformed text, InvalidArgumentError for impossible targets.
        """
        if not isinstance(text, str):
            raise NotationError("a goal board is written like 'B4 Y3 K3 W2 G2 R1'", input=text)
        pairs = []
        for word in text.replace(",", " ").split():
            if len(word) != 2 or not word[1].isdigit() or not word[1].isascii():
                raise NotationError(f"'{word}' is not a colour letter and a target, like B4", input=text)
            pairs.append((Colour.parse(word[0]), int(word[1])))
        if back is None:
            back = len(pairs) == 5
        return cls(tuple(pairs), back=back, name=name)


#: The one goal board of the published game that is public.
PUBLIC_BOARD = GoalBoard.parse("B4 Y3 K3 W2 G2 R1", name="public board")


@cache
def six_target_boards() -> tuple[tuple[int, ...], ...]:
    """Every ordered six-target base side: targets 1..6 per colour summing to 15 (1,666 of them).

    >>> six_target_boards()[0]
    (1, 1, 1, 1, 5, 6)
    """
    return tuple(t for t in product(range(1, 7), repeat=6) if sum(t) == 15)


@cache
def six_target_multisets() -> tuple[tuple[int, ...], ...]:
    """The 19 base sides up to order: multisets of six targets 1..6 summing to 15, descending.

    >>> six_target_multisets()[:2]
    ((3, 3, 3, 2, 2, 2), (3, 3, 3, 3, 2, 1))
    """
    found = {tuple(sorted(t, reverse=True)) for t in six_target_boards()}
    return tuple(sorted(found, key=lambda t: (-_spread(t), t), reverse=False))


def _spread(t: tuple[int, ...]) -> int:
    # boards are listed from the most even spread of targets to the least
    return -sum((x - 2.5) ** 2 for x in t)


@cache
def five_target_backs() -> tuple[tuple[int, ...], ...]:
    """Every ordered five-target back side: targets 1..6 summing to 15 (651 of them).

    >>> len(five_target_backs())
    651
    """
    return tuple(t for t in product(range(1, 7), repeat=5) if sum(t) == 15)


#: The target multisets of the default set besides the public board, easiest last.  Chosen by
#: :func:`default_boards`' rule; ``tests/test_nasty15.py`` recomputes the choice with the optimal policy.
DEFAULT_MULTISETS: tuple[tuple[int, ...], ...] = (
    (6, 5, 1, 1, 1, 1), (6, 4, 2, 1, 1, 1), (5, 5, 2, 1, 1, 1), (6, 3, 2, 2, 1, 1), (5, 4, 3, 1, 1, 1),
    (6, 2, 2, 2, 2, 1), (5, 4, 2, 2, 1, 1), (5, 3, 3, 2, 1, 1), (4, 4, 3, 2, 1, 1), (5, 3, 2, 2, 2, 1),
    (4, 4, 2, 2, 2, 1), (3, 3, 3, 3, 2, 1), (3, 3, 3, 2, 2, 2), (4, 3, 2, 2, 2, 2),
)


def default_boards() -> tuple[tuple[GoalBoard, GoalBoard], ...]:
    """The kit's default set of 15 double-sided goal boards, ``(base side, back side)`` pairs.

    How they were chosen (the real game's boards are not public): the base sides
    are the public board plus 14 of the other 18 six-target multisets, spread
    across difficulty: the 18 are sorted by the optimal expected score of a turn
    (10.78 to 13.67 points) and every 17/13-th is kept, dropping four from the
    crowded middle.  Each multiset is dealt to the colours by a rotation that
    changes from board to board, so every colour gets high and low targets.  A
    back side is its base side with white's target moved onto green (then red,
    blue, yellow, black), never above 6.  The set is fixed: no randomness.

    >>> boards = default_boards()
    >>> len(boards), boards[0][0] == PUBLIC_BOARD, boards[0][1].notation()
    (15, True, 'B4 Y3 K3 G4 R1')
    """
    out = [(PUBLIC_BOARD, _back_of(PUBLIC_BOARD.targets))]
    for i, m in enumerate(DEFAULT_MULTISETS, start=1):
        order = [m[(j + i) % 6] for j in range(6)]
        base = GoalBoard(tuple(zip(COLOURS, order, strict=True)), name=f"board {i + 1}")
        out.append((base, _back_of(base.targets)))
    return tuple(out)


def _back_of(targets: tuple[tuple[Colour, int], ...]) -> GoalBoard:
    values = dict(targets)
    spare = values.pop(Colour.WHITE)
    for colour in (Colour.GREEN, Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.BLACK):
        room = 6 - values[colour]
        add = min(room, spare)
        values[colour] += add
        spare -= add
    return GoalBoard(tuple(values.items()), back=True)
