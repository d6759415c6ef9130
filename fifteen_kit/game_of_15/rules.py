"""One round of the Game of 15 as an immutable value (rulebook 1.4 and 2.1 to 2.4).

Rules, in the kit's words:

* Nine digit tiles 1..9 start in a shared *pool*.  The players, *Onyx* and
  *Ivory*, take turns; on a turn the player *drafts* one digit still in the pool
  onto their own *rack* (Law 1).
* A player wins the round the moment three of the digits on their rack sum to
  exactly 15.  Two digits or four digits with that sum never count; a rack of
  four or five digits wins as soon as some three of them do (Law 2).
* When all nine digits are drafted and nobody has won, the round is a draw,
  a *stalemate* (Law 4).

Claims, in detail (section 2.4, phase 3, and 2.7): with ``auto_claim=True`` (casual play, the default) a
fifteen ends the round by itself.  With ``auto_claim=False`` the player who just drafted must call "Fifteen!"
naming three of their digits (:meth:`Round.claim`); a fifteen not claimed before the opponent drafts stays on
the rack but wins nothing yet.  A claim is judged by the claimant's rack (2.7): a claim made while holding
*no* three digits that sum to 15 is a *false claim*, whatever digits it names (two, four, unheld ones): the
claimant forfeits the round.  A claim by a player who *does* hold a fifteen but names anything other than
three of its own digits summing to 15 is a *wrong statement*: under the default reading it does not count (no
win, no penalty; see :class:`~fifteen_kit.errors.WrongStatementError`), under ``wrong_statement="false"`` it
is a false claim.  When the pool is empty the last drafter either claims or declines
(:meth:`Round.decline_claim`); declining makes the round a draw.

Position notation (round-trips through :meth:`Round.parse`)::

    258/46 O          Onyx holds 2 5 8, Ivory 4 6, Onyx to move
    -/- I             empty racks, Ivory drafts first
    17/3 I manual        manual claims ("Fifteen!" must be called)
    159/23 I manual +O159   ...and Onyx has claimed 1+5+9

Racks are written Onyx first, ascending, ``-`` for an empty rack; then the
side to move (``O`` or ``I``); then ``manual`` for manual claims; then, for a
result that the racks alone do not show, ``+X258`` (X won by claiming 2+5+8), ``xX`` (X
made a false claim), ``tX`` (X lost on time), ``dX`` (X lost by default) or
``=`` (drawn by declining the last claim).

>>> r = Round().play(5).play(2).play(8)
>>> r.notation()
'58/2 I'
>>> Round.parse('58/2 I') == r
True
>>> r = r.play(6)
>>> r.result is None
True
>>> for d in (4, 3, 7, 9, 1):
...     r = r.play(d)
>>> r.notation(), r.result.reason.value
('14578/2369 I', 'draw')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from .. import _check
from .._notation import Notated
from ..errors import (
    ClaimError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    WrongStatementError,
)
from .square import DIGITS, MAGIC_SQUARE, WINNING_TRIPLES, cell_of, fifteen_in, mask_of

#: Longest text the parsers read (a position or claim is far shorter; longer input is refused at once).
MAX_TEXT = 200

_DIGIT_CHARS = frozenset("123456789")

__all__ = ["MAX_TEXT", "Claim", "Draft", "Move", "Reason", "Round", "RoundResult", "Side", "WrongStatementReading"]

#: How a wrong statement (a claim naming the wrong digits while holding a fifteen, 2.7) is judged:
#: ``'void'`` (default) it does not count; ``'false'`` it is a false claim.
WrongStatementReading = Literal["void", "false"]


class Side(enum.Enum):
    """A player: Onyx (Player 1's black rack) or Ivory (Player 2's white rack), rulebook 2.2.

    >>> Side.ONYX.other, Side.parse('i'), Side.IVORY.title
    (<Side.IVORY: 'I'>, <Side.IVORY: 'I'>, 'Ivory')
    """

    ONYX = "O"
    IVORY = "I"

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side.IVORY if self is Side.ONYX else Side.ONYX

    @property
    def title(self) -> str:
        """The side's name, capitalised: ``'Onyx'`` or ``'Ivory'``."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str | Side, position: str | None = None) -> Side:
        """A side from ``'O'``/``'I'`` or ``'onyx'``/``'ivory'`` (any case), or a Side itself.

        ``position`` is the notation the error message names (text or None).

        Raises :class:`~fifteen_kit.errors.NotationError` for anything else, and
        InvalidArgumentError if ``position`` is neither text nor None.
        """
        if position is not None:
            _check.text(position, 1000, "the position named in an error")
        if isinstance(text, Side):
            return text
        key = text.strip().lower() if isinstance(text, str) else None
        side = {"o": Side.ONYX, "onyx": Side.ONYX, "i": Side.IVORY, "ivory": Side.IVORY}.get(key)
        if side is None:
            raise NotationError("a side is O (Onyx) or I (Ivory)", input=text, position=position)
        return side


