"""Match play for the Game of 15: rounds, points, claims, blind play and the blitz clock.

Rules, in the kit's words (rulebook 2.2, 2.6 and 2.7):

* A match is played to a *target* of match points: first to 3 for "best of 5",
  first to 4 for "best of 7" (any target of 1 or more is allowed).
* The first player of round 1 is chosen (or drawn by a seeded coin flip); after
  that the first draft alternates every round.  A stalemate gives no points and
  the round is replayed, which by the same alternation gives the other side the
  first draft.
* A round won with a fifteen gives +1; if the winner made it on its own third
  draft (the fewest possible) it is *flawless* and earns +1 more.
* A false claim of "Fifteen!" forfeits the round: +1 to the opponent.
* Casual play claims fifteens automatically (``auto_claim=True``); otherwise the
  drafter calls "Fifteen!" with three digits (:meth:`Match.claim`).
* Blind play (2.6.2): the players keep the racks in their heads; naming a digit
  that is already drafted or is no digit 1..9 loses the whole match by default.
  A blind claim naming digits the claimant does not hold is a false claim.
* Speed blitz (2.6.3): each player has a time bank (seconds per round, 60 in the
  rulebook); :meth:`Match.tick` charges thinking time to the side to move, and an
  empty bank loses the round on time (+1 to the opponent).

A :class:`Match` is a mutable wrapper around a history of immutable
:class:`MatchState` values, so :meth:`Match.undo` is exact.  It keeps a full
log in the rulebook's terms.

>>> m = Match(target=1, first=Side.ONYX)
>>> for d in (2, 1, 5, 3, 8):
...     m.draft(d)
>>> m.scores, m.winner
({<Side.ONYX: 'O'>: 2, <Side.IVORY: 'I'>: 0}, <Side.ONYX: 'O'>)
>>> m.log[-2].text
'Onyx makes fifteen: 2+5+8 (flawless, on the third draft): +1, bonus +1'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import _check
from ..chance import Seed, make_rng
from ..errors import ClaimError, GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from .rules import Claim, Draft, Reason, Round, RoundResult, Side

__all__ = ["LogEntry", "Match", "MatchRules", "MatchState", "RoundRecord"]


@dataclass(frozen=True)
class MatchRules:
    """The settings of a match.

    Attributes:
        target: match points needed to win the match (>= 1).
        auto_claim: fifteens end a round by themselves (casual play).
        blind: the blind variant (illegal digits lose the match by default).
        clock: seconds in each player's bank per round (speed blitz), or None.

    Raises InvalidArgumentError for a target below 1 or a clock that is not positive.

    >>> MatchRules.best_of(7).target
    4
    """

    target: int = 3
    auto_claim: bool = True
    blind: bool = False
    clock: float | None = None

    def __post_init__(self) -> None:
        _check.whole(self.target, 1, None, "the match target (points to win)")
        _check.flag(self.auto_claim, "auto_claim")
        _check.flag(self.blind, "blind")
        if self.clock is not None:
            object.__setattr__(self, "clock", _check.seconds(self.clock, "the blitz clock", positive=True))

    @classmethod
    def best_of(cls, rounds: int, **options: Any) -> MatchRules:
        """Rules for "best of ``rounds``" (odd): the target is a majority of the rounds.

        Raises InvalidArgumentError unless ``rounds`` is odd and positive.

        >>> MatchRules.best_of(5).target
        3
        """
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1 or rounds % 2 == 0:
            raise InvalidArgumentError("best of N needs an odd N, such as 5 or 7", input=rounds)
        unknown = sorted(set(options) - {"auto_claim", "blind", "clock"})
        if unknown:
            raise InvalidArgumentError(f"best_of takes auto_claim, blind and clock, not {', '.join(unknown)}",
                                       input=options)
        return cls(target=rounds // 2 + 1, **options)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: its number, who drafted first, the drafts in order, the result, the points.

    ``drafts`` is a tuple like ``('O5', 'I2', 'O8')``; ``points`` is ``(onyx, ivory)``.
    """

    number: int
    first: Side
    drafts: tuple[str, ...]
    result: RoundResult
    points: tuple[int, int]


