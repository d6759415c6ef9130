"""Fifteens patience as immutable positions.

Rules, in the kit's words:

* Deal 16 cards face up into a 4x4 *tableau*; the other 36 form the *stock*.
  Removed cards go to the *waste*.
* A *removal* takes two or more tableau cards whose values sum to exactly 15
  (ace 1, 2..9 their face value).  Tens, jacks, queens and kings have no value:
  they leave only as a set of all four cards of one rank (four 10s, four jacks,
  ...), and never together with other cards.
* After each removal the empty tableau places are refilled from the stock, in
  place order (top-left to bottom-right), while the stock lasts.  No redeal.
* The game is won when tableau and stock are empty, and lost when no removal is
  possible.

The other common face-card rule is the option ``face_rule='one-each'``: instead, one 10, one jack, one queen
and one king go together.

Places are numbered 0..15, row by row.  A move (a *removal*) is a tuple of places in ascending order; its
text lists the place numbers, e.g. ``'6 15'`` (see :func:`removal_text` and :func:`parse_removal`).
Position notation (round-trips through :meth:`Position.parse`)::

    <16 tableau cards, '..' for an empty place> / <stock, top first> / <waste, oldest first> [one-each]

:class:`Position` satisfies the engine contract :class:`fifteen_kit.contract.Position`.

>>> p = Position.deal(seed=1)
>>> len(p.tableau), len(p.stock), p.is_won
(16, 36, False)
>>> Position.parse(p.notation()) == p
True
>>> p.play('6 15') == p.play((6, 15))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations, groupby, product
from operator import lshift
from typing import Literal

from .. import _check
from .._notation import Notated
from ..chance import Seed
from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from ..options import Option
from .cards import Card, deck, shuffled_deck

__all__ = ["FACE_RULES", "MAX_NOTATION", "MAX_REMOVAL_TEXT", "OPTIONS", "FaceRule",
           "Position", "Removal", "parse_removal",
           "removal_problem", "removal_text", "removals_of"]

_DECK = frozenset(deck())

#: A face-card rule: four of one rank (the rulebook's), or one each of 10 J Q K.
FaceRule = Literal["four-of-a-kind", "one-each"]
#: The setup choices of a deal, each declared once (:class:`fifteen_kit.options.Option`): name -> option.
OPTIONS: dict[str, Option[FaceRule]] = {"face_rule": Option.declare(
    FaceRule, {"four-of-a-kind": "4 of a kind", "one-each": "10, J, Q, K"}, name="face_rule", title="Face cards",
    section="Gameplay, Restrictions",
    help="How 10s, jacks, queens and kings go: four of a kind, or one of each")}
#: The two face-card rules, the rulebook's first.
FACE_RULES: tuple[FaceRule, ...] = OPTIONS["face_rule"].choices
#: A move: the places (0..15, ascending) of the cards removed together.
Removal = tuple[int, ...]
#: The longest removal text :func:`parse_removal` reads.
MAX_REMOVAL_TEXT = 100


def removal_text(removal: Removal) -> str:
    """The text of a removal: its place numbers in ascending order, separated by spaces.

    Raises InvalidArgumentError unless ``removal`` is a collection of at most 16 place numbers 0..15.

    >>> removal_text((15, 6))
    '6 15'
    """
    places = _check.items(removal, 16, "a removal")
    for p in places:
        _check.whole(p, 0, 15, "a place of a removal")
    return " ".join(str(p) for p in sorted(places))


def parse_removal(text: str) -> Removal:
    """The removal written in ``text``: place numbers 0..15 separated by spaces, commas or ``+``.

    The places come back in ascending order.  Raises NotationError for other text (a place named twice
    included) or text longer than :data:`MAX_REMOVAL_TEXT` characters.

    >>> parse_removal('15, 6')
    (6, 15)
    """
    _check.text(text, MAX_REMOVAL_TEXT, "a removal's text", error=NotationError)
    words = text.replace(",", " ").replace("+", " ").split()
    if not words or not all(w.isdigit() and w.isascii() and int(w) <= 15 for w in words):
        raise NotationError("a removal is written as place numbers 0..15, like '6 15'", input=text)
    places = sorted(int(w) for w in words)
    if len(set(places)) != len(places):
        raise NotationError("a removal names each place once", input=text)
    return tuple(places)


def removal_problem(cards: list[Card], face_rule: FaceRule = "four-of-a-kind") -> str | None:
    """Why ``cards`` are not a legal removal, or None if they are (the rule itself, place-free).

    >>> removal_problem([Card(9, 'S'), Card(6, 'H')]) is None
    True
    >>> removal_problem([Card(10, 'S'), Card(5, 'H')])
    'a 10, jack, queen or king never combines with other cards'

    Raises InvalidArgumentError unless ``cards`` is a collection of at most 16 distinct :class:`Card` values
    and ``face_rule`` one of :data:`FACE_RULES`.
    """
    cards = _cards(cards, "the cards of a removal")
    OPTIONS["face_rule"].check(face_rule)
    if not cards:
        return "select at least two cards"
    faces = [c for c in cards if c.is_face]
    if faces:
        if len(faces) != len(cards):
            return "a 10, jack, queen or king never combines with other cards"
        if face_rule == "one-each":
            if sorted(c.rank for c in cards) != [10, 11, 12, 13]:
                return "face cards go as one 10, one jack, one queen and one king together"
            return None
        if len(cards) != 4 or len({c.rank for c in cards}) != 1:
            return "10s, jacks, queens and kings go only as all four of one rank together"
        return None
    if len(cards) < 2:
        return "a fifteen needs at least two cards"
    total = sum(c.rank for c in cards)
    if total != 15:
        return f"these cards sum to {total}, not 15"
    return None


# -- removals by rank (shared with the solver) ---------------------------------------------------------
_FACE = (10, 11, 12, 13)


def _enumerate(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    # all sorted rank tuples (ranks 1..9, >= 2 cards) summing to 15 that fit in `counts`, in a fixed order
    found: list[tuple[int, ...]] = []
    left = list(counts)
    chosen: list[int] = []

    def extend(rank: int, total: int) -> None:
        for r in range(rank, 10):
            if total + r > 15:
                return
            if left[r]:
                left[r] -= 1
                chosen.append(r)
                if total + r == 15:
                    if len(chosen) >= 2:
                        found.append(tuple(chosen))
                else:
                    extend(r, total + r)
                chosen.pop()
                left[r] += 1

    extend(1, 0)
    return found


_SHIFTS = tuple(range(0, 36, 4))


def _pack(counts: Iterable[int]) -> int:
    # counts of ranks 1..9 (the first nine numbers given) as 4-bit fields (each count is at most 4)
    return sum(map(lshift, counts, _SHIFTS))


# Every number-card set that makes 15 from a full deck (109 of them), with its packed rank counts.
# A set fits a tableau when no field of the tableau's packed counts is smaller: with a guard bit 8
# in every field, (have | guard) - need keeps every guard bit exactly when have >= need everywhere
# (fields stay in 4..12, so no borrow crosses a field).
_GUARD = _pack([8] * 9)
_SETS = tuple((s, _pack([s.count(r) for r in range(1, 10)])) for s in _enumerate((0,) + (4,) * 9 + (0,) * 4))


_ONES = _pack([1] * 9)  # the lowest bit of every field
# The sets using only the ranks present (keyed by the lowest bit of each field set for a rank present), in
# _SETS order: a tableau's sets are among them (at most 512 keys, filled on first use).
_CANDIDATES: dict[int, tuple[tuple[tuple[int, ...], int], ...]] = {}


def _candidates(numbers: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    # the sets (ranks, packed need) whose ranks all lie in the packed counts `numbers`
    present = (numbers | numbers >> 1 | numbers >> 2) & _ONES
    found = _CANDIDATES.get(present)
    if found is None:
        found = _CANDIDATES[present] = tuple(sn for sn in _SETS if sn[1] & present * 15 == sn[1])
    return found


# The number-card sets that fit packed counts, in _SETS order, per packed counts (bounded like the cache below).
_FITTING: dict[int, tuple[tuple[int, ...], ...]] = {}


def _fitting(numbers: int) -> tuple[tuple[int, ...], ...]:
    found = _FITTING.get(numbers)
    if found is None:
        guard = _GUARD
        have = numbers | guard
        found = tuple([s for s, need in _candidates(numbers) if (have - need) & guard == guard])
        if len(_FITTING) >= 200_000:
            _FITTING.clear()
        _FITTING[numbers] = found
    return found


@lru_cache(maxsize=200_000)
def _removal_ranks(counts: tuple[int, ...], face_rule: FaceRule) -> tuple[tuple[int, ...], ...]:
    found: list[tuple[int, ...]] = []
    if face_rule == "one-each":
        if all(counts[r] for r in _FACE):
            found.append(_FACE)
    else:
        found.extend((r,) * 4 for r in _FACE if counts[r] == 4)
    found.extend(_fitting(_pack(counts[1:10])))
    return tuple(found)



def removals_of(tableau: tuple[Card | None, ...], face_rule: FaceRule = "four-of-a-kind") -> tuple[Removal, ...]:
    """Every legal removal among the cards at these places (None: empty), smaller sets first.

    >>> removals_of((Card(9, 'S'), None, Card(6, 'H'), Card(5, 'C')))
    ((0, 2),)

    Raises InvalidArgumentError unless ``tableau`` holds at most 16 places, each a :class:`Card` (each card at
    most once) or None, and ``face_rule`` is one of :data:`FACE_RULES`.
    """
    return _removals(_places(tableau), OPTIONS["face_rule"].check(face_rule))


# a removal's ranks as (rank, how many) pairs, filled on first use
_GROUPED: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def _removals(places: Iterable[Card | None], face_rule: FaceRule) -> tuple[Removal, ...]:
    # removals_of without the checks (for a valid Position's tableau)
    at: list[list[int]] = [[] for _ in range(14)]  # at[rank]: the places holding that rank, in order
    for p, c in enumerate(places):
        if c is not None:
            at[c.rank].append(p)
    found: list[tuple[int, ...]] = []
    # each removal by rank, then every choice of places for it: k cards of a rank are any k of its places
    for ranks in _removal_ranks(tuple(map(len, at)), face_rule):
        spec = _GROUPED.get(ranks)
        if spec is None:
            spec = _GROUPED[ranks] = tuple((rank, len(list(same))) for rank, same in groupby(ranks))
        if all(len(at[rank]) == k for rank, k in spec):  # one way only: every card of those ranks
            found.append(tuple(sorted(chain.from_iterable(at[rank] for rank, _ in spec))))
        else:
            groups = [combinations(at[rank], k) for rank, k in spec]
            found.extend(tuple(sorted(chain.from_iterable(combo))) for combo in product(*groups))
    found.sort()
    found.sort(key=len)  # smaller sets first, each size in order (a stable sort)
    return tuple(found)


def _cards(cards: object, what: str) -> list[Card]:
    # a collection of at most 16 distinct cards, read once (iterators and generators included)
    out = _check.items(cards, 16, what)
    for c in out:
        if not isinstance(c, Card):
            raise InvalidArgumentError(f"{what} must be Card values", input=c)
    if len(set(out)) != len(out):
        raise InvalidArgumentError(f"{what} name a card twice", input=" ".join(map(str, out)))
    return out


def _places(tableau: object) -> list[Card | None]:
    # at most 16 places, each a Card (at most once) or None (empty), read once
    out = _check.items(tableau, 16, "the tableau")
    for c in out:
        if c is not None and not isinstance(c, Card):
            raise InvalidArgumentError("a tableau place holds a Card or None (empty)", input=c)
    cards = [c for c in out if c is not None]
    if len(set(cards)) != len(cards):
        raise InvalidArgumentError("the tableau holds a card twice", input=" ".join(map(str, cards)))
    return out


#: The longest position notation :meth:`Position.parse` reads (the longest real one has under 200 characters).
MAX_NOTATION = 1_000


@dataclass(frozen=True, repr=False)
class Position(Notated):
    """A Fifteens position: the 16 tableau places, the stock (top first) and the waste.

    Raises InvalidArgumentError / NotationError unless the 52 cards are all accounted for exactly once.
    """

    tableau: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    face_rule: FaceRule = "four-of-a-kind"

    def __post_init__(self) -> None:
        tableau = _check.items(self.tableau, 16, "the tableau")
        if len(tableau) != 16:
            raise InvalidArgumentError("the tableau has 16 places", input=self.tableau)
        stock = _check.items(self.stock, 52, "the stock")
        waste = _check.items(self.waste, 52, "the waste")
        for c in [*tableau, *stock, *waste]:
            if c is not None and not isinstance(c, Card):
                raise InvalidArgumentError("positions hold Card values", input=c)
        if None in stock or None in waste:
            raise InvalidArgumentError("stock and waste hold Card values (only a tableau place may be empty)",
                                       input=None)
        everything = [c for c in tableau if c is not None] + stock + waste
        if len(everything) != 52 or set(everything) != _DECK:
            missing = sorted(set(deck()) - set(everything))
            doubled = sorted(c for c, n in Counter(everything).items() if n > 1)
            raise InvalidArgumentError(f"the 52 cards must each appear once (missing {' '.join(map(str, missing))};"
                                       f" repeated {' '.join(map(str, doubled))})", input=self.notation_of(
                                           tableau, stock, waste))
        if stock and any(c is None for c in tableau):
            raise InvalidArgumentError("an empty place while the stock has cards: the tableau is refilled first",
                                       input=self.notation_of(tableau, stock, waste))
        OPTIONS["face_rule"].check(self.face_rule)
        object.__setattr__(self, "tableau", tuple(tableau))
        object.__setattr__(self, "stock", tuple(stock))
        object.__setattr__(self, "waste", tuple(waste))

    @classmethod
    def deal(cls, seed: Seed = None, face_rule: FaceRule = "four-of-a-kind") -> Position:
        """A new deal from a seeded shuffle: the first 16 cards to the tableau, the rest to the stock.

        Raises InvalidArgumentError for a bad seed (see :func:`~fifteen_kit.chance.make_rng`) or face rule.

        >>> Position.deal(seed=1) == Position.deal(seed=1)
        True
        """
        OPTIONS["face_rule"].check(face_rule)
        cards = shuffled_deck(seed)
        return cls(cards[:16], cards[16:], (), face_rule)

    # -- reading --------------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards on the tableau, in place order."""
        return tuple(c for c in self.tableau if c is not None)

    @property
    def is_won(self) -> bool:
        """True when tableau and stock are empty."""
        return not self.stock and not self.cards

    @property
    def is_lost(self) -> bool:
        """True when cards remain and no removal is possible."""
        return not self.is_won and not self.legal_moves()

    @property
    def is_over(self) -> bool:
        """Won or lost."""
        return self.is_won or self.is_lost

    def explain(self, move: object) -> str | None:
        """Why the removal ``move`` is illegal, or None if it is legal (rulebook: *Fifteens Solitaire Rules*).

        ``move`` is a collection of place numbers (an iterator or generator is read once) or its text (see
        :func:`parse_removal`).  A removal the rules refuse -- a place named twice, a number above 15, an empty
        place, more than 16 places, cards that do not make a fifteen, text that is not a removal -- gets its
        reason as text.  A value that is neither text nor a collection of place numbers (None, a number, a list
        holding a non-number or a negative number, ...) is not a removal at all: it raises IllegalMoveError, the
        same error :meth:`play` raises for it, and nothing changes.

        >>> p = Position.deal(seed=1)
        >>> p.explain([0, 0])
        'a place is named twice'
        >>> p.explain([16])
        '16 is not a place 0..15'
        >>> p.explain('6 15') is None
        True
        >>> p.explain(None)
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.IllegalMoveError: places must be a collection of place numbers 0..15 (input: None; ...
        """
        if isinstance(move, str):
            try:
                move = parse_removal(move)
            except NotationError as err:
                return err.message
        if isinstance(move, bytes) or not isinstance(move, Iterable):
            raise IllegalMoveError("places must be a collection of place numbers 0..15",
                                   input=_check.short(move), position=self.notation())
        try:
            chosen = _check.items(move, 16, "places", IllegalMoveError, None)
        except IllegalMoveError as err:
            return err.message
        for p in chosen:  # a non-number (or a negative one) is not a place number at all
            try:
                _check.whole(p, 0, None, "a place", IllegalMoveError)
            except IllegalMoveError as err:  # the position's notation is written only when it is needed
                raise IllegalMoveError(err.message, input=_check.short(p), position=self.notation()) from None
        if len(set(chosen)) != len(chosen):
            return "a place is named twice"
        cards = []
        for p in chosen:
            if not 0 <= p <= 15:
                return f"{p!r} is not a place 0..15"
            card = self.tableau[p]
            if card is None:
                return f"place {p} is empty"
            cards.append(card)
        return removal_problem(cards, self.face_rule)

    def legal_moves(self) -> tuple[Removal, ...]:
        """Every legal removal as a tuple of places (ascending), smaller sets first.

        Rulebook: *Card Removal* and *Face Cards and Tens*; none left is a loss (*Winning & Losing Conditions*).

        >>> Position.parse(Position.deal(seed=1).notation()).legal_moves()[0]
        (6, 15)
        """
        return _removals(self.tableau, self.face_rule)  # a Position is valid: no checks needed

    # -- moves ----------------------------------------------------------------------------------
    def play(self, move: Iterable[int] | str) -> Position:
        """Remove the cards at the places ``move`` names to the waste and refill the empty places from the stock.

        Rulebook: *Card Removal*, then *Replenishing Tableau* (place order, while the stock lasts; no redeal).

        ``move`` may be any collection of at most 16 places, an iterator or generator included (it is read
        once), or its text such as ``'6 15'`` (see :func:`parse_removal`).  Raises GameOverError when the game
        is won, IllegalMoveError (with the reason :meth:`explain` gives) for an illegal removal.

        >>> p = Position.deal(seed=1)
        >>> q = p.play(p.legal_moves()[0])
        >>> len(q.waste), len(q.stock)
        (2, 34)
        >>> len(p.play(iter((6, 15))).waste), len(p.play('6 15').waste)
        (2, 2)
        """
        if isinstance(move, str):
            text = move
            if self.is_won:
                raise GameOverError("the game is won; nothing is left to remove", input=_check.short(text),
                                    position=self.notation())
            try:
                move = parse_removal(text)
            except NotationError as err:
                raise IllegalMoveError(err.message, input=_check.short(text), position=self.notation()) from None
        shown = move if isinstance(move, (tuple, list, set, frozenset, range)) else None
        try:
            places = _check.items(move, 16, "places", IllegalMoveError, None)  # read an iterator only once
        except IllegalMoveError as err:
            raise IllegalMoveError(err.message, input=shown if shown is not None else move,
                                   position=self.notation()) from None
        shown = shown if shown is not None else tuple(places)
        if self.is_won:
            raise GameOverError("the game is won; nothing is left to remove", input=shown,
                                position=self.notation())
        try:
            problem = self.explain(places)
        except IllegalMoveError as err:  # not a collection of place numbers: show the input as given
            raise IllegalMoveError(err.message, input=shown, position=self.notation()) from None
        if problem is not None:
            raise IllegalMoveError(problem, input=shown, position=self.notation())
        return self._after(places)

    def _after(self, places: Iterable[int]) -> Position:
        # the position after the legal removal `places` (not checked: play() checks, or the caller found it
        # among legal_moves())
        chosen = sorted(places)
        tableau = list(self.tableau)
        removed: list[Card] = []
        for p in chosen:
            card = tableau[p]
            if card is not None:  # explain() has checked every place holds a card
                removed.append(card)
            tableau[p] = None
        stock = list(self.stock)
        for p in range(16):
            if tableau[p] is None and stock:
                tableau[p] = stock.pop(0)
        # derived by a legal removal from a valid position: the 52 cards only move, so skip the full check
        new: Position = _check.unchecked(Position, tableau=tuple(tableau), stock=tuple(stock),
                                         waste=self.waste + tuple(removed), face_rule=self.face_rule)
        return new

    # -- notation -------------------------------------------------------------------------------
    @staticmethod
    def notation_of(tableau: Iterable[Card | None], stock: Iterable[Card], waste: Iterable[Card]) -> str:
        """The notation of these parts (used in messages before a Position exists).

        Each part is a collection of at most 52 cards (an iterator is read once); only the tableau may hold
        None (an empty place).  Raises InvalidArgumentError for anything else, naming the part.

        >>> Position.notation_of([Card(1, 'S'), None], [], [Card(2, 'H')])
        'AS .. / / 2H'
        """
        tableau, stock, waste = (_check.items(x, 52, f"the {name}") for x, name in
                                 ((tableau, "tableau"), (stock, "stock"), (waste, "waste")))
        for name, part, empty in (("tableau", tableau, True), ("stock", stock, False), ("waste", waste, False)):
            for c in part:
                if not isinstance(c, Card) and not (empty and c is None):
                    rule = "a Card or None (an empty place)" if empty else "a Card"
                    raise InvalidArgumentError(f"each element of the {name} must be {rule}", input=_check.short(c))
        places = " ".join(".." if c is None else str(c) for c in tableau)
        return f"{places} / {' '.join(map(str, stock))} / {' '.join(map(str, waste))}".replace("  ", " ").strip()

    def notation(self) -> str:
        """The position as text (see the module docstring); round-trips through :meth:`parse`."""
        text = self.notation_of(self.tableau, self.stock, self.waste)
        return text + (" one-each" if self.face_rule == "one-each" else "")

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position written in ``text``. Raises NotationError for malformed or impossible text.

        Text longer than :data:`MAX_NOTATION` characters is refused before it is read.

        >>> Position.parse('..')
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.NotationError: expected '<tableau> / <stock> / <waste>' (input: '..')
        """
        _check.text(text, MAX_NOTATION, "a position notation", error=NotationError)
        body = text.strip()
        face_rule: FaceRule = "four-of-a-kind"
        if body.endswith(" one-each"):
            body, face_rule = body[: -len(" one-each")], "one-each"
        parts = body.split("/")
        if len(parts) != 3:
            raise NotationError("expected '<tableau> / <stock> / <waste>'", input=text)
        try:
            tableau = [None if w == ".." else Card.parse(w) for w in parts[0].split()]
            stock = [Card.parse(w) for w in parts[1].split()]
            waste = [Card.parse(w) for w in parts[2].split()]
            return cls(tuple(tableau), tuple(stock), tuple(waste), face_rule)
        except (NotationError, InvalidArgumentError) as err:
            raise NotationError(err.message, input=text) from None