class Reason(enum.Enum):
    """How a round ended.

    >>> [r.value for r in Reason]
    ['fifteen', 'false claim', 'time', 'default', 'draw']
    """

    FIFTEEN = "fifteen"  #: three of the winner's digits sum to 15
    FALSE_CLAIM = "false claim"  #: the loser called "Fifteen!" without one (2.7)
    TIME = "time"  #: the loser's clock ran out (speed blitz, 2.6.3)
    DEFAULT = "default"  #: the loser named a taken or impossible digit (blind variant)
    DRAW = "draw"  #: all nine digits drafted, no fifteen (Law 4)


@dataclass(frozen=True)
class RoundResult:
    """The end of a round: the winner (None for a draw), why, and the winning triple.

    ``flawless`` is True for a fifteen made on the winner's own third draft
    (the +1 bonus of rulebook 2.7).

    >>> Round.parse('258/46 I').result
    RoundResult(winner=<Side.ONYX: 'O'>, reason=<Reason.FIFTEEN: 'fifteen'>, triple=(2, 5, 8), flawless=True)
    """

    winner: Side | None
    reason: Reason
    triple: tuple[int, int, int] | None = None
    flawless: bool = False


@dataclass(frozen=True)
class Draft:
    """The move "draft digit ``d``"; its text form is the digit itself.

    >>> str(Draft(7)), Draft.parse(' draft 7 ') == Draft(7)
    ('7', True)
    """

    digit: int

    def __post_init__(self) -> None:
        _check.whole(self.digit, 1, 9, "a drafted digit", NotationError)

    def __str__(self) -> str:
        return str(self.digit)

    @classmethod
    def parse(cls, text: str) -> Draft:
        """A draft from ``'7'`` or ``'draft 7'``.

        Raises :class:`~fifteen_kit.errors.NotationError` for anything but a digit 1..9.
        """
        if not isinstance(text, str):
            raise NotationError("a draft is written as text like '7'", input=text)
        _check.text(text, MAX_TEXT, "a draft", NotationError)
        words = text.strip().lower().split()
        if words[:1] == ["draft"]:
            words = words[1:]
        if len(words) != 1 or words[0] not in _DIGIT_CHARS:
            raise NotationError("a draft is one digit from 1 to 9", input=text)
        return cls(int(words[0]))


@dataclass(frozen=True)
class Claim:
    """The call "Fifteen!" naming three digits; text form ``'Fifteen! 2+5+8'``.

    >>> c = Claim((8, 2, 5))
    >>> str(c), Claim.parse(str(c)) == c
    ('Fifteen! 2+5+8', True)
    """

    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        values = _check.items(self.digits, 9, "the digits of a claim", NotationError)
        for d in values:
            _check.whole(d, 1, 9, "each digit of a claim", NotationError)
        if not values:
            raise NotationError("a claim names digits", input=self.digits)
        object.__setattr__(self, "digits", tuple(sorted(values)))

    def __str__(self) -> str:
        return "Fifteen! " + "+".join(map(str, self.digits))

    @classmethod
    def parse(cls, text: str) -> Claim:
        """A claim from ``'Fifteen! 2+5+8'`` or ``'2 5 8'``.

        Raises :class:`~fifteen_kit.errors.NotationError` unless it names digits 1..9.
        """
        if not isinstance(text, str):
            raise NotationError("a claim is written as text like 'Fifteen! 2+5+8'", input=text)
        _check.text(text, MAX_TEXT, "a claim", NotationError)
        body = text.strip()
        if body.lower().startswith("fifteen!"):
            body = body[len("fifteen!"):]
        parts = body.replace("+", " ").replace(",", " ").split()
        if not parts or len(parts) > 9 or any(p not in _DIGIT_CHARS for p in parts):
            raise NotationError("a claim names digits 1..9, e.g. 'Fifteen! 2+5+8'", input=text)
        return cls(tuple(int(p) for p in parts))