@dataclass(frozen=True)
class LogEntry:
    """One line of the match log: round number, the side acting (or None) and the text.

    >>> LogEntry(1, Side.ONYX, 'Onyx drafts 5')
    LogEntry(round=1, side=<Side.ONYX: 'O'>, text='Onyx drafts 5')
    """

    round: int
    side: Side | None
    text: str


@dataclass(frozen=True)
class MatchState:
    """An immutable snapshot of a whole match (what :class:`Match` keeps a history of).

    ``scores`` and ``clock`` are ``(onyx, ivory)`` pairs (points; seconds left or None).
    """

    rules: MatchRules
    round: Round
    number: int
    drafts: tuple[str, ...] = ()
    scores: tuple[int, int] = (0, 0)
    records: tuple[RoundRecord, ...] = ()
    log: tuple[LogEntry, ...] = ()
    clock: tuple[float, float] | None = None
    winner: Side | None = None
    defaulted: Side | None = None

    @property
    def is_over(self) -> bool:
        """True once the match has a winner."""
        return self.winner is not None


def _pair_get(pair: tuple, side: Side):
    return pair[0] if side is Side.ONYX else pair[1]


def _pair_add(pair: tuple[int, int], side: Side, n: int) -> tuple[int, int]:
    return (pair[0] + n, pair[1]) if side is Side.ONYX else (pair[0], pair[1] + n)


