"""Match play for the Game of 15: rounds, the ledger, claims, blind play, the blitz clock.

Rules, in the kit's words (rulebook 1.4, 2.2, 2.6, 2.7, 2.8, 2.9):

* **How a match is won.**  By default (``count="rounds"``, 2.6.1) the target counts
  *round victories*: "best of 5" is first to 3 rounds won, "best of 7" first to 4.
  A round is won by a fifteen, by the opponent's false claim, by time (blitz) or by
  the opponent's drafting violation.  With ``count="points"`` (2.8) the target is a
  number of *match points* in the ledger instead (any target of 1 or more).
* **The ledger** (2.7) is kept beside the round count in every match: +1 for a round
  victory, +1 bonus for a *flawless* win (a fifteen on the winner's own third
  draft), +1 to the opponent of a false claim (the forfeited round's point), 0 for a
  stalemate.
* **Who is crowned** (2.8 ends "highest overall score in the ledger"): by default the
  side that reaches the target wins (``champion="target"``); with
  ``champion="ledger"`` a rounds match, once a side reaches the target, goes to
  the side with more ledger points, a tie to the side that reached the target.
* **Turns.**  The first player of round 1 (2.2, ``first``) is chosen, drawn by a
  seeded coin flip (``"coin"``) or by a high tile (``"high_tile"``: each side draws
  one of the nine tiles unseen, the higher digit drafts first, and the tiles go back);
  after that the first draft alternates every round.  A stalemate gives no
  points and the round is replayed, which by the same alternation gives the other
  side the first draft.
* **Claims** (2.4 phase 3, 2.7).  Casual play claims fifteens automatically
  (``auto_claim=True``).  Otherwise a draft opens the drafter's turn: the drafter
  calls "Fifteen!" (:meth:`Match.claim`) or ends the turn (:meth:`Match.end_turn`,
  the "hit the clock" of blitz); the opponent may draft only then.  A claim made
  while holding no valid sum is a *false claim*: the round is forfeited
  (``false_claim="round"``, 2.7) or the match (``false_claim="match"``, 2.8).  A
  claim naming the wrong digits while holding a fifteen is a *wrong statement*: it
  does not count and ends the turn (``wrong_statement="void"``), or it is a false
  claim (``wrong_statement="false"``).
* **Blind play** (the memory variant printed under 2.6.1): claims are manual unless
  asked otherwise; naming a digit that is already drafted or is no digit 1..9 is a
  drafting violation that loses the match by default (``violation="match"``, 2.6.1
  read with 2.8) or only the round (``violation="round"``).  Outside blind play an
  impossible draft is refused (an :class:`~fifteen_kit.errors.IllegalMoveError`),
  as a real pool board cannot hold one.
* **Speed blitz** (2.6.3): each player has a time bank (seconds per round, 60 in the
  rulebook); :meth:`Match.tick` charges thinking time to the side that must act
  (the drafter while its turn is open), and an empty bank loses the round on time.
* **Touch and take** (2.9): a match has no undo.  ``practice=True`` makes a practice
  match whose moves can be taken back (:meth:`Match.undo`); blind play and blitz
  are never practice.
* **Achievements** (1.4), tallied in :attr:`Match.achievements`: *efficiency wins*
  (flawless rounds), *defensive lockouts* and *flawless match sets*.  A defensive
  lockout goes to the side whose draft, in a round that ends drawn with no fifteen
  on either rack, closed the opponent's last open line (a winning triple holding
  none of the drafter's digits) at a moment when its own lines were all closed
  already: that draft made the draw certain.  Every such stalemate has exactly one.
  A flawless match set is a match needing two or more round victories (or points),
  won, not by default, while the loser won no round.

A :class:`Match` is a mutable wrapper around a history of immutable
:class:`MatchState` values, so :meth:`Match.undo` (practice) is exact.  It keeps a
full log in the rulebook's terms.

>>> m = Match(target=1, first=Side.ONYX)
>>> for d in (2, 1, 5, 3, 8):
...     m.draft(d)
>>> m.scores, m.round_wins[Side.ONYX], m.winner
({<Side.ONYX: 'O'>: 2, <Side.IVORY: 'I'>: 0}, 1, <Side.ONYX: 'O'>)
>>> m.log[-2].text
'Onyx makes fifteen: 2+5+8 (flawless, on the third draft): +1, bonus +1'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from .. import _check
from ..chance import Seed, make_rng
from ..errors import (
    ClaimError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    WrongStatementError,
)
from ..options import Option
from .rules import Claim, Draft, Reason, Round, RoundResult, Side, WrongStatementReading

__all__ = ["MAX_INPUT", "OPTIONS", "READINGS", "Achievements", "ChampionReading", "CountReading",
           "FalseClaimReading", "FirstDrafter", "LogEntry",
           "Match", "MatchRules", "MatchState", "RoundRecord", "ViolationReading", "tally_text"]

#: The blitz clock counts in seconds; a bank with less than this left is empty (0.1 s ticks add up to
#: 1e-15 s, not to 0).
_CLOCK_RESOLUTION = 1e-6

# The setup choices of a match, each declared once (fifteen_kit.options): its values are a Literal alias,
# listed default first; the board's menus, the docs table and the tests' random choices are built from OPTIONS.
#: Who drafts first in round 1 (2.2): ``'O'`` (Onyx), ``'I'`` (Ivory), ``'coin'`` (a seeded coin flip) or
#: ``'high_tile'`` (each side draws a tile from the pool: the higher digit drafts first).
FirstDrafter = Literal["O", "I", "coin", "high_tile"]
#: What a match target counts: ``'rounds'`` (round victories, 2.6.1) or ``'points'`` (ledger points, 2.8).
CountReading = Literal["rounds", "points"]
#: Who is crowned: ``'target'`` (whoever reaches it) or ``'ledger'`` (2.8's highest score).
ChampionReading = Literal["target", "ledger"]
#: What a false claim loses: ``'round'`` (2.7) or ``'match'`` (2.8's match default).
FalseClaimReading = Literal["round", "match"]
#: What a blind drafting violation loses: ``'match'`` (2.6.1 with 2.8) or ``'round'``.
ViolationReading = Literal["match", "round"]

#: Every choice-valued setting of a match: name -> its :class:`~fifteen_kit.options.Option`.
OPTIONS: dict[str, Option[Any]] = {option.name: option for option in (
    Option.declare(FirstDrafter, {"O": "Onyx", "I": "Ivory", "coin": "Coin flip", "high_tile": "Draw a high tile"},
                   name="first", title="First", section="2.2",
                   help="Who drafts first in round 1 (new match): a side, a coin flip, or each side draws a tile "
                        "and the higher digit starts",
                   aliases={Side.ONYX: "O", Side.IVORY: "I", None: "coin", "onyx": "O", "ivory": "I"}),
    Option.declare(CountReading, {"rounds": "Round victories (2.6.1)", "points": "First to N points (2.8)"},
                   name="count", title="Count", section="2.6.1, 2.8",
                   help="What the match target counts: round victories (best of N) or ledger points"),
    Option.declare(ChampionReading, {"target": "first to the target (2.6.1)", "ledger": "ledger leader (2.8)"},
                   name="champion", title="Crowned", section="2.6.1, 2.8",
                   help="Who wins the match once a side reaches the target"),
    Option.declare(FalseClaimReading, {"round": "forfeits the round (2.7)", "match": "loses the match (2.8)"},
                   name="false_claim", title="False claim", section="2.7, 2.8",
                   help="What calling Fifteen! without a fifteen on the rack loses"),
    Option.declare(ViolationReading, {"match": "loses the match", "round": "loses the round"},
                   name="violation", title="Blind violation", section="2.6.1, 2.8",
                   help="What naming a taken digit or a non-digit in blind play loses"),
    Option.declare(WrongStatementReading, {"void": "does not count", "false": "is a false claim"},
                   name="wrong_statement", title="Wrong statement", section="2.4, 2.7",
                   help="What a claim naming the wrong digits, by a player who holds a fifteen, counts as"),
)}

#: The readings where rulebook sections 2.6.1, 2.7 and 2.8 disagree: option -> (default, alternative).
READINGS: dict[str, tuple[str, ...]] = {
    name: OPTIONS[name].choices for name in ("count", "champion", "false_claim", "violation", "wrong_statement")}


@dataclass(frozen=True)
class MatchRules:
    """The settings of a match (defaults: the literal readings, see the module docstring).

    Attributes:
        target: what wins the match (>= 1): round victories, or ledger points with ``count="points"``.
        auto_claim: fifteens end a round by themselves (casual play); None (default): True
            except in blind play, where players state their combination (False).
        blind: the blind variant (racks kept in memory, digits named).
        clock: seconds in each player's bank per round (speed blitz), or None.
        count: ``"rounds"`` (2.6.1, default) or ``"points"`` (2.8): what ``target`` counts.
        champion: ``"target"`` (default) or ``"ledger"`` (2.8's highest score; rounds matches only).
        false_claim: ``"round"`` (2.7, default: forfeit the round, +1 to the opponent) or
            ``"match"`` (2.8: match default).
        violation: blind drafting violation: ``"match"`` (default, match default) or ``"round"``.
        wrong_statement: ``"void"`` (default: the claim does not count) or ``"false"``.
        practice: a practice match with undo (no touch and take, 2.9); not with blind or clock.
        first: who drafts first in round 1 (2.2): ``"O"`` (default), ``"I"``, ``"coin"`` (a seeded coin
            flip) or ``"high_tile"`` (each side draws a tile; the higher digit drafts first).  A
            :class:`Side`, ``'onyx'``/``'ivory'`` or None (the coin) are accepted and stored as these.

    The choices are typed :data:`FirstDrafter`, :data:`CountReading`, :data:`ChampionReading`,
    :data:`FalseClaimReading`, :data:`ViolationReading` and
    :data:`~fifteen_kit.game_of_15.rules.WrongStatementReading`, each declared once in :data:`OPTIONS`
    (values, labels, default, section, help; checked by :meth:`fifteen_kit.options.Option.check`);
    :attr:`automatic_claims` is ``auto_claim`` once settled.

    Raises InvalidArgumentError (naming the setting and the accepted values) for a
    target below 1, a clock that is not a positive finite number, an unknown reading,
    a flag that is not True/False, or practice with blind play or a clock.

    >>> MatchRules.best_of(7).target
    4
    >>> MatchRules(blind=True).auto_claim
    False
    """

    target: int = 3
    auto_claim: bool | None = None
    blind: bool = False
    clock: float | None = None
    count: CountReading = "rounds"
    champion: ChampionReading = "target"
    false_claim: FalseClaimReading = "round"
    violation: ViolationReading = "match"
    wrong_statement: WrongStatementReading = "void"
    practice: bool = False
    first: FirstDrafter = "O"

    def __post_init__(self) -> None:
        _check.whole(self.target, 1, 10**6, "the match target")
        _check.flag(self.blind, "blind")
        if self.auto_claim is None:
            object.__setattr__(self, "auto_claim", not self.blind)
        _check.flag(self.auto_claim, "auto_claim")
        _check.flag(self.practice, "practice")
        if self.clock is not None:
            object.__setattr__(self, "clock", _check.seconds(self.clock, "the blitz clock", positive=True))
        for name, option in OPTIONS.items():
            object.__setattr__(self, name, option.check(getattr(self, name)))
        if self.practice and (self.blind or self.clock is not None):
            raise InvalidArgumentError("practice (with undo) is not for blind play or blitz: those are matches "
                                       "under touch and take (2.9)", input=(self.blind, self.clock))

    @classmethod
    def best_of(cls, rounds: int, **options: Any) -> MatchRules:
        """Rules for "best of ``rounds``" (odd): first to a majority of round victories (2.6.1).

        ``options`` are the other :class:`MatchRules` fields (not ``target``).
        Raises InvalidArgumentError unless ``rounds`` is odd and positive.

        >>> MatchRules.best_of(5).target, MatchRules.best_of(5).count
        (3, 'rounds')
        """
        if _check.whole(rounds, 1, None, "N of best of N") % 2 == 0:
            raise InvalidArgumentError("best of N needs an odd N, such as 5 or 7", input=rounds)
        allowed = {"auto_claim", "blind", "clock", "champion", "false_claim", "violation", "wrong_statement",
                   "practice", "first"}
        unknown = sorted(set(options) - allowed)
        if unknown:
            raise InvalidArgumentError(f"best_of takes {', '.join(sorted(allowed))}, not {', '.join(unknown)}",
                                       input=options)
        return cls(target=rounds // 2 + 1, count="rounds", **options)

    @classmethod
    def first_to_points(cls, points: int, **options: Any) -> MatchRules:
        """Rules for a points-target match (2.8): first to ``points`` ledger points.

        ``options`` are the other :class:`MatchRules` fields (not ``target`` or ``count``).
        Raises InvalidArgumentError unless ``points`` is a whole number of at least 1.

        >>> MatchRules.first_to_points(5).count
        'points'
        """
        _check.whole(points, 1, 10**6, "the points target")
        if "count" in options or "target" in options:
            raise InvalidArgumentError("first_to_points sets target and count itself", input=options)
        return cls(target=points, count="points", **options)

    @property
    def automatic_claims(self) -> bool:
        """``auto_claim`` as settled when the rules were made: never None (None means "not blind").

        >>> MatchRules(blind=True).automatic_claims, MatchRules().automatic_claims
        (False, True)
        """
        if self.auto_claim is None:  # __post_init__ settles it
            raise AssertionError("MatchRules.auto_claim is settled at construction")
        return self.auto_claim

    def describe(self) -> str:
        """The match format in words, e.g. ``'best of 5 (first to 3 rounds)'``.

        >>> MatchRules.first_to_points(4).describe()
        'first to 4 points'
        """
        if self.count == "points":
            return f"first to {self.target} point{'s' if self.target != 1 else ''}"
        if self.target == 1:
            return "single round"
        return f"best of {2 * self.target - 1} (first to {self.target} rounds)"


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: number, first drafter, drafts in order, result, ledger points, lockout.

    ``drafts`` is a tuple like ``('O5', 'I2', 'O8')``; ``points`` is ``(onyx, ivory)``;
    ``lockout`` is the side credited with a defensive lockout (drawn rounds only) or None.
    """

    number: int
    first: Side
    drafts: tuple[str, ...]
    result: RoundResult
    points: tuple[int, int]
    lockout: Side | None = None


@dataclass(frozen=True)
class Achievements:
    """One side's achievements in a match (rulebook 1.4).

    Attributes:
        round_wins: rounds won; efficiency_wins: rounds won by a fifteen on the third draft;
        defensive_lockouts: drawn rounds this side locked (module docstring);
        flawless_match_set: the match won without conceding a round.

    >>> Achievements(2, 1, 0, False).efficiency_wins
    1
    """

    round_wins: int
    efficiency_wins: int
    defensive_lockouts: int
    flawless_match_set: bool

    def __post_init__(self) -> None:
        _check.whole(self.round_wins, 0, None, "round_wins")
        _check.whole(self.efficiency_wins, 0, self.round_wins, "efficiency_wins (at most round_wins)")
        _check.whole(self.defensive_lockouts, 0, None, "defensive_lockouts")
        _check.flag(self.flawless_match_set, "flawless_match_set")


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

    ``scores`` (ledger points) and ``clock`` are ``(onyx, ivory)`` pairs (points; seconds left
    or None).  ``turn_open`` is True while the last drafter may still claim (manual claims);
    ``lockout`` is the side whose draft made this round's draw certain, if any.
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
    turn_open: bool = False
    lockout: Side | None = None

    @property
    def is_over(self) -> bool:
        """True once the match has a winner."""
        return self.winner is not None


def _pair_get(pair: tuple, side: Side):
    return pair[0] if side is Side.ONYX else pair[1]


def _pair_add(pair: tuple[int, int], side: Side, n: int) -> tuple[int, int]:
    return (pair[0] + n, pair[1]) if side is Side.ONYX else (pair[0], pair[1] + n)


def _first_drafter(first: FirstDrafter, rng: random.Random) -> tuple[Side, str]:
    """Who drafts first in round 1 under the choice ``first`` (2.2), and how it was decided, for the log.

    The coin is fair; for the high tile each side draws one of the nine tiles unseen (distinct, so no tie),
    the higher digit drafts first, and both go back before the round starts.
    """
    if first == "coin":
        return rng.choice([Side.ONYX, Side.IVORY]), "by the coin flip"
    if first == "high_tile":
        onyx, ivory = rng.sample(range(1, 10), 2)
        return (Side.ONYX if onyx > ivory else Side.IVORY), f"by the high tile: Onyx drew {onyx}, Ivory {ivory}"
    return Side(first), "by choice"


_DIGIT_TEXT = frozenset("123456789")
#: Longest text a blind draft or a claim may be (longer text is refused at once, unread).
MAX_INPUT = 200


class Match:
    """A match of rounds, with round victories, the ledger, a log and (practice) undo.

    Rulebook 2.2, 2.6, 2.7, 2.8, 2.9; the readings chosen where they disagree are in the
    module docstring and docs/rule_readings.md.

    Args:
        target: round victories to win (3 = best of 5, 4 = best of 7), or points with
            ``count="points"``; or pass ``rules``.
        first: who drafts first in round 1 (:data:`FirstDrafter`, 2.2): ``'O'``/``'I'`` (or a ``Side``),
            ``'coin'`` (or None) flips a seeded coin, ``'high_tile'`` has each side draw a tile.
        auto_claim, blind, clock, count, champion, false_claim, violation, wrong_statement,
            practice: see :class:`MatchRules`.
        rules: a :class:`MatchRules` instead of the separate options.
        seed: seed of the coin flip or the tile draw.
        position: start round 1 from this position (a :class:`Round` or its notation)
            instead of the empty pool, e.g. for puzzles; ``first`` is then ignored.

    Raises InvalidArgumentError or NotationError for bad settings; nothing is created.

    >>> m = Match(target=3, first=None, seed=4)
    >>> m.round.to_move in (Side.ONYX, Side.IVORY), m.round_number
    (True, 1)
    """

    def __init__(
        self,
        target: int = 3,
        first: Side | FirstDrafter | None = Side.ONYX,
        *,
        auto_claim: bool | None = None,
        blind: bool = False,
        clock: float | None = None,
        count: CountReading = "rounds",
        champion: ChampionReading = "target",
        false_claim: FalseClaimReading = "round",
        violation: ViolationReading = "match",
        wrong_statement: WrongStatementReading = "void",
        practice: bool = False,
        rules: MatchRules | None = None,
        seed: Seed = None,
        position: Round | str | None = None,
    ) -> None:
        if rules is None:
            rules = MatchRules(target=target, auto_claim=auto_claim, blind=blind, clock=clock, count=count,
                               champion=champion, false_claim=false_claim, violation=violation,
                               wrong_statement=wrong_statement, practice=practice, first=OPTIONS["first"].check(first))
        elif not isinstance(rules, MatchRules):
            raise InvalidArgumentError("rules must be a MatchRules", input=rules)
        else:
            options: dict[str, object] = dict(
                target=target, auto_claim=auto_claim, blind=blind, clock=clock, count=count, champion=champion,
                false_claim=false_claim, violation=violation, wrong_statement=wrong_statement, practice=practice)
            defaults = {f.name: f.default for f in fields(MatchRules)}
            given = {k: v for k, v in options.items() if not (type(v) is type(defaults[k]) and v == defaults[k])}
            if given:
                raise InvalidArgumentError("give either rules or the separate options, not both", input=given)
            chosen = OPTIONS["first"].check(first)
            if chosen != rules.first and chosen != OPTIONS["first"].default:
                if rules.first != OPTIONS["first"].default:
                    raise InvalidArgumentError("give first either in rules or as an argument, not both",
                                               input=(first, rules.first))
                rules = replace(rules, first=chosen)
        side, how = _first_drafter(rules.first, make_rng(seed))
        if position is None:
            start = Round.start(side, auto_claim=rules.automatic_claims)
            entry = LogEntry(1, None, f"Round 1: {side.title} drafts first ({how})")
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
            start = replace(position, auto_claim=rules.automatic_claims)
        except NotationError as err:
            raise InvalidArgumentError(err.message, input=position, position=position.notation()) from None
        if start.is_over:
            raise InvalidArgumentError("with automatic claims this position is already decided", input=position,
                                       position=position.notation())
        return start

    # -- reading ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        rw = self.round_wins
        on, iv = self.state.scores
        tail = "" if self.winner is None else f"; {self.winner.title} wins the match"
        return (f"Match(round {self.round_number}: {self.round.notation()}; rounds won Onyx {rw[Side.ONYX]}, "
                f"Ivory {rw[Side.IVORY]}; points {on}-{iv}; {self.rules.describe()}{tail})")

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
        """Ledger match points of each side (2.7: round +1, flawless bonus +1, false claim +1)."""
        return {Side.ONYX: self.state.scores[0], Side.IVORY: self.state.scores[1]}

    @property
    def round_wins(self) -> dict[Side, int]:
        """Round victories of each side (what "best of N" counts, 2.6.1).

        >>> Match().round_wins
        {<Side.ONYX: 'O'>: 0, <Side.IVORY: 'I'>: 0}
        """
        out = {Side.ONYX: 0, Side.IVORY: 0}
        for rec in self.state.records:
            if rec.result.winner is not None:
                out[rec.result.winner] += 1
        return out

    @property
    def achievements(self) -> dict[Side, Achievements]:
        """Each side's achievements so far (rulebook 1.4; definitions in the module docstring).

        >>> m = Match(target=1)
        >>> for d in (2, 1, 5, 3, 8):
        ...     m.draft(d)
        >>> m.achievements[Side.ONYX].efficiency_wins
        1
        """
        wins = self.round_wins
        out = {}
        for side in Side:
            eff = sum(1 for r in self.state.records if r.result.winner is side and r.result.flawless)
            locks = sum(1 for r in self.state.records if r.lockout is side)
            flawless_set = (self.winner is side and self.state.defaulted is None and self.rules.target >= 2
                            and wins[side.other] == 0)
            out[side] = Achievements(wins[side], eff, locks, flawless_set)
        return out

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
    def turn_open(self) -> bool:
        """Manual claims: True while the last drafter may still claim or end the turn."""
        return self.state.turn_open and not self.round.is_over and not self.is_over

    @property
    def can_undo(self) -> bool:
        """True if this is a practice match and there is an action to take back (2.9)."""
        return self.rules.practice and len(self._history) > 1

    @property
    def can_draft(self) -> bool:
        """True if the side to move may draft now (the round is on and no turn is open)."""
        return not self.is_over and not self.round.is_over and not self.turn_open

    @property
    def can_claim(self) -> bool:
        """True if the last drafter may call "Fifteen!" now (manual claims, its turn open)."""
        return not self.rules.auto_claim and self.turn_open

    @property
    def acting_side(self) -> Side | None:
        """The side that must act now (draft, or claim/end its turn), None once the round is over."""
        r = self.round
        if r.is_over or self.is_over:
            return None
        return r.last_drafter if self.turn_open else r.to_move

    # -- acting ---------------------------------------------------------------------------------
    def _position(self) -> str:
        return f"round {self.round_number}, {self.round.notation()}"

    def _check_playing(self, what: Any) -> None:
        if self.is_over:
            raise GameOverError("the match is over", input=what, position=self._position())
        if self.round.is_over:
            raise GameOverError("the round is over; start the next round first", input=what,
                                position=self._position())

    def _drafter(self) -> Side:
        """The side that drafted last in this round (its turn is open, or a claim is pending)."""
        side = self.round.last_drafter
        if side is None:
            raise IllegalMoveError("nobody has drafted yet in this round", input=None, position=self._position())
        return side

    def _push(self, state: MatchState) -> None:
        self._history.append(state)

    def draft(self, digit: int | str | Draft) -> None:
        """The side to move drafts ``digit`` (Law 1); a fifteen ends the round when auto-claiming.

        With manual claims the drafter's turn then stays open (claim or :meth:`end_turn`).
        In blind play, naming a taken or impossible digit (0, 10, 'x') is a drafting
        violation (see ``violation``) instead of an error.

        Args:
            digit: a whole number 1..9, its text (``'7'``, ``'draft 7'``) or a :class:`Draft`.

        Raises:
            GameOverError: the match or the round is over.
            IllegalMoveError: the drafter's turn is still open, or (not blind) the digit
                is not 1..9 or not in the pool.
            InvalidArgumentError: (blind) ``digit`` is not a number or text, or text over 200 characters.

        >>> m = Match()
        >>> m.draft(5); m.drafts
        ('O5',)
        """
        self._check_playing(digit)
        s = self.state
        if self.turn_open:
            raise IllegalMoveError(f"{self._drafter().title}'s turn is still open: claim Fifteen! or end "
                                   "the turn first", input=digit, position=self._position())
        side = s.round.to_move
        value = digit.digit if isinstance(digit, Draft) else digit
        if s.rules.blind:
            if isinstance(value, str):
                _check.text(value, MAX_INPUT, "a named digit", InvalidArgumentError, self._position())
                if value.strip() in _DIGIT_TEXT:
                    value = int(value.strip())
            elif not _check.is_whole(value):
                raise InvalidArgumentError("name a digit as a whole number or text", input=digit,
                                       position=self._position())
            if not isinstance(value, int) or value not in s.round.pool:
                why = "already drafted" if isinstance(value, int) and 1 <= value <= 9 else "not a digit 1..9"
                shown = value if isinstance(value, int) else repr(value.strip()[:20])
                self._violation(side, f"{side.title} named {shown}, {why}")
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
        lockout = s.lockout
        if lockout is None and not new_round.open_lines(side) and not new_round.open_lines(side.other):
            lockout = side  # this draft closed the opponent's last line after its own were closed
        state = replace(s, round=new_round, drafts=(*s.drafts, f"{side.value}{value}"), log=log,
                        turn_open=not s.rules.auto_claim and not new_round.is_over, lockout=lockout)
        self._push(_settle(state))

    def claim(self, digits: Any) -> None:
        """The player whose turn is open calls "Fifteen!" naming digits (2.4 phase 3, 2.7).

        Judged by the claimant's rack (see :meth:`Round.claim`): three of its digits
        summing to 15 win; a claim without holding a valid sum is a false claim
        (``false_claim``); a wrong statement while holding one does not count and
        ends the turn (``wrong_statement="void"``) or is a false claim (``"false"``).

        Args:
            digits: text such as ``'Fifteen! 2+5+8'`` or ``'2 5 8'``, or 1 to 9 whole
                numbers 1..9 (list, tuple, set, generator, :class:`Claim`).

        Raises:
            GameOverError: the match or round is over.
            ClaimError: claims are automatic in this match, no turn is open, or
                ``digits`` does not name 1 to 9 digits 1..9 (nothing changes).

        >>> m = Match(auto_claim=False)
        >>> for d in (2, 1, 5, 3, 8):
        ...     m.draft(d)
        ...     if not m.round.is_over and d != 8:
        ...         m.end_turn()
        >>> m.claim('2+5+8'); m.scores[Side.ONYX]
        2
        """
        self._check_playing(digits)
        s = self.state
        if s.rules.auto_claim:
            raise ClaimError("fifteens are claimed automatically in this match (auto_claim=True)", input=digits,
                             position=self._position())
        if not self.turn_open:
            raise ClaimError("only the player who just drafted may claim, before ending the turn",
                             input=digits, position=self._position())
        side = self._drafter()
        if isinstance(digits, str):
            _check.text(digits, MAX_INPUT, "a claim", ClaimError, self._position())
            try:
                named = Claim.parse(digits).digits
            except NotationError as err:
                raise ClaimError(err.message, input=digits, position=self._position()) from None
        else:
            source = digits.digits if isinstance(digits, Claim) else digits
            named = tuple(_check.items(source, 9, "a claim", ClaimError, self._position()))
        shown = "+".join(str(d) for d in named) if all(isinstance(d, int) for d in named) else repr(named)
        try:
            new_round = s.round.claim(side, named, wrong_statement=s.rules.wrong_statement)
        except WrongStatementError:
            log = (*s.log, LogEntry(s.number, side, f"{side.title} calls Fifteen! {shown}"),
                   LogEntry(s.number, side, f"Wrong statement: {side.title} holds a fifteen but named other "
                                            "digits; the claim does not count and the turn ends"))
            state = replace(s, log=log, turn_open=False)
            if s.round.awaiting_claim:
                state = replace(state, round=s.round.decline_claim())
            self._push(_settle(state))
            return
        except IllegalMoveError as err:
            raise type(err)(err.message, input=digits, position=self._position()) from None
        log = (*s.log, LogEntry(s.number, side, f"{side.title} calls Fifteen! {shown}"))
        self._push(_settle(replace(s, round=new_round, log=log, turn_open=False)))

    def end_turn(self) -> None:
        """Manual claims: the drafter ends its open turn without a claim (2.4 phase 4).

        With the pool empty this declines the last claim, and the round is a stalemate.

        Raises GameOverError if the match or round is over, IllegalMoveError if no turn is open.

        >>> m = Match(auto_claim=False)
        >>> m.draft(5); m.acting_side
        <Side.ONYX: 'O'>
        >>> m.end_turn(); m.acting_side
        <Side.IVORY: 'I'>
        """
        self._check_playing(None)
        if not self.turn_open:
            raise IllegalMoveError("no turn is open: the side to move drafts", input=None, position=self._position())
        if self.round.awaiting_claim:
            self.decline_claim()
            return
        s = self.state
        side = self._drafter()
        log = (*s.log, LogEntry(s.number, side, f"{side.title} ends the turn"))
        self._push(replace(s, log=log, turn_open=False))

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
        side = self._drafter()
        log = (*s.log, LogEntry(s.number, side, f"{side.title} makes no claim"))
        self._push(_settle(replace(s, round=new_round, log=log, turn_open=False)))

    def tick(self, seconds: float) -> None:
        """Speed blitz: charge ``seconds`` of thinking time to the side that must act now.

        That is the side to move, or the drafter while its turn is open (manual claims).
        When its bank reaches 0 the side loses the round on time.  Time is not a move.

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
        side = self.acting_side
        if side is None:  # _check_playing above: the round is on, so some side must act
            raise GameOverError("the round is over", input=seconds, position=self._position())
        left = _pair_get(s.clock, side) - spent
        if left < _CLOCK_RESOLUTION:  # a bank within a microsecond of 0 is empty (sums of float ticks drift)
            left = 0.0
        clock = (left, s.clock[1]) if side is Side.ONYX else (s.clock[0], left)
        state = replace(s, clock=clock)
        if left > 0:
            # Time passing is not a move: it amends the current state.
            self._history[-1] = state
            return
        log = (*s.log, LogEntry(s.number, side, f"{side.title}'s time runs out"))
        state = replace(state, round=s.round.forfeit(side, Reason.TIME), log=log, turn_open=False)
        self._push(_settle(state))

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
        drawn = s.round.result is not None and s.round.result.reason is Reason.DRAW
        replay = " (replay of the stalemate)" if drawn else ""
        log = (*s.log, LogEntry(number, None, f"Round {number}: {first.title} drafts first{replay}"))
        clock = None if s.rules.clock is None else (float(s.rules.clock), float(s.rules.clock))
        self._push(replace(s, round=Round.start(first, auto_claim=s.rules.automatic_claims), number=number,
                           drafts=(), log=log, clock=clock, turn_open=False, lockout=None))

    def undo(self) -> None:
        """Practice only: take back the last action (a draft, claim, end of turn or new round).

        Raises IllegalMoveError in a match (touch and take, 2.9) or when there is nothing to undo.

        >>> m = Match(practice=True)
        >>> m.draft(5); m.undo(); m.round.drafts
        0
        """
        if not self.rules.practice:
            raise IllegalMoveError("touch and take (2.9): a match has no undo; play a practice match "
                                   "(practice=True) to take moves back", input=None, position=self._position())
        if not self.can_undo:
            raise IllegalMoveError("there is nothing to undo", input=None, position=self._position())
        self._history.pop()

    # -- scoring ----------------------------------------------------------------------------------
    def _violation(self, side: Side, text: str) -> None:
        s = self.state
        new_round = s.round.forfeit(side, Reason.DEFAULT)
        whole_match = s.rules.violation == "match"
        verdict = "loses the match by default" if whole_match else "forfeits the round"
        log = (*s.log, LogEntry(s.number, side, f"{text}: a drafting violation; {side.title} {verdict}"))
        state = replace(s, round=new_round, log=log, defaulted=side if whole_match else None, turn_open=False)
        self._push(_settle(state))


def _settle(state: MatchState) -> MatchState:
    """Award points and round victories and close the match if the round in ``state`` has just ended (for
    :class:`Match`, which pushes the state it returns)."""
    res = state.round.result
    if res is None:
        return state
    n = state.number
    rules = state.rules
    entries: list[LogEntry] = []
    points = (0, 0)
    winner = None
    if res.reason is Reason.DEFAULT and state.defaulted is not None:
        winner = state.defaulted.other  # the round's winner: the violator's opponent
        entries.append(LogEntry(n, None, f"Match to {winner.title} by default"))
    elif res.winner is None:
        entries.append(LogEntry(n, None, "Stalemate: no points; the round is replayed with the start swapped"))
    else:
        w = res.winner
        if res.reason is Reason.FIFTEEN:
            gained = 2 if res.flawless else 1
            if res.triple is None:  # Round admits no fifteen without its triple
                raise AssertionError("a result of fifteen names its triple")
            how = "+".join(map(str, res.triple))
            verb = "makes fifteen" if rules.auto_claim else "wins with"
            extra = " (flawless, on the third draft): +1, bonus +1" if res.flawless else ": +1"
            entries.append(LogEntry(n, w, f"{w.title} {verb}: {how}{extra}"))
        elif res.reason is Reason.FALSE_CLAIM:
            gained = 1
            text = f"False claim: {w.other.title} forfeits the round, +1 to {w.title}"
            entries.append(LogEntry(n, w.other, text))
            if rules.false_claim == "match":
                winner = w
                state = replace(state, defaulted=w.other)
                entries.append(LogEntry(n, None, f"Match to {w.title} by default (false claim, 2.8)"))
        elif res.reason is Reason.DEFAULT:
            gained = 1
            entries.append(LogEntry(n, w, f"Round to {w.title} by the drafting violation: +1"))
        else:  # time
            gained = 1
            entries.append(LogEntry(n, w, f"Round to {w.title} on time: +1"))
        points = _pair_add((0, 0), w, gained)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    lockout = None
    if res.reason is Reason.DRAW and state.round.fifteen(Side.ONYX) is None \
            and state.round.fifteen(Side.IVORY) is None:
        lockout = state.lockout
        if lockout is not None:
            entries.append(LogEntry(n, lockout, f"Defensive lockout: {lockout.title} closed "
                                                f"{lockout.other.title}'s last line"))
    record = RoundRecord(n, state.round.first, state.drafts, res, points, lockout)
    records = (*state.records, record)
    if winner is None:
        if rules.count == "points":
            tally = scores
        else:
            wins = [sum(1 for r in records if r.result.winner is side) for side in (Side.ONYX, Side.IVORY)]
            tally = (wins[0], wins[1])
        for side in (Side.ONYX, Side.IVORY):
            if _pair_get(tally, side) >= rules.target:
                winner = side
        if (winner is not None and rules.champion == "ledger" and rules.count == "rounds"
                and _pair_get(scores, winner.other) > _pair_get(scores, winner)):
            entries.append(LogEntry(n, None, f"{winner.title} reached {rules.target} rounds, but "
                                             f"{winner.other.title} leads the ledger"))
            winner = winner.other
        if winner is not None:
            entries.append(LogEntry(n, None, f"Match to {winner.title}: rounds {tally_text(records)}, "
                                             f"points {scores[0]}-{scores[1]} (Onyx-Ivory)"))
    return replace(state, scores=scores, records=records, log=state.log + tuple(entries),
                   winner=winner, turn_open=False)


def tally_text(records: tuple[RoundRecord, ...]) -> str:
    """Round victories as ``'O-I'`` text from finished round records (such as :attr:`Match.records`).

    Raises InvalidArgumentError unless ``records`` is a collection of :class:`RoundRecord`.

    >>> tally_text(())
    '0-0'
    """
    rows = _check.items(records, 10**6, "records")
    for r in rows:
        if not isinstance(r, RoundRecord):
            raise InvalidArgumentError("records must be RoundRecord values (Match.records)",
                                       input=_check.short(r))
    on = sum(1 for r in rows if r.result.winner is Side.ONYX)
    iv = sum(1 for r in rows if r.result.winner is Side.IVORY)
    return f"{on}-{iv}"