#: What :meth:`Round.play` accepts: a digit or a :class:`Draft`.
Move = int | Draft


def _rack_text(rack: frozenset[int]) -> str:
    return "".join(str(d) for d in sorted(rack)) or "-"


_RESULT_CODES = {"+": Reason.FIFTEEN, "x": Reason.FALSE_CLAIM, "t": Reason.TIME, "d": Reason.DEFAULT}


@dataclass(frozen=True, repr=False)
class Round(Notated):
    """An immutable position of one round: both racks, the side to move, and the result.

    Args:
        onyx, ivory: the digits on each rack (any iterable of ints 1..9, stored as frozensets).
        to_move: the side that drafts next.
        auto_claim: True if a fifteen ends the round by itself (casual play).
        result: for ``auto_claim=True`` leave it None: it is worked out from the racks.
            With manual claims it records a claim, forfeit or declined last claim.

    Raises :class:`~fifteen_kit.errors.NotationError` for racks that share a digit,
    hold something other than 1..9, or could not have arisen in play (wrong draft
    counts for the side to move, the side to move already holding a fifteen).

    >>> r = Round(onyx={2, 5}, ivory={4}, to_move=Side.IVORY)
    >>> sorted(r.pool), r.first
    ([1, 3, 6, 7, 8, 9], <Side.ONYX: 'O'>)
    """

    onyx: frozenset[int] = field(default_factory=frozenset)
    ivory: frozenset[int] = field(default_factory=frozenset)
    to_move: Side = Side.ONYX
    auto_claim: bool = True
    result: RoundResult | None = None

    # -- construction and validation -------------------------------------------------
    def __post_init__(self) -> None:
        racks: list[frozenset[int]] = []
        for name in ("onyx", "ivory"):
            raw = getattr(self, name)
            digits = _check.items(raw, 9, f"the {name} rack", NotationError)
            for d in digits:
                _check.whole(d, 1, 9, f"each digit of the {name} rack", NotationError)
            rack = frozenset(digits)
            if len(rack) != len(digits):
                raise NotationError(f"the {name} rack names a digit twice", input=raw)
            object.__setattr__(self, name, rack)
            racks.append(rack)
        object.__setattr__(self, "to_move", Side.parse(self.to_move))
        _check.flag(self.auto_claim, "auto_claim")
        onyx, ivory = racks
        if onyx & ivory:
            raise NotationError(
                f"digit {min(onyx & ivory)} is on both racks", input=(sorted(onyx), sorted(ivory))
            )
        mover, other = self.rack(self.to_move), self.rack(self.to_move.other)
        if len(other) - len(mover) not in (0, 1):
            raise NotationError(
                f"{self.to_move.title} cannot be to move with {len(mover)} digits against {len(other)}",
                input=(sorted(onyx), sorted(ivory), self.to_move.value),
            )
        if self.auto_claim and fifteen_in(mover) is not None:
            raise NotationError(
                f"{self.to_move.title} holds a fifteen and the round would already be over", input=sorted(mover)
            )
        object.__setattr__(self, "result", self._checked_result())

    def _checked_result(self) -> RoundResult | None:
        """The result to store: derived from the racks (auto claims) or the given one, validated."""
        res = self.result
        if res is not None and not isinstance(res, RoundResult):
            raise NotationError("a result must be a RoundResult or None", input=res)
        derived = self._derived_result() if self.auto_claim else None
        if derived is not None:
            if res is not None and res != derived:
                raise NotationError("the racks already decide the round; the result must match them", input=res)
            return derived
        if res is None:
            return None
        if not isinstance(res.reason, Reason) or not (res.winner is None or isinstance(res.winner, Side)):
            raise NotationError("a result has a Reason and a winning Side (or None)", input=res)
        last = self.last_drafter
        if res.reason is Reason.FIFTEEN:
            ok = (not self.auto_claim and res.winner is not None and res.winner is last
                  and res.triple in WINNING_TRIPLES and set(res.triple) <= self.rack(res.winner)
                  and res.flawless == (len(self.rack(res.winner)) == 3))
        elif res.reason is Reason.DRAW:
            ok = (not self.auto_claim and res.winner is None and self.drafts == 9
                  and res.triple is None and not res.flawless)
        elif res.reason is Reason.FALSE_CLAIM:
            ok = last is not None and res.winner is self.to_move and res.triple is None and not res.flawless
        else:  # time or default
            ok = res.winner is not None and res.triple is None and not res.flawless
        if not ok:
            raise NotationError(f"a result of {res.reason.value} cannot stand in this position", input=res)
        return res

    def _derived_result(self) -> RoundResult | None:
        last = self.to_move.other
        triple = fifteen_in(self.rack(last))
        if triple is not None:
            return RoundResult(last, Reason.FIFTEEN, triple, len(self.rack(last)) == 3)
        if len(self.onyx) + len(self.ivory) == 9:
            return RoundResult(None, Reason.DRAW)
        return None

    @classmethod
    def start(cls, first: Side | str = Side.ONYX, *, auto_claim: bool = True) -> Round:
        """The opening position: all nine digits in the pool, ``first`` to draft.

        >>> Round.start('I').notation()
        '-/- I'
        """
        return cls(to_move=Side.parse(first), auto_claim=auto_claim)

    # -- reading the position ----------------------------------------------------------
    def rack(self, side: Side) -> frozenset[int]:
        """The digits drafted by ``side`` (a Side or its letter).

        Raises NotationError for anything that is not a side.

        >>> sorted(Round.parse('25/13 O').rack('I'))
        [1, 3]
        """
        if side is Side.ONYX:
            return self.onyx
        if side is Side.IVORY:
            return self.ivory
        return self.rack(Side.parse(side, position=self.notation()))

    @property
    def pool(self) -> frozenset[int]:
        """The digits still in the shared pool."""
        return frozenset(DIGITS) - self.onyx - self.ivory

    @property
    def drafts(self) -> int:
        """How many digits have been drafted so far (plies played), 0..9."""
        return len(self.onyx) + len(self.ivory)

    @property
    def first(self) -> Side:
        """The side that drafted (or drafts) first in this round."""
        if len(self.onyx) == len(self.ivory):
            return self.to_move
        return self.to_move.other

    @property
    def last_drafter(self) -> Side | None:
        """The side that drafted last, or None before the first draft."""
        return None if self.drafts == 0 else self.to_move.other

    @property
    def is_over(self) -> bool:
        """True once the round has a result (win, forfeit or draw)."""
        return self.result is not None

    @property
    def winner(self) -> Side | None:
        """The side that won the round, or None (round still on, or a draw)."""
        return None if self.result is None else self.result.winner

    @property
    def awaiting_claim(self) -> bool:
        """Manual claims only: the pool is empty and the last drafter must claim or decline."""
        return not self.auto_claim and self.result is None and self.drafts == 9

    def fifteen(self, side: Side) -> tuple[int, int, int] | None:
        """Three of ``side``'s digits that sum to 15, or None (Law 2).

        >>> Round.parse('1248/369 I').fifteen(Side.ONYX) is None
        True
        """
        return fifteen_in(self.rack(side))

    def legal_moves(self) -> tuple[int, ...]:
        """The digits the side to move may draft, ascending; empty once the round is over.

        >>> Round.parse('5/2 O').legal_moves()
        (1, 3, 4, 6, 7, 8, 9)
        """
        if self.is_over or self.awaiting_claim:
            return ()
        return tuple(sorted(self.pool))

    # -- moves --------------------------------------------------------------------------
    def _drafted_digit(self, move: object) -> int:
        # The digit `move` drafts here; raises the error play raises (explain returns its message).
        if self.is_over:
            raise GameOverError("the round is over; no more drafts", input=_check.short(move),
                                position=self.notation())
        if self.awaiting_claim:
            raise GameOverError("the pool is empty; only a claim or a decline is left",
                                input=_check.short(move), position=self.notation())
        if isinstance(move, str):
            try:
                digit: object = Draft.parse(move).digit
            except NotationError as err:
                raise IllegalMoveError(err.message, input=_check.short(move), position=self.notation()) from None
        else:
            digit = move.digit if isinstance(move, Draft) else move
        value = _check.whole(digit, 1, 9, "a draft", IllegalMoveError, self.notation())
        if value not in self.pool:
            owner = Side.ONYX if value in self.onyx else Side.IVORY
            raise IllegalMoveError(
                f"{value} is no longer in the pool: {owner.title} drafted it", input=move, position=self.notation()
            )
        return value

    def explain(self, move: object) -> str | None:
        """Why drafting ``move`` is refused here, or None if it is legal (the engine contract).

        ``move`` is anything :meth:`play` is given: a digit, a :class:`Draft` or its text (``'7'``,
        ``'draft 7'``).  The reason is the message of the error :meth:`play` raises for it; nothing
        raises here.

        >>> r = Round().play(5)
        >>> r.explain(2) is None, r.explain('draft 2') is None
        (True, True)
        >>> r.explain(5)
        '5 is no longer in the pool: Onyx drafted it'
        >>> r.explain('x')
        'a draft is one digit from 1 to 9'
        """
        try:
            self._drafted_digit(move)
        except IllegalMoveError as err:
            return err.message
        return None

    def play(self, move: Move | str) -> Round:
        """Draft one digit for the side to move (Law 1) and return the new position.

        Args:
            move: a digit 1..9, a :class:`Draft` or its text (``'7'`` or ``'draft 7'``).

        Raises:
            GameOverError: the round is over (or only a claim is left to make).
            IllegalMoveError: the digit is not 1..9 or is no longer in the pool, or the text is
                not a draft; the message is what :meth:`explain` returns.

        >>> Round().play(5).play('2').notation()
        '5/2 O'
        >>> Round().play(5).play(5)
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.IllegalMoveError: 5 is no longer in the pool: Onyx drafted it (input: 5; position: 5/- I)
        """
        digit = self._drafted_digit(move)
        side = self.to_move
        racks = {Side.ONYX: self.onyx, Side.IVORY: self.ivory}
        racks[side] = racks[side] | {digit}
        return Round(racks[Side.ONYX], racks[Side.IVORY], side.other, self.auto_claim)

    def claim(self, side: Side, digits: Iterable[int] | Claim, *,
              wrong_statement: WrongStatementReading = "void") -> Round:
        """``side`` calls "Fifteen!" naming some of its digits (rulebook 2.4 phase 3, 2.7, Law 2).

        Only the side that drafted last may claim, while the round is on.  The claim
        is judged by ``side``'s rack:

        * it names three different digits of the rack that sum to 15: ``side`` wins
          (flawless if that rack holds exactly three digits);
        * the rack holds no three digits summing to 15: a *false claim*, whatever was
          named (two digits such as 9+6, four such as 1+2+4+8, digits not held):
          ``side`` forfeits the round (2.7);
        * the rack holds a fifteen but the claim names something else: a *wrong
          statement*.  ``wrong_statement="void"`` (default) raises
          :class:`~fifteen_kit.errors.WrongStatementError` and the position stays as
          it is; ``"false"`` treats it as a false claim.

        Args:
            side: the claimant.
            digits: the digits named: 1 to 9 whole numbers 1..9 (a list, tuple, set,
                generator or :class:`Claim`).
            wrong_statement: ``"void"`` or ``"false"`` (see above; :data:`WrongStatementReading`).

        Raises:
            GameOverError: the round is already over.
            ClaimError: ``side`` did not draft last, or ``digits`` is not 1 to 9 digits 1..9.
            WrongStatementError: a wrong statement under ``wrong_statement="void"``.
            InvalidArgumentError: ``wrong_statement`` is not ``"void"`` or ``"false"``.

        >>> r = Round.start(auto_claim=False).play(2).play(1).play(5).play(3).play(8)
        >>> r.claim(Side.ONYX, [2, 5, 8]).winner
        <Side.ONYX: 'O'>
        >>> try:
        ...     r.claim(Side.ONYX, [2, 5, 9])
        ... except WrongStatementError as err:
        ...     print(err.message)
        Onyx holds a fifteen but named 2+5+9: a wrong statement does not count
        >>> r.claim(Side.ONYX, [2, 5, 9], wrong_statement="false").result.reason.value
        'false claim'
        """
        named = digits.digits if isinstance(digits, Claim) else digits
        _check.choice(wrong_statement, ("void", "false"), "wrong_statement")
        side = Side.parse(side, position=self.notation())
        if self.is_over:
            raise GameOverError("the round is over; no claim can be made", input=digits, position=self.notation())
        if self.last_drafter is not side:
            raise ClaimError(
                f"only the player who just drafted may claim, and that is not {side.title}",
                input=digits, position=self.notation(),
            )
        values = _check.items(named, 9, "a claim", ClaimError, self.notation())
        if not values:
            raise ClaimError("a claim names at least one digit", input=digits, position=self.notation())
        for d in values:
            _check.whole(d, 1, 9, "each digit of a claim", ClaimError, self.notation())
        rack = self.rack(side)
        if self.fifteen(side) is None:
            return replace(self, result=RoundResult(side.other, Reason.FALSE_CLAIM))
        triple = tuple(sorted(values))
        if triple in WINNING_TRIPLES and set(triple) <= rack:
            return replace(self, result=RoundResult(side, Reason.FIFTEEN, triple, len(rack) == 3))
        if wrong_statement == "false":
            return replace(self, result=RoundResult(side.other, Reason.FALSE_CLAIM))
        text = "+".join(map(str, triple))
        raise WrongStatementError(f"{side.title} holds a fifteen but named {text}: a wrong statement does not count",
                                  input=digits, position=self.notation())

    def open_lines(self, side: Side) -> tuple[tuple[int, int, int], ...]:
        """The winning triples ``side`` could still complete: none of their digits is the opponent's.

        Used for defensive lockouts (rulebook 1.4): a side with no open line can no longer win.

        >>> Round.parse('5/2 O').open_lines(Side.IVORY)
        ((1, 6, 8), (2, 4, 9), (2, 6, 7), (3, 4, 8))
        """
        side = Side.parse(side, position=self.notation())
        theirs = self.rack(side.other)
        return tuple(t for t in WINNING_TRIPLES if not theirs.intersection(t))

    def decline_claim(self) -> Round:
        """Manual claims, empty pool: the last drafter makes no claim, so the round is drawn.

        Raises :class:`~fifteen_kit.errors.GameOverError` unless :attr:`awaiting_claim`.

        >>> r = Round.parse('13567/2489 I manual')
        >>> r.awaiting_claim, r.decline_claim().result.reason.value
        (True, 'draw')
        """
        if not self.awaiting_claim:
            raise GameOverError("there is no pending last claim to decline", input=None, position=self.notation())
        return replace(self, result=RoundResult(None, Reason.DRAW))

    def forfeit(self, side: Side, reason: Reason) -> Round:
        """``side`` loses the round by ``reason`` (``Reason.TIME`` or ``Reason.DEFAULT``).

        Raises GameOverError if the round is over, InvalidArgumentError for another reason.

        >>> Round().play(5).forfeit(Side.IVORY, Reason.TIME).winner
        <Side.ONYX: 'O'>
        """
        side = Side.parse(side, position=self.notation())
        if reason not in (Reason.TIME, Reason.DEFAULT):
            raise InvalidArgumentError("a forfeit is for time or by default", input=reason, position=self.notation())
        if self.is_over:
            raise GameOverError("the round is already over", input=reason, position=self.notation())
        return replace(self, result=RoundResult(side.other, reason))

    # -- the tic-tac-toe twin ------------------------------------------------------------
    def to_grid(self) -> tuple[tuple[Side | None, ...], ...]:
        """The round as a tic-tac-toe grid: each magic-square cell shows who drafted its digit.

        >>> g = Round.parse('5/2 O').to_grid()
        >>> g[1][1], g[0][0], g[2][2]
        (<Side.ONYX: 'O'>, <Side.IVORY: 'I'>, None)
        """
        return tuple(
            tuple(
                Side.ONYX if d in self.onyx else Side.IVORY if d in self.ivory else None for d in row
            )
            for row in MAGIC_SQUARE
        )

    @classmethod
    def from_grid(cls, grid: Iterable[Iterable[Side | str | None]], to_move: Side | str | None = None) -> Round:
        """The round whose tic-tac-toe grid is ``grid`` (cells Side, 'O', 'I', None, '.' or '-').

        ``to_move`` may be left out when the mark counts decide it (unequal counts).

        Raises NotationError for a grid that is not 3x3 or has other marks.

        >>> Round.from_grid(['I..', '.O.', '...']).notation()
        '5/2 O'
        """
        rows = []
        for row in _check.items(grid, 3, "a grid", NotationError):
            if isinstance(row, str):
                row = list(row.replace(" ", ""))  # also reads the rows of grid_text()
            rows.append(_check.items(row, 3, "a grid row", NotationError))
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise NotationError("a grid has 3 rows of 3 cells", input=grid)
        racks: dict[Side, set[int]] = {Side.ONYX: set(), Side.IVORY: set()}
        for r, row in enumerate(rows):
            for c, mark in enumerate(row):
                if mark is None or mark in (".", "-", " "):
                    continue
                try:
                    side = Side.parse(mark)
                except NotationError:
                    raise NotationError(f"cell ({r}, {c}) holds {mark!r}, not O, I or empty", input=grid) from None
                racks[side].add(MAGIC_SQUARE[r][c])
        if to_move is None:
            n_o, n_i = len(racks[Side.ONYX]), len(racks[Side.IVORY])
            to_move = Side.ONYX if n_o <= n_i else Side.IVORY
        return cls(frozenset(racks[Side.ONYX]), frozenset(racks[Side.IVORY]), Side.parse(to_move))

    def grid_text(self) -> str:
        """The tic-tac-toe twin as three lines of text, ``.`` for a free cell.

        >>> print(Round.parse('5/2 O').grid_text())
        I . .
        . O .
        . . .
        """
        return "\n".join(" ".join(s.value if s else "." for s in row) for row in self.to_grid())

    # -- notation -------------------------------------------------------------------------
    def notation(self) -> str:
        """The position's compact text notation (see the module docstring); round-trips.

        >>> Round.parse('-/- I manual').notation()
        '-/- I manual'
        """
        text = f"{_rack_text(self.onyx)}/{_rack_text(self.ivory)} {self.to_move.value}"
        if not self.auto_claim:
            text += " manual"
        res = self.result
        if res is not None and not (self.auto_claim and res.reason in (Reason.FIFTEEN, Reason.DRAW)):
            winner, triple = res.winner, res.triple
            if res.reason is Reason.DRAW:
                text += " ="
            elif winner is None:  # _checked_result admits no other result without a winner
                raise AssertionError(f"a result of {res.reason.value} has a winner")
            elif res.reason is Reason.FIFTEEN:
                if triple is None:  # _checked_result admits no fifteen without its triple
                    raise AssertionError("a result of fifteen names its triple")
                text += f" +{winner.value}{''.join(map(str, triple))}"
            else:
                code = {Reason.FALSE_CLAIM: "x", Reason.TIME: "t", Reason.DEFAULT: "d"}[res.reason]
                text += f" {code}{winner.other.value}"
        return text

    @classmethod
    def parse(cls, text: str) -> Round:
        """The position written in ``text`` (inverse of :meth:`notation`).

        Raises :class:`~fifteen_kit.errors.NotationError` for malformed or impossible text.

        >>> Round.parse('  258/46   i ').notation()
        '258/46 I'
        >>> Round.parse('25/5 O')
        Traceback (most recent call last):
        ...
        fifteen_kit.errors.NotationError: digit 5 is on both racks (input: '25/5 O'; position: 25/5 O)
        """
        return _parse_round(cls, text)

    def key(self) -> tuple[int, int]:
        """The position as two 9-bit masks ``(side to move's digits, opponent's digits)``.

        This is the key of the solver's transposition table.

        >>> Round.parse('5/2 O').key()
        (16, 2)
        """
        return mask_of(self.rack(self.to_move)), mask_of(self.rack(self.to_move.other))

    def cell_owner(self, digit: int) -> Side | None:
        """Who drafted ``digit`` (None if it is still in the pool).

        >>> Round.parse('5/2 O').cell_owner(5)
        <Side.ONYX: 'O'>
        """
        cell_of(digit)  # validates
        if digit in self.onyx:
            return Side.ONYX
        if digit in self.ivory:
            return Side.IVORY
        return None