class Match:
    """A match of rounds, with scores, a log and undo (rulebook 2.2, 2.6, 2.7, 2.8).

    Args:
        target: match points to win (3 = best of 5, 4 = best of 7); or pass ``rules``.
        first: who drafts first in round 1; None flips a seeded coin.
        auto_claim, blind, clock: see :class:`MatchRules`.
        rules: a :class:`MatchRules` instead of the separate options.
        seed: seed of the coin flip for ``first=None``.
        position: start round 1 from this position (a :class:`Round` or its notation)
            instead of the empty pool, e.g. for puzzles; ``first`` is then ignored.

    >>> m = Match(target=3, first=None, seed=4)
    >>> m.round.to_move in (Side.ONYX, Side.IVORY), m.round_number
    (True, 1)
    """

    def __init__(
        self,
        target: int = 3,
        first: Side | str | None = Side.ONYX,
        *,
        auto_claim: bool = True,
        blind: bool = False,
        clock: float | None = None,
        rules: MatchRules | None = None,
        seed: Seed = None,
        position: Round | str | None = None,
    ) -> None:
        if rules is None:
            rules = MatchRules(target=target, auto_claim=auto_claim, blind=blind, clock=clock)
        elif not isinstance(rules, MatchRules):
            raise InvalidArgumentError("rules must be a MatchRules", input=rules)
        elif (target, auto_claim, blind, clock) != (3, True, False, None):
            raise InvalidArgumentError("give either rules or the separate options, not both",
                                       input=(target, auto_claim, blind, clock))
        rng = make_rng(seed)
        if first is None:
            first = rng.choice([Side.ONYX, Side.IVORY])
            how = "by the coin flip"
        else:
            first = Side.parse(first)
            how = "by choice"
        if position is None:
            start = Round.start(first, auto_claim=rules.auto_claim)
            entry = LogEntry(1, None, f"Round 1: {first.title} drafts first ({how})")
        else:
            start = self._starting_position(position, rules)
            entry = LogEntry(1, None, f"Round 1 starts from {start.notation()}: {start.to_move.title} to draft")
        self._history: list[MatchState] = [
            MatchState(
                rules=rules,
                round=start,
                number=1,
                log=(entry,),
                clock=None if rules.clock is None else (float(rules.clock), float(rules.clock)),
            )
        ]

    @staticmethod
    def _starting_position(position: Round | str, rules: MatchRules) -> Round:
        if isinstance(position, str):
            position = Round.parse(position)
        if not isinstance(position, Round):
            raise InvalidArgumentError("a starting position is a Round or its notation", input=position)
        if position.is_over or position.awaiting_claim:
            raise InvalidArgumentError("the starting position must be a round still in play", input=position,
                                       position=position.notation())
        try:
            start = replace(position, auto_claim=rules.auto_claim)
        except NotationError as err:
            raise InvalidArgumentError(err.message, input=position, position=position.notation()) from None
        if start.is_over:
            raise InvalidArgumentError("with automatic claims this position is already decided", input=position,
                                       position=position.notation())
        return start

    # -- reading ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        on, iv = self.state.scores
        tail = f"; {self.winner.title} wins the match" if self.is_over else ""
        return (f"Match(round {self.round_number}: {self.round.notation()}; Onyx {on}, Ivory {iv}; "
                f"first to {self.rules.target}{tail})")

    @property
    def state(self) -> MatchState:
        """The current :class:`MatchState`."""
        return self._history[-1]

    @property
    def rules(self) -> MatchRules:
        """The match's :class:`MatchRules`."""
        return self.state.rules

    @property
    def round(self) -> Round:
        """The current round's position."""
        return self.state.round

    @property
    def round_number(self) -> int:
        """The current round's number, from 1 (a replayed stalemate gets the next number)."""
        return self.state.number

    @property
    def scores(self) -> dict[Side, int]:
        """Match points of each side."""
        return {Side.ONYX: self.state.scores[0], Side.IVORY: self.state.scores[1]}

    @property
    def clock(self) -> dict[Side, float] | None:
        """Seconds left in each side's blitz bank this round, or None without a clock."""
        c = self.state.clock
        return None if c is None else {Side.ONYX: c[0], Side.IVORY: c[1]}

    @property
    def records(self) -> tuple[RoundRecord, ...]:
        """Every finished round, in order."""
        return self.state.records

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The full match log, oldest first."""
        return self.state.log

    @property
    def drafts(self) -> tuple[str, ...]:
        """The current round's drafts in order, e.g. ``('O5', 'I2')``."""
        return self.state.drafts

    @property
    def winner(self) -> Side | None:
        """The side that won the match, or None while it goes on."""
        return self.state.winner

    @property
    def is_over(self) -> bool:
        """True once the match is decided."""
        return self.state.is_over

    @property
    def can_undo(self) -> bool:
        """True if there is an action to undo."""
        return len(self._history) > 1

    # -- acting ---------------------------------------------------------------------------------
    def _position(self) -> str:
        return f"round {self.round_number}, {self.round.notation()}"

    def _check_playing(self, what: Any) -> None:
        if self.is_over:
            raise GameOverError("the match is over", input=what, position=self._position())
        if self.round.is_over:
            raise GameOverError("the round is over; start the next round first", input=what,
                                position=self._position())

    def _push(self, state: MatchState) -> None:
        self._history.append(state)

    def draft(self, digit: int | str | Draft) -> None:
        """The side to move drafts ``digit`` (Law 1); a fifteen ends the round when auto-claiming.

        In blind play, naming a taken or impossible digit loses the match by
        default instead of raising.

        Raises:
            GameOverError: the match or the round is over.
            IllegalMoveError: (not blind) the digit is not 1..9 or not in the pool.

        >>> m = Match()
        >>> m.draft(5); m.drafts
        ('O5',)
        """
        self._check_playing(digit)
        s = self.state
        side = s.round.to_move
        value = digit.digit if isinstance(digit, Draft) else digit
        if s.rules.blind:
            if isinstance(value, str) and value.strip() in {str(d) for d in range(1, 10)}:
                value = int(value.strip())
            elif not isinstance(value, (int, str)) or isinstance(value, bool):
                raise InvalidArgumentError("name a digit as a number or text", input=digit, position=self._position())
            if not isinstance(value, int) or value not in s.round.pool:
                why = "already drafted" if isinstance(value, int) and 1 <= value <= 9 else "not a digit 1..9"
                self._default(side, f"{side.title} named {digit!r}, {why}: loses the match by default")
                return
        elif isinstance(value, str):
            try:
                value = Draft.parse(value).digit
            except ValueError:
                raise IllegalMoveError("a draft is one digit from 1 to 9", input=digit,
                                       position=self._position()) from None
        try:
            new_round = s.round.play(value)
        except IllegalMoveError as err:
            raise type(err)(err.message, input=digit, position=self._position()) from None
        log = (*s.log, LogEntry(s.number, side, f"{side.title} drafts {value}"))
        state = replace(s, round=new_round, drafts=(*s.drafts, f"{side.value}{value}"), log=log)
        self._push(self._settle(state))

    def claim(self, digits: Any) -> None:
        """The player who just drafted calls "Fifteen!" naming three digits (2.4 phase 3, 2.7).

        A true claim wins the round; a false one forfeits it.

        Raises:
            GameOverError: the match or round is over.
            ClaimError: nobody has drafted yet, or (not blind) the claim does not
                name three different digits of the claimant's rack.

        >>> m = Match(auto_claim=False)
        >>> for d in (2, 1, 5, 3, 8):
        ...     m.draft(d)
        >>> m.round.is_over
        False
        >>> m.claim('2+5+8'); m.scores[Side.ONYX]
        2
        """
        self._check_playing(digits)
        s = self.state
        side = s.round.last_drafter
        if side is None:
            raise ClaimError("nobody has drafted yet, so nobody can claim", input=digits, position=self._position())
        if isinstance(digits, str):
            try:
                named = Claim.parse(digits).digits
            except NotationError as err:
                raise ClaimError(err.message, input=digits, position=self._position()) from None
        else:
            source = digits.digits if isinstance(digits, Claim) else digits
            named = tuple(_check.items(source, 9, "a claim", ClaimError, self._position()))
        try:
            new_round = s.round.claim(side, named)
        except IllegalMoveError as err:
            blind_miss = (
                s.rules.blind
                and len(named) == 3
                and len(set(named)) == 3
                and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 9 for d in named)
            )
            if not blind_miss:
                raise type(err)(err.message, input=digits, position=self._position()) from None
            new_round = replace(s.round, result=RoundResult(side.other, Reason.FALSE_CLAIM))
        text = "+".join(str(d) for d in sorted(named))
        log = (*s.log, LogEntry(s.number, side, f"{side.title} calls Fifteen! {text}"))
        self._push(self._settle(replace(s, round=new_round, log=log)))

    def decline_claim(self) -> None:
        """Manual claims, pool empty: the last drafter makes no claim; the round is a stalemate.

        Raises GameOverError unless a last claim is pending.
        """
        self._check_playing(None)
        s = self.state
        try:
            new_round = s.round.decline_claim()
        except GameOverError as err:
            raise GameOverError(err.message, input=None, position=self._position()) from None
        side = s.round.last_drafter
        log = (*s.log, LogEntry(s.number, side, f"{side.title} makes no claim"))
        self._push(self._settle(replace(s, round=new_round, log=log)))

    def tick(self, seconds: float) -> None:
        """Speed blitz: charge ``seconds`` of thinking time to the side that must act now.

        When its bank reaches 0 the side loses the round on time.  Time that
        passes without a forfeit is not a move: undo does not give it back.

        Raises:
            InvalidArgumentError: the match has no clock, or ``seconds`` is negative or not a number.
            GameOverError: the match or round is over.

        >>> m = Match(clock=60)
        >>> m.tick(59.5); m.clock[Side.ONYX]
        0.5
        >>> m.tick(1); m.round.result.reason.value, m.scores[Side.IVORY]
        ('time', 1)
        """
        s = self.state
        if s.clock is None:
            raise InvalidArgumentError("this match has no blitz clock", input=seconds, position=self._position())
        spent = _check.seconds(seconds, "thinking time", positive=False, position=self._position())
        self._check_playing(seconds)
        if spent == 0:
            return
        # The clock runs for whoever must act: the side to move, or the last drafter
        # while its final claim is pending (manual claims, empty pool).
        side = s.round.last_drafter if s.round.awaiting_claim else s.round.to_move
        left = max(0.0, _pair_get(s.clock, side) - spent)
        clock = (left, s.clock[1]) if side is Side.ONYX else (s.clock[0], left)
        state = replace(s, clock=clock)
        if left > 0:
            # Time passing is not a move: it amends the current state, so undo takes back moves only.
            self._history[-1] = state
            return
        log = (*s.log, LogEntry(s.number, side, f"{side.title}'s time runs out"))
        state = replace(state, round=s.round.forfeit(side, Reason.TIME), log=log)
        self._push(self._settle(state))

    @property
    def acting_side(self) -> Side | None:
        """The side that must act now (draft, or claim/decline at the end), None once the round is over."""
        r = self.round
        if r.is_over or self.is_over:
            return None
        return r.last_drafter if r.awaiting_claim else r.to_move

    def next_round(self) -> None:
        """Start the next round; the other side drafts first (a stalemate is replayed this way).

        Raises GameOverError if the match is over or the round is still on.

        >>> m = Match(target=3)
        >>> for d in (2, 1, 5, 3, 8):
        ...     m.draft(d)
        >>> m.next_round(); m.round_number, m.round.to_move.title
        (2, 'Ivory')
        """
        s = self.state
        if s.is_over:
            raise GameOverError("the match is over", input=None, position=self._position())
        if not s.round.is_over:
            raise GameOverError("the round is still being played", input=None, position=self._position())
        first = s.round.first.other
        number = s.number + 1
        replay = " (replay of the stalemate)" if s.round.result.reason is Reason.DRAW else ""
        log = (*s.log, LogEntry(number, None, f"Round {number}: {first.title} drafts first{replay}"))
        clock = None if s.rules.clock is None else (float(s.rules.clock), float(s.rules.clock))
        self._push(replace(s, round=Round.start(first, auto_claim=s.rules.auto_claim), number=number,
                           drafts=(), log=log, clock=clock))

    def undo(self) -> None:
        """Take back the last action (a draft, claim, decline, time forfeit or new round).

        Raises IllegalMoveError when there is nothing to undo.
        """
        if not self.can_undo:
            raise IllegalMoveError("there is nothing to undo", input=None, position=self._position())
        self._history.pop()

    # -- scoring ----------------------------------------------------------------------------------
    def _default(self, side: Side, text: str) -> None:
        s = self.state
        new_round = s.round.forfeit(side, Reason.DEFAULT)
        log = (*s.log, LogEntry(s.number, side, text))
        state = replace(s, round=new_round, log=log, defaulted=side)
        self._push(self._settle(state))

    def _settle(self, state: MatchState) -> MatchState:
        """Award points and close the match if the round in ``state`` has just ended."""
        res = state.round.result
        if res is None:
            return state
        n = state.number
        entries: list[LogEntry] = []
        points = (0, 0)
        winner = None
        if res.reason is Reason.DEFAULT:
            winner = res.winner
            entries.append(LogEntry(n, None, f"Match to {winner.title} by default"))
        elif res.winner is None:
            entries.append(LogEntry(n, None, "Stalemate: no points; the round is replayed with the start swapped"))
        else:
            w = res.winner
            if res.reason is Reason.FIFTEEN:
                gained = 2 if res.flawless else 1
                how = "+".join(map(str, res.triple))
                verb = "makes fifteen" if state.rules.auto_claim else "wins with"
                extra = " (flawless, on the third draft): +1, bonus +1" if res.flawless else ": +1"
                entries.append(LogEntry(n, w, f"{w.title} {verb}: {how}{extra}"))
            elif res.reason is Reason.FALSE_CLAIM:
                gained = 1
                text = f"False claim: {w.other.title} forfeits the round, +1 to {w.title}"
                entries.append(LogEntry(n, w.other, text))
            else:  # time
                gained = 1
                entries.append(LogEntry(n, w, f"Round to {w.title} on time: +1"))
            points = _pair_add((0, 0), w, gained)
        scores = (state.scores[0] + points[0], state.scores[1] + points[1])
        if winner is None:
            for side in (Side.ONYX, Side.IVORY):
                if _pair_get(scores, side) >= state.rules.target:
                    winner = side
            if winner is not None:
                entries.append(LogEntry(n, None, f"Match to {winner.title}, {scores[0]}-{scores[1]} (Onyx-Ivory)"))
        record = RoundRecord(n, state.round.first, state.drafts, res, points)
        return replace(state, scores=scores, records=(*state.records, record), log=state.log + tuple(entries),
                       winner=winner)

