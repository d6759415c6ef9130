"""Dice colours and goal boards of the "15" dice game (published as *Fiese 15*).

Six dice in six colours.  A *goal board* gives each colour a *target*, a pip
value from 1 to 6; the base side has six targets summing to 15, the back side
five (no white die), used by the handicap variant together with a white-die
marker.  Back sides may have any sum unless ``backs_sum_to_15=True`` (the
reading is explained in :mod:`fifteen_kit.nasty15.rules`).

The real game has 15 double-sided goal boards; only one base side is public
(:data:`PUBLIC_BOARD`: blue 4, yellow 3, black 3, white 2, green 2, red 1).  The
kit ships that one plus a generated default set (:func:`default_boards`), and
users may enter the boards of their own copy (:meth:`GoalBoard.parse` for a side,
:func:`parse_boards` / :func:`format_boards` for a whole set as text, one board
a line).  Counting helpers enumerate every possible board: 1,666 ordered
six-target sides (19 up to order) and 651 ordered five-target backs that sum
to 15.

The text format of a set (:func:`format_boards`, read back by :func:`parse_boards`): one
double-sided board per line, ``[name:] <base side> / <back side>``, each side as
colour letters and targets; blank lines and lines starting with ``#`` are skipped::

    public board: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1
    B5 Y1 K1 W1 G1 R6 / B5 Y1 K1 G2 R6

Colours are colour-blind safe (Okabe-Ito) and each has a letter, so no one
depends on colour alone.

>>> PUBLIC_BOARD.notation()
'B4 Y3 K3 W2 G2 R1'
>>> len(six_target_boards()), len(six_target_multisets()), len(five_target_backs())
(1666, 19, 651)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import product

from .. import _check
from ..errors import FifteenKitError, InvalidArgumentError, NotationError

__all__ = [
    "COLOURS",
    "DEFAULT_MULTISETS",
    "MAX_BOARDS",
    "MAX_BOARDS_TEXT",
    "MAX_NAME",
    "PUBLIC_BOARD",
    "Colour",
    "GoalBoard",
    "check_board_pairs",
    "default_boards",
    "five_target_backs",
    "format_boards",
    "parse_boards",
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
        key = text.strip().upper() if isinstance(text, str) and len(text) <= 10 else None
        for c in cls:
            if key in (c.value, c.name):
                return c
        shown = text if not isinstance(text, str) or len(text) <= 10 else text[:10] + "..."
        raise NotationError("a colour is one of B Y K W G R (blue yellow black white green red)", input=shown)


#: The six colours in the order boards list them.
COLOURS: tuple[Colour, ...] = tuple(Colour)


#: Limits on a set of boards entered as text (so no typed text can freeze the kernel).
MAX_BOARDS = 100
MAX_BOARDS_TEXT = 10_000
MAX_NAME = 40


@dataclass(frozen=True)
class GoalBoard:
    """One side of a goal board: a target (1..6) for each of its colours.

    ``targets`` maps colour to target.  A base side has all six colours and sums
    to 15; a back side (``back=True``) has the five colours other than white and
    any sum (see the reading in :mod:`fifteen_kit.nasty15.rules`).  ``name`` is a
    label for menus (at most 40 characters; no ``:``, ``/``, ``#`` or line break).

    Raises InvalidArgumentError for targets outside 1..6 (naming the colour),
    wrong colours, or a base side whose sum is not 15.

    >>> GoalBoard.parse('B4 Y3 K3 W2 G2 R1').total
    15
    >>> GoalBoard.parse('B6 Y6 K6 G6 R6').total
    30
    """

    targets: tuple[tuple[Colour, int], ...]
    back: bool = False
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        _check.flag(self.back, "back")
        if (not isinstance(self.name, str) or len(self.name) > MAX_NAME or any(ch in self.name for ch in ":/#")
                or not self.name.isprintable() or self.name != self.name.strip()):
            # printable, no separator of the text form, no space at either end: every name round-trips as text
            raise InvalidArgumentError(f"a board's name is text of at most {MAX_NAME} printable characters without "
                                       ": / # or line breaks, and no space at either end", input=self.name)
        raw = self.targets.items() if isinstance(self.targets, dict) else self.targets
        pairs = []
        for item in _check.items(raw, 6, "a goal board's targets"):
            if not (isinstance(item, tuple) and len(item) == 2):
                raise InvalidArgumentError("targets are (colour, target) pairs", input=self.targets)
            colour = Colour.parse(item[0])
            pairs.append((colour, _check.whole(item[1], 1, 6, f"the {colour.title} target")))
        colours = [c for c, _ in pairs]
        expected = [c for c in COLOURS if not (self.back and c is Colour.WHITE)]
        if sorted(colours, key=COLOURS.index) != expected:
            side = "a back side has blue, yellow, black, green and red" if self.back else \
                "a base side has one target for each of the six colours"
            raise InvalidArgumentError(side, input=self.targets)
        if not self.back and sum(t for _, t in pairs) != 15:
            raise InvalidArgumentError("the targets of a base side sum to 15", input=self.targets)
        object.__setattr__(self, "targets", tuple(sorted(pairs, key=lambda p: COLOURS.index(p[0]))))

    @property
    def total(self) -> int:
        """Sum of the targets (15 on a base side; 5 to 30 on a back side)."""
        return sum(t for _, t in self.targets)

    def target(self, colour: Colour | str) -> int | None:
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
    def parse(cls, text: str, back: bool | None = None, name: str = "", backs_sum_to_15: bool = False) -> GoalBoard:
        """A side from text like ``'B4 Y3 K3 W2 G2 R1'`` (five entries, no white, for a back side).

        ``back`` None: six entries make a base side, five a back side.  ``backs_sum_to_15``: also require a
        back side's targets to sum to 15 (the other reading of the Objective).

        Raises NotationError for malformed text (or more than 60 characters), InvalidArgumentError for
        impossible targets.

        >>> GoalBoard.parse('B4 Y3 K3 G4 R2', backs_sum_to_15=True)
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.InvalidArgumentError: with backs_sum_to_15, a back side's targets sum to 15, not 16 (...)
        """
        if not isinstance(text, str) or len(text) > 60:
            raise NotationError("a goal board is written like 'B4 Y3 K3 W2 G2 R1' (at most 60 characters)",
                                input=text if not isinstance(text, str) else text[:60] + "...")
        if back is not None:
            _check.flag(back, "back")
        _check.flag(backs_sum_to_15, "backs_sum_to_15")
        pairs = []
        for word in text.replace(",", " ").split():
            if len(word) != 2 or word[1] not in "0123456789":
                raise NotationError(f"'{word}' is not a colour letter and a target, like B4", input=text)
            pairs.append((Colour.parse(word[0]), int(word[1])))
        if back is None:
            back = len(pairs) == 5
        board = cls(tuple(pairs), back=back, name=name)
        if backs_sum_to_15 and board.back and board.total != 15:
            raise InvalidArgumentError(f"with backs_sum_to_15, a back side's targets sum to 15, not {board.total}",
                                       input=text)
        return board


def format_boards(boards: Iterable[tuple[GoalBoard, GoalBoard]]) -> str:
    """A set of double-sided boards as text, one ``[name:] base / back`` line each (see the module docstring).

    Round-trips through :func:`parse_boards` (names included).  Raises InvalidArgumentError for anything but
    (base side, back side) pairs, or more than 100 boards.

    >>> print(format_boards(default_boards()[:2]))
    public board: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1
    board 2: B5 Y1 K1 W1 G1 R6 / B5 Y1 K1 G2 R6
    """
    pairs = check_board_pairs(boards)
    return "\n".join((f"{base.name}: " if base.name else "") + f"{base.notation()} / {back.notation()}"
                     for base, back in pairs)


def check_board_pairs(boards: Iterable[tuple[GoalBoard, GoalBoard]], what: str = "boards",
                      backs_sum_to_15: bool = False) -> tuple[tuple[GoalBoard, GoalBoard], ...]:
    """``boards`` as a tuple of (base side, back side) pairs, checked: 1 to 100 pairs of :class:`GoalBoard`.

    ``boards`` may be any collection of pairs (an iterator is read once); ``what`` names them in messages
    (text of 1 to 40 characters); ``backs_sum_to_15``: also require every back side to sum to 15.

    Raises InvalidArgumentError naming the first bad board (from 1) and what is wrong with it, or a bad
    ``what`` or ``backs_sum_to_15``.

    >>> len(check_board_pairs(default_boards()))
    15
    """
    _check.text(what, MAX_NAME, "what (the name of the boards in messages)", empty=False)
    _check.flag(backs_sum_to_15, "backs_sum_to_15")
    pool = _check.items(boards, MAX_BOARDS, what)
    if not pool:
        raise InvalidArgumentError(f"{what} must hold 1 to {MAX_BOARDS} (base side, back side) pairs, not none",
                                   input=boards)
    for number, pair in enumerate(pool, start=1):
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(s, GoalBoard) for s in pair)):
            raise InvalidArgumentError(f"board {number} of {what} is not a (base side, back side) pair of "
                                       "GoalBoard", input=pair)
        if pair[0].back or not pair[1].back:
            raise InvalidArgumentError(f"board {number} of {what}: the base side (six targets) comes first, "
                                       "the back side (five) second", input=pair)
        if backs_sum_to_15 and pair[1].total != 15:
            raise InvalidArgumentError(f"board {number} of {what}, back side: with backs_sum_to_15 its targets "
                                       f"sum to 15, not {pair[1].total}", input=pair[1].notation())
    return tuple(pool)


def parse_boards(text: str, backs_sum_to_15: bool = False) -> tuple[tuple[GoalBoard, GoalBoard], ...]:
    """A set of double-sided boards from text, one ``[name:] base / back`` line each (see the module docstring).

    At most 100 boards and 10,000 characters.  Blank lines and lines starting with ``#`` are skipped.
    ``backs_sum_to_15``: also require every back side to sum to 15.

    Raises NotationError naming the line, the board and the side (and colour) that is wrong.

    >>> pairs = parse_boards("mine: B4 Y3 K3 W2 G2 R1 / B6 Y3 K3 G4 R1")
    >>> pairs[0][0].name, pairs[0][1].total
    ('mine', 17)
    >>> parse_boards("B4 Y3 K3 W2 G2 R1 / B4 Y9 K3 G4 R1")
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.NotationError: line 1 (board 1), back side: the yellow target must be ... from 1 to 6 (...)
    """
    if not isinstance(text, str) or len(text) > MAX_BOARDS_TEXT:
        raise NotationError(f"a set of boards is text of at most {MAX_BOARDS_TEXT:,} characters, one "
                            "'name: B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1' line per board",
                            input=text if not isinstance(text, str) else text[:40] + "...")
    _check.flag(backs_sum_to_15, "backs_sum_to_15")
    pairs: list[tuple[GoalBoard, GoalBoard]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        label = f"line {number} (board {len(pairs) + 1})"
        if len(pairs) == MAX_BOARDS:
            raise NotationError(f"{label}: a set holds at most {MAX_BOARDS} boards", input=line)
        name, _, sides = body.rpartition(":") if ":" in body else ("", "", body)
        name = name.strip()
        if name:
            label = f"line {number} (board '{name}')"
        parts = sides.split("/")
        if len(parts) != 2:
            raise NotationError(f"{label}: write the base side, '/', then the back side", input=line)
        sided = []
        for side, part, back in (("base side", parts[0], False), ("back side", parts[1], True)):
            try:
                sided.append(GoalBoard.parse(part.strip(), back=back, name=name,
                                             backs_sum_to_15=backs_sum_to_15))
            except FifteenKitError as err:
                raise NotationError(f"{label}, {side}: {err.message}", input=line) from None
        pairs.append((sided[0], sided[1]))
    if not pairs:
        raise NotationError("the text holds no board: write one 'B4 Y3 K3 W2 G2 R1 / B4 Y3 K3 G4 R1' line "
                            "per board", input=text[:40])
    return tuple(pairs)


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


def _spread(t: tuple[int, ...]) -> float:
    # boards are listed from the most even spread of targets to the least
    return -sum((x - 2.5) ** 2 for x in t)


@cache
def five_target_backs() -> tuple[tuple[int, ...], ...]:
    """Every ordered five-target back side whose targets 1..6 sum to 15 (651 of them; any sum: 6^5 = 7,776).

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