def _parse_round(cls: type[Round], text: str) -> Round:
    """:meth:`Round.parse`: the racks, the side to move, ``manual`` and a result code, each checked in turn."""
    if not isinstance(text, str):
        raise NotationError("a position is written as text like '258/46 O'", input=text)
    _check.text(text, MAX_TEXT, "a position", NotationError)
    words = text.split()
    if len(words) < 2 or words[0].count("/") != 1:
        raise NotationError("expected '<onyx rack>/<ivory rack> <side to move>', e.g. '258/46 O'",
                            input=text, position=text.strip())
    where = text.strip()
    racks: list[frozenset[int]] = []
    for part in words[0].split("/"):
        if part == "-":
            racks.append(frozenset())
        elif part and set(part) <= _DIGIT_CHARS:
            if len(set(part)) != len(part):
                raise NotationError(f"rack '{part}' names a digit twice", input=text, position=where)
            racks.append(frozenset(int(ch) for ch in part))
        else:
            raise NotationError(f"rack '{part}' is not digits 1..9 or '-'", input=text, position=where)
    try:
        to_move = Side.parse(words[1])
    except NotationError:
        raise NotationError(f"'{words[1]}' is not a side to move (O or I)", input=text, position=where) from None
    rest = words[2:]
    auto = True
    if rest and rest[0].lower() == "manual":
        auto, rest = False, rest[1:]
    if len(rest) > 1:
        raise NotationError(f"unexpected '{' '.join(rest)}'", input=text, position=where)
    try:
        base = cls(racks[0], racks[1], to_move, auto)
    except NotationError as err:
        raise NotationError(err.message, input=text, position=where) from None
    if not rest:
        return base
    if base.is_over:
        raise NotationError("the racks already end the round; no result code may follow", input=text,
                            position=where)
    code = rest[0]
    if code == "=":
        result = RoundResult(None, Reason.DRAW)
    elif len(code) >= 2 and code[0] in _RESULT_CODES and code[1] in "OI":
        side = Side.parse(code[1])
        reason = _RESULT_CODES[code[0]]
        if reason is Reason.FIFTEEN:
            named = code[2:]
            if named and not (len(named) == 3 and set(named) <= _DIGIT_CHARS):
                raise NotationError(f"'{code}' should name the three claimed digits, e.g. +O258",
                                    input=text, position=where)
            triple = fifteen_in(base.rack(side))
            if named:
                low, mid, high = sorted(int(ch) for ch in named)
                triple = (low, mid, high)
            result = RoundResult(side, reason, triple, len(base.rack(side)) == 3)
        elif len(code) == 2:
            result = RoundResult(side.other, reason)
        else:
            raise NotationError(f"'{code}' is not a result code", input=text, position=where)
    else:
        raise NotationError(f"'{code}' is not a result code (+X258, xX, tX, dX or =)", input=text, position=where)
    try:
        return replace(base, result=result)
    except NotationError as err:
        raise NotationError(err.message, input=text, position=where) from None
