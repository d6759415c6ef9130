"""Playing cards for Fifteens patience: a standard 52-card deck, dealt from a seed.

A card is written rank then suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10``
is accepted for T), suits ``C D H S`` (clubs, diamonds, hearts, spades).  In
Fifteens an ace counts 1 and 2..9 their face value; tens, jacks, queens and
kings have no value and are removed only by the face-card rule.

>>> Card.parse('10h'), str(Card(1, 'S'))
(Card(rank=10, suit='H'), 'AS')
>>> len(deck()), len(set(deck()))
(52, 52)
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _check
from ..chance import Seed, make_rng
from ..errors import InvalidArgumentError, NotationError

__all__ = ["RANKS", "SUITS", "Card", "deck", "shuffled_deck"]

#: Rank letters by rank number 1..13 (index 0 unused).
RANKS = ".A23456789TJQK"
#: Suit letters: clubs, diamonds, hearts, spades.
SUITS = "CDHS"
_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: ``rank`` 1 (ace) .. 13 (king) and ``suit`` one of C D H S.

    Raises InvalidArgumentError for anything else.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        _check.whole(self.rank, 1, 13, "a rank (1 ace .. 13 king)")
        if not isinstance(self.suit, str) or self.suit.upper() not in SUITS or len(self.suit) != 1:
            raise InvalidArgumentError("a suit is one of C D H S", input=self.suit)
        object.__setattr__(self, "suit", self.suit.upper())

    @property
    def value(self) -> int | None:
        """The card's value in a fifteen: 1..9, or None for 10, J, Q, K."""
        return self.rank if self.rank <= 9 else None

    @property
    def is_face(self) -> bool:
        """True for 10, J, Q, K (removed only by the face-card rule)."""
        return self.rank >= 10

    @property
    def symbol(self) -> str:
        """The suit's symbol, e.g. ``'♥'``."""
        return _SYMBOL[self.suit]

    @property
    def label(self) -> str:
        """A display label such as ``'10♥'`` or ``'A♠'``."""
        return ("10" if self.rank == 10 else RANKS[self.rank]) + self.symbol

    @property
    def red(self) -> bool:
        """True for diamonds and hearts."""
        return self.suit in "DH"

    def __str__(self) -> str:
        return RANKS[self.rank] + self.suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from text like ``'AS'``, ``'th'`` or ``'10H'``. Raises NotationError otherwise."""
        if not isinstance(text, str):
            raise NotationError("a card is written like 'AS' or '10H'", input=text)
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANKS[1:] or t[1] not in SUITS:
            raise NotationError("a card is a rank (A 2-9 T J Q K) and a suit (C D H S), like 'AS'", input=text)
        return cls(RANKS.index(t[0]), t[1])


def deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (by suit, then rank)."""
    return tuple(Card(r, s) for s in SUITS for r in range(1, 14))


def shuffled_deck(seed: Seed) -> tuple[Card, ...]:
    """The deck shuffled by ``random.Random(seed)``: the same seed gives the same deal everywhere.

    >>> shuffled_deck(1) == shuffled_deck(1) != shuffled_deck(2)
    True
    """
    cards = list(deck())
    make_rng(seed).shuffle(cards)
    return tuple(cards)
